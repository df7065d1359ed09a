/*
 * cairn_cmd_solve - `cairn solve`: one puzzle file to stdout.
 *
 * The output is byte for byte the result file the daemon would write for
 * the same input and configuration; only the exit code adds to it.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_cli.h"
#include "cairn_cmd.h"
#include "cairn_input.h"
#include "cairn_int.h"
#include "cairn_mem.h"

static const char usage[] =
	"Usage: cairn solve [OPTIONS] FILE|-\n"
	"       cairn solve [OPTIONS] --piles \"5 3 4 5\"\n"
	"\n"
	"Solve every puzzle of FILE (YAML, CSV or JSON by its extension; - reads\n"
	"standard input as YAML, or CSV with --csv, JSON with --json) and print\n"
	"the result file.\n"
	"Expectations in the file are graded too.\n"
	"\n"
	"  -s, --solver NAME     solver for every puzzle (auto, linear, diff1d,\n"
	"                        diff2d, tuple2d, or any loaded plugin)\n"
	"  -m, --moves           include the optimal line of play\n"
	"  -e, --explain         include the DP table (at most 20 piles)\n"
	"      --csv             read standard input as CSV\n"
	"      --json            read standard input as JSON\n"
	"      --piles \"A B ...\" solve this one row instead of a file\n"
	"      --received TIME   apply the problem set's policy (due, grace,\n"
	"                        late_penalty, close) as if the file arrived at\n"
	"                        TIME, RFC 3339 with an offset\n"
	"                        (2026-12-10T23:59:00+01:00); no submission\n"
	"                        limit is counted, and the output still has no\n"
	"                        owner, uid or received\n"
	"  -c, --config FILE     configuration file\n"
	"      --plugin-dir DIR  solver plugin directory\n"
	"      --problems DIR    problem sets directory\n"
	"  -h, --help            this help\n"
	"\n"
	"Exit status: 0 when the result has status: ok (even with puzzle\n"
	"errors or wrong answers), 65 when it has status: error, 64 on a\n"
	"usage error, 66 when FILE cannot be read, 69 when no solver plugin\n"
	"loads, 78 on a configuration error.\n";

enum { OPT_CSV = CAIRN_OPT_FIRST_OWN, OPT_PILES, OPT_JSON, OPT_RECEIVED };

struct solve_opts {
	const char *solver;
	int moves, explain, csv, json;
	const char *piles;
	const char *file;
	int has_received;
	struct timespec received;	/* --received */
};

static int parse(struct cairn_cli *cli, struct solve_opts *o, int argc,
		 char **argv, int *exit_code)
{
	static const struct option longopts[] = {
		CAIRN_CLI_COMMON_LONG,
		{ "solver", required_argument, NULL, 's' },
		{ "moves", no_argument, NULL, 'm' },
		{ "explain", no_argument, NULL, 'e' },
		{ "csv", no_argument, NULL, OPT_CSV },
		{ "json", no_argument, NULL, OPT_JSON },
		{ "piles", required_argument, NULL, OPT_PILES },
		{ "received", required_argument, NULL, OPT_RECEIVED },
		{ NULL, 0, NULL, 0 },
	};
	int opt;

	optind = 1;
	while ((opt = getopt_long(argc, argv, CAIRN_CLI_COMMON_SHORT "s:me",
				  longopts, NULL)) != -1) {
		switch (opt) {
		case 's': o->solver = optarg; break;
		case 'm': o->moves = 1; break;
		case 'e': o->explain = 1; break;
		case OPT_CSV: o->csv = 1; break;
		case OPT_JSON: o->json = 1; break;
		case OPT_PILES: o->piles = optarg; break;
		case OPT_RECEIVED:
			if (cairn_cli_received(cli, optarg, &o->received,
					       exit_code) != 0)
				return 1;
			o->has_received = 1;
			break;
		default:
			if (cairn_cli_option(cli, opt, optarg, exit_code) != 0)
				return 1;
		}
	}
	if (o->csv && o->json) {
		*exit_code = cairn_cli_usage_error(cli, "give either --csv or --json, not both");
		return 1;
	}
	if (o->piles != NULL && optind != argc) {
		*exit_code = cairn_cli_usage_error(cli, "give either --piles or a file, not both");
		return 1;
	}
	if (o->piles == NULL && optind != argc - 1) {
		*exit_code = cairn_cli_usage_error(cli, "expected one FILE (or - for standard input)");
		return 1;
	}
	o->file = o->piles ? NULL : argv[optind];
	return 0;
}

/*
 * piles_document - --piles "5 3 4 5" as the YAML puzzle it stands for.
 * The numbers are checked here so that an error names the option, not a
 * column of a document the user never wrote.
 */
static int piles_document(struct cairn_cli *cli, const char *piles,
			  struct cairn_buf *doc)
{
	const char *c = piles, *start;
	size_t k = 0;
	int64_t v;

	cairn_buf_adds(doc, "piles: [");
	for (;;) {
		while (*c == ' ' || *c == ',' || *c == ';' || *c == '\t')
			c++;
		if (*c == '\0')
			break;
		start = c;
		while (*c && !strchr(" ,;\t", *c))
			c++;
		if (cairn_int_parse_i64(start, (size_t)(c - start), &v) < 0)
			return cairn_cli_usage_error(cli, "--piles: \"%.*s\" (pile "
				"%zu) is not a 64-bit integer", (int)(c - start),
				start, k + 1);
		if (k++ > 0)
			cairn_buf_adds(doc, ", ");
		cairn_buf_add_i64(doc, v);
	}
	if (k == 0)
		return cairn_cli_usage_error(cli, "--piles: expected at least one pile");
	cairn_buf_adds(doc, "]\n");
	return 0;
}

static int run(struct cairn_cli *cli, const struct solve_opts *o)
{
	struct cairn_buf in = CAIRN_BUF_INIT, out = CAIRN_BUF_INIT;
	struct cairn_stats st;
	enum cairn_format fmt;
	const char *source;
	atomic_int cancel = 0;
	int rc, r;

	if (o->piles != NULL) {
		if ((rc = piles_document(cli, o->piles, &in)) != 0) {
			cairn_buf_free(&in);
			return rc;
		}
		source = "--piles";
		fmt = CAIRN_FORMAT_YAML;
	} else {
		if ((rc = cairn_cli_read_file(o->file, &in)) < 0) {
			fprintf(stderr, "cairn solve: %s: %s\n", o->file,
				strerror(-rc));
			cairn_buf_free(&in);
			return 66;
		}
		source = strrchr(o->file, '/') ? strrchr(o->file, '/') + 1 : o->file;
		fmt = strcmp(o->file, "-") != 0 ? cairn_puzzle_format_of(source) :
		      o->csv ? CAIRN_FORMAT_CSV :
		      o->json ? CAIRN_FORMAT_JSON : CAIRN_FORMAT_YAML;
	}
	cli->settings.force_solver = o->solver;
	cli->settings.force_moves = o->moves;
	cli->settings.force_explain = o->explain;
	cli->settings.received = o->has_received ? &o->received : NULL;
	r = cairn_process_as(source, fmt, in.data, in.len, &cli->settings,
			     &cancel, &out, &st);
	cairn_buf_free(&in);
	if (r < 0) {
		/* Out of memory is no answer about the file: print none. */
		fprintf(stderr, "cairn: %s: %s (try again)\n", source, strerror(-r));
		cairn_buf_free(&out);
		return CAIRN_EX_TEMPFAIL;
	}
	fwrite(out.data, 1, out.len, stdout);
	cairn_buf_free(&out);
	return st.file_error ? CAIRN_EX_DATAERR : CAIRN_EX_OK;
}

int cairn_cmd_solve(int argc, char **argv)
{
	struct solve_opts o = { 0 };
	struct cairn_cli cli;
	int rc = 0;

	cairn_cli_init(&cli, "solve", usage);
	if (parse(&cli, &o, argc, argv, &rc) == 0 &&
	    (rc = cairn_cli_setup(&cli)) == 0)
		rc = run(&cli, &o);
	cairn_cli_teardown(&cli);
	return rc;
}
