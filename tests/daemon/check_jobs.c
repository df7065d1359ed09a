/*
 * check_jobs - unit tests of one job: claim, read, and the pipeline
 * (src/daemon/cairn_jobs.c), on a spool of its own, without an event
 * loop.
 *
 * Each test drops a file (or a link, or nothing) in incoming/, runs one
 * job on it on this thread, and checks where everything went: the end
 * the job reports, its result in results/OWNER/ with the claim's time
 * as its arrival, its input in done/ or failed/ with its arrival record,
 * nothing left claimed.  The owner is the test's own account.
 */
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cairn_jobs.h"
#include "cairn_owner.h"
#include "cairn_plugins.h"
#include "cairn_recover.h"
#include "cairn_sha256.h"
#include "cairn_spoolname.h"
#include "cairn_time.h"
#include "check_run.h"
#include "check_tmpdir.h"

static char owner[CAIRN_OWNER_MAX + 1];
static struct cairn_registry reg;
static struct cairn_spool sp;
static struct cairn_attempts attempts;
static struct cairn_jobctx ctx;

static void setup(void)
{
	char err[1024];
	const char *dir = getenv("CAIRN_PLUGIN_DIR_BUILD");

	check_tmpdir_make("check_jobs");
	memset(&reg, 0, sizeof reg);
	ck_assert_msg(dir != NULL, "CAIRN_PLUGIN_DIR_BUILD is not set");
	ck_assert_int_ge(cairn_plugins_load_dir(&reg, dir, NULL, NULL, err, sizeof err), 1);
	ck_assert_int_eq(cairn_spool_open(&sp, check_tmpdir, "t", err, sizeof err), 0);
	ck_assert_int_eq(cairn_attempts_load(&attempts, sp.processing_fd, 0), 0);
	ck_assert_int_eq(cairn_owner_name(geteuid(), owner), 0);
	memset(&ctx, 0, sizeof ctx);
	ctx.sp = &sp;
	ctx.attempts = &attempts;
	ctx.euid = geteuid();
}

static void teardown(void)
{
	cairn_attempts_free(&attempts);
	cairn_spool_close(&sp);
	cairn_plugins_free(&reg);
	check_tmpdir_remove();
}

/* job - a job for incoming/NAME with the test's settings */
/* settings - what every job here is given. */
static void settings(struct cairn_job *j)
{
	j->settings.registry = &reg;
	j->settings.solver = "auto";
	j->settings.memory_budget = 1u << 30;
	j->settings.limits.max_piles = 1000000;
	j->settings.limits.max_file_bytes = 1u << 20;
	j->keep_inputs = 1;
}

static void job(struct cairn_job *j, const char *name)
{
	cairn_jobs_init(j, name);
	settings(j);
}

/* job_held - a job for a file claimed before, by its held name. */
static void job_held(struct cairn_job *j, const char *held)
{
	cairn_jobs_init_held(j, held);
	settings(j);
}

static void drop(const char *path, const char *text)
{
	int fd = openat(sp.root_fd, path, O_WRONLY | O_CREAT | O_EXCL, 0644);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
}

/* of - TOP/OWNER/REST (one of two buffers, used in turn) */
static const char *of(const char *top, const char *rest)
{
	static char buf[2][512];
	static int k;

	k = !k;
	snprintf(buf[k], sizeof buf[k], "%s/%s/%s", top, owner, rest);
	return buf[k];
}

/* slurp, mtime_is - the fixture's, under the spool */
#define slurp(path) check_tmpdir_slurp(sp.root_fd, path)
#define mtime_is(path, t) check_tmpdir_mtime_is(sp.root_fd, path, t)

/* claimed - how many files are left in processing/t/ (dot files aside) */
static int claimed(void)
{
	DIR *d = fdopendir(openat(sp.processing_fd, ".", O_RDONLY | O_DIRECTORY));
	struct dirent *de;
	int n = 0;

	ck_assert_ptr_nonnull(d);
	while ((de = readdir(d)) != NULL)
		n += de->d_name[0] != '.';
	closedir(d);
	return n;
}

START_TEST(test_done)
{
	struct cairn_job j;
	char received[128], at[CAIRN_TIME_LEN], hex[CAIRN_SHA256_HEX_LEN], record[256];

	struct stat before;

	drop("incoming/p.yaml", "piles: [3, 9, 1, 2]\n");
	ck_assert_int_eq(fstatat(sp.root_fd, "incoming/p.yaml", &before, 0), 0);
	job(&j, "p.yaml");
	cairn_jobs_run(&j, &ctx);
	ck_assert_int_eq(j.end, CAIRN_JOB_DONE);
	ck_assert_str_eq(j.in.origin.owner, owner);
	/* The arrival is the change time in incoming/, before the claim. */
	ck_assert(j.in.origin.received.tv_sec == before.st_ctim.tv_sec &&
		  j.in.origin.received.tv_nsec == before.st_ctim.tv_nsec);
	ck_assert_str_eq(j.in.result, "p.result.yaml");
	ck_assert_int_eq(j.in.arrival_err, 0);
	ck_assert_uint_eq(j.in.st.solved, 1);
	/* Result and record carry it. */
	mtime_is(of("results", "p.result.yaml"), &j.in.origin.received);
	cairn_time_format(&j.in.origin.received, at);
	snprintf(received, sizeof received, "\nreceived: %s\nstatus: ok\n", at);
	ck_assert_ptr_nonnull(strstr(slurp(of("results", "p.result.yaml")), received));
	ck_assert_ptr_nonnull(strstr(slurp(of("results", "p.result.yaml")), "\n    diff: 7\n"));
	ck_assert_str_eq(slurp(of("done", "p.yaml")), "piles: [3, 9, 1, 2]\n");
	cairn_sha256_hex("piles: [3, 9, 1, 2]\n", 20, hex);
	snprintf(record, sizeof record, "6:p.yaml\nuid %lu\nsha256 %s\narrival %lld.%09ld\n",
		 (unsigned long)j.in.origin.uid, hex, (long long)j.in.origin.received.tv_sec,
		 j.in.origin.received.tv_nsec);
	ck_assert_str_eq(check_tmpdir_record(sp.root_fd, of("done", "p.yaml")), record);
	ck_assert_ptr_null(slurp("incoming/p.yaml"));
	ck_assert_int_eq(claimed(), 0);
	cairn_jobs_clear(&j);
}
END_TEST

/*
 * Where a rename does not set the change time, the arrival is no earlier
 * than when the daemon first saw the file.
 */
START_TEST(test_first_seen)
{
	struct cairn_job j;

	drop("incoming/p.yaml", "piles: [3, 9, 1, 2]\n");
	job(&j, "p.yaml");
	j.first_seen_ms = 4102444800123u;	/* 2100-01-01T00:00:00.123Z */
	sp.rename_ctime = 0;
	cairn_jobs_run(&j, &ctx);
	sp.rename_ctime = 1;
	ck_assert_int_eq(j.end, CAIRN_JOB_DONE);
	ck_assert(j.in.origin.received.tv_sec == 4102444800 &&
		  j.in.origin.received.tv_nsec == 123000000);
	cairn_jobs_clear(&j);
}
END_TEST

START_TEST(test_not_kept)
{
	struct cairn_job j;

	drop("incoming/p.csv", "1,2,3\n");
	job(&j, "p.csv");
	j.keep_inputs = 0;
	cairn_jobs_run(&j, &ctx);
	ck_assert_int_eq(j.end, CAIRN_JOB_DONE);
	ck_assert_ptr_null(j.in.stored);
	ck_assert_ptr_nonnull(slurp(of("results", "p.result.csv")));
	ck_assert_ptr_null(slurp(of("done", "p.csv")));
	ck_assert_int_eq(claimed(), 0);
	cairn_jobs_clear(&j);
}
END_TEST

/* A file the job refuses gets an error result, and goes to failed/. */
static const struct {
	const char *name;
	int link;			/* a symbolic link rather than a file */
	uint64_t max;			/* max_file_bytes */
	const char *fail_reason;
	const char *error;		/* in the result */
} refused[] = {
	{ "l.yaml", 1, 1u << 20, NULL, "error: \"symbolic link, not followed\"" },
	{ "big.yaml", 0, 4, NULL,
	  "error: \"file is 20 bytes, more than max_file_bytes (4)\"" },
	{ "twice.yaml", 0, 1u << 20, CAIRN_INTERRUPTED_TWICE,
	  "error: \"interrupted twice while processing\"" },
	{ "bad.yaml", 0, 1u << 20, NULL, "error: \"line 1, column 1: " },
};

START_TEST(test_refused)
{
	struct cairn_job j;
	char stored[256], result[256], *text;

	snprintf(stored, sizeof stored, "incoming/%s", refused[_i].name);
	if (refused[_i].link)
		ck_assert_int_eq(symlinkat("/etc/passwd", sp.root_fd, stored), 0);
	else
		drop(stored, strcmp(refused[_i].name, "bad.yaml") == 0 ? "[not a mapping]\n" :
		     "piles: [3, 9, 1, 2]\n");
	job(&j, refused[_i].name);
	j.settings.limits.max_file_bytes = refused[_i].max;
	j.fail_reason = refused[_i].fail_reason;
	cairn_jobs_run(&j, &ctx);
	ck_assert_int_eq(j.end, CAIRN_JOB_FAILED);
	ck_assert_str_eq(j.in.stored, of("failed", refused[_i].name));
	snprintf(result, sizeof result, "%.*s.result.yaml",
		 (int)(strlen(refused[_i].name) - 5), refused[_i].name);
	text = slurp(of("results", result));
	ck_assert_ptr_nonnull(text);
	ck_assert_msg(strstr(text, refused[_i].error) != NULL, "%s", text);
	ck_assert_int_eq(claimed(), 0);
	cairn_jobs_clear(&j);
}
END_TEST

START_TEST(test_long_name)
{
	struct cairn_job j;
	char name[CAIRN_NAME_MAX + 16], path[sizeof name + 16];

	memset(name, 'n', sizeof name);
	strcpy(name + CAIRN_NAME_MAX, ".yaml");
	snprintf(path, sizeof path, "incoming/%s", name);
	drop(path, "piles: [1]\n");
	job(&j, name);
	cairn_jobs_run(&j, &ctx);
	ck_assert_int_eq(j.end, CAIRN_JOB_FAILED);
	/* Under a short name that keeps it distinct, which the error gives. */
	ck_assert_ptr_nonnull(j.in.as);
	ck_assert_uint_le(strlen(j.in.as), CAIRN_NAME_MAX);
	ck_assert_ptr_nonnull(strstr(j.err, j.in.as));
	ck_assert_ptr_nonnull(strstr(j.in.stored, j.in.as));
	ck_assert_int_eq(claimed(), 0);
	cairn_jobs_clear(&j);
}
END_TEST

START_TEST(test_gone)
{
	struct cairn_job j;

	job(&j, "nothing.yaml");
	cairn_jobs_run(&j, &ctx);
	ck_assert_int_eq(j.end, CAIRN_JOB_SKIPPED);
	ck_assert_ptr_null(j.in.result);
	cairn_jobs_clear(&j);
}
END_TEST

START_TEST(test_shutdown_before_claim)
{
	struct cairn_job j;

	drop("incoming/p.yaml", "piles: [1]\n");
	job(&j, "p.yaml");
	atomic_store(&j.cancel, CAIRN_CANCEL_SHUTDOWN);
	cairn_jobs_run(&j, &ctx);
	ck_assert_int_eq(j.end, CAIRN_JOB_RETURNED);
	ck_assert_str_eq(slurp("incoming/p.yaml"), "piles: [1]\n");
	ck_assert_int_eq(claimed(), 0);
	cairn_jobs_clear(&j);
}
END_TEST

/*
 * A storage error after the result was published keeps the input
 * claimed; taken again, it is stored, not graded again: the same result,
 * no history/.
 */
START_TEST(test_store_fails)
{
	struct cairn_job j;
	char first[8192], held[512];
	int fd;

	drop("incoming/p.yaml", "piles: [3, 9, 1, 2]\n");
	/* done/OWNER is a file: the input cannot be stored. */
	fd = openat(sp.done_fd, owner, O_WRONLY | O_CREAT | O_EXCL, 0644);
	ck_assert_int_ge(fd, 0);
	close(fd);
	job(&j, "p.yaml");
	cairn_jobs_run(&j, &ctx);
	ck_assert_int_eq(j.end, CAIRN_JOB_STUCK);
	ck_assert_msg(strstr(j.err, "; kept in processing, its result published") != NULL,
		      "%s", j.err);
	ck_assert_int_eq(claimed(), 1);
	ck_assert_ptr_nonnull(slurp(of("results", "p.result.yaml")));
	snprintf(first, sizeof first, "%s", slurp(of("results", "p.result.yaml")));
	snprintf(held, sizeof held, "%s", j.held);
	cairn_jobs_clear(&j);
	/* The spool recovers; the claimed file is taken again, by its held name. */
	ck_assert_int_eq(unlinkat(sp.done_fd, owner, 0), 0);
	job_held(&j, held);
	cairn_jobs_run(&j, &ctx);
	ck_assert_int_eq(j.end, CAIRN_JOB_DONE);
	ck_assert_str_eq(slurp(of("results", "p.result.yaml")), first);
	ck_assert_ptr_null(slurp(of("results", "history/p.result.1.yaml")));
	ck_assert_str_eq(slurp(of("done", "p.yaml")), "piles: [3, 9, 1, 2]\n");
	ck_assert_uint_eq(j.in.st.puzzles, 1);
	ck_assert_int_eq(claimed(), 0);
	cairn_jobs_clear(&j);
}
END_TEST

static Suite *jobs_suite(void)
{
	Suite *s = suite_create("jobs");
	TCase *tc = tcase_create("one file");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_done);
	tcase_add_test(tc, test_not_kept);
	tcase_add_test(tc, test_first_seen);
	tcase_add_loop_test(tc, test_refused, 0, sizeof refused / sizeof refused[0]);
	tcase_add_test(tc, test_long_name);
	tcase_add_test(tc, test_gone);
	tcase_add_test(tc, test_shutdown_before_claim);
	tcase_add_test(tc, test_store_fails);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return cairn_check_run(jobs_suite());
}
