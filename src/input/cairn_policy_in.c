/*
 * cairn_policy_in - the values of a policy mapping, as text.
 *
 * Each value has exactly one spelling family, so that a typo is an error
 * rather than a different policy: times are RFC 3339 with an offset
 * (a time without one would depend on the daemon's zone), durations are
 * whole numbers of d, h, m and s in that order, percentages have at
 * most two decimals (the rules count in 1/10000), feedback is one of
 * four words.  A bad value is described as the other readers describe
 * theirs: the value quoted, what it should be, and an example.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cairn_int.h"
#include "cairn_mem.h"
#include "cairn_policy_in.h"
#include "cairn_time.h"
#include "cairn_value.h"

const char *const cairn_policy_in_keys[CAIRN_POLICY_NKEYS] = {
	"due", "grace", "late_penalty", "close", "max_submissions", "feedback",
	"extensions",
};

const char *const cairn_policy_in_wants[CAIRN_POLICY_NKEYS] = {
	[CAIRN_POLICY_DUE] = "an RFC 3339 time with an offset",
	[CAIRN_POLICY_GRACE] = "a duration",
	[CAIRN_POLICY_LATE_PENALTY] = "a percentage from 0% to 100%",
	[CAIRN_POLICY_CLOSE] = "an RFC 3339 time with an offset",
	[CAIRN_POLICY_MAX_SUBMISSIONS] = "an integer from 1 to 1000000",
	[CAIRN_POLICY_FEEDBACK] = "one of immediate, after_due, after_close, never",
	[CAIRN_POLICY_EXTENSIONS] = "a mapping from owner names to extensions",
};

/* What the message for a bad value adds after what it should be. */
static const char *const examples[CAIRN_POLICY_NKEYS] = {
	[CAIRN_POLICY_DUE] = " (2026-12-10T23:59:00+01:00)",
	[CAIRN_POLICY_GRACE] = " (30s, 10m, 2h, 1d, 1h30m)",
	[CAIRN_POLICY_LATE_PENALTY] = " (10%, 2.5%)",
	[CAIRN_POLICY_CLOSE] = " (2026-12-17T23:59:00+01:00)",
	[CAIRN_POLICY_MAX_SUBMISSIONS] = "",
	[CAIRN_POLICY_FEEDBACK] = "",
	[CAIRN_POLICY_EXTENSIONS] = " (ada: {due: 2026-12-12T23:59:00+01:00})",
};

/* enum cairn_feedback in its order. */
static const char *const feedbacks[] = {
	"immediate", "after_due", "after_close", "never",
};

int cairn_policy_in_key(const char *s, size_t len)
{
	int k;

	for (k = 0; k < CAIRN_POLICY_NKEYS; k++)
		if (strlen(cairn_policy_in_keys[k]) == len &&
		    memcmp(cairn_policy_in_keys[k], s, len) == 0)
			return k;
	return -1;
}

/* number - the digits at s[*i..) (at most `max`), or -1 for none or more */
static int64_t number(const char *s, size_t len, size_t *i, int max)
{
	int64_t v = 0;
	int n = 0;

	for (; *i < len && s[*i] >= '0' && s[*i] <= '9'; (*i)++, n++) {
		if (n == max)
			return -1;
		v = v * 10 + (s[*i] - '0');
	}
	return n == 0 ? -1 : v;
}

/*
 * duration - "1h30m": numbers of at most 9 digits, each with a unit, the
 * units d, h, m, s in that order and each at most once
 */
static int duration(const char *s, size_t len, int64_t *ms)
{
	static const char units[] = "dhms";
	static const int64_t unit_ms[] = { 86400000, 3600000, 60000, 1000 };
	const char *u;
	size_t i = 0, next = 0;
	int64_t v, total = 0;

	if (len == 0)
		return -1;
	while (i < len) {
		if ((v = number(s, len, &i, 9)) < 0 || i == len ||
		    (u = memchr(units + next, s[i], 4 - next)) == NULL)
			return -1;
		next = (size_t)(u - units) + 1;
		total += v * unit_ms[u - units];
		i++;
	}
	*ms = total;
	return 0;
}

/* percentage - "12.5%" in 1/10000: 0 to 100, at most two decimals */
static int percentage(const char *s, size_t len, uint32_t *bp)
{
	size_t i = 0, start;
	int64_t whole, frac = 0;
	int k;

	if ((whole = number(s, len, &i, 3)) < 0)
		return -1;
	if (i < len && s[i] == '.') {
		start = ++i;
		if ((frac = number(s, len, &i, 2)) < 0)
			return -1;
		for (k = (int)(i - start); k < 2; k++)
			frac *= 10;
	}
	if (i + 1 != len || s[i] != '%' || whole * 100 + frac > 10000)
		return -1;
	*bp = (uint32_t)(whole * 100 + frac);
	return 0;
}

/* moment - a due or close time, and its text as the set writes it */
static int moment(const char *s, size_t len, int64_t *ms, char *text)
{
	struct timespec t;

	if (len >= CAIRN_POLICY_TIME_TEXT ||
	    cairn_time_parse_offset(s, len, &t) < 0)
		return -1;
	*ms = cairn_time_ms(&t);
	memcpy(text, s, len);
	text[len] = '\0';
	return 0;
}

static int feedback(const char *s, size_t len, enum cairn_feedback *f)
{
	size_t i;

	for (i = 0; i < sizeof feedbacks / sizeof feedbacks[0]; i++)
		if (strlen(feedbacks[i]) == len && memcmp(feedbacks[i], s, len) == 0) {
			*f = (enum cairn_feedback)i;
			return 0;
		}
	return -1;
}

static int submissions(const char *s, size_t len, uint32_t *max)
{
	int64_t v;

	if (cairn_int_parse_i64(s, len, &v) < 0 || v < 1 ||
	    v > CAIRN_POLICY_SUBMISSIONS_MAX)
		return -1;
	*max = (uint32_t)v;
	return 0;
}

char *cairn_policy_in_value(struct cairn_policy *p, enum cairn_policy_key k,
			    const char *s, size_t len)
{
	int rc = -1;
	char *why, *msg;

	switch (k) {
	case CAIRN_POLICY_DUE:
		rc = moment(s, len, &p->due_ms, p->due_text);
		p->has_due = rc == 0;
		break;
	case CAIRN_POLICY_CLOSE:
		rc = moment(s, len, &p->close_ms, p->close_text);
		p->has_close = rc == 0;
		break;
	case CAIRN_POLICY_GRACE:
		rc = duration(s, len, &p->grace_ms);
		break;
	case CAIRN_POLICY_LATE_PENALTY:
		rc = percentage(s, len, &p->late_penalty_bp);
		break;
	case CAIRN_POLICY_MAX_SUBMISSIONS:
		rc = submissions(s, len, &p->max_submissions);
		break;
	case CAIRN_POLICY_FEEDBACK:
		rc = feedback(s, len, &p->feedback);
		break;
	case CAIRN_POLICY_EXTENSIONS:
	case CAIRN_POLICY_NKEYS:
		break;
	}
	if (rc == 0)
		return NULL;
	why = cairn_value_is_not(s, len, cairn_policy_in_wants[k]);
	msg = cairn_xasprintf("%s%s", why, examples[k]);
	free(why);
	return msg;
}

char *cairn_policy_in_check(const struct cairn_policy *p, unsigned given,
			    enum cairn_policy_key *blame)
{
	const char *why = NULL;

	if (!p->has_due && (given & (1u << CAIRN_POLICY_GRACE))) {
		*blame = CAIRN_POLICY_GRACE;
		why = "a grace period needs policy.due";
	} else if (!p->has_due && (given & (1u << CAIRN_POLICY_LATE_PENALTY))) {
		*blame = CAIRN_POLICY_LATE_PENALTY;
		why = "a late penalty needs policy.due";
	} else if (p->feedback == CAIRN_FEEDBACK_AFTER_DUE && !p->has_due) {
		*blame = CAIRN_POLICY_FEEDBACK;
		why = "after_due needs policy.due";
	} else if (p->feedback == CAIRN_FEEDBACK_AFTER_CLOSE && !p->has_close) {
		*blame = CAIRN_POLICY_FEEDBACK;
		why = "after_close needs policy.close";
	}
	return why == NULL ? NULL : cairn_xstrdup(why);
}
