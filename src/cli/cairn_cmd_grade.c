/*
 * cairn_cmd_grade - `cairn grade`: grade files, print a line per file.
 *
 * Each FILE is processed exactly as the daemon would process it (same
 * configuration, plugins and problem sets), but no spool file is
 * written: stdout gets one line per file, in argument order,
 *
 *   FILE: graded=G correct=C wrong=W missing=M invalid=I score=S
 *
 * with " points=P/M" appended for a submission (points earned of those
 * possible), " errors=E" when E puzzles had errors, S the score as in a
 * result's summary ("0.75", "1.0") or "-" when nothing was graded, and
 * FILE as given on the command line.  A file that cannot be read, or
 * whose result has status: error, gets "FILE: error: MESSAGE" instead.
 * With --verbose the whole result file is printed before its line.
 * Exit status: 2 on a usage, configuration or file error, else 1 when
 * any graded puzzle is not correct (wrong, missing or invalid) or an
 * answer was set aside (an unknown or repeated id: counted invalid but
 * not graded, so the score ignores it and the exit status does not),
 * else 0.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_cli.h"
#include "cairn_cmd.h"
#include "cairn_stats.h"
#include "cairn_report.h"
#include "cairn_result_read.h"

#define GRADE_NOT_CORRECT 1
#define GRADE_ERROR       2

static const char usage[] =
	"Usage: cairn grade [OPTIONS] FILE...\n"
	"\n"
	"Grade submission files (and any puzzle file with expectations)\n"
	"without writing spool files; print one line per file:\n"
	"  FILE: graded=G correct=C wrong=W missing=M invalid=I score=S\n"
	"followed, for a submission, by points=P/M (earned of possible).\n"
	"\n"
	"  -v, --verbose         print each result file before its line\n"
	"  -c, --config FILE     configuration file\n"
	"      --plugin-dir DIR  solver plugin directory\n"
	"      --problems DIR    problem sets directory\n"
	"  -h, --help            this help\n"
	"\n"
	"Exit status: 0 when every graded puzzle is correct, 1 when any is\n"
	"not or an answer was set aside (an unknown or repeated id), 2 on a\n"
	"usage, configuration or file error.\n";

/* error_line - "FILE: error: MESSAGE", the message read back from the result */
static void error_line(const char *file, const char *source,
		       const struct cairn_buf *result)
{
	struct cairn_result_file r;
	char err[512], *name;

	name = cairn_result_name(source);
	if (cairn_result_read(&r, name, result->data, result->len, err,
			      sizeof err) == 0 && r.error != NULL)
		printf("%s: error: %s\n", file, r.error);
	else
		printf("%s: error\n", file);
	cairn_result_file_free(&r);
	free(name);
}

static void summary_line(const char *file, const struct cairn_stats *st)
{
	struct cairn_buf score = CAIRN_BUF_INIT;

	cairn_buf_adds(&score, (st->weighted ? st->max_points : st->graded) ?
		       "" : "-");
	cairn_stats_score(&score, st);
	printf("%s: graded=%zu correct=%zu wrong=%zu missing=%zu invalid=%zu "
	       "score=%s", file, st->graded, st->correct, st->wrong,
	       st->missing, st->invalid, score.data);
	if (st->weighted)
		printf(" points=%llu/%llu", (unsigned long long)st->points,
		       (unsigned long long)st->max_points);
	if (st->errors > 0)
		printf(" errors=%zu", st->errors);
	putchar('\n');
	cairn_buf_free(&score);
}

/* grade_file - process one file; its share of the exit status */
static int grade_file(struct cairn_cli *cli, const char *file, int verbose)
{
	struct cairn_buf in = CAIRN_BUF_INIT, out = CAIRN_BUF_INIT;
	const char *source = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
	struct cairn_stats st;
	atomic_int cancel = 0;
	int rc;

	if ((rc = cairn_cli_read_file(file, &in)) < 0) {
		printf("%s: error: %s\n", file, strerror(-rc));
		cairn_buf_free(&in);
		return GRADE_ERROR;
	}
	cairn_process(source, in.data, in.len, &cli->settings, &cancel, &out,
		      &st);
	if (verbose)
		fwrite(out.data, 1, out.len, stdout);
	if (st.file_error)
		error_line(file, source, &out);
	else
		summary_line(file, &st);
	cairn_buf_free(&in);
	cairn_buf_free(&out);
	if (st.file_error)
		return GRADE_ERROR;
	return st.wrong + st.missing + st.invalid > 0 ? GRADE_NOT_CORRECT : 0;
}

static int parse(struct cairn_cli *cli, int *verbose, int argc, char **argv,
		 int *exit_code)
{
	static const struct option longopts[] = {
		CAIRN_CLI_COMMON_LONG,
		{ "verbose", no_argument, NULL, 'v' },
		{ NULL, 0, NULL, 0 },
	};
	int opt;

	optind = 1;
	while ((opt = getopt_long(argc, argv, CAIRN_CLI_COMMON_SHORT "v",
				  longopts, NULL)) != -1) {
		if (opt == 'v')
			*verbose = 1;
		else if (cairn_cli_option(cli, opt, optarg, exit_code) != 0)
			return 1;
	}
	if (optind == argc) {
		*exit_code = cairn_cli_usage_error(cli, "expected FILE...");
		return 1;
	}
	return 0;
}

int cairn_cmd_grade(int argc, char **argv)
{
	struct cairn_cli cli;
	int verbose = 0, rc = 0, worst = 0, i;

	cairn_cli_init(&cli, "grade", usage);
	if (parse(&cli, &verbose, argc, argv, &rc) != 0) {
		cairn_cli_teardown(&cli);
		return rc == CAIRN_EX_OK ? rc : GRADE_ERROR;
	}
	if (cairn_cli_setup(&cli) != 0) {
		cairn_cli_teardown(&cli);
		return GRADE_ERROR;
	}
	for (i = optind; i < argc; i++) {
		rc = grade_file(&cli, argv[i], verbose);
		worst = rc > worst ? rc : worst;
	}
	fflush(stdout);
	cairn_cli_teardown(&cli);
	return worst;
}
