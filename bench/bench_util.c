/*
 * bench_util.c - clocks, medians, peak memory and the summary table.
 *
 * Everything here serves fair comparisons on a noisy machine: the clock is
 * CLOCK_MONOTONIC, a figure is the median of its samples, a sample lasts
 * long enough (about 2 ms) for the clock's resolution not to matter, and
 * a measurement and its baseline alternate sample by sample.  Peak memory
 * is the growth of VmHWM over VmRSS in a child forked for that one run, so
 * that one measurement's high-water mark never hides the next one's.
 */
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"

/* A sample should last at least this long. */
#define SAMPLE_NS 2000000.0

void bench_die(const char *fmt, ...)
{
	va_list ap;

	fputs("cairn-bench: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

uint64_t bench_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int cmp(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return a < b ? -1 : a > b;
}

double bench_quantile(double *v, size_t n, double q)
{
	size_t k;

	if (n == 0)
		return 0;
	qsort(v, n, sizeof *v, cmp);
	k = (size_t)(q * (double)n + 0.999999);
	return v[k == 0 ? 0 : k - 1];
}

double bench_median(double *v, size_t n)
{
	if (n == 0)
		return 0;
	qsort(v, n, sizeof *v, cmp);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* runs - ns of `inner` runs of f */
static double runs(bench_fn f, void *ctx, unsigned inner)
{
	uint64_t t0 = bench_now();
	unsigned k;

	for (k = 0; k < inner; k++)
		f(ctx);
	return (double)(bench_now() - t0);
}

/* plan - runs per sample and samples, from one warm-up run of f */
static void plan(const struct bench *b, double once, unsigned *inner,
		 unsigned *samples)
{
	*inner = once >= SAMPLE_NS ? 1 : (unsigned)(SAMPLE_NS / (once + 1)) + 1;
	if (once > 1e9)
		*samples = 3;
	else if (once > 1e8)
		*samples = 5;
	else
		*samples = b->quick ? 5 : 15;
}

void bench_pair(const struct bench *b, bench_fn f, void *fctx, bench_fn g,
		void *gctx, double *f_ns, double *g_ns)
{
	double fs[16], gs[16], f1, g1;
	unsigned fi, gi, ns, ns_g, k;

	f1 = runs(f, fctx, 1);
	g1 = runs(g, gctx, 1);
	plan(b, f1, &fi, &ns);
	plan(b, g1, &gi, &ns_g);
	if (ns_g < ns)
		ns = ns_g;
	k = 0;
	/* Runs of a second or more gain nothing from a warm-up: keep them. */
	if (f1 > 1e9 && g1 > 1e9) {
		fs[0] = f1;
		gs[0] = g1;
		k = 1;
	}
	for (; k < ns; k++) {
		fs[k] = runs(f, fctx, fi) / fi;
		gs[k] = runs(g, gctx, gi) / gi;
	}
	*f_ns = bench_median(fs, ns);
	*g_ns = bench_median(gs, ns);
}

double bench_time(const struct bench *b, bench_fn f, void *ctx)
{
	double s[16], once = runs(f, ctx, 1);
	unsigned inner, ns, k;

	plan(b, once, &inner, &ns);
	for (k = 0; k < ns; k++)
		s[k] = runs(f, ctx, inner) / inner;
	return bench_median(s, ns);
}

long bench_status_kb(long pid, const char *field)
{
	char path[64], line[256];
	size_t len = strlen(field);
	long kb = -1;
	FILE *f;

	if (pid > 0)
		snprintf(path, sizeof path, "/proc/%ld/status", pid);
	else
		snprintf(path, sizeof path, "/proc/self/status");
	if ((f = fopen(path, "r")) == NULL)
		return -1;
	while (fgets(line, sizeof line, f) != NULL)
		if (strncmp(line, field, len) == 0 && line[len] == ':') {
			kb = strtol(line + len + 1, NULL, 10);
			break;
		}
	fclose(f);
	return kb;
}

long long bench_peak(bench_fn f, void *ctx)
{
	long long delta = -1;
	int fd[2], status;
	pid_t pid;

	/*
	 * The child's high-water mark starts at the resident size it is
	 * forked with, so free heap pages are returned first, here (and
	 * again in the child, where they would be reused without a fault).
	 */
	malloc_trim(0);
	fflush(NULL);
	if (pipe(fd) < 0)
		return -1;
	if ((pid = fork()) < 0) {
		close(fd[0]);
		close(fd[1]);
		return -1;
	}
	if (pid == 0) {
		long before, after;

		malloc_trim(0);
		before = bench_status_kb(0, "VmRSS");
		f(ctx);
		after = bench_status_kb(0, "VmHWM");
		delta = before < 0 || after < 0 ? -1
			: (long long)(after - before) * 1024;
		if (write(fd[1], &delta, sizeof delta) != sizeof delta)
			_exit(1);
		_exit(0);
	}
	close(fd[1]);
	if (read(fd[0], &delta, sizeof delta) != sizeof delta)
		delta = -1;
	close(fd[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	return delta;
}

static const char *status_name(int s)
{
	return s == BENCH_PASS ? "PASS" : s == BENCH_MISS ? "MISS" : "info";
}

/* csv_text - a CSV field; the names here never need more than quotes */
static void csv_text(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

/* num - a figure for the table: whole numbers from 1000 on, else 4 digits */
static const char *num(char *buf, size_t len, double v)
{
	snprintf(buf, len, v >= 1000 || v <= -1000 ? "%.0f" : "%.4g", v);
	return buf;
}

void bench_report(const struct bench *b, const struct bench_row *r)
{
	char v[32], bv[32];

	printf("%-8s %-36s %10s %-8s %-26s %10s %7.3f %-13s %s\n",
	       r->section, r->name, num(v, sizeof v, r->value), r->unit,
	       r->baseline, num(bv, sizeof bv, r->base_value), r->ratio,
	       r->target[0] ? r->target : "-", status_name(r->status));
	fflush(stdout);
	if (b->summary == NULL)
		return;
	csv_text(b->summary, r->section);
	fputc(',', b->summary);
	csv_text(b->summary, r->name);
	fprintf(b->summary, ",%.6g,", r->value);
	csv_text(b->summary, r->unit);
	fputc(',', b->summary);
	csv_text(b->summary, r->baseline);
	fprintf(b->summary, ",%.6g,%.6g,", r->base_value, r->ratio);
	csv_text(b->summary, r->target);
	fprintf(b->summary, ",%s\n", status_name(r->status));
	fflush(b->summary);
}

void bench_skip(const struct bench *b, const char *section, const char *name,
		const char *why)
{
	printf("%-8s %-36s skipped: %s\n", section, name, why);
	fflush(stdout);
	if (b->summary == NULL)
		return;
	csv_text(b->summary, section);
	fputc(',', b->summary);
	csv_text(b->summary, name);
	fputs(",,,,,,", b->summary);
	csv_text(b->summary, why);
	fputs(",skipped\n", b->summary);
	fflush(b->summary);
}

FILE *bench_csv(const struct bench *b, const char *name, const char *header)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", b->outdir, name);
	if ((f = fopen(path, "w")) == NULL)
		bench_die("%s: %s", path, strerror(errno));
	fprintf(f, "%s\n", header);
	return f;
}

uint64_t bench_rand(uint64_t *state)
{
	uint64_t x = *state;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*state = x;
	return x * 0x2545F4914F6CDD1DULL;
}

void bench_piles(int64_t *a, size_t n, int small, uint64_t seed)
{
	const uint64_t span = small ? 1000 : 19999999999ULL;
	uint64_t st = seed | 1;
	size_t i;

	for (i = 0; i < n; i++) {
		int64_t v = (int64_t)(bench_rand(&st) % span);

		a[i] = small ? v : v - 9999999999LL;
	}
}

void bench_write_file(const char *path, const char *data, size_t len)
{
	FILE *f = fopen(path, "wb");

	if (f == NULL || fwrite(data, 1, len, f) != len || fclose(f) != 0)
		bench_die("%s: cannot write: %s", path, strerror(errno));
}

char *bench_read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *data;
	long size;

	if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0)
		bench_die("%s: cannot read: %s", path, strerror(errno));
	rewind(f);
	if ((data = malloc((size_t)size + 1)) == NULL)
		bench_die("out of memory");
	if (fread(data, 1, (size_t)size, f) != (size_t)size)
		bench_die("%s: cannot read", path);
	fclose(f);
	data[size] = '\0';
	*len = (size_t)size;
	return data;
}

void bench_run(const char *const *argv, const char *out)
{
	int status, fd;
	pid_t pid;

	fflush(NULL);
	if ((pid = fork()) < 0)
		bench_die("fork: %s", strerror(errno));
	if (pid == 0) {
		fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0 || dup2(fd, 1) < 0)
			_exit(126);
		execvp(argv[0], (char *const *)argv);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			bench_die("waitpid: %s", strerror(errno));
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		bench_die("%s %s failed (status %d)", argv[0], argv[1] ? argv[1] : "", status);
}

void bench_run_cairn(const struct bench *b, const char *const *args,
		     const char *out)
{
	const char *argv[17];
	char exe[4096];
	int i;

	snprintf(exe, sizeof exe, "%s/src/cli/cairn", b->top_builddir);
	argv[0] = exe;
	for (i = 0; args[i] != NULL && i < 15; i++)
		argv[i + 1] = args[i];
	argv[i + 1] = NULL;
	bench_run(argv, out);
}
