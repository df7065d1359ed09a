/*
 * bench_report_read - `cairn report` over a whole results tree against
 * reading its files with find and cat.
 *
 * A results tree of 100,000 result files (10,000 with --quick) is made
 * once in WORK/report-tree: 1,000 owners (100 quick), each a directory
 * of 100 results over 10 problem sets, written from the template of
 * bench_report.c with the owner and arrival a daemon writes.  Then, run
 * interleaved as subprocesses, `src/cli/cairn report DIR` (the CSV
 * gradebook, to a file) against `find DIR -type f -print0 | xargs -0 cat
 * >/dev/null`, the bare cost of listing and reading the same bytes;
 * target: at most 3x its time.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bench.h"
#include "cairn_buf.h"

#define PER_OWNER 100
#define SETS 10

/* make_tree - owners directories of PER_OWNER results under dir, once */
static void make_tree(const char *dir, size_t owners)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	uint64_t rng = 0x2545f4914f6cdd1du;
	char path[4096], owner[32], set[16], done[4200];
	struct stat st;
	size_t o, k;

	snprintf(done, sizeof done, "%s/.complete", dir);
	if (stat(done, &st) == 0)
		return;
	if (mkdir(dir, 0755) < 0 && errno != EEXIST)
		bench_die("mkdir %s: %s", dir, strerror(errno));
	for (o = 0; o < owners; o++) {
		snprintf(owner, sizeof owner, "u%04zu", o);
		if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, owner) >= sizeof path)
			bench_die("%s: path too long", dir);
		if (mkdir(path, 0755) < 0 && errno != EEXIST)
			bench_die("mkdir %s: %s", path, strerror(errno));
		for (k = 0; k < PER_OWNER; k++) {
			snprintf(set, sizeof set, "hw%zu", k % SETS);
			bench_report_result(&b, o * PER_OWNER + k, owner, set, &rng);
			if ((size_t)snprintf(path, sizeof path, "%s/%s/s%05zu.result.yaml",
					     dir, owner, o * PER_OWNER + k) >= sizeof path)
				bench_die("%s: path too long", dir);
			bench_write_file(path, b.data, b.len);
		}
	}
	/* A dot file: cairn report skips it, cat reads its 0 bytes. */
	bench_write_file(done, "", 0);
	cairn_buf_free(&b);
}

struct tree_cmd {
	const struct bench *b;
	const char *dir, *out;
};

static void run_report(void *ctx)
{
	const struct tree_cmd *c = ctx;
	const char *args[] = { "report", c->dir, NULL };

	bench_run_cairn(c->b, args, c->out);
}

static void run_cat(void *ctx)
{
	const struct tree_cmd *c = ctx;
	char cmd[8400];
	const char *argv[] = { "sh", "-c", cmd, NULL };

	snprintf(cmd, sizeof cmd, "find '%s' -type f -print0 | xargs -0 cat",
		 c->dir);
	bench_run(argv, "/dev/null");
}

int bench_report_read(const struct bench *b)
{
	size_t owners = b->quick ? 100 : 1000, n = owners * PER_OWNER;
	char dir[4096], out[4200], name[64];
	struct tree_cmd r = { b, dir, out }, c = { b, dir, NULL };
	double ns, base_ns;
	FILE *f;

	snprintf(dir, sizeof dir, "%s/report-tree-%zu", b->workdir, n);
	snprintf(out, sizeof out, "%s.csv", dir);
	make_tree(dir, owners);
	bench_pair(b, run_report, &r, run_cat, &c, &ns, &base_ns);
	f = bench_csv(b, "report_read.csv", "results,report_ns,find_cat_ns,ratio");
	fprintf(f, "%zu,%.0f,%.0f,%.6g\n", n, ns, base_ns, ns / base_ns);
	fclose(f);
	snprintf(name, sizeof name, "cairn report, %zu results in a tree", n);
	bench_report(b, &(struct bench_row){ "report", name, ns / 1e6, "ms",
		"find -type f | xargs cat", base_ns / 1e6, ns / base_ns, "<= 3",
		ns <= 3 * base_ns ? BENCH_PASS : BENCH_MISS });
	return 0;
}
