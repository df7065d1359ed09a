/*
 * cairn_cmd_submit - `cairn submit`: the command over the writer's side
 * of the spool.
 *
 * Each FILE is read and handed in to incoming/ by cairn_spool_enter.c:
 * written under a temporary name the daemon ignores, flushed, and moved
 * to NAME without replacing anything (a name already waiting keeps its
 * file and this one becomes NAME.1.EXT, then .2, ...), mode 0640 whatever
 * the umask.  Names the daemon would ignore or not process are refused
 * here, before anything is written.
 *
 * With --wait, the results are those of our owner, results/OWNER/ with
 * OWNER = cairn_owner_name(geteuid()), the account that owns our copies
 * when the daemon takes them.  An inotify watch on results/OWNER/ is set
 * up before the first move; the identity (device, inode) of any result
 * already under the name is noted before the move, so a result counts
 * once it is there with another identity: each one is checked once after
 * the moves (the daemon may have been faster than us) and then again only
 * when inotify names it (IN_ATTRIB too: the daemon may grant our read
 * access after the result is in place, and a result we may not read yet
 * is waited for).  A result is known by its name only: two submissions of
 * one name racing each other may each see the other's result.
 *
 * results/OWNER/ may not be there yet (a first submission: the daemon
 * makes it with the first result) or not be ours to read yet (the daemon
 * grants it to us by ACL with a result).  Then we wait for it: by inotify
 * on results/ where we may read that (the group), else, as an owner
 * outside the group may not (results/ is 0751), by trying again after
 * 10 ms, doubling up to 500 ms, the only polling there is; once it can be
 * watched, every result is checked and the wait goes on as above.  A
 * result that was there before the move while we could not see it counts
 * as new.  --timeout bounds the whole wait.
 *
 * Output: "FILE: PATH" for each file submitted, then with --wait, as
 * each result arrives, "==> PATH <==" and the result file's bytes.
 * Errors go to stderr as "cairn submit: FILE: MESSAGE".
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cairn_cli.h"
#include "cairn_cmd.h"
#include "cairn_mem.h"
#include "cairn_owner.h"
#include "cairn_result_read.h"
#include "cairn_spool_dirs.h"
#include "cairn_spool_enter.h"
#include "cairn_spoolname.h"
#include "cairn_stats.h"

/* The exit codes of cairn(1), EXIT STATUS (those of cairn grade, and a timeout). */
#define SUBMIT_NOT_CORRECT 1
#define SUBMIT_ERROR       2
#define SUBMIT_TIMEOUT     75

static const char usage[] =
	"Usage: cairn submit [OPTIONS] [--wait [--timeout S]] FILE...\n"
	"\n"
	"Copy each FILE into the spool's incoming/ directory under a temporary\n"
	"name, flush it and rename it into place; a file already waiting under\n"
	"the name is kept and this one is stored as NAME.1.EXT (then .2, ...).\n"
	"Prints \"FILE: PATH\" for each file.  The copy is mode 0640, whatever\n"
	"the umask: the daemon reads it through its group.\n"
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

/* One file being submitted. */
struct sub {
	const char *file;		/* as given */
	char *name;			/* its name in incoming/, once moved */
	char *result;			/* the result's name in results/OWNER/ */
	dev_t old_dev;			/* the result there before the move */
	ino_t old_ino;
	int had_old, waiting;
	int unreadable;			/* seen there, not ours to read yet */
};

struct spool {
	char *root;
	char owner[CAIRN_OWNER_MAX + 1];
	char *results;			/* ROOT/results/OWNER, for messages */
	int incoming_fd;		/* O_PATH */
	int top_fd;			/* O_PATH on results/, with --wait */
	int results_fd;			/* O_PATH on results/OWNER/ once watched */
	int inotify_fd;			/* -1 without --wait */
	int top_wd;			/* watch on results/ until then, or -1 */
	int owner_wd;			/* watch on results/OWNER/, or -1 */
};

/* Until results/OWNER/ can be watched, without a watch on results/. */
#define SUBMIT_BACKOFF_MIN_MS 10
#define SUBMIT_BACKOFF_MAX_MS 500

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

/* file_error - "cairn submit: FILE: MESSAGE[: strerror(e)]" on stderr */
static void file_error(const char *file, int e, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void file_error(const char *file, int e, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "cairn submit: %s: ", file);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	if (e != 0)
		fprintf(stderr, ": %s", strerror(e));
	fputc('\n', stderr);
}

/* not_yet - whether results/OWNER/ failing with errno e may come later */
static int not_yet(int e)
{
	/* ENOTDIR, ELOOP: not a directory now, which the daemon replaces. */
	return e == ENOENT || e == EACCES || e == ENOTDIR || e == ELOOP;
}

/*
 * attach - watch results/OWNER/ and open it: 0, 1 when it is not there or
 * not ours to read yet, -1 on an error (reported).
 */
static int attach(struct spool *sp)
{
	int fd, wd;

	fd = openat(sp->top_fd, sp->owner, O_PATH | O_DIRECTORY | O_NOFOLLOW |
		    O_CLOEXEC);
	if (fd < 0)
		goto fail;
	wd = inotify_add_watch(sp->inotify_fd, sp->results, IN_MOVED_TO |
			       IN_CLOSE_WRITE | IN_ATTRIB | IN_ONLYDIR |
			       IN_DONT_FOLLOW);
	/* The watch needs read access, the checks search access. */
	if (wd >= 0 && faccessat(fd, ".", X_OK, AT_EACCESS) < 0) {
		inotify_rm_watch(sp->inotify_fd, wd);
		wd = -1;
	}
	if (wd < 0) {
		int e = errno;

		close(fd);
		errno = e;
		goto fail;
	}
	sp->results_fd = fd;
	sp->owner_wd = wd;
	if (sp->top_wd >= 0)
		inotify_rm_watch(sp->inotify_fd, sp->top_wd);
	sp->top_wd = -1;
	return 0;
fail:
	if (not_yet(errno))
		return 1;
	fprintf(stderr, "cairn submit: %s: %s\n", sp->results, strerror(errno));
	return -1;
}

/*
 * open_spool - O_PATH descriptors on incoming/ and, with --wait, on
 * results/ and (when it can be watched already) results/OWNER/, watched;
 * else a watch on results/ for it to come, where we may read results/.
 */
static int open_spool(struct spool *sp, const char *root, int wait)
{
	char *path;

	sp->root = cairn_xstrdup(root);
	cairn_owner_name(geteuid(), sp->owner);
	sp->results = cairn_xasprintf("%s/" CAIRN_DIR_RESULTS "/%s", root, sp->owner);
	sp->incoming_fd = sp->top_fd = sp->results_fd = sp->inotify_fd = -1;
	sp->top_wd = sp->owner_wd = -1;
	path = cairn_xasprintf("%s/" CAIRN_DIR_INCOMING, root);
	sp->incoming_fd = cairn_spool_enter_dir(root);
	if (sp->incoming_fd < 0) {
		errno = -sp->incoming_fd;
		goto fail;
	}
	if (wait) {
		free(path);
		path = cairn_xasprintf("%s/" CAIRN_DIR_RESULTS, root);
		sp->top_fd = open(path, O_PATH | O_DIRECTORY | O_CLOEXEC);
		sp->inotify_fd = inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
		/* results/ that we may not enter never leads to our results. */
		if (sp->top_fd < 0 || sp->inotify_fd < 0 ||
		    faccessat(sp->top_fd, ".", X_OK, AT_EACCESS) < 0)
			goto fail;
		/* Before trying results/OWNER/: its making is not missed. */
		sp->top_wd = inotify_add_watch(sp->inotify_fd, path, IN_CREATE |
					       IN_MOVED_TO | IN_ATTRIB | IN_ONLYDIR);
		if (sp->top_wd < 0 && errno != EACCES)
			goto fail;
		if (attach(sp) < 0) {
			free(path);
			return -1;
		}
	}
	free(path);
	return 0;
fail:
	fprintf(stderr, "cairn submit: %s: %s\n", path, strerror(errno));
	free(path);
	return -1;
}

static void close_spool(struct spool *sp)
{
	int *fds[] = { &sp->incoming_fd, &sp->top_fd, &sp->results_fd,
		       &sp->inotify_fd };

	for (size_t i = 0; i < sizeof fds / sizeof fds[0]; i++)
		if (*fds[i] >= 0)
			close(*fds[i]);
	free(sp->results);
	free(sp->root);
}

/* note_old - remember the result already under s->result, if any */
static void note_old(const struct spool *sp, struct sub *s)
{
	struct stat st;

	s->had_old = sp->results_fd >= 0 &&
		     fstatat(sp->results_fd, s->result, &st, AT_SYMLINK_NOFOLLOW) == 0;
	if (s->had_old) {
		s->old_dev = st.st_dev;
		s->old_ino = st.st_ino;
	}
}

/* The file being submitted and its spool, for trying(). */
struct try_arg {
	const struct spool *sp;
	struct sub *s;
};

/* trying - before `to` is tried: note the result already under its name */
static void trying(void *arg, const char *to)
{
	struct try_arg *t = arg;

	free(t->s->result);
	t->s->result = cairn_puzzle_result_name(to);
	note_old(t->sp, t->s);
}

/* submit_one - copy one file into incoming/; 0 or SUBMIT_ERROR */
static int submit_one(const struct spool *sp, struct sub *s)
{
	struct cairn_buf data = CAIRN_BUF_INIT;
	const char *name = strrchr(s->file, '/') ? strrchr(s->file, '/') + 1 : s->file;
	struct try_arg t = { sp, s };
	char *tmp;
	int fd, r;

	if (*name == '\0' || cairn_spoolname_ignored(name)) {
		file_error(s->file, 0, "\"%s\" is a name the daemon ignores (it "
			   "starts with '.' or ends in .tmp, .part or ~)", name);
		return SUBMIT_ERROR;
	}
	if (strlen(name) > CAIRN_NAME_MAX) {
		file_error(s->file, 0, "the name is longer than %d bytes, which "
			   "the daemon does not process", CAIRN_NAME_MAX);
		return SUBMIT_ERROR;
	}
	if ((r = cairn_cli_read_file(s->file, &data)) < 0) {
		file_error(s->file, -r, "cannot read it");
		cairn_buf_free(&data);
		return SUBMIT_ERROR;
	}
	if ((fd = cairn_spool_enter_create(sp->incoming_fd, name, &tmp)) < 0) {
		file_error(s->file, -fd, "cannot create a file in %s/" CAIRN_DIR_INCOMING,
			   sp->root);
		cairn_buf_free(&data);
		return SUBMIT_ERROR;
	}
	r = cairn_spool_enter_write(sp->incoming_fd, tmp, fd, data.data, data.len);
	cairn_buf_free(&data);
	if (r < 0)
		file_error(s->file, -r, "cannot write %s", tmp);
	else if ((r = cairn_spool_enter_place(sp->incoming_fd, tmp, name, trying, &t,
					      &s->name)) < 0)
		file_error(s->file, -r, "cannot move it into %s/" CAIRN_DIR_INCOMING, sp->root);
	free(tmp);
	if (r < 0)
		return SUBMIT_ERROR;
	printf("%s: %s/" CAIRN_DIR_INCOMING "/%s\n", s->file, sp->root, s->name);
	fflush(stdout);
	s->waiting = sp->inotify_fd >= 0;
	return 0;
}

/* verdict - a result's share of the exit status */
static int verdict(const struct sub *s, const struct cairn_buf *text)
{
	struct cairn_result_file r;
	struct cairn_stats st;
	char err[512];
	int rc;

	if (cairn_result_read(&r, s->result, text->data, text->len, err,
			      sizeof err) < 0) {
		file_error(s->file, 0, "result %s: %s", s->result, err);
		cairn_result_file_free(&r);
		return SUBMIT_ERROR;
	}
	cairn_result_read_tally(&r, &st);
	cairn_result_file_free(&r);
	if (st.file_error)
		rc = SUBMIT_ERROR;
	else
		rc = st.wrong + st.missing + st.invalid + st.errors > 0 ?
		     SUBMIT_NOT_CORRECT : 0;
	return rc;
}

/* same_as_old - whether st is the result that was there before the move */
static int same_as_old(const struct sub *s, const struct stat *st)
{
	return s->had_old && st->st_dev == s->old_dev && st->st_ino == s->old_ino;
}

/*
 * check - whether s's result is there and new; if so print it and set
 * *rc to its share of the exit status.  Returns 1 when s is finished.  A
 * new result that we may not read yet (the daemon grants it) is waited
 * for: its grant is an IN_ATTRIB.
 */
static int check(const struct spool *sp, struct sub *s, int *rc)
{
	struct cairn_buf text = CAIRN_BUF_INIT;
	char chunk[65536];
	struct stat st;
	ssize_t n;
	int fd = openat(sp->results_fd, s->result, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);

	if (fd < 0 && errno == ENOENT)
		return 0;
	if (fd < 0 && errno == EACCES &&
	    fstatat(sp->results_fd, s->result, &st, AT_SYMLINK_NOFOLLOW) == 0) {
		s->unreadable = !same_as_old(s, &st);
		return 0;
	}
	if (fd < 0 || fstat(fd, &st) < 0) {
		file_error(s->file, errno, "cannot read the result %s", s->result);
		if (fd >= 0)
			close(fd);
		*rc = SUBMIT_ERROR;
		return 1;
	}
	if (same_as_old(s, &st)) {
		close(fd);
		return 0;
	}
	while ((n = read(fd, chunk, sizeof chunk)) > 0 || (n < 0 && errno == EINTR))
		if (n > 0)
			cairn_buf_add(&text, chunk, (size_t)n);
	close(fd);
	cairn_buf_reserve(&text, 0);
	printf("==> %s/%s <==\n", sp->results, s->result);
	fwrite(text.data, 1, text.len, stdout);
	if (text.len > 0 && text.data[text.len - 1] != '\n')
		putchar('\n');
	fflush(stdout);
	*rc = n < 0 ? SUBMIT_ERROR : verdict(s, &text);
	cairn_buf_free(&text);
	return 1;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* check_name - check the waiting file whose result is `name` (NULL: all) */
static size_t check_name(const struct spool *sp, struct sub *subs, size_t n,
			 const char *name, int *worst)
{
	size_t finished = 0;
	int rc;

	for (size_t i = 0; i < n; i++) {
		if (!subs[i].waiting || (name && strcmp(name, subs[i].result) != 0))
			continue;
		rc = 0;
		if (check(sp, &subs[i], &rc)) {
			subs[i].waiting = 0;
			finished++;
			*worst = rc > *worst ? rc : *worst;
		}
	}
	return finished;
}

/* detach - results/OWNER/ went away (its watch with it): wait for it again */
static void detach(struct spool *sp)
{
	char *path = cairn_xasprintf("%s/" CAIRN_DIR_RESULTS, sp->root);

	close(sp->results_fd);
	sp->results_fd = sp->owner_wd = -1;
	sp->top_wd = inotify_add_watch(sp->inotify_fd, path, IN_CREATE |
				       IN_MOVED_TO | IN_ATTRIB | IN_ONLYDIR);
	free(path);
}

/*
 * drain - read the events inotify has; the number of files finished.
 * Events on results/ only wake the caller, which tries attach() again.
 */
static size_t drain(struct spool *sp, struct sub *subs, size_t n, int *worst)
{
	char buf[65536] __attribute__((aligned(__alignof__(struct inotify_event))));
	const struct inotify_event *ev;
	size_t finished = 0;
	ssize_t len;

	while ((len = read(sp->inotify_fd, buf, sizeof buf)) > 0) {
		for (char *p = buf; p < buf + len; p += sizeof *ev + ev->len) {
			ev = (const struct inotify_event *)(void *)p;
			if (sp->results_fd < 0)
				continue;
			if (ev->mask & IN_Q_OVERFLOW)
				finished += check_name(sp, subs, n, NULL, worst);
			else if (ev->wd == sp->owner_wd && (ev->mask & IN_IGNORED))
				detach(sp);
			else if (ev->wd == sp->owner_wd && ev->len > 0)
				finished += check_name(sp, subs, n, ev->name, worst);
		}
	}
	return finished;
}

/* timed_out - say which results did not come, and what we know of why */
static void timed_out(const struct spool *sp, const struct sub *subs,
		      size_t n, double timeout)
{
	for (size_t i = 0; i < n; i++) {
		if (!subs[i].waiting)
			continue;
		if (sp->results_fd < 0)
			file_error(subs[i].file, 0, "no result %s within %g s (%s "
				   "is not there, or not readable by you, yet)",
				   subs[i].result, timeout, sp->results);
		else if (subs[i].unreadable)
			file_error(subs[i].file, 0, "no result %s within %g s (it "
				   "is there, but not readable by you yet)",
				   subs[i].result, timeout);
		else
			file_error(subs[i].file, 0, "no result %s within %g s",
				   subs[i].result, timeout);
	}
}

/*
 * wait_all - wait for every waiting file's result; the worst status.
 * Until results/OWNER/ is watched: woken by the watch on results/, or
 * without one after a backoff.
 */
static int wait_all(struct spool *sp, struct sub *subs, size_t n,
		    size_t left, double timeout, int worst)
{
	double deadline = timeout >= 0 ? now_s() + timeout : 0;
	struct pollfd pfd = { .fd = sp->inotify_fd, .events = POLLIN };
	int backoff = SUBMIT_BACKOFF_MIN_MS, ms, r;

	if (sp->results_fd >= 0)
		left -= check_name(sp, subs, n, NULL, &worst);
	while (left > 0) {
		if (sp->results_fd < 0) {
			if ((r = attach(sp)) < 0)
				return SUBMIT_ERROR;
			if (r == 0) {
				left -= check_name(sp, subs, n, NULL, &worst);
				continue;
			}
		}
		ms = -1;
		if (timeout >= 0) {
			double rest = deadline - now_s();

			ms = rest > 0 ? (int)(rest * 1000) + 1 : 0;
		}
		if (sp->results_fd < 0 && sp->top_wd < 0) {
			ms = ms >= 0 && ms < backoff ? ms : backoff;
			backoff = backoff < SUBMIT_BACKOFF_MAX_MS / 2 ?
				  backoff * 2 : SUBMIT_BACKOFF_MAX_MS;
		}
		r = poll(&pfd, 1, ms);
		if (r < 0 && errno != EINTR) {
			fprintf(stderr, "cairn submit: poll: %s\n", strerror(errno));
			return SUBMIT_ERROR;
		}
		if (r > 0)
			left -= drain(sp, subs, n, &worst);
		if (left > 0 && timeout >= 0 && now_s() >= deadline)
			break;
	}
	if (left > 0)
		timed_out(sp, subs, n, timeout);
	return left > 0 ? SUBMIT_TIMEOUT : worst;
}

static int run(struct cairn_cli *cli, const struct submit_opts *o, int nfiles,
	       char **files)
{
	struct sub *subs = cairn_xcalloc((size_t)nfiles, sizeof *subs);
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
		worst = wait_all(&sp, subs, (size_t)nfiles, left, o->timeout, worst);
	for (int i = 0; i < nfiles; i++) {
		free(subs[i].name);
		free(subs[i].result);
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
