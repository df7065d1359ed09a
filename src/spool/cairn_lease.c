/*
 * cairn_lease - read leases on files of incoming/ (see cairn_lease.h).
 *
 * A lease is taken before a claim and dropped once the claimed file is
 * read; what it guarantees is that no process on this host had the file
 * open for writing when it was set, and (F_GETLEASE) that none opened it
 * since.  Where none can be set, nothing here stops a claim: the caller
 * relies on the settle rule and on the check after reading.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "cairn_lease.h"
#include "cairn_stat.h"

void cairn_lease_init(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_IGN;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGIO, &sa, NULL);
}

/* has_cap_lease - whether CAP_LEASE is in the effective set. */
static int has_cap_lease(void)
{
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct c[_LINUX_CAPABILITY_U32S_3];

	memset(c, 0, sizeof(c));
	if (syscall(SYS_capget, &h, c) < 0)
		return 0;
	return (c[CAP_TO_INDEX(CAP_LEASE)].effective & CAP_TO_MASK(CAP_LEASE)) != 0;
}

enum cairn_lease_support cairn_lease_probe(int dir_fd)
{
	char name[64];
	int fd, r = -1;

	snprintf(name, sizeof(name), ".lease-probe.%ld", (long)getpid());
	fd = openat(dir_fd, name, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd >= 0) {
		close(fd);
		fd = openat(dir_fd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
		unlinkat(dir_fd, name, 0);
	}
	if (fd >= 0) {
		r = fcntl(fd, F_SETLEASE, F_RDLCK);
		close(fd);	/* drops the lease */
	}
	if (r < 0)
		return CAIRN_LEASE_NONE;
	return has_cap_lease() ? CAIRN_LEASE_OK : CAIRN_LEASE_OWN_ONLY;
}

/*
 * open_regular - incoming_fd/NAME opened for reading if it is a regular
 * file (as *a says before the open; the caller checks the descriptor
 * against it); -1 when it is not (or cannot be opened), -EAGAIN when
 * another holds a lease on it that our open must break (a write lease, as
 * smbd's kernel oplocks take on a file it writes).
 */
static int open_regular(int incoming_fd, const char *name, struct stat *a)
{
	int fd = -1;

	/* Looked at before it is opened: a FIFO or a device is never opened. */
	if (fstatat(incoming_fd, name, a, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(a->st_mode))
		fd = openat(incoming_fd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY |
			    O_CLOEXEC);
	if (fd < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
		fd = -EAGAIN;
	return fd;
}

/* same_file - whether fd is the regular file *a; its state into *b */
static int same_file(int fd, const struct stat *a, struct stat *b)
{
	return fstat(fd, b) == 0 && S_ISREG(b->st_mode) && b->st_ino == a->st_ino &&
	       b->st_dev == a->st_dev;
}

int cairn_lease_take(int incoming_fd, const char *name, struct cairn_lease *l)
{
	struct stat a;
	int fd = open_regular(incoming_fd, name, &a);

	l->fd = -1;
	if (fd < 0)
		return fd == -EAGAIN ? -EAGAIN : 0;
	/*
	 * The state is read once the lease is held, so that it is also what
	 * the holder of the lease will see (l->st): no writer comes between.
	 */
	if (fcntl(fd, F_SETLEASE, F_RDLCK) < 0) {
		int e = errno;

		e = e == EAGAIN && same_file(fd, &a, &l->st) ? -EAGAIN : 0;
		close(fd);
		return e;
	}
	if (!same_file(fd, &a, &l->st)) {
		close(fd);	/* replaced between the look and the open: not ours */
		return 0;
	}
	l->fd = fd;
	return 1;
}

int cairn_lease_holds(const struct cairn_lease *l, int fd, const struct stat *st)
{
	return fd >= 0 && fd == l->fd && l->st.st_ino == st->st_ino && l->st.st_dev == st->st_dev;
}

int cairn_lease_state(const struct cairn_lease *l, int fd, const struct stat *st,
		      struct stat *before)
{
	if (cairn_lease_holds(l, fd, st)) {
		*before = *st;
		return 0;
	}
	return cairn_stat_change(fd, "", before);
}

int cairn_lease_broken(const struct cairn_lease *l)
{
	return l->fd >= 0 && fcntl(l->fd, F_GETLEASE) != F_RDLCK;
}

void cairn_lease_drop(struct cairn_lease *l)
{
	if (l->fd < 0)
		return;
	close(l->fd);	/* the lease goes with the last descriptor */
	l->fd = -1;
	l->kept = 0;
}

void cairn_lease_keep(struct cairn_lease *l)
{
	if (l->fd >= 0 && !l->kept && fcntl(l->fd, F_SETLEASE, F_UNLCK) < 0)
		cairn_lease_drop(l);
	else if (l->fd >= 0)
		l->kept = 1;
}

void cairn_lease_adopt(struct cairn_lease *l, int fd)
{
	cairn_lease_drop(l);
	l->fd = fd;
	l->kept = 1;
	/* Never taken for a lease: cairn_lease_holds() is false whatever st. */
	memset(&l->st, 0, sizeof(l->st));
}

static int same_time(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec == b->tv_sec && a->tv_nsec == b->tv_nsec;
}

int cairn_lease_same(const struct stat *a, const struct stat *b)
{
	return a->st_ino == b->st_ino && a->st_dev == b->st_dev && a->st_size == b->st_size &&
	       same_time(&a->st_mtim, &b->st_mtim) && same_time(&a->st_ctim, &b->st_ctim);
}
