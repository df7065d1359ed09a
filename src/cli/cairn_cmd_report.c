/*
 * cairn_cmd_report - `cairn report`: result files to a gradebook.
 *
 * Arguments are result files or directories; a directory stands for its
 * *.result.yaml, *.result.yml, *.result.csv and *.result.json regular files, sorted by
 * name (byte order), and those kept in its history/ (NAME.result.K.EXT),
 * then the same for each of its subdirectories (a spool's results/OWNER/)
 * in name order; hidden names are skipped, but for .held/ (results held
 * back until their feedback is due, doc/spool.md), whose results are
 * listed as if they were in its directory, where we may read them.  A file that cannot be read or is not a result file
 * is named on stderr and left out, the report of the others is still
 * written, and the exit status is then 65, so that one stray file does
 * not hide a class's grades but is not missed either.  The report goes
 * to stdout, or with -o to FILE through a temporary file renamed into
 * place, so a reader of FILE never sees half a gradebook.  With
 * --per-submitter the results are first narrowed to one per owner and
 * problem set (cairn_report_pick), by each result's received time, or its
 * file's modification time when it has none.  For Canvas and Moodle the
 * roster is read and checked before any result; then only graded results
 * are kept, one per owner and set (the latest unless --per-submitter
 * best), the gradebook's warnings go to stderr after it is built, and a
 * gradebook the LMS would import wrongly is not written at all.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cairn_cli.h"
#include "cairn_cmd.h"
#include "cairn_dir.h"
#include "cairn_mem.h"
#include "cairn_report.h"
#include "cairn_report_canvas.h"
#include "cairn_report_html.h"
#include "cairn_report_lms_file.h"
#include "cairn_report_moodle.h"
#include "cairn_report_pick.h"
#include "cairn_result_read.h"
#include "cairn_roster.h"
#include "cairn_spool_dirs.h"

#define EX_IOERR 74

static const char usage[] =
	"Usage: cairn report [OPTIONS] RESULT...|DIR...\n"
	"       cairn report --format canvas|moodle --roster FILE [--match COLUMN]\n"
	"                    [--points-from set|roster] [--root-account HOST]\n"
	"                    [OPTIONS] RESULT...|DIR...\n"
	"\n"
	"Turn result files into a gradebook: CSV with one row per result file\n"
	"(source,owner,submitter,problem_set,graded,correct,wrong,missing,\n"
	"invalid,points,max_points,score,received,late,penalty,refused), JUnit\n"
	"XML with a test suite per file and a test case per graded puzzle, or\n"
	"one self-contained HTML page (the class at a glance, each puzzle, each\n"
	"submission).  Points and score are after a late penalty; a file the\n"
	"course policy refused (refused: closed or limit) is no submission.\n"
	"With canvas or moodle, the file that LMS imports: the students of the\n"
	"roster it exported, matched to owners, one column per problem set\n"
	"with the points of one graded result per owner and set (for Moodle\n"
	"also a feedback column); owners not in the roster and students with\n"
	"no submission are listed on standard error.\n"
	"A DIR stands for its *.result.yaml, *.result.yml,\n"
	"*.result.csv and *.result.json files, in name order, then those of\n"
	"each OWNER/ directory in it; each directory's history/ follows it.\n"
	"Results held back in .held/ are listed as if they were beside the\n"
	"others, where you may read them.\n"
	"\n"
	"  -f, --format csv|junit|html|canvas|moodle\n"
	"                          output format (default csv)\n"
	"  -o, --output FILE       write to FILE instead of standard output\n"
	"      --per-submitter latest|best\n"
	"                          one row per owner (else submitter) and problem\n"
	"                          set: the latest result (by received, else the\n"
	"                          result file's mtime) or the best score; ties go\n"
	"                          to the later, then the greater source name;\n"
	"                          a refused result only where there is no other\n"
	"                          (canvas and moodle: latest unless best is given)\n"
	"      --roster FILE       the class list exported from Canvas or Moodle\n"
	"                          (CSV; canvas and moodle need it)\n"
	"      --match COLUMN      the roster column holding the owners' names,\n"
	"                          matched exactly (default \"SIS Login ID\" for\n"
	"                          canvas, \"Username\" for moodle)\n"
	"      --points-from set|roster  canvas: which Points Possible win when\n"
	"                          they differ (roster: points scaled to them)\n"
	"      --root-account HOST canvas: the Root Account of the owners' logins\n"
	"  -h, --help              this help\n"
	"\n"
	"Exit status: 0 on success (owners not in the roster and students with\n"
	"no submission are warnings); 65 when an argument cannot be read or is\n"
	"not a result file (the others are still reported), or when the roster\n"
	"cannot be read or is not CSV, or the LMS would import the file wrongly\n"
	"(an owner two roster rows match, points possible that differ, a set\n"
	"named \"Title (id)\"): nothing is written; 64 on a usage error,\n"
	"a roster without a column the format needs included; 74 when the\n"
	"output cannot be written.\n";

struct names {
	char **v;
	size_t n, cap;
};

static void names_add(struct names *l, char *s)
{
	l->v = cairn_xgrow(l->v, &l->cap, l->n + 1, sizeof *l->v);
	l->v[l->n++] = s;
}

/* ext_len - the length of the result extension name ends in, or 0 */
static size_t ext_len(const char *name, size_t len)
{
	static const char *const ends[] = { ".yaml", ".yml", ".csv", ".json" };
	size_t i, e;

	for (i = 0; i < sizeof ends / sizeof ends[0]; i++) {
		e = strlen(ends[i]);
		if (len > e && strcmp(name + len - e, ends[i]) == 0)
			return e;
	}
	return 0;
}

/*
 * is_result_name - NAME.result.EXT, or with `history` set also an earlier
 * result kept under history/, NAME.result.K.EXT (K a number)
 */
static int is_result_name(const char *name, int history)
{
	size_t len = strlen(name), e = ext_len(name, len), k;

	if (e == 0)
		return 0;
	len -= e;
	if (len > 7 && memcmp(name + len - 7, ".result", 7) == 0)
		return 1;
	for (k = len; history && k > 0 && name[k - 1] >= '0' && name[k - 1] <= '9'; k--)
		;
	return history && k < len && k > 8 && name[k - 1] == '.' &&
	       memcmp(name + k - 8, ".result", 7) == 0;
}

/* result_file - a regular file (or a link to one) with a result's name */
static int result_file(int dir_fd, const char *name, void *arg)
{
	struct stat st;

	return name[0] != '.' && is_result_name(name, *(const int *)arg) &&
	       fstatat(dir_fd, name, &st, 0) == 0 && S_ISREG(st.st_mode);
}

/* owner_dir - a directory in results/: an owner's (or history/) */
static int owner_dir(int dir_fd, const char *name, void *arg)
{
	struct stat st;

	(void)arg;
	return name[0] != '.' && fstatat(dir_fd, name, &st, 0) == 0 &&
	       S_ISDIR(st.st_mode);
}

/* unlisted - name an argument or directory that cannot be read; the report goes on */
static int unlisted(const char *dir, int e)
{
	cairn_cli_line(stderr, "cairn report: %s: %s", dir, strerror(-e));
	return CAIRN_EX_DATAERR;
}

/* add_listed - dir/NAME for each name that keep() lists; 0, or -errno */
static int add_listed(const char *dir, const int *history, struct names *out)
{
	char **found;
	int n = cairn_dir_list(AT_FDCWD, dir, result_file, (void *)history,
			       &found);

	if (n < 0)
		return n;
	for (int i = 0; i < n; i++)
		names_add(out, cairn_xasprintf("%s/%s", dir, found[i]));
	cairn_dir_free(found);
	return 0;
}

/* by_base - paths in the byte order of their last component */
static int by_base(const void *a, const void *b)
{
	const char *x = *(char *const *)a, *y = *(char *const *)b;
	const char *bx = strrchr(x, '/'), *by = strrchr(y, '/');

	return strcmp(bx ? bx + 1 : x, by ? by + 1 : y);
}

/*
 * add_both - the files keep() lists in dir (sub appended) and, when
 * held is not NULL, in held (the same sub), sorted as one directory by
 * name; 0, or 65 when dir cannot be listed (named on stderr), or when
 * `absent_ok` is 0 and held cannot be
 */
static int add_both(const char *dir, const char *held, const char *sub, const int *history,
		    int absent_ok, struct names *out)
{
	size_t start = out->n;
	char *path;
	int e, rc = 0;

	for (int i = 0; i < (held != NULL ? 2 : 1) && rc == 0; i++) {
		path = cairn_xasprintf("%s%s", i == 0 ? dir : held, sub);
		if ((e = add_listed(path, history, out)) < 0 &&
		    !(absent_ok && (e == -ENOENT || e == -ENOTDIR)))
			rc = unlisted(path, e);
		free(path);
	}
	if (out->n - start > 1)	/* out->v may still be NULL */
		qsort(out->v + start, out->n - start, sizeof(out->v[0]), by_base);
	return rc;
}

/*
 * files_of - the result files of one directory, sorted, then those of
 * its history/ (an absent one has none); with them, as if they were
 * there, the results held back in its .held/ and .held/history/ (where
 * we may read them: an owner may not, and her report lists what she
 * sees); 0, or 65 when one cannot be listed (named on stderr)
 */
static int files_of(const char *dir, struct names *out)
{
	static const int plain = 0, kept = 1;
	char *held = cairn_xasprintf("%s/" CAIRN_HELD_DIR, dir);
	struct stat st;
	int rc;

	if (stat(held, &st) < 0 || !S_ISDIR(st.st_mode) || access(held, R_OK | X_OK) < 0) {
		free(held);
		held = NULL;
	}
	rc = add_both(dir, held, "", &plain, 0, out);
	if (rc == 0)
		rc = add_both(dir, held, "/" CAIRN_HISTORY_DIR, &kept, 1, out);
	free(held);
	return rc;
}

/*
 * expand - a results directory: its own result files and history/, then
 * each owner's directory in name order with its files and history/ (so
 * that both results/ and results/OWNER may be given); 0, or 65 when a
 * directory cannot be listed (the others still are)
 */
static int expand(const char *dir, struct names *out)
{
	char **subs, *path;
	int n, rc;

	if ((rc = files_of(dir, out)) != 0)
		return rc;
	if ((n = cairn_dir_list(AT_FDCWD, dir, owner_dir, NULL, &subs)) < 0)
		return unlisted(dir, n);
	for (int i = 0; i < n; i++) {
		if (strcmp(subs[i], CAIRN_HISTORY_DIR) == 0)
			continue;	/* dir's own, listed above */
		path = cairn_xasprintf("%s/%s", dir, subs[i]);
		if (files_of(path, out) != 0)
			rc = CAIRN_EX_DATAERR;
		free(path);
	}
	cairn_dir_free(subs);
	return rc;
}

/* collect - the files the arguments name; 0, or 65 if any is unusable */
static int collect(int argc, char **argv, struct names *files)
{
	struct stat st;
	int i, rc = 0, e;

	for (i = 0; i < argc; i++) {
		e = stat(argv[i], &st) < 0 ? -errno : 0;
		if (e < 0)
			rc = unlisted(argv[i], e);
		else if (S_ISDIR(st.st_mode) && expand(argv[i], files) != 0)
			rc = CAIRN_EX_DATAERR;
		else if (!S_ISDIR(st.st_mode))
			names_add(files, cairn_xstrdup(argv[i]));
	}
	return rc;
}

/* load - read and parse each file; unusable ones are named and skipped */
static int load(const struct names *files, struct cairn_result_file *out,
		size_t *n)
{
	struct cairn_buf data = CAIRN_BUF_INIT;
	struct stat st;
	char err[512];
	size_t i;
	int rc = 0, e;

	*n = 0;
	for (i = 0; i < files->n; i++) {
		cairn_buf_reset(&data);
		e = stat(files->v[i], &st) < 0 ? -errno :
		    cairn_cli_read_file(files->v[i], &data);
		if (e < 0)
			snprintf(err, sizeof err, "%s", strerror(-e));
		else if (cairn_result_read(&out[*n], files->v[i], data.data,
					   data.len, err, sizeof err) == 0) {
			out[*n].mtime_sec = (int64_t)st.st_mtim.tv_sec;
			out[*n].mtime_nsec = st.st_mtim.tv_nsec;
			(*n)++;
			continue;
		}
		cairn_cli_line(stderr, "cairn report: %s: %s", files->v[i], err);
		rc = CAIRN_EX_DATAERR;
	}
	cairn_buf_free(&data);
	return rc;
}

/* emit - the report to stdout or, atomically, to path */
static int emit(const struct cairn_buf *b, const char *path)
{
	char *tmp;
	FILE *f;
	int ok;

	if (path == NULL) {
		ok = fwrite(b->data, 1, b->len, stdout) == b->len &&
		     fflush(stdout) == 0;
		if (!ok)
			fprintf(stderr, "cairn report: standard output: %s\n",
				strerror(errno));
		return ok ? 0 : EX_IOERR;
	}
	tmp = cairn_xasprintf("%s.tmp", path);
	ok = (f = fopen(tmp, "w")) != NULL;
	if (ok) {
		ok = fwrite(b->data, 1, b->len, f) == b->len;
		ok = (fclose(f) == 0) && ok;
	}
	ok = ok && rename(tmp, path) == 0;
	if (!ok) {
		fprintf(stderr, "cairn report: %s: %s\n", path, strerror(errno));
		unlink(tmp);
	}
	free(tmp);
	return ok ? 0 : EX_IOERR;
}

enum report_format { FMT_CSV, FMT_JUNIT, FMT_HTML, FMT_CANVAS, FMT_MOODLE };

static const char *const format_names[] = {
	"csv", "junit", "html", "canvas", "moodle",
};

struct report_opts {
	enum report_format format;
	enum cairn_pick pick;
	const char *output;
	const char *roster, *match;	/* canvas and moodle only */
	const char *root_host;		/* canvas only */
	enum cairn_lms_points points_from;
};

static int is_lms(enum report_format f)
{
	return f == FMT_CANVAS || f == FMT_MOODLE;
}

/* format_of - the format named s, or -1 */
static int format_of(const char *s)
{
	for (size_t i = 0; i < sizeof format_names / sizeof format_names[0]; i++)
		if (strcmp(s, format_names[i]) == 0)
			return (int)i;
	return -1;
}

/* take - one of the report's own options; 1 when it is a usage error */
static int take(struct cairn_cli *cli, struct report_opts *o, int opt,
		int *exit_code)
{
	int f;

	if (opt == 'f' && (f = format_of(optarg)) >= 0) {
		o->format = (enum report_format)f;
	} else if (opt == 'f') {
		*exit_code = cairn_cli_usage_error(cli, "unknown format \"%s\" "
			"(csv, junit, html, canvas or moodle)", optarg);
		return 1;
	} else if (opt == 'o') {
		o->output = optarg;
	} else if (opt == 'R') {
		o->roster = optarg;
	} else if (opt == 'M') {
		o->match = optarg;
	} else if (opt == 'A') {
		o->root_host = optarg;
	} else if (opt == 'F' && (strcmp(optarg, "set") == 0 ||
				  strcmp(optarg, "roster") == 0)) {
		o->points_from = optarg[0] == 's' ? CAIRN_LMS_POINTS_SET :
			CAIRN_LMS_POINTS_ROSTER;
	} else if (opt == 'F') {
		*exit_code = cairn_cli_usage_error(cli, "--points-from \"%s\": "
			"expected set or roster", optarg);
		return 1;
	} else if (strcmp(optarg, "latest") == 0 || strcmp(optarg, "best") == 0) {
		o->pick = strcmp(optarg, "best") == 0 ?
			  CAIRN_PICK_BEST : CAIRN_PICK_LATEST;
	} else {
		*exit_code = cairn_cli_usage_error(cli, "--per-submitter "
			"\"%s\": expected latest or best", optarg);
		return 1;
	}
	return 0;
}

/* consistent - a roster exactly for the formats that need one */
static int consistent(struct cairn_cli *cli, const struct report_opts *o,
		      int *exit_code)
{
	if (is_lms(o->format) && o->roster == NULL)
		*exit_code = cairn_cli_usage_error(cli, "--format %s needs "
			"--roster FILE", format_names[o->format]);
	else if (!is_lms(o->format) && (o->roster != NULL || o->match != NULL))
		*exit_code = cairn_cli_usage_error(cli, "--roster and --match "
			"are for --format canvas or moodle");
	else if (o->format != FMT_CANVAS && (o->root_host != NULL ||
					      o->points_from != CAIRN_LMS_POINTS_ASK))
		*exit_code = cairn_cli_usage_error(cli, "--points-from and "
			"--root-account are for --format canvas");
	else
		return 0;
	return 1;
}

static int parse(struct cairn_cli *cli, struct report_opts *o, int argc,
		 char **argv, int *exit_code)
{
	static const struct option longopts[] = {
		CAIRN_CLI_COMMON_LONG,
		{ "format", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "per-submitter", required_argument, NULL, 'P' },
		{ "roster", required_argument, NULL, 'R' },
		{ "match", required_argument, NULL, 'M' },
		{ "points-from", required_argument, NULL, 'F' },
		{ "root-account", required_argument, NULL, 'A' },
		{ NULL, 0, NULL, 0 },
	};
	int opt;

	optind = 1;
	while ((opt = getopt_long(argc, argv, CAIRN_CLI_COMMON_SHORT "f:o:",
				  longopts, NULL)) != -1) {
		if (opt == 'f' || opt == 'o' || opt == 'P' || opt == 'R' ||
		    opt == 'M' || opt == 'F' || opt == 'A') {
			if (take(cli, o, opt, exit_code) != 0)
				return 1;
		} else if (cairn_cli_option(cli, opt, optarg, exit_code) != 0) {
			return 1;
		}
	}
	if (consistent(cli, o, exit_code) != 0)
		return 1;
	if (optind == argc) {
		*exit_code = cairn_cli_usage_error(cli, "expected result files "
						   "or directories");
		return 1;
	}
	return 0;
}

/*
 * lms_start - read the roster and check its columns for the format;
 * 0, or the exit code (named on stderr): 65 when it cannot be read or is
 * not CSV, 64 when a column the format needs is missing
 */
static int lms_start(struct cairn_cli *cli, const struct report_opts *o,
		     struct cairn_roster *ro, struct cairn_lms *g)
{
	struct cairn_buf data = CAIRN_BUF_INIT;
	int canvas = o->format == FMT_CANVAS, e;
	char err[512];

	memset(g, 0, sizeof *g);
	if ((e = cairn_cli_read_file(o->roster, &data)) < 0 ||
	    cairn_roster_read(ro, data.data ? data.data : "", data.len, err,
			      sizeof err) != 0) {
		fprintf(stderr, "cairn report: %s: %s\n", o->roster,
			e < 0 ? strerror(-e) : err);
		cairn_buf_free(&data);
		return CAIRN_EX_DATAERR;
	}
	cairn_buf_free(&data);
	if ((canvas && cairn_report_canvas_check(ro, o->roster, err, sizeof err) != 0) ||
	    cairn_report_lms_init(g, ro, o->roster, o->match ? o->match : canvas ?
				  CAIRN_CANVAS_MATCH : CAIRN_MOODLE_MATCH,
				  canvas ? cairn_report_canvas_row : NULL, err, sizeof err) != 0)
		return cairn_cli_usage_error(cli, "%s", err);
	if (o->root_host != NULL && g->root < 0)
		return cairn_cli_usage_error(cli, "%s: no column \"Root Account\" "
					     "for --root-account", o->roster);
	g->root_host = o->root_host;
	g->points_from = o->points_from;
	return 0;
}

static void lines(const struct cairn_buf *text)
{
	const char *w, *nl;

	for (w = text->data; w != NULL && *w != '\0'; w = nl + 1) {
		nl = strchr(w, '\n');
		fprintf(stderr, "cairn report: %.*s\n", (int)(nl - w), w);
	}
}

/* render - the report in out; 0, or 65 when nothing may be written */
static int render(const struct report_opts *o, struct cairn_lms *g,
		  struct cairn_result_file *rf, size_t n, struct cairn_buf *out)
{
	size_t k;

	if (is_lms(o->format)) {
		k = cairn_report_lms_file(g, o->format == FMT_CANVAS, rf, n, o->pick, out) != 0;
		lines(&g->warnings);
		lines(&g->refusals);
		return k ? CAIRN_EX_DATAERR : 0;
	}
	k = cairn_report_pick(rf, n, o->pick);
	if (o->format == FMT_JUNIT)
		cairn_report_junit(rf, k, out);
	else if (o->format == FMT_HTML)
		cairn_report_html(rf, k, out);
	else
		cairn_report_csv(rf, k, out);
	return 0;
}

static int run(struct cairn_cli *cli, const struct report_opts *o, int argc,
	       char **argv)
{
	struct names files = { NULL, 0, 0 };
	struct cairn_result_file *rf;
	struct cairn_buf out = CAIRN_BUF_INIT;
	struct cairn_roster ro = { 0 };
	struct cairn_lms g;
	size_t n, i;
	int rc, rc2, rc3, refused;

	memset(&g, 0, sizeof g);
	if (is_lms(o->format) && (rc = lms_start(cli, o, &ro, &g)) != 0) {
		cairn_report_lms_free(&g);
		cairn_roster_free(&ro);
		return rc;
	}
	rc = collect(argc, argv, &files);
	rf = cairn_xcalloc(files.n + 1, sizeof *rf);
	rc2 = load(&files, rf, &n);
	refused = render(o, &g, rf, n, &out);
	rc3 = refused ? 0 : emit(&out, o->output);
	for (i = 0; i < n; i++)
		cairn_result_file_free(&rf[i]);
	for (i = 0; i < files.n; i++)
		free(files.v[i]);
	free(files.v);
	free(rf);
	cairn_buf_free(&out);
	if (is_lms(o->format))
		cairn_report_lms_free(&g);
	cairn_roster_free(&ro);
	return rc3 ? rc3 : refused ? refused : rc ? rc : rc2;
}

int cairn_cmd_report(int argc, char **argv)
{
	struct report_opts o = { FMT_CSV, CAIRN_PICK_ALL, NULL, NULL, NULL, NULL,
				 CAIRN_LMS_POINTS_ASK };
	struct cairn_cli cli;
	int rc = 0;

	/* No solving here: configuration and plugins are not loaded. */
	cairn_cli_init(&cli, "report", usage);
	if (parse(&cli, &o, argc, argv, &rc) == 0)
		rc = run(&cli, &o, argc - optind, argv + optind);
	cairn_cli_teardown(&cli);
	return rc;
}
