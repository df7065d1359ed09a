/*
 * cairn_policy_rules - what a course policy (cairn_policy.h) decides for
 * one arrival: late or not and by how much, closed or not, and when the
 * owner may read the result (SPEC 4).
 */
#ifndef CAIRN_POLICY_RULES_H
#define CAIRN_POLICY_RULES_H

#include <stdint.h>

#include "cairn_policy.h"

struct cairn_lateness {
	int late;			/* arrived after due + grace */
	int64_t by_ms;			/* arrival - due, when late */
	uint32_t penalty_bp;		/* started days after due + grace times
					   late_penalty_bp, at most 10000 */
};

/* The lateness of an arrival at arrival_ms (ms since the epoch). */
void cairn_policy_lateness(const struct cairn_policy *p, int64_t arrival_ms,
			   struct cairn_lateness *l);
/* Whether an arrival at arrival_ms comes after the set closed. */
int cairn_policy_closed(const struct cairn_policy *p, int64_t arrival_ms);
/*
 * When the owner may read a graded result: CAIRN_RELEASE_NOW
 * (immediate, or no policy), due + grace (after_due), close
 * (after_close), CAIRN_RELEASE_NEVER (never).
 */
int64_t cairn_policy_release_ms(const struct cairn_policy *p);

#endif
