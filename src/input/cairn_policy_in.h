/*
 * cairn_policy_in - reading a problem set's `policy` mapping (doc/grading.md,
 * "A course policy"): the keys, the text of each value, and the rules
 * between keys (a grace period needs a due time).  The grammar of the
 * mapping is the YAML reader's (cairn_yaml_policy.c, and so JSON's too);
 * what is here knows no places, and the reader puts the place before
 * every reason it returns.
 */
#ifndef CAIRN_POLICY_IN_H
#define CAIRN_POLICY_IN_H

#include <stddef.h>

#include "cairn_policy.h"

enum cairn_policy_key {
	CAIRN_POLICY_DUE,
	CAIRN_POLICY_GRACE,
	CAIRN_POLICY_LATE_PENALTY,
	CAIRN_POLICY_CLOSE,
	CAIRN_POLICY_MAX_SUBMISSIONS,
	CAIRN_POLICY_FEEDBACK,
	CAIRN_POLICY_EXTENSIONS,	/* a mapping, read by the reader itself */
	CAIRN_POLICY_NKEYS
};

/* The most submissions max_submissions may allow. */
#define CAIRN_POLICY_SUBMISSIONS_MAX 1000000u

/* The keys' names, "due", "grace", ..., in the order above. */
extern const char *const cairn_policy_in_keys[CAIRN_POLICY_NKEYS];
/* What the value of each key must be: "a duration", ... */
extern const char *const cairn_policy_in_wants[CAIRN_POLICY_NKEYS];

/* The key named s[0..len), or -1. */
int cairn_policy_in_key(const char *s, size_t len);

/*
 * Read the value s[0..len) of key k into p.  Returns NULL, or the reason
 * it is not one (allocated): "\"2026-13-01\" is not an RFC 3339 time with
 * an offset (2026-12-10T23:59:00+01:00)".
 */
char *cairn_policy_in_value(struct cairn_policy *p, enum cairn_policy_key k,
			    const char *s, size_t len);

/*
 * Once the whole mapping is read (`given`: a bit 1 << k per key given):
 * NULL, or why the values do not go together (allocated), with *blame
 * the key to put the message at.
 */
char *cairn_policy_in_check(const struct cairn_policy *p, unsigned given,
			    enum cairn_policy_key *blame);

#endif
