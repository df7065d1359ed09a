/*
 * bench_solvers.c - every solver plugin against its scalar baseline.
 *
 * The plugins are the built ones (every .so in TOP_BUILDDIR/plugins/.libs),
 * dlopen()ed directly and called through their `cairn_plugin` descriptor,
 * so no host code sits between the clock and the solver.  Each solver is
 * timed interleaved with its baseline on the same random row and must give
 * the baseline's answer, or the benchmark stops: a fast wrong answer is no
 * result.  O(n^2) solvers report cells/ns with n(n+1)/2 cells, `linear`
 * piles/ns; peak memory is measured in a forked child per run.  Sizes
 * whose memory would not fit (a 2D table at n = 10^5 needs 40 GB) are
 * skipped with the reason.
 */
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cairn/plugin.h>

#include "bench.h"
#include "cairn_input.h"
#include "cairn_puzzle.h"
#include "scalar_base.h"

#define MAX_PLUGINS 16
#define GiB (1024.0 * 1024 * 1024)
#define MiB (1024.0 * 1024)

/* What a solver is compared with. */
enum kind { KIND_1D, KIND_2D, KIND_PAIRS, KIND_LINEAR };

struct solver {
	const struct cairn_plugin *p;
	void *handle;
	enum kind kind;
};

/* One solve of a row, by a plugin or by a baseline. */
struct run {
	const struct cairn_plugin *p;
	const int64_t *a;
	size_t n;
	int64_t *cells;			/* base_roll1d's array */
	const char *csv_path;		/* linear's baseline: the row as CSV */
	int64_t diff;
	unsigned threads;		/* the solve request's allowance */
};

static atomic_int never;

static void run_plugin(void *ctx)
{
	struct run *r = ctx;
	char err[256];
	struct cairn_solve_request req = {
		.piles = r->a, .n = r->n, .want = 0,
		.memory_limit = UINT64_MAX, .cancel = &never,
		.err = err, .errlen = sizeof err,
		.threads = r->threads ? r->threads : 1,
	};
	struct cairn_solve_answer ans = { 0, 0, NULL };

	if (r->p->solve(&req, &ans) < 0)
		bench_die("%s: n=%zu: %s", r->p->name, r->n, err);
	r->diff = ans.diff;
}

static void run_roll1d(void *ctx)
{
	struct run *r = ctx;

	r->diff = base_roll1d(r->a, r->n, r->cells);
}

static void run_full2d(void *ctx)
{
	struct run *r = ctx;

	r->diff = base_full2d(r->a, r->n);
}

static void run_pairs(void *ctx)
{
	struct run *r = ctx;

	r->diff = base_full2d_pairs(r->a, r->n);
}

/* run_parse - read the row's CSV file and parse it with cairn_csv_in_read */
static void run_parse(void *ctx)
{
	struct run *r = ctx;
	struct cairn_limits lim = { SIZE_MAX, SIZE_MAX };
	struct cairn_input in;
	size_t len;
	char *data = bench_read_file(r->csv_path, &len);

	cairn_puzzle_input_init(&in, "row.csv", CAIRN_FORMAT_CSV);
	cairn_csv_in_read(&in, data, len, &lim);
	if (in.error != NULL || in.npuzzles != 1 || in.puzzles[0].n != r->n)
		bench_die("%s: cairn_csv_in_read did not read %zu piles: %s",
			  r->csv_path, r->n, in.error ? in.error : "");
	r->diff = in.puzzles[0].piles[r->n - 1];
	cairn_puzzle_input_free(&in);
	free(data);
}

static enum kind kind_of(const char *name)
{
	if (strcmp(name, "linear") == 0)
		return KIND_LINEAR;
	if (strcmp(name, "diff2d") == 0)
		return KIND_2D;
	if (strcmp(name, "tuple2d") == 0)
		return KIND_PAIRS;
	return KIND_1D;
}

static int by_name(const void *x, const void *y)
{
	const struct solver *a = x, *b = y;

	return strcmp(a->p->name, b->p->name);
}

/* load - every loadable plugin of dir with the right ABI, by name */
static size_t load(const char *dir, struct solver *s)
{
	struct dirent *de;
	size_t count = 0;
	DIR *d;

	if ((d = opendir(dir)) == NULL)
		bench_die("%s: %s (run make first)", dir, strerror(errno));
	while ((de = readdir(d)) != NULL && count < MAX_PLUGINS) {
		size_t len = strlen(de->d_name);
		const struct cairn_plugin *p;
		char path[4096];
		void *h;

		if (len < 4 || strcmp(de->d_name + len - 3, ".so") != 0)
			continue;
		if ((size_t)snprintf(path, sizeof path, "%s/%s", dir,
				     de->d_name) >= sizeof path ||
		    (h = dlopen(path, RTLD_NOW | RTLD_LOCAL)) == NULL)
			continue;
		p = dlsym(h, CAIRN_PLUGIN_SYMBOL);
		if (p == NULL || p->abi != CAIRN_PLUGIN_ABI) {
			dlclose(h);
			continue;
		}
		s[count].p = p;
		s[count].handle = h;
		s[count].kind = kind_of(p->name);
		count++;
	}
	closedir(d);
	qsort(s, count, sizeof *s, by_name);
	return count;
}

/* sizes - the row lengths a kind of solver is measured at */
static size_t sizes(const struct bench *b, enum kind k, size_t *n)
{
	static const size_t quick2d[] = { 1000, 3000 };
	static const size_t full2d[] = { 1000, 10000, 100000 };
	static const size_t quick1d[] = { 1000, 10000 };
	static const size_t full1d[] = { 1000, 10000, 100000 };
	static const size_t quicklin[] = { 1000, 10000, 100000, 1000000 };
	static const size_t fulllin[] = { 1000, 10000, 100000, 1000000,
					  10000000, 100000000 };
	const size_t *v;
	size_t c;

	if (k == KIND_LINEAR) {
		v = b->quick ? quicklin : fulllin;
		c = b->quick ? 4 : 6;
	} else if (k == KIND_1D) {
		v = b->quick ? quick1d : full1d;
		c = b->quick ? 2 : 3;
	} else {
		v = b->quick ? quick2d : full2d;
		c = b->quick ? 2 : 3;
	}
	memcpy(n, v, c * sizeof *n);
	return c;
}

/* budget - bytes one measurement may take: half of what is available */
static double budget(void)
{
	long avail = -1;
	char line[256];
	FILE *f = fopen("/proc/meminfo", "r");

	while (f != NULL && fgets(line, sizeof line, f) != NULL)
		if (strncmp(line, "MemAvailable:", 13) == 0)
			avail = strtol(line + 13, NULL, 10);
	if (f != NULL)
		fclose(f);
	return avail > 0 ? (double)avail * 1024 / 2 : 2 * GiB;
}

static double baseline_bytes(enum kind k, size_t n)
{
	double nn = (double)n * (double)n;

	if (k == KIND_2D)
		return nn * 8;
	if (k == KIND_PAIRS)
		return nn * 16;
	if (k == KIND_LINEAR)
		return (double)n * 12 + (double)n * 8;
	return (double)n * 8;
}

static const char *baseline_name(enum kind k)
{
	switch (k) {
	case KIND_2D:
		return "full n*n table by length";
	case KIND_PAIRS:
		return "full n*n pairs by length";
	case KIND_LINEAR:
		return "read+parse CSV row";
	default:
		return "plain -O2 scalar 1D loop";
	}
}

/* write_row_csv - the row a as one headerless CSV record, for linear */
static void write_row_csv(const char *path, const int64_t *a, size_t n)
{
	FILE *f = fopen(path, "w");
	size_t i;

	if (f == NULL)
		bench_die("%s: %s", path, strerror(errno));
	for (i = 0; i < n; i++)
		fprintf(f, "%lld%c", (long long)a[i], i + 1 < n ? ',' : '\n');
	if (fclose(f) != 0)
		bench_die("%s: cannot write", path);
}

struct measure {
	const struct solver *s;
	size_t n;
	int small;
	unsigned threads;		/* for the plugin; baselines use one */
	double ns, base_ns;
	long long peak, base_peak;
};

/* measure - time and peak memory of one solver and its baseline */
static void measure(const struct bench *b, struct measure *m)
{
	int64_t *a = malloc(m->n * sizeof *a);
	struct run sr = { m->s->p, a, m->n, NULL, NULL, 0, m->threads };
	struct run br = sr;
	bench_fn base = run_roll1d;
	char csv[4096];

	if (a == NULL)
		bench_die("out of memory");
	bench_piles(a, m->n, m->small, 0x5eed + m->n);
	if (m->s->kind == KIND_1D && (br.cells = malloc(m->n * 8)) == NULL)
		bench_die("out of memory");
	if (m->s->kind == KIND_2D)
		base = run_full2d;
	else if (m->s->kind == KIND_PAIRS)
		base = run_pairs;
	else if (m->s->kind == KIND_LINEAR) {
		snprintf(csv, sizeof csv, "%s/row-%zu.csv", b->workdir, m->n);
		write_row_csv(csv, a, m->n);
		br.csv_path = csv;
		base = run_parse;
	}
	bench_pair(b, run_plugin, &sr, base, &br, &m->ns, &m->base_ns);
	if (m->s->kind != KIND_LINEAR && sr.diff != br.diff)
		bench_die("%s: n=%zu: diff %lld, the baseline says %lld",
			  m->s->p->name, m->n, (long long)sr.diff,
			  (long long)br.diff);
	m->peak = bench_peak(run_plugin, &sr);
	m->base_peak = bench_peak(base, &br);
	if (m->s->kind == KIND_LINEAR)
		unlink(csv);
	free(br.cells);
	free(a);
}

/* check_linear - linear agrees with the scalar loop on a mid-size row */
static void check_linear(const struct solver *s)
{
	size_t n = 5000;
	int64_t *a = malloc(n * 8), *cells = malloc(n * 8);
	struct run r = { s->p, a, n, NULL, NULL, 0, 1 };

	if (a == NULL || cells == NULL)
		bench_die("out of memory");
	bench_piles(a, n, 0, 42);
	run_plugin(&r);
	if (r.diff != base_roll1d(a, n, cells))
		bench_die("%s: wrong diff at n=%zu", s->p->name, n);
	free(a);
	free(cells);
}

static void report(const struct bench *b, FILE *csv, const struct measure *m)
{
	enum kind k = m->s->kind;
	double cells = k == KIND_LINEAR ? (double)m->n
			: (double)m->n * ((double)m->n + 1) / 2;
	double speed = cells / m->ns, base_speed = cells / m->base_ns;
	double speedup = m->base_ns / m->ns;
	double memratio = m->base_peak > 0 ? (double)m->peak / (double)m->base_peak : 0;
	char name[96];
	struct bench_row r = { "solvers", name, speed,
			       k == KIND_LINEAR ? "piles/ns" : "cells/ns",
			       baseline_name(k), base_speed, speedup, "",
			       BENCH_INFO };

	fprintf(csv, "%s,%zu,%s,%u,%.0f,%.0f,%.6g,%lld,\"%s\",%.0f,%.6g,%lld,%.6g,%.6g\n",
		m->s->p->name, m->n, m->small ? "small" : "wide", m->threads, cells, m->ns,
		speed, m->peak, baseline_name(k), m->base_ns, base_speed,
		m->base_peak, speedup, memratio);
	fflush(csv);
	snprintf(name, sizeof name, "%s n=%zu%s%s", m->s->p->name, m->n,
		 m->small ? " (values<1000)" : "",
		 m->threads > 1 ? " 2 threads" : "");
	if (k == KIND_LINEAR) {
		r.ratio = m->ns / m->base_ns;
		r.target = "<= 1.5";
		r.status = r.ratio <= 1.5 ? BENCH_PASS : BENCH_MISS;
	} else if (!m->small) {
		double t = k == KIND_1D ? 5 : 3;

		r.target = k == KIND_1D ? ">= 5" : ">= 3";
		r.status = speedup >= t ? BENCH_PASS : BENCH_MISS;
	}
	bench_report(b, &r);
	if (k != KIND_2D && k != KIND_PAIRS)
		return;
	snprintf(name, sizeof name, "%s n=%zu peak memory", m->s->p->name, m->n);
	r.value = (double)m->peak / MiB;
	r.unit = "MiB";
	r.base_value = (double)m->base_peak / MiB;
	r.ratio = memratio;
	/* Half: n(n+1)/2 of n*n cells; 1% for the diagonal and the heap. */
	r.target = "<= 0.5";
	r.status = m->peak >= 0 && m->base_peak > 0 && memratio <= 0.505
		   ? BENCH_PASS : BENCH_MISS;
	bench_report(b, &r);
}

static void one(const struct bench *b, FILE *csv, const struct solver *s,
		size_t n, int small, unsigned threads)
{
	struct measure m = { s, n, small, threads, 0, 0, 0, 0 };
	double need = (double)s->p->memory(n, 0), base = baseline_bytes(s->kind, n);
	char name[96], why[160];

	if (need > budget() || base > budget()) {
		snprintf(name, sizeof name, "%s n=%zu", s->p->name, n);
		snprintf(why, sizeof why,
			 "needs %.1f GiB (baseline %.1f GiB); half the available memory is %.1f GiB",
			 need / GiB, base / GiB, budget() / GiB);
		bench_skip(b, "solvers", name, why);
		return;
	}
	measure(b, &m);
	report(b, csv, &m);
}

int bench_solvers(const struct bench *b)
{
	struct solver s[MAX_PLUGINS];
	size_t count, i, k, c, n[8];
	char dir[4096];
	FILE *csv;

	snprintf(dir, sizeof dir, "%s/plugins/.libs", b->top_builddir);
	if ((count = load(dir, s)) == 0)
		bench_die("%s: no loadable solver plugin", dir);
	csv = bench_csv(b, "solvers.csv",
			"solver,n,values,threads,cells,solver_ns,cells_per_ns,solver_peak_bytes,"
			"baseline,baseline_ns,baseline_cells_per_ns,baseline_peak_bytes,"
			"speedup,memory_ratio");
	for (i = 0; i < count; i++) {
		if (s[i].kind == KIND_LINEAR)
			check_linear(&s[i]);
		c = sizes(b, s[i].kind, n);
		for (k = 0; k < c; k++)
			one(b, csv, &s[i], n[k], 0, 1);
		/* The int32 path of diff1d, when values are small, and its
		 * second thread (the plain loop it is compared with has one). */
		if (s[i].kind == KIND_1D && !b->quick) {
			one(b, csv, &s[i], 100000, 1, 1);
			one(b, csv, &s[i], 100000, 0, 2);
			one(b, csv, &s[i], 100000, 1, 2);
		}
	}
	fclose(csv);
	for (i = 0; i < count; i++)
		dlclose(s[i].handle);
	return 0;
}
