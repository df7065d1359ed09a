/*
 * cairn_spool_status - the spool read for `cairn status`
 * (cairn_spool_status.h).  Every directory goes through cairn_dir_list()
 * with a keep() that counts the name and keeps nothing, so a pass holds
 * no name in memory but those it reports: the claimed files, one entry
 * per owner waiting, and a heap of the newest failures, bounded by how
 * many are shown.  The spool's directories are opened without following
 * symbolic links, as the daemon never follows one.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cairn_arrival.h"
#include "cairn_dir.h"
#include "cairn_held.h"
#include "cairn_mem.h"
#include "cairn_owner.h"
#include "cairn_spool_status.h"
#include "cairn_spool_dirs.h"
#include "cairn_spoolname.h"
#include "cairn_stat.h"

/* results/OWNER/history/ is the deepest a counted file is. */
#define USAGE_DEPTH 3

struct scan {
	struct cairn_spool_status *st;
	cairn_spool_status_warn_fn *warn;
	void *arg;
	int errors;
	char path[4096];		/* of the directory being read, for warn() */
	/* owners waiting: st->owners, found by uid through an open hash */
	size_t *slot, nslot, capowners;
	/* the newest failures, a heap with the oldest on top */
	struct cairn_spool_status_failure *heap;
	size_t nheap, maxheap;
	const char *owner;		/* failed/OWNER/ being read */
	struct cairn_spool_status_usage *usage;	/* what the directory adds to */
	int depth;
	struct cairn_spool_status_instance *inst;	/* processing/NAME/ being read */
};

int cairn_spool_status_ts_cmp(const struct timespec *a, const struct timespec *b)
{
	if (a->tv_sec != b->tv_sec)
		return a->tv_sec < b->tv_sec ? -1 : 1;
	return (a->tv_nsec > b->tv_nsec) - (a->tv_nsec < b->tv_nsec);
}

/* walk - list path under dir_fd (never through a link) with keep(): 0,
   or 1 when it could not be read (reported; a missing one is empty) */
static int walk(struct scan *sc, int dir_fd, const char *name, cairn_dir_keep_fn *keep)
{
	size_t len = strlen(sc->path);
	int fd = openat(dir_fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	int r = fd < 0 ? -errno : 0;
	char **none;

	snprintf(sc->path + len, sizeof(sc->path) - len, "%s%s", len ? "/" : "", name);
	if (fd >= 0) {
		r = cairn_dir_list(fd, ".", keep, sc, &none);
		if (r >= 0)
			cairn_dir_free(none);
		close(fd);
	}
	if (r < 0 && r != -ENOENT) {
		sc->warn(sc->arg, sc->path, -r);
		sc->errors++;
	}
	sc->path[len] = '\0';
	return r < 0 && r != -ENOENT;
}

static void owner_of(uint32_t uid, char out[CAIRN_OWNER_MAX + 1])
{
	/* A user database that cannot be read leaves the number. */
	if (cairn_owner_name((uid_t)uid, out) < 0)
		snprintf(out, CAIRN_OWNER_MAX + 1, "%lu", (unsigned long)uid);
}

/* owner_slot - where uid is, or would go, in the hash */
static size_t *owner_slot(struct scan *sc, uint32_t uid)
{
	size_t i = ((size_t)uid * 2654435761u) & (sc->nslot - 1);

	while (sc->slot[i] != 0 && sc->st->owners[sc->slot[i] - 1].uid != uid)
		i = (i + 1) & (sc->nslot - 1);
	return &sc->slot[i];
}

/* rehash - twice the slots, so that at most half are used */
static void rehash(struct scan *sc)
{
	size_t n = sc->nslot ? sc->nslot * 2 : 64;

	free(sc->slot);
	sc->slot = cairn_xcalloc(n, sizeof(sc->slot[0]));
	sc->nslot = n;
	for (size_t k = 0; k < sc->st->nowners; k++)
		*owner_slot(sc, sc->st->owners[k].uid) = k + 1;
}

/* waiting - count a file of incoming/ to its owner */
static void waiting(struct scan *sc, const struct stat *s)
{
	struct cairn_spool_status *st = sc->st;
	size_t *slot;

	if (2 * (st->nowners + 1) > sc->nslot)
		rehash(sc);
	slot = owner_slot(sc, (uint32_t)s->st_uid);
	if (*slot == 0) {
		struct cairn_spool_status_owner *o;

		st->owners = cairn_xgrow(st->owners, &sc->capowners, st->nowners + 1,
					 sizeof(st->owners[0]));
		o = &st->owners[st->nowners++];
		memset(o, 0, sizeof(*o));
		o->uid = (uint32_t)s->st_uid;
		o->oldest = s->st_ctim;
		*slot = st->nowners;
	}
	struct cairn_spool_status_owner *o = &st->owners[*slot - 1];

	o->usage.files++;
	o->usage.bytes += (uint64_t)s->st_size;
	if (cairn_spool_status_ts_cmp(&s->st_ctim, &o->oldest) < 0)
		o->oldest = s->st_ctim;
}

static int keep_waiting(int dir_fd, const char *name, void *arg)
{
	struct scan *sc = arg;
	struct stat s;

	/* One that vanished was claimed meanwhile. */
	if (cairn_spoolname_ignored(name) || cairn_stat_change(dir_fd, name, &s) < 0 ||
	    S_ISDIR(s.st_mode))
		return 0;
	sc->st->incoming.files++;
	sc->st->incoming.bytes += (uint64_t)s.st_size;
	waiting(sc, &s);
	return 0;
}

static void file_of(struct cairn_spool_status_file *f, const char *name, const struct stat *s)
{
	memset(f, 0, sizeof(*f));
	f->name = cairn_xstrdup(name);
	f->uid = (uint32_t)s->st_uid;
	f->bytes = (uint64_t)s->st_size;
	f->ctime = s->st_ctim;
}

static int keep_claimed(int dir_fd, const char *name, void *arg)
{
	struct scan *sc = arg;
	struct cairn_spool_status_instance *in = sc->inst;
	struct stat s;

	if (cairn_spoolname_ignored(name) || cairn_stat_change(dir_fd, name, &s) < 0 ||
	    S_ISDIR(s.st_mode))
		return 0;
	/* By its own name and its arrival, which its held name keeps. */
	struct cairn_held h;

	cairn_held_parse(name, &h);
	in->claimed = cairn_xgrow(in->claimed, &in->cap, in->nclaimed + 1, sizeof(in->claimed[0]));
	file_of(&in->claimed[in->nclaimed], h.name, &s);
	if (h.known)
		in->claimed[in->nclaimed].ctime = h.arrival;
	cairn_held_free(&h);
	owner_of(in->claimed[in->nclaimed].uid, in->claimed[in->nclaimed].owner);
	in->nclaimed++;
	in->usage.files++;
	in->usage.bytes += (uint64_t)s.st_size;
	return 0;
}

static int file_cmp(const void *pa, const void *pb)
{
	const struct cairn_spool_status_file *a = pa, *b = pb;

	return strcmp(a->name, b->name);
}

/* instance - processing/NAME/: its lock, then its claimed files */
static void instance(struct scan *sc, int dir_fd, const char *name)
{
	struct cairn_spool_status *st = sc->st;
	struct cairn_spool_status_instance *in;
	int fd = openat(dir_fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC), r;

	st->inst = cairn_xgrow(st->inst, &st->capinst, st->ninst + 1, sizeof(st->inst[0]));
	in = &st->inst[st->ninst++];
	memset(in, 0, sizeof(*in));
	in->name = cairn_xstrdup(name);
	r = fd < 0 ? -errno : cairn_lock_probe(fd, &in->holder);
	in->run = r < 0 ? CAIRN_SPOOL_STATUS_UNKNOWN :
		  r ? CAIRN_SPOOL_STATUS_RUNNING : CAIRN_SPOOL_STATUS_STOPPED;
	if (fd >= 0)
		close(fd);
	sc->inst = in;
	walk(sc, dir_fd, name, keep_claimed);
	if (in->nclaimed > 1)
		qsort(in->claimed, in->nclaimed, sizeof(in->claimed[0]), file_cmp);
}

static int keep_instance(int dir_fd, const char *name, void *arg)
{
	struct stat s;

	if (!cairn_spoolname_ignored(name) && cairn_stat_basic(dir_fd, name, &s) == 0 &&
	    S_ISDIR(s.st_mode))
		instance(arg, dir_fd, name);
	return 0;
}

/* keep_usage - count a file, or what is in a directory, to sc->usage */
static int keep_usage(int dir_fd, const char *name, void *arg)
{
	struct scan *sc = arg;
	struct stat s;
	/* Results held back (results/OWNER/.held/) are results all the same. */
	int held = strcmp(name, CAIRN_HELD_DIR) == 0;

	if ((cairn_spoolname_ignored(name) && !held) || cairn_stat_basic(dir_fd, name, &s) < 0)
		return 0;
	if (S_ISDIR(s.st_mode)) {
		if (sc->depth < USAGE_DEPTH) {
			sc->depth += !held;
			walk(sc, dir_fd, name, keep_usage);
			sc->depth -= !held;
		}
		return 0;
	}
	sc->usage->files++;
	sc->usage->bytes += (uint64_t)s.st_size;
	return 0;
}

/* newer - whether failure a comes before b: newest first, then by owner, name */
static int newer(const struct cairn_spool_status_failure *a,
		 const struct cairn_spool_status_failure *b)
{
	int c = cairn_spool_status_ts_cmp(&a->f.ctime, &b->f.ctime);

	if (c == 0 && (c = -strcmp(a->f.owner, b->f.owner)) == 0)
		c = -strcmp(a->f.name, b->f.name);
	return c > 0;
}

/* sift - restore the heap (the last to be shown on top) from i down */
static void sift(struct scan *sc, size_t i)
{
	struct cairn_spool_status_failure *h = sc->heap, t;

	for (;;) {
		size_t l = 2 * i + 1, m = i;

		if (l < sc->nheap && newer(&h[m], &h[l]))
			m = l;
		if (l + 1 < sc->nheap && newer(&h[m], &h[l + 1]))
			m = l + 1;
		if (m == i)
			return;
		t = h[i], h[i] = h[m], h[m] = t;
		i = m;
	}
}

/* failure - keep a stored failure if it is among the newest */
static void failure(struct scan *sc, const char *name, const struct stat *s)
{
	struct cairn_spool_status_failure f = { .f.ctime = s->st_ctim };
	size_t i;

	snprintf(f.f.owner, sizeof(f.f.owner), "%s", sc->owner);
	f.f.name = (char *)name;
	if (sc->maxheap == 0 || (sc->nheap == sc->maxheap && !newer(&f, &sc->heap[0])))
		return;
	file_of(&f.f, name, s);
	snprintf(f.f.owner, sizeof(f.f.owner), "%s", sc->owner);
	if (sc->nheap == sc->maxheap) {
		free(sc->heap[0].f.name);
		sc->heap[0] = f;
		sift(sc, 0);
		return;
	}
	/* Up from the bottom while it is older than its parent. */
	for (i = sc->nheap++; i > 0 && newer(&sc->heap[(i - 1) / 2], &f); i = (i - 1) / 2)
		sc->heap[i] = sc->heap[(i - 1) / 2];
	sc->heap[i] = f;
}

static int keep_failed(int dir_fd, const char *name, void *arg)
{
	struct scan *sc = arg;
	struct stat s;

	if (cairn_spoolname_ignored(name) || cairn_stat_change(dir_fd, name, &s) < 0)
		return 0;
	if (S_ISDIR(s.st_mode))
		return keep_usage(dir_fd, name, arg);
	sc->usage->files++;
	sc->usage->bytes += (uint64_t)s.st_size;
	failure(sc, name, &s);
	return 0;
}

static int keep_failed_owner(int dir_fd, const char *name, void *arg)
{
	struct scan *sc = arg;
	struct stat s;

	if (!cairn_origin_owner_safe(name) || cairn_stat_basic(dir_fd, name, &s) < 0 ||
	    !S_ISDIR(s.st_mode))
		return 0;
	sc->owner = name;
	sc->depth = 2;
	walk(sc, dir_fd, name, keep_failed);
	return 0;
}

/* arrival - the record of failed/OWNER/NAME says: name and time */
static void arrival(int root_fd, struct cairn_spool_status_failure *f)
{
	char *path = cairn_xasprintf(CAIRN_DIR_FAILED "/%s", f->f.owner);
	int fd = cairn_spool_status_open(root_fd, path, O_RDONLY | O_DIRECTORY);

	free(path);
	if (fd < 0)
		return;
	cairn_arrival_read(fd, f->f.name, &f->result_name, &f->arrival);
	close(fd);
}

static int failure_cmp(const void *pa, const void *pb)
{
	return newer(pb, pa) - newer(pa, pb);
}

static int owner_cmp(const void *pa, const void *pb)
{
	const struct cairn_spool_status_owner *a = pa, *b = pb;
	int c = strcmp(a->owner, b->owner);

	return c != 0 ? c : (a->uid > b->uid) - (a->uid < b->uid);
}

static int instance_cmp(const void *pa, const void *pb)
{
	const struct cairn_spool_status_instance *a = pa, *b = pb;

	return strcmp(a->name, b->name);
}

/* finish - owners named and sorted, failures with their records, newest first */
static void finish(struct scan *sc, int root_fd)
{
	struct cairn_spool_status *st = sc->st;

	for (size_t k = 0; k < st->nowners; k++)
		owner_of(st->owners[k].uid, st->owners[k].owner);
	if (st->nowners > 1)
		qsort(st->owners, st->nowners, sizeof(st->owners[0]), owner_cmp);
	if (st->ninst > 1)
		qsort(st->inst, st->ninst, sizeof(st->inst[0]), instance_cmp);
	st->failures = sc->heap;
	st->nfailures = sc->nheap;
	if (st->nfailures > 1)
		qsort(st->failures, st->nfailures, sizeof(st->failures[0]), failure_cmp);
	for (size_t k = 0; k < st->nfailures; k++)
		arrival(root_fd, &st->failures[k]);
	free(sc->slot);
}

int cairn_spool_status_read(struct cairn_spool_status *st, int root_fd, size_t max_failures,
			    cairn_spool_status_warn_fn *warn, void *arg)
{
	struct scan sc = { .st = st, .warn = warn, .arg = arg, .maxheap = max_failures };

	memset(st, 0, sizeof(*st));
	if (max_failures > 0)
		sc.heap = cairn_xcalloc(max_failures, sizeof(sc.heap[0]));
	walk(&sc, root_fd, CAIRN_DIR_INCOMING, keep_waiting);
	walk(&sc, root_fd, CAIRN_DIR_PROCESSING, keep_instance);
	sc.usage = &st->failed;
	walk(&sc, root_fd, CAIRN_DIR_FAILED, keep_failed_owner);
	sc.usage = &st->done;
	sc.depth = 1;
	walk(&sc, root_fd, CAIRN_DIR_DONE, keep_usage);
	sc.usage = &st->results;
	sc.depth = 1;
	walk(&sc, root_fd, CAIRN_DIR_RESULTS, keep_usage);
	finish(&sc, root_fd);
	return sc.errors;
}

void cairn_spool_status_free(struct cairn_spool_status *st)
{
	for (size_t i = 0; i < st->ninst; i++) {
		for (size_t k = 0; k < st->inst[i].nclaimed; k++)
			free(st->inst[i].claimed[k].name);
		free(st->inst[i].claimed);
		free(st->inst[i].name);
	}
	free(st->inst);
	free(st->owners);
	for (size_t k = 0; k < st->nfailures; k++) {
		free(st->failures[k].f.name);
		free(st->failures[k].result_name);
	}
	free(st->failures);
	memset(st, 0, sizeof(*st));
}

int cairn_spool_status_open(int dir_fd, const char *path, int flags)
{
	char *copy = cairn_xstrdup(path), *p = copy, *slash;
	int fd = dir_fd, next = 0, e;

	/* Each directory on the way, then the file, without following a link. */
	while (next >= 0 && (slash = strchr(p, '/')) != NULL) {
		*slash = '\0';
		next = openat(fd, p, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		e = errno;
		if (fd != dir_fd)
			close(fd);
		fd = next;
		p = slash + 1;
	}
	if (next >= 0) {
		next = openat(fd, p, flags | O_NOFOLLOW | O_CLOEXEC);
		e = errno;
		if (fd != dir_fd)
			close(fd);
	}
	free(copy);
	errno = e;
	return next;
}
