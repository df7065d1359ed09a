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
struct cairn_job;

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
/* A finished job's arrival, when it claimed a file. */
void cairn_one_owner_arrived(struct cairn_daemon *d, const struct cairn_job *j);
/* The time uid's next file may be claimed after (its last arrival), or 0. */
int64_t cairn_one_owner_not_before(const struct cairn_daemon *d, uid_t uid);
/*
 * At start: the rule holds until a walk has looked at the sets; the
 * pending set passes over owners with a file running.
 */
void cairn_one_owner_start(struct cairn_daemon *d);
/*
 * A release walk begins / ended; `limits`: it found a set with
 * max_submissions.
 */
void cairn_one_owner_walk_begin(struct cairn_daemon *d);
void cairn_one_owner_walk_end(struct cairn_daemon *d, int limits);
/* Free the arrivals. */
void cairn_one_owner_free(struct cairn_daemon *d);

#endif
