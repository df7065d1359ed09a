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
 *
 * Then one owner's throughput where files of one owner are taken one at
 * a time (a problem set with max_submissions is there: doc/grading.md),
 * against the same 10,000 files without such a set, on two daemons in
 * the same run: files of one arrival are ordered by name, and no claim
 * waits for the clock to tick (which capped one owner at one file per
 * tick, a few ms).
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

/* one_owner_rate - files/s of one daemon through `n` files of ours (extra: its config) */
static double one_owner_rate(const struct bench *b, const char *name, const char *extra,
			     size_t n, char (*names)[32])
{
	struct watcher w;
	struct spool s;
	pid_t pid;
	uint64_t t0;

	spool_init(&s, b, name);
	if ((pid = daemon_start_with(b, &s, 0, extra)) < 0)
		bench_die("cairnd did not serve its spool");
	spool_stage(&s, n, names);
	watcher_open(&w, s.results);
	t0 = bench_now();
	for (size_t i = 0; i < n; i++)
		spool_drop(&s, names[i]);
	if (watcher_wait(&w, n, 300000) < n)
		bench_die("%s: the results did not all come within 300 s", name);
	double rate = (double)n / ((double)(bench_now() - t0) / 1e9);

	watcher_close(&w);
	daemon_stop(pid);
	spool_remove(&s);
	return rate;
}

/*
 * one_owner - 10,000 files of one owner with a set that has
 * max_submissions (one file of the owner at a time), as a ratio to the
 * same without it.
 */
static void one_owner(const struct bench *b, char (*names)[32])
{
	size_t n = b->quick ? 1000 : BACKLOG;
	char dir[1200], set[1300], extra[1400];
	static const char text[] = "policy: {max_submissions: 5}\n"
				   "puzzles:\n  - {id: a, piles: [3, 9, 1, 2]}\n";

	snprintf(dir, sizeof dir, "%s/limits", b->workdir);
	if (mkdir(dir, 0755) < 0 && errno != EEXIST)
		bench_die("%s: %s", dir, strerror(errno));
	snprintf(set, sizeof set, "%s/limited.yaml", dir);
	bench_write_file(set, text, strlen(text));
	snprintf(extra, sizeof extra, "problems_dir: %s\n", dir);
	double free_rate = one_owner_rate(b, "owner-free", "", n, names);
	double one_rate = one_owner_rate(b, "owner-one", extra, n, names);
	struct bench_row row = {
		"daemon", "one owner's files, one at a time", one_rate, "files/s",
		"same files, no limit", free_rate, free_rate > 0 ? one_rate / free_rate : 0,
		">= 0.5", one_rate >= 0.5 * free_rate ? BENCH_PASS : BENCH_MISS
	};
	bench_report(b, &row);
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
	double base = bench_median(idle, k), got = bench_median(busy, rounds);
	struct bench_row row = {
		"daemon", "latency behind another owner's 10000 files", got, "us",
		"idle latency, same run", base, base > 0 ? got / base : 0,
		"<= 20", got >= 0 && got <= 20 * base ? BENCH_PASS : BENCH_MISS
	};
	bench_report(b, &row);
	one_owner(b, names);
	free(names);
	return 0;
}
