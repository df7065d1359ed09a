/*
 * cairn_policy_rules - what a course policy (cairn_policy.h) decides for
 * one arrival: late or not and by how much, closed or not, and when the
 * owner may read the result (doc/grading.md).
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
void cairn_policy_rules_lateness(const struct cairn_policy *p, int64_t arrival_ms,
				 struct cairn_lateness *l);
/* Whether an arrival at arrival_ms comes after the set closed. */
int cairn_policy_rules_closed(const struct cairn_policy *p, int64_t arrival_ms);
/*
 * When the owner may read a graded result: CAIRN_RELEASE_NOW
 * (immediate, or no policy), due + grace (after_due), close
 * (after_close), CAIRN_RELEASE_NEVER (never).
 */
int64_t cairn_policy_rules_release_ms(const struct cairn_policy *p);

/* Room for the texts below, with their NUL. */
#define CAIRN_POLICY_BY_LEN 48
#define CAIRN_POLICY_PENALTY_LEN 16

/*
 * The text of a late result's `by` (doc/grading.md): days, hours and minutes
 * with the zero ones left out and the minutes truncated ("2h 14m",
 * "1d 5m", "3d"), or under a minute its seconds ("59s"); returns buf.
 */
char *cairn_policy_rules_by_text(int64_t by_ms, char buf[CAIRN_POLICY_BY_LEN]);
/*
 * The text of a penalty in 1/10000 as the fraction taken off, trailing
 * zeros dropped but one decimal kept ("0.1", "0.25", "1.0"); returns buf.
 */
char *cairn_policy_rules_penalty_text(uint32_t bp, char buf[CAIRN_POLICY_PENALTY_LEN]);

#endif
