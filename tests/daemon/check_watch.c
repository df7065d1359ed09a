/*
 * check_watch - unit tests of the pending set and of the watcher.
 *
 * The pending set is tested as data: oldest first by (mtime, name), the
 * bound with its eviction of the youngest, running names remembering
 * events, settling driven by a fake stat, and what each kind of note
 * leaves (a close on this host settles whatever the mtime).  The watcher
 * is tested on a real temporary spool with a real libuv loop: a file
 * moved in is ready at once, one written in place and a file found by the
 * scan only after settle_ms, ignored names
 * never, and a new incoming/ made in place of a deleted one is watched
 * at once (the periodic check re-creates a missing one: comeback.sh);
 * each test closes every
 * handle and asserts that uv_loop_close() succeeds.
 */
#include "config.h"

#include <check.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <uv.h>

#include "cairn_log.h"
#include "cairn_mem.h"
#include "cairn_pending.h"
#include "cairn_spool.h"
#include "cairn_watch.h"
#include "check_run.h"
#include "check_tmpdir.h"

static struct stat fake(long sec, long ino, long size)
{
	struct stat st;

	memset(&st, 0, sizeof(st));
	st.st_mtim.tv_sec = sec;
	st.st_ino = (ino_t)ino;
	st.st_size = size;
	return st;
}

/* arrived - st with its ctime (its arrival) at ms since the epoch. */
static struct stat arrived(struct stat st, uint64_t ms)
{
	st.st_ctim.tv_sec = (time_t)(ms / 1000);
	st.st_ctim.tv_nsec = (long)(ms % 1000) * 1000000;
	return st;
}

/* order_of - the names of the waiting set, in order, space-separated. */
static const char *order_of(const struct cairn_pending *p)
{
	static char buf[512];

	buf[0] = '\0';
	for (size_t i = 0; i < p->n; i++) {
		strcat(buf, i ? " " : "");
		strcat(buf, p->order[p->head + i]->name);
	}
	return buf;
}

/* wall clock far in the future: every fake mtime is old enough */
#define LATE 4000000000000ull

/*
 * Oldest first means arrived first (then by name): the mtimes, which
 * writers set, say the opposite here and count for nothing, and so does
 * the order of the notes.
 */
START_TEST(test_oldest_first)
{
	struct cairn_pending p;
	struct stat a = arrived(fake(1, 1, 1), 30), b = arrived(fake(3, 2, 1), 10);
	struct stat c = arrived(fake(4, 3, 1), 10), d = arrived(fake(2, 4, 1), 20);

	cairn_pending_init(&p, 10, 500);
	cairn_pending_note(&p, "c.yaml", &a, 1, 1, LATE);
	cairn_pending_note(&p, "b.yaml", &b, 1, 2, LATE);
	cairn_pending_note(&p, "a.yaml", &c, 1, 3, LATE);
	cairn_pending_note(&p, "z.yaml", &d, 1, 4, LATE);
	ck_assert_str_eq(order_of(&p), "a.yaml b.yaml z.yaml c.yaml");
	const char *want[] = { "a.yaml", "b.yaml", "z.yaml", "c.yaml" };
	for (int i = 0; i < 4; i++) {
		struct cairn_cand *x = cairn_pending_pick(&p, 0);

		ck_assert_str_eq(x->name, want[i]);
		cairn_pending_start(&p, x);
		ck_assert_ptr_eq(cairn_pending_find(&p, want[i]), x);
		cairn_pending_forget(&p, x);
		ck_assert_ptr_null(cairn_pending_find(&p, want[i]));
	}
	ck_assert_ptr_null(cairn_pending_pick(&p, 0));
	ck_assert_uint_eq(p.count, 0);
	cairn_pending_free(&p);
}
END_TEST

/*
 * Quiet after close (doc/spool.md): what a sequence of notes of one name
 * leaves.  Each step is a note (how, at now ms, of inode ino and size) and
 * whether the name is then ready; settle_ms is 500 and every mtime is old
 * (hours before the wall clock), as cp -p leaves it.
 */
struct note_step {
	int how;
	uint64_t now;
	long ino, size;
	int ready;
};

static const struct {
	const char *what;
	struct note_step steps[4];
	int n;
} note_cases[] = {
	{ "renamed in: at once", { { CAIRN_NOTE_READY, 0, 1, 9, 1 } }, 1 },
	{ "scanned, old mtime: at once", { { CAIRN_NOTE_SCAN, 0, 1, 9, 1 } }, 1 },
	{ "closed here, old mtime: settle_ms after the close",
	  { { CAIRN_NOTE_CHANGED, 0, 1, 9, 0 }, { CAIRN_NOTE_SCAN, 499, 1, 9, 0 },
	    { CAIRN_NOTE_SCAN, 500, 1, 9, 1 } }, 3 },
	{ "reopened within settle_ms: waited for",
	  { { CAIRN_NOTE_CHANGED, 0, 1, 9, 0 }, { CAIRN_NOTE_CHANGED, 400, 1, 20, 0 },
	    { CAIRN_NOTE_SCAN, 800, 1, 20, 0 }, { CAIRN_NOTE_SCAN, 900, 1, 20, 1 } }, 4 },
	{ "a close without a write pushes too",
	  { { CAIRN_NOTE_CHANGED, 0, 1, 9, 0 }, { CAIRN_NOTE_CHANGED, 300, 1, 9, 0 },
	    { CAIRN_NOTE_SCAN, 700, 1, 9, 0 }, { CAIRN_NOTE_SCAN, 800, 1, 9, 1 } }, 4 },
	{ "put back by the daemon (same inode): settles",
	  { { CAIRN_NOTE_CHANGED, 0, 1, 9, 0 }, { CAIRN_NOTE_READY, 10, 1, 9, 0 },
	    { CAIRN_NOTE_SCAN, 510, 1, 9, 1 } }, 3 },
	{ "another file renamed over it: at once",
	  { { CAIRN_NOTE_CHANGED, 0, 1, 9, 0 }, { CAIRN_NOTE_READY, 10, 2, 9, 1 } }, 2 },
};

START_TEST(test_note_kinds)
{
	struct cairn_pending p;
	const struct note_step *s = note_cases[_i].steps;

	cairn_pending_init(&p, 10, 500);
	for (int k = 0; k < note_cases[_i].n; k++) {
		struct stat st = fake(1000, s[k].ino, s[k].size);
		struct cairn_cand *c = cairn_pending_note(&p, "f.yaml", &st, s[k].how,
							  s[k].now, 3600000000ull);

		ck_assert_ptr_nonnull(c);
		ck_assert_msg(c->ready == s[k].ready, "%s: step %d ready %d", note_cases[_i].what,
			      k, c->ready);
	}
	cairn_pending_free(&p);
}
END_TEST

/* While a name runs, a change is remembered as such: it settles after. */
START_TEST(test_again_changed)
{
	struct cairn_pending p;
	struct stat st = fake(1, 1, 1);
	struct cairn_cand *c;

	cairn_pending_init(&p, 10, 500);
	c = cairn_pending_note(&p, "f.yaml", &st, CAIRN_NOTE_READY, 0, LATE);
	cairn_pending_start(&p, c);
	cairn_pending_note(&p, "f.yaml", &st, CAIRN_NOTE_READY, 1, LATE);
	ck_assert_int_eq(c->again, CAIRN_AGAIN_READY);
	cairn_pending_note(&p, "f.yaml", &st, CAIRN_NOTE_CHANGED, 2, LATE);
	ck_assert_int_eq(c->again, CAIRN_AGAIN_READY | CAIRN_AGAIN_CHANGED);
	cairn_pending_forget(&p, c);
	cairn_pending_free(&p);
}
END_TEST

/* take_all - pick, start and forget until nothing is picked; the names. */
static const char *take_all(struct cairn_pending *p, uint64_t now)
{
	static char buf[2048];
	struct cairn_cand *c;

	buf[0] = '\0';
	while ((c = cairn_pending_pick(p, now)) != NULL) {
		strcat(buf, buf[0] ? " " : "");
		strcat(buf, c->name);
		cairn_pending_start(p, c);
		cairn_pending_forget(p, c);
	}
	return buf;
}

static char **names_of(const char *a, const char *b)
{
	char **v = cairn_xcalloc(3, sizeof(v[0]));

	v[0] = cairn_xstrdup(a);
	v[1] = b ? cairn_xstrdup(b) : NULL;
	return v;
}

/*
 * two_instances - pending sets of "alpha" and "beta", each the other's
 * peer, and (with near) on the same mount.
 */
static void two_instances(struct cairn_pending *pa, struct cairn_pending *pb,
			  uint64_t prefer_ms, uint64_t steal_ms, int near)
{
	cairn_pending_init(pa, 100, 0);
	cairn_pending_init(pb, 100, 0);
	cairn_pending_set_peers(pa, "alpha", names_of("beta", NULL),
				near ? names_of("beta", NULL) : NULL, prefer_ms, steal_ms);
	cairn_pending_set_peers(pb, "beta", names_of("alpha", NULL),
				near ? names_of("alpha", NULL) : NULL, prefer_ms, steal_ms);
}

/*
 * Two instances share out the files: each name is preferred by exactly
 * one of them; the other's are taken after steal_ms, newest first.
 */
START_TEST(test_owners)
{
	struct cairn_pending pa, pb;
	char mine_a[2048], mine_b[2048], name[16];
	int na = 0, nb = 0;

	two_instances(&pa, &pb, 0, 1000, 0);
	for (int i = 0; i < 40; i++) {
		struct stat st = fake(i + 1, i + 1, 1);

		snprintf(name, sizeof(name), "f%02d", i);
		cairn_pending_note(&pa, name, &st, 1, 0, LATE);
		cairn_pending_note(&pb, name, &st, 1, 0, LATE);
	}
	strcpy(mine_a, take_all(&pa, 999));
	strcpy(mine_b, take_all(&pb, 999));
	for (int i = 0; i < 40; i++) {
		snprintf(name, sizeof(name), "f%02d", i);
		int a = strstr(mine_a, name) != NULL, b = strstr(mine_b, name) != NULL;

		ck_assert_msg(a != b, "%s: alpha %d beta %d", name, a, b);
		na += a;
		nb += b;
	}
	ck_assert_msg(na >= 10 && nb >= 10, "alpha %d beta %d", na, nb);
	/* Once they have waited, alpha takes beta's too: newest first. */
	ck_assert_uint_eq(pa.n, (size_t)nb);
	struct cairn_cand *c = cairn_pending_pick(&pa, 1000);
	ck_assert_ptr_eq(c, pa.order[pa.head + pa.n - 1]);
	ck_assert_int_eq(strstr(mine_b, c->name) != NULL, 1);
	/* A dead peer (no lock): everything is alpha's at once. */
	cairn_pending_set_peers(&pa, "alpha", names_of("gamma", "delta"), NULL, 0, 1000);
	cairn_pending_set_peers(&pa, "alpha", NULL, NULL, 0, 1000);
	ck_assert_ptr_eq(cairn_pending_pick(&pa, 0), pa.order[pa.head]);
	cairn_pending_free(&pa);
	cairn_pending_free(&pb);
}
END_TEST

/* note_as - NAME of uid, size bytes, renamed in and noted at now_ms. */
static void note_as(struct cairn_pending *p, const char *name, uid_t uid, long size,
		    uint64_t now_ms)
{
	struct stat st = arrived(fake(1, (long)now_ms * 100 + size, size), now_ms);

	st.st_uid = uid;
	ck_assert_ptr_nonnull(cairn_pending_note(p, name, &st, CAIRN_NOTE_READY, now_ms, LATE));
}

/* overs - the waiting names marked over max_bytes, in order. */
static const char *overs(const struct cairn_pending *p)
{
	static char buf[512];

	buf[0] = '\0';
	for (size_t i = 0; i < p->n; i++) {
		const struct cairn_cand *c = p->order[p->head + i];

		if (c->over) {
			strcat(buf, buf[0] ? " " : "");
			strcat(buf, c->name);
		}
	}
	return buf;
}

/*
 * max_incoming_bytes_per_owner: in each uid's order (arrival, then
 * by name, whatever order the notes came in), a file that would bring
 * its uid's counted bytes past max_bytes is over; a smaller one after it
 * may fit; one over stays over; a file that leaves, or grows (a new
 * ctime: it moves to the end), counts again from where it is.  Other
 * uids count apart.
 */
START_TEST(test_max_bytes)
{
	struct cairn_pending p;

	cairn_pending_init(&p, 100, 0);
	cairn_pending_set_max_bytes(&p, 100);
	note_as(&p, "c", 1, 60, 5);
	note_as(&p, "b", 1, 30, 5);
	ck_assert_str_eq(overs(&p), "");
	note_as(&p, "a", 1, 50, 5);		/* before b and c: c goes past */
	ck_assert_str_eq(overs(&p), "c");
	note_as(&p, "d", 1, 15, 6);		/* 50 + 30 + 15 */
	note_as(&p, "e", 1, 10, 6);
	note_as(&p, "x", 2, 100, 6);		/* exactly the cap: another uid's */
	note_as(&p, "y", 3, 101, 6);
	ck_assert_str_eq(overs(&p), "c e y");
	ck_assert_uint_eq(p.turn->bytes, 95);
	struct cairn_cand *a = cairn_pending_find(&p, "a");
	cairn_pending_start(&p, a);
	cairn_pending_forget(&p, a);
	note_as(&p, "f", 1, 50, 7);		/* 30 + 15 + 50 */
	ck_assert_str_eq(overs(&p), "c e y");
	note_as(&p, "d", 1, 80, 8);		/* grew, a new ctime: last, 30 + 50 + 80 */
	ck_assert_str_eq(overs(&p), "c e y d");
	ck_assert_str_eq(order_of(&p), "b c e x y f d");
	/* No cap: what joins counts, nothing is over. */
	cairn_pending_set_max_bytes(&p, 0);
	note_as(&p, "g", 3, 1000, 9);
	ck_assert_str_eq(overs(&p), "c e y d");
	cairn_pending_free(&p);
}
END_TEST

/* held_uid - the `held` filter of test_held: the uid in *arg waits */
static int held_uid(void *arg, uid_t uid)
{
	return uid == *(uid_t *)arg;
}

/*
 * A uid that `held` holds (files of one owner one at a time, while a
 * problem set has max_submissions) is passed over, others go ahead; once
 * released its oldest file comes first again.
 */
START_TEST(test_held)
{
	struct cairn_pending p;
	struct stat a = fake(1, 1, 1), b = fake(1, 2, 1), c = fake(1, 3, 1);
	uid_t held = 1001;

	a.st_uid = b.st_uid = 1001;
	c.st_uid = 1002;
	cairn_pending_init(&p, 10, 500);
	cairn_pending_note(&p, "a.yaml", &a, 1, 10, LATE);
	cairn_pending_note(&p, "b.yaml", &b, 1, 11, LATE);
	cairn_pending_note(&p, "c.yaml", &c, 1, 12, LATE);
	p.held = held_uid;
	p.held_arg = &held;
	struct cairn_cand *x = cairn_pending_pick(&p, 0);
	ck_assert_str_eq(x->name, "c.yaml");
	cairn_pending_start(&p, x);
	cairn_pending_forget(&p, x);
	ck_assert_ptr_null(cairn_pending_pick(&p, 0));
	held = 0;
	ck_assert_str_eq(cairn_pending_pick(&p, 0)->name, "a.yaml");
	cairn_pending_free(&p);
}
END_TEST

/*
 * A file learnt of through inotify is this host's: taken at once, oldest
 * first, whatever the hash.  The other instance, which finds the same
 * files only by a scan, takes the ones it owns after prefer_ms (oldest
 * first) and the rest after steal_ms (newest first).
 */
START_TEST(test_local_first)
{
	struct cairn_pending pa, pb;
	char name[16], want[2048] = "", owned[2048] = "";
	int nowned = 0;

	two_instances(&pa, &pb, 500, 1000, 0);
	for (int i = 0; i < 20; i++) {
		struct stat st = fake(i + 1, i + 1, 1);

		snprintf(name, sizeof(name), "f%02d", i);
		cairn_pending_local(&pa, cairn_pending_note(&pa, name, &st, 1, 0, LATE));
		cairn_pending_note(&pb, name, &st, 0, 0, LATE);
		strcat(want, want[0] ? " " : "");
		strcat(want, name);
	}
	ck_assert_str_eq(take_all(&pa, 0), want);
	ck_assert_ptr_null(cairn_pending_pick(&pb, 499));
	for (struct cairn_cand *c; (c = cairn_pending_pick(&pb, 500)) != NULL; nowned++) {
		/* beta's own, by the hash, oldest first */
		ck_assert_msg(strcmp(c->name, pb.order[pb.head]->name) == 0 ||
			      !cairn_pending_mine(&pb, pb.order[pb.head]), "%s", c->name);
		strcat(owned, " ");
		strcat(owned, c->name);
		cairn_pending_start(&pb, c);
		cairn_pending_forget(&pb, c);
	}
	ck_assert_msg(nowned >= 3 && nowned <= 17, "beta owns %d of 20", nowned);
	ck_assert_uint_eq(pb.n, (size_t)(20 - nowned));
	struct cairn_cand *c = cairn_pending_pick(&pb, 1000);
	ck_assert_ptr_eq(c, pb.order[pb.head + pb.n - 1]);
	ck_assert_ptr_null(strstr(owned, c->name));
	cairn_pending_free(&pa);
	cairn_pending_free(&pb);
}
END_TEST

/*
 * Two instances on one mount both learn of every file through inotify:
 * they share them out by the hash, at once, as if none were local.
 */
START_TEST(test_near_share)
{
	struct cairn_pending pa, pb;
	char name[16], mine_a[2048], mine_b[2048];

	two_instances(&pa, &pb, 500, 1000, 1);
	for (int i = 0; i < 20; i++) {
		struct stat st = fake(i + 1, i + 1, 1);

		snprintf(name, sizeof(name), "f%02d", i);
		cairn_pending_local(&pa, cairn_pending_note(&pa, name, &st, 1, 0, LATE));
		cairn_pending_local(&pb, cairn_pending_note(&pb, name, &st, 1, 0, LATE));
	}
	strcpy(mine_a, take_all(&pa, 0));
	strcpy(mine_b, take_all(&pb, 0));
	ck_assert_uint_eq(pa.n + pb.n, 20);
	for (int i = 0; i < 20; i++) {
		snprintf(name, sizeof(name), "f%02d", i);
		ck_assert_msg((strstr(mine_a, name) != NULL) != (strstr(mine_b, name) != NULL),
			      "%s: alpha \"%s\" beta \"%s\"", name, mine_a, mine_b);
	}
	/* scanned files with only near peers: the owner does not wait */
	struct stat st = fake(99, 99, 1);
	for (int i = 0; i < 8; i++) {
		snprintf(name, sizeof(name), "s%02d", i);
		cairn_pending_note(&pa, name, &st, 0, 0, LATE);
	}
	ck_assert_ptr_nonnull(cairn_pending_pick(&pa, 0));
	cairn_pending_free(&pa);
	cairn_pending_free(&pb);
}
END_TEST

/* A full scan forgets waiting names it did not see; seen ones stay. */
START_TEST(test_scan_prunes)
{
	struct cairn_pending p;
	struct stat s1 = fake(1, 1, 1), s2 = fake(2, 2, 1), s3 = fake(3, 3, 1);

	cairn_pending_init(&p, 10, 500);
	cairn_pending_note(&p, "a", &s1, 1, 0, LATE);
	cairn_pending_note(&p, "b", &s2, 1, 0, LATE);
	cairn_pending_note(&p, "c", &s3, 0, 0, 0);	/* still settling */
	cairn_pending_scan_begin(&p);
	ck_assert_int_eq(cairn_pending_seen(&p, "a"), 1);
	ck_assert_int_eq(cairn_pending_seen(&p, "c"), 0);	/* needs a stat */
	ck_assert_int_eq(cairn_pending_seen(&p, "zz"), 0);
	cairn_pending_note(&p, "c", &s3, 0, 0, 0);
	cairn_pending_scan_end(&p);
	ck_assert_str_eq(order_of(&p), "a c");
	ck_assert_ptr_null(cairn_pending_find(&p, "b"));
	cairn_pending_free(&p);
}
END_TEST

START_TEST(test_bounded)
{
	struct cairn_pending p;
	struct stat s5 = arrived(fake(5, 1, 1), 5), s6 = arrived(fake(6, 2, 1), 6);
	struct stat s7 = arrived(fake(7, 3, 1), 7), s1 = arrived(fake(1, 4, 1), 5);

	cairn_pending_init(&p, 2, 0);
	ck_assert_ptr_nonnull(cairn_pending_note(&p, "x", &s5, 1, 5, LATE));
	ck_assert_ptr_nonnull(cairn_pending_note(&p, "y", &s6, 1, 6, LATE));
	ck_assert_int_eq(p.missed, 0);
	/* arrived after everything kept: dropped */
	ck_assert_ptr_null(cairn_pending_note(&p, "w", &s7, 1, 7, LATE));
	ck_assert_int_eq(p.missed, 1);
	ck_assert_ptr_null(cairn_pending_find(&p, "w"));
	/* arrived before (by name, at the same ms): the youngest kept makes room */
	ck_assert_ptr_nonnull(cairn_pending_note(&p, "a", &s1, 1, 5, LATE));
	ck_assert_str_eq(order_of(&p), "a x");
	ck_assert_ptr_null(cairn_pending_find(&p, "y"));
	ck_assert_uint_eq(p.count, 2);
	cairn_pending_free(&p);
}
END_TEST

/*
 * Taking the oldest, adding older, younger and middle names, dropping the
 * youngest when full: after every step the waiting set is sorted by
 * arrival and every candidate knows its place (a reference model in the
 * test agrees; the mtimes are random and count for nothing).
 */
START_TEST(test_order_model)
{
	struct cairn_pending p;
	long ref[64];		/* arrivals of the waiting names, sorted */
	size_t nref = 0;
	uint32_t rnd = 12345;

	cairn_pending_init(&p, 48, 0);
	for (long step = 0; step < 3000; step++) {
		rnd = rnd * 1103515245u + 12345u;
		if ((rnd >> 16) % 3 == 0 && nref > 0) {
			struct cairn_cand *c = cairn_pending_pick(&p, 0);

			ck_assert_ptr_nonnull(c);
			ck_assert_uint_eq(cairn_pending_cand_ms(c), (uint64_t)ref[0]);
			cairn_pending_start(&p, c);
			cairn_pending_forget(&p, c);
			memmove(ref, ref + 1, --nref * sizeof(ref[0]));
			continue;
		}
		long t = 1000000 + (long)((rnd >> 8) % 4) * 1000 + step;
		char name[32];
		struct stat st;
		size_t at = 0;

		if ((rnd >> 20) % 2)
			t = 1000000 - step;	/* older than all */
		snprintf(name, sizeof(name), "f%ld", step);
		st = arrived(fake((long)(rnd % 5000), step + 1, 1), (uint64_t)t);
		while (at < nref && ref[at] < t)
			at++;
		struct cairn_cand *c = cairn_pending_note(&p, name, &st, 1, (uint64_t)t, LATE);
		if (nref == 48) {
			if (at == nref) {
				ck_assert_ptr_null(c);
				continue;
			}
			nref--;		/* the youngest made room */
		}
		ck_assert_ptr_nonnull(c);
		memmove(ref + at + 1, ref + at, (nref - at) * sizeof(ref[0]));
		ref[at] = t;
		nref++;
		ck_assert_uint_eq(p.n, nref);
		for (size_t i = 0; i < p.n; i++) {
			ck_assert_uint_eq(cairn_pending_cand_ms(p.order[p.head + i]), (uint64_t)ref[i]);
			ck_assert_uint_eq(p.order[p.head + i]->pos, p.head + i);
		}
	}
	cairn_pending_free(&p);
}
END_TEST

START_TEST(test_running_remembers)
{
	struct cairn_pending p;
	struct stat s = fake(5, 1, 1), t = fake(9, 2, 1);
	struct cairn_cand *c;

	cairn_pending_init(&p, 10, 0);
	c = cairn_pending_note(&p, "hw1.yaml", &s, 1, 0, LATE);
	cairn_pending_start(&p, c);
	ck_assert_uint_eq(p.n, 0);
	ck_assert_ptr_eq(cairn_pending_note(&p, "hw1.yaml", &t, 1, 0, LATE), c);
	ck_assert_int_eq(c->again, 1);
	ck_assert_uint_eq(p.n, 0);
	ck_assert_ptr_null(cairn_pending_pick(&p, 0));
	cairn_pending_free(&p);
}
END_TEST

static struct stat restat_result;
static int restat_gone;

static int fake_restat(void *ctx, const char *name, struct stat *st)
{
	(void)ctx; (void)name;
	*st = restat_result;
	return restat_gone;
}

START_TEST(test_settle)
{
	struct cairn_pending p;
	/* mtime 100 s after the epoch; the wall clock says 100.2 s */
	struct stat s = fake(100, 1, 10), grown = fake(100, 1, 20);
	struct cairn_cand *c;

	cairn_pending_init(&p, 10, 500);
	c = cairn_pending_note(&p, "slow.yaml", &s, 0, 1000, 100200);
	ck_assert_int_eq(c->ready, 0);
	ck_assert_ptr_null(cairn_pending_pick(&p, 0));
	restat_result = s;
	restat_gone = 0;
	/* 200 ms later, unchanged, but quiet for only 400 ms by its mtime */
	ck_assert_int_eq(cairn_pending_settle(&p, 1200, 100400, fake_restat, NULL), 100);
	ck_assert_int_eq(c->ready, 0);
	/* it grew: the quiet time starts again from now (mtime is unchanged) */
	restat_result = grown;
	ck_assert_int_eq(cairn_pending_settle(&p, 1300, 100300 - 300, fake_restat, NULL), 500);
	ck_assert_int_eq(c->ready, 0);
	ck_assert_int_eq(cairn_pending_settle(&p, 1800, 100000, fake_restat, NULL), -1);
	ck_assert_int_eq(c->ready, 1);
	ck_assert_ptr_eq(cairn_pending_pick(&p, 0), c);
	/* an event makes a settling file ready at once */
	struct stat n = fake(200, 2, 1);
	struct cairn_cand *e = cairn_pending_note(&p, "new.yaml", &n, 0, 1800, 200000);
	ck_assert_int_eq(e->ready, 0);
	ck_assert_ptr_eq(cairn_pending_note(&p, "new.yaml", &n, 1, 1800, 200000), e);
	ck_assert_int_eq(e->ready, 1);
	/* a settling file that vanished is forgotten */
	struct stat g = fake(300, 3, 1);
	cairn_pending_note(&p, "gone.yaml", &g, 0, 1800, 300000);
	restat_gone = 1;
	ck_assert_int_eq(cairn_pending_settle(&p, 1900, 300100, fake_restat, NULL), -1);
	ck_assert_ptr_null(cairn_pending_find(&p, "gone.yaml"));
	ck_assert_uint_eq(p.n, 2);
	cairn_pending_free(&p);
}
END_TEST

/* --- the watcher on a real spool --- */

static struct cairn_spool sp;

static void setup(void)
{
	char err[256];

	cairn_log_open(CAIRN_LOG_ERROR);
	check_tmpdir_make("check_watch");
	ck_assert_int_eq(cairn_spool_open(&sp, check_tmpdir, "t", err, sizeof(err)), 0);
}

static void teardown(void)
{
	cairn_spool_close(&sp);
	check_tmpdir_remove();
}

static void put(const char *rel, const char *text)
{
	int fd = openat(sp.root_fd, rel, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
}

struct harness {
	uv_loop_t loop;
	uv_timer_t step;		/* drives the test script */
	struct cairn_pending p;
	struct cairn_watch w;
	int stage;
	char seen[256];			/* names taken, in order */
	int closed;
};

static void ready(struct cairn_watch *w)
{
	struct harness *h = (struct harness *)((char *)w - offsetof(struct harness, w));
	struct cairn_cand *c;

	while ((c = cairn_pending_pick(&h->p, 0)) != NULL) {
		strcat(h->seen, h->seen[0] ? " " : "");
		strcat(h->seen, c->name);
		cairn_pending_start(&h->p, c);
		cairn_pending_forget(&h->p, c);
	}
}

static void watch_closed(struct cairn_watch *w)
{
	struct harness *h = (struct harness *)((char *)w - offsetof(struct harness, w));

	h->closed++;
}

static void step_closed(uv_handle_t *t)
{
	struct harness *h = t->data;

	h->closed++;
}

/* script - one stage per tick: act, then check what the watcher took. */
static void script(uv_timer_t *t)
{
	struct harness *h = t->data;

	switch (h->stage++) {
	case 0:		/* the first scan found old.yaml (written before start) */
		ck_assert_str_eq(h->seen, "old.yaml");
		h->seen[0] = '\0';
		put("incoming/.hidden.yaml", "x");
		put("incoming/w.yaml.part", "x");
		put("incoming/new.yaml.tmp", "x");
		ck_assert_int_eq(renameat(sp.root_fd, "incoming/new.yaml.tmp",
					  sp.root_fd, "incoming/new.yaml"), 0);
		put("incoming/cp.csv", "1,2\n");
		break;
	case 1:		/* moved in: taken at once; written in place: settling */
		ck_assert_str_eq(h->seen, "new.yaml");
		ck_assert_ptr_nonnull(cairn_pending_find(&h->p, "cp.csv"));
		ck_assert(!cairn_pending_find(&h->p, "cp.csv")->ready);
		h->seen[0] = '\0';
		/* incoming/ disappears; the watcher waits for a new one */
		ck_assert_int_eq(renameat(sp.root_fd, "incoming", sp.root_fd, "gone"), 0);
		break;
	case 2:
		ck_assert_int_eq(h->w.dir_fd, -1);
		ck_assert_int_eq(faccessat(sp.root_fd, "incoming", F_OK, 0), -1);
		/* a person makes a new one: watched at once */
		ck_assert_int_eq(mkdirat(sp.root_fd, "incoming", 0755), 0);
		break;
	case 3:
		ck_assert_int_ge(h->w.dir_fd, 0);
		put("incoming/.after.yaml", "x");
		ck_assert_int_eq(renameat(sp.root_fd, "incoming/.after.yaml",
					  sp.root_fd, "incoming/after.yaml"), 0);
		break;
	case 4:
		ck_assert_str_eq(h->seen, "after.yaml");
		ck_assert_uint_eq(h->w.scans, 2);
		uv_close((uv_handle_t *)&h->step, step_closed);
		cairn_watch_close(&h->w, watch_closed);
		break;
	}
}

START_TEST(test_watch)
{
	struct harness h;
	char err[256];
	struct timespec old[2] = { { 1000000, 0 }, { 1000000, 0 } };

	memset(&h, 0, sizeof(h));
	put("incoming/old.yaml", "x");
	ck_assert_int_eq(utimensat(sp.root_fd, "incoming/old.yaml", old, 0), 0);
	put("incoming/.dot", "x");
	ck_assert_int_eq(uv_loop_init(&h.loop), 0);
	cairn_pending_init(&h.p, 100, 60000);
	ck_assert_int_eq(cairn_watch_start(&h.w, &h.loop, &sp, &h.p, 1, 0, ready,
					   err, sizeof(err)), 0);
	uv_timer_init(&h.loop, &h.step);
	h.step.data = &h;
	uv_timer_start(&h.step, script, 100, 100);
	uv_run(&h.loop, UV_RUN_DEFAULT);
	ck_assert_int_eq(h.closed, 2);
	ck_assert_int_eq(h.stage, 5);
	ck_assert_int_eq(uv_loop_close(&h.loop), 0);
	/* the ignored names were never taken and are still there */
	struct stat st;
	ck_assert_int_eq(fstatat(sp.root_fd, "gone/.hidden.yaml", &st, 0), 0);
	ck_assert_int_eq(fstatat(sp.root_fd, "gone/w.yaml.part", &st, 0), 0);
	cairn_pending_free(&h.p);
}
END_TEST

static void settle_script(uv_timer_t *t)
{
	struct harness *h = t->data;

	switch (h->stage++) {
	case 0:		/* written before start, recent mtime: still settling */
		ck_assert_str_eq(h->seen, "");
		ck_assert_uint_eq(h->p.n, 1);
		break;
	case 1:
		if (h->seen[0] == '\0') {
			h->stage--;	/* not yet: try again on the next tick */
			break;
		}
		ck_assert_str_eq(h->seen, "young.yaml");
		uv_close((uv_handle_t *)&h->step, step_closed);
		cairn_watch_close(&h->w, watch_closed);
		break;
	}
}

START_TEST(test_settle_scan)
{
	struct harness h;
	char err[256];

	memset(&h, 0, sizeof(h));
	put("incoming/young.yaml", "x");
	ck_assert_int_eq(uv_loop_init(&h.loop), 0);
	cairn_pending_init(&h.p, 100, 3000);
	ck_assert_int_eq(cairn_watch_start(&h.w, &h.loop, &sp, &h.p, 0, 0, ready,
					   err, sizeof(err)), 0);
	uv_timer_init(&h.loop, &h.step);
	h.step.data = &h;
	uv_timer_start(&h.step, settle_script, 50, 100);
	uv_run(&h.loop, UV_RUN_DEFAULT);
	ck_assert_int_eq(h.closed, 2);
	ck_assert_int_eq(uv_loop_close(&h.loop), 0);
	cairn_pending_free(&h.p);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("watch");
	TCase *tc = tcase_create("pending");
	TCase *tw = tcase_create("watch");

	tcase_add_test(tc, test_oldest_first);
	tcase_add_loop_test(tc, test_note_kinds, 0,
			    (int)(sizeof(note_cases) / sizeof(note_cases[0])));
	tcase_add_test(tc, test_again_changed);
	tcase_add_test(tc, test_bounded);
	tcase_add_test(tc, test_order_model);
	tcase_add_test(tc, test_running_remembers);
	tcase_add_test(tc, test_settle);
	tcase_add_test(tc, test_owners);
	tcase_add_test(tc, test_held);
	tcase_add_test(tc, test_max_bytes);
	tcase_add_test(tc, test_local_first);
	tcase_add_test(tc, test_near_share);
	tcase_add_test(tc, test_scan_prunes);
	suite_add_tcase(s, tc);
	tcase_add_checked_fixture(tw, setup, teardown);
	tcase_add_test(tw, test_watch);
	tcase_add_test(tw, test_settle_scan);
	suite_add_tcase(s, tw);
	return s;
}

int main(void)
{
	return cairn_check_run(suite());
}
