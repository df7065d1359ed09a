/*
 * cairn_pending_uid - the uids' queues of the pending set (cairn_pending.h)
 * and the ring of their turns; used by cairn_pending.c only, on the loop
 * thread.
 */
#ifndef CAIRN_PENDING_UID_H
#define CAIRN_PENDING_UID_H

#include <sys/types.h>

#include "cairn_pending_cand.h"

/* uid's queue, made at the back of the turns when it has none. */
struct cairn_uidq *cairn_pending_uid_queue(struct cairn_pending *p, uid_t uid);
/* c joins its uid's queue in order, and is marked over max_bytes or counted. */
void cairn_pending_uid_insert(struct cairn_pending *p, struct cairn_cand *c);
/*
 * c leaves its uid's queue: taken or gone (`leaving`), which makes room
 * for an overflowed uid once it is down to half, or moved.
 */
void cairn_pending_uid_unlink(struct cairn_pending *p, struct cairn_cand *c, int leaving);
/* The uid with the most files waiting (a full set has one). */
struct cairn_uidq *cairn_pending_uid_largest(const struct cairn_pending *p);
/* Free every queue; the ring is empty. */
void cairn_pending_uid_free(struct cairn_pending *p);

#endif
