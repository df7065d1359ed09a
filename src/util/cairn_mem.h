/*
 * cairn_mem - allocation that succeeds or does not return.
 *
 * Bookkeeping allocations (names, parsed puzzles, result text) are small
 * and bounded by max_file_bytes; running out of memory there does not
 * return, as in Postfix's mymalloc(): it ends the process, or, under a
 * catch point (cairn_mem_catch), the processing of one file.  Solver
 * tables are the exception: solvers allocate with plain malloc and
 * report -ENOMEM for that puzzle.
 */
#ifndef CAIRN_MEM_H
#define CAIRN_MEM_H

#include <setjmp.h>
#include <stddef.h>

void *cairn_xmalloc(size_t n);
void *cairn_xcalloc(size_t count, size_t size);
void *cairn_xrealloc(void *p, size_t n);
/* Grow an array to hold at least `need` elements of `size` bytes. */
void *cairn_xgrow(void *p, size_t *cap, size_t need, size_t size);
char *cairn_xstrdup(const char *s);
char *cairn_xstrndup(const char *s, size_t n);
char *cairn_xasprintf(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

/*
 * While env is set, out of memory in the functions above, on this thread,
 * returns to it with longjmp(*env, 1) (once: the catch is cleared first)
 * instead of ending the process: what was allocated since is leaked, so
 * only code that holds no lock, descriptor or other resource beyond
 * memory, or whose catch releases it, runs under it (cairn_process_as(),
 * a worker's job).  NULL clears it.  Returns the catch it replaces, for
 * the caller to put back: catches nest.
 */
jmp_buf *cairn_mem_catch(jmp_buf *env);
/*
 * Out of memory outside a catch calls fn (which must not return) instead
 * of printing a line and aborting: cairnd logs and exits 75.
 */
void cairn_mem_on_fail(void (*fn)(size_t n));
/*
 * fn(arg) under a catch of its own: fn's value, or -ENOMEM when an
 * allocation in it failed (what it had allocated then is leaked).  The
 * caller's catch, if any, is in force again on return either way.
 */
int cairn_mem_try(int (*fn)(void *arg), void *arg);

/*
 * Make malloc map every block of 128 KiB or more on its own, always: a
 * freed one goes back to the system at once and a growing one is moved
 * with mremap rather than copied, so the process's peak RSS follows what
 * its jobs hold (see cairn_budget.h).  Called once at the start of main.
 */
void cairn_mem_tune(void);
/*
 * Give the free pages of every malloc arena back to the system: after a
 * big job, so that what one thread's arena kept is not added to what
 * the next job takes in another's.
 */
void cairn_mem_trim(void);
/* Blocks of this size and more are mapped on their own (cairn_mem_tune). */
#define CAIRN_MEM_MAP_FROM (128u * 1024)

#endif
