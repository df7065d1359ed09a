/*
 * check_pending - unit tests of the pending set's order and of its uids'
 * queues (cairn_pending_cand.h, cairn_pending_uid.c).
 *
 * The order of candidates is a table of pairs.  The uids' queues are
 * driven directly with candidates made here: each queue keeps its files
 * in the set's order whatever order they join in, the ring of turns
 * keeps the uids in the order they came, bytes over max_bytes are
 * marked as each file joins (cases as data), an overflowed uid asks for
 * a refill once down to half, and the largest queue is found.  Through
 * the set, the uids take turns (cases as data: the files noted, the
 * order they are taken in), and per_owner drops the youngest of a uid,
 * which a scan that finds it unchanged takes at once when it was
 * complete (cairn_pending_dropped.c).
 * The order is by arrival (the ctime's millisecond, then the name), a
 * chmod moves a file, and while files of one owner go in order only a
 * uid's first file is taken, once drained_ms covers it (tick_wait
 * otherwise), in turns and when stolen.
 * check_watch.c tests the rest of the set: notes, settling, peers.
 */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cairn_mem.h"
#include "cairn_pending.h"
#include "cairn_pending_uid.h"
#include "check_run.h"

/* wall clock far in the future: every fake mtime is old enough */
#define LATE 4000000000000ull

static const struct {
	uint64_t a_ms;
	const char *a;
	uint64_t b_ms;
	const char *b;
	int sign;
} cmp_cases[] = {
	{ 1, "z", 2, "a", -1 },		/* arrived first, whatever the name */
	{ 2, "a", 1, "z", 1 },
	{ 5, "a", 5, "b", -1 },		/* then by name */
	{ 5, "b", 5, "a", 1 },
	{ 5, "a", 5, "a", 0 },
	{ 0, "a.10", 0, "a.9", -1 },	/* bytes, not numbers */
	{ 4000000000000ull, "a", 0, "b", 1 },
};

/* at_ms - a ctime at ms since the epoch. */
static struct timespec at_ms(uint64_t ms)
{
	struct timespec ts = { (time_t)(ms / 1000), (long)(ms % 1000) * 1000000 };

	return ts;
}

START_TEST(test_cmp)
{
	struct cairn_cand a = { .name = (char *)cmp_cases[_i].a, .ctime = at_ms(cmp_cases[_i].a_ms) };
	struct cairn_cand b = { .name = (char *)cmp_cases[_i].b, .ctime = at_ms(cmp_cases[_i].b_ms) };
	int r = cairn_pending_cand_cmp(&a, &b);

	ck_assert_int_eq((r > 0) - (r < 0), cmp_cases[_i].sign);
}
END_TEST

/* Within one millisecond the nanoseconds count for nothing: the name decides. */
START_TEST(test_cmp_ms)
{
	struct cairn_cand a = { .name = "a", .ctime = { 7, 999999 } };
	struct cairn_cand b = { .name = "b", .ctime = { 7, 1 } };
	struct cairn_cand c = { .name = "a", .ctime = { 7, 1000000 } };

	ck_assert_int_lt(cairn_pending_cand_cmp(&a, &b), 0);
	ck_assert_int_gt(cairn_pending_cand_cmp(&c, &b), 0);
	ck_assert_uint_eq(cairn_pending_cand_ms(&c), 7001);
}
END_TEST

/* cand - a candidate made here (freed by drop_all). */
static struct cairn_cand *cand(const char *name, uid_t uid, int64_t size, uint64_t first_ms)
{
	struct cairn_cand *c = cairn_xcalloc(1, sizeof(*c));

	c->name = cairn_xstrdup(name);
	c->uid = uid;
	c->size = size;
	c->first_ms = first_ms;
	c->ctime = at_ms(first_ms);
	return c;
}

static void drop_all(struct cairn_cand **v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i]->name);
		free(v[i]);
	}
}

/* queue_of - the names of a queue, first to last, space-separated. */
static const char *queue_of(const struct cairn_uidq *q)
{
	static char buf[512];

	buf[0] = '\0';
	for (const struct cairn_cand *c = q->first; c != NULL; c = c->unext) {
		strcat(buf, buf[0] ? " " : "");
		strcat(buf, c->name);
	}
	return buf;
}

/* ring_of - the uids of the turns, from the one whose turn is next. */
static const char *ring_of(const struct cairn_pending *p)
{
	static char buf[512];
	const struct cairn_uidq *q = p->turn;

	buf[0] = '\0';
	for (size_t i = 0; i < p->nuids; i++, q = q->next)
		snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), "%s%u",
			 i ? " " : "", (unsigned)q->uid);
	return buf;
}

/*
 * Files join their uid's queue in the set's order, whatever order they
 * come in; uids join the ring of turns at its back; a queue emptied
 * leaves it, and the last leaves it empty.
 */
START_TEST(test_queues)
{
	struct cairn_pending p;
	struct cairn_cand *v[] = {
		cand("c", 7, 1, 30), cand("a", 7, 1, 10), cand("x", 9, 1, 5),
		cand("b", 7, 1, 10), cand("y", 8, 1, 40),
	};
	size_t n = sizeof(v) / sizeof(v[0]);

	cairn_pending_init(&p, 100, 0);
	for (size_t i = 0; i < n; i++)
		cairn_pending_uid_insert(&p, v[i]);
	ck_assert_uint_eq(p.nuids, 3);
	ck_assert_str_eq(ring_of(&p), "7 9 8");
	ck_assert_str_eq(queue_of(cairn_pending_uid_queue(&p, 7)), "a b c");
	ck_assert_uint_eq(cairn_pending_uid_queue(&p, 7)->n, 3);
	ck_assert_uint_eq(cairn_pending_uid_queue(&p, 7)->bytes, 3);
	ck_assert_ptr_eq(v[0]->uq, cairn_pending_uid_queue(&p, 7));
	ck_assert_uint_eq(cairn_pending_uid_largest(&p)->uid, 7);
	cairn_pending_uid_unlink(&p, v[3], 1);
	ck_assert_str_eq(queue_of(cairn_pending_uid_queue(&p, 7)), "a c");
	ck_assert_ptr_null(v[3]->uq);
	cairn_pending_uid_unlink(&p, v[2], 1);
	ck_assert_str_eq(ring_of(&p), "7 8");
	ck_assert_int_eq(p.refill, 0);
	cairn_pending_uid_unlink(&p, v[0], 1);
	cairn_pending_uid_unlink(&p, v[1], 1);
	cairn_pending_uid_unlink(&p, v[4], 1);
	ck_assert_uint_eq(p.nuids, 0);
	ck_assert_ptr_null(p.turn);
	drop_all(v, n);
	cairn_pending_free(&p);
}
END_TEST

/*
 * An overflowed uid stays in the ring with nothing waiting, and asks for
 * incoming/ to be listed again once files taken (not moved, not dropped
 * for room) bring it down to half of per_owner.
 */
START_TEST(test_refill)
{
	struct cairn_pending p;
	struct cairn_cand *v[] = {
		cand("a", 1, 1, 1), cand("b", 1, 1, 2), cand("c", 1, 1, 3), cand("d", 1, 1, 4),
	};

	cairn_pending_init(&p, 100, 0);
	cairn_pending_set_per_owner(&p, 4);
	for (size_t i = 0; i < 4; i++)
		cairn_pending_uid_insert(&p, v[i]);
	struct cairn_uidq *q = cairn_pending_uid_queue(&p, 1);
	q->overflowed = 1;
	cairn_pending_uid_unlink(&p, v[3], 0);		/* moved: no room made */
	ck_assert_int_eq(p.refill, 0);
	cairn_pending_uid_insert(&p, v[3]);
	cairn_pending_uid_unlink(&p, v[0], 1);		/* 3 left */
	ck_assert_int_eq(p.refill, 0);
	p.evicting = 1;
	cairn_pending_uid_unlink(&p, v[1], 1);		/* 2, but dropped for room */
	p.evicting = 0;
	ck_assert_int_eq(p.refill, 0);
	cairn_pending_uid_insert(&p, v[1]);
	cairn_pending_uid_unlink(&p, v[1], 1);		/* 2: half */
	ck_assert_int_eq(p.refill, 1);
	ck_assert_int_eq(q->overflowed, 0);
	p.refill = 0;
	q->overflowed = 1;
	p.evicting = 1;
	cairn_pending_uid_unlink(&p, v[2], 1);
	cairn_pending_uid_unlink(&p, v[3], 1);
	p.evicting = 0;
	ck_assert_int_eq(p.refill, 0);
	ck_assert_uint_eq(p.nuids, 1);			/* overflowed: its files are to come */
	ck_assert_ptr_eq(cairn_pending_uid_queue(&p, 1), q);
	drop_all(v, 4);
	cairn_pending_free(&p);
}
END_TEST

/* Files joining one uid's queue, in the order they join, and the result. */
static const struct {
	uint64_t max;
	struct { const char *name; int64_t size; uint64_t first_ms; } join[5];
	const char *over;		/* the names marked over, in queue order */
	uint64_t bytes;			/* the sum of those not over */
} over_cases[] = {
	{ 0, { { "a", 500, 1 }, { "b", 700, 2 } }, "", 1200 },
	{ 100, { { "a", 60, 1 }, { "b", 40, 2 }, { "c", 1, 3 } }, "c", 100 },
	{ 100, { { "a", 101, 1 }, { "b", 100, 2 } }, "a", 100 },
	{ 100, { { "c", 60, 3 }, { "b", 30, 2 }, { "a", 50, 1 } }, "c", 80 },
	{ 100, { { "a", 90, 1 }, { "b", 20, 2 }, { "c", 10, 3 } }, "b", 100 },
	{ 100, { { "a", -1, 1 }, { "b", 100, 2 } }, "", 100 },
};

START_TEST(test_over)
{
	struct cairn_pending p;
	struct cairn_cand *v[5];
	size_t n = 0;
	char over[64] = "";

	cairn_pending_init(&p, 100, 0);
	cairn_pending_set_max_bytes(&p, over_cases[_i].max);
	for (; n < 5 && over_cases[_i].join[n].name != NULL; n++) {
		v[n] = cand(over_cases[_i].join[n].name, 3, over_cases[_i].join[n].size,
			    over_cases[_i].join[n].first_ms);
		cairn_pending_uid_insert(&p, v[n]);
	}
	struct cairn_uidq *q = cairn_pending_uid_queue(&p, 3);
	for (const struct cairn_cand *c = q->first; c != NULL; c = c->unext)
		if (c->over)
			snprintf(over + strlen(over), sizeof(over) - strlen(over), "%s%s",
				 over[0] ? " " : "", c->name);
	ck_assert_str_eq(over, over_cases[_i].over);
	ck_assert_uint_eq(q->bytes, over_cases[_i].bytes);
	for (size_t i = 0; i < n; i++)
		cairn_pending_uid_unlink(&p, v[i], 1);
	ck_assert_uint_eq(p.nuids, 0);
	drop_all(v, n);
	cairn_pending_free(&p);
}
END_TEST

/* Files noted as "uid:name" at increasing times, and the order of taking. */
static const struct {
	const char *noted;
	const char *taken;
} turn_cases[] = {
	{ "1:a 1:b 1:c", "a b c" },
	{ "1:a 1:b 2:c 2:d 3:e", "a c e b d" },
	{ "2:x 1:a 1:b 1:c 2:y", "x a y b c" },
	{ "5:a 6:b 5:c 6:d 7:e 7:f", "a b e c d f" },
};

START_TEST(test_turns)
{
	struct cairn_pending p;
	char noted[128], taken[128] = "";
	uint64_t t = 1;

	cairn_pending_init(&p, 100, 0);
	snprintf(noted, sizeof(noted), "%s", turn_cases[_i].noted);
	for (char *save, *tok = strtok_r(noted, " ", &save); tok != NULL;
	     tok = strtok_r(NULL, " ", &save)) {
		struct stat st;

		memset(&st, 0, sizeof(st));
		st.st_uid = (uid_t)atoi(tok);
		st.st_ino = (ino_t)t;
		st.st_size = 1;
		ck_assert_ptr_nonnull(cairn_pending_note(&p, strchr(tok, ':') + 1, &st,
							 CAIRN_NOTE_READY, t++, LATE));
	}
	struct cairn_cand *c;
	while ((c = cairn_pending_pick(&p, t)) != NULL) {
		snprintf(taken + strlen(taken), sizeof(taken) - strlen(taken), "%s%s",
			 taken[0] ? " " : "", c->name);
		cairn_pending_start(&p, c);
		cairn_pending_forget(&p, c);
	}
	ck_assert_str_eq(taken, turn_cases[_i].taken);
	ck_assert_uint_eq(p.nuids, 0);
	cairn_pending_free(&p);
}
END_TEST

/*
 * per_owner: a uid's youngest file beyond it is dropped (and the set
 * marked missed), an older one that comes late takes the place of the
 * youngest; another uid's files still get in.
 */
START_TEST(test_per_owner)
{
	struct cairn_pending p;
	struct stat st;
	const char *names[] = { "b", "c", "d" };

	memset(&st, 0, sizeof(st));
	st.st_size = 1;
	cairn_pending_init(&p, 100, 0);
	cairn_pending_set_per_owner(&p, 2);
	st.st_uid = 1;
	for (int i = 0; i < 3; i++) {
		st.st_ino = (ino_t)(i + 1);
		cairn_pending_note(&p, names[i], &st, CAIRN_NOTE_READY, 10 + i, LATE);
	}
	ck_assert_uint_eq(p.n, 2);
	ck_assert_int_eq(p.missed, 1);
	ck_assert_ptr_null(cairn_pending_find(&p, "d"));
	struct cairn_uidq *q = cairn_pending_uid_queue(&p, 1);
	ck_assert_int_eq(q->overflowed, 1);
	st.st_ino = 9;
	ck_assert_ptr_nonnull(cairn_pending_note(&p, "a", &st, CAIRN_NOTE_READY, 5, LATE));
	ck_assert_str_eq(queue_of(q), "a b");
	st.st_uid = 2;
	st.st_ino = 10;
	ck_assert_ptr_nonnull(cairn_pending_note(&p, "z", &st, CAIRN_NOTE_READY, 20, LATE));
	ck_assert_uint_eq(p.n, 3);
	ck_assert_str_eq(ring_of(&p), "1 2");
	cairn_pending_free(&p);
}
END_TEST

/* arrive - note uid's NAME renamed in, arrived at ms, noted at now (monotonic). */
static struct cairn_cand *arrive(struct cairn_pending *p, const char *name, uid_t uid,
				 uint64_t ms, uint64_t now)
{
	struct stat st;

	memset(&st, 0, sizeof(st));
	st.st_uid = uid;
	st.st_ino = (ino_t)(ms * 10 + (unsigned char)name[0]);
	st.st_size = 1;
	st.st_ctim = at_ms(ms);
	return cairn_pending_note(p, name, &st, CAIRN_NOTE_READY, now, LATE);
}

/* take - pick and start; the name taken, or "-" when none. */
static const char *take(struct cairn_pending *p, uint64_t now)
{
	static char name[64];
	struct cairn_cand *c = cairn_pending_pick(p, now);

	if (c == NULL)
		return "-";
	snprintf(name, sizeof(name), "%s", c->name);
	cairn_pending_start(p, c);
	cairn_pending_forget(p, c);
	return name;
}

/*
 * A file renamed in and dropped for room is taken at once when a scan
 * finds it again unchanged (same inode and ctime), where a scanned file
 * just written would wait settle_ms; one changed since waits; a full
 * scan forgets those it did not find.
 */
START_TEST(test_dropped_ready)
{
	struct cairn_pending p;
	struct stat st[4];
	const char *names[] = { "a", "b", "c", "d" };
	uint64_t wall = 1765314843000ull;
	struct cairn_cand *c;

	cairn_pending_init(&p, 100, 500);
	cairn_pending_set_per_owner(&p, 2);
	for (int i = 0; i < 4; i++) {
		memset(&st[i], 0, sizeof(st[i]));
		st[i].st_uid = 1;
		st[i].st_size = 1;
		st[i].st_ino = (ino_t)(i + 1);
		st[i].st_mtim = st[i].st_ctim = at_ms(wall + (uint64_t)i);	/* just written */
		cairn_pending_note(&p, names[i], &st[i], CAIRN_NOTE_READY, 10, wall + 5);
	}
	ck_assert_uint_eq(p.n, 2);
	ck_assert_uint_eq(p.dropped.n, 2);	/* c and d, complete */
	ck_assert_str_eq(take(&p, 20), "a");
	ck_assert_str_eq(take(&p, 20), "b");
	/* The refill's scan: c unchanged, d changed since (a write sets its ctime). */
	cairn_pending_scan_begin(&p);
	st[3].st_ctim = at_ms(wall + 9);
	c = cairn_pending_note(&p, "c", &st[2], CAIRN_NOTE_SCAN, 30, wall + 10);
	ck_assert_ptr_nonnull(c);
	ck_assert_int_eq(c->ready, 1);
	c = cairn_pending_note(&p, "d", &st[3], CAIRN_NOTE_SCAN, 30, wall + 10);
	ck_assert_ptr_nonnull(c);
	ck_assert_int_eq(c->ready, 0);
	ck_assert_uint_eq(p.dropped.n, 0);
	cairn_pending_scan_end(&p);
	/* One never found again is forgotten by the next full scan. */
	cairn_pending_dropped_put(&p.dropped, "gone", 7, &st[0].st_ctim, p.scan);
	cairn_pending_scan_begin(&p);
	ck_assert_int_eq(cairn_pending_seen(&p, "c"), 1);
	cairn_pending_scan_end(&p);
	ck_assert_uint_eq(p.dropped.n, 0);
	cairn_pending_free(&p);
}
END_TEST

/*
 * A change of ctime alone (a chmod) moves a candidate to its new
 * arrival, as a change of size or mtime does; first_ms stays.
 */
START_TEST(test_ctime_moves)
{
	struct cairn_pending p;
	struct stat st;

	cairn_pending_init(&p, 10, 0);
	arrive(&p, "a", 1, 100, 1);
	arrive(&p, "b", 1, 200, 2);
	struct cairn_cand *a = cairn_pending_find(&p, "a");
	ck_assert_str_eq(queue_of(a->uq), "a b");
	memset(&st, 0, sizeof(st));
	st.st_uid = 1;
	st.st_ino = a->ino;
	st.st_size = 1;
	st.st_ctim = at_ms(300);
	ck_assert_ptr_eq(cairn_pending_note(&p, "a", &st, CAIRN_NOTE_SCAN, 5, LATE), a);
	ck_assert_str_eq(queue_of(a->uq), "b a");
	ck_assert_uint_eq(a->first_ms, 1);
	ck_assert_uint_eq(a->first_wall_ms, LATE);
	ck_assert_uint_eq(p.order[p.head + 1]->pos, p.head + 1);
	cairn_pending_free(&p);
}
END_TEST

/*
 * in_order: a uid's first file only, once the events read cover its
 * millisecond (drained_ms); a uid passed over for that alone sets
 * tick_wait, one passed over for another reason does not; other uids
 * go meanwhile.  Out of order, any ready file of the uid goes.  An
 * arrival the clock has not reached goes after DRAIN_SLACK_MS.
 */
START_TEST(test_in_order)
{
	struct cairn_pending p;

	cairn_pending_init(&p, 10, 0);
	p.in_order = 1;
	arrive(&p, "b", 1, 1000, 1);		/* renamed first, noted first */
	ck_assert_str_eq(take(&p, 1), "-");
	ck_assert_int_eq(p.tick_wait, 1);
	cairn_pending_drained(&p, 1000, 2);	/* the same ms: a may still come */
	ck_assert_str_eq(take(&p, 2), "-");
	ck_assert_int_eq(p.tick_wait, 1);
	arrive(&p, "a", 1, 1000, 3);
	arrive(&p, "z", 2, 999, 3);
	cairn_pending_drained(&p, 1001, 4);
	ck_assert_str_eq(take(&p, 4), "a");	/* the name order wins */
	ck_assert_str_eq(take(&p, 4), "z");
	ck_assert_str_eq(take(&p, 4), "b");
	ck_assert_str_eq(take(&p, 4), "-");
	ck_assert_int_eq(p.tick_wait, 0);
	/* The first not ready holds back the rest of its uid. */
	struct cairn_cand *c = arrive(&p, "c", 1, 500, 5);
	arrive(&p, "d", 1, 600, 5);
	c->ready = 0;
	ck_assert_str_eq(take(&p, 5), "-");
	ck_assert_int_eq(p.tick_wait, 0);
	/* Out of order: d goes, whatever c is. */
	p.in_order = 0;
	ck_assert_str_eq(take(&p, 5), "d");
	p.in_order = 1;
	c->ready = 1;
	ck_assert_str_eq(take(&p, 5), "c");
	/*
	 * A clock set back (or another host's) never stalls an owner: a
	 * read of the events DRAIN_SLACK_MS after a file was seen lets it go.
	 */
	arrive(&p, "e", 1, 5000, 100);
	cairn_pending_drained(&p, 1001, 110);
	ck_assert_str_eq(take(&p, 110), "-");
	ck_assert_int_eq(p.tick_wait, 1);
	cairn_pending_drained(&p, 1001, 120);
	ck_assert_str_eq(take(&p, 120), "e");
	cairn_pending_free(&p);
}
END_TEST

/*
 * Stealing in order: only a uid's first file may be stolen, and only
 * once drained_ms covers it; out of order the newest goes.
 */
START_TEST(test_in_order_steal)
{
	struct cairn_pending p;
	char **peers = cairn_xcalloc(2, sizeof(char *));

	peers[0] = cairn_xstrdup("other");
	cairn_pending_init(&p, 10, 0);
	cairn_pending_set_peers(&p, "self", peers, NULL, 1000000, 2000);
	p.in_order = 1;
	for (const char *n = "abcdefgh"; *n; n++) {
		char name[2] = { *n, '\0' };

		arrive(&p, name, 1, 1000, 0);
	}
	/* Scanned files: the own ones wait for prefer_ms, all are stolen after steal_ms. */
	cairn_pending_drained(&p, 900, 1);
	const char *first = take(&p, 2000);
	ck_assert_str_eq(first, "-");
	cairn_pending_drained(&p, 1001, 2000);
	first = take(&p, 2000);
	ck_assert_str_eq(first, "a");
	p.in_order = 0;
	ck_assert_str_eq(take(&p, 2000), "h");
	cairn_pending_free(&p);
}
END_TEST

static Suite *pending_suite(void)
{
	Suite *s = suite_create("pending");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, test_cmp, 0, sizeof(cmp_cases) / sizeof(cmp_cases[0]));
	tcase_add_test(tc, test_cmp_ms);
	tcase_add_test(tc, test_ctime_moves);
	tcase_add_test(tc, test_in_order);
	tcase_add_test(tc, test_in_order_steal);
	tcase_add_test(tc, test_queues);
	tcase_add_test(tc, test_refill);
	tcase_add_loop_test(tc, test_over, 0, sizeof(over_cases) / sizeof(over_cases[0]));
	tcase_add_loop_test(tc, test_turns, 0, sizeof(turn_cases) / sizeof(turn_cases[0]));
	tcase_add_test(tc, test_per_owner);
	tcase_add_test(tc, test_dropped_ready);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return cairn_check_run(pending_suite());
}
