/*
 * cairn_gradescope_meta - Gradescope's submission_metadata.json, read for
 * the arrival and the dates (doc/lms.md, "Gradescope").
 *
 * The file is JSON, which libyaml reads as a YAML flow document, so it
 * goes through cairn_yaml's checked reader like every other input and
 * nothing here parses text by hand.  Only `created_at`, the assignment's
 * `due_date` and `late_due_date` and the users' own `assignment` dates
 * are looked at: Gradescope writes a student's extension there, and a
 * group's submission is held to the latest dates any of its members
 * has, as the group may hand in until then.  A date that is null is
 * none (no late due date: Gradescope itself takes no work after the due
 * date); a date that is there but is no RFC 3339 time with an offset is
 * an error, never read as none, so that a changed format cannot pass
 * for "no due date".
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cairn_buf.h"
#include "cairn_gradescope_meta.h"
#include "cairn_time.h"
#include "cairn_yaml_tree.h"

/* fail - the reason into err; -1 */
static int fail(char *err, size_t errlen, const char *what, const char *key)
{
	snprintf(err, errlen, "%s%s", key, what);
	return -1;
}

/* prefix - put `where` before the reason in err; -1 */
static int prefix(char *err, size_t errlen, const char *where)
{
	char why[256];

	snprintf(why, sizeof why, "%s", err);
	snprintf(err, errlen, "%s%s", where, why);
	return -1;
}

/* tree - the one document of data as a tree, or NULL with err */
static struct cairn_yaml_tree *tree(const char *data, size_t len, char *err,
				    size_t errlen)
{
	struct cairn_yaml_tree *root = NULL;
	struct cairn_yaml y;
	yaml_event_t ev;
	int ok = 0;

	if (cairn_yaml_open(&y, data, len, CAIRN_YAML_UTF8) < 0) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	/* Stream and document start, then the root node. */
	for (int i = 0; i < 2; i++) {
		if (cairn_yaml_next(&y, &ev) < 0)
			goto out;
		yaml_event_delete(&ev);
	}
	if (cairn_yaml_next(&y, &ev) == 0 &&
	    cairn_yaml_tree_build(&y, &ev, &root) == 0)
		ok = 1;
out:
	if (!ok) {
		struct cairn_buf b = CAIRN_BUF_INIT;

		cairn_yaml_error_message(&y.error, &b);
		snprintf(err, errlen, "%s", b.len ? b.data : "not JSON");
		cairn_buf_free(&b);
	}
	cairn_yaml_close(&y);
	return root;
}

/*
 * date - key of map as a time into *ms and text (0), none when absent or
 * null (1), or -1 with err
 */
static int date(const struct cairn_yaml_tree *map, const char *key,
		int64_t *ms, char text[CAIRN_POLICY_TIME_TEXT], char *err,
		size_t errlen)
{
	const struct cairn_yaml_tree *v = cairn_yaml_tree_get(map, key);
	struct timespec t;
	size_t len;

	if (v == NULL || (v->kind == CAIRN_YAML_TREE_SCALAR &&
			  strcmp(v->text, "null") == 0))
		return 1;
	if (v->kind != CAIRN_YAML_TREE_SCALAR ||
	    (len = strlen(v->text)) >= CAIRN_POLICY_TIME_TEXT ||
	    cairn_time_parse_offset(v->text, len, &t) != 0)
		return fail(err, errlen, " is not an RFC 3339 time with an "
			    "offset", key);
	*ms = cairn_time_ms(&t);
	memcpy(text, v->text, len + 1);
	return 0;
}

/* later - take a's date key into the due (close: 0) or close of d if later */
static int later(const struct cairn_yaml_tree *a, const char *key, int close,
		 struct cairn_policy_ext *d, char *err, size_t errlen)
{
	char text[CAIRN_POLICY_TIME_TEXT];
	int64_t ms = 0;
	int rc = date(a, key, &ms, text, err, errlen);

	if (rc != 0)
		return rc < 0 ? -1 : 0;
	if (!close && (!d->has_due || ms > d->due_ms)) {
		d->has_due = 1;
		d->due_ms = ms;
		memcpy(d->due_text, text, sizeof text);
	} else if (close && (!d->has_close || ms > d->close_ms)) {
		d->has_close = 1;
		d->close_ms = ms;
		memcpy(d->close_text, text, sizeof text);
	}
	return 0;
}

/* dates - the submitters' own dates, else the assignment's, into d */
static int dates(const struct cairn_yaml_tree *root, struct cairn_policy_ext *d,
		 char *err, size_t errlen)
{
	const struct cairn_yaml_tree *users = cairn_yaml_tree_get(root, "users");
	const struct cairn_yaml_tree *a;
	int own = 0;

	for (size_t i = 0; users != NULL && users->kind == CAIRN_YAML_TREE_SEQ &&
			   i < users->n; i++) {
		a = cairn_yaml_tree_get(users->kids[i], "assignment");
		if (a == NULL || a->kind != CAIRN_YAML_TREE_MAP)
			continue;
		own = 1;
		if (later(a, "due_date", 0, d, err, errlen) < 0 ||
		    later(a, "late_due_date", 1, d, err, errlen) < 0)
			return prefix(err, errlen, "users[].assignment.");
	}
	if (own)
		return 0;
	a = cairn_yaml_tree_get(root, "assignment");
	if (a == NULL || a->kind != CAIRN_YAML_TREE_MAP)
		return fail(err, errlen, "no assignment", "");
	if (later(a, "due_date", 0, d, err, errlen) < 0 ||
	    later(a, "late_due_date", 1, d, err, errlen) < 0)
		return prefix(err, errlen, "assignment.");
	return 0;
}

int cairn_gradescope_meta_read(const char *data, size_t len,
			       struct cairn_gradescope_meta *m, char *err,
			       size_t errlen)
{
	struct cairn_yaml_tree *root = tree(data, len, err, errlen);
	const char *created;
	int rc = -1;

	memset(m, 0, sizeof *m);
	if (root == NULL)
		return -1;
	if (root->kind != CAIRN_YAML_TREE_MAP)
		fail(err, errlen, "not a JSON object", "");
	else if ((created = cairn_yaml_tree_scalar(root, "created_at")) == NULL)
		fail(err, errlen, "no created_at", "");
	else if (cairn_time_parse_offset(created, strlen(created),
					 &m->created_at) != 0)
		fail(err, errlen, " is not an RFC 3339 time with an offset",
		     "created_at");
	else
		rc = dates(root, &m->dates, err, errlen);
	cairn_yaml_tree_free(root);
	return rc;
}
