/*
 * cairn_result_yaml_read - the YAML (and JSON) result schema, read back.
 *
 * The file is read through cairn_yaml into a tree (cairn_yaml_tree: at
 * most 64 levels deep, a scalar counting as a level; aliases refused),
 * which must be one document, then checked: the top level must be a
 * mapping with `format: cairn-result/1`, a `source` and `status:
 * ok|error`; each entry of `puzzles` must have an `id` and may have
 * `verdict`, `feedback` and `error`, and the optimal numbers (alice,
 * bob, diff, first_move, moves) and the stated answer (the `expected` of
 * each entry of `checks`) are kept for the HTML report; a submission's
 * `summary` has `points` (after a late penalty a decimal: 2.7, kept
 * exactly in 1/10000 of a point) and `max_points`; `owner`, `uid` and
 * `received` are kept when present, and `late`, a mapping with a `by`
 * text and a `penalty` (0.1), as doc/formats.md describes them.  Keys
 * this reader does not use (n, total, the rest of `summary`, keys added
 * by a later version) are skipped.  JSON results (NAME.result.json) take
 * the same path: the JSON writer's text is also YAML (flow collections,
 * double-quoted strings with only the escapes YAML shares with JSON, no
 * raw character YAML forbids), so libyaml reads it as it is.  libyaml's
 * errors and cairn_yaml's refusals are worded by
 * cairn_yaml_error_message(), as in every other reader.  A file of the
 * writer's own shape (most of them) is read without libyaml by
 * cairn_result_yaml_fast.c, to the same struct; anything else, errors
 * included, takes the path here.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_buf.h"
#include "cairn_mem.h"
#include "cairn_result_yaml_fast.h"
#include "cairn_result_yaml_read.h"
#include "cairn_yaml.h"
#include "cairn_yaml_tree.h"

/* yaml_error - y's error, in cairn_yaml's words, into err */
static int yaml_error(const struct cairn_yaml *y, char *err, size_t errlen)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	int rc = cairn_yaml_error_message(&y->error, &b);

	snprintf(err, errlen, "%s", b.data);
	cairn_buf_free(&b);
	return rc;
}

/* expect_event - consume one event of the given type */
static int expect_event(struct cairn_yaml *y, yaml_event_type_t type,
			char *err, size_t errlen)
{
	yaml_event_t ev;
	int rc;

	if (cairn_yaml_next(y, &ev) < 0)
		return yaml_error(y, err, errlen);
	rc = ev.type == type ? 0 : cairn_result_file_fail(err, errlen,
		"line %zu: a result file is one YAML document",
		ev.start_mark.line + 1);
	yaml_event_delete(&ev);
	return rc;
}

/* document - the one document of data as a tree */
static int document(const char *data, size_t len,
		    struct cairn_yaml_tree **root, char *err, size_t errlen)
{
	struct cairn_yaml y;
	yaml_event_t ev;
	int rc;

	*root = NULL;
	/* The writer never anchors; an anchor without an alias is harmless. */
	if (cairn_yaml_open(&y, data, len, CAIRN_YAML_ANCHORS_OK |
			    CAIRN_YAML_LEAF_LEVEL) < 0) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	if ((rc = expect_event(&y, YAML_STREAM_START_EVENT, err, errlen)) == 0 &&
	    (rc = expect_event(&y, YAML_DOCUMENT_START_EVENT, err, errlen)) == 0 &&
	    (cairn_yaml_next(&y, &ev) < 0 ||
	     cairn_yaml_tree_build(&y, &ev, root) < 0))
		rc = yaml_error(&y, err, errlen);
	if (rc == 0 &&
	    (rc = expect_event(&y, YAML_DOCUMENT_END_EVENT, err, errlen)) == 0)
		rc = expect_event(&y, YAML_STREAM_END_EVENT, err, errlen);
	cairn_yaml_close(&y);
	if (rc < 0) {
		cairn_yaml_tree_free(*root);
		*root = NULL;
	}
	return rc;
}

/* answer - "diff 5, moves LRL": the expected value of each check */
static char *answer(const struct cairn_yaml_tree *checks)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	const char *v;
	size_t i;

	for (i = 0; checks != NULL && checks->kind == CAIRN_YAML_TREE_MAP &&
		    i + 1 < checks->n; i += 2) {
		if (checks->kids[i]->kind != CAIRN_YAML_TREE_SCALAR ||
		    (v = cairn_yaml_tree_scalar(checks->kids[i + 1],
						"expected")) == NULL)
			continue;
		cairn_buf_addf(&b, "%s%s %s", b.len ? ", " : "",
			       checks->kids[i]->text, v);
	}
	if (b.len == 0) {
		cairn_buf_free(&b);
		return NULL;
	}
	return cairn_buf_steal(&b);
}

static int puzzle(struct cairn_result_file *r, const struct cairn_yaml_tree *nd,
		  size_t k, char *err, size_t errlen)
{
	struct cairn_result_puzzle *p = cairn_result_file_puzzle(r);
	char *verdict;
	int v;

	if (nd->kind != CAIRN_YAML_TREE_MAP)
		return cairn_result_file_fail(err, errlen, "line %lu: "
					      "puzzles[%zu] is not a mapping",
					      nd->line, k);
	if (cairn_yaml_tree_text(nd, "id", &p->id) < 0 || p->id == NULL ||
	    cairn_yaml_tree_text(nd, "feedback", &p->feedback) < 0 ||
	    cairn_yaml_tree_text(nd, "error", &p->error) < 0 ||
	    cairn_yaml_tree_text(nd, "verdict", &verdict) < 0)
		return cairn_result_file_fail(err, errlen, "line %lu: "
					      "puzzles[%zu]: id, verdict, "
					      "feedback and error must be "
					      "scalars, and id is required",
					      nd->line, k);
	v = cairn_result_file_verdict(verdict ? verdict : "");
	free(verdict);
	cairn_result_file_optimal(p, cairn_yaml_tree_scalar(nd, "alice"),
				  cairn_yaml_tree_scalar(nd, "bob"),
				  cairn_yaml_tree_scalar(nd, "diff"),
				  cairn_yaml_tree_scalar(nd, "first_move"),
				  cairn_yaml_tree_scalar(nd, "moves"));
	p->answer = answer(cairn_yaml_tree_get(nd, "checks"));
	if (v < 0)
		return cairn_result_file_fail(err, errlen, "line %lu: "
					      "puzzles[%zu]: unknown verdict",
					      nd->line, k);
	p->verdict = (enum cairn_verdict)v;
	return 0;
}

/* points - summary.points and max_points, when the summary has them */
static int points(struct cairn_result_file *r,
		  const struct cairn_yaml_tree *root, char *err, size_t errlen)
{
	const struct cairn_yaml_tree *sum, *p, *m;

	sum = cairn_yaml_tree_get(root, "summary");
	p = sum != NULL ? cairn_yaml_tree_get(sum, "points") : NULL;
	m = sum != NULL ? cairn_yaml_tree_get(sum, "max_points") : NULL;
	if (p == NULL && m == NULL)
		return 0;
	if (p == NULL || m == NULL || p->kind != CAIRN_YAML_TREE_SCALAR ||
	    m->kind != CAIRN_YAML_TREE_SCALAR ||
	    cairn_result_file_decimal(p->text, &r->points_e4) < 0 ||
	    cairn_result_file_count(m->text, &r->max_points) < 0 ||
	    r->max_points > CAIRN_RESULT_FILE_MAX_POINTS_E4)
		return cairn_result_file_fail(err, errlen, "line %lu: summary: "
					      "points must be a non-negative "
					      "number (at most 4 decimals) and "
					      "max_points a non-negative "
					      "integer", sum->line);
	r->weighted = 1;
	return 0;
}

/* origin - owner, uid and received, and late: {by, penalty} */
static int origin(struct cairn_result_file *r,
		  const struct cairn_yaml_tree *root, char *err, size_t errlen)
{
	const struct cairn_yaml_tree *uid, *late;
	uint64_t v;

	uid = cairn_yaml_tree_get(root, "uid");
	late = cairn_yaml_tree_get(root, "late");
	if (cairn_yaml_tree_text(root, "owner", &r->owner) < 0 ||
	    cairn_yaml_tree_text(root, "received", &r->received) < 0)
		return cairn_result_file_fail(err, errlen, "owner and received "
					      "must be scalars");
	if (uid != NULL) {
		if (uid->kind != CAIRN_YAML_TREE_SCALAR ||
		    cairn_result_file_count(uid->text, &v) < 0 ||
		    v > UINT32_MAX)
			return cairn_result_file_fail(err, errlen, "line %lu: "
						      "uid must be a non-negative "
						      "integer below 2^32",
						      uid->line);
		r->uid = (uint32_t)v;
		r->has_uid = 1;
	}
	if (late != NULL &&
	    (late->kind != CAIRN_YAML_TREE_MAP ||
	     cairn_yaml_tree_text(late, "by", &r->late_by) < 0 ||
	     r->late_by == NULL ||
	     cairn_yaml_tree_text(late, "penalty", &r->late_penalty) < 0 ||
	     cairn_result_file_penalty(r) < 0))
		return cairn_result_file_fail(err, errlen, "line %lu: late must "
					      "be a mapping with a scalar by "
					      "(and a penalty from 0 to 1)",
					      late->line);
	return cairn_result_file_received(r, "", err, errlen);
}

/* fields - what the document holds, checked */
static int fields(struct cairn_result_file *r,
		  const struct cairn_yaml_tree *root, char *err, size_t errlen)
{
	const struct cairn_yaml_tree *format, *status, *puzzles;
	size_t i;
	int rc;

	format = cairn_yaml_tree_get(root, "format");
	if (format == NULL || format->kind != CAIRN_YAML_TREE_SCALAR ||
	    strcmp(format->text, "cairn-result/1") != 0)
		return cairn_result_file_fail(err, errlen, "not a cairn result "
					      "file (no \"format: "
					      "cairn-result/1\")");
	status = cairn_yaml_tree_get(root, "status");
	if (status == NULL || status->kind != CAIRN_YAML_TREE_SCALAR ||
	    (strcmp(status->text, "ok") != 0 &&
	     strcmp(status->text, "error") != 0))
		return cairn_result_file_fail(err, errlen, "status must be ok or "
					      "error");
	if (cairn_yaml_tree_text(root, "source", &r->source) < 0 ||
	    r->source == NULL ||
	    cairn_yaml_tree_text(root, "error", &r->error) < 0 ||
	    cairn_yaml_tree_text(root, "problem_set", &r->problem_set) < 0 ||
	    cairn_yaml_tree_text(root, "submitter", &r->submitter) < 0)
		return cairn_result_file_fail(err, errlen, "source, error, "
					      "problem_set and submitter must "
					      "be scalars, and source is "
					      "required");
	if ((rc = origin(r, root, err, errlen)) < 0)
		return rc;
	if (strcmp(status->text, "error") == 0 && r->error == NULL)
		r->error = cairn_xstrdup("status: error");
	if (strcmp(status->text, "ok") == 0 && r->error != NULL)
		return cairn_result_file_fail(err, errlen, "status: ok with an "
					      "error");
	puzzles = cairn_yaml_tree_get(root, "puzzles");
	if (puzzles != NULL && puzzles->kind != CAIRN_YAML_TREE_SEQ)
		return cairn_result_file_fail(err, errlen, "puzzles is not a "
					      "sequence");
	for (i = 0; puzzles != NULL && i < puzzles->n; i++)
		if ((rc = puzzle(r, puzzles->kids[i], i, err, errlen)) < 0)
			return rc;
	return points(r, root, err, errlen);
}

int cairn_result_yaml_read(struct cairn_result_file *r, const char *data,
			   size_t len, char *err, size_t errlen)
{
	/* The writer's own shape, most files, at a fraction of the cost. */
	if (cairn_result_yaml_fast_read(r, data, len) == 0)
		return 0;
	return cairn_result_yaml_read_full(r, data, len, err, errlen);
}

int cairn_result_yaml_read_full(struct cairn_result_file *r, const char *data,
				size_t len, char *err, size_t errlen)
{
	struct cairn_yaml_tree *root;
	int rc;

	if ((rc = document(data, len, &root, err, errlen)) < 0)
		return rc;
	rc = fields(r, root, err, errlen);
	cairn_yaml_tree_free(root);
	return rc;
}
