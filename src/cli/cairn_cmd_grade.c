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
 * possible, after a late penalty), " late=\"BY\" penalty=F" for a late
 * one, " errors=E" when E puzzles had errors, S the score as in a
 * result's summary ("0.75", "1.0") or "-" when nothing was graded, and
 * FILE as given on the command line.  A file that cannot be read, or
 * whose result has status: error, gets "FILE: error: MESSAGE" instead.
 * With --verbose the whole result file is printed before its line.
 *
 * With --format gradescope|prairielearn the one FILE's result is that
 * autograder's results.json instead (cairn_autograder.h), on stdout, or
 * with -o in a file and the line above on stdout; such a FILE must be a
 * submission (a puzzle file grades itself), else it is a file error.
 * --received applies the problem set's policy as of that arrival;
 * --gradescope-metadata FILE takes the arrival (created_at) and the due
 * and close (the submitter's due_date and late_due_date) from
 * Gradescope's submission_metadata.json instead, so that Gradescope's
 * dates and extensions count (cairn_gradescope_meta.h).  What a student
 * may see of the results follows the set's feedback as of the arrival
 * (or, without one, the clock).
 *
 * Exit status: 2 on a usage, configuration or file error, else 1 when
 * any graded puzzle is not correct (wrong, missing or invalid) or an
 * answer was set aside (an unknown or repeated id: counted invalid but
 * not graded, so the score ignores it and the exit status does not),
 * else 0; the same with --format.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_autograder.h"
#include "cairn_cli.h"
#include "cairn_cmd.h"
#include "cairn_gradescope_meta.h"
#include "cairn_mem.h"
#include "cairn_pipeline.h"
#include "cairn_policy_rules.h"
#include "cairn_stats.h"
#include "cairn_report.h"
#include "cairn_result_read.h"

#define GRADE_NOT_CORRECT 1
#define GRADE_ERROR       2

static const char usage[] =
	"Usage: cairn grade [OPTIONS] FILE...\n"
	"       cairn grade --format gradescope|prairielearn [-o OUT] FILE\n"
	"\n"
	"Grade submission files (and any puzzle file with expectations)\n"
	"without writing spool files; print one line per file:\n"
	"  FILE: graded=G correct=C wrong=W missing=M invalid=I score=S\n"
	"followed, for a submission, by points=P/M (earned of possible, after\n"
	"a late penalty) and, when late, late=\"BY\" penalty=F.\n"
	"\n"
	"  -v, --verbose         print each result file before its line\n"
	"      --format NAME     write the submission FILE's results as the\n"
	"                        autograder NAME reads them: gradescope or\n"
	"                        prairielearn (results.json), on stdout\n"
	"  -o, --output OUT      with --format: write them to OUT instead,\n"
	"                        and print FILE's line\n"
	"      --received TIME   apply the problem set's policy (due, grace,\n"
	"                        late penalty, close) as of this arrival, an\n"
	"                        RFC 3339 time (2026-12-10T23:59:00+01:00)\n"
	"      --gradescope-metadata FILE\n"
	"                        take the arrival (created_at), due and close\n"
	"                        (the submitter's due_date and late_due_date)\n"
	"                        from Gradescope's submission_metadata.json\n"
	"  -c, --config FILE     configuration file\n"
	"      --plugin-dir DIR  solver plugin directory\n"
	"      --problems DIR    problem sets directory\n"
	"  -h, --help            this help\n"
	"\n"
	"Exit status: 0 when every graded puzzle is correct, 1 when any is\n"
	"not or an answer was set aside (an unknown or repeated id), 2 on a\n"
	"usage, configuration or file error (with --format too).\n";

enum { OPT_FORMAT = CAIRN_OPT_FIRST_OWN, OPT_RECEIVED, OPT_METADATA };

struct grade_opts {
	int verbose;
	const struct cairn_autograder *format;	/* --format, or NULL */
	const char *output;			/* -o, or NULL: stdout */
	int has_received;
	struct timespec received;
	const char *metadata;			/* --gradescope-metadata */
	struct cairn_gradescope_meta meta;
};

/*
 * What the autograder's writer, called back by processing, leaves for
 * the line on stdout: why the file got no grade, or NULL.
 */
struct grade_render {
	const struct cairn_autograder *format;
	const struct timespec *at;	/* the arrival, or NULL */
	char *error;
};

/* error_line - "FILE: error: MESSAGE", the message read back from the result */
static void error_line(const char *file, const char *source,
		       const struct cairn_buf *result)
{
	struct cairn_result_file r;
	char err[512], *name;

	name = cairn_puzzle_result_name(source);
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
	if (st->weighted) {
		struct cairn_buf kept = CAIRN_BUF_INIT;

		cairn_stats_points_kept(&kept, st);
		printf(" points=%s/%llu", kept.data,
		       (unsigned long long)st->max_points);
		cairn_buf_free(&kept);
	}
	if (st->late) {
		char by[CAIRN_POLICY_BY_LEN], pen[CAIRN_POLICY_PENALTY_LEN];

		printf(" late=\"%s\" penalty=%s",
		       cairn_policy_rules_by_text(st->late_by_ms, by),
		       cairn_policy_rules_penalty_text(st->penalty_bp, pen));
	}
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

/* render - processing's writer for --format: the results, and why no grade */
static void render(void *ctx, const struct cairn_input *in,
		   const struct cairn_stats *st, struct cairn_buf *out)
{
	struct grade_render *g = ctx;
	const char *error = cairn_autograder_error(in);

	/* Called again when the first results did not fit the budget. */
	free(g->error);
	g->error = error != NULL ? cairn_xstrdup(error) : NULL;
	g->format->write(in, st, g->at, error, out);
}

/* put - the results to OUT (or stdout): 0, or -1 said on stderr */
static int put(const char *path, const struct cairn_buf *json)
{
	FILE *f = path != NULL ? fopen(path, "w") : stdout;

	if (f == NULL) {
		fprintf(stderr, "cairn grade: %s: %s\n", path, strerror(errno));
		return -1;
	}
	if (fwrite(json->data, 1, json->len, f) != json->len ||
	    (path != NULL ? fclose(f) : fflush(f)) != 0) {
		fprintf(stderr, "cairn grade: %s: %s\n",
			path != NULL ? path : "stdout", strerror(errno));
		return -1;
	}
	return 0;
}

/* grade_for - one file's results for an autograder; its exit status */
static int grade_for(struct cairn_cli *cli, const struct grade_opts *o,
		     const char *file)
{
	struct cairn_buf in = CAIRN_BUF_INIT, out = CAIRN_BUF_INIT;
	const char *source = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
	struct grade_render g = { o->format, cli->settings.received, NULL };
	struct cairn_pipeline_input pi;
	atomic_int cancel = 0;
	int rc;

	/* No owner: the arrival, when given, is cli->settings.received. */
	cairn_pipeline_input_init(&pi, source);
	pi.st.file_error = 1;
	if ((rc = cairn_cli_read_file(file, &in)) < 0) {
		g.error = cairn_xasprintf("cannot read %s: %s", source,
					  strerror(-rc));
		o->format->write(NULL, NULL, NULL, g.error, &out);
	} else {
		cli->settings.render = render;
		cli->settings.render_ctx = &g;
		rc = cairn_pipeline_grade(NULL, &pi, &cli->settings, in.data, in.len,
					  &cancel, &out);
		if (rc < 0) {	/* out of memory: no results were written */
			g.error = cairn_xasprintf("cannot grade %s: %s",
						  source, strerror(-rc));
			o->format->write(NULL, NULL, NULL, g.error, &out);
		}
	}
	rc = g.error != NULL ? GRADE_ERROR :
	     pi.st.wrong + pi.st.missing + pi.st.invalid > 0 ? GRADE_NOT_CORRECT : 0;
	if (put(o->output, &out) != 0)
		rc = GRADE_ERROR;
	else if (o->output != NULL && g.error != NULL)
		printf("%s: error: %s\n", file, g.error);
	else if (o->output != NULL)
		summary_line(file, &pi.st);
	cairn_pipeline_input_clear(&pi);
	free(g.error);
	cairn_buf_free(&in);
	cairn_buf_free(&out);
	return rc;
}

static int option(struct cairn_cli *cli, struct grade_opts *o, int opt,
		  int *exit_code)
{
	switch (opt) {
	case 'v':
		o->verbose = 1;
		return 0;
	case 'o':
		o->output = optarg;
		return 0;
	case OPT_FORMAT:
		if ((o->format = cairn_autograder_find(optarg)) != NULL)
			return 0;
		*exit_code = cairn_cli_usage_error(cli, "--format: \"%s\" is "
			"not gradescope or prairielearn", optarg);
		return 1;
	case OPT_RECEIVED:
		o->has_received = 1;
		return cairn_cli_received(cli, optarg, &o->received, exit_code);
	case OPT_METADATA:
		o->metadata = optarg;
		return 0;
	default:
		return cairn_cli_option(cli, opt, optarg, exit_code) != 0;
	}
}

static int parse(struct cairn_cli *cli, struct grade_opts *o, int argc,
		 char **argv, int *exit_code)
{
	static const struct option longopts[] = {
		CAIRN_CLI_COMMON_LONG,
		{ "verbose", no_argument, NULL, 'v' },
		{ "format", required_argument, NULL, OPT_FORMAT },
		{ "output", required_argument, NULL, 'o' },
		{ "received", required_argument, NULL, OPT_RECEIVED },
		{ "gradescope-metadata", required_argument, NULL, OPT_METADATA },
		{ NULL, 0, NULL, 0 },
	};
	int opt;

	optind = 1;
	while ((opt = getopt_long(argc, argv, CAIRN_CLI_COMMON_SHORT "vo:",
				  longopts, NULL)) != -1)
		if (option(cli, o, opt, exit_code) != 0)
			return 1;
	if (optind == argc)
		*exit_code = cairn_cli_usage_error(cli, "expected FILE...");
	else if (o->format != NULL && argc - optind > 1)
		*exit_code = cairn_cli_usage_error(cli, "--format %s grades one "
			"FILE", o->format->name);
	else if (o->format != NULL && o->verbose)
		*exit_code = cairn_cli_usage_error(cli, "--verbose prints "
			"result files, which --format replaces");
	else if (o->format == NULL && o->output != NULL)
		*exit_code = cairn_cli_usage_error(cli, "--output goes with "
			"--format");
	else if (o->has_received && o->metadata != NULL)
		*exit_code = cairn_cli_usage_error(cli, "--received and "
			"--gradescope-metadata both give the arrival");
	else
		return 0;
	return 1;
}

/* metadata - read --gradescope-metadata: 0, or -1 said on stderr */
static int metadata(struct grade_opts *o)
{
	struct cairn_buf text = CAIRN_BUF_INIT;
	char err[320];
	int rc;

	if ((rc = cairn_cli_read_file(o->metadata, &text)) < 0)
		snprintf(err, sizeof err, "%s", strerror(-rc));
	else
		rc = cairn_gradescope_meta_read(text.data, text.len, &o->meta,
						err, sizeof err);
	cairn_buf_free(&text);
	if (rc < 0)
		fprintf(stderr, "cairn grade: %s: %s\n", o->metadata, err);
	return rc < 0 ? -1 : 0;
}

int cairn_cmd_grade(int argc, char **argv)
{
	struct grade_opts o = { 0 };
	struct cairn_cli cli;
	int rc = 0, worst = 0, i;

	cairn_cli_init(&cli, "grade", usage);
	if (parse(&cli, &o, argc, argv, &rc) != 0) {
		cairn_cli_teardown(&cli);
		return rc == CAIRN_EX_OK ? rc : GRADE_ERROR;
	}
	if (cairn_cli_setup(&cli) != 0) {
		cairn_cli_teardown(&cli);
		return GRADE_ERROR;
	}
	if (o.metadata != NULL && metadata(&o) != 0) {
		cairn_cli_teardown(&cli);
		return GRADE_ERROR;
	}
	if (o.metadata != NULL) {
		o.received = o.meta.created_at;
		o.has_received = 1;
		cli.settings.dates = &o.meta.dates;
	}
	cli.settings.received = o.has_received ? &o.received : NULL;
	for (i = optind; i < argc; i++) {
		rc = o.format != NULL ? grade_for(&cli, &o, argv[i]) :
		     grade_file(&cli, argv[i], o.verbose);
		worst = rc > worst ? rc : worst;
	}
	fflush(stdout);
	cairn_cli_teardown(&cli);
	return worst;
}
