/*
 * nomem_shim - an LD_PRELOAD module that makes one malloc() fail.
 *
 * While the file named by $CAIRN_NOMEM_FLAG exists, the next malloc(),
 * calloc() or realloc() made from where the file says ("yaml": called by
 * libyaml; "dlopen": during a dlopen()) returns NULL with ENOMEM,
 * and the file is removed: exactly one allocation fails, as it may on a
 * loaded machine, and everything else runs as usual.  glibc's
 * __libc_malloc and friends do the real work, so no dlsym() is needed on
 * the allocation path.
 */
#include "config.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void *__libc_malloc(size_t n);
void *__libc_calloc(size_t c, size_t n);
void *__libc_realloc(void *p, size_t n);

static __thread int busy;		/* inside the shim's own checks */
static __thread int in_dlopen;

/* fail_now - whether this allocation, called from `caller`, is to fail. */
static int fail_now(void *caller)
{
	const char *flag;
	char where[16] = "";
	Dl_info info;
	int yes = 0, fd;

	if (busy)
		return 0;
	busy = 1;
	flag = getenv("CAIRN_NOMEM_FLAG");
	if (flag != NULL && (fd = open(flag, O_RDONLY | O_CLOEXEC)) >= 0) {
		ssize_t n = read(fd, where, sizeof(where) - 1);

		close(fd);
		where[n > 0 ? n : 0] = '\0';
		where[strcspn(where, "\n")] = '\0';
		if (strcmp(where, "dlopen") == 0)
			yes = in_dlopen;
		else if (strcmp(where, "yaml") == 0)
			yes = dladdr(caller, &info) != 0 && info.dli_fname != NULL &&
			      strstr(info.dli_fname, "libyaml") != NULL;
		yes = yes && unlink(flag) == 0;
	}
	busy = 0;
	return yes;
}

void *malloc(size_t n)
{
	if (fail_now(__builtin_return_address(0))) {
		errno = ENOMEM;
		return NULL;
	}
	return __libc_malloc(n);
}

void *calloc(size_t c, size_t n)
{
	if (fail_now(__builtin_return_address(0))) {
		errno = ENOMEM;
		return NULL;
	}
	return __libc_calloc(c, n);
}

void *realloc(void *p, size_t n)
{
	if (fail_now(__builtin_return_address(0))) {
		errno = ENOMEM;
		return NULL;
	}
	return __libc_realloc(p, n);
}

void *dlopen(const char *path, int flags)
{
	void *(*real)(const char *, int) = (void *(*)(const char *, int))dlsym(RTLD_NEXT, "dlopen");
	void *h;

	in_dlopen++;
	h = real(path, flags);
	in_dlopen--;
	return h;
}
