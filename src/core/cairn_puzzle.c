/*
 * cairn_puzzle - ownership of parsed puzzle files and their outcomes.
 *
 * Everything reachable from a struct cairn_input is owned by it, except
 * the solver names in outcomes, which point into loaded plugins.  The
 * list charges its budget lazily: a puzzle's allocations are counted
 * when the next one is added (the reader has filled it by then) or at
 * charge_pending(), its slot when it is added; cairn_puzzle_input_free()
 * gives it all back.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cairn_budget.h"
#include "cairn_mem.h"
#include "cairn_puzzle.h"
#include "cairn_solve.h"

const char *const cairn_puzzle_expect_key_names[CAIRN_EXPECT_NKEYS] = {
	"alice_wins", "winner", "alice", "bob", "diff", "first_move", "moves",
};

const char *const cairn_puzzle_winner_names[3] = { "alice", "bob", "tie" };

const char *const cairn_puzzle_verdict_names[5] = {
	"", "correct", "wrong", "invalid", "missing",
};

enum cairn_winner cairn_puzzle_winner_of(int64_t diff)
{
	return diff > 0 ? CAIRN_WINNER_ALICE :
	       diff < 0 ? CAIRN_WINNER_BOB : CAIRN_WINNER_TIE;
}

void cairn_puzzle_input_init(struct cairn_input *in, const char *source,
			     enum cairn_format format)
{
	memset(in, 0, sizeof *in);
	in->source = cairn_xstrdup(source);
	in->format = format;
}

static uint64_t str_bytes(const char *s)
{
	return s == NULL ? 0 : cairn_budget_cost(strlen(s) + 1);
}

uint64_t cairn_puzzle_bytes(const struct cairn_puzzle *p)
{
	const struct cairn_outcome *o = &p->out;
	uint64_t b;
	size_t i;

	b = str_bytes(p->id) + str_bytes(p->solver) + str_bytes(p->error) +
	    str_bytes(p->expect.moves) + str_bytes(p->expect.invalid) +
	    str_bytes(o->moves) + str_bytes(o->feedback);
	if (p->piles != NULL)
		b += cairn_budget_cost(p->n * sizeof *p->piles);
	if (o->table != NULL)
		b += cairn_budget_cost(p->n * p->n * sizeof *o->table);
	if (o->checks != NULL)
		b += cairn_budget_cost(o->nchecks * sizeof *o->checks);
	for (i = 0; i < o->nchecks; i++)
		b += str_bytes(o->checks[i].expected) +
		     str_bytes(o->checks[i].actual);
	return b;
}

/* Charge the puzzles not charged yet (cairn_puzzle_input_add() does it lazily). */
static void charge_pending(struct cairn_input *in)
{
	uint64_t b = 0;

	for (; in->charged < in->npuzzles; in->charged++)
		b += cairn_puzzle_bytes(&in->puzzles[in->charged]);
	in->held += b;
	in->held_items += b;
	cairn_budget_add(in->budget, b);
}

void cairn_puzzle_input_recharge(struct cairn_input *in)
{
	cairn_budget_release(in->budget, in->held);
	in->held = in->held_items = 0;
	in->charged = 0;
	charge_pending(in);
	in->held += in->npuzzles * sizeof *in->puzzles;
	cairn_budget_add(in->budget, in->held - in->held_items);
}

struct cairn_puzzle *cairn_puzzle_input_add(struct cairn_input *in)
{
	struct cairn_puzzle *p;

	charge_pending(in);
	if (in->max_puzzles != 0 && in->npuzzles >= in->max_puzzles &&
	    in->stop == CAIRN_STOP_NONE)
		in->stop = CAIRN_STOP_PUZZLES;
	in->puzzles = cairn_xgrow(in->puzzles, &in->cap, in->npuzzles + 1,
				  sizeof *in->puzzles);
	/* A slot is counted when used: the untouched rest of a grown list
	 * is address space, not memory (cairn_mem_tune() maps big blocks). */
	in->held += sizeof *p;
	cairn_budget_add(in->budget, sizeof *p);
	if (in->budget != NULL && in->budget->over &&
	    in->stop == CAIRN_STOP_NONE)
		in->stop = CAIRN_STOP_MEMORY;
	p = &in->puzzles[in->npuzzles++];
	memset(p, 0, sizeof *p);
	p->moves = -1;
	p->explain = -1;
	p->out.first_move = -1;
	p->points = -1;
	return p;
}

int cairn_puzzle_input_fits(struct cairn_input *in, size_t n)
{
	uint64_t cost = cairn_budget_cost(n);

	if (in->budget == NULL || cost <= cairn_budget_left(in->budget))
		return 1;
	in->budget->over = 1;
	in->refused += cost;
	if (in->stop == CAIRN_STOP_NONE)
		in->stop = CAIRN_STOP_MEMORY;
	return 0;
}

/*
 * need - what reading the whole file would take: what the job holds
 * besides the puzzles, the puzzles scaled from the part read to the
 * whole, and what was refused
 */
static uint64_t need(const struct cairn_input *in, size_t done, size_t total)
{
	uint64_t other = in->budget->used - in->held;
	double items = (double)in->held;

	if (done > 0 && done < total)
		items = items * (double)total / (double)done;
	return other + (uint64_t)items + in->refused;
}

int cairn_puzzle_input_stopped(struct cairn_input *in, size_t done, size_t total)
{
	unsigned long line;
	char a[32], b[32];

	if (in->stop == CAIRN_STOP_NONE)
		return 0;
	if (in->error != NULL)
		return 1;
	charge_pending(in);
	line = in->npuzzles > 0 ? in->puzzles[in->npuzzles - 1].line : 0;
	if (in->stop == CAIRN_STOP_PUZZLES) {
		cairn_puzzle_input_fail(in, line, cairn_xasprintf(
			"line %lu: more than %zu puzzles (max_puzzles)", line,
			in->max_puzzles));
		return 1;
	}
	cairn_solve_format_bytes(a, sizeof a, need(in, done, total));
	cairn_solve_format_bytes(b, sizeof b, in->budget->limit);
	cairn_puzzle_input_fail(in, line, cairn_xasprintf(
		"line %lu: reading the file needs about %s of memory, more "
		"than memory_budget (%s)", line, a, b));
	return 1;
}

void cairn_puzzle_input_fail(struct cairn_input *in, unsigned long line, char *msg)
{
	if (in->error != NULL) {
		free(msg);
		return;
	}
	in->error = msg;
	in->error_line = line;
}

static void outcome_clear(struct cairn_outcome *o)
{
	size_t i;

	free(o->moves);
	free(o->table);
	for (i = 0; i < o->nchecks; i++) {
		free(o->checks[i].expected);
		free(o->checks[i].actual);
	}
	free(o->checks);
	free(o->feedback);
	memset(o, 0, sizeof *o);
	o->first_move = -1;
}

void cairn_puzzle_fail(struct cairn_puzzle *p, char *msg)
{
	if (p->error != NULL) {
		free(msg);
		return;
	}
	p->error = msg;
}

void cairn_puzzle_free(struct cairn_puzzle *p)
{
	free(p->id);
	free(p->piles);
	free(p->solver);
	free(p->expect.moves);
	free(p->expect.invalid);
	free(p->error);
	outcome_clear(&p->out);
}

void cairn_puzzle_input_free(struct cairn_input *in)
{
	size_t i;

	for (i = 0; i < in->npuzzles; i++)
		cairn_puzzle_free(&in->puzzles[i]);
	cairn_budget_release(in->budget, in->held);
	free(in->puzzles);
	free(in->source);
	free(in->error);
	free(in->problem_set);
	free(in->submitter);
	cairn_policy_free(&in->policy);
	memset(in, 0, sizeof *in);
}

enum cairn_format cairn_puzzle_format_of(const char *name)
{
	const char *dot = strrchr(name, '.');

	if (dot == NULL)
		return CAIRN_FORMAT_OTHER;
	if (strcasecmp(dot, ".yaml") == 0 || strcasecmp(dot, ".yml") == 0)
		return CAIRN_FORMAT_YAML;
	if (strcasecmp(dot, ".csv") == 0)
		return CAIRN_FORMAT_CSV;
	if (strcasecmp(dot, ".json") == 0)
		return CAIRN_FORMAT_JSON;
	return CAIRN_FORMAT_OTHER;
}

/* cairn_puzzle_result_name - NAME.EXT gives NAME.result.EXT, NAME gives NAME.result */
char *cairn_puzzle_result_name(const char *input_name)
{
	const char *dot = strrchr(input_name, '.');

	if (dot == NULL || dot == input_name)
		return cairn_xasprintf("%s.result", input_name);
	return cairn_xasprintf("%.*s.result%s", (int)(dot - input_name),
			       input_name, dot);
}
