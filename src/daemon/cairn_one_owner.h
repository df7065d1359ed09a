/*
 * cairn_one_owner - within one daemon, no two files of one owner run at
 * once while submission limits apply (doc/grading.md: each count sees
 * every earlier submission's result).  Its state is d->owner
 * (cairn_one_owner_state.h); called on the loop thread only.
 */
#ifndef CAIRN_ONE_OWNER_H
#define CAIRN_ONE_OWNER_H

#include <stdint.h>
#include <sys/types.h>

struct cairn_daemon;

/* Whether files of one owner are graded one at a time now. */
int cairn_one_owner(const struct cairn_daemon *d);
/* Whether a job of a file of uid runs while the rule holds. */
int cairn_one_owner_running(const struct cairn_daemon *d, uid_t uid);
/*
 * The owner of processing/NAME while the rule holds: 1 with *uid, or 0
 * (the rule is off, or the file is gone).
 */
int cairn_one_owner_claimed_uid(const struct cairn_daemon *d, const char *name, uid_t *uid);
/* A claimed file whose owner has a file running waits. */
int cairn_one_owner_waits(const struct cairn_daemon *d, const char *name);
/*
 * At start: the rule holds until a walk has looked at the sets; the
 * pending set passes over owners with a file running (and, with its
 * in_order, which the dispatcher keeps equal to cairn_one_owner(),
 * takes an owner's files in the order of arrival and name).
 */
void cairn_one_owner_start(struct cairn_daemon *d);
/*
 * A release walk begins / ended; `limits`: it found a set with
 * max_submissions.
 */
void cairn_one_owner_walk_begin(struct cairn_daemon *d);
void cairn_one_owner_walk_end(struct cairn_daemon *d, int limits);

#endif
