/*
 * cairn_cmd_submit - `cairn submit`: the command over the writer's side
 * of the spool.
 *
 * Each FILE is read and handed in to incoming/ by cairn_spool_enter.c:
 * written under a temporary name the daemon ignores, flushed, and moved
 * to NAME without replacing anything (a name already waiting keeps its
 * file and this one becomes NAME.1.EXT, then .2, ...), mode
 * CAIRN_SPOOL_ENTER_MODE (0640) whatever the umask.  Names the daemon would ignore or not process are refused
 * here, before anything is written.  With --wait, cairn_submit_wait.c
 * then waits for the results, and notes before each move the result
 * already under its name.
 *
 * Output: "FILE: handed in as PATH (mode 0640)" for each file submitted
 * (the mode, so that a student sees what others may do with it while it
 * waits), then with --wait the
 * results as they arrive.  Errors go to stderr as "cairn submit: FILE:
 * MESSAGE".
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cairn_cli.h"
#include "cairn_cmd.h"
#include "cairn_mem.h"
#include "cairn_spool_dirs.h"
#include "cairn_spool_enter.h"
#include "cairn_spoolname.h"
#include "cairn_submit_wait.h"

/* A usage, configuration or file error: cairn(1), EXIT STATUS. */
#define SUBMIT_ERROR CAIRN_SUBMIT_WAIT_ERROR

static const char usage[] =
	"Usage: cairn submit [OPTIONS] [--wait [--timeout S]] FILE...\n"
	"\n"
	"Copy each FILE into the spool's incoming/ directory under a temporary\n"
	"name, flush it and rename it into place; a file already waiting under\n"
	"the name is kept and this one is stored as NAME.1.EXT (then .2, ...).\n"
	"Prints \"FILE: handed in as PATH (mode 0640)\" for each file.  The copy\n"
	"is mode 0640, whatever the umask: the daemon reads it through its group,\n"
	"and other users cannot read it while it waits.  A file copied or moved\n"
	"into incoming/ some other way keeps its mode: use umask 027.\n"
	"\n"
	"      --spool DIR       the spool (default: the configuration's spool)\n"
	"  -w, --wait            wait for each result in results/USER/ (USER: your\n"
	"                        login, or uid) and print it, after a line\n"
	"                        \"==> PATH <==\"; the first time, until the daemon\n"
	"                        has made that directory and let you read it\n"
	"  -t, --timeout S       with --wait, give up after S seconds\n"
	"  -c, --config FILE     configuration file\n"
	"  -h, --help            this help\n"
	"\n"
	"Exit status: 0 when every file was submitted and, with --wait, every\n"
	"puzzle of every result is correct, or ungraded and solved; 1 when a\n"
	"puzzle is wrong, missing, invalid or has an error; 2 on a usage,\n"
	"configuration or file error; 75 when the timeout passed.\n";

enum { OPT_SPOOL = CAIRN_OPT_FIRST_OWN };

struct submit_opts {
	const char *spool;
	int wait;
	double timeout;			/* seconds; < 0: none */
};

struct spool {
	char *root;
	int incoming_fd;		/* O_PATH */
	struct cairn_submit_wait wait;	/* signal_fd -1 without --wait */
};

static int parse(struct cairn_cli *cli, struct submit_opts *o, int argc,
		 char **argv, int *exit_code)
{
	static const struct option longopts[] = {
		CAIRN_CLI_COMMON_LONG,
		{ "spool", required_argument, NULL, OPT_SPOOL },
		{ "wait", no_argument, NULL, 'w' },
		{ "timeout", required_argument, NULL, 't' },
		{ NULL, 0, NULL, 0 },
	};
	char *end;
	int opt;

	optind = 1;
	while ((opt = getopt_long(argc, argv, CAIRN_CLI_COMMON_SHORT "wt:",
				  longopts, NULL)) != -1) {
		switch (opt) {
		case OPT_SPOOL: o->spool = optarg; break;
		case 'w': o->wait = 1; break;
		case 't':
			errno = 0;
			o->timeout = strtod(optarg, &end);
			if (errno != 0 || end == optarg || *end != '\0' ||
			    !(o->timeout >= 0 && o->timeout <= 1e9)) {
				*exit_code = cairn_cli_usage_error(cli, "--timeout: "
					"\"%s\" is not a number of seconds", optarg);
				return 1;
			}
			break;
		default:
			if (cairn_cli_option(cli, opt, optarg, exit_code) != 0)
				return 1;
		}
	}
	if (o->timeout >= 0 && !o->wait) {
		*exit_code = cairn_cli_usage_error(cli, "--timeout needs --wait");
		return 1;
	}
	if (optind == argc) {
		*exit_code = cairn_cli_usage_error(cli, "expected FILE...");
		return 1;
	}
	return 0;
}

/*
 * open_spool - an O_PATH descriptor on incoming/ and, with --wait, the
 * results opened for the wait.
 */
static int open_spool(struct spool *sp, const char *root, int wait)
{
	char *path;

	sp->root = cairn_xstrdup(root);
	cairn_submit_wait_init(&sp->wait, root);
	sp->incoming_fd = cairn_spool_enter_dir(root);
	if (sp->incoming_fd < 0) {
		path = cairn_xasprintf("%s/" CAIRN_DIR_INCOMING, root);
		fprintf(stderr, "cairn submit: %s: %s\n", path,
			strerror(-sp->incoming_fd));
		free(path);
		return -1;
	}
	return wait ? cairn_submit_wait_open(&sp->wait) : 0;
}

static void close_spool(struct spool *sp)
{
	if (sp->incoming_fd >= 0)
		close(sp->incoming_fd);
	cairn_submit_wait_close(&sp->wait);
	free(sp->root);
}

/* The file being submitted and its spool, for trying(). */
struct try_arg {
	const struct spool *sp;
	struct cairn_submit_wait_file *s;
};

/* trying - before `to` is tried: note the result already under its name */
static void trying(void *arg, const char *to)
{
	struct try_arg *t = arg;

	cairn_submit_wait_note(&t->sp->wait, t->s, to);
}

/* submit_one - copy one file into incoming/; 0 or SUBMIT_ERROR */
static int submit_one(const struct spool *sp,
		      struct cairn_submit_wait_file *s)
{
	struct cairn_buf data = CAIRN_BUF_INIT;
	const char *name = strrchr(s->file, '/') ? strrchr(s->file, '/') + 1 : s->file;
	struct try_arg t = { sp, s };
	char *tmp;
	int fd, r;

	if (*name == '\0' || cairn_spoolname_ignored(name)) {
		cairn_submit_wait_file_error(s->file, 0, "\"%s\" is a name the "
			"daemon ignores (it starts with '.' or ends in .tmp, "
			".part or ~)", name);
		return SUBMIT_ERROR;
	}
	if (strlen(name) > CAIRN_NAME_MAX) {
		cairn_submit_wait_file_error(s->file, 0, "the name is longer than "
			"%d bytes, which the daemon does not process",
			CAIRN_NAME_MAX);
		return SUBMIT_ERROR;
	}
	if ((r = cairn_cli_read_file(s->file, &data)) < 0) {
		cairn_submit_wait_file_error(s->file, -r, "cannot read it");
		cairn_buf_free(&data);
		return SUBMIT_ERROR;
	}
	if ((fd = cairn_spool_enter_create(sp->incoming_fd, name, &tmp)) < 0) {
		cairn_submit_wait_file_error(s->file, -fd, "cannot create a file "
			"in %s/" CAIRN_DIR_INCOMING, sp->root);
		cairn_buf_free(&data);
		return SUBMIT_ERROR;
	}
	r = cairn_spool_enter_write(sp->incoming_fd, tmp, fd, data.data, data.len);
	cairn_buf_free(&data);
	if (r < 0)
		cairn_submit_wait_file_error(s->file, -r, "cannot write %s", tmp);
	else if ((r = cairn_spool_enter_place(sp->incoming_fd, tmp, name, trying, &t,
					      &s->name)) < 0)
		cairn_submit_wait_file_error(s->file, -r, "cannot move it into "
			"%s/" CAIRN_DIR_INCOMING, sp->root);
	free(tmp);
	if (r < 0)
		return SUBMIT_ERROR;
	printf("%s: handed in as %s/" CAIRN_DIR_INCOMING "/%s (mode %04o)\n", s->file, sp->root,
	       s->name, CAIRN_SPOOL_ENTER_MODE);
	fflush(stdout);
	s->waiting = sp->wait.signal_fd >= 0;
	return 0;
}

static int run(struct cairn_cli *cli, const struct submit_opts *o, int nfiles,
	       char **files)
{
	struct cairn_submit_wait_file *subs = cairn_xcalloc((size_t)nfiles,
							     sizeof *subs);
	struct spool sp;
	size_t left = 0;
	int worst = 0, rc;

	if (open_spool(&sp, o->spool ? o->spool : cli->conf.spool, o->wait) < 0) {
		close_spool(&sp);
		free(subs);
		return SUBMIT_ERROR;
	}
	for (int i = 0; i < nfiles; i++) {
		subs[i].file = files[i];
		rc = submit_one(&sp, &subs[i]);
		worst = rc > worst ? rc : worst;
		left += subs[i].waiting;
	}
	if (o->wait)
		worst = cairn_submit_wait_all(&sp.wait, subs, (size_t)nfiles,
					      left, o->timeout, worst);
	for (int i = 0; i < nfiles; i++) {
		free(subs[i].name);
		free(subs[i].result);
		free(subs[i].receipt);
	}
	free(subs);
	close_spool(&sp);
	return worst;
}

int cairn_cmd_submit(int argc, char **argv)
{
	struct submit_opts o = { .timeout = -1 };
	struct cairn_cli cli;
	int rc = 0;

	cairn_cli_init(&cli, "submit", usage);
	if (parse(&cli, &o, argc, argv, &rc) != 0)
		rc = rc == CAIRN_EX_OK ? rc : SUBMIT_ERROR;
	else if (o.spool == NULL && cairn_cli_load_config(&cli) != 0)
		rc = SUBMIT_ERROR;
	else
		rc = run(&cli, &o, argc - optind, argv + optind);
	cairn_cli_teardown(&cli);
	return rc;
}
