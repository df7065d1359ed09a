/*
 * cairn_reload - a reload's answer, and the waiter of `cairnd --reload PID`.
 *
 * The answer file holds key=value lines (reload=, monotonic_usec=,
 * result=, and error= for a refusal, made one line of UTF-8 by
 * cairn_notify_text()); it is written under a temporary name and renamed
 * into place, so a reader sees a whole answer or the one before.  The
 * waiter sleeps in poll(2) on an inotify watch of the directory (an
 * answer was renamed in) and a pidfd of the daemon (it exited), until a
 * deadline: it never polls in a loop, and signals the process it holds a
 * pidfd of, not whatever took its PID meanwhile.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/pidfd.h>
#include <unistd.h>

#include "cairn_buf.h"
#include "cairn_generation.h"
#include "cairn_log.h"
#include "cairn_notify.h"
#include "cairn_reload.h"

#define EX_OSERR 71
#define ANSWER_MAX 4096

static const char *const result_names[] = { "ok", "refused", "stopping" };

/* answer_path - $RUNTIME_DIRECTORY's first directory, and pid's file in it. */
static int answer_path(pid_t pid, char *dir, char *path, size_t len)
{
	const char *r = getenv("RUNTIME_DIRECTORY");
	size_t n;

	if (r == NULL || r[0] == '\0')
		return -ENOENT;
	n = strcspn(r, ":");	/* several RuntimeDirectory= are ':'-separated */
	if (n >= len)
		return -ENAMETOOLONG;
	memcpy(dir, r, n);
	dir[n] = '\0';
	if ((size_t)snprintf(path, len, "%s/cairnd.%ld.reload", dir, (long)pid) >= len)
		return -ENAMETOOLONG;
	return 0;
}

int cairn_reload_answer(unsigned n, uint64_t usec, enum cairn_reload_result r,
			const char *error, char *err, size_t errlen)
{
	char dir[PATH_MAX], path[PATH_MAX], tmp[PATH_MAX + 8], text[ANSWER_MAX / 2];
	char body[ANSWER_MAX];
	int fd, rc, len;

	if (answer_path(getpid(), dir, path, sizeof(path)) == -ENOENT)
		return 0;
	len = snprintf(body, sizeof(body), "reload=%u\nmonotonic_usec=%" PRIu64 "\nresult=%s\n",
		       n, usec, result_names[r]);
	if (r == CAIRN_RELOAD_REFUSED)
		len += snprintf(body + len, sizeof(body) - (size_t)len, "error=%s\n",
				cairn_notify_text(text, sizeof(text), error ? error : ""));
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644);
	if (fd < 0) {
		rc = -errno;
		snprintf(err, errlen, "%s: %s", tmp, strerror(-rc));
		return rc;
	}
	rc = cairn_buf_write_all(fd, body, (size_t)len);
	if (close(fd) < 0 && rc == 0)
		rc = -errno;
	if (rc == 0 && rename(tmp, path) < 0)
		rc = -errno;
	if (rc < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(-rc));
		unlink(tmp);
	}
	return rc;
}

void cairn_reload_remove(void)
{
	char dir[PATH_MAX], path[PATH_MAX];

	if (answer_path(getpid(), dir, path, sizeof(path)) == 0)
		unlink(path);
}

/* --- the waiter --- */

struct answer {
	unsigned n;
	uint64_t usec;
	enum cairn_reload_result r;
	char error[ANSWER_MAX];
};

/* field - the value of "key=" at a line's start in text, or NULL. */
static const char *field(const char *text, const char *key, char *out, size_t len)
{
	size_t k = strlen(key);
	const char *l = text;

	while (l != NULL) {
		if (strncmp(l, key, k) == 0 && l[k] == '=') {
			snprintf(out, len, "%.*s", (int)strcspn(l + k + 1, "\n"), l + k + 1);
			return out;
		}
		if ((l = strchr(l, '\n')) != NULL)
			l++;
	}
	return NULL;
}

/* read_answer - 1 when path holds an answer to a reload begun at or after t0. */
static int read_answer(const char *path, uint64_t t0, struct answer *a)
{
	char text[ANSWER_MAX + 1], v[64];
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	ssize_t n;

	if (fd < 0)
		return 0;
	n = read(fd, text, ANSWER_MAX);
	close(fd);
	if (n <= 0)
		return 0;
	text[n] = '\0';
	if (!field(text, "monotonic_usec", v, sizeof(v)) ||
	    (a->usec = strtoull(v, NULL, 10)) < t0 || !field(text, "result", v, sizeof(v)))
		return 0;
	for (a->r = CAIRN_RELOAD_OK; a->r <= CAIRN_RELOAD_STOPPING; a->r++)
		if (strcmp(v, result_names[a->r]) == 0)
			break;
	if (a->r > CAIRN_RELOAD_STOPPING)
		return 0;
	a->n = field(text, "reload", v, sizeof(v)) ? (unsigned)strtoul(v, NULL, 10) : 0;
	if (!field(text, "error", a->error, sizeof(a->error)))
		a->error[0] = '\0';
	return 1;
}

/* report - the line that says how the reload ended; the exit code. */
static int report(pid_t pid, const struct answer *a)
{
	char v[ANSWER_MAX + 16];

	switch (a->r) {
	case CAIRN_RELOAD_OK:
		cairn_log(CAIRN_LOG_INFO, "reload done", "pid=%ld reload=%u", (long)pid, a->n);
		return CAIRN_EX_OK;
	case CAIRN_RELOAD_REFUSED:
		cairn_log(CAIRN_LOG_ERROR, "reload refused", "pid=%ld reload=%u error=%s "
			  "action=\"kept the running configuration\"", (long)pid, a->n,
			  cairn_log_value(v, sizeof(v), a->error));
		return CAIRN_EX_CONFIG;
	default:
		cairn_log(CAIRN_LOG_ERROR, "reload not done", "pid=%ld error=\"the daemon is stopping\"",
			  (long)pid);
		return CAIRN_EX_UNAVAILABLE;
	}
}

static int sys_failed(const char *what, pid_t pid)
{
	char v[256];

	cairn_log(CAIRN_LOG_ERROR, "reload not done", "pid=%ld error=%s", (long)pid,
		  cairn_log_value(v, sizeof(v), what));
	return EX_OSERR;
}

/* wait_answer - until path has an answer after t0, the daemon exits or the deadline. */
static int wait_answer(pid_t pid, const char *path, int ino, int pidfd, uint64_t t0,
		       uint64_t deadline)
{
	struct answer a;
	char buf[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
	int gone = 0;

	for (;;) {
		struct pollfd p[2] = { { ino, POLLIN, 0 }, { pidfd, POLLIN, 0 } };
		uint64_t now = cairn_notify_monotonic_usec();

		if (read_answer(path, t0, &a))
			return report(pid, &a);
		if (gone || now >= deadline)
			break;
		if (poll(p, 2, (int)((deadline - now + 999) / 1000)) < 0 && errno != EINTR)
			return sys_failed("poll", pid);
		gone = (p[1].revents & POLLIN) != 0;
		while (read(ino, buf, sizeof(buf)) > 0)
			;
	}
	if (gone)
		cairn_log(CAIRN_LOG_ERROR, "reload not done", "pid=%ld error=\"the daemon "
			  "exited before it answered\"", (long)pid);
	else
		cairn_log(CAIRN_LOG_ERROR, "reload not done", "pid=%ld error=\"no answer within "
			  "%" PRIu64 " s\"", (long)pid, (deadline - t0 + 999999) / 1000000);
	return gone ? CAIRN_EX_UNAVAILABLE : CAIRN_EX_TEMPFAIL;
}

int cairn_reload_request(pid_t pid, unsigned timeout_s)
{
	char dir[PATH_MAX], path[PATH_MAX], v[PATH_MAX + 64];
	int ino, pidfd, code;
	uint64_t t0;

	if (answer_path(pid, dir, path, sizeof(path)) < 0) {
		cairn_log(CAIRN_LOG_ERROR, "reload not done", "pid=%ld error=\"RUNTIME_DIRECTORY "
			  "is not set: the daemon answers reloads there (RuntimeDirectory= of its "
			  "unit)\"", (long)pid);
		return CAIRN_EX_USAGE;
	}
	ino = inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
	if (ino < 0 || inotify_add_watch(ino, dir, IN_MOVED_TO) < 0) {
		snprintf(v, sizeof(v), "inotify on %s: %s", dir, strerror(errno));
		if (ino >= 0)
			close(ino);
		return sys_failed(v, pid);
	}
	pidfd = pidfd_open(pid, 0);
	t0 = cairn_notify_monotonic_usec();
	if (pidfd < 0 || pidfd_send_signal(pidfd, SIGHUP, NULL, 0) < 0) {
		int e = errno;

		close(ino);
		if (pidfd >= 0)
			close(pidfd);
		cairn_log(CAIRN_LOG_ERROR, "reload not done", "pid=%ld error=%s", (long)pid,
			  cairn_log_value(v, sizeof(v), e == ESRCH ? "no such process" : strerror(e)));
		return e == ESRCH ? CAIRN_EX_UNAVAILABLE : EX_OSERR;
	}
	code = wait_answer(pid, path, ino, pidfd, t0, t0 + (uint64_t)timeout_s * 1000000);
	close(ino);
	close(pidfd);
	return code;
}
