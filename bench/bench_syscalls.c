/*
 * bench_syscalls.c - system calls per file of cairnd, counted with
 * strace -f -c by bench/syscalls.sh: not a time, so the same on any
 * machine, and what a shared file system pays in round trips.
 *
 * Rows: one owner in the steady state (cairnd --once over N files of an
 * owner whose directories exist) against 36; every file of another owner
 * in the steady state (a running cairnd that served each owner before,
 * strace attached) against 40, as root only (the files are given to
 * uids without accounts); the first file of each of N new owners, for
 * information (its name looked up in the user database, its directories
 * made); and one owner with cairnd built from 8051bc8 (BENCH_BASE_DIR),
 * for information.  Skipped with a message where strace is missing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "bench.h"

/* One case of syscalls.sh. */
struct sc_case {
	const char *mode, *name;
	double target;			/* 0: for information */
	int base;			/* with 8051bc8's cairnd */
};

/*
 * count - run syscalls.sh; its calls per file into *per, or -1 with the
 * reason it gave in why.
 */
static int count(const struct bench *b, const char *builddir, const char *mode, size_t n,
		 double *per, char *why, size_t whylen)
{
	char cmd[8192], line[512] = "";
	long total;
	FILE *p;
	int st;

	snprintf(cmd, sizeof cmd,
		 "sh '%s/bench/syscalls.sh' '%s/src/daemon/cairnd' '%s/plugins/.libs' "
		 "'%s/syscalls-%s' %zu %s 2>&1", b->top_srcdir, builddir, builddir, b->workdir,
		 mode, n, mode);
	if ((p = popen(cmd, "r")) == NULL)
		bench_die("popen: %s", cmd);
	if (fgets(line, sizeof line, p) == NULL)
		line[0] = '\0';
	st = pclose(p);
	line[strcspn(line, "\n")] = '\0';
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0 && sscanf(line, "%lf %ld", per, &total) == 2)
		return 0;
	snprintf(why, whylen, "%s", line[0] ? line : "syscalls.sh failed");
	return -1;
}

int bench_syscalls(const struct bench *b)
{
	static const struct sc_case cases[] = {
		{ "one", "syscalls/file one owner", 36, 0 },
		{ "many", "syscalls/file each file another owner", 40, 0 },
		{ "new", "syscalls/file first file of new owners", 0, 0 },
		{ "one", "syscalls/file one owner vs 8051bc8", 0, 1 },
	};
	const char *base = getenv("BENCH_BASE_DIR");
	size_t n = b->quick ? 300 : 1000;
	double one = 0;

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const struct sc_case *c = &cases[i];
		char why[512], target[32] = "";
		double per;

		if (c->base && (base == NULL || base[0] == '\0')) {
			bench_skip(b, "syscalls", c->name, "no build of 8051bc8 (bench/base.sh)");
			continue;
		}
		if (count(b, c->base ? base : b->top_builddir, c->mode, n, &per, why,
			  sizeof why) < 0) {
			bench_skip(b, "syscalls", c->name, why);
			continue;
		}
		if (i == 0)
			one = per;
		if (c->target > 0)
			snprintf(target, sizeof target, "<= %.0f", c->target);
		/* 8051bc8's figure is the baseline of this cairnd's, one owner. */
		struct bench_row r = {
			"syscalls", c->name, c->base ? one : per, "calls",
			c->target > 0 ? "target" : c->base ? "8051bc8, one owner" :
			"one owner, steady state", c->target > 0 ? c->target : c->base ? per : one,
			0, target, c->target == 0 ? BENCH_INFO :
			per <= c->target ? BENCH_PASS : BENCH_MISS,
		};
		r.ratio = r.base_value > 0 ? r.value / r.base_value : 0;
		bench_report(b, &r);
	}
	return 0;
}
