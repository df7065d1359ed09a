/*
 * cairn_arrival - arrival records of stored inputs (cairn_arrival.h).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include "cairn_arrival.h"
#include "cairn_mem.h"

/* A record is a file name (at most NAME_MAX bytes) and a newline. */
#define ARRIVAL_MAX 4096

int cairn_arrival_write(int arrival_fd, const char *as, const char *name,
			const struct timespec *arrival)
{
	struct timespec ts[2] = { { 0, UTIME_OMIT }, *arrival };
	struct iovec iov[2] = { { (void *)name, strlen(name) }, { "\n", 1 } };
	ssize_t want = (ssize_t)(iov[0].iov_len + 1), got;
	int fd = openat(arrival_fd, as, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW |
			O_NONBLOCK | O_CLOEXEC, 0640), e = 0;

	if (fd < 0)
		return errno;
	got = writev(fd, iov, 2);
	if (got != want)
		e = got < 0 ? errno : EIO;
	else if (futimens(fd, ts) < 0)
		e = errno;
	if (close(fd) < 0 && e == 0)
		e = errno;
	return e;
}

int cairn_arrival_read(int owner_fd, const char *as, char **name, struct timespec *arrival)
{
	int dir = openat(owner_fd, CAIRN_ARRIVAL_DIR, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
			 O_CLOEXEC);
	int fd = dir < 0 ? -1 : openat(dir, as, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	char text[ARRIVAL_MAX];
	struct stat st;
	ssize_t len = -1;

	if (dir >= 0)
		close(dir);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode))
		len = read(fd, text, sizeof text);
	close(fd);
	if (len < 2 || text[len - 1] != '\n' || memchr(text, '\0', (size_t)len) != NULL ||
	    memchr(text, '/', (size_t)len) != NULL || memchr(text, '\n', (size_t)len - 1) != NULL)
		return -1;
	text[len - 1] = '\0';
	if (strcmp(text, ".") == 0 || strcmp(text, "..") == 0)
		return -1;
	*name = cairn_xstrdup(text);
	*arrival = st.st_mtim;
	return 0;
}

int cairn_arrival_time(int arrival_fd, const char *as, struct timespec *arrival)
{
	struct stat st;

	if (fstatat(arrival_fd, as, &st, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISREG(st.st_mode))
		return -1;
	*arrival = st.st_mtim;
	return 0;
}
