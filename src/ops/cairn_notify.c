/*
 * cairn_notify - send sd_notify(3) messages over $NOTIFY_SOCKET.
 *
 * The protocol is one AF_UNIX datagram per message to the address in
 * $NOTIFY_SOCKET: a file system path, or, when it starts with '@', an
 * abstract address whose leading '@' stands for a NUL byte and whose
 * length is exact (abstract names are not NUL-terminated).  The socket is
 * non-blocking and sends use MSG_NOSIGNAL, so a slow or vanished service
 * manager can cost a dropped status line but never stalls the event loop
 * or kills the daemon with SIGPIPE.  An absent variable is not an error:
 * the daemon also runs outside systemd.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cairn_buf.h"
#include "cairn_notify.h"
#include "cairn_utf8.h"

/* set_address - fill n->addr from the variable's value a. */
static int set_address(struct cairn_notify *n, const char *a,
		       char *err, size_t errlen)
{
	size_t len = strlen(a);

	memset(&n->addr, 0, sizeof(n->addr));
	n->addr.sun_family = AF_UNIX;
	if ((a[0] != '/' && a[0] != '@') || len < 2) {
		snprintf(err, errlen, "NOTIFY_SOCKET: unsupported address \"%s\" "
			 "(expected a path or an @abstract name)", a);
		return -EAFNOSUPPORT;
	}
	/* A path needs its NUL inside sun_path; an abstract name does not. */
	if (len + (a[0] == '/') > sizeof(n->addr.sun_path)) {
		snprintf(err, errlen, "NOTIFY_SOCKET: address is %zu bytes long, "
			 "at most %zu fit", len,
			 sizeof(n->addr.sun_path) - (a[0] == '/'));
		return -ENAMETOOLONG;
	}
	memcpy(n->addr.sun_path, a, len);
	if (a[0] == '@') {
		n->addr.sun_path[0] = '\0';
		n->addrlen = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + len);
	} else {
		n->addrlen = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + len + 1);
	}
	return 0;
}

int cairn_notify_open(struct cairn_notify *n, char *err, size_t errlen)
{
	const char *a = getenv("NOTIFY_SOCKET");
	int r;

	n->fd = -1;
	n->addrlen = 0;
	if (!a || !*a)
		return 0;
	if ((r = set_address(n, a, err, errlen)) != 0)
		return r;
	n->fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (n->fd < 0) {
		r = -errno;
		snprintf(err, errlen, "NOTIFY_SOCKET: socket: %s", strerror(-r));
		return r;
	}
	return 0;
}

int cairn_notify_enabled(const struct cairn_notify *n)
{
	return n->fd >= 0;
}

int cairn_notify_send(struct cairn_notify *n, const char *msg)
{
	ssize_t w;

	if (n->fd < 0)
		return 0;
	do
		w = sendto(n->fd, msg, strlen(msg), MSG_NOSIGNAL | MSG_DONTWAIT,
			   (const struct sockaddr *)&n->addr, n->addrlen);
	while (w < 0 && errno == EINTR);
	return w < 0 ? -errno : 0;
}

int cairn_notify_sendf(struct cairn_notify *n, const char *fmt, ...)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	va_list ap;
	int r;

	if (n->fd < 0)
		return 0;
	va_start(ap, fmt);
	cairn_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	r = cairn_notify_send(n, b.data ? b.data : "");
	cairn_buf_free(&b);
	return r;
}

void cairn_notify_close(struct cairn_notify *n)
{
	if (n->fd >= 0)
		close(n->fd);
	n->fd = -1;
}

uint64_t cairn_notify_monotonic_usec(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

const char *cairn_notify_text(char *buf, size_t len, const char *s)
{
	size_t n = strlen(s), i = 0, o = 0;

	while (i < n) {
		uint32_t cp;
		size_t k = cairn_utf8_next(s + i, n - i, &cp);
		int keep = k > 0 && !cairn_utf8_unsafe(cp);

		if (o + (keep ? k : 1) >= len)
			break;
		if (keep)
			memcpy(buf + o, s + i, k);
		else
			buf[o] = '?';
		o += keep ? k : 1;
		i += k > 0 ? k : 1;
	}
	buf[o] = '\0';
	return buf;
}

/* parse_u64 - strict unsigned decimal, as systemd writes it. */
static int parse_u64(const char *s, uint64_t *out)
{
	char *end;

	if (*s < '0' || *s > '9')
		return -EINVAL;
	errno = 0;
	*out = strtoull(s, &end, 10);
	if (errno != 0 || *end != '\0')
		return -EINVAL;
	return 0;
}

int cairn_notify_watchdog_usec(uint64_t *usec)
{
	const char *us = getenv("WATCHDOG_USEC");
	const char *pid = getenv("WATCHDOG_PID");
	uint64_t v, p;

	if (!us || !*us)
		return 0;
	if (pid && *pid) {
		if (parse_u64(pid, &p) != 0)
			return -EINVAL;
		if (p != (uint64_t)getpid())
			return 0;
	}
	if (parse_u64(us, &v) != 0)
		return -EINVAL;
	if (v == 0)
		return 0;
	*usec = v;
	return 1;
}
