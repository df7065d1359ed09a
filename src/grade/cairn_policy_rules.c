/*
 * cairn_policy_rules - what a course policy decides for one arrival.
 *
 * Everything is integer arithmetic on milliseconds since the epoch, the
 * precision `received` is written with, so that `cairn regrade` reading
 * a result's arrival back decides exactly as the first grading did.  The
 * boundaries belong to the earlier side: an arrival exactly at due +
 * grace is on time, exactly at close is still graded.  Lateness is
 * measured from due (what a student reads), the penalty from the end of
 * the grace period, a day begun counting as a whole one.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cairn_policy_rules.h"

#define MINUTE_MS 60000
#define HOUR_MS 3600000
#define DAY_MS 86400000
/* A penalty takes at most everything. */
#define ALL_BP 10000u

void cairn_policy_rules_lateness(const struct cairn_policy *p, int64_t arrival_ms,
				 struct cairn_lateness *l)
{
	int64_t end;
	uint64_t days, bp;

	memset(l, 0, sizeof *l);
	if (!p->present || !p->has_due)
		return;
	end = p->due_ms + p->grace_ms;
	if (arrival_ms <= end)
		return;
	l->late = 1;
	l->by_ms = arrival_ms - p->due_ms;
	/* Both are bounded (days by int64 milliseconds, the rate by
	   10000), so the product cannot overflow 64 bits. */
	days = (uint64_t)(arrival_ms - end - 1) / DAY_MS + 1;
	bp = days * p->late_penalty_bp;
	l->penalty_bp = bp > ALL_BP ? ALL_BP : (uint32_t)bp;
}

int cairn_policy_rules_closed(const struct cairn_policy *p, int64_t arrival_ms)
{
	return p->present && p->has_close && arrival_ms > p->close_ms;
}

int64_t cairn_policy_rules_release_ms(const struct cairn_policy *p)
{
	if (!p->present)
		return CAIRN_RELEASE_NOW;
	switch (p->feedback) {
	case CAIRN_FEEDBACK_IMMEDIATE:
		return CAIRN_RELEASE_NOW;
	case CAIRN_FEEDBACK_AFTER_DUE:
		return p->has_due ? p->due_ms + p->grace_ms : CAIRN_RELEASE_NOW;
	case CAIRN_FEEDBACK_AFTER_CLOSE:
		return p->has_close ? p->close_ms : CAIRN_RELEASE_NOW;
	case CAIRN_FEEDBACK_NEVER:
		return CAIRN_RELEASE_NEVER;
	}
	return CAIRN_RELEASE_NOW;
}

char *cairn_policy_rules_by_text(int64_t by_ms, char buf[CAIRN_POLICY_BY_LEN])
{
	static const struct { int64_t ms; char unit; } units[] = {
		{ DAY_MS, 'd' }, { HOUR_MS, 'h' }, { MINUTE_MS, 'm' },
	};
	size_t len = 0, i;
	int64_t n;

	buf[0] = '\0';
	if (by_ms < MINUTE_MS) {
		snprintf(buf, CAIRN_POLICY_BY_LEN, "%llds",
			 (long long)(by_ms > 0 ? by_ms / 1000 : 0));
		return buf;
	}
	for (i = 0; i < sizeof units / sizeof units[0]; i++) {
		n = by_ms / units[i].ms;
		by_ms %= units[i].ms;
		if (n > 0)
			len += (size_t)snprintf(buf + len, CAIRN_POLICY_BY_LEN - len,
						"%s%lld%c", len ? " " : "",
						(long long)n, units[i].unit);
	}
	return buf;
}

char *cairn_policy_rules_penalty_text(uint32_t bp, char buf[CAIRN_POLICY_PENALTY_LEN])
{
	size_t len;

	if (bp > ALL_BP)
		bp = ALL_BP;
	len = (size_t)snprintf(buf, CAIRN_POLICY_PENALTY_LEN, "%u.%04u",
			       bp / ALL_BP, bp % ALL_BP);
	while (buf[len - 1] == '0' && buf[len - 2] != '.')
		buf[--len] = '\0';
	return buf;
}
