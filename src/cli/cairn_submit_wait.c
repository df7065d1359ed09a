/*
 * cairn_submit_wait - `cairn submit --wait`: the wait for the results of
 * the files cairn_cmd_submit.c hands in.
 *
 * The results are those of our owner, results/OWNER/ with OWNER =
 * cairn_owner_name(geteuid()), the account that owns our copies when the
 * daemon takes them.  results/OWNER/ is watched before the first move;
 * the identity (device, inode) of any result already under the name is
 * noted before the move, so a result counts once it is there with
 * another identity: each one is checked once after the moves (the daemon
 * may have been faster than us) and then again whenever the directory
 * changes (an attribute change too: the daemon may grant our read access
 * after the result is in place, and a result we may not read yet is
 * waited for).  A result is known by its name only: two submissions of
 * one name racing each other may each see the other's result.
 *
 * The watch is Linux's directory notification (fcntl F_NOTIFY, a queued
 * signal read from a signalfd), not inotify: closing an inotify instance
 * that had a watch waits for the kernel to retire the watch (an SRCU
 * grace period, 5 to 25 ms on an idle machine), which our exit would
 * pay every time, several times what the daemon takes for a result.
 * Directory notification names no file: every waiting file is checked
 * at each wake, and they are few.
 *
 * results/OWNER/ may not be there yet (a first submission: the daemon
 * makes it with the first result) or not be ours to read yet (the daemon
 * grants it to us by ACL with a result).  Then we wait for it: by a watch
 * on results/ where we may read that (the group), else, as an owner
 * outside the group may not (results/ is 0751), by trying again after
 * 10 ms, doubling up to 500 ms, the only polling there is; once it can be
 * watched, every result is checked and the wait goes on as above.  A
 * result that was there before the move while we could not see it counts
 * as new.  Where results/ is watched, results/OWNER/ removed or replaced
 * while we wait is waited for again; where it is not, that is seen only
 * at a change inside it.  --timeout bounds the whole wait.
 *
 * A result whose feedback is not due yet is held back out of our sight
 * and the daemon writes its receipt, NAME.receipt, readable at once
 * (cairn_withheld.h): a new receipt under the name ends the wait for
 * that file as its result would, with status 0, since there is nothing
 * more to wait for before the feedback's date.
 *
 * Output: as each result (or receipt) arrives, "==> PATH <==" and the
 * file's bytes.  Errors go to stderr as "cairn submit: FILE: MESSAGE".
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cairn_buf.h"
#include "cairn_mem.h"
#include "cairn_owner.h"
#include "cairn_puzzle.h"
#include "cairn_result_read.h"
#include "cairn_spool_dirs.h"
#include "cairn_stats.h"
#include "cairn_submit_wait.h"
#include "cairn_withheld.h"

/* Until results/OWNER/ can be watched, without a watch on results/. */
#define SUBMIT_BACKOFF_MIN_MS 10
#define SUBMIT_BACKOFF_MAX_MS 500

void cairn_submit_wait_file_error(const char *file, int e, const char *fmt, ...)
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

/* The changes a watch wakes us for: a file made, moved, changed, granted. */
#define WATCH_EVENTS (DN_CREATE | DN_DELETE | DN_RENAME | DN_MODIFY | DN_ATTRIB | \
		      DN_MULTISHOT)

/* watch - have changes in the directory fd signal us; 0 or -1 (errno) */
static int watch(int fd)
{
	if (fcntl(fd, F_SETSIG, SIGRTMIN) < 0 || fcntl(fd, F_NOTIFY, WATCH_EVENTS) < 0)
		return -1;
	return 0;
}

/*
 * attach - open results/OWNER/ and watch it: 0, 1 when it is not there
 * or not ours to read yet, -1 on an error (reported).
 */
static int attach(struct cairn_submit_wait *w)
{
	int fd;

	/* The watch needs read access, the checks search access. */
	fd = openat(w->top_fd, w->owner, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
		    O_CLOEXEC);
	if (fd < 0)
		goto fail;
	if (faccessat(fd, ".", X_OK, AT_EACCESS) < 0 || watch(fd) < 0) {
		int e = errno;

		close(fd);
		errno = e;
		goto fail;
	}
	w->results_fd = fd;
	return 0;
fail:
	if (not_yet(errno))
		return 1;
	fprintf(stderr, "cairn submit: %s: %s\n", w->results, strerror(errno));
	return -1;
}

void cairn_submit_wait_init(struct cairn_submit_wait *w, const char *root)
{
	w->root = cairn_xstrdup(root);
	cairn_owner_name(geteuid(), w->owner);
	w->results = cairn_xasprintf("%s/" CAIRN_DIR_RESULTS "/%s", root, w->owner);
	w->top_fd = w->results_fd = w->signal_fd = -1;
	w->top_watched = 0;
}

/*
 * cairn_submit_wait_open - the watches' signals blocked and read from a
 * signalfd (they stay blocked: one queued after its read would end the
 * process); results/ opened, and watched where we may read it; and
 * results/OWNER/ watched when it can be already.
 */
int cairn_submit_wait_open(struct cairn_submit_wait *w)
{
	char *path = cairn_xasprintf("%s/" CAIRN_DIR_RESULTS, w->root);
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	/* What the kernel sends instead when the signal queue is full. */
	sigaddset(&set, SIGIO);
	if (sigprocmask(SIG_BLOCK, &set, NULL) < 0 ||
	    (w->signal_fd = signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC)) < 0)
		goto fail;
	w->top_fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	/* Watched where we may read it: the group. */
	w->top_watched = w->top_fd >= 0;
	if (w->top_fd < 0 && errno == EACCES)
		w->top_fd = open(path, O_PATH | O_DIRECTORY | O_CLOEXEC);
	/* results/ that we may not enter never leads to our results. */
	if (w->top_fd < 0 || faccessat(w->top_fd, ".", X_OK, AT_EACCESS) < 0)
		goto fail;
	/* Before trying results/OWNER/: its making is not missed. */
	if (w->top_watched && watch(w->top_fd) < 0)
		goto fail;
	free(path);
	return attach(w) < 0 ? -1 : 0;
fail:
	fprintf(stderr, "cairn submit: %s: %s\n", path, strerror(errno));
	free(path);
	return -1;
}

void cairn_submit_wait_close(struct cairn_submit_wait *w)
{
	int *fds[] = { &w->top_fd, &w->results_fd, &w->signal_fd };

	for (size_t i = 0; i < sizeof fds / sizeof fds[0]; i++)
		if (*fds[i] >= 0)
			close(*fds[i]);
	free(w->results);
	free(w->root);
}

/* note_old - remember the file already under name, if any: 1 when there is one */
static int note_old(const struct cairn_submit_wait *w, const char *name,
		    dev_t *dev, ino_t *ino)
{
	struct stat st;

	if (w->results_fd < 0 || fstatat(w->results_fd, name, &st, AT_SYMLINK_NOFOLLOW) < 0)
		return 0;
	*dev = st.st_dev;
	*ino = st.st_ino;
	return 1;
}

void cairn_submit_wait_note(const struct cairn_submit_wait *w,
			    struct cairn_submit_wait_file *s, const char *to)
{
	free(s->result);
	free(s->receipt);
	s->result = cairn_puzzle_result_name(to);
	s->receipt = cairn_withheld_receipt_name(to);
	s->had_old = note_old(w, s->result, &s->old_dev, &s->old_ino);
	s->had_old_receipt = note_old(w, s->receipt, &s->old_receipt_dev,
				      &s->old_receipt_ino);
}

/* verdict - a result's share of the exit status */
static int verdict(const struct cairn_submit_wait_file *s,
		   const struct cairn_buf *text)
{
	struct cairn_result_file r;
	struct cairn_stats st;
	char err[512];
	int rc;

	if (cairn_result_read(&r, s->result, text->data, text->len, err,
			      sizeof err) < 0) {
		cairn_submit_wait_file_error(s->file, 0, "result %s: %s",
			s->result, err);
		cairn_result_file_free(&r);
		return CAIRN_SUBMIT_WAIT_ERROR;
	}
	cairn_result_read_tally(&r, &st);
	cairn_result_file_free(&r);
	if (st.file_error)
		rc = CAIRN_SUBMIT_WAIT_ERROR;
	else
		rc = st.wrong + st.missing + st.invalid + st.errors > 0 ?
		     CAIRN_SUBMIT_WAIT_NOT_CORRECT : 0;
	return rc;
}

/* same_as_old - whether st is the result that was there before the move */
static int same_as_old(const struct cairn_submit_wait_file *s,
		       const struct stat *st)
{
	return s->had_old && st->st_dev == s->old_dev && st->st_ino == s->old_ino;
}

/* print - "==> PATH <==" and the file's bytes; 0, or -1 when it could not be read */
static int print(const struct cairn_submit_wait *w, const char *name, int fd,
		 struct cairn_buf *text)
{
	char chunk[65536];
	ssize_t n;

	while ((n = read(fd, chunk, sizeof chunk)) > 0 || (n < 0 && errno == EINTR))
		if (n > 0)
			cairn_buf_add(text, chunk, (size_t)n);
	cairn_buf_reserve(text, 0);
	printf("==> %s/%s <==\n", w->results, name);
	fwrite(text->data, 1, text->len, stdout);
	if (text->len > 0 && text->data[text->len - 1] != '\n')
		putchar('\n');
	fflush(stdout);
	return n < 0 ? -1 : 0;
}

/*
 * receipt - whether s's receipt is there, new and ours to read (its
 * result is held back until its feedback is due); if so print it: s is
 * finished, received.
 */
static int receipt(const struct cairn_submit_wait *w, struct cairn_submit_wait_file *s,
		   int *rc)
{
	struct cairn_buf text = CAIRN_BUF_INIT;
	struct stat st;
	int fd = openat(w->results_fd, s->receipt, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);

	if (fd < 0)
		return 0;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || (s->had_old_receipt &&
	    st.st_dev == s->old_receipt_dev && st.st_ino == s->old_receipt_ino)) {
		close(fd);
		return 0;
	}
	*rc = print(w, s->receipt, fd, &text) < 0 ? CAIRN_SUBMIT_WAIT_ERROR : 0;
	close(fd);
	cairn_buf_free(&text);
	return 1;
}

/*
 * check - whether s's result is there and new; if so print it and set
 * *rc to its share of the exit status.  Returns 1 when s is finished.  A
 * new result that we may not read yet (the daemon grants it) is waited
 * for: its grant is an IN_ATTRIB.  A new receipt instead finishes s: its
 * result is held back until its feedback is due.
 */
static int check(const struct cairn_submit_wait *w,
		 struct cairn_submit_wait_file *s, int *rc)
{
	struct cairn_buf text = CAIRN_BUF_INIT;
	struct stat st;
	int fd = openat(w->results_fd, s->result, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);

	if (fd < 0 && errno == ENOENT)
		return receipt(w, s, rc);
	if (fd < 0 && errno == EACCES &&
	    fstatat(w->results_fd, s->result, &st, AT_SYMLINK_NOFOLLOW) == 0) {
		s->unreadable = !same_as_old(s, &st);
		return receipt(w, s, rc);
	}
	if (fd < 0 || fstat(fd, &st) < 0) {
		cairn_submit_wait_file_error(s->file, errno,
			"cannot read the result %s", s->result);
		if (fd >= 0)
			close(fd);
		*rc = CAIRN_SUBMIT_WAIT_ERROR;
		return 1;
	}
	if (same_as_old(s, &st)) {
		close(fd);
		return receipt(w, s, rc);
	}
	*rc = print(w, s->result, fd, &text) < 0 ? CAIRN_SUBMIT_WAIT_ERROR : verdict(s, &text);
	close(fd);
	cairn_buf_free(&text);
	return 1;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* check_all - check every waiting file; the number finished */
static size_t check_all(const struct cairn_submit_wait *w,
			struct cairn_submit_wait_file *subs, size_t n, int *worst)
{
	size_t finished = 0;
	int rc;

	for (size_t i = 0; i < n; i++) {
		if (!subs[i].waiting)
			continue;
		rc = 0;
		if (check(w, &subs[i], &rc)) {
			subs[i].waiting = 0;
			finished++;
			*worst = rc > *worst ? rc : *worst;
		}
	}
	return finished;
}

/*
 * drain - read the signals the watches sent; the number of files
 * finished.  results/OWNER/ removed (or replaced) is let go, to be
 * attached again.
 */
static size_t drain(struct cairn_submit_wait *w,
		    struct cairn_submit_wait_file *subs, size_t n, int *worst)
{
	struct signalfd_siginfo si[16];
	struct stat st;

	while (read(w->signal_fd, si, sizeof si) > 0)
		;
	if (w->results_fd >= 0 && fstat(w->results_fd, &st) == 0 && st.st_nlink == 0) {
		close(w->results_fd);
		w->results_fd = -1;
	}
	return w->results_fd >= 0 ? check_all(w, subs, n, worst) : 0;
}

/* timed_out - say which results did not come, and what we know of why */
static void timed_out(const struct cairn_submit_wait *w,
		      const struct cairn_submit_wait_file *subs, size_t n,
		      double timeout)
{
	for (size_t i = 0; i < n; i++) {
		if (!subs[i].waiting)
			continue;
		if (w->results_fd < 0)
			cairn_submit_wait_file_error(subs[i].file, 0,
				"no result %s within %g s (%s is not there, "
				"or not readable by you, yet)",
				subs[i].result, timeout, w->results);
		else if (subs[i].unreadable)
			cairn_submit_wait_file_error(subs[i].file, 0,
				"no result %s within %g s (it is there, "
				"but not readable by you yet)",
				subs[i].result, timeout);
		else
			cairn_submit_wait_file_error(subs[i].file, 0,
				"no result %s within %g s",
				subs[i].result, timeout);
	}
}

/*
 * cairn_submit_wait_all - wait for every waiting file's result; the worst
 * status.
 * Until results/OWNER/ is watched: woken by the watch on results/, or
 * without one after a backoff.
 */
int cairn_submit_wait_all(struct cairn_submit_wait *w,
			  struct cairn_submit_wait_file *subs, size_t n,
			  size_t left, double timeout, int worst)
{
	double deadline = timeout >= 0 ? now_s() + timeout : 0;
	struct pollfd pfd = { .fd = w->signal_fd, .events = POLLIN };
	int backoff = SUBMIT_BACKOFF_MIN_MS, ms, r;

	if (w->results_fd >= 0)
		left -= check_all(w, subs, n, &worst);
	while (left > 0) {
		if (w->results_fd < 0) {
			if ((r = attach(w)) < 0)
				return CAIRN_SUBMIT_WAIT_ERROR;
			if (r == 0) {
				left -= check_all(w, subs, n, &worst);
				continue;
			}
		}
		ms = -1;
		if (timeout >= 0) {
			double rest = deadline - now_s();

			ms = rest > 0 ? (int)(rest * 1000) + 1 : 0;
		}
		if (w->results_fd < 0 && !w->top_watched) {
			ms = ms >= 0 && ms < backoff ? ms : backoff;
			backoff = backoff < SUBMIT_BACKOFF_MAX_MS / 2 ?
				  backoff * 2 : SUBMIT_BACKOFF_MAX_MS;
		}
		r = poll(&pfd, 1, ms);
		if (r < 0 && errno != EINTR) {
			fprintf(stderr, "cairn submit: poll: %s\n", strerror(errno));
			return CAIRN_SUBMIT_WAIT_ERROR;
		}
		if (r > 0)
			left -= drain(w, subs, n, &worst);
		if (left > 0 && timeout >= 0 && now_s() >= deadline)
			break;
	}
	if (left > 0)
		timed_out(w, subs, n, timeout);
	return left > 0 ? CAIRN_SUBMIT_WAIT_TIMEOUT : worst;
}

