/*
 * cairn_yaml_policy - a problem set's `policy` mapping in the YAML reader
 * (and so in JSON too).
 *
 * The keys and the text of each value are cairn_policy_in's; here they
 * get their places.  Every fault in a policy is a file error, never a
 * puzzle's, so that a set with a bad policy is never used; only one
 * document of a file may have one.  Once the mapping is read, the rules
 * between its keys are checked, and a fault is put at the key that
 * cairn_policy_in_check() blames (doc/grading.md, "A course policy").
 * `extensions` is a mapping of its own: each key an owner's name (one
 * the spool could give: a login, or a uid in decimal), each value a
 * mapping with due and/or close, read as the policy's own.
 */
#include "config.h"

#include <string.h>

#include "cairn_mem.h"
#include "cairn_policy_in.h"
#include "cairn_yaml_policy.h"
#include "cairn_yaml_walk.h"

static const struct cairn_yaml_sink *const to_file =
	&cairn_yaml_ev_to_file;

/* What a policy mapping is read into: the keys given and their places. */
struct policy_node {
	struct cairn_policy *p;
	unsigned given;
	yaml_mark_t mark[CAIRN_POLICY_NKEYS];
};

static int policy_key(const char *name, size_t len, unsigned allowed)
{
	return cairn_policy_in_key(name, len);
}

/* ext_key - the keys of one owner's extension: due and close */
static int ext_key(const char *name, size_t len, unsigned allowed)
{
	int k = cairn_policy_in_key(name, len);

	(void)allowed;
	return k == CAIRN_POLICY_DUE || k == CAIRN_POLICY_CLOSE ? k : -1;
}

/* ext_entry - the due or close of one owner's extension */
static int ext_entry(struct cairn_yaml_ev *r, void *ctx, int key, yaml_event_t *e,
		     const struct cairn_yaml_path *path)
{
	struct cairn_policy_ext *x = ctx;
	struct cairn_policy t = { 0 };
	yaml_mark_t m = e->start_mark;
	char *why;
	int rc;

	rc = cairn_yaml_walk_need_scalar(r, e, cairn_policy_in_wants[key], to_file, path);
	if (rc <= 0)
		return rc;
	why = cairn_policy_in_value(&t, (enum cairn_policy_key)key, cairn_yaml_ev_text(e),
				    e->data.scalar.length);
	yaml_event_delete(e);
	if (why != NULL)
		return cairn_yaml_ev_fail_why(r, to_file, &m, path, why);
	if (key == CAIRN_POLICY_DUE) {
		x->has_due = 1;
		x->due_ms = t.due_ms;
		memcpy(x->due_text, t.due_text, sizeof x->due_text);
	} else {
		x->has_close = 1;
		x->close_ms = t.close_ms;
		memcpy(x->close_text, t.close_text, sizeof x->close_text);
	}
	return 0;
}

/* owner_name - the owner key k as a name, or why it cannot be one */
static int owner_name(struct cairn_yaml_ev *r, const yaml_event_t *k,
		      const struct cairn_yaml_path *path, const struct cairn_policy *p,
		      char name[CAIRN_OWNER_MAX + 1])
{
	const char *text = cairn_yaml_ev_text(k);
	size_t len = k->data.scalar.length;
	struct cairn_buf q = CAIRN_BUF_INIT;
	const char *why = NULL;
	int rc;

	if (len > CAIRN_OWNER_MAX || memchr(text, '\0', len) != NULL)
		why = "is not an owner name (a login name, or a uid in decimal)";
	else {
		memcpy(name, text, len);
		name[len] = '\0';
		if (!cairn_origin_owner_safe(name))
			why = "is not an owner name (a login name, or a uid in decimal)";
		else if (cairn_policy_ext_find(p, name) != NULL)
			why = "has an extension already";
	}
	if (why == NULL)
		return 0;
	cairn_yaml_quote(&q, text, len, CAIRN_YAML_QUOTE_MAX, CAIRN_YAML_ESCAPE_MESSAGE);
	rc = cairn_yaml_ev_fail(r, to_file, &k->start_mark, path, "%s %s", q.data, why);
	cairn_buf_free(&q);
	return rc < 0 ? -1 : 1;
}

/* extension - one owner's key k and its mapping, added to the policy */
static int extension(struct cairn_yaml_ev *r, void *ctx, yaml_event_t *k,
		     const struct cairn_yaml_path *path)
{
	struct cairn_policy *p = ctx;
	char name[CAIRN_OWNER_MAX + 1];
	struct cairn_yaml_path kp = { path, NULL, 0, 0 };
	struct cairn_policy_ext *x;
	yaml_event_t v;

	if (k->type != YAML_SCALAR_EVENT) {
		yaml_mark_t m = k->start_mark;

		if (cairn_yaml_ev_skip(r, k) < 0)
			return -1;
		return cairn_yaml_ev_fail(r, to_file, &m, path, "a key must be a scalar");
	}
	if (owner_name(r, k, path, p, name) != 0 || cairn_yaml_ev_pull(r, &v) < 0)
		return -1;
	kp.key = cairn_yaml_ev_text(k);
	kp.len = k->data.scalar.length;
	if (v.type != YAML_MAPPING_START_EVENT)
		return cairn_yaml_walk_reject(r, &v, "a mapping with due and/or close", to_file,
					      &kp);
	yaml_event_delete(&v);
	p->ext = cairn_xrealloc(p->ext, (p->next + 1) * sizeof *p->ext);
	p->ext_owned = 1;
	x = &p->ext[p->next++];
	memset(x, 0, sizeof *x);
	memcpy(x->owner, name, sizeof x->owner);
	const struct cairn_yaml_walk_keys mp = { ext_key, 0, ext_entry, x, to_file };

	if (cairn_yaml_walk_mapping(r, &mp, &kp) < 0)
		return -1;
	if (!x->has_due && !x->has_close)
		return cairn_yaml_ev_fail(r, to_file, &k->start_mark, &kp,
					  "an extension needs due or close");
	return 0;
}

/* extensions - policy.extensions: owners' names to their extensions */
static int extensions(struct cairn_yaml_ev *r, struct cairn_policy *p, yaml_event_t *e,
		      const struct cairn_yaml_path *path)
{
	if (e->type != YAML_MAPPING_START_EVENT)
		return cairn_yaml_walk_reject(r, e,
			cairn_policy_in_wants[CAIRN_POLICY_EXTENSIONS], to_file, path);
	yaml_event_delete(e);
	return cairn_yaml_walk_each(r, extension, p, path);
}

static int policy_entry(struct cairn_yaml_ev *r, void *ctx, int key,
			yaml_event_t *e, const struct cairn_yaml_path *path)
{
	struct policy_node *pn = ctx;
	yaml_mark_t m = e->start_mark;
	char *why;
	int rc;

	pn->given |= 1u << key;
	pn->mark[key] = m;
	if (key == CAIRN_POLICY_EXTENSIONS)
		return extensions(r, pn->p, e, path);
	rc = cairn_yaml_walk_need_scalar(r, e, cairn_policy_in_wants[key],
					 to_file, path);
	if (rc <= 0)
		return rc;
	why = cairn_policy_in_value(pn->p, (enum cairn_policy_key)key,
				    cairn_yaml_ev_text(e), e->data.scalar.length);
	yaml_event_delete(e);
	return why == NULL ? 0 : cairn_yaml_ev_fail_why(r, to_file, &m, path, why);
}

int cairn_yaml_policy_read(struct cairn_yaml_ev *r, yaml_event_t *e,
			   const struct cairn_yaml_path *path)
{
	struct policy_node pn = { &r->in->policy, 0, { { 0, 0, 0 } } };
	const struct cairn_yaml_walk_keys mp = {
		policy_key, 0, policy_entry, &pn, to_file
	};
	struct cairn_yaml_path kp = { path, NULL, 0, 0 };
	enum cairn_policy_key k;
	char *why;

	if (r->in->policy.present) {
		yaml_mark_t m = e->start_mark;

		if (cairn_yaml_ev_skip(r, e) < 0)
			return -1;
		return cairn_yaml_ev_fail(r, to_file, &m, path, "only one "
					  "document of a file may have a policy");
	}
	if (e->type != YAML_MAPPING_START_EVENT)
		return cairn_yaml_walk_reject(r, e, "a mapping", to_file, path);
	yaml_event_delete(e);
	r->in->policy.present = 1;
	if (cairn_yaml_walk_mapping(r, &mp, path) < 0)
		return -1;
	why = cairn_policy_in_check(pn.p, pn.given, &k);
	pn.p->close_line = pn.mark[CAIRN_POLICY_CLOSE].line + 1;
	if (why == NULL)
		return 0;
	kp.key = cairn_policy_in_keys[k];
	kp.len = strlen(kp.key);
	return cairn_yaml_ev_fail_why(r, to_file, &pn.mark[k], &kp, why);
}
