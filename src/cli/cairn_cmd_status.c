/*
 * cairn_cmd_status - `cairn status`: the spool as `postqueue -p` shows a
 * mail queue (cairn(1)), read from its directories, with or without a
 * daemon, never written.
 *
 * The spool is read by cairn_spool_status_read() (one pass per
 * directory); only the failures shown cost more: each one's arrival
 * record gives the name its result is under and the arrival, and the
 * result of that arrival (the one whose modification time is the
 * arrival, as the daemon sets it: results/OWNER/NAME.result.EXT, else
 * in history/) gives the error.  Whoever may not read a directory of
 * the spool (results/ lists nothing outside the daemon's group) is told
 * which on stderr, sees the rest, and gets exit 66.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cairn_buf.h"
#include "cairn_cli.h"
#include "cairn_cmd.h"
#include "cairn_mem.h"
#include "cairn_puzzle.h"
#include "cairn_result_read.h"
#include "cairn_spool_dirs.h"
#include "cairn_spool_status.h"
#include "cairn_spoolname.h"
#include "cairn_status_print.h"

/* sysexits: the spool, or part of it, could not be read */
#define STATUS_NOINPUT 66
/* A result larger than this is not an error result: not read. */
#define RESULT_MAX (1u << 20)

static const char usage[] =
	"Usage: cairn status [OPTIONS]\n"
	"\n"
	"Show the spool as it is, with or without a daemon: each instance\n"
	"(processing/NAME/) and whether it runs (its lock: pid and host) with\n"
	"the files it has claimed; per owner, the files waiting in incoming/\n"
	"and the age of the oldest; the newest failures with their errors;\n"
	"and the files and bytes of each directory.  Ages count from the\n"
	"files' change times (a rename sets it; touch does not).\n"
	"\n"
	"      --json            one JSON object instead of the text\n"
	"      --failures N      show the N newest failures (default 10; 0: none)\n"
	"      --spool DIR       the spool (default: the configuration's spool)\n"
	"  -c, --config FILE     configuration file\n"
	"  -h, --help            this help\n"
	"\n"
	"Exit status: 0; 64 on a usage error, 78 on a configuration error, 66\n"
	"when the spool, or one of its directories, cannot be read (each\n"
	"named on stderr; the rest is still shown).\n";

enum { OPT_SPOOL = CAIRN_OPT_FIRST_OWN, OPT_JSON, OPT_FAILURES };

struct status_opts {
	const char *spool;
	int json;
	size_t failures;
};

static int parse(struct cairn_cli *cli, struct status_opts *o, int argc, char **argv,
		 int *rc)
{
	static const struct option longopts[] = {
		CAIRN_CLI_COMMON_LONG,
		{ "spool", required_argument, NULL, OPT_SPOOL },
		{ "json", no_argument, NULL, OPT_JSON },
		{ "failures", required_argument, NULL, OPT_FAILURES },
		{ NULL, 0, NULL, 0 },
	};
	char *end;
	int opt;

	optind = 1;
	while ((opt = getopt_long(argc, argv, CAIRN_CLI_COMMON_SHORT, longopts, NULL)) != -1) {
		if (opt == OPT_SPOOL) {
			o->spool = optarg;
		} else if (opt == OPT_JSON) {
			o->json = 1;
		} else if (opt == OPT_FAILURES) {
			errno = 0;
			unsigned long n = strtoul(optarg, &end, 10);

			if (errno != 0 || end == optarg || *end != '\0' || optarg[0] == '-' ||
			    n > 1000000) {
				*rc = cairn_cli_usage_error(cli, "--failures: \"%s\" is not a "
					"count from 0 to 1000000", optarg);
				return 1;
			}
			o->failures = n;
		} else if (cairn_cli_option(cli, opt, optarg, rc) != 0) {
			return 1;
		}
	}
	if (optind < argc) {
		*rc = cairn_cli_usage_error(cli, "unexpected argument \"%s\"", argv[optind]);
		return 1;
	}
	return 0;
}

struct warn_ctx {
	const char *spool;
};

static void warn(void *arg, const char *path, int err)
{
	const struct warn_ctx *w = arg;

	cairn_cli_line(stderr, "cairn status: %s/%s: %s", w->spool, path, strerror(err));
}

/* same_time - whether the file dir_fd/name was last modified at t */
static int same_time(int dir_fd, const char *name, const struct timespec *t)
{
	struct stat s;

	return fstatat(dir_fd, name, &s, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(s.st_mode) &&
	       s.st_mtim.tv_sec == t->tv_sec && s.st_mtim.tv_nsec == t->tv_nsec;
}

/*
 * of_arrival - open the result of f's arrival in owner_fd (results/OWNER/):
 * the current one, else the one in history/ with that time; without an
 * arrival record, the current one.  A descriptor, or -1.
 */
static int of_arrival(int owner_fd, const struct cairn_spool_status_failure *f, const char *result)
{
	int hist_fd, fd = -1;

	if (f->result_name == NULL || same_time(owner_fd, result, &f->arrival))
		return openat(owner_fd, result, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	hist_fd = openat(owner_fd, CAIRN_HISTORY_DIR,
			 O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	for (unsigned k = 1; hist_fd >= 0 && fd < 0 && k <= CAIRN_NUMBERED_MAX; k++) {
		char *name = cairn_spoolname_numbered(result, k);

		if (same_time(hist_fd, name, &f->arrival))
			fd = openat(hist_fd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
		else if (faccessat(hist_fd, name, F_OK, AT_SYMLINK_NOFOLLOW) != 0)
			k = CAIRN_NUMBERED_MAX;	/* the first free number: no more */
		free(name);
	}
	if (hist_fd >= 0)
		close(hist_fd);
	return fd;
}

/* slurp - the whole regular file fd (closed) into b: 0 or -1 */
static int slurp(int fd, struct cairn_buf *b)
{
	struct stat s;
	char chunk[8192];
	ssize_t n = 0;

	if (fstat(fd, &s) != 0 || !S_ISREG(s.st_mode) || s.st_size > RESULT_MAX) {
		close(fd);
		return -1;
	}
	while (b->len <= RESULT_MAX && (n = read(fd, chunk, sizeof(chunk))) > 0)
		cairn_buf_add(b, chunk, (size_t)n);
	close(fd);
	return n < 0 || b->len > RESULT_MAX ? -1 : 0;
}

/* failure_error - the error f's result gives (caller frees), or NULL */
static char *failure_error(int root_fd, const struct cairn_spool_status_failure *f)
{
	char *result = cairn_puzzle_result_name(f->result_name ? f->result_name : f->f.name);
	char *dir = cairn_xasprintf(CAIRN_DIR_RESULTS "/%s", f->f.owner), *error = NULL, err[256];
	int owner_fd = cairn_spool_status_open(root_fd, dir, O_RDONLY | O_DIRECTORY);
	int fd = owner_fd < 0 ? -1 : of_arrival(owner_fd, f, result);
	struct cairn_buf b = { 0 };
	struct cairn_result_file r;

	if (fd >= 0 && slurp(fd, &b) == 0) {
		memset(&r, 0, sizeof(r));
		if (cairn_result_read(&r, result, b.data ? b.data : "", b.len, err,
				      sizeof(err)) == 0 && r.error != NULL)
			error = cairn_xstrdup(r.error);
		cairn_result_file_free(&r);
	}
	cairn_buf_free(&b);
	if (owner_fd >= 0)
		close(owner_fd);
	free(dir);
	free(result);
	return error;
}

static int run(const char *spool, const struct status_opts *o)
{
	struct warn_ctx w = { spool };
	struct cairn_spool_status st;
	struct cairn_status_print_view v = { .spool = spool, .st = &st };
	struct cairn_buf out = { 0 };
	char **errors;
	int root_fd = open(spool, O_RDONLY | O_DIRECTORY | O_CLOEXEC), bad;

	if (root_fd < 0) {
		fprintf(stderr, "cairn status: %s: %s\n", spool, strerror(errno));
		return STATUS_NOINPUT;
	}
	clock_gettime(CLOCK_REALTIME, &v.now);
	bad = cairn_spool_status_read(&st, root_fd, o->failures, warn, &w);
	errors = cairn_xcalloc(st.nfailures + 1, sizeof(errors[0]));
	for (size_t i = 0; i < st.nfailures; i++)
		errors[i] = failure_error(root_fd, &st.failures[i]);
	close(root_fd);
	v.errors = errors;
	(o->json ? cairn_status_print_json : cairn_status_print_text)(&v, &out);
	fwrite(out.data, 1, out.len, stdout);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "cairn status: writing the output: %s\n", strerror(errno));
		bad = 1;
	}
	cairn_buf_free(&out);
	for (size_t i = 0; i < st.nfailures; i++)
		free(errors[i]);
	free(errors);
	cairn_spool_status_free(&st);
	return bad ? STATUS_NOINPUT : CAIRN_EX_OK;
}

int cairn_cmd_status(int argc, char **argv)
{
	struct status_opts o = { .failures = 10 };
	struct cairn_cli cli;
	int rc = 0;

	cairn_cli_init(&cli, "status", usage);
	if (parse(&cli, &o, argc, argv, &rc) == 0 &&
	    (o.spool != NULL || (rc = cairn_cli_load_config(&cli)) == 0))
		rc = run(o.spool ? o.spool : cli.conf.spool, &o);
	cairn_cli_teardown(&cli);
	return rc;
}
