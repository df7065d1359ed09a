/*
 * cairn_uvinit - the event loop and its watcher array, made before
 * anything else is done.
 *
 * What libuv makes once per process or loop it cannot give back an error
 * for: a failed pthread_atfork() or pipe for its signal lock, a watcher
 * array that cannot grow, end in abort().  (libuv's thread pool is not
 * used: the worker threads are cairn_workpool.c's, whose failure to
 * start is an error returned.)  Made here first, with SIGABRT
 * caught for the while, such a failure leaves one log line and exit 75
 * (EX_TEMPFAIL, restarted by the unit) at a point where no spool is open,
 * no lock taken and no file claimed; once made, nothing of it is made
 * again, so a later allocation failure meets cairnd's own handling (the
 * file's retry, or exit 75 from its bookkeeping), not libuv's abort().
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "cairn_generation.h"
#include "cairn_log.h"
#include "cairn_uvinit.h"

/*
 * libuv keeps its watchers in an array indexed by descriptor, grown (or
 * abort()) when a higher one is watched: grown now to this one, the
 * inotify descriptor that cairn_watch.c polls later, always far lower,
 * needs nothing more.
 */
#define WATCH_FD_MIN 255

/* The libuv call under way, for the line an abort() leaves. */
static const char *volatile step;

/*
 * aborted - libuv gave up inside step: say so and leave with EX_TEMPFAIL.
 * Only the main thread runs here, outside malloc() (that failed), and
 * cairn_log() formats on the stack and writes once.
 */
static void aborted(int sig)
{
	(void)sig;
	cairn_log(CAIRN_LOG_ERROR, "cannot start", "what=%s error=\"libuv aborted: out of "
		  "memory or threads\" exit=%d", step, CAIRN_EX_TEMPFAIL);
	_exit(CAIRN_EX_TEMPFAIL);
}

static void noop_poll(uv_poll_t *p, int status, int events)
{
	(void)p;
	(void)status;
	(void)events;
}

/* presize - watch a descriptor numbered WATCH_FD_MIN or more, then let it go. */
static int presize(uv_loop_t *loop)
{
	uv_poll_t p;
	int e = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK), fd, r;

	if (e < 0)
		return uv_translate_sys_error(errno);
	fd = fcntl(e, F_DUPFD_CLOEXEC, WATCH_FD_MIN);
	r = fd < 0 ? uv_translate_sys_error(errno) : 0;
	close(e);
	if (r < 0)
		return r;
	if ((r = uv_poll_init(loop, &p, fd)) == 0) {
		r = uv_poll_start(&p, UV_READABLE, noop_poll);
		uv_close((uv_handle_t *)&p, NULL);
		uv_run(loop, UV_RUN_NOWAIT);
	}
	close(fd);
	return r;
}

int cairn_uvinit_failed(const char *what, int r)
{
	char v[256];

	cairn_log(CAIRN_LOG_ERROR, r == UV_ENOMEM ? "out of memory" : "cannot start",
		  "what=%s error=%s exit=%d", what, cairn_log_value(v, sizeof(v), uv_strerror(r)),
		  CAIRN_EX_TEMPFAIL);
	return r;
}

int cairn_uvinit_loop(uv_loop_t *loop)
{
	struct sigaction sa, old;
	int r;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = aborted;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGABRT, &sa, &old);
	step = "uv_loop_init";
	if ((r = uv_loop_init(loop)) < 0) {
		sigaction(SIGABRT, &old, NULL);
		cairn_uvinit_failed(step, r);
		return CAIRN_EX_TEMPFAIL;
	}
	step = "uv_poll_start";
	r = presize(loop);
	sigaction(SIGABRT, &old, NULL);
	if (r < 0) {
		uv_loop_close(loop);
		cairn_uvinit_failed(step, r);
		return CAIRN_EX_TEMPFAIL;
	}
	return 0;
}
