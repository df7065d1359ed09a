/*
 * cairn_yaml_walk - the YAML reader's steps that know no key of its own.
 *
 * The grammar (cairn_yaml_in.c) says which keys each mapping accepts and
 * what each value becomes; here a mapping is walked to its end, key by
 * key, and a key that is not a scalar, unknown or given twice is reported
 * to the mapping's sink with its value skipped: a puzzle's error lets the
 * walk go on to the next key, a file error ends the reading.  A value
 * that must be a scalar of some type is checked and parsed here too, or
 * reported with what was wanted.  Each value handed in is consumed, but
 * for a scalar that cairn_yaml_walk_need_scalar() leaves to its caller.
 */
#include "config.h"

#include "cairn_buf.h"
#include "cairn_yaml_walk.h"

int cairn_yaml_walk_reject(struct cairn_yaml_ev *r, yaml_event_t *e,
			   const char *wants, const struct cairn_yaml_sink *s,
			   const struct cairn_yaml_path *path)
{
	yaml_mark_t m = e->start_mark;

	if (cairn_yaml_ev_skip(r, e) < 0)
		return -1;
	return cairn_yaml_ev_fail(r, s, &m, path, "expected %s", wants);
}

int cairn_yaml_walk_need_scalar(struct cairn_yaml_ev *r, yaml_event_t *e,
				const char *wants,
				const struct cairn_yaml_sink *s,
				const struct cairn_yaml_path *path)
{
	if (e->type == YAML_SCALAR_EVENT)
		return 1;
	return cairn_yaml_walk_reject(r, e, wants, s, path);
}

int cairn_yaml_walk_scalar(struct cairn_yaml_ev *r, yaml_event_t *e,
			   enum cairn_value_type t, union cairn_value *v,
			   const struct cairn_yaml_sink *s,
			   const struct cairn_yaml_path *path)
{
	yaml_mark_t m = e->start_mark;
	char *why;
	int rc;

	rc = cairn_yaml_walk_need_scalar(r, e, cairn_value_wants[t], s, path);
	if (rc <= 0)
		return rc;
	why = cairn_value_parse(t, cairn_yaml_ev_text(e),
				e->data.scalar.length, v);
	yaml_event_delete(e);
	if (why == NULL)
		return 1;
	return cairn_yaml_ev_fail_why(r, s, &m, path, why);
}

/* pair - one key (event k, left to the caller) and its value */
static int pair(struct cairn_yaml_ev *r, const struct cairn_yaml_walk_keys *mp,
		yaml_event_t *k, const struct cairn_yaml_path *path,
		unsigned *seen)
{
	yaml_mark_t m = k->start_mark;
	struct cairn_buf q = CAIRN_BUF_INIT;
	struct cairn_yaml_path kp;
	yaml_event_t v;
	int key = -1, rc = 0;

	if (k->type != YAML_SCALAR_EVENT) {
		if (cairn_yaml_ev_skip(r, k) < 0)
			return -1;
		rc = cairn_yaml_ev_fail(r, mp->sink, &m, path,
					"a key must be a scalar");
	} else {
		key = mp->lookup(cairn_yaml_ev_text(k), k->data.scalar.length,
				 mp->allowed);
		if (key < 0 || (*seen & (1u << key))) {
			cairn_yaml_quote(&q, cairn_yaml_ev_text(k),
					 k->data.scalar.length,
					 CAIRN_YAML_QUOTE_MAX,
					 CAIRN_YAML_ESCAPE_MESSAGE);
			rc = cairn_yaml_ev_fail(r, mp->sink, &m, path,
						"%s key %s", key < 0 ? "unknown"
						: "duplicate", q.data);
			cairn_buf_free(&q);
			key = -1;
		} else {
			*seen |= 1u << key;
		}
	}
	if (rc < 0 || cairn_yaml_ev_pull(r, &v) < 0)
		return -1;
	if (key < 0)
		return cairn_yaml_ev_skip(r, &v);
	kp.up = path;
	kp.key = cairn_yaml_ev_text(k);
	kp.len = k->data.scalar.length;
	kp.index = 0;
	return mp->entry(r, mp->ctx, key, &v, &kp);
}

int cairn_yaml_walk_each(struct cairn_yaml_ev *r,
			 int (*each)(struct cairn_yaml_ev *r, void *ctx, yaml_event_t *k,
				     const struct cairn_yaml_path *path),
			 void *ctx, const struct cairn_yaml_path *path)
{
	for (;;) {
		yaml_event_t k;
		int rc;

		if (cairn_yaml_ev_pull(r, &k) < 0)
			return -1;
		if (k.type == YAML_MAPPING_END_EVENT) {
			yaml_event_delete(&k);
			return 0;
		}
		rc = each(r, ctx, &k, path);
		yaml_event_delete(&k);
		if (rc < 0)
			return -1;
	}
}

/* What a walk of known keys keeps: its keys, and those seen. */
struct known {
	const struct cairn_yaml_walk_keys *mp;
	unsigned seen;
};

static int known_pair(struct cairn_yaml_ev *r, void *ctx, yaml_event_t *k,
		      const struct cairn_yaml_path *path)
{
	struct known *kn = ctx;

	return pair(r, kn->mp, k, path, &kn->seen);
}

int cairn_yaml_walk_mapping(struct cairn_yaml_ev *r,
			    const struct cairn_yaml_walk_keys *mp,
			    const struct cairn_yaml_path *path)
{
	struct known kn = { mp, 0 };

	return cairn_yaml_walk_each(r, known_pair, &kn, path);
}
