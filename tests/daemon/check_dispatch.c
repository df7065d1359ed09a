/*
 * check_dispatch - unit tests of dispatch (cairn_dispatch.c) and of the
 * one-owner rule (cairn_one_owner.c).
 *
 * A daemon is made here with what these use: a real libuv loop with the
 * timers dispatch and the retry list start, a generation holding only a
 * configuration, an empty pending set, no watcher, no spool and no
 * notify socket, and stand-ins for on_stop and once_walks.  No job runs:
 * the cases are data.  How a finished job is followed up (its counts,
 * the stuck list, the storage backoff, a --once run's stop), the jobs
 * allowed at once, when a --once run ends, what shutdown does to queued
 * and running jobs; and for the rule, when it holds, whose files wait,
 * the owners' last arrivals, and what a release walk says; an entry left
 * in incoming/ passed over.  Each test
 * closes its handles and asserts that uv_loop_close() succeeds.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uv.h>

#include "cairn_daemon_int.h"
#include "cairn_dispatch.h"
#include "cairn_one_owner.h"
#include "cairn_retry.h"
#include "check_run.h"

static int stopped;			/* on_stop's code, -1: not called */
static int walks;			/* what once_walks answers */

static void on_stop(struct cairn_daemon *d, int code)
{
	(void)d;
	stopped = code;
}

static int once_walks(struct cairn_daemon *d)
{
	(void)d;
	return walks;
}

static struct cairn_daemon *daemon_new(unsigned workers, unsigned pool_size)
{
	struct cairn_daemon *d = calloc(1, sizeof(*d));
	struct cairn_generation *g = calloc(1, sizeof(*g));

	ck_assert_ptr_nonnull(d);
	ck_assert_ptr_nonnull(g);
	g->refs = 1;
	g->conf.workers = workers;
	d->gen = g;
	d->dispatch.pool_size = pool_size;
	ck_assert_int_eq(uv_loop_init(&d->loop), 0);
	uv_timer_init(&d->loop, &d->dispatch.backoff);
	d->dispatch.backoff.data = d;
	uv_timer_init(&d->loop, &d->retry.timer);
	d->retry.timer.data = d;
	uv_timer_init(&d->loop, &d->peers);
	d->retry.due = cairn_dispatch;
	d->notify.fd = -1;
	d->attempts.log_fd = -1;
	cairn_pending_init(&d->pending, 16, 0);
	d->on_stop = on_stop;
	d->once_walks = once_walks;
	stopped = -1;
	walks = 0;
	return d;
}

static void daemon_free(struct cairn_daemon *d)
{
	cairn_dispatch_free(d);
	cairn_pending_free(&d->pending);
	uv_close((uv_handle_t *)&d->dispatch.backoff, NULL);
	uv_close((uv_handle_t *)&d->retry.timer, NULL);
	uv_close((uv_handle_t *)&d->peers, NULL);
	uv_run(&d->loop, UV_RUN_DEFAULT);
	ck_assert_int_eq(uv_loop_close(&d->loop), 0);
	free(d->gen);
	free(d);
}

/* account - a job of NAME ended as `how`; dispatch follows it up. */
static void account(struct cairn_daemon *d, const char *name, enum cairn_job_end how)
{
	struct cairn_job j;

	cairn_jobs_init(&j, name);
	j.claimed = 1;
	j.end = how;
	snprintf(j.err, sizeof(j.err), "%s", how == CAIRN_JOB_SKIPPED ? "" : "trouble");
	cairn_dispatch_account(d, &j, 0);
	cairn_jobs_clear(&j);
}

/* Workers configured, the pool's size: the jobs allowed at once. */
static const struct {
	unsigned workers, pool, max;
} max_cases[] = {
	{ 4, 4, 4 }, { 0, 4, 1 }, { 8, 4, 4 }, { 2, 16, 2 }, { 1, 1, 1 },
};

START_TEST(test_max)
{
	struct cairn_daemon *d = daemon_new(max_cases[_i].workers, max_cases[_i].pool);

	ck_assert_uint_eq(cairn_dispatch_max(d), max_cases[_i].max);
	daemon_free(d);
}
END_TEST

/* How a job ended, --once or not: what the daemon counts and does. */
static const struct {
	enum cairn_job_end how;
	int once;
	uint64_t processed, failed, returned, retries;
	size_t stuck, retry;
	int paused;
	uint64_t backoff_ms;
	int stopped;
} account_cases[] = {
	{ CAIRN_JOB_DONE, 0, 1, 0, 0, 0, 0, 0, 0, 0, -1 },
	{ CAIRN_JOB_FAILED, 0, 1, 1, 0, 0, 0, 0, 0, 0, -1 },
	{ CAIRN_JOB_RETURNED, 0, 0, 0, 1, 0, 0, 0, 0, 0, -1 },
	{ CAIRN_JOB_STUCK, 0, 0, 0, 0, 1, 1, 0, 1, 1000, -1 },
	{ CAIRN_JOB_RETRY, 0, 0, 0, 0, 1, 0, 0, 1, 1000, -1 },
	{ CAIRN_JOB_STUCK, 1, 0, 0, 0, 1, 1, 0, 0, 0, CAIRN_EX_TEMPFAIL },
	{ CAIRN_JOB_RETRY, 1, 0, 0, 0, 1, 0, 0, 0, 0, CAIRN_EX_TEMPFAIL },
	{ CAIRN_JOB_LATER, 0, 0, 0, 0, 1, 0, 1, 0, 0, -1 },
	{ CAIRN_JOB_SKIPPED, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1 },
	{ CAIRN_JOB_BUSY, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1 },
	{ CAIRN_JOB_CHANGED, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1 },
	{ CAIRN_JOB_LEFT, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1 },
	{ CAIRN_JOB_LEFT, 1, 0, 0, 0, 0, 0, 0, 0, 0, -1 },
};

START_TEST(test_account)
{
	struct cairn_daemon *d = daemon_new(1, 1);

	d->once = account_cases[_i].once;
	account(d, "a.yaml", account_cases[_i].how);
	ck_assert_uint_eq(d->status.processed, account_cases[_i].processed);
	ck_assert_uint_eq(d->status.failed, account_cases[_i].failed);
	ck_assert_uint_eq(d->status.returned, account_cases[_i].returned);
	ck_assert_uint_eq(d->status.retries, account_cases[_i].retries);
	ck_assert_uint_eq(d->dispatch.nstuck, account_cases[_i].stuck);
	ck_assert_uint_eq(d->retry.n, account_cases[_i].retry);
	ck_assert_int_eq(d->dispatch.paused, account_cases[_i].paused);
	ck_assert_uint_eq(d->dispatch.backoff_ms, account_cases[_i].backoff_ms);
	ck_assert_int_eq(uv_is_active((uv_handle_t *)&d->dispatch.backoff),
			 account_cases[_i].paused);
	ck_assert_int_eq(stopped, account_cases[_i].stopped);
	daemon_free(d);
}
END_TEST

/*
 * The storage backoff: a failure while paused is the same trouble; each
 * one after the pause doubles the wait; a success ends it.
 */
START_TEST(test_storage_backoff)
{
	struct cairn_daemon *d = daemon_new(1, 1);
	static const uint64_t want[] = { 1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000 };

	account(d, "a.yaml", CAIRN_JOB_RETRY);
	account(d, "b.yaml", CAIRN_JOB_RETRY);
	ck_assert_uint_eq(d->dispatch.backoff_ms, 1000);
	ck_assert_uint_eq(uv_timer_get_due_in(&d->dispatch.backoff), 1000);
	for (size_t i = 1; i < sizeof(want) / sizeof(want[0]); i++) {
		d->dispatch.paused = 0;		/* as the backoff's end does */
		account(d, "a.yaml", CAIRN_JOB_RETRY);
		ck_assert_uint_eq(d->dispatch.backoff_ms, want[i]);
	}
	ck_assert_uint_eq(d->status.retries, 9);
	account(d, "a.yaml", CAIRN_JOB_DONE);
	ck_assert_uint_eq(d->dispatch.backoff_ms, 0);
	daemon_free(d);
}
END_TEST

/*
 * A --once run stops once nothing waits, runs, is stuck or is to be
 * retried and its last walks are over; dispatching then takes nothing
 * (paused here, so that no job starts).
 */
static const struct {
	size_t stuck;
	int retry, running, walks, stopping;
	int stops;
} once_cases[] = {
	{ 0, 0, 0, 0, 0, 1 },
	{ 1, 0, 0, 0, 0, 0 },
	{ 0, 1, 0, 0, 0, 0 },
	{ 0, 0, 1, 0, 0, 0 },
	{ 0, 0, 0, 1, 0, 0 },
	{ 0, 0, 0, 0, 1, 0 },
};

START_TEST(test_once_end)
{
	struct cairn_daemon *d = daemon_new(1, 1);

	d->once = 1;
	d->dispatch.paused = 1;
	d->stopping = once_cases[_i].stopping;
	d->dispatch.running = (unsigned)once_cases[_i].running;
	walks = once_cases[_i].walks;
	for (size_t i = 0; i < once_cases[_i].stuck; i++)
		cairn_dispatch_keep(d, "s.yaml");
	if (once_cases[_i].retry) {
		struct cairn_job j;

		cairn_jobs_init(&j, "r.yaml");
		j.end = CAIRN_JOB_LATER;
		cairn_retry_settle(d, &j);
		cairn_jobs_clear(&j);
	}
	cairn_dispatch(d);
	ck_assert_int_eq(stopped, once_cases[_i].stops ? 0 : -1);
	/* Not --once: never stops of itself. */
	d->once = 0;
	stopped = -1;
	cairn_dispatch(d);
	ck_assert_int_eq(stopped, -1);
	d->dispatch.running = 0;
	daemon_free(d);
}
END_TEST

/* A job started or not, its cancel flag: after unqueue, after cancel_all. */
static const struct {
	uint64_t started_ns;
	int cancel, unqueued, all;
} cancel_cases[] = {
	{ 0, 0, CAIRN_CANCEL_SHUTDOWN, CAIRN_CANCEL_SHUTDOWN },
	{ 7, 0, 0, CAIRN_CANCEL_SHUTDOWN },
	{ 0, CAIRN_CANCEL_TIMEOUT, CAIRN_CANCEL_TIMEOUT, CAIRN_CANCEL_SHUTDOWN },
	{ 7, CAIRN_CANCEL_TIMEOUT, CAIRN_CANCEL_TIMEOUT, CAIRN_CANCEL_SHUTDOWN },
};

START_TEST(test_cancel)
{
	struct cairn_daemon *d = daemon_new(1, 1);
	struct cairn_dispatch_job a, b;

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	atomic_store(&a.job.started_ns, cancel_cases[_i].started_ns);
	atomic_store(&a.job.cancel, cancel_cases[_i].cancel);
	atomic_store(&b.job.started_ns, 1);		/* a neighbour that runs */
	a.next = &b;
	b.prev = &a;
	d->dispatch.jobs = &a;
	d->dispatch.running = 2;
	cairn_dispatch_unqueue(d);
	ck_assert_int_eq(atomic_load(&a.job.cancel), cancel_cases[_i].unqueued);
	ck_assert_int_eq(atomic_load(&b.job.cancel), 0);
	cairn_dispatch_cancel_all(d);
	ck_assert_int_eq(atomic_load(&a.job.cancel), cancel_cases[_i].all);
	ck_assert_int_eq(atomic_load(&b.job.cancel), CAIRN_CANCEL_SHUTDOWN);
	d->dispatch.jobs = NULL;
	d->dispatch.running = 0;
	daemon_free(d);
}
END_TEST

/* The rule holds while a set has limits, or jobs counted since the walk looked. */
static const struct {
	int limits;
	unsigned seen, mark;
	int holds;
} rule_cases[] = {
	{ 0, 0, 0, 0 }, { 1, 0, 0, 1 }, { 0, 3, 2, 1 }, { 0, 3, 3, 0 }, { 1, 3, 3, 1 },
};

START_TEST(test_rule)
{
	struct cairn_daemon *d = daemon_new(1, 1);
	struct cairn_dispatch_job a;

	memset(&a, 0, sizeof(a));
	a.uid_known = 1;
	a.uid = 1001;
	d->dispatch.jobs = &a;
	d->owner.limits = rule_cases[_i].limits;
	atomic_store(&d->owner.limits_seen, rule_cases[_i].seen);
	d->owner.limits_mark = rule_cases[_i].mark;
	ck_assert_int_eq(cairn_one_owner(d), rule_cases[_i].holds);
	ck_assert_int_eq(cairn_one_owner_running(d, 1001), rule_cases[_i].holds);
	ck_assert_int_eq(cairn_one_owner_running(d, 1002), 0);
	a.uid_known = 0;
	ck_assert_int_eq(cairn_one_owner_running(d, 1001), 0);
	d->dispatch.jobs = NULL;
	daemon_free(d);
}
END_TEST

/*
 * At start the rule holds until a walk has looked; a walk that finds no
 * set with limits ends it, unless a job counted submissions meanwhile.
 * The pending set passes over the owner of a running file.
 */
START_TEST(test_walks)
{
	struct cairn_daemon *d = daemon_new(1, 1);
	struct cairn_dispatch_job a;

	cairn_one_owner_start(d);
	ck_assert_int_eq(cairn_one_owner(d), 1);
	memset(&a, 0, sizeof(a));
	a.uid_known = 1;
	a.uid = 7;
	d->dispatch.jobs = &a;
	ck_assert_int_eq(d->pending.held(d->pending.held_arg, 7), 1);
	ck_assert_int_eq(d->pending.held(d->pending.held_arg, 8), 0);
	cairn_one_owner_walk_begin(d);
	atomic_fetch_add(&d->owner.limits_seen, 1);	/* a job counted */
	cairn_one_owner_walk_end(d, 0);
	ck_assert_int_eq(cairn_one_owner(d), 1);
	cairn_one_owner_walk_begin(d);
	cairn_one_owner_walk_end(d, 0);
	ck_assert_int_eq(cairn_one_owner(d), 0);
	ck_assert_int_eq(d->pending.held(d->pending.held_arg, 7), 0);
	atomic_fetch_add(&d->owner.limits_seen, 1);	/* counted since */
	ck_assert_int_eq(cairn_one_owner(d), 1);
	cairn_one_owner_walk_begin(d);
	cairn_one_owner_walk_end(d, 1);
	ck_assert_int_eq(cairn_one_owner(d), 1);
	d->dispatch.jobs = NULL;
	daemon_free(d);
}
END_TEST

/* The pending set takes an owner's files in order exactly while the rule holds. */
START_TEST(test_in_order)
{
	struct cairn_daemon *d = daemon_new(1, 1);

	d->dispatch.paused = 1;
	d->owner.limits = 1;
	cairn_dispatch(d);
	ck_assert_int_eq(d->pending.in_order, 1);
	d->owner.limits = 0;
	cairn_dispatch(d);
	ck_assert_int_eq(d->pending.in_order, 0);
	atomic_fetch_add(&d->owner.limits_seen, 1);	/* a job counted */
	cairn_dispatch(d);
	ck_assert_int_eq(d->pending.in_order, 1);
	daemon_free(d);
}
END_TEST

/*
 * An entry left in incoming/ (a directory the daemon may not move) is
 * passed over while its inode and change time stay (issue 37, case 2):
 * no job starts for it; a chmod since (another change time) is looked
 * at anew.
 */
START_TEST(test_left)
{
	struct cairn_daemon *d = daemon_new(1, 1);
	struct cairn_job j;
	struct stat st;

	memset(&st, 0, sizeof(st));
	st.st_mode = S_IFDIR | 0750;
	st.st_ino = 42;
	st.st_ctim.tv_sec = 1000;
	st.st_ctim.tv_nsec = 5;
	cairn_jobs_init(&j, "dir.yaml");
	j.pre = st;
	j.end = CAIRN_JOB_LEFT;
	cairn_dispatch_account(d, &j, 0);
	cairn_jobs_clear(&j);
	ck_assert_uint_eq(d->dispatch.nleft, 1);
	ck_assert_ptr_nonnull(cairn_pending_note(&d->pending, "dir.yaml", &st, CAIRN_NOTE_READY,
						 uv_now(&d->loop), 1000000));
	cairn_dispatch(d);
	ck_assert_uint_eq(d->dispatch.running, 0);
	ck_assert_ptr_null(cairn_pending_find(&d->pending, "dir.yaml"));
	/* Changed since: taken (paused here, so that no job starts). */
	st.st_ctim.tv_nsec = 6;
	d->dispatch.paused = 1;
	ck_assert_ptr_nonnull(cairn_pending_note(&d->pending, "dir.yaml", &st, CAIRN_NOTE_READY,
						 uv_now(&d->loop), 1000000));
	d->dispatch.paused = 0;
	ck_assert_ptr_eq(cairn_pending_pick(&d->pending, uv_now(&d->loop)),
			 cairn_pending_find(&d->pending, "dir.yaml"));
	daemon_free(d);
}
END_TEST

static Suite *dispatch_suite(void)
{
	Suite *s = suite_create("dispatch");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, test_max, 0, sizeof(max_cases) / sizeof(max_cases[0]));
	tcase_add_loop_test(tc, test_account, 0, sizeof(account_cases) / sizeof(account_cases[0]));
	tcase_add_test(tc, test_storage_backoff);
	tcase_add_loop_test(tc, test_once_end, 0, sizeof(once_cases) / sizeof(once_cases[0]));
	tcase_add_loop_test(tc, test_cancel, 0, sizeof(cancel_cases) / sizeof(cancel_cases[0]));
	tcase_add_loop_test(tc, test_rule, 0, sizeof(rule_cases) / sizeof(rule_cases[0]));
	tcase_add_test(tc, test_walks);
	tcase_add_test(tc, test_in_order);
	tcase_add_test(tc, test_left);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return cairn_check_run(dispatch_suite());
}
