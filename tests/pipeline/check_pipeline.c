/*
 * check_pipeline - unit tests of the steps that carry one input to its
 * result, its stored copy and its arrival record (src/pipeline).
 *
 * Each test works on a spool of its own under mkdtemp(): results/,
 * done/, failed/ and processing/, with the build's solver plugins.  The
 * arrival is a fixed time, never the clock, so that the bytes a step
 * writes are known: the same input for the same owner and arrival gives
 * the same result, which replaces itself wherever it is; a newer arrival
 * moves the older result to history/; an older one is kept there; an
 * input refused unread replaces no result of another arrival.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "cairn_pipeline.h"
#include "cairn_pipeline_store.h"
#include "cairn_plugins.h"
#include "check_run.h"
#include "check_tmpdir.h"

static struct cairn_registry reg;
static struct cairn_settings set;
static struct cairn_pipeline pl;
static int processing_fd;

static const char puzzle[] = "piles: [3, 9, 1, 2]\n";

/* The result of `puzzle` as p.yaml of ada, uid UID, at 2026-12-09T21:14:03.512Z. */
#define RESULT_HEAD "format: cairn-result/1\nsource: p.yaml\nowner: ada\nuid: %u\n" \
	"received: %s\nstatus: ok\n"

static int open_dir(const char *name)
{
	int fd;

	ck_assert_int_eq(mkdirat(pl.root_fd, name, 0755), 0);
	fd = openat(pl.root_fd, name, O_RDONLY | O_DIRECTORY);
	ck_assert_int_ge(fd, 0);
	return fd;
}

static void setup(void)
{
	char err[1024] = "";
	const char *dir = getenv("CAIRN_PLUGIN_DIR_BUILD");

	check_tmpdir_make("check_pipeline");
	memset(&reg, 0, sizeof reg);
	ck_assert_msg(dir != NULL, "CAIRN_PLUGIN_DIR_BUILD is not set");
	ck_assert_int_ge(cairn_plugins_load_dir(&reg, dir, NULL, NULL, err, sizeof err), 1);
	memset(&set, 0, sizeof set);
	set.registry = &reg;
	set.solver = "auto";
	set.memory_budget = 1u << 30;
	set.limits.max_piles = 1000000;
	set.limits.max_file_bytes = 1u << 26;
	memset(&pl, 0, sizeof pl);
	pl.root_fd = check_tmpdir_open();
	ck_assert_int_ge(pl.root_fd, 0);
	ck_assert_int_eq(mkdirat(pl.root_fd, "processing", 0755), 0);
	pl.results_fd = open_dir("results");
	pl.done_fd = open_dir("done");
	pl.failed_fd = open_dir("failed");
	processing_fd = open_dir("processing/here");
	pl.tag = "here";
	pl.euid = geteuid();
}

static void teardown(void)
{
	int fds[] = { pl.root_fd, pl.results_fd, pl.done_fd, pl.failed_fd, processing_fd };

	for (size_t i = 0; i < sizeof fds / sizeof fds[0]; i++)
		close(fds[i]);
	cairn_plugins_free(&reg);
	check_tmpdir_remove();
}

/* input - p.yaml of ada (the test's own uid), arrived at second sec + ms ms */
static void input(struct cairn_pipeline_input *in, const char *name, time_t sec, long ms)
{
	cairn_pipeline_input_init(in, name);
	in->has_origin = 1;
	snprintf(in->origin.owner, sizeof in->origin.owner, "ada");
	in->origin.uid = (uint32_t)geteuid();
	in->origin.received.tv_sec = sec;
	in->origin.received.tv_nsec = ms * 1000000;
}

/* slurp, mtime_is, stored_record - the fixture's, under the spool */
#define slurp(path) check_tmpdir_slurp(pl.root_fd, path)
#define mtime_is(path, t) check_tmpdir_mtime_is(pl.root_fd, path, t)
#define stored_record(path) check_tmpdir_record(pl.root_fd, path)

/*
 * record - the arrival record of `name` stored with the bytes `data`
 * (NULL: refused unread), ours, arrived at `at`
 */
static const char *record(const char *name, const char *data, const struct timespec *at)
{
	static char text[512];
	char hex[CAIRN_SHA256_HEX_LEN] = "-";

	if (data != NULL)
		cairn_sha256_hex(data, strlen(data), hex);
	snprintf(text, sizeof text, "%zu:%s\nuid %lu\nsha256 %s\narrival %lld.%09ld\n",
		 strlen(name), name, (unsigned long)geteuid(), hex, (long long)at->tv_sec,
		 at->tv_nsec);
	return text;
}

/* no_xattr - set: fsetxattr() fails as where the file system has no user attributes */
static int no_xattr;

int fsetxattr(int fd, const char *name, const void *value, size_t size, int flags)
{
	if (no_xattr) {
		errno = EOPNOTSUPP;
		return -1;
	}
	return (int)syscall(SYS_fsetxattr, fd, name, value, size, flags);
}

/* graded - `text` as the result of in, published */
static void graded(struct cairn_pipeline_input *in, const char *text, struct cairn_buf *out)
{
	atomic_int cancel = 0;
	char err[512] = "";

	out->len = 0;
	ck_assert_int_eq(cairn_pipeline_grade(&pl, in, &set, text, strlen(text), &cancel, out), 0);
	ck_assert_int_eq(cairn_pipeline_publish(&pl, in, out, err, sizeof err), 0);
}

START_TEST(test_grade_origin)
{
	struct cairn_pipeline_input in;
	struct cairn_buf out = CAIRN_BUF_INIT;
	atomic_int cancel = 0;
	char head[256];

	input(&in, "p.yaml", 1765314843, 512);
	ck_assert_int_eq(cairn_pipeline_grade(&pl, &in, &set, puzzle, strlen(puzzle), &cancel,
					      &out), 0);
	snprintf(head, sizeof head, RESULT_HEAD, (unsigned)geteuid(), "2025-12-09T21:14:03.512Z");
	cairn_buf_reserve(&out, 0);
	ck_assert_msg(strncmp(out.data, head, strlen(head)) == 0, "%s", out.data);
	ck_assert_uint_eq(in.st.solved, 1);
	/* Without an owner (cairn grade): nothing of one is written. */
	in.has_origin = 0;
	out.len = 0;
	ck_assert_int_eq(cairn_pipeline_grade(NULL, &in, &set, puzzle, strlen(puzzle), &cancel,
					      &out), 0);
	cairn_buf_reserve(&out, 0);
	ck_assert_ptr_null(strstr(out.data, "owner:"));
	ck_assert_ptr_null(strstr(out.data, "received:"));
	cairn_pipeline_input_clear(&in);
	cairn_buf_free(&out);
}
END_TEST

START_TEST(test_publish_same_arrival)
{
	struct cairn_pipeline_input in;
	struct cairn_buf first = CAIRN_BUF_INIT, again = CAIRN_BUF_INIT;

	input(&in, "p.yaml", 1765314843, 512);
	graded(&in, puzzle, &first);
	ck_assert_str_eq(in.result, "p.result.yaml");
	ck_assert_int_eq(in.superseded, 0);
	ck_assert_int_eq(in.held_back, 0);
	mtime_is("results/ada/p.result.yaml", &in.origin.received);
	/* The same input again for the same arrival: the same bytes, in place. */
	graded(&in, puzzle, &again);
	ck_assert_uint_eq(first.len, again.len);
	ck_assert_int_eq(memcmp(first.data, again.data, first.len), 0);
	ck_assert_ptr_null(slurp("results/ada/history/p.result.1.yaml"));
	/* Other bytes for that arrival (a fixed set): replaced where it is. */
	graded(&in, "piles: [1, 100, 3]\n", &again);
	ck_assert_ptr_nonnull(strstr(slurp("results/ada/p.result.yaml"), "diff: -96"));
	ck_assert_ptr_null(slurp("results/ada/history/p.result.1.yaml"));
	cairn_pipeline_input_clear(&in);
	cairn_buf_free(&first);
	cairn_buf_free(&again);
}
END_TEST

START_TEST(test_publish_arrivals)
{
	struct cairn_pipeline_input t1, t2, t0;
	struct cairn_buf out = CAIRN_BUF_INIT, old = CAIRN_BUF_INIT;

	input(&t1, "p.yaml", 1765314843, 0);
	input(&t2, "p.yaml", 1765314844, 0);
	input(&t0, "p.yaml", 1765314842, 0);
	graded(&t1, puzzle, &out);
	graded(&t2, "piles: [1, 2, 3]\n", &out);
	/* The newer arrival is current; the older one is kept in history/. */
	ck_assert_ptr_nonnull(strstr(slurp("results/ada/p.result.yaml"), "diff: 2\n"));
	ck_assert_ptr_nonnull(strstr(slurp("results/ada/history/p.result.1.yaml"), "diff: 7\n"));
	mtime_is("results/ada/history/p.result.1.yaml", &t1.origin.received);
	/* An older arrival than the current one stays behind it. */
	graded(&t0, "piles: [5, 3, 4, 5]\n", &out);
	ck_assert_int_eq(t0.superseded, 1);
	ck_assert_ptr_nonnull(strstr(slurp("results/ada/p.result.yaml"), "diff: 2\n"));
	ck_assert_ptr_nonnull(strstr(slurp("results/ada/history/p.result.2.yaml"), "diff: 1\n"));
	/* Each arrival's result is found again, wherever it is. */
	ck_assert_int_eq(cairn_pipeline_published(&pl, &t1, &old), 1);
	cairn_buf_reserve(&old, 0);
	ck_assert_ptr_nonnull(strstr(old.data, "diff: 7\n"));
	old.len = 0;
	ck_assert_int_eq(cairn_pipeline_published(&pl, &t2, &old), 1);
	cairn_buf_reserve(&old, 0);
	ck_assert_ptr_nonnull(strstr(old.data, "diff: 2\n"));
	/* Or only whether it is there. */
	ck_assert_int_eq(cairn_pipeline_published(&pl, &t1, NULL), 1);
	t2.origin.received.tv_sec++;
	ck_assert_int_eq(cairn_pipeline_published(&pl, &t2, &old), 0);
	ck_assert_int_eq(cairn_pipeline_published(&pl, &t2, NULL), 0);
	cairn_pipeline_input_clear(&t0);
	cairn_pipeline_input_clear(&t1);
	cairn_pipeline_input_clear(&t2);
	cairn_buf_free(&out);
	cairn_buf_free(&old);
}
END_TEST

/* claimed - processing/here/NAME holding text */
static void claimed(const char *name, const char *text)
{
	int fd = openat(processing_fd, name, O_WRONLY | O_CREAT | O_EXCL, 0644);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
}

START_TEST(test_store)
{
	struct cairn_pipeline_input a, b, c, d;
	char err[512] = "";

	input(&a, "p.yaml", 1765314843, 512);
	input(&b, "p.yaml", 1765314844, 0);
	input(&c, "bad.yaml", 1765314845, 0);
	input(&d, "gone.yaml", 1765314846, 0);
	claimed("p.yaml", "first\n");
	ck_assert_int_eq(cairn_pipeline_store(&pl, processing_fd, &a, 0, 1, err, sizeof err), 0);
	ck_assert_str_eq(a.stored, "done/ada/p.yaml");
	ck_assert_int_eq(a.arrival_err, 0);
	ck_assert_str_eq(slurp("done/ada/p.yaml"), "first\n");
	ck_assert_str_eq(stored_record("done/ada/p.yaml"),
			 record("p.yaml", "first\n", &a.origin.received));
	/* A second p.yaml of one owner never replaces the first. */
	claimed("p.yaml", "second\n");
	ck_assert_int_eq(cairn_pipeline_store(&pl, processing_fd, &b, 0, 1, err, sizeof err), 0);
	ck_assert_str_eq(b.stored, "done/ada/p.1.yaml");
	ck_assert_str_eq(slurp("done/ada/p.1.yaml"), "second\n");
	ck_assert_str_eq(stored_record("done/ada/p.1.yaml"),
			 record("p.yaml", "second\n", &b.origin.received));
	/* A file error goes to failed/, whatever keep_inputs says. */
	claimed("bad.yaml", "x\n");
	ck_assert_int_eq(cairn_pipeline_store(&pl, processing_fd, &c, 1, 0, err, sizeof err), 0);
	ck_assert_str_eq(c.stored, "failed/ada/bad.yaml");
	/* Not kept: removed, stored nowhere. */
	claimed("gone.yaml", "y\n");
	ck_assert_int_eq(cairn_pipeline_store(&pl, processing_fd, &d, 0, 0, err, sizeof err), 0);
	ck_assert_ptr_null(d.stored);
	ck_assert_int_eq(faccessat(processing_fd, "gone.yaml", F_OK, 0), -1);
	/* Nothing to move: the error says what and why. */
	ck_assert_int_eq(cairn_pipeline_store(&pl, processing_fd, &d, 0, 0, err, sizeof err),
			 -ENOENT);
	ck_assert_str_eq(err, "moving gone.yaml out of processing: No such file or directory");
	cairn_pipeline_input_clear(&a);
	cairn_pipeline_input_clear(&b);
	cairn_pipeline_input_clear(&c);
	cairn_pipeline_input_clear(&d);
}
END_TEST

/*
 * A graded input is stored as the daemon's copy with the digest of what
 * was graded (a held file changed since is copied, its record keeping the
 * graded digest); one refused unread is stored empty, its object removed
 * (an empty directory too); stored before a crash, it is not stored again.
 */
START_TEST(test_store_copy)
{
	struct cairn_pipeline_input a, b, c;
	struct cairn_buf out = CAIRN_BUF_INIT;
	struct stat st;
	char err[512], hex[CAIRN_SHA256_HEX_LEN];
	atomic_int cancel = 0;

	input(&a, "q.yaml", 1765314850, 0);
	claimed("q.yaml", "graded\n");
	ck_assert_int_eq(cairn_pipeline_grade(&pl, &a, &set, "graded\n", 7, &cancel, &out), 0);
	ck_assert_int_eq(a.digested, 1);
	cairn_sha256_hex("graded\n", 7, hex);
	ck_assert_str_eq(a.sha256, hex);
	/* changed after it was graded: the record says what was graded */
	ck_assert_int_eq(unlinkat(processing_fd, "q.yaml", 0), 0);
	claimed("q.yaml", "changed\n");
	ck_assert_int_eq(cairn_pipeline_store(&pl, processing_fd, &a, 0, 1, err, sizeof err), 0);
	ck_assert_str_eq(a.stored, "done/ada/q.yaml");
	ck_assert_str_eq(slurp("done/ada/q.yaml"), "changed\n");
	ck_assert_str_eq(stored_record("done/ada/q.yaml"), record("q.yaml", "graded\n",
								  &a.origin.received));
	ck_assert_int_eq(fstatat(pl.root_fd, "done/ada/q.yaml", &st, 0), 0);
	ck_assert_uint_eq(st.st_mode & 07777, 0640);
	ck_assert_int_eq(faccessat(processing_fd, "q.yaml", F_OK, 0), -1);
	/* the same input held again, as a crash after the copy leaves it */
	input(&b, "q.yaml", 1765314850, 0);
	claimed("q.yaml", "changed\n");
	ck_assert_int_eq(cairn_pipeline_store(&pl, processing_fd, &b, 0, 1, err, sizeof err), 0);
	ck_assert_str_eq(b.stored, "done/ada/q.yaml");
	ck_assert_int_eq(faccessat(processing_fd, "q.yaml", F_OK, 0), -1);
	ck_assert_ptr_null(slurp("done/ada/q.1.yaml"));
	/* a directory refused unread: an empty file stored, the directory gone */
	input(&c, "d.yaml", 1765314851, 0);
	ck_assert_int_eq(mkdirat(processing_fd, "d.yaml", 0777), 0);
	cairn_pipeline_refuse(&c, "not a regular file (directory)", &out);
	ck_assert_int_eq(c.unread, 1);
	ck_assert_int_eq(cairn_pipeline_store(&pl, processing_fd, &c, 1, 0, err, sizeof err), 0);
	ck_assert_str_eq(slurp("failed/ada/d.yaml"), "");
	ck_assert_str_eq(stored_record("failed/ada/d.yaml"), record("d.yaml", NULL,
								    &c.origin.received));
	ck_assert_int_eq(faccessat(processing_fd, "d.yaml", F_OK, 0), -1);
	cairn_buf_free(&out);
	cairn_pipeline_input_clear(&a);
	cairn_pipeline_input_clear(&b);
	cairn_pipeline_input_clear(&c);
}
END_TEST

/*
 * Where the file system has no user attributes, the record is the file
 * .arrival/AS, its time the arrival, and a crash after the store is still
 * told by it: the input is not stored twice.
 */
START_TEST(test_store_noxattr)
{
	struct cairn_pipeline_input a, b;
	char err[512] = "";
	const char *want;

	no_xattr = 1;
	input(&a, "n.yaml", 1765314860, 250);
	claimed("n.yaml", "kept\n");
	ck_assert_int_eq(cairn_pipeline_store(&pl, processing_fd, &a, 0, 1, err, sizeof err), 0);
	ck_assert_str_eq(a.stored, "done/ada/n.yaml");
	ck_assert_int_eq(a.arrival_err, 0);
	want = record("n.yaml", "kept\n", &a.origin.received);
	ck_assert_ptr_nonnull(strstr(want, "\narrival "));
	ck_assert_str_eq(stored_record("done/ada/n.yaml"), want);
	ck_assert_ptr_nonnull(slurp("done/ada/.arrival/n.yaml"));
	ck_assert_int_eq(strncmp(slurp("done/ada/.arrival/n.yaml"), want,
				 (size_t)(strstr(want, "\narrival ") + 1 - want)), 0);
	mtime_is("done/ada/.arrival/n.yaml", &a.origin.received);
	/* held again after a crash: found by its file, stored once */
	input(&b, "n.yaml", 1765314860, 250);
	claimed("n.yaml", "kept\n");
	ck_assert_int_eq(cairn_pipeline_store(&pl, processing_fd, &b, 0, 1, err, sizeof err), 0);
	ck_assert_str_eq(b.stored, "done/ada/n.yaml");
	ck_assert_ptr_null(slurp("done/ada/n.1.yaml"));
	/* with attributes again, the next store costs no file */
	no_xattr = 0;
	cairn_pipeline_input_clear(&b);
	input(&b, "n.yaml", 1765314861, 0);
	claimed("n.yaml", "next\n");
	ck_assert_int_eq(cairn_pipeline_store(&pl, processing_fd, &b, 0, 1, err, sizeof err), 0);
	ck_assert_str_eq(b.stored, "done/ada/n.1.yaml");
	ck_assert_ptr_null(slurp("done/ada/.arrival/n.1.yaml"));
	ck_assert_str_eq(stored_record("done/ada/n.1.yaml"),
			 record("n.yaml", "next\n", &b.origin.received));
	cairn_pipeline_input_clear(&a);
	cairn_pipeline_input_clear(&b);
}
END_TEST

START_TEST(test_refuse_as)
{
	struct cairn_pipeline_input in;
	struct cairn_buf out = CAIRN_BUF_INIT;
	char err[512] = "";

	input(&in, "a-very-long-name.yaml", 1765314843, 0);
	in.as = strdup("short.yaml");
	cairn_pipeline_refuse(&in, "too long", &out);
	ck_assert_int_eq(in.st.file_error, 1);
	ck_assert_int_eq(cairn_pipeline_publish(&pl, &in, &out, err, sizeof err), 0);
	ck_assert_str_eq(in.result, "short.result.yaml");
	ck_assert_ptr_nonnull(strstr(slurp("results/ada/short.result.yaml"),
				     "source: short.yaml\n"));
	ck_assert_ptr_nonnull(strstr(slurp("results/ada/short.result.yaml"),
				     "error: \"too long\"\n"));
	cairn_pipeline_input_clear(&in);
	cairn_buf_free(&out);
}
END_TEST

START_TEST(test_short_name)
{
	struct cairn_pipeline_input in;
	struct cairn_buf out = CAIRN_BUF_INIT;
	atomic_int cancel = 0;
	char err[512], path[600], *text;

	/* Its result's name is taken by a directory: the input's own trouble. */
	ck_assert_int_eq(mkdirat(pl.results_fd, "ada", 0755), 0);
	ck_assert_int_eq(mkdirat(pl.results_fd, "ada/p.result.yaml", 0755), 0);
	input(&in, "p.yaml", 1765314843, 0);
	ck_assert_int_eq(cairn_pipeline_grade(&pl, &in, &set, puzzle, strlen(puzzle), &cancel,
					      &out), 0);
	ck_assert_int_lt(cairn_pipeline_publish(&pl, &in, &out, err, sizeof err), 0);
	ck_assert_ptr_null(in.as);
	pl.short_names = 1;
	ck_assert_int_eq(cairn_pipeline_publish(&pl, &in, &out, err, sizeof err), 0);
	ck_assert_ptr_nonnull(in.as);
	ck_assert_int_eq(in.st.file_error, 1);
	ck_assert_msg(strncmp(err, "no result under this name (", 27) == 0, "%s", err);
	ck_assert_ptr_nonnull(strstr(err, in.as));
	snprintf(path, sizeof path, "results/ada/%s", in.result);
	text = slurp(path);
	ck_assert_ptr_nonnull(text);
	ck_assert_ptr_nonnull(strstr(text, "error: \"no result under this name ("));
	cairn_pipeline_input_clear(&in);
	cairn_buf_free(&out);
}
END_TEST

/* refused - in refused unread (why), published; its err after */
static void refused(struct cairn_pipeline_input *in, time_t sec, const char *why,
		    struct cairn_buf *out, char *err, size_t errlen)
{
	input(in, "p.yaml", sec, 0);
	in->unread = 1;
	snprintf(err, errlen, "%s", why);
	cairn_pipeline_refuse(in, err, out);
	ck_assert_int_eq(cairn_pipeline_publish(&pl, in, out, err, errlen), 0);
}

/*
 * An input refused unread (a hard link: another's file) never pushes a
 * result of another arrival aside (issue 37, case 3): its error result
 * goes under the short name, and once that holds another's too, nowhere.
 * Its own arrival's error result it replaces, as anything does.
 */
START_TEST(test_refused_unread)
{
	struct cairn_pipeline_input in;
	struct cairn_buf out = CAIRN_BUF_INIT;
	char err[512], want[600], *graded_text, *first;
	struct stat st;

	pl.short_names = 1;
	input(&in, "p.yaml", 100, 0);
	graded(&in, puzzle, &out);
	cairn_pipeline_input_clear(&in);
	graded_text = strdup(slurp("results/ada/p.result.yaml"));

	refused(&in, 200, "has 2 hard links", &out, err, sizeof err);
	ck_assert_str_eq(slurp("results/ada/p.result.yaml"), graded_text);
	ck_assert_int_ne(fstatat(pl.results_fd, "ada/history", &st, 0), 0);
	snprintf(want, sizeof want, "has 2 hard links (p.result.yaml kept: stored as %s)", in.as);
	ck_assert_str_eq(err, want);
	ck_assert_int_eq(strncmp(in.result, "p-", 2), 0);
	snprintf(want, sizeof want, "results/ada/%s", in.result);
	first = strdup(slurp(want));
	ck_assert_ptr_nonnull(strstr(first, "error: \"has 2 hard links (p.result.yaml kept: "));
	cairn_pipeline_input_clear(&in);

	/* The same arrival again (after a crash): its own result, replaced. */
	refused(&in, 200, "has 2 hard links", &out, err, sizeof err);
	ck_assert_ptr_nonnull(in.result);
	ck_assert_str_eq(slurp(want), first);
	cairn_pipeline_input_clear(&in);

	/* Another: both names hold another arrival's: stored, no result. */
	refused(&in, 300, "has 3 hard links", &out, err, sizeof err);
	ck_assert_ptr_null(in.result);
	ck_assert_ptr_nonnull(in.as);
	ck_assert_ptr_nonnull(strstr(err, "), no result ("));
	ck_assert_str_eq(slurp("results/ada/p.result.yaml"), graded_text);
	ck_assert_str_eq(slurp(want), first);
	cairn_pipeline_input_clear(&in);

	/* Where no result is there, its own name. */
	input(&in, "q.yaml", 400, 0);
	in.unread = 1;
	snprintf(err, sizeof err, "not a regular file (directory)");
	cairn_pipeline_refuse(&in, err, &out);
	ck_assert_int_eq(cairn_pipeline_publish(&pl, &in, &out, err, sizeof err), 0);
	ck_assert_str_eq(in.result, "q.result.yaml");
	ck_assert_ptr_null(in.as);
	cairn_pipeline_input_clear(&in);
	free(graded_text);
	free(first);
	cairn_buf_free(&out);
}
END_TEST

static Suite *pipeline_suite(void)
{
	Suite *s = suite_create("pipeline");
	TCase *tc = tcase_create("steps");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_grade_origin);
	tcase_add_test(tc, test_publish_same_arrival);
	tcase_add_test(tc, test_publish_arrivals);
	tcase_add_test(tc, test_store);
	tcase_add_test(tc, test_store_copy);
	tcase_add_test(tc, test_store_noxattr);
	tcase_add_test(tc, test_refuse_as);
	tcase_add_test(tc, test_short_name);
	tcase_add_test(tc, test_refused_unread);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return cairn_check_run(pipeline_suite());
}
