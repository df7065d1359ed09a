/*
 * cairn_mem - allocation that succeeds or does not return.
 *
 * Every function here either returns usable memory or does not return;
 * callers never test for NULL.  Out of memory goes, in this order, to
 * the thread's catch point (a worker processing one file: that file's
 * -ENOMEM and retry), to the process's handler (cairnd: a log line and
 * exit 75, which its unit restarts), or prints one line to stderr and
 * aborts.
 */
#include "config.h"

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "cairn_mem.h"

static _Thread_local jmp_buf *catch_point;
static void (*on_fail)(size_t n);

jmp_buf *cairn_mem_catch(jmp_buf *env)
{
	jmp_buf *was = catch_point;

	catch_point = env;
	return was;
}

void cairn_mem_on_fail(void (*fn)(size_t n))
{
	on_fail = fn;
}

int cairn_mem_try(int (*fn)(void *arg), void *arg)
{
	jmp_buf env, *outer = catch_point;
	int r;

	if (setjmp(env) != 0) {
		catch_point = outer;
		return -ENOMEM;
	}
	catch_point = &env;
	r = fn(arg);
	catch_point = outer;
	return r;
}

static void out_of_memory(size_t n)
{
	jmp_buf *env = catch_point;

	if (env != NULL) {
		catch_point = NULL;
		longjmp(*env, 1);
	}
	if (on_fail != NULL)
		on_fail(n);
	fprintf(stderr, "cairn: out of memory allocating %zu bytes\n", n);
	abort();
}

void *cairn_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		out_of_memory(n);
	return p;
}

void *cairn_xcalloc(size_t count, size_t size)
{
	void *p = calloc(count ? count : 1, size ? size : 1);

	if (p == NULL)
		out_of_memory(count * size);
	return p;
}

void *cairn_xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (q == NULL)
		out_of_memory(n);
	return q;
}

/* cairn_xgrow - double the capacity until `need` elements fit */
void *cairn_xgrow(void *p, size_t *cap, size_t need, size_t size)
{
	size_t c = *cap ? *cap : 8;

	if (need <= *cap)
		return p;
	while (c < need) {
		if (c > SIZE_MAX / 2 / size)
			out_of_memory(SIZE_MAX);
		c *= 2;
	}
	*cap = c;
	return cairn_xrealloc(p, c * size);
}

char *cairn_xstrdup(const char *s)
{
	return cairn_xstrndup(s, strlen(s));
}

char *cairn_xstrndup(const char *s, size_t n)
{
	char *p = cairn_xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *cairn_xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	if (vasprintf(&p, fmt, ap) < 0)
		out_of_memory(strlen(fmt));
	va_end(ap);
	return p;
}

void cairn_mem_tune(void)
{
#if defined(__GLIBC__) && defined(M_MMAP_THRESHOLD)
	/* Setting it also turns off glibc's raising of the threshold each
	 * time a mapped block is freed, which would let the next big input
	 * or result grow inside the heap and stay there after the job. */
	mallopt(M_MMAP_THRESHOLD, CAIRN_MEM_MAP_FROM);
#endif
}

void cairn_mem_trim(void)
{
#ifdef __GLIBC__
	malloc_trim(0);
#endif
}
