/*
 * check_memavail - the memory available to the service, read from fake
 * /proc and /sys/fs/cgroup trees made in a mkdtemp() directory, and the
 * admission arithmetic of memory_total (doc/spool.md, "Fairness and memory").
 * Each case is a tree (files and their contents) and the answer: cgroup
 * v2 and v1 limits of the process's own cgroup and of an ancestor, "max"
 * and v1's "unlimited", no cgroup file at all, and no meminfo.
 */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cairn_memavail.h"
#include "check_run.h"

#define GIB (1024ULL * 1024 * 1024)
#define MEMINFO_8G "MemTotal:        8388608 kB\nMemFree:  1000 kB\n"

struct file { const char *path, *text; };

static const struct tree_case {
	const char *what;
	struct file files[6];
	uint64_t want;
} tree_cases[] = {
	{ "v2, own cgroup's memory.max", {
		{ "proc/meminfo", MEMINFO_8G },
		{ "proc/self/cgroup", "0::/system.slice/cairnd.service\n" },
		{ "sys/fs/cgroup/system.slice/cairnd.service/memory.max", "6442450944\n" },
		{ "sys/fs/cgroup/system.slice/memory.max", "max\n" } }, 6 * GIB },
	{ "v2, an ancestor's limit binds", {
		{ "proc/meminfo", MEMINFO_8G },
		{ "proc/self/cgroup", "0::/a.slice/b.scope\n" },
		{ "sys/fs/cgroup/a.slice/b.scope/memory.max", "max\n" },
		{ "sys/fs/cgroup/a.slice/memory.max", "2147483648\n" } }, 2 * GIB },
	{ "v2, max: the machine's", {
		{ "proc/meminfo", MEMINFO_8G },
		{ "proc/self/cgroup", "0::/x\n" },
		{ "sys/fs/cgroup/x/memory.max", "max\n" } }, 8 * GIB },
	{ "v2, more than the machine: the machine's", {
		{ "proc/meminfo", MEMINFO_8G },
		{ "proc/self/cgroup", "0::/x\n" },
		{ "sys/fs/cgroup/x/memory.max", "17179869184\n" } }, 8 * GIB },
	{ "v1, memory controller among others", {
		{ "proc/meminfo", MEMINFO_8G },
		{ "proc/self/cgroup", "5:cpu,cpuacct:/\n4:memory:/batch/job1\n0::/\n" },
		{ "sys/fs/cgroup/memory/batch/job1/memory.limit_in_bytes", "1073741824\n" },
		{ "sys/fs/cgroup/memory/batch/memory.limit_in_bytes", "9223372036854771712\n" } },
	  1 * GIB },
	{ "v1, unlimited: the machine's", {
		{ "proc/meminfo", MEMINFO_8G },
		{ "proc/self/cgroup", "4:memory:/\n" },
		{ "sys/fs/cgroup/memory/memory.limit_in_bytes", "9223372036854771712\n" } },
	  8 * GIB },
	{ "no cgroup files: the machine's", {
		{ "proc/meminfo", MEMINFO_8G } }, 8 * GIB },
	{ "cgroup named, its directory missing", {
		{ "proc/meminfo", MEMINFO_8G },
		{ "proc/self/cgroup", "0::/gone\n" } }, 8 * GIB },
	{ "no meminfo: the cgroup's", {
		{ "proc/self/cgroup", "0::/x\n" },
		{ "sys/fs/cgroup/x/memory.max", "3221225472\n" } }, 3 * GIB },
	{ "nothing at all", { { NULL, NULL } }, 0 },
};

/* put - write text at root/path, making its directories. */
static void put(const char *root, const char *path, const char *text)
{
	char p[4096];
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s", root, path);
	for (char *s = p + strlen(root) + 1; (s = strchr(s, '/')) != NULL; s++) {
		*s = '\0';
		mkdir(p, 0700);
		*s = '/';
	}
	ck_assert_ptr_nonnull(f = fopen(p, "w"));
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

START_TEST(test_tree)
{
	const struct tree_case *c = &tree_cases[_i];
	char root[] = "/tmp/check_memavail.XXXXXX", cmd[64];

	ck_assert_ptr_nonnull(mkdtemp(root));
	for (size_t i = 0; i < 6 && c->files[i].path != NULL; i++)
		put(root, c->files[i].path, c->files[i].text);
	ck_assert_msg(cairn_memavail_read(root) == c->want, "%s: %llu, expected %llu",
		      c->what, (unsigned long long)cairn_memavail_read(root),
		      (unsigned long long)c->want);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", root);
	ck_assert_int_eq(system(cmd), 0);
}
END_TEST

START_TEST(test_host)
{
	/* This host has memory, and the default leaves a quarter of it. */
	uint64_t m = cairn_memavail_read("/");

	ck_assert_uint_gt(m, 0);
	ck_assert_uint_eq(cairn_memavail_default_total(), m / 4 * 3);
}
END_TEST

static const struct admit_case {
	uint64_t held, need, total;
	bool want;
} admit_cases[] = {
	{ 0, 1 * GIB, 2 * GIB, true },		/* the first */
	{ 1 * GIB, 1 * GIB, 2 * GIB, true },	/* the second fits exactly */
	{ 2 * GIB, 1 * GIB, 2 * GIB, false },	/* the third waits */
	{ 0, 4 * GIB, 2 * GIB, true },		/* alone it always runs */
	{ 4 * GIB, 1, 2 * GIB, false },		/* after that, nothing beside it */
	{ 1, UINT64_MAX, UINT64_MAX, false },	/* no overflow */
	{ UINT64_MAX - 1, 1, UINT64_MAX, true },
};

START_TEST(test_admit)
{
	const struct admit_case *c = &admit_cases[_i];

	ck_assert_int_eq(cairn_memavail_admit(c->held, c->need, c->total), c->want);
}
END_TEST

static const struct fit_case { uint64_t need, total, want; } fit_cases[] = {
	{ 1 * GIB, 2 * GIB, 2 },
	{ 1 * GIB, 3 * GIB - 1, 2 },
	{ 4 * GIB, 2 * GIB, 1 },		/* one at a time, not none */
	{ 0, 2 * GIB, UINT64_MAX },
};

START_TEST(test_fit)
{
	const struct fit_case *c = &fit_cases[_i];

	ck_assert_uint_eq(cairn_memavail_fit(c->need, c->total), c->want);
}
END_TEST

static Suite *memavail_suite(void)
{
	Suite *s = suite_create("memavail");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, test_tree, 0, sizeof(tree_cases) / sizeof(tree_cases[0]));
	tcase_add_test(tc, test_host);
	tcase_add_loop_test(tc, test_admit, 0, sizeof(admit_cases) / sizeof(admit_cases[0]));
	tcase_add_loop_test(tc, test_fit, 0, sizeof(fit_cases) / sizeof(fit_cases[0]));
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return cairn_check_run(memavail_suite());
}
