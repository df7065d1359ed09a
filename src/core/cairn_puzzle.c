/*
 * cairn_puzzle - ownership of parsed puzzle files and their outcomes.
 *
 * Everything reachable from a struct cairn_input is owned by it, except
 * the solver names in outcomes, which point into loaded plugins.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cairn_mem.h"
#include "cairn_puzzle.h"

const char *const cairn_expect_key_names[CAIRN_EXPECT_NKEYS] = {
	"alice_wins", "winner", "alice", "bob", "diff", "first_move", "moves",
};

const char *const cairn_winner_names[3] = { "alice", "bob", "tie" };

const char *const cairn_verdict_names[5] = {
	"", "correct", "wrong", "invalid", "missing",
};

enum cairn_winner cairn_winner_of(int64_t diff)
{
	return diff > 0 ? CAIRN_WINNER_ALICE :
	       diff < 0 ? CAIRN_WINNER_BOB : CAIRN_WINNER_TIE;
}

void cairn_input_init(struct cairn_input *in, const char *source,
		      enum cairn_format format)
{
	memset(in, 0, sizeof *in);
	in->source = cairn_xstrdup(source);
	in->format = format;
}

struct cairn_puzzle *cairn_input_add(struct cairn_input *in)
{
	struct cairn_puzzle *p;

	in->puzzles = cairn_xgrow(in->puzzles, &in->cap, in->npuzzles + 1,
				  sizeof *in->puzzles);
	p = &in->puzzles[in->npuzzles++];
	memset(p, 0, sizeof *p);
	p->moves = -1;
	p->explain = -1;
	p->out.first_move = -1;
	p->points = -1;
	return p;
}

void cairn_input_fail(struct cairn_input *in, unsigned long line, char *msg)
{
	if (in->error != NULL) {
		free(msg);
		return;
	}
	in->error = msg;
	in->error_line = line;
}

void cairn_outcome_clear(struct cairn_outcome *o)
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
	cairn_outcome_clear(&p->out);
}

void cairn_input_free(struct cairn_input *in)
{
	size_t i;

	for (i = 0; i < in->npuzzles; i++)
		cairn_puzzle_free(&in->puzzles[i]);
	free(in->puzzles);
	free(in->source);
	free(in->error);
	free(in->problem_set);
	free(in->submitter);
	memset(in, 0, sizeof *in);
}

enum cairn_format cairn_format_of(const char *name)
{
	const char *dot = strrchr(name, '.');

	if (dot == NULL)
		return CAIRN_FORMAT_OTHER;
	if (strcasecmp(dot, ".yaml") == 0 || strcasecmp(dot, ".yml") == 0)
		return CAIRN_FORMAT_YAML;
	if (strcasecmp(dot, ".csv") == 0)
		return CAIRN_FORMAT_CSV;
	return CAIRN_FORMAT_OTHER;
}

/* cairn_result_name - NAME.EXT gives NAME.result.EXT, NAME gives NAME.result */
char *cairn_result_name(const char *input_name)
{
	const char *dot = strrchr(input_name, '.');

	if (dot == NULL || dot == input_name)
		return cairn_xasprintf("%s.result", input_name);
	return cairn_xasprintf("%.*s.result%s", (int)(dot - input_name),
			       input_name, dot);
}
