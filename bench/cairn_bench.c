/*
 * cairn_bench.c - the benchmark driver that `make bench` runs.
 *
 * usage: cairn-bench [--quick] --top-builddir DIR --top-srcdir DIR
 *        --out DIR --work DIR SECTION...   (solvers, parse, e2e, daemon,
 *        report, memory, generate, status, submit)
 *
 * Each section prints its rows of the summary table as it goes, appends
 * them to OUT/summary.csv (which bench/run.sh creates with its header)
 * and writes its own detail CSV in OUT.  A missed target is reported, not
 * an error: the exit status is non-zero only when a benchmark could not
 * run at all (a build product missing, a wrong answer, a crash).
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

static const char usage[] =
	"usage: cairn-bench [--quick] --top-builddir DIR --top-srcdir DIR --out DIR\n"
	"                   --work DIR SECTION...\n"
	"sections: solvers parse e2e daemon versus syscalls fairness report memory generate\n"
	"          status submit\n";

static int section(const struct bench *b, const char *name)
{
	if (strcmp(name, "solvers") == 0)
		return bench_solvers(b);
	if (strcmp(name, "parse") == 0)
		return bench_parse(b);
	if (strcmp(name, "e2e") == 0)
		return bench_e2e(b);
	if (strcmp(name, "daemon") == 0)
		return bench_daemon(b);
	if (strcmp(name, "versus") == 0)
		return bench_daemon_versus(b);
	if (strcmp(name, "syscalls") == 0)
		return bench_syscalls(b);
	if (strcmp(name, "fairness") == 0)
		return bench_fairness(b);
	if (strcmp(name, "report") == 0)
		return bench_report_html(b);
	if (strcmp(name, "memory") == 0)
		return bench_memory(b);
	if (strcmp(name, "generate") == 0)
		return bench_generate(b);
	if (strcmp(name, "status") == 0)
		return bench_status(b);
	if (strcmp(name, "submit") == 0)
		return bench_submit(b);
	fprintf(stderr, "cairn-bench: unknown section %s\n%s", name, usage);
	return 2;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "quick", no_argument, NULL, 'q' },
		{ "top-builddir", required_argument, NULL, 't' },
		{ "top-srcdir", required_argument, NULL, 's' },
		{ "out", required_argument, NULL, 'o' },
		{ "work", required_argument, NULL, 'w' },
		{ NULL, 0, NULL, 0 },
	};
	struct bench b = { 0, ".", ".", ".", ".", NULL };
	char path[4096];
	int opt, i, rc = 0;

	while ((opt = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (opt) {
		case 'q': b.quick = 1; break;
		case 't': b.top_builddir = optarg; break;
		case 's': b.top_srcdir = optarg; break;
		case 'o': b.outdir = optarg; break;
		case 'w': b.workdir = optarg; break;
		default:
			fputs(usage, stderr);
			return 2;
		}
	}
	if (optind == argc) {
		fputs(usage, stderr);
		return 2;
	}
	snprintf(path, sizeof path, "%s/summary.csv", b.outdir);
	if ((b.summary = fopen(path, "a")) == NULL)
		bench_die("%s: %s", path, strerror(errno));
	for (i = optind; i < argc && rc == 0; i++)
		rc = section(&b, argv[i]);
	fclose(b.summary);
	return rc;
}
