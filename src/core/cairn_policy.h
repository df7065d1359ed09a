/*
 * cairn_policy - a problem set's course policy (doc/grading.md, "A course policy"):
 * when work is due, how lateness costs, when the set closes, how many
 * submissions one owner gets, and when the owner may read a result.
 *
 * Times are kept in milliseconds since the epoch, because arrival times
 * are written (and so read back by `cairn regrade`) to the millisecond:
 * every rule compares the arrival truncated to the millisecond, so that
 * a regrade from the written time decides exactly as the first grading.
 *
 * A set's extensions give one owner a later (or earlier) due and/or
 * close; cairn_policy_of_owner() makes the policy one owner is judged
 * by, with grace, penalty, limit and feedback counted from that owner's
 * times.  The set owns its extensions (ext_owned); the policy of one
 * owner has none.
 */
#ifndef CAIRN_POLICY_H
#define CAIRN_POLICY_H

#include <stddef.h>
#include <stdint.h>

#include "cairn_origin.h"

enum cairn_feedback {
	CAIRN_FEEDBACK_IMMEDIATE,
	CAIRN_FEEDBACK_AFTER_DUE,
	CAIRN_FEEDBACK_AFTER_CLOSE,
	CAIRN_FEEDBACK_NEVER
};

/* The texts of times as the set writes them, for messages. */
#define CAIRN_POLICY_TIME_TEXT 48

/* One owner's extension: what replaces the set's due and/or close. */
struct cairn_policy_ext {
	char owner[CAIRN_OWNER_MAX + 1];	/* a login name, or a uid in decimal */
	int has_due, has_close;
	int64_t due_ms, close_ms;
	char due_text[CAIRN_POLICY_TIME_TEXT], close_text[CAIRN_POLICY_TIME_TEXT];
};

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
	struct cairn_policy_ext *ext;	/* the extensions, by owner */
	size_t next;
	int ext_owned;			/* ext is this policy's to free */
};

/*
 * The policy `owner` (NULL: none) is judged by, into *out: p's, with the
 * owner's extension, if any, in place of due and close; *out has no
 * extensions of its own, so that it needs no freeing.
 */
void cairn_policy_of_owner(const struct cairn_policy *p, const char *owner,
			   struct cairn_policy *out);
/* The extension of `owner` in p, or NULL. */
const struct cairn_policy_ext *cairn_policy_ext_find(const struct cairn_policy *p,
						     const char *owner);
/* *dst as a copy of p that owns a copy of its extensions (free it). */
void cairn_policy_copy(struct cairn_policy *dst, const struct cairn_policy *p);
/* Free the extensions p owns; p keeps the rest. */
void cairn_policy_free(struct cairn_policy *p);

/* Release times (cairn_policy_rules_release_ms()): at once, or not ever. */
#define CAIRN_RELEASE_NOW   INT64_MIN
#define CAIRN_RELEASE_NEVER INT64_MAX

/* Why a submission was not graded (struct cairn_stats' refused). */
enum cairn_refusal { CAIRN_REFUSED_NONE, CAIRN_REFUSED_CLOSED, CAIRN_REFUSED_LIMIT };

#endif
