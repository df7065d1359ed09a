/*
 * nomem_shim - an LD_PRELOAD module that makes one malloc() fail.
 *
 * While the file named by $CAIRN_NOMEM_FLAG exists, the Nth malloc(),
 * calloc() or realloc() (N from the file's second word, default 1) made
 * from where the file says ("yaml": called by libyaml; "dlopen": during
 * a dlopen(); "uv_signal_init": during that call, made by the program
 * (libuv's own, inside uv_loop_init(), aborts on failure); "uv_loop_init":
 * during that call; "fdopendir": during
 * that call, as listing the plugin directory makes it; "worker": on a
 * thread other than the main one, where files are processed; "any":
 * anywhere, on any thread, counted from the process's start) returns
 * NULL with ENOMEM, the file is removed and a line "nomem_shim:
 * allocation N at WHERE failed" written to standard error (where it falls
 * among the program's log lines): exactly one allocation
 * fails, as it may on a loaded machine, and everything else runs as
 * usual.  Allocations are counted afresh whenever the file's words
 * change (a third word, ignored, can make them differ).  glibc's
 * __libc_malloc and friends do the real work, so no dlsym() is needed on
 * the allocation path.
 */
#include "config.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <dirent.h>

struct uv_loop_s;
struct uv_signal_s;

void *__libc_malloc(size_t n);
void *__libc_calloc(size_t c, size_t n);
void *__libc_realloc(void *p, size_t n);

static __thread int busy;		/* inside the shim's own checks */
static __thread int in_dlopen, in_signal_init, in_opendir, in_loop_init;
static int counted;			/* allocations seen at the place so far */
static char last[64];			/* the flag's words they were counted for */

/* fail_now - whether this allocation, called from `caller`, is to fail. */
static int fail_now(void *caller)
{
	const char *flag;
	char where[64] = "";
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
		if (strcmp(where, last) != 0) {
			/* A new flag (a third word may tell them apart): count afresh. */
			counted = 0;
			memcpy(last, where, sizeof(last));
		}
		char *nth = strchr(where, ' ');
		int want = 1;

		if (nth != NULL) {
			*nth++ = '\0';
			want = atoi(nth) > 0 ? atoi(nth) : 1;
		}
		if (strcmp(where, "dlopen") == 0)
			yes = in_dlopen;
		else if (strcmp(where, "uv_signal_init") == 0)
			yes = in_signal_init && !in_loop_init;
		else if (strcmp(where, "uv_loop_init") == 0)
			yes = in_loop_init;
		else if (strcmp(where, "fdopendir") == 0)
			yes = in_opendir;
		else if (strcmp(where, "any") == 0)
			yes = 1;
		else if (strcmp(where, "worker") == 0)
			yes = gettid() != getpid();
		else if (strcmp(where, "yaml") == 0)
			yes = dladdr(caller, &info) != 0 && info.dli_fname != NULL &&
			      strstr(info.dli_fname, "libyaml") != NULL;
		yes = yes && __atomic_add_fetch(&counted, 1, __ATOMIC_RELAXED) >= want &&
		      unlink(flag) == 0;
		if (yes) {
			/* In the program's log, where it falls among its lines. */
			char line[96];
			int len = snprintf(line, sizeof(line), "nomem_shim: allocation %d at %s failed\n",
					   counted, where);

			ssize_t w = write(STDERR_FILENO, line, (size_t)len);

			(void)w;	/* the mark is a courtesy */
			counted = 0;
		}
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

int uv_signal_init(struct uv_loop_s *loop, struct uv_signal_s *h)
{
	int (*real)(struct uv_loop_s *, struct uv_signal_s *) =
		(int (*)(struct uv_loop_s *, struct uv_signal_s *))dlsym(RTLD_NEXT, "uv_signal_init");
	int r;

	in_signal_init++;
	r = real(loop, h);
	in_signal_init--;
	return r;
}

DIR *fdopendir(int fd)
{
	DIR *(*real)(int) = (DIR *(*)(int))dlsym(RTLD_NEXT, "fdopendir");
	DIR *d;

	in_opendir++;
	d = real(fd);
	in_opendir--;
	return d;
}

int uv_loop_init(struct uv_loop_s *loop)
{
	int (*real)(struct uv_loop_s *) = (int (*)(struct uv_loop_s *))dlsym(RTLD_NEXT, "uv_loop_init");
	int r;

	in_loop_init++;
	r = real(loop);
	in_loop_init--;
	return r;
}
