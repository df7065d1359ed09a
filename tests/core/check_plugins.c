/*
 * check_plugins - the loader accepts good plugins and refuses, with a
 * clear message and a closed handle, every kind of bad one.
 *
 * The fixtures are copied into a fresh directory per test so that modes
 * and symlinks are under the test's control.
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

#include "cairn_mem.h"
#include "cairn_linked.h"
#include "cairn_plugins.h"
#include "check_run.h"

static char tmpdir[256];
static char err[1024];

static const char *fixture(const char *name)
{
	static char path[1024];
	const char *top = getenv("top_builddir");

	snprintf(path, sizeof path, "%s/tests/plugins/.libs/%s.so",
		 top ? top : ".", name);
	return path;
}

/* install - copy a fixture into tmpdir under `as` with `mode` */
static char *install(const char *name, const char *as, mode_t mode)
{
	char *dst = cairn_xasprintf("%s/%s", tmpdir, as), buf[65536];
	int in = open(fixture(name), O_RDONLY), out;
	ssize_t n;

	ck_assert_msg(in >= 0, "fixture %s missing: %s", fixture(name), strerror(errno));
	out = open(dst, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	ck_assert_int_ge(out, 0);
	while ((n = read(in, buf, sizeof buf)) > 0)
		ck_assert_int_eq(write(out, buf, (size_t)n), n);
	close(in);
	close(out);
	ck_assert_int_eq(chmod(dst, mode), 0);
	return dst;
}

static int mapped(const char *path)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[2048];
	int found = 0;

	ck_assert_ptr_nonnull(f);
	while (fgets(line, sizeof line, f))
		if (strstr(line, path))
			found = 1;
	fclose(f);
	return found;
}

static void setup(void)
{
	snprintf(tmpdir, sizeof tmpdir, "/tmp/cairn-plugins-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
}

static void teardown(void)
{
	char *cmd = cairn_xasprintf("rm -rf '%s'", tmpdir);

	ck_assert_int_eq(system(cmd), 0);
	free(cmd);
}

/* expect_refusal - loading `path` fails with `code` and exactly `why` */
static void expect_refusal(const char *path, int code, const char *why)
{
	struct cairn_registry r = { 0 };
	char *want = cairn_xasprintf("%s: %s", path, why);

	ck_assert_int_eq(cairn_plugins_load_file(&r, path, err, sizeof err), code);
	ck_assert_str_eq(err, want);
	ck_assert_uint_eq(r.n, 0);
	ck_assert_msg(!mapped(path), "%s still mapped after refusal", path);
	cairn_plugins_free(&r);
	free(want);
}

START_TEST(accepts_and_solves)
{
	struct cairn_registry r = { 0 };
	char *path = install("good", "good.so", 0644), moves[5];
	const int64_t piles[] = { 5, 3, 4, 5 };
	atomic_int cancel = 0;
	struct cairn_solve_request req = {
		.piles = piles, .n = 4, .want = CAIRN_WANT_MOVES,
		.memory_limit = 1 << 20, .cancel = &cancel, .err = err,
		.errlen = sizeof err,
	};
	struct cairn_solve_answer ans = { .moves = moves };
	const struct cairn_plugin *p;

	ck_assert_int_eq(cairn_plugins_load_file(&r, path, err, sizeof err), 0);
	p = cairn_plugins_find(&r, "fixture");
	ck_assert_ptr_nonnull(p);
	ck_assert_ptr_null(cairn_plugins_find(&r, "linear"));
	ck_assert_int_eq(p->solve(&req, &ans), 0);
	ck_assert_int_eq(ans.diff, 1);
	ck_assert_str_eq(moves, "LRRL");
	ck_assert(mapped(path));
	cairn_plugins_free(&r);
	ck_assert(!mapped(path));
	free(path);
}
END_TEST

START_TEST(refuses_wrong_abi)
{
	char *path = install("badabi", "badabi.so", 0644);

	expect_refusal(path, -EPROTO,
		       "built for plugin ABI 42, this cairn speaks ABI 1");
	free(path);
}
END_TEST

START_TEST(refuses_missing_symbol)
{
	char *path = install("nosym", "nosym.so", 0644);

	expect_refusal(path, -ENOENT, "does not export \"cairn_plugin\"");
	free(path);
}
END_TEST

START_TEST(refuses_symlink)
{
	char *path = install("good", "good.so", 0644);
	char *link = cairn_xasprintf("%s/link.so", tmpdir);

	ck_assert_int_eq(symlink(path, link), 0);
	expect_refusal(link, -ELOOP, "is a symbolic link; refusing to load it");
	free(link);
	free(path);
}
END_TEST

START_TEST(refuses_group_writable)
{
	char *path = install("good", "good.so", 0664);

	expect_refusal(path, -EPERM,
		       "is writable by group (mode 0664); refusing to load it");
	free(path);
}
END_TEST

START_TEST(refuses_other_writable)
{
	char *path = install("good", "good.so", 0646);

	expect_refusal(path, -EPERM,
		       "is writable by others (mode 0646); refusing to load it");
	free(path);
}
END_TEST

START_TEST(refuses_not_regular)
{
	char *path = cairn_xasprintf("%s/dir.so", tmpdir);

	ck_assert_int_eq(mkdir(path, 0755), 0);
	expect_refusal(path, -EINVAL, "is not a regular file");
	free(path);
}
END_TEST

START_TEST(refuses_garbage)
{
	char *path = cairn_xasprintf("%s/garbage.so", tmpdir);
	struct cairn_registry r = { 0 };
	FILE *f = fopen(path, "w");

	fputs("not an ELF file\n", f);
	fclose(f);
	ck_assert_int_eq(cairn_plugins_load_file(&r, path, err, sizeof err),
			 -ENOEXEC);
	ck_assert(strncmp(err, path, strlen(path)) == 0);
	ck_assert_uint_eq(r.n, 0);
	free(path);
}
END_TEST

struct refusals {
	char msgs[4][1024];
	int n;
};

static void collect(void *ctx, const char *msg)
{
	struct refusals *rf = ctx;

	ck_assert_int_lt(rf->n, 4);
	snprintf(rf->msgs[rf->n++], sizeof rf->msgs[0], "%s", msg);
}

START_TEST(directory_with_duplicate)
{
	struct cairn_registry r = { 0 };
	struct refusals rf = { .n = 0 };
	char *dup = install("dup", "a-dup.so", 0644);
	char *good = install("good", "b-good.so", 0644);
	char *abi = install("badabi", "c-badabi.so", 0644);
	char *notso = install("good", "good.so.txt", 0644);
	char *want;

	ck_assert_int_eq(cairn_plugins_load_dir(&r, tmpdir, collect, &rf,
						err, sizeof err), 1);
	ck_assert_uint_eq(r.n, 1);
	ck_assert_str_eq(r.v[0].path, dup);
	ck_assert_int_eq(rf.n, 2);
	want = cairn_xasprintf("%s: duplicate solver name \"fixture\"; "
			       "already loaded", good);
	ck_assert_str_eq(rf.msgs[0], want);
	free(want);
	want = cairn_xasprintf("%s: built for plugin ABI 42, this cairn "
			       "speaks ABI 1", abi);
	ck_assert_str_eq(rf.msgs[1], want);
	ck_assert(!mapped(good));
	free(want);
	cairn_plugins_free(&r);
	free(dup);
	free(good);
	free(abi);
	free(notso);
}
END_TEST

START_TEST(missing_directory)
{
	struct cairn_registry r = { 0 };
	char *dir = cairn_xasprintf("%s/none", tmpdir), *want;

	ck_assert_int_eq(cairn_plugins_load_dir(&r, dir, NULL, NULL, err,
						sizeof err), -ENOENT);
	want = cairn_xasprintf("plugin directory %s: No such file or directory", dir);
	ck_assert_str_eq(err, want);
	free(want);
	free(dir);
}
END_TEST

/* Descriptors registered from memory get the loader's checks too. */
START_TEST(registers_from_memory)
{
	struct cairn_registry r = { 0 };
	struct cairn_plugin bad;
	const struct cairn_plugin *lin;
	const int64_t piles[] = { 3, 9, 1, 2 };
	atomic_int cancel = 0;
	char moves[5];
	struct cairn_solve_request req = {
		.piles = piles, .n = 4, .want = CAIRN_WANT_MOVES,
		.memory_limit = 1 << 20, .cancel = &cancel, .err = err,
		.errlen = sizeof err,
	};
	struct cairn_solve_answer ans = { .moves = moves };

	ck_assert_int_eq(cairn_linked_solvers(&r, err, sizeof err), 0);
	ck_assert_uint_eq(r.n, 4);
	lin = cairn_plugins_find(&r, "linear");
	ck_assert_ptr_nonnull(lin);
	ck_assert_ptr_null(r.v[0].handle);
	ck_assert_str_eq(r.v[0].path, "linked:linear");
	ck_assert_int_eq(lin->solve(&req, &ans), 0);
	ck_assert_int_eq(ans.diff, 7);
	ck_assert_str_eq(moves, "RLLL");
	ck_assert_int_eq(cairn_plugins_add(&r, lin, "again", err, sizeof err),
			 -EEXIST);
	ck_assert_str_eq(err, "again: duplicate solver name \"linear\"; "
			 "already loaded");
	bad = *lin;
	bad.abi = 42;
	ck_assert_int_eq(cairn_plugins_add(&r, &bad, "mem", err, sizeof err),
			 -EPROTO);
	ck_assert_str_eq(err, "mem: built for plugin ABI 42, this cairn speaks "
			 "ABI 1");
	bad = *lin;
	bad.name = "auto";
	ck_assert_int_eq(cairn_plugins_add(&r, &bad, "mem", err, sizeof err),
			 -EINVAL);
	ck_assert_uint_eq(r.n, 4);
	cairn_plugins_free(&r);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("plugins");
	TCase *tc = tcase_create("loader");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, accepts_and_solves);
	tcase_add_test(tc, refuses_wrong_abi);
	tcase_add_test(tc, refuses_missing_symbol);
	tcase_add_test(tc, refuses_symlink);
	tcase_add_test(tc, refuses_group_writable);
	tcase_add_test(tc, refuses_other_writable);
	tcase_add_test(tc, refuses_not_regular);
	tcase_add_test(tc, refuses_garbage);
	tcase_add_test(tc, directory_with_duplicate);
	tcase_add_test(tc, missing_directory);
	tcase_add_test(tc, registers_from_memory);
	suite_add_tcase(s, tc);
	return cairn_check_run(s);
}
