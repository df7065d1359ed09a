/*
 * cairn_yaml_policy - a problem set's `policy` mapping, for the YAML
 * reader's grammar (cairn_yaml_in.c).
 */
#ifndef CAIRN_YAML_POLICY_H
#define CAIRN_YAML_POLICY_H

#include "cairn_yaml_ev.h"

/*
 * Read value e (consumed), a set's policy, into r->in->policy: 0, or -1
 * after a file error.
 */
int cairn_yaml_policy_read(struct cairn_yaml_ev *r, yaml_event_t *e,
			   const struct cairn_yaml_path *path);

#endif
