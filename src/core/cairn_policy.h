/*
 * cairn_policy - a problem set's course policy (doc/grading.md, "A course policy"):
 * when work is due, how lateness costs, when the set closes, how many
 * submissions one owner gets, and when the owner may read a result.
 *
 * Times are kept in milliseconds since the epoch, because arrival times
 * are written (and so read back by `cairn regrade`) to the millisecond:
 * every rule compares the arrival truncated to the millisecond, so that
 * a regrade from the written time decides exactly as the first grading.
 */
#ifndef CAIRN_POLICY_H
#define CAIRN_POLICY_H

#include <stdint.h>

enum cairn_feedback {
	CAIRN_FEEDBACK_IMMEDIATE,
	CAIRN_FEEDBACK_AFTER_DUE,
	CAIRN_FEEDBACK_AFTER_CLOSE,
	CAIRN_FEEDBACK_NEVER
};

/* The texts of times as the set writes them, for messages. */
#define CAIRN_POLICY_TIME_TEXT 48

struct cairn_policy {
	int present;			/* the set has a `policy` mapping */
	int has_due, has_close;
	int64_t due_ms, close_ms;	/* ms since the epoch */
	char due_text[CAIRN_POLICY_TIME_TEXT], close_text[CAIRN_POLICY_TIME_TEXT];
	int64_t grace_ms;		/* 0: none */
	uint32_t late_penalty_bp;	/* per started day, in 1/10000 of the points */
	uint32_t max_submissions;	/* 0: no limit */
	enum cairn_feedback feedback;
	unsigned long close_line;	/* where `close` is, for `cairn check` */
};

/* Release times (cairn_policy_rules_release_ms()): at once, or not ever. */
#define CAIRN_RELEASE_NOW   INT64_MIN
#define CAIRN_RELEASE_NEVER INT64_MAX

/* Why a submission was not graded (struct cairn_stats' refused). */
enum cairn_refusal { CAIRN_REFUSED_NONE, CAIRN_REFUSED_CLOSED, CAIRN_REFUSED_LIMIT };

#endif
