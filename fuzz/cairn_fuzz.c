/*
 * cairn_fuzz - what the fuzz harnesses share: one oracle, one problem set.
 *
 * The oracle is made on first use and freed at exit, so that a harness
 * run under valgrind or LeakSanitizer shows no memory of its own.  Its
 * problem set "hw1" is served unless a harness names another text.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_fuzz.h"

const char cairn_fuzz_hw1[] =
	"puzzles:\n"
	"  - id: p1\n"
	"    piles: [5, 3, 4, 5]\n"
	"  - id: p2\n"
	"    piles: [1, 2, 3]\n"
	"    moves: true\n"
	"  - id: p3\n"
	"    piles: [3, 9, 1, 2]\n";

static struct cairn_oracle shared;
static int made;

static void unmake(void)
{
	cairn_oracle_free(&shared);
}

struct cairn_oracle *cairn_fuzz_oracle(void)
{
	if (!made) {
		cairn_oracle_init(&shared, 1, 64);
		atexit(unmake);
		made = 1;
	}
	cairn_oracle_set(&shared, "hw1", cairn_fuzz_hw1,
			 sizeof cairn_fuzz_hw1 - 1);
	return &shared;
}

void cairn_fuzz_fail(const char *name, char *msg)
{
	fprintf(stderr, "fuzz_%s: oracle failed: %s\n", name, msg);
	free(msg);
	abort();
}
