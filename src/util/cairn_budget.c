/*
 * cairn_budget - counting what one job holds against its limit.
 *
 * The counts are a model of the heap, not a measurement: each holder
 * charges cairn_budget_cost() of its allocations, which follows glibc's
 * chunk sizes closely enough that the peak RSS of a job stays near its
 * charged peak (the daemon's memory test checks that against VmHWM).
 * Measuring instead (mallinfo, /proc) would be neither per job nor
 * deterministic, and a result must depend only on the input and the
 * configuration, so the moment a job is refused must too.
 */
#include "config.h"

#include <errno.h>

#include "cairn_budget.h"
#include "cairn_mem.h"

#define PAGE 4096u

void cairn_budget_init(struct cairn_budget *b, uint64_t limit)
{
	b->limit = limit;
	b->used = b->peak = 0;
	b->over = 0;
}

int cairn_budget_charge(struct cairn_budget *b, uint64_t n)
{
	if (b == NULL)
		return 0;
	if (b->limit != 0 && (b->used > b->limit || n > b->limit - b->used)) {
		b->over = 1;
		return -ENOMEM;
	}
	cairn_budget_add(b, n);
	return 0;
}

void cairn_budget_add(struct cairn_budget *b, uint64_t n)
{
	if (b == NULL)
		return;
	b->used += n;
	if (b->used > b->peak)
		b->peak = b->used;
	if (b->limit != 0 && b->used > b->limit)
		b->over = 1;
}

void cairn_budget_release(struct cairn_budget *b, uint64_t n)
{
	if (b == NULL)
		return;
	b->used = n > b->used ? 0 : b->used - n;
}

uint64_t cairn_budget_left(const struct cairn_budget *b)
{
	if (b == NULL || b->limit == 0)
		return UINT64_MAX;
	return b->used >= b->limit ? 0 : b->limit - b->used;
}

uint64_t cairn_budget_cost(size_t n)
{
	uint64_t c;

	if (n == 0)
		return 0;
	if (n >= CAIRN_MEM_MAP_FROM)
		return ((uint64_t)n + 16 + PAGE - 1) / PAGE * PAGE;
	c = ((uint64_t)n + 8 + 15) & ~(uint64_t)15;
	return c < 32 ? 32 : c;
}
