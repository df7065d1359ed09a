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
 */
#include "config.h"

#include <string.h>

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

static int policy_entry(struct cairn_yaml_ev *r, void *ctx, int key,
			yaml_event_t *e, const struct cairn_yaml_path *path)
{
	struct policy_node *pn = ctx;
	yaml_mark_t m = e->start_mark;
	char *why;
	int rc;

	pn->given |= 1u << key;
	pn->mark[key] = m;
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
