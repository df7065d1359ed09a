/*
 * check_workpool - unit tests of the worker threads (cairn_workpool.c).
 *
 * Each test runs a real libuv loop: every piece handed runs once on a
 * thread and has its done() on the loop thread, in the order the pieces
 * ended; a quiet end does not wake the loop while something is busy (the
 * next wake, or the sweep, carries it), and does when nothing is; close
 * waits for what is outstanding, joins the threads and closes its
 * handles, so that uv_loop_close() succeeds.
 */
#include "config.h"

#include <check.h>
#include <semaphore.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <uv.h>

#include "cairn_workpool.h"
#include "check_run.h"

#define N 200

struct piece {
	struct cairn_work w;
	int quiet;
	int ran;			/* by its thread */
	sem_t *gate;			/* waited on before it ends, or NULL */
};

static int order[N + 2], ndone, wakes;
static atomic_uint busy;

static void work(struct cairn_work *w)
{
	struct piece *p = (struct piece *)w;

	if (p->gate != NULL)
		sem_wait(p->gate);
	p->ran++;
	w->quiet = p->quiet;
}

static struct piece pieces[N + 2];

static void done(struct cairn_work *w)
{
	order[ndone++] = (int)((struct piece *)w - pieces);
}

static void on_wake(void *arg)
{
	(void)arg;
	wakes++;
}

static void setup(void)
{
	memset(pieces, 0, sizeof pieces);
	memset(order, 0, sizeof order);
	ndone = wakes = 0;
	atomic_store(&busy, 0);
}

/* start - a loop, and a pool of n threads on it. */
static void start(uv_loop_t *loop, struct cairn_workpool *pool, unsigned n)
{
	ck_assert_int_eq(uv_loop_init(loop), 0);
	ck_assert_int_eq(cairn_workpool_init(pool, loop, n, &busy, on_wake, NULL), 0);
}

/* finish - close the pool, run the loop dry, and close the loop. */
static void finish(uv_loop_t *loop, struct cairn_workpool *pool)
{
	cairn_workpool_close(pool);
	uv_run(loop, UV_RUN_DEFAULT);
	ck_assert_uint_eq(pool->nthreads, 0);	/* joined */
	ck_assert_int_eq(uv_loop_close(loop), 0);
}

START_TEST(test_every_piece_once)
{
	struct cairn_workpool pool;
	uv_loop_t loop;

	setup();
	start(&loop, &pool, 4);
	for (int i = 0; i < N; i++)
		cairn_workpool_post(&pool, &pieces[i].w, work, done);
	while (ndone < N)
		uv_run(&loop, UV_RUN_ONCE);
	for (int i = 0; i < N; i++)
		ck_assert_int_eq(pieces[i].ran, 1);
	ck_assert_int_eq(pool.outstanding, 0);
	ck_assert_int_ge(wakes, 1);
	finish(&loop, &pool);
	ck_assert_int_eq(ndone, N);
}
END_TEST

/*
 * One thread: a quiet piece that ends while something is busy wakes no
 * one; the next piece's end wakes the loop once, and both are done, in
 * the order they ended.
 */
START_TEST(test_quiet_rides_along)
{
	struct cairn_workpool pool;
	uv_loop_t loop;

	setup();
	atomic_store(&busy, 1);
	start(&loop, &pool, 1);
	pieces[0].quiet = 1;
	cairn_workpool_post(&pool, &pieces[0].w, work, done);
	cairn_workpool_post(&pool, &pieces[1].w, work, done);
	while (ndone < 2)
		uv_run(&loop, UV_RUN_ONCE);
	ck_assert_int_eq(order[0], 0);
	ck_assert_int_eq(order[1], 1);
	/* Only the second end sent a wake (the sweep calls no on_wake). */
	ck_assert_int_eq(wakes, 1);
	atomic_store(&busy, 0);
	finish(&loop, &pool);
}
END_TEST

/* Nothing busy: a quiet end wakes the loop at once. */
START_TEST(test_quiet_alone_wakes)
{
	struct cairn_workpool pool;
	uv_loop_t loop;

	setup();
	start(&loop, &pool, 2);
	pieces[0].quiet = 1;
	cairn_workpool_post(&pool, &pieces[0].w, work, done);
	while (ndone < 1)
		uv_run(&loop, UV_RUN_ONCE);
	ck_assert_int_eq(wakes, 1);
	finish(&loop, &pool);
}
END_TEST

/* Busy for good: the sweep carries a quiet end, without a wake. */
START_TEST(test_quiet_swept)
{
	struct cairn_workpool pool;
	uv_loop_t loop;

	setup();
	atomic_store(&busy, 1);
	start(&loop, &pool, 2);
	pieces[0].quiet = 1;
	cairn_workpool_post(&pool, &pieces[0].w, work, done);
	while (ndone < 1)
		uv_run(&loop, UV_RUN_ONCE);
	ck_assert_int_eq(wakes, 0);
	ck_assert_int_eq(pool.outstanding, 0);
	atomic_store(&busy, 0);
	finish(&loop, &pool);
}
END_TEST

/* Close while a piece runs: its done() comes first, then the close. */
START_TEST(test_close_waits)
{
	struct cairn_workpool pool;
	uv_loop_t loop;
	sem_t gate;

	setup();
	sem_init(&gate, 0, 0);
	start(&loop, &pool, 3);
	pieces[0].gate = &gate;
	cairn_workpool_post(&pool, &pieces[0].w, work, done);
	cairn_workpool_close(&pool);
	/* Not closed while the piece runs: its threads, its handles are there. */
	ck_assert_uint_eq(pool.nthreads, 3);
	ck_assert(!uv_is_closing((uv_handle_t *)&pool.wake));
	ck_assert_int_eq(ndone, 0);
	sem_post(&gate);
	uv_run(&loop, UV_RUN_DEFAULT);
	ck_assert_int_eq(ndone, 1);
	ck_assert_uint_eq(pool.nthreads, 0);
	/* A wake during the close runs no on_wake: the owner is finishing. */
	ck_assert_int_eq(wakes, 0);
	ck_assert_int_eq(uv_loop_close(&loop), 0);
	sem_destroy(&gate);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("workpool");
	TCase *tc = tcase_create("pool");

	tcase_add_test(tc, test_every_piece_once);
	tcase_add_test(tc, test_quiet_rides_along);
	tcase_add_test(tc, test_quiet_alone_wakes);
	tcase_add_test(tc, test_quiet_swept);
	tcase_add_test(tc, test_close_waits);
	suite_add_tcase(s, tc);
	return cairn_check_run(s);
}
