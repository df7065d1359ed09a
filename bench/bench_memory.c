/*
 * bench_memory.c - memory_budget over a whole file (issue 9, case 4).
 *
 * The 10 MB CSV of "1\n" lines (5,000,000 one-pile puzzles) that once
 * took 1.76 GB is dropped into cairnd with one worker and memory_budget
 * 64MiB (max_puzzles out of the way, so that the budget is what stops
 * it).  The figure is the peak memory of that one file as every peak in
 * make bench is measured, the growth of the daemon's VmHWM over its
 * VmRSS before the file, as a ratio to memory_budget (target <= 1.0); the
 * raw VmHWM follows as information.  The file must end as a file error
 * that says how much it needs, or solved: anything else stops the section.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "bench_spool.h"

#define BUDGET_MIB 64
#define LINES 5000000

static void row(const struct bench *b, const char *name, double value,
		const char *baseline, double ratio, const char *target,
		int status)
{
	struct bench_row r = { "daemon", name, value, "MiB", baseline,
			       BUDGET_MIB, ratio, target, status };

	bench_report(b, &r);
}

int bench_memory(const struct bench *b)
{
	char path[1400], *text, *result;
	struct spool s;
	struct watcher w;
	long idle, peak;
	size_t i, len;
	pid_t pid;

	spool_init(&s, b, "memory");
	snprintf(path, sizeof path, "%s/one10.csv", s.stage);
	if ((text = malloc(2 * LINES)) == NULL)
		bench_die("out of memory");
	for (i = 0; i < LINES; i++)
		memcpy(text + 2 * i, "1\n", 2);
	bench_write_file(path, text, 2 * LINES);
	free(text);
	pid = daemon_start_with(b, &s, 0, "workers: 1\n"
				"memory_budget: 64MiB\n"
				"max_puzzles: 100000000\n");
	if (pid < 0)
		bench_die("cairnd did not serve its spool");
	idle = bench_status_kb(pid, "VmRSS");
	watcher_open(&w, s.results);
	spool_drop(&s, "one10.csv");
	if (watcher_wait(&w, 1, 120000) < 1)
		bench_die("no result for one10.csv within 120 s");
	watcher_close(&w);
	peak = bench_status_kb(pid, "VmHWM");
	daemon_stop(pid);
	snprintf(path, sizeof path, "%s/one10.result.csv", s.results);
	result = bench_read_file(path, &len);
	if (strstr(result, " of memory, more than memory_budget (64.0 MiB)") ==
	    NULL && len < 100 * (size_t)LINES / 4)
		bench_die("one10.csv: neither refused nor solved: %.300s",
			  result);
	free(result);
	spool_remove(&s);
	if (idle < 0 || peak < 0) {
		bench_skip(b, "daemon", "peak RSS, 10 MB one-pile CSV",
			   "no VmRSS/VmHWM in /proc");
		return 0;
	}
	row(b, "peak RSS 10 MB one-pile CSV over idle",
	    (double)(peak - idle) / 1024, "memory_budget 64 MiB",
	    (double)(peak - idle) / 1024 / BUDGET_MIB, "<= 1.0",
	    (peak - idle) <= BUDGET_MIB * 1024 ? BENCH_PASS : BENCH_MISS);
	row(b, "VmHWM 10 MB one-pile CSV", (double)peak / 1024,
	    "memory_budget 64 MiB", (double)peak / 1024 / BUDGET_MIB, "",
	    BENCH_INFO);
	return 0;
}
