/*
 * cairn_pending_uid - the uids' queues of the pending set, and their turns
 * (doc/spool.md, "Fairness and memory").
 *
 * Each uid's queue is a list of its waiting candidates in the set's order,
 * found by a small hash table on the uid: files come in newest, so a place
 * is looked for from the list's end, and taking and dropping cost O(1);
 * the turns are a ring of the uids that have files waiting.  A queue
 * also sums the bytes of its files that are not over max_bytes, so that
 * a file past the cap is marked when it joins; and one that overflowed
 * (a file of it was dropped for room) stays in the ring, and asks for
 * incoming/ to be listed again once taking has brought it down to half.
 */
#include "config.h"

#include <stdlib.h>

#include "cairn_mem.h"
#include "cairn_pending_uid.h"

static struct cairn_uidq **uid_bucket(struct cairn_pending *p, uid_t uid)
{
	return &p->uidtab[((uint32_t)uid * 2654435761u >> 24) % CAIRN_UIDQ_BUCKETS];
}

/* cairn_pending_uid_queue - uid's queue, made at the back of the turns. */
struct cairn_uidq *cairn_pending_uid_queue(struct cairn_pending *p, uid_t uid)
{
	struct cairn_uidq **b = uid_bucket(p, uid), *q = *b;

	while (q != NULL && q->uid != uid)
		q = q->hnext;
	if (q != NULL)
		return q;
	q = cairn_xcalloc(1, sizeof(*q));
	q->uid = uid;
	q->hnext = *b;
	*b = q;
	if (p->turn == NULL) {
		q->prev = q->next = q;
		p->turn = q;
	} else {
		q->next = p->turn;
		q->prev = p->turn->prev;
		q->prev->next = q;
		p->turn->prev = q;
	}
	p->nuids++;
	return q;
}

static void drop_queue(struct cairn_pending *p, struct cairn_uidq *q)
{
	struct cairn_uidq **b = uid_bucket(p, q->uid);

	while (*b != q)
		b = &(*b)->hnext;
	*b = q->hnext;
	if (q->next == q) {
		p->turn = NULL;
	} else {
		q->prev->next = q->next;
		q->next->prev = q->prev;
		if (p->turn == q)
			p->turn = q->next;
	}
	p->nuids--;
	free(q);
}

static uint64_t bytes_of(const struct cairn_cand *c)
{
	return c->size > 0 ? (uint64_t)c->size : 0;
}

/*
 * uid_count - c has joined q: it, and the files after it that counted,
 * are over max_bytes when the files before them that count bring the sum
 * past it (one over stays over: a file joining only adds to the sums).
 * c is most often last, found together with others in one scan: the
 * walk after it is short.
 */
static void uid_count(const struct cairn_pending *p, struct cairn_uidq *q,
		      struct cairn_cand *c)
{
	uint64_t sum = q->bytes, max = p->max_bytes;

	if (max == 0) {
		c->over = 0;
		q->bytes += bytes_of(c);
		return;
	}
	for (const struct cairn_cand *x = c->unext; x != NULL; x = x->unext)
		if (!x->over)
			sum -= bytes_of(x);
	for (struct cairn_cand *x = c; x != NULL; x = x->unext) {
		if (x != c && x->over)
			continue;
		x->over = bytes_of(x) > max || sum > max - bytes_of(x);
		if (!x->over)
			sum += bytes_of(x);
	}
	q->bytes = sum;
}

/* cairn_pending_uid_insert - c joins its queue, placed from the end (likely newest). */
void cairn_pending_uid_insert(struct cairn_pending *p, struct cairn_cand *c)
{
	struct cairn_uidq *q = cairn_pending_uid_queue(p, c->uid);
	struct cairn_cand *x = q->last;

	while (x != NULL && cairn_pending_cand_cmp(x, c) > 0)
		x = x->uprev;
	c->uprev = x;
	c->unext = x != NULL ? x->unext : q->first;
	if (c->unext != NULL)
		c->unext->uprev = c;
	else
		q->last = c;
	if (x != NULL)
		x->unext = c;
	else
		q->first = c;
	c->uq = q;
	q->n++;
	uid_count(p, q, c);
}

/*
 * cairn_pending_uid_unlink - c leaves its uid's queue: taken or gone (`leaving`), which
 * makes room for an overflowed uid once it is down to half, or moved.  A
 * uid with nothing waiting leaves the turns, unless it overflowed: its
 * files in incoming/ are still to come.
 */
void cairn_pending_uid_unlink(struct cairn_pending *p, struct cairn_cand *c, int leaving)
{
	struct cairn_uidq *q = c->uq;

	if (q == NULL)
		return;
	if (c->uprev != NULL)
		c->uprev->unext = c->unext;
	else
		q->first = c->unext;
	if (c->unext != NULL)
		c->unext->uprev = c->uprev;
	else
		q->last = c->uprev;
	c->uprev = c->unext = NULL;
	c->uq = NULL;
	q->n--;
	if (!c->over)
		q->bytes -= bytes_of(c);
	if (leaving && !p->evicting && q->overflowed && q->n <= p->per_owner / 2) {
		q->overflowed = 0;
		p->refill = 1;
	}
	if (q->n == 0 && !q->overflowed)
		drop_queue(p, q);
}

/* cairn_pending_uid_largest - the uid with the most waiting (a full set has one). */
struct cairn_uidq *cairn_pending_uid_largest(const struct cairn_pending *p)
{
	struct cairn_uidq *big = p->turn, *q = p->turn;

	for (size_t i = 0; i < p->nuids; i++, q = q->next)
		if (q->n > big->n)
			big = q;
	return big;
}


void cairn_pending_uid_free(struct cairn_pending *p)
{
	for (size_t i = 0; i < CAIRN_UIDQ_BUCKETS; i++) {
		struct cairn_uidq *q = p->uidtab[i], *next;

		for (; q != NULL; q = next) {
			next = q->hnext;
			free(q);
		}
		p->uidtab[i] = NULL;
	}
	p->turn = NULL;
	p->nuids = 0;
}
