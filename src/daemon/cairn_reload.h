/*
 * cairn_reload - a reload's answer, and `cairnd --reload PID`, which waits for it.
 *
 * systemd 252 (Debian 12) has no Type=notify-reload: a reload job of a
 * Type=notify service ends when its ExecReload= command exits, and the
 * daemon's RELOADING=1 and READY=1 end nothing while that command runs.
 * So ExecReload= runs `cairnd --reload $MAINPID`, which sends SIGHUP and
 * waits until the daemon has answered.  The daemon writes each answer to
 * $RUNTIME_DIRECTORY/cairnd.PID.reload (systemd sets that variable for the
 * daemon and its ExecReload= alike; without it no answer is written),
 * replaced by a rename: the reload's number, the CLOCK_MONOTONIC time it
 * began at (the MONOTONIC_USEC= of its RELOADING=1), its result and a
 * refusal's error.  The waiter reads the clock before it sends the
 * signal, so an answer from before then is an older reload's.
 */
#ifndef CAIRN_RELOAD_H
#define CAIRN_RELOAD_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

enum cairn_reload_result {
	CAIRN_RELOAD_OK,		/* the new configuration is in use */
	CAIRN_RELOAD_REFUSED,		/* refused: the running one is kept */
	CAIRN_RELOAD_STOPPING,		/* the daemon is stopping: no reload */
};

/* The most a waiter waits by default, in seconds. */
#define CAIRN_RELOAD_TIMEOUT_S 30

/*
 * The daemon's side: answer the reload number n, begun at `usec`, with
 * result r (and, when refused, error).  Returns 0 (also when
 * $RUNTIME_DIRECTORY is unset: then nobody can wait), or a negative errno
 * value with the reason in err.
 */
int cairn_reload_answer(unsigned n, uint64_t usec, enum cairn_reload_result r,
			const char *error, char *err, size_t errlen);
/* The daemon's side, at exit: remove its answer file. */
void cairn_reload_remove(void);

/*
 * `cairnd --reload PID`: send SIGHUP to the cairnd with that PID and wait
 * up to timeout_s seconds for its answer, logging what happened.  Returns
 * the exit code: 0 reloaded, 78 refused (the daemon keeps the running
 * configuration), 69 no such daemon or it exited or is stopping, 75 no
 * answer in time, 64 $RUNTIME_DIRECTORY unset, 71 a system call failed.
 */
int cairn_reload_request(pid_t pid, unsigned timeout_s);

#endif
