/*
 * check_spool_status - unit tests of what `cairn status` reads: the lock
 * probe (held or not, by whom, and never taking or making the lock) and
 * the newest failures kept by cairn_spool_status_read()'s bounded heap,
 * which must be exactly the first of all failures sorted newest first.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cairn_lock.h"
#include "cairn_lock_probe.h"
#include "cairn_spool_status.h"
#include "check_run.h"
#include "check_tmpdir.h"

static void setup(void)
{
	check_tmpdir_make("check_spool_status");
}

START_TEST(test_probe_missing)
{
	struct cairn_lock_holder who;
	int fd = check_tmpdir_open();

	ck_assert_int_eq(cairn_lock_probe(fd, &who), 0);
	/* Asking made no lock file. */
	ck_assert_int_ne(faccessat(fd, ".lock", F_OK, 0), 0);
	close(fd);
}
END_TEST

START_TEST(test_probe_held)
{
	struct cairn_lock_holder who;
	char err[256], host[256] = "";
	int fd = check_tmpdir_open(), lock;

	gethostname(host, sizeof(host) - 1);
	lock = cairn_lock_take(fd, err, sizeof err);
	ck_assert_msg(lock >= 0, "%s", err);
	ck_assert_int_eq(cairn_lock_probe(fd, &who), 1);
	ck_assert_int_eq(who.pid, (long)getpid());
	ck_assert_str_eq(who.host, host);
	close(lock);
	ck_assert_int_eq(cairn_lock_probe(fd, &who), 0);
	ck_assert_int_eq(who.pid, 0);
	/* Probing left no lock behind: it can be taken again at once. */
	lock = cairn_lock_take(fd, err, sizeof err);
	ck_assert_msg(lock >= 0, "%s", err);
	ck_assert_int_eq(cairn_lock_probe(fd, &who), 1);
	close(lock);
	close(fd);
}
END_TEST

/* A holder that has not yet written who it is. */
START_TEST(test_probe_unsaid)
{
	struct cairn_lock_holder who;
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
	int fd = check_tmpdir_open();
	int lock = openat(fd, ".lock", O_RDWR | O_CREAT, 0644);

	ck_assert_int_ge(lock, 0);
	ck_assert_int_eq(fcntl(lock, F_OFD_SETLK, &fl), 0);
	ck_assert_int_eq(cairn_lock_probe(fd, &who), 1);
	ck_assert_int_eq(who.pid, 0);
	ck_assert_str_eq(who.host, "");
	close(lock);
	close(fd);
}
END_TEST

struct fail_ref {
	char name[32];
	char owner[8];
	struct timespec ctime;
};

/* newest first, then by owner, then by name: cairn_spool_status.h */
static int ref_cmp(const void *pa, const void *pb)
{
	const struct fail_ref *a = pa, *b = pb;
	int c = cairn_spool_status_ts_cmp(&b->ctime, &a->ctime);

	if (c == 0 && (c = strcmp(a->owner, b->owner)) == 0)
		c = strcmp(a->name, b->name);
	return c;
}

static void no_warn(void *arg, const char *path, int err)
{
	(void)arg;
	ck_abort_msg("%s: %s", path, strerror(err));
}

START_TEST(test_newest_failures)
{
	enum { N = 60 };
	static const size_t keep[] = { 0, 1, 7, N, N + 5 };
	struct fail_ref ref[N];
	char path[4096];
	int fd = check_tmpdir_open();

	ck_assert_int_eq(mkdirat(fd, "failed", 0755), 0);
	ck_assert_int_eq(mkdirat(fd, "failed/ada", 0755), 0);
	ck_assert_int_eq(mkdirat(fd, "failed/bob", 0755), 0);
	for (int i = 0; i < N; i++) {
		struct stat st;
		int f;

		snprintf(ref[i].owner, sizeof ref[i].owner, "%s", i % 3 ? "ada" : "bob");
		snprintf(ref[i].name, sizeof ref[i].name, "f%02d.yaml", (i * 37) % N);
		snprintf(path, sizeof path, "failed/%s/%s", ref[i].owner, ref[i].name);
		f = openat(fd, path, O_WRONLY | O_CREAT | O_EXCL, 0644);
		ck_assert_int_ge(f, 0);
		ck_assert_int_eq(write(f, "x", 1), 1);
		ck_assert_int_eq(fstat(f, &st), 0);
		close(f);
		ref[i].ctime = st.st_ctim;
	}
	/* A temporary name and a record are not failures. */
	close(openat(fd, "failed/ada/.f.yaml.tmp", O_WRONLY | O_CREAT, 0644));
	qsort(ref, N, sizeof ref[0], ref_cmp);
	for (size_t k = 0; k < sizeof keep / sizeof keep[0]; k++) {
		struct cairn_spool_status st;

		ck_assert_int_eq(cairn_spool_status_read(&st, fd, keep[k], no_warn, NULL), 0);
		ck_assert_uint_eq(st.failed.files, N);
		ck_assert_uint_eq(st.failed.bytes, N);
		ck_assert_uint_eq(st.nfailures, keep[k] < N ? keep[k] : N);
		for (size_t i = 0; i < st.nfailures; i++) {
			ck_assert_str_eq(st.failures[i].f.owner, ref[i].owner);
			ck_assert_str_eq(st.failures[i].f.name, ref[i].name);
			ck_assert_ptr_null(st.failures[i].result_name);
		}
		cairn_spool_status_free(&st);
	}
	close(fd);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("spool_status");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, check_tmpdir_remove);
	tcase_add_test(tc, test_probe_missing);
	tcase_add_test(tc, test_probe_held);
	tcase_add_test(tc, test_probe_unsaid);
	tcase_add_test(tc, test_newest_failures);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return cairn_check_run(suite());
}
