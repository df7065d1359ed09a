/*
 * cairn_cmd_check - `cairn check SET...`: review problem sets.
 *
 * Each SET file is read as the daemon reads problems/NAME.yaml (the same
 * loader and limits of the configuration), and stdout gets, in argument
 * order, one line per finding of cairn_setcheck,
 *
 *   FILE: error: MESSAGE            (the loader's message, with its place)
 *   FILE: line L: warning: MESSAGE
 *
 * then, when the file is a set of puzzles, its summary,
 *
 *   FILE: N puzzles, P points[, E errors][, W warnings]
 *
 * with FILE as given on the command line.  Exit status: 0 when no file
 * has an error (warnings allowed), 1 when any has, 64 on a usage error,
 * 78 on a configuration error.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cairn_cli.h"
#include "cairn_cmd.h"
#include "cairn_setcheck.h"

#define CHECK_ERRORS 1

static const char usage[] =
	"Usage: cairn check [OPTIONS] SET...\n"
	"\n"
	"Check problem set files as the daemon loads them, and warn about\n"
	"puzzles where every line is optimal, duplicate piles, ids that\n"
	"differ only by case and explain beyond 20 piles; print one line\n"
	"per finding, then per set:\n"
	"  FILE: N puzzles, P points\n"
	"\n"
	"  -c, --config FILE     configuration file (its limits apply)\n"
	"  -h, --help            this help\n"
	"\n"
	"Exit status: 0 when no set has an error (warnings allowed), 1 when\n"
	"any has, 64 on a usage error, 78 on a configuration error.\n";

/* plural - "1 puzzle", "2 puzzles" */
static void plural(struct cairn_buf *b, unsigned long long n, const char *what)
{
	cairn_buf_addf(b, ", %llu %s%s", n, what, n == 1 ? "" : "s");
}

static void summary_line(const char *file, const struct cairn_setcheck *r)
{
	struct cairn_buf b = CAIRN_BUF_INIT;

	cairn_buf_addf(&b, "%s: %zu puzzle%s", file, r->npuzzles,
		       r->npuzzles == 1 ? "" : "s");
	plural(&b, r->points, "point");
	if (r->errors > 0)
		plural(&b, r->errors, "error");
	if (r->warnings > 0)
		plural(&b, r->warnings, "warning");
	cairn_cli_line(stdout, "%s", b.data);
	cairn_buf_free(&b);
}

static void print(const char *file, const struct cairn_setcheck *r)
{
	const struct cairn_setcheck_finding *f;
	size_t i;

	for (i = 0; i < r->nfindings; i++) {
		f = &r->findings[i];
		if (f->level == CAIRN_SETCHECK_ERROR)
			cairn_cli_line(stdout, "%s: error: %s", file, f->message);
		else
			cairn_cli_line(stdout, "%s: line %lu: warning: %s", file,
				       f->line, f->message);
	}
	if (r->loaded)
		summary_line(file, r);
}

/* check_file - check and print one set; whether it has errors */
static int check_file(const struct cairn_cli *cli, const char *file)
{
	struct cairn_buf in = CAIRN_BUF_INIT;
	const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
	struct cairn_limits limits = {
		(size_t)cli->conf.max_piles, (size_t)cli->conf.max_file_bytes,
	};
	struct cairn_setcheck r;
	int rc;

	rc = cairn_cli_read_file(file, &in);
	cairn_setcheck_run(&r, base, in.data, in.len, rc < 0 ? rc : 0,
			   &limits);
	print(file, &r);
	rc = r.errors > 0;
	cairn_setcheck_free(&r);
	cairn_buf_free(&in);
	return rc;
}

static int parse(struct cairn_cli *cli, int argc, char **argv,
		 int *exit_code)
{
	static const struct option longopts[] = {
		CAIRN_CLI_COMMON_LONG,
		{ NULL, 0, NULL, 0 },
	};
	int opt;

	optind = 1;
	while ((opt = getopt_long(argc, argv, CAIRN_CLI_COMMON_SHORT,
				  longopts, NULL)) != -1)
		if (cairn_cli_option(cli, opt, optarg, exit_code) != 0)
			return 1;
	if (optind == argc) {
		*exit_code = cairn_cli_usage_error(cli, "expected SET...");
		return 1;
	}
	return 0;
}

int cairn_cmd_check(int argc, char **argv)
{
	struct cairn_cli cli;
	int rc = 0, worst = 0, i;

	cairn_cli_init(&cli, "check", usage);
	if (parse(&cli, argc, argv, &rc) != 0 ||
	    (rc = cairn_cli_load_config(&cli)) != 0) {
		cairn_cli_teardown(&cli);
		return rc;
	}
	for (i = optind; i < argc; i++)
		if (check_file(&cli, argv[i]))
			worst = CHECK_ERRORS;
	fflush(stdout);
	cairn_cli_teardown(&cli);
	return worst;
}
