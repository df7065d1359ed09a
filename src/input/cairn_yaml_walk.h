/*
 * cairn_yaml_walk - the YAML reader's steps that know no key of its own,
 * for its grammar (cairn_yaml_in.c).
 */
#ifndef CAIRN_YAML_WALK_H
#define CAIRN_YAML_WALK_H

#include "cairn_value.h"
#include "cairn_yaml_ev.h"

/*
 * The keys a mapping accepts and what to do with each value.  lookup()
 * gives a key's number (below 32) among `allowed`, or -1 for a key the
 * mapping does not accept; entry() consumes the value v of key `key`.
 * Messages about the keys go to `sink`.
 */
struct cairn_yaml_walk_keys {
	int (*lookup)(const char *name, size_t len, unsigned allowed);
	unsigned allowed;
	int (*entry)(struct cairn_yaml_ev *r, void *ctx, int key,
		     yaml_event_t *v, const struct cairn_yaml_path *path);
	void *ctx;
	const struct cairn_yaml_sink *sink;
};

/*
 * The entries of a mapping whose start event was consumed, up to and with
 * its end: 0, or -1 after a file error.
 */
int cairn_yaml_walk_mapping(struct cairn_yaml_ev *r,
			    const struct cairn_yaml_walk_keys *mp,
			    const struct cairn_yaml_path *path);

/*
 * The same for a mapping whose keys are data (owners' names, say):
 * each(r, ctx, k, path) gets every key event k, pulls and consumes its
 * value, and returns 0 or -1 to stop; k is deleted after it.
 */
int cairn_yaml_walk_each(struct cairn_yaml_ev *r,
			 int (*each)(struct cairn_yaml_ev *r, void *ctx, yaml_event_t *k,
				     const struct cairn_yaml_path *path),
			 void *ctx, const struct cairn_yaml_path *path);

/* Drop value e, which is not what was wanted, and report "expected WANTS". */
int cairn_yaml_walk_reject(struct cairn_yaml_ev *r, yaml_event_t *e,
			   const char *wants, const struct cairn_yaml_sink *s,
			   const struct cairn_yaml_path *path);
/* 1 when value e is a scalar (left to the caller); else drop it, report 0. */
int cairn_yaml_walk_need_scalar(struct cairn_yaml_ev *r, yaml_event_t *e,
				const char *wants,
				const struct cairn_yaml_sink *s,
				const struct cairn_yaml_path *path);
/* Value e (consumed) as type t: 1 stored in *v, 0 reported, -1 stop. */
int cairn_yaml_walk_scalar(struct cairn_yaml_ev *r, yaml_event_t *e,
			   enum cairn_value_type t, union cairn_value *v,
			   const struct cairn_yaml_sink *s,
			   const struct cairn_yaml_path *path);

#endif
