/*
 * norename_shim - an LD_PRELOAD module for tests: renameat2() with
 * RENAME_NOREPLACE fails with EINVAL, as on file systems that do not
 * support the flag, so that the link()+unlink() fallback is what runs.
 * Every other call goes to the real renameat2().
 */
/* For RTLD_NEXT; the build passes -D_GNU_SOURCE already. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

int renameat2(int olddirfd, const char *oldpath, int newdirfd,
	      const char *newpath, unsigned int flags)
{
	int (*real)(int, const char *, int, const char *, unsigned int);

	if (flags & RENAME_NOREPLACE) {
		errno = EINVAL;
		return -1;
	}
	real = (int (*)(int, const char *, int, const char *, unsigned int))
		dlsym(RTLD_NEXT, "renameat2");
	return real(olddirfd, oldpath, newdirfd, newpath, flags);
}
