/*
 * enospc_shim - an LD_PRELOAD module that makes the disk "full".
 *
 * While the file named by $CAIRN_ENOSPC_FLAG exists, write(2), fsync(2)
 * and fdatasync(2) on regular files other than descriptors 0-2 fail with
 * ENOSPC, as they do on a full file system; everything else (the log on
 * stderr, renames, directories) works.  Removing the file frees the space.
 */
#include "config.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

ssize_t write(int fd, const void *buf, size_t n);
int fsync(int fd);
int fdatasync(int fd);

static int full(int fd)
{
	const char *flag = getenv("CAIRN_ENOSPC_FLAG");
	struct stat st;

	if (fd <= 2 || flag == NULL || access(flag, F_OK) != 0)
		return 0;
	return fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
}

ssize_t write(int fd, const void *buf, size_t n)
{
	ssize_t (*real)(int, const void *, size_t) =
		(ssize_t (*)(int, const void *, size_t))dlsym(RTLD_NEXT, "write");

	if (full(fd)) {
		errno = ENOSPC;
		return -1;
	}
	return real(fd, buf, n);
}

static int sync_call(const char *name, int fd)
{
	int (*real)(int) = (int (*)(int))dlsym(RTLD_NEXT, name);

	if (full(fd)) {
		errno = ENOSPC;
		return -1;
	}
	return real(fd);
}

int fsync(int fd)
{
	return sync_call("fsync", fd);
}

int fdatasync(int fd)
{
	return sync_call("fdatasync", fd);
}
