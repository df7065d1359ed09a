/*
 * bench_generate - `cairn generate` against solving what it wrote.
 *
 * The issue-26 row: `cairn generate --count 100 --piles 12-16 --require
 * greedy-fails,unique-line` (a fixed seed, output to a file) and, as the
 * baseline from the same run, `cairn solve --moves` on that very file,
 * both as subprocesses of the build tree's programs, interleaved.  The
 * ratio says how many solves of the set one search for it costs.
 */
#include "config.h"

#include <stdio.h>

#include "bench.h"

struct gen_cmd {
	const struct bench *b;
	const char *out;	/* standard output goes here */
	const char *args[16];	/* after the program, NULL-terminated */
};

/* run_cmd - one command of the row */
static void run_cmd(void *ctx)
{
	const struct gen_cmd *c = ctx;

	bench_run_cairn(c->b, c->args, c->out);
}

int bench_generate(const struct bench *b)
{
	char set[4096], solved[4096], plugins[4096], empty[4096];
	struct gen_cmd g = { b, set, { "generate", "--count", "100", "--piles",
		"12-16", "--require", "greedy-fails,unique-line", "--seed", "26",
		NULL } };
	struct gen_cmd s = { b, solved, { "solve", "-c", empty, "--plugin-dir",
		plugins, "--moves", set, NULL } };
	double ns, base_ns;
	FILE *f;

	snprintf(set, sizeof set, "%s/generated.yaml", b->workdir);
	snprintf(solved, sizeof solved, "%s/generated.result.yaml", b->workdir);
	snprintf(plugins, sizeof plugins, "%s/plugins/.libs", b->top_builddir);
	snprintf(empty, sizeof empty, "%s/empty.yaml", b->workdir);
	bench_write_file(empty, "", 0);
	run_cmd(&g);	/* the file the baseline solves exists from the start */
	bench_pair(b, run_cmd, &g, run_cmd, &s, &ns, &base_ns);
	f = bench_csv(b, "generate.csv", "generate_ns,solve_ns,ratio");
	fprintf(f, "%.0f,%.0f,%.6g\n", ns, base_ns, ns / base_ns);
	fclose(f);
	bench_report(b, &(struct bench_row){ "generate",
		"generate 100 greedy-fails,unique-line", ns / 1e6, "ms",
		"cairn solve of that set", base_ns / 1e6, ns / base_ns, "",
		BENCH_INFO });
	return 0;
}
