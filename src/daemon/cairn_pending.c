/*
 * cairn_pending - a bounded, sorted set of candidate files plus a name index.
 *
 * The sorted array gives "oldest first" with binary-search insertion; it
 * is bounded so that a directory of millions of files costs a fixed amount
 * of memory: the oldest `limit` names are kept and the rest found again by
 * a later scan.  The waiting names start at `head`, so that taking the
 * oldest, and adding one older than all (a backlog found by a scan),
 * costs O(1) instead of shifting the whole array.  The hash table
 * (chained, FNV-1a) finds a candidate by name in O(1) for inotify events
 * and keeps a name from being queued twice.  Each waiting candidate is
 * also in its uid's queue (cairn_pending_uid.c), whose turns pick
 * follows.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cairn_fnv.h"
#include "cairn_mem.h"
#include "cairn_pending.h"
#include "cairn_pending_uid.h"

#define NOT_WAITING ((size_t)-1)

/*
 * A read of every event this long after a file was last seen changing
 * lets it go whatever its arrival says: by then the clock has passed
 * it, unless the clock was set back or the file was stamped by another
 * host's clock, and waiting longer would only stall its owner.
 */
#define DRAIN_SLACK_MS 20

void cairn_pending_init(struct cairn_pending *p, size_t limit, unsigned settle_ms)
{
	memset(p, 0, sizeof(*p));
	p->limit = p->limit_min = p->per_owner = limit ? limit : 1;
	p->settle_ms = settle_ms;
	p->tabsize = 64;
	p->tab = cairn_xcalloc(p->tabsize, sizeof(p->tab[0]));
}

void cairn_pending_free(struct cairn_pending *p)
{
	for (size_t i = 0; i < p->tabsize; i++) {
		struct cairn_cand *c = p->tab[i], *next;

		for (; c != NULL; c = next) {
			next = c->hnext;
			free(c->name);
			free(c);
		}
	}
	free(p->tab);
	free(p->order);
	cairn_pending_uid_free(p);
	cairn_pending_dropped_free(&p->dropped);
	cairn_pending_set_peers(p, NULL, NULL, NULL, 0, 0);
	memset(p, 0, sizeof(*p));
}

struct cairn_cand *cairn_pending_find(const struct cairn_pending *p, const char *name)
{
	struct cairn_cand *c = p->tab[cairn_fnv_name(name) & (p->tabsize - 1)];

	while (c != NULL && strcmp(c->name, name) != 0)
		c = c->hnext;
	return c;
}

static void rehash(struct cairn_pending *p)
{
	size_t size = p->tabsize * 2;
	struct cairn_cand **tab = cairn_xcalloc(size, sizeof(tab[0]));

	for (size_t i = 0; i < p->tabsize; i++) {
		struct cairn_cand *c = p->tab[i], *next;

		for (; c != NULL; c = next) {
			next = c->hnext;
			size_t h = cairn_fnv_name(c->name) & (size - 1);
			c->hnext = tab[h];
			tab[h] = c;
		}
	}
	free(p->tab);
	p->tab = tab;
	p->tabsize = size;
}

/* search - where c goes: an index into order, from head to head + n. */
static size_t search(const struct cairn_pending *p, const struct cairn_cand *c)
{
	size_t lo = p->head, hi = p->head + p->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (cairn_pending_cand_cmp(p->order[mid], c) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

void cairn_pending_set_max_bytes(struct cairn_pending *p, uint64_t max_bytes)
{
	p->max_bytes = max_bytes;
}

void cairn_pending_set_per_owner(struct cairn_pending *p, size_t n)
{
	p->per_owner = n ? n : 1;
	p->limit = p->per_owner > p->limit_min ? p->per_owner : p->limit_min;
}

static void renumber(struct cairn_pending *p, size_t from)
{
	for (size_t i = from; i < p->head + p->n; i++)
		p->order[i]->pos = i;
}

static void unlink_order(struct cairn_pending *p, struct cairn_cand *c, int leaving)
{
	size_t end = p->head + p->n;

	cairn_pending_uid_unlink(p, c, leaving);
	if (c->pos == NOT_WAITING)
		return;
	if (c->pos == p->head) {
		p->head++;
		p->n--;
	} else {
		memmove(p->order + c->pos, p->order + c->pos + 1,
			(end - c->pos - 1) * sizeof(p->order[0]));
		p->n--;
		renumber(p, c->pos);
	}
	if (p->n == 0)
		p->head = 0;
	c->pos = NOT_WAITING;
}

void cairn_pending_forget(struct cairn_pending *p, struct cairn_cand *c)
{
	struct cairn_cand **pp = &p->tab[cairn_fnv_name(c->name) & (p->tabsize - 1)];

	unlink_order(p, c, 1);
	while (*pp != c)
		pp = &(*pp)->hnext;
	*pp = c->hnext;
	p->count--;
	free(c->name);
	free(c);
}

/* evict - drop v, a waiting file, for room: it stays in incoming/. */
static void evict(struct cairn_pending *p, struct cairn_cand *v)
{
	v->uq->overflowed = 1;
	if (v->ready)
		cairn_pending_dropped_put(&p->dropped, v->name, v->ino, &v->ctime, p->scan);
	p->evicting = 1;
	cairn_pending_forget(p, v);
	p->evicting = 0;
}

/*
 * make_room - room for c within its uid's bound and the bound in all, by
 * dropping the youngest of its uid, or of the uid with the most; 0, or -1
 * when c is that youngest itself (its uid is then marked overflowed).
 */
static int make_room(struct cairn_pending *p, struct cairn_cand *c)
{
	struct cairn_uidq *q = cairn_pending_uid_queue(p, c->uid);

	if (q->n < p->per_owner && p->n < p->limit)
		return 0;
	p->missed = 1;
	if (q->n < p->per_owner)
		q = cairn_pending_uid_largest(p);
	if (cairn_pending_cand_cmp(c, q->last) > 0 && q->uid == c->uid) {
		q->overflowed = 1;
		return -1;
	}
	evict(p, q->last);
	return 0;
}

/* insert_order - place c in the sorted set; 0, or -1 when c was dropped. */
static int insert_order(struct cairn_pending *p, struct cairn_cand *c)
{
	if (make_room(p, c) < 0)
		return -1;
	size_t at = search(p, c);

	cairn_pending_uid_insert(p, c);
	if (at == p->head && p->head > 0) {
		p->order[--p->head] = c;
		p->n++;
		c->pos = p->head;
		return 0;
	}
	if (p->head + p->n == p->cap && p->head > 0) {
		/* No room at the end: move the waiting names to the front. */
		memmove(p->order, p->order + p->head, p->n * sizeof(p->order[0]));
		at -= p->head;
		p->head = 0;
		renumber(p, 0);
	}
	p->order = cairn_xgrow(p->order, &p->cap, p->head + p->n + 1, sizeof(p->order[0]));
	memmove(p->order + at + 1, p->order + at,
		(p->head + p->n - at) * sizeof(p->order[0]));
	p->order[at] = c;
	p->n++;
	renumber(p, at);
	return 0;
}

/* same - nothing seen of c changed: a chmod changes its ctime only, its place too. */
static int same(const struct cairn_cand *c, const struct stat *st)
{
	return c->size == (int64_t)st->st_size && c->ino == (uint64_t)st->st_ino &&
	       c->mtime.tv_sec == st->st_mtim.tv_sec &&
	       c->mtime.tv_nsec == st->st_mtim.tv_nsec &&
	       c->ctime.tv_sec == st->st_ctim.tv_sec &&
	       c->ctime.tv_nsec == st->st_ctim.tv_nsec;
}

static void record(struct cairn_cand *c, const struct stat *st, uint64_t now_ms)
{
	c->size = (int64_t)st->st_size;
	c->ino = (uint64_t)st->st_ino;
	c->mtime = st->st_mtim;
	c->ctime = st->st_ctim;
	c->uid = st->st_uid;
	c->seen_ms = now_ms;
}

/*
 * quiet_wait - ms until c has been quiet for settle_ms, 0 when it has: by
 * its mtime too, unless this host saw it change (then its mtime, which
 * the writer may set, says nothing).
 */
static uint64_t quiet_wait(const struct cairn_pending *p, const struct cairn_cand *c,
			   uint64_t now_ms, uint64_t wall_ms)
{
	uint64_t mtime_ms = (uint64_t)c->mtime.tv_sec * 1000 +
			    (uint64_t)c->mtime.tv_nsec / 1000000;
	uint64_t quiet = now_ms - c->seen_ms;

	if (!c->changed && wall_ms >= mtime_ms && wall_ms - mtime_ms > quiet)
		quiet = wall_ms - mtime_ms;
	return quiet >= p->settle_ms ? 0 : p->settle_ms - quiet;
}

/*
 * settles - whether a note leaves c settling: a change on this host, or c
 * moved back in as the same inode after one (a file renamed in is another).
 */
static int settles(const struct cairn_cand *c, const struct stat *st, int how)
{
	return how == CAIRN_NOTE_CHANGED ||
	       (how == CAIRN_NOTE_READY && c->changed && c->ino == (uint64_t)st->st_ino);
}

/* renote - a known, waiting c seen again as how says; 0, or -1 when dropped. */
static int renote(struct cairn_pending *p, struct cairn_cand *c, const struct stat *st,
		  int how, uint64_t now_ms, uint64_t wall_ms)
{
	int settle = settles(c, st, how);

	c->seen_scan = p->scan;
	if (same(c, st) && how != CAIRN_NOTE_CHANGED) {
		c->ready |= (how == CAIRN_NOTE_READY && !settle) ||
			    quiet_wait(p, c, now_ms, wall_ms) == 0;
		return 0;
	}
	unlink_order(p, c, 0);
	record(c, st, now_ms);
	if (how != CAIRN_NOTE_SCAN)
		c->changed = settle;
	c->ready = (how == CAIRN_NOTE_READY && !settle) || quiet_wait(p, c, now_ms, wall_ms) == 0;
	return insert_order(p, c);
}

struct cairn_cand *cairn_pending_note(struct cairn_pending *p, const char *name,
				      const struct stat *st, int how,
				      uint64_t now_ms, uint64_t wall_ms)
{
	struct cairn_cand *c = cairn_pending_find(p, name);

	if (c != NULL && c->running) {
		c->again |= how == CAIRN_NOTE_CHANGED ? CAIRN_AGAIN_CHANGED : CAIRN_AGAIN_READY;
		return c;
	}
	if (c != NULL) {
		if (renote(p, c, st, how, now_ms, wall_ms) < 0) {
			if (c->ready)
				cairn_pending_dropped_put(&p->dropped, name, c->ino, &c->ctime,
							  p->scan);
			cairn_pending_forget(p, c);
			return NULL;
		}
		return c;
	}
	/* Dropped for room when it was complete, and unchanged since: it still is. */
	if (how == CAIRN_NOTE_SCAN && p->dropped.n > 0 &&
	    cairn_pending_dropped_take(&p->dropped, name, st))
		how = CAIRN_NOTE_READY;
	c = cairn_xcalloc(1, sizeof(*c));
	c->name = cairn_xstrdup(name);
	c->pos = NOT_WAITING;
	c->first_ms = now_ms;
	c->first_wall_ms = wall_ms;
	c->seen_scan = p->scan;
	c->owner_gen = p->peers_gen - 1;
	c->changed = how == CAIRN_NOTE_CHANGED;
	record(c, st, now_ms);
	c->ready = how == CAIRN_NOTE_READY || quiet_wait(p, c, now_ms, wall_ms) == 0;
	if (insert_order(p, c) < 0) {
		if (c->ready)
			cairn_pending_dropped_put(&p->dropped, name, c->ino, &c->ctime, p->scan);
		free(c->name);
		free(c);
		return NULL;
	}
	if (p->count + 1 > p->tabsize)
		rehash(p);
	size_t h = cairn_fnv_name(name) & (p->tabsize - 1);
	c->hnext = p->tab[h];
	p->tab[h] = c;
	p->count++;
	return c;
}

/* owner_hash - the rendezvous weight of instance for name. */
static uint64_t owner_hash(const char *instance, const char *name)
{
	uint64_t h = (cairn_fnv_name(instance) ^ 0x9e3779b97f4a7c15ull) *
		     0xbf58476d1ce4e5b9ull;

	for (const char *s = name; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	h ^= h >> 31;
	h *= 0x94d049bb133111ebull;
	return h ^ (h >> 29);
}

/* owner_among - whether self outweighs every one of the n names for c. */
static int owner_among(const struct cairn_pending *p, const struct cairn_cand *c,
		       char *const *names, size_t n)
{
	uint64_t me = owner_hash(p->self, c->name);

	for (size_t i = 0; i < n; i++) {
		uint64_t h = owner_hash(names[i], c->name);

		if (!(h < me || (h == me && strcmp(names[i], p->self) < 0)))
			return 0;
	}
	return 1;
}

static int is_mine(struct cairn_pending *p, struct cairn_cand *c)
{
	if (p->npeers == 0)
		return 1;
	if (c->owner_gen != p->peers_gen) {
		c->mine = c->local ? owner_among(p, c, p->near, p->nnear) :
				     owner_among(p, c, p->peers, p->npeers);
		c->was_other |= !c->mine;
		c->owner_gen = p->peers_gen;
	}
	return c->mine;
}

int cairn_pending_mine(struct cairn_pending *p, struct cairn_cand *c)
{
	return is_mine(p, c) && !c->was_other;
}

void cairn_pending_drained(struct cairn_pending *p, uint64_t coarse_ms, uint64_t now_ms)
{
	if (coarse_ms > p->drained_ms)
		p->drained_ms = coarse_ms;
	p->drained_at = now_ms;
}

/*
 * in_order - whether c may go while files of one owner go in order: the
 * first of its uid's queue, arrived before drained_ms.  A file renamed
 * in on this host before drained_ms had its event read by then, so no
 * file of its owner that sorts before c is still unknown.  A file only a
 * scan finds (written on another host, or after an overflow) is outside
 * this: it is known when the scan reaches it.  Passing c over only for
 * drained_ms sets tick_wait: the caller reads the events again soon.
 */
static int in_order(struct cairn_pending *p, const struct cairn_cand *c)
{
	if (!p->in_order)
		return 1;
	if (c->uq == NULL || c != c->uq->first)
		return 0;
	if (cairn_pending_cand_ms(c) < p->drained_ms ||
	    p->drained_at >= c->seen_ms + DRAIN_SLACK_MS)
		return 1;
	p->tick_wait = 1;
	return 0;
}

struct cairn_cand *cairn_pending_pick(struct cairn_pending *p, uint64_t now_ms)
{
	size_t end = p->head + p->n;
	struct cairn_uidq *q = p->turn;

	p->tick_wait = 0;
	for (size_t k = 0; k < p->nuids; k++, q = q->next) {
		if (p->held != NULL && p->held(p->held_arg, q->uid))
			continue;
		for (struct cairn_cand *c = q->first; c != NULL; c = c->unext) {
			if (c->ready && is_mine(p, c) &&
			    (c->local || p->nnear == p->npeers ||
			     now_ms - c->first_ms >= p->prefer_ms) && in_order(p, c))
				return c;
			if (p->in_order)
				break;		/* its first or none */
		}
	}
	for (size_t i = end; i > p->head; i--) {
		struct cairn_cand *c = p->order[i - 1];

		if (c->ready && now_ms - c->first_ms >= p->steal_ms &&
		    (p->held == NULL || !p->held(p->held_arg, c->uid)) && in_order(p, c))
			return c;
	}
	return NULL;
}

void cairn_pending_local(struct cairn_pending *p, struct cairn_cand *c)
{
	if (!c->local)
		c->owner_gen = p->peers_gen - 1;	/* its owner is chosen anew */
	c->local = 1;
}

/* free_names - a NULL-terminated array of n names, and the array. */
static void free_names(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static size_t count_names(char **v)
{
	size_t n = 0;

	while (v != NULL && v[n] != NULL)
		n++;
	return n;
}

void cairn_pending_set_peers(struct cairn_pending *p, const char *self,
			     char **peers, char **near, uint64_t prefer_ms,
			     uint64_t steal_ms)
{
	free_names(p->peers, p->npeers);
	free_names(p->near, p->nnear);
	p->self = self;
	p->peers = peers;
	p->npeers = count_names(peers);
	p->near = near;
	p->nnear = count_names(near);
	p->prefer_ms = prefer_ms;
	p->steal_ms = steal_ms;
	p->peers_gen++;
}

int cairn_pending_seen(struct cairn_pending *p, const char *name)
{
	struct cairn_cand *c = cairn_pending_find(p, name);

	if (c == NULL || !c->ready || c->running)
		return 0;
	c->seen_scan = p->scan;
	return 1;
}

void cairn_pending_scan_begin(struct cairn_pending *p)
{
	p->scan++;
}

void cairn_pending_scan_end(struct cairn_pending *p)
{
	struct cairn_cand **gone = cairn_xmalloc((p->n ? p->n : 1) * sizeof(gone[0]));
	size_t ngone = 0;

	for (size_t i = p->head; i < p->head + p->n; i++)
		if (p->order[i]->seen_scan != p->scan)
			gone[ngone++] = p->order[i];
	for (size_t i = 0; i < ngone; i++)
		cairn_pending_forget(p, gone[i]);
	free(gone);
	cairn_pending_dropped_prune(&p->dropped, p->scan);
}

void cairn_pending_start(struct cairn_pending *p, struct cairn_cand *c)
{
	if (c->uq != NULL)
		p->turn = c->uq->next;
	unlink_order(p, c, 1);
	c->running = 1;
	c->again = 0;
}

long cairn_pending_settle(struct cairn_pending *p, uint64_t now_ms,
			  uint64_t wall_ms,
			  int (*restat)(void *ctx, const char *name, struct stat *st),
			  void *ctx)
{
	struct cairn_cand **todo = cairn_xmalloc((p->n ? p->n : 1) * sizeof(todo[0]));
	size_t ntodo = 0;
	long next = -1;

	/* A snapshot: repositioning below reorders p->order. */
	for (size_t i = p->head; i < p->head + p->n; i++)
		if (!p->order[i]->ready)
			todo[ntodo++] = p->order[i];
	for (size_t i = 0; i < ntodo; i++) {
		struct cairn_cand *c = todo[i];
		struct stat st;

		if (restat(ctx, c->name, &st) != 0) {
			cairn_pending_forget(p, c);
			continue;
		}
		if (!same(c, &st)) {
			/* unlinked first, so the insertion never evicts */
			unlink_order(p, c, 0);
			record(c, &st, now_ms);
			insert_order(p, c);
		}
		long wait = (long)quiet_wait(p, c, now_ms, wall_ms);

		if (wait == 0)
			c->ready = 1;
		else if (next < 0 || wait < next)
			next = wait;
	}
	free(todo);
	return next;
}
