/*
 * check_retry - unit tests of the retry list (cairn_retry.c).
 *
 * A daemon is made here with only what the list uses: a real libuv loop
 * and the list's timer, and a stand-in for dispatch that counts its
 * calls.  Each case ends jobs as data (name, claimed, how it ended) and
 * looks at the entries: the backoff of a file tried again and again,
 * claimed or not; which entry a job's end settles; when a claimed file
 * is taken again and with what reason; which incoming/ names wait; what
 * shutdown drops.  Each test closes its handles and asserts that
 * uv_loop_close() succeeds.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uv.h>

#include "cairn_daemon_int.h"
#include "cairn_failure.h"
#include "cairn_retry.h"
#include "check_run.h"

static unsigned dispatched;

static void dispatch_stub(struct cairn_daemon *d)
{
	dispatched++;
	uv_timer_stop(&d->retry.timer);
}

static struct cairn_daemon *daemon_new(void)
{
	struct cairn_daemon *d = calloc(1, sizeof(*d));

	ck_assert_ptr_nonnull(d);
	ck_assert_int_eq(uv_loop_init(&d->loop), 0);
	uv_timer_init(&d->loop, &d->retry.timer);
	d->retry.timer.data = d;
	d->retry.due = dispatch_stub;
	dispatched = 0;
	return d;
}

static void daemon_free(struct cairn_daemon *d)
{
	cairn_retry_free(&d->retry);
	ck_assert_uint_eq(d->retry.n, 0);
	uv_close((uv_handle_t *)&d->retry.timer, NULL);
	uv_run(&d->loop, UV_RUN_DEFAULT);
	ck_assert_int_eq(uv_loop_close(&d->loop), 0);
	free(d);
}

/* end - a job for NAME ended as `how`; the list follows it up. */
static void end(struct cairn_daemon *d, const char *name, int claimed,
		enum cairn_job_end how, const char *err)
{
	struct cairn_job j;

	cairn_jobs_init(&j, name);
	j.claimed = claimed;
	j.end = how;
	j.in.ino = 42;
	snprintf(j.err, sizeof(j.err), "%s", err);
	cairn_retry_settle(d, &j);
	cairn_jobs_clear(&j);
}

/* A file failing again and again: its tries and the wait before the next. */
static const struct {
	int claimed;
	unsigned tries;
	uint64_t wait;
} backoff_cases[] = {
	{ 1, 1, 1000 }, { 1, 2, 2000 }, { 1, 4, 8000 },
	{ 1, CAIRN_RETRY_MAX, 0 },		/* the last try publishes the reason */
	{ 0, 1, 1000 }, { 0, 3, 4000 },
	{ 0, CAIRN_RETRY_MAX, 16000 },		/* unclaimed ones wait at most 16 s */
	{ 0, CAIRN_RETRY_MAX + 3, 16000 },
};

START_TEST(test_backoff)
{
	struct cairn_daemon *d = daemon_new();
	char err[32];

	for (unsigned k = 1; k <= backoff_cases[_i].tries; k++) {
		snprintf(err, sizeof(err), "error %u", k);
		end(d, "a.yaml", backoff_cases[_i].claimed, CAIRN_JOB_LATER, err);
	}
	ck_assert_uint_eq(d->retry.n, 1);
	const struct cairn_retry_entry *e = &d->retry.v[0];
	ck_assert_str_eq(e->name, "a.yaml");
	ck_assert_int_eq(e->claimed, backoff_cases[_i].claimed);
	ck_assert_uint_eq(e->tries, backoff_cases[_i].tries);
	ck_assert_uint_eq(e->due - uv_now(&d->loop), backoff_cases[_i].wait);
	ck_assert_int_eq(e->running, 0);
	snprintf(err, sizeof(err), "error %u", backoff_cases[_i].tries);
	ck_assert_str_eq(e->why, err);
	/* The timer waits for the next one due; a claimed one due waits for a worker. */
	ck_assert_int_eq(uv_is_active((uv_handle_t *)&d->retry.timer),
			 backoff_cases[_i].wait > 0 || !backoff_cases[_i].claimed);
	daemon_free(d);
}
END_TEST

/*
 * An entry (claimed or not, running or not), then a job of its name
 * ends: whether the entry is still there afterwards.
 */
static const struct {
	int e_claimed, e_running;
	int j_claimed;
	enum cairn_job_end how;
	int kept;
} settle_cases[] = {
	{ 0, 1, 1, CAIRN_JOB_DONE, 0 },		/* waited in incoming/, now claimed */
	{ 0, 1, 1, CAIRN_JOB_FAILED, 0 },
	{ 0, 0, 1, CAIRN_JOB_DONE, 1 },		/* not its try */
	{ 0, 1, 0, CAIRN_JOB_SKIPPED, 0 },	/* its try found nothing */
	{ 0, 1, 0, CAIRN_JOB_BUSY, 0 },
	{ 1, 1, 1, CAIRN_JOB_DONE, 0 },		/* its try in processing/ */
	{ 1, 0, 1, CAIRN_JOB_DONE, 1 },
	{ 1, 1, 0, CAIRN_JOB_DONE, 1 },		/* another file of its name */
	{ 1, 1, 1, CAIRN_JOB_LATER, 1 },	/* tried again once more */
	{ 0, 1, 0, CAIRN_JOB_LATER, 1 },
};

START_TEST(test_settle)
{
	struct cairn_daemon *d = daemon_new();

	end(d, "a.yaml", settle_cases[_i].e_claimed, CAIRN_JOB_LATER, "first");
	d->retry.v[0].running = settle_cases[_i].e_running;
	end(d, "a.yaml", settle_cases[_i].j_claimed, settle_cases[_i].how, "second");
	ck_assert_uint_eq(d->retry.n, (size_t)settle_cases[_i].kept);
	if (settle_cases[_i].how == CAIRN_JOB_LATER) {
		ck_assert_uint_eq(d->retry.v[0].tries, 2);
		ck_assert_int_eq(d->retry.v[0].running, 0);
		ck_assert_str_eq(d->retry.v[0].why, "second");
	}
	daemon_free(d);
}
END_TEST

/* A claimed entry after `tries`, due or not: taken, and the reason it is to publish. */
static const struct {
	unsigned tries;
	int due;
	const char *why;		/* NULL: not taken; "": taken, no reason */
} take_cases[] = {
	{ 1, 0, NULL },
	{ 1, 1, "" },
	{ CAIRN_RETRY_MAX - 1, 1, "" },
	{ CAIRN_RETRY_MAX, 1, "no space (gave up after 5 tries)" },
};

START_TEST(test_take)
{
	struct cairn_daemon *d = daemon_new();
	char *why;

	for (unsigned k = 0; k < take_cases[_i].tries; k++)
		end(d, "a.yaml", 1, CAIRN_JOB_LATER, "no space");
	end(d, "b.yaml", 0, CAIRN_JOB_LATER, "unclaimed: never taken here");
	d->retry.v[1].due = 0;
	if (take_cases[_i].due)
		d->retry.v[0].due = uv_now(&d->loop);
	const char *name = cairn_retry_take(d, &why);
	if (take_cases[_i].why == NULL) {
		ck_assert_ptr_null(name);
		ck_assert_ptr_null(why);
	} else {
		ck_assert_str_eq(name, "a.yaml");
		ck_assert_int_eq(d->retry.v[0].running, 1);
		ck_assert_str_eq(why != NULL ? why : "", take_cases[_i].why);
		free(why);
		ck_assert_ptr_null(cairn_retry_take(d, &why));	/* running now */
	}
	daemon_free(d);
}
END_TEST

/* Only an unclaimed name not running waits for its backoff; shutdown drops it. */
START_TEST(test_waits)
{
	struct cairn_daemon *d = daemon_new();

	ck_assert_int_eq(cairn_retry_claimed(&d->retry), 0);
	end(d, "a.yaml", 0, CAIRN_JOB_LATER, "x");
	end(d, "b.yaml", 0, CAIRN_JOB_LATER, "x");
	ck_assert_int_eq(cairn_retry_waits(&d->retry, "a.yaml"), 1);
	ck_assert_int_eq(cairn_retry_waits(&d->retry, "c.yaml"), 0);
	ck_assert_int_eq(cairn_retry_claimed(&d->retry), 0);
	d->retry.v[1].running = 1;
	ck_assert_int_eq(cairn_retry_waits(&d->retry, "b.yaml"), 0);
	end(d, "c.yaml", 1, CAIRN_JOB_LATER, "x");
	ck_assert_int_eq(cairn_retry_waits(&d->retry, "c.yaml"), 0);
	ck_assert_int_eq(cairn_retry_claimed(&d->retry), 1);
	d->retry.v[2].running = 1;
	/* Shutdown: what does not run goes; a running one is settled by its job. */
	cairn_retry_unqueue(d);
	ck_assert_uint_eq(d->retry.n, 2);
	ck_assert_int_eq(cairn_retry_waits(&d->retry, "a.yaml"), 0);
	daemon_free(d);
}
END_TEST

/* While stopping, a file's trouble puts nothing on the list. */
START_TEST(test_stopping)
{
	struct cairn_daemon *d = daemon_new();

	d->stopping = 1;
	end(d, "a.yaml", 0, CAIRN_JOB_LATER, "x");
	ck_assert_uint_eq(d->retry.n, 0);
	ck_assert_int_eq(uv_is_active((uv_handle_t *)&d->retry.timer), 0);
	daemon_free(d);
}
END_TEST

/*
 * The timer fires when the first unclaimed file is due and tells
 * dispatch; with the watcher closed, nothing is noted again.
 */
START_TEST(test_timer)
{
	struct cairn_daemon *d = daemon_new();

	end(d, "a.yaml", 0, CAIRN_JOB_LATER, "x");
	ck_assert_uint_eq(uv_timer_get_due_in(&d->retry.timer), 1000);
	d->retry.v[0].due = uv_now(&d->loop) + 20;
	end(d, "b.yaml", 0, CAIRN_JOB_LATER, "x");	/* arms for a.yaml, 20 ms */
	ck_assert_uint_eq(uv_timer_get_due_in(&d->retry.timer), 20);
	uv_run(&d->loop, UV_RUN_DEFAULT);
	ck_assert_uint_eq(dispatched, 1);
	ck_assert_uint_eq(d->retry.n, 2);
	ck_assert_int_eq(d->retry.v[0].running, 0);
	daemon_free(d);
}
END_TEST

static Suite *retry_suite(void)
{
	Suite *s = suite_create("retry");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, test_backoff, 0, sizeof(backoff_cases) / sizeof(backoff_cases[0]));
	tcase_add_loop_test(tc, test_settle, 0, sizeof(settle_cases) / sizeof(settle_cases[0]));
	tcase_add_loop_test(tc, test_take, 0, sizeof(take_cases) / sizeof(take_cases[0]));
	tcase_add_test(tc, test_waits);
	tcase_add_test(tc, test_stopping);
	tcase_add_test(tc, test_timer);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return cairn_check_run(retry_suite());
}
