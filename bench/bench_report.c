/*
 * bench_report - `cairn report --format html` against `--format csv`.
 *
 * A class of N generated submissions (1,000 and 10,000; 1,000 only with
 * --quick) against one problem set of 20 puzzles is written as YAML
 * result files in the shape the writer gives them: a seeded mix of
 * correct, wrong (with checks and feedback, a handful of distinct wrong
 * answers per puzzle), missing and invalid answers.  `src/cli/cairn report`
 * then runs as a subprocess on the directory, once per format, output to
 * a file: the HTML page's time and size are each reported as a ratio to
 * the CSV gradebook's on the same results.  Both read and parse the same
 * files, so the ratio shows what the page itself costs.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bench.h"
#include "cairn_buf.h"

#define PUZZLES 20

struct report_cmd {
	const struct bench *b;
	const char *dir, *format, *out;
};

/* run_report - cairn report --format F DIR > OUT; must exit 0 */
static void run_report(void *ctx)
{
	const struct report_cmd *c = ctx;
	const char *args[] = { "report", "--format", c->format, c->dir, NULL };

	bench_run_cairn(c->b, args, c->out);
}

/* puzzle - one puzzle of a result, its verdict drawn from *rng */
static size_t puzzle(struct cairn_buf *b, int k, uint64_t *rng)
{
	uint64_t r = bench_rand(rng) % 10;
	int wrong = (int)(bench_rand(rng) % 5);

	cairn_buf_addf(b, "  - id: p%d\n    line: %d\n    n: 6\n    solver: "
		       "diff1d\n    total: 40\n    alice: 27\n    bob: 13\n"
		       "    diff: 14\n    winner: alice\n    alice_wins: true\n"
		       "    first_move: left\n", k, k + 4);
	if (r < 5) {
		cairn_buf_adds(b, "    verdict: correct\n    checks:\n      diff: "
			       "{expected: 14, actual: 14, ok: true}\n");
		return 1;
	}
	if (r < 8)
		cairn_buf_addf(b, "    verdict: wrong\n    checks:\n      diff: "
			       "{expected: %d, actual: 14, ok: false}\n"
			       "    feedback: \"diff: expected %d, optimal play "
			       "gives 14 (Alice 27, Bob 13); optimal line L R R "
			       "L L R\"\n", 10 + wrong, 10 + wrong);
	else if (r < 9)
		cairn_buf_adds(b, "    verdict: missing\n");
	else
		cairn_buf_addf(b, "    verdict: invalid\n    feedback: \"line %d, "
			       "column 9: answers.p%d.diff: \\\"x\\\" is not an "
			       "integer\"\n", k + 4, k);
	return 0;
}

void bench_report_result(struct cairn_buf *b, size_t s, const char *owner,
			 const char *set, uint64_t *rng)
{
	size_t correct;
	int k;

	cairn_buf_reset(b);
	cairn_buf_addf(b, "format: cairn-result/1\nsource: s%05zu.yaml\n", s);
	if (owner != NULL)
		cairn_buf_addf(b, "owner: %s\nuid: %zu\nreceived: "
			       "2026-12-%02zuT%02zu:%02zu:%02zu.%03zuZ\n", owner,
			       1000 + s % 100000, 1 + s % 28, s / 3600 % 24,
			       s / 60 % 60, s % 60, s % 1000);
	cairn_buf_addf(b, "status: ok\nproblem_set: %s\nsubmitter: "
		       "\"Student %zu\"\npuzzles:\n", set, s);
	for (correct = 0, k = 1; k <= PUZZLES; k++)
		correct += puzzle(b, k, rng);
	cairn_buf_addf(b, "summary: {puzzles: %d, solved: %d, errors: 0, "
		       "graded: %d, correct: %zu, points: %zu, "
		       "max_points: %d}\n", PUZZLES, PUZZLES, PUZZLES,
		       correct, correct, PUZZLES);
}

/* make_class - n result files in dir */
static void make_class(const char *dir, size_t n)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	uint64_t rng = 0x9e3779b97f4a7c15u;
	char path[4096];
	size_t s;

	if (mkdir(dir, 0755) < 0 && errno != EEXIST)
		bench_die("mkdir %s: %s", dir, strerror(errno));
	for (s = 1; s <= n; s++) {
		bench_report_result(&b, s, NULL, "hw", &rng);
		if ((size_t)snprintf(path, sizeof path, "%s/s%05zu.result.yaml",
				     dir, s) >= sizeof path)
			bench_die("%s: path too long", dir);
		bench_write_file(path, b.data, b.len);
	}
	cairn_buf_free(&b);
}

static long long size_of(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 ? (long long)st.st_size : -1;
}

static void one(const struct bench *b, FILE *f, size_t n)
{
	char dir[4096], html[4096], csv[4096], name[64];
	struct report_cmd h = { b, dir, "html", html };
	struct report_cmd c = { b, dir, "csv", csv };
	double ns, base_ns;
	long long hs, cs;

	snprintf(dir, sizeof dir, "%s/report-%zu", b->workdir, n);
	snprintf(html, sizeof html, "%s/report-%zu.html", b->workdir, n);
	snprintf(csv, sizeof csv, "%s/report-%zu.csv", b->workdir, n);
	make_class(dir, n);
	bench_pair(b, run_report, &h, run_report, &c, &ns, &base_ns);
	hs = size_of(html);
	cs = size_of(csv);
	fprintf(f, "%zu,%.0f,%.0f,%.6g,%lld,%lld,%.6g\n", n, ns, base_ns,
		ns / base_ns, hs, cs, (double)hs / (double)cs);
	snprintf(name, sizeof name, "cairn report html, %zu results", n);
	bench_report(b, &(struct bench_row){ "report", name, ns / 1e6, "ms",
		"cairn report --format csv", base_ns / 1e6, ns / base_ns, "",
		BENCH_INFO });
	snprintf(name, sizeof name, "html page size, %zu results", n);
	bench_report(b, &(struct bench_row){ "report", name, (double)hs / 1024,
		"KiB", "the CSV gradebook", (double)cs / 1024,
		(double)hs / (double)cs, "", BENCH_INFO });
	/* Issue 38: at most 1 KiB a result, the whole page over n. */
	snprintf(name, sizeof name, "html bytes per result, %zu results", n);
	bench_report(b, &(struct bench_row){ "report", name,
		(double)hs / (double)n, "B", "1 KiB", 1024,
		(double)hs / (double)n / 1024, "<= 1024 B",
		hs <= 1024 * (long long)n ? BENCH_PASS : BENCH_MISS });
}

int bench_report_html(const struct bench *b)
{
	FILE *f = bench_csv(b, "report.csv", "results,html_ns,csv_ns,"
			    "time_ratio,html_bytes,csv_bytes,size_ratio");

	one(b, f, 1000);
	if (!b->quick)
		one(b, f, 10000);
	fclose(f);
	return bench_report_read(b);
}
