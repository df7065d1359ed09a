/*
 * cairn_lock_probe - the instance lock asked about from outside
 * (cairn_lock_probe.h): a test that takes nothing, and the holder's
 * "pid=N host=H ..." read back from the lock file.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cairn_lock_probe.h"

/* The name cairn_lock.c locks in processing/<instance>/. */
#define LOCK_NAME ".lock"

int cairn_lock_probe_conflicts(int fd)
{
	struct flock fl;
	int r;

	memset(&fl, 0, sizeof(fl));
	fl.l_type = F_WRLCK;
	fl.l_whence = SEEK_SET;
	r = fcntl(fd, F_OFD_GETLK, &fl);
	if (r < 0 && errno == EINVAL) {
		memset(&fl, 0, sizeof(fl));
		fl.l_type = F_WRLCK;
		fl.l_whence = SEEK_SET;
		r = fcntl(fd, F_GETLK, &fl);
	}
	if (r < 0)
		return -errno;
	return fl.l_type != F_UNLCK;
}

/* says - the pid and host the holder wrote (a holder between taking the
   lock and writing it has written nothing yet) */
static void says(int fd, struct cairn_lock_holder *who)
{
	char buf[512];
	ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);

	who->pid = 0;
	who->host[0] = '\0';
	if (n <= 0)
		return;
	buf[n] = '\0';
	if (sscanf(buf, "pid=%ld host=%255s", &who->pid, who->host) < 2)
		who->host[0] = '\0';
}

int cairn_lock_probe(int dir_fd, struct cairn_lock_holder *who)
{
	int fd = openat(dir_fd, LOCK_NAME, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	int r;

	who->pid = 0;
	who->host[0] = '\0';
	if (fd < 0)
		return errno == ENOENT ? 0 : -errno;
	r = cairn_lock_probe_conflicts(fd);
	if (r == 1)
		says(fd, who);
	close(fd);
	return r;
}
