/*
 * cairn_notify - the systemd notification protocol, without libsystemd.
 *
 * cairnd tells the service manager READY=1 once it serves, STATUS=... with
 * its counts, WATCHDOG=1 while the watchdog is on, RELOADING=1 with
 * MONOTONIC_USEC= when a reload begins and READY=1 again when it ends, and
 * STOPPING=1 on shutdown, as datagrams on the socket named by
 * $NOTIFY_SOCKET.  Without that variable notification is disabled and
 * sending does nothing.
 */
#ifndef CAIRN_NOTIFY_H
#define CAIRN_NOTIFY_H

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/un.h>

struct cairn_notify {
	int fd;				/* -1 when disabled */
	struct sockaddr_un addr;
	socklen_t addrlen;
};

/*
 * Read $NOTIFY_SOCKET ("/path" or "@abstract") and open a non-blocking
 * datagram socket for it.  Returns 0 (also when the variable is absent:
 * then n is disabled), or a negative errno value with the reason in err.
 */
int cairn_notify_open(struct cairn_notify *n, char *err, size_t errlen);
int cairn_notify_enabled(const struct cairn_notify *n);
/*
 * Send msg ("READY=1", "STATUS=...", several lines allowed) as one
 * datagram.  Never blocks.  Returns 0 (also when disabled), or a negative
 * errno value (e.g. -EAGAIN when the manager's queue is full).
 */
int cairn_notify_send(struct cairn_notify *n, const char *msg);
int cairn_notify_sendf(struct cairn_notify *n, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void cairn_notify_close(struct cairn_notify *n);

/* CLOCK_MONOTONIC in microseconds, as MONOTONIC_USEC= carries it. */
uint64_t cairn_notify_monotonic_usec(void);
/*
 * Copy s into buf (len > 0) as text a STATUS= line may carry: one line of
 * valid UTF-8 (systemd ignores a STATUS= that is not), every control or
 * line-separating character and every ill-formed byte replaced by '?',
 * cut at a character boundary when too long.  Returns buf.
 */
const char *cairn_notify_text(char *buf, size_t len, const char *s);

/*
 * The watchdog period from $WATCHDOG_USEC, honoured only when
 * $WATCHDOG_PID is unset or names this process.  Returns 1 with *usec set
 * when the watchdog is on, 0 when it is off, -EINVAL when a variable is
 * malformed.  Send WATCHDOG=1 at least every *usec / 2 microseconds.
 */
int cairn_notify_watchdog_usec(uint64_t *usec);

#endif
