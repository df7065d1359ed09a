/*
 * check_notify - sd_notify messages reach a real AF_UNIX datagram socket.
 *
 * The tests play the service manager: they bind a datagram socket (a path
 * in a temporary directory, and an abstract "@cairn-test-<pid>" name), point
 * NOTIFY_SOCKET at it and compare the received bytes exactly.  Address
 * errors, a full receive queue (the sender must not block), the
 * WATCHDOG_USEC/WATCHDOG_PID rules, the text a STATUS= line may carry and
 * the clock of MONOTONIC_USEC= are covered too.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "cairn_notify.h"
#include "check_run.h"

static char tmpdir[] = "/tmp/check_notify.XXXXXX";
static char sockpath[256];

static void setup(void)
{
	strcpy(tmpdir, "/tmp/check_notify.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
	snprintf(sockpath, sizeof(sockpath), "%s/notify", tmpdir);
	unsetenv("NOTIFY_SOCKET");
	unsetenv("WATCHDOG_USEC");
	unsetenv("WATCHDOG_PID");
}

static void teardown(void)
{
	unlink(sockpath);
	rmdir(tmpdir);
}

/* listener - a bound datagram socket; name "@x" binds an abstract name. */
static int listener(const char *name)
{
	struct sockaddr_un sa;
	size_t len = strlen(name);
	socklen_t salen;
	int fd;

	memset(&sa, 0, sizeof(sa));
	sa.sun_family = AF_UNIX;
	ck_assert_uint_le(len + (name[0] != '@'), sizeof(sa.sun_path));
	memcpy(sa.sun_path, name, len);
	salen = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + len);
	if (name[0] == '@')
		sa.sun_path[0] = '\0';
	else
		salen++;
	fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(bind(fd, (struct sockaddr *)&sa, salen), 0);
	return fd;
}

/* expect - the next datagram on fd is exactly msg. */
static void expect(int fd, const char *msg)
{
	char buf[1024];
	ssize_t n;

	n = recv(fd, buf, sizeof(buf), MSG_DONTWAIT);
	ck_assert_int_eq(n, (ssize_t)strlen(msg));
	ck_assert(memcmp(buf, msg, (size_t)n) == 0);
}

START_TEST(test_disabled)
{
	struct cairn_notify n;
	char err[256] = "";

	ck_assert_int_eq(cairn_notify_open(&n, err, sizeof(err)), 0);
	ck_assert(!cairn_notify_enabled(&n));
	ck_assert_int_eq(cairn_notify_send(&n, "READY=1"), 0);
	ck_assert_int_eq(cairn_notify_sendf(&n, "STATUS=%d", 1), 0);
	cairn_notify_close(&n);
	setenv("NOTIFY_SOCKET", "", 1);
	ck_assert_int_eq(cairn_notify_open(&n, err, sizeof(err)), 0);
	ck_assert(!cairn_notify_enabled(&n));
	ck_assert_str_eq(err, "");
	cairn_notify_close(&n);
}
END_TEST

static void exchange(const char *name)
{
	struct cairn_notify n;
	char err[256];
	int fd = listener(name);

	setenv("NOTIFY_SOCKET", name, 1);
	ck_assert_int_eq(cairn_notify_open(&n, err, sizeof(err)), 0);
	ck_assert(cairn_notify_enabled(&n));
	ck_assert_int_eq(cairn_notify_send(&n, "READY=1"), 0);
	ck_assert_int_eq(cairn_notify_sendf(&n, "STATUS=processed %d files, %d failed",
					    12, 1), 0);
	ck_assert_int_eq(cairn_notify_send(&n, "WATCHDOG=1"), 0);
	ck_assert_int_eq(cairn_notify_send(&n, "STOPPING=1\nSTATUS=shutting down"), 0);
	expect(fd, "READY=1");
	expect(fd, "STATUS=processed 12 files, 1 failed");
	expect(fd, "WATCHDOG=1");
	expect(fd, "STOPPING=1\nSTATUS=shutting down");
	cairn_notify_close(&n);
	ck_assert(!cairn_notify_enabled(&n));
	cairn_notify_close(&n);		/* closing twice is harmless */
	close(fd);
}

START_TEST(test_path_socket)
{
	exchange(sockpath);
}
END_TEST

START_TEST(test_abstract_socket)
{
	char name[64];

	snprintf(name, sizeof(name), "@cairn-test-%ld", (long)getpid());
	exchange(name);
}
END_TEST

/* ready_to - NOTIFY_SOCKET=name carries READY=1 to a listener on name. */
static void ready_to(const char *name)
{
	struct cairn_notify n;
	char err[256];
	int fd = listener(name);

	setenv("NOTIFY_SOCKET", name, 1);
	ck_assert_int_eq(cairn_notify_open(&n, err, sizeof(err)), 0);
	ck_assert_int_eq(cairn_notify_send(&n, "READY=1"), 0);
	expect(fd, "READY=1");
	cairn_notify_close(&n);
	close(fd);
}

/* The longest names that fit: 107 bytes of path (+ NUL), 108 abstract. */
START_TEST(test_longest_addresses)
{
	size_t max = sizeof(((struct sockaddr_un *)0)->sun_path);
	char name[256];

	snprintf(name, sizeof(name), "@cairn-test-%ld-", (long)getpid());
	memset(name + strlen(name), 'x', max - strlen(name));
	name[max] = '\0';
	ready_to(name);

	snprintf(sockpath, sizeof(sockpath), "%s/", tmpdir);
	memset(sockpath + strlen(sockpath), 'p', max - 1 - strlen(sockpath));
	sockpath[max - 1] = '\0';
	ready_to(sockpath);
}
END_TEST

struct bad_addr {
	const char *addr;
	int error;
	const char *message;
};

static const struct bad_addr bad_addrs[] = {
	{ "relative/notify", -EAFNOSUPPORT,
	  "NOTIFY_SOCKET: unsupported address \"relative/notify\" "
	  "(expected a path or an @abstract name)" },
	{ "vsock:2:1234", -EAFNOSUPPORT,
	  "NOTIFY_SOCKET: unsupported address \"vsock:2:1234\" "
	  "(expected a path or an @abstract name)" },
	{ "@", -EAFNOSUPPORT,
	  "NOTIFY_SOCKET: unsupported address \"@\" "
	  "(expected a path or an @abstract name)" },
	/* 108 bytes: no room left for the NUL of a path. */
	{ "/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
	  -ENAMETOOLONG, "NOTIFY_SOCKET: address is 108 bytes long, at most 107 fit" },
	/* 109 bytes abstract: one more than sun_path holds. */
	{ "@aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
	  -ENAMETOOLONG, "NOTIFY_SOCKET: address is 109 bytes long, at most 108 fit" },
};

START_TEST(test_bad_address)
{
	const struct bad_addr *b = &bad_addrs[_i];
	struct cairn_notify n;
	char err[256];

	setenv("NOTIFY_SOCKET", b->addr, 1);
	ck_assert_int_eq(cairn_notify_open(&n, err, sizeof(err)), b->error);
	ck_assert_str_eq(err, b->message);
	ck_assert(!cairn_notify_enabled(&n));
	ck_assert_int_eq(cairn_notify_send(&n, "READY=1"), 0);
	cairn_notify_close(&n);
}
END_TEST

/* A manager that stops reading costs messages, never a blocked sender. */
START_TEST(test_full_queue_does_not_block)
{
	struct cairn_notify n;
	char err[256];
	int fd = listener(sockpath), r = 0, i;

	setenv("NOTIFY_SOCKET", sockpath, 1);
	ck_assert_int_eq(cairn_notify_open(&n, err, sizeof(err)), 0);
	for (i = 0; i < 1000000 && r == 0; i++)
		r = cairn_notify_send(&n, "WATCHDOG=1");
	ck_assert_int_eq(r, -EAGAIN);
	expect(fd, "WATCHDOG=1");
	close(fd);
	unlink(sockpath);
	r = cairn_notify_send(&n, "WATCHDOG=1");
	ck_assert(r == -ENOENT || r == -ECONNREFUSED);
	cairn_notify_close(&n);
}
END_TEST

struct wd_case {
	const char *usec;	/* NULL: unset */
	int pid;		/* 0 unset, 1 ours, 2 another, 3 garbage */
	int ret;
	uint64_t value;
};

static const struct wd_case wd_cases[] = {
	{ NULL, 0, 0, 0 },
	{ NULL, 1, 0, 0 },
	{ "", 0, 0, 0 },
	{ "30000000", 0, 1, 30000000 },
	{ "30000000", 1, 1, 30000000 },
	{ "30000000", 2, 0, 0 },
	{ "30000000", 3, -EINVAL, 0 },
	{ "18446744073709551615", 1, 1, UINT64_MAX },
	{ "18446744073709551616", 1, -EINVAL, 0 },
	{ "0", 1, 0, 0 },
	{ "abc", 0, -EINVAL, 0 },
	{ "-5", 0, -EINVAL, 0 },
	{ " 5", 0, -EINVAL, 0 },
	{ "12s", 1, -EINVAL, 0 },
};

START_TEST(test_watchdog)
{
	const struct wd_case *w = &wd_cases[_i];
	uint64_t usec = 42;
	char pid[32];

	if (w->usec)
		setenv("WATCHDOG_USEC", w->usec, 1);
	if (w->pid == 1 || w->pid == 2) {
		snprintf(pid, sizeof(pid), "%ld", (long)getpid() + (w->pid == 2));
		setenv("WATCHDOG_PID", pid, 1);
	} else if (w->pid == 3) {
		setenv("WATCHDOG_PID", "self", 1);
	}
	ck_assert_int_eq(cairn_notify_watchdog_usec(&usec), w->ret);
	ck_assert_uint_eq(usec, w->ret == 1 ? w->value : 42);
}
END_TEST

/* STATUS= text: one line of valid UTF-8, cut at a character boundary. */
static const struct text_case {
	const char *in;
	size_t len;			/* of the buffer */
	const char *out;
} text_cases[] = {
	{ "reload refused: x", 64, "reload refused: x" },
	{ "two\nlines\tand\x7f", 64, "two?lines?and?" },
	{ "caf\xc3\xa9 \xe2\x80\xa8 \xc2\x85", 64, "caf\xc3\xa9 ? ?" },
	{ "bad \xff\xc3( cut \xe2\x82", 64, "bad ?" "?( cut ?" "?" },
	{ "abc\xc3\xa9", 5, "abc" },	/* 4 bytes + NUL: not half a character */
	{ "abc\xc3\xa9", 6, "abc\xc3\xa9" },
	{ "abcdef", 4, "abc" },
	{ "", 1, "" },
};

START_TEST(test_text)
{
	const struct text_case *c = &text_cases[_i];
	char buf[64];

	memset(buf, 'X', sizeof(buf));
	ck_assert_ptr_eq(cairn_notify_text(buf, c->len, c->in), buf);
	ck_assert_str_eq(buf, c->out);
}
END_TEST

START_TEST(test_monotonic)
{
	struct timespec ts;
	uint64_t a, b, now;

	a = cairn_notify_monotonic_usec();
	clock_gettime(CLOCK_MONOTONIC, &ts);
	now = (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
	b = cairn_notify_monotonic_usec();
	ck_assert_uint_le(a, now);
	ck_assert_uint_le(now, b);
}
END_TEST

static Suite *notify_suite(void)
{
	Suite *s = suite_create("notify");
	TCase *tc = tcase_create("notify");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_disabled);
	tcase_add_test(tc, test_path_socket);
	tcase_add_test(tc, test_abstract_socket);
	tcase_add_test(tc, test_longest_addresses);
	tcase_add_loop_test(tc, test_bad_address, 0, sizeof(bad_addrs) / sizeof(bad_addrs[0]));
	tcase_add_test(tc, test_full_queue_does_not_block);
	tcase_add_loop_test(tc, test_watchdog, 0, sizeof(wd_cases) / sizeof(wd_cases[0]));
	tcase_add_loop_test(tc, test_text, 0, sizeof(text_cases) / sizeof(text_cases[0]));
	tcase_add_test(tc, test_monotonic);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return cairn_check_run(notify_suite());
}
