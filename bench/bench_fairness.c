/*
 * bench_fairness.c - one owner's file behind another owner's backlog
 * (doc/spool.md, "Fairness and memory", issue 23).
 *
 * On one daemon (fsync off): first single files of owner B (uid 60002)
 * dropped one at a time on the idle daemon, the idle baseline; then, in
 * rounds, 10,000 files of owner A (uid 60001) dropped at once and right
 * after them one file of B, timed from B's rename to its result.  Both
 * are timed the same way (polling for that result's name, which the
 * owner's directory may hold), so that the ratio compares like with
 * like.  The files are chowned in the staging directory, so this needs
 * root; otherwise the row is skipped.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench.h"
#include "bench_spool.h"

#define UID_A 60001
#define UID_B 60002
#define BACKLOG 10000

/* owned - stage count files of uid into names */
static void owned(struct spool *s, size_t count, char (*names)[32], uid_t uid)
{
	char path[1200];

	spool_stage(s, count, names);
	for (size_t i = 0; i < count; i++) {
		snprintf(path, sizeof path, "%s/%s", s->stage, names[i]);
		if (chown(path, uid, (gid_t)-1) < 0)
			bench_die("chown %s: %s", path, strerror(errno));
	}
}

/* has_result - the result of NAME is in results/ or results/<uid>/ */
static int has_result(const struct spool *s, const char *name, uid_t uid)
{
	char path[1400], base[64];
	struct stat st;

	snprintf(base, sizeof base, "%.*s", (int)(strlen(name) - 5), name);
	snprintf(path, sizeof path, "%s/%s.result.yaml", s->results, base);
	if (stat(path, &st) == 0)
		return 1;
	snprintf(path, sizeof path, "%s/%u/%s.result.yaml", s->top_results, (unsigned)uid, base);
	return stat(path, &st) == 0;
}

/* timed - us from dropping NAME of uid to its result; -1 after 60 s */
static double timed(const struct spool *s, const char *name, uid_t uid)
{
	uint64_t t0 = bench_now();

	spool_drop(s, name);
	while (!has_result(s, name, uid)) {
		if (bench_now() - t0 > 60000000000ull)
			return -1;
		usleep(50);
	}
	return (double)(bench_now() - t0) / 1e3;
}

int bench_fairness(const struct bench *b)
{
	size_t k = b->quick ? 10 : 50, rounds = b->quick ? 1 : 3;
	char (*names)[32] = malloc((BACKLOG > k ? BACKLOG : k) * sizeof *names);
	double idle[64], busy[8];
	char backlog[1300];
	struct watcher w;
	struct spool s;
	pid_t pid;

	if (names == NULL)
		bench_die("out of memory");
	if (geteuid() != 0) {
		bench_skip(b, "daemon", "latency behind another owner's backlog",
			   "needs root to chown the owners' files");
		free(names);
		return 0;
	}
	spool_init(&s, b, "fairness");
	if ((pid = daemon_start(b, &s, 0)) < 0)
		bench_die("cairnd did not serve its spool");
	owned(&s, k, names, UID_B);
	for (size_t i = 0; i < k; i++) {
		idle[i] = timed(&s, names[i], UID_B);
		usleep(5000);
	}
	/* The backlog's results go to results/60001/ (a uid with no name). */
	snprintf(backlog, sizeof backlog, "%s/%u", s.top_results, (unsigned)UID_A);
	if (mkdir(backlog, 0750) < 0 && errno != EEXIST)
		bench_die("%s: %s", backlog, strerror(errno));
	for (size_t r = 0; r < rounds; r++) {
		char one[32];

		owned(&s, BACKLOG, names, UID_A);
		owned(&s, 1, &one, UID_B);
		watcher_open(&w, backlog);
		for (size_t i = 0; i < BACKLOG; i++)
			spool_drop(&s, names[i]);
		busy[r] = timed(&s, one, UID_B);
		if (watcher_wait(&w, BACKLOG, 120000) < BACKLOG)
			bench_die("the backlog's results did not all come within 120 s");
		watcher_close(&w);
	}
	daemon_stop(pid);
	spool_remove(&s);
	free(names);
	double base = bench_median(idle, k), got = bench_median(busy, rounds);
	struct bench_row row = {
		"daemon", "latency behind another owner's 10000 files", got, "us",
		"idle latency, same run", base, base > 0 ? got / base : 0,
		"<= 20", got >= 0 && got <= 20 * base ? BENCH_PASS : BENCH_MISS
	};
	bench_report(b, &row);
	return 0;
}
