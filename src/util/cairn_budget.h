/*
 * cairn_budget - the bytes one job holds, against memory_budget.
 *
 * doc/spool.md: processing one file (reading it, solving, grading and
 * writing its result) stays within memory_budget.  Each job keeps one
 * budget; whoever holds memory for the job (the input bytes, the puzzle
 * list, the result buffer) charges what it holds and releases it when it
 * lets go, so `used` is what the job holds now.  A charge that would pass
 * the limit is refused and remembered (`over`), so that the job can stop
 * and say how much it would have needed instead of growing further.
 * A budget belongs to one thread.
 */
#ifndef CAIRN_BUDGET_H
#define CAIRN_BUDGET_H

#include <stddef.h>
#include <stdint.h>

struct cairn_budget {
	uint64_t limit;			/* bytes the job may hold; 0: no limit */
	uint64_t used;			/* bytes charged now */
	uint64_t peak;			/* most bytes charged at once */
	int over;			/* a charge was refused */
};

void cairn_budget_init(struct cairn_budget *b, uint64_t limit);
/*
 * Charge n bytes that the caller is about to allocate.  Returns 0, or
 * -ENOMEM (nothing charged, b->over set) when used + n would pass the
 * limit.  b may be NULL (nothing is counted).
 */
int cairn_budget_charge(struct cairn_budget *b, uint64_t n);
/* Charge n bytes already held, even past the limit (then b->over is set). */
void cairn_budget_add(struct cairn_budget *b, uint64_t n);
void cairn_budget_release(struct cairn_budget *b, uint64_t n);
/* What the limit leaves (UINT64_MAX without one, 0 when over). */
uint64_t cairn_budget_left(const struct cairn_budget *b);

/*
 * What an allocation of n bytes takes from the heap: glibc's chunk (the
 * size word, 16-byte alignment, 32 bytes at least), or whole pages for a
 * block malloc maps on its own.  0 for n == 0.
 */
uint64_t cairn_budget_cost(size_t n);

#endif
