/*
 * bench.h - what the parts of cairn-bench share.
 *
 * Timing uses CLOCK_MONOTONIC, and every reported figure is the median of
 * several repetitions.  Each comparison runs the measured code and its
 * baseline interleaved in the same process, so that a noisy neighbour on
 * a shared machine slows both alike.  Peak memory is measured in a forked
 * child (the growth of its VmHWM), one child per measurement.
 */
#ifndef CAIRN_BENCH_H
#define CAIRN_BENCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The settings every benchmark reads (from the command line). */
struct bench {
	int quick;			/* BENCH_QUICK=1: a smoke run */
	const char *outdir;		/* where the CSV files go */
	const char *top_builddir;	/* src/cli/cairn, src/daemon/cairnd, plugins/.libs */
	const char *top_srcdir;		/* bench/dp.py */
	const char *workdir;		/* scratch space on a real file system */
	FILE *summary;			/* summary.csv, one row per figure */
};

/* One line of the summary table; see bench/README.md for the columns. */
struct bench_row {
	const char *section;		/* solvers, parse, e2e, daemon */
	const char *name;		/* what was measured */
	double value;			/* the measured figure */
	const char *unit;
	const char *baseline;		/* what it is compared with */
	double base_value;		/* the baseline's figure, same unit */
	double ratio;			/* the ratio the target is about */
	const char *target;		/* e.g. ">= 5", "" when none */
	int status;			/* BENCH_PASS, BENCH_MISS, BENCH_INFO */
};

enum { BENCH_INFO, BENCH_PASS, BENCH_MISS };

/* A measured function: one run of the code under test. */
typedef void (*bench_fn)(void *ctx);

uint64_t bench_now(void);
double bench_median(double *v, size_t n);
/* bench_quantile - the q-quantile (0..1) of v[0..n), nearest rank */
double bench_quantile(double *v, size_t n, double q);

/*
 * bench_pair - median ns of one run of f and of g, run interleaved (f, g,
 * f, g ...) with enough runs per sample for a sample to last about 2 ms.
 */
void bench_pair(const struct bench *b, bench_fn f, void *fctx, bench_fn g,
		void *gctx, double *f_ns, double *g_ns);
/* bench_time - median ns of one run of f */
double bench_time(const struct bench *b, bench_fn f, void *ctx);

/*
 * bench_peak - bytes by which the peak resident size grows while f runs
 * once in a forked child; -1 when it cannot be measured.
 */
long long bench_peak(bench_fn f, void *ctx);

/* bench_status_kb - a "Vm...:" field of /proc/PID/status in kB, or -1 */
long bench_status_kb(long pid, const char *field);

/* bench_report - print one summary row and append it to summary.csv */
void bench_report(const struct bench *b, const struct bench_row *r);
/* bench_skip - print (and record) why a measurement was skipped */
void bench_skip(const struct bench *b, const char *section, const char *name,
		const char *why);
/* bench_csv - open OUTDIR/NAME for writing with its header line */
FILE *bench_csv(const struct bench *b, const char *name, const char *header);

/*
 * bench_run - run argv (argv[0] found on the PATH) with standard output
 * to the file `out`; exit unless it exits 0.
 */
void bench_run(const char *const *argv, const char *out);
/*
 * bench_run_cairn - run TOP_BUILDDIR/src/cli/cairn ARGS... (NULL-ended,
 * at most 15) with standard output to the file `out`; exit unless it
 * exits 0.
 */
void bench_run_cairn(const struct bench *b, const char *const *args,
		     const char *out);
/* bench_rand - a xorshift64* stream; *state must start non-zero */
uint64_t bench_rand(uint64_t *state);
/* bench_piles - n values uniform in [-(10^10-1), 10^10-1], or [0, 999] */
void bench_piles(int64_t *a, size_t n, int small, uint64_t seed);
/* bench_write_file - the whole of data[0..len) to path, or exit */
void bench_write_file(const char *path, const char *data, size_t len);
/* bench_read_file - the whole file (caller frees), or exit */
char *bench_read_file(const char *path, size_t *len);
void bench_die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

int bench_solvers(const struct bench *b);
int bench_parse(const struct bench *b);
int bench_e2e(const struct bench *b);
int bench_daemon(const struct bench *b);
/* this cairnd's files/s against 8051bc8's (BENCH_BASE_DIR), fsync off and on */
int bench_daemon_versus(const struct bench *b);
/* system calls per file of cairnd (bench/syscalls.sh), against the targets */
int bench_syscalls(const struct bench *b);
/* bench_fairness - one owner's file behind another's backlog (a row of the daemon) */
int bench_fairness(const struct bench *b);
int bench_report_html(const struct bench *b);
struct cairn_buf;
/*
 * bench_report_result - the text of generated result s (20 puzzles of a
 * seeded mix of verdicts); with an owner, its owner, uid and arrival
 */
void bench_report_result(struct cairn_buf *b, size_t s, const char *owner,
			 const char *set, uint64_t *rng);
/* bench_report_read - cairn report over a tree of 100,000 results against find | cat */
int bench_report_read(const struct bench *b);
/* bench_submit - cairn submit --wait against the daemon's own latency */
int bench_submit(const struct bench *b);
/* bench_generate - cairn generate against solving the set it wrote */
int bench_generate(const struct bench *b);
/* bench_memory - memory_budget over a whole file (rows of the daemon) */
int bench_memory(const struct bench *b);
/* bench_status - cairn status on a spool of 100,000 files against find */
int bench_status(const struct bench *b);

#endif
