/*
 * cairn_puzzle - the parsed form of one puzzle file and what became of it.
 *
 * The YAML and CSV readers fill a struct cairn_input; the solving core adds
 * each puzzle's outcome; grading adds verdicts; the result writers turn the
 * whole thing into bytes.  One struct carries a file through all of these
 * steps, and cairn_puzzle_input_free() releases everything it owns.
 *
 * Memory: what the puzzles hold is charged to the job's budget (when the
 * input has one) as the readers add them, and the readers stop at the
 * first limit passed, max_puzzles or memory_budget, so that a file too
 * big for either costs no more than the limit before it is refused.
 */
#ifndef CAIRN_PUZZLE_H
#define CAIRN_PUZZLE_H

#include <stddef.h>
#include <stdint.h>

#include <cairn/plugin.h>

#include "cairn_origin.h"
#include "cairn_policy.h"

struct cairn_budget;

/* The keys of an expectation (doc/grading.md), as bits and as indexes. */
enum cairn_expect_key {
	CAIRN_EXPECT_ALICE_WINS,
	CAIRN_EXPECT_WINNER,
	CAIRN_EXPECT_ALICE,
	CAIRN_EXPECT_BOB,
	CAIRN_EXPECT_DIFF,
	CAIRN_EXPECT_FIRST_MOVE,
	CAIRN_EXPECT_MOVES,
	CAIRN_EXPECT_NKEYS
};
#define CAIRN_EXPECT_BIT(k) (1u << (k))

/* Names of the keys, in the order above ("alice_wins", ...). */
extern const char *const cairn_puzzle_expect_key_names[CAIRN_EXPECT_NKEYS];

enum cairn_winner { CAIRN_WINNER_ALICE, CAIRN_WINNER_BOB, CAIRN_WINNER_TIE };

/* "alice", "bob", "tie", in the order above. */
extern const char *const cairn_puzzle_winner_names[3];
/* The winner a diff (Alice minus Bob) under optimal play implies. */
enum cairn_winner cairn_puzzle_winner_of(int64_t diff);

/*
 * Stated answers.  `given` has a bit per key that was stated with a valid
 * value.  When any part of the expectation is malformed (wrong type,
 * unknown key, moves of the wrong length) `invalid` holds the message with
 * its place and the puzzle's verdict will be `invalid`.
 */
struct cairn_expect {
	int present;			/* an expect/answer/expect_* was given */
	unsigned given;			/* CAIRN_EXPECT_BIT(k) */
	int alice_wins;			/* 0 or 1 */
	int winner;			/* enum cairn_winner */
	int64_t alice, bob, diff;
	int first_move;			/* CAIRN_MOVE_LEFT or CAIRN_MOVE_RIGHT */
	char *moves;			/* letters L/R as given */
	char *invalid;			/* NULL, or why the expectation is malformed */
};

enum cairn_verdict {
	CAIRN_VERDICT_NONE,		/* ungraded */
	CAIRN_VERDICT_CORRECT,
	CAIRN_VERDICT_WRONG,
	CAIRN_VERDICT_INVALID,
	CAIRN_VERDICT_MISSING
};

/* The verdicts' names as results print them ("" for NONE). */
extern const char *const cairn_puzzle_verdict_names[5];

/* One entry of `checks`: the stated value against optimal play. */
struct cairn_check {
	enum cairn_expect_key key;
	char *expected;			/* as the result file prints it */
	char *actual;
	int ok;
	size_t first_bad;		/* first_move/moves: 1-based index of the
					   first non-optimal move, 0 if none */
};

/* What solving (and grading) made of one puzzle. */
struct cairn_outcome {
	int solved;			/* the numbers below are valid */
	const char *solver;		/* name of the solver that ran (static) */
	int64_t total, alice, bob, diff;
	int first_move;			/* CAIRN_MOVE_*, or -1 when not computed */
	char *moves;			/* n letters, or NULL when not computed */
	int64_t *table;			/* n*n DP table (d(i,j) at [i*n+j]) for explain */

	enum cairn_verdict verdict;
	struct cairn_check *checks;
	size_t nchecks;
	char *feedback;			/* for wrong and invalid answers */
};

struct cairn_puzzle {
	char *id;			/* never NULL after parsing (default "#k") */
	unsigned long line;		/* where the puzzle starts in the input */
	int64_t *piles;			/* NULL for an answer whose piles come from a problem set */
	size_t n;
	char *solver;			/* NULL: the configured default */
	int moves;			/* -1 unset, 0 or 1 */
	int explain;			/* -1 unset, 0 or 1 */
	struct cairn_expect expect;
	char *error;			/* the puzzle is invalid: message with its place */
	struct cairn_outcome out;
	int64_t points;			/* a problem set's weight; -1 unset (1) */
};

/* The most piles of a puzzle whose DP table `explain` shows (doc/formats.md). */
#define CAIRN_EXPLAIN_MAX_N 20
/* The most points one puzzle of a problem set may carry. */
#define CAIRN_MAX_POINTS 1000000000
/* What puzzle p weighs in a submission's score (doc/grading.md). */
#define CAIRN_POINTS_OF(p) ((p)->points < 0 ? 1 : (uint64_t)(p)->points)

enum cairn_format { CAIRN_FORMAT_YAML, CAIRN_FORMAT_CSV, CAIRN_FORMAT_OTHER,
		   CAIRN_FORMAT_JSON };

enum cairn_shape {
	CAIRN_SHAPE_NONE,		/* nothing parsed (a file error) */
	CAIRN_SHAPE_PUZZLES,		/* YAML puzzles and sets, CSV without problem_set */
	CAIRN_SHAPE_SUBMISSION		/* answers against a problem set */
};

struct cairn_input {
	char *source;			/* base name of the input file */
	enum cairn_format format;
	enum cairn_shape shape;
	char *error;			/* file error with its place, or NULL */
	unsigned long error_line;	/* line of the file error, 0 if none */
	char *problem_set;		/* submissions: the set's name */
	char *submitter;		/* submissions: optional */
	/* The daemon's file: owner, uid and received in the result; or NULL. */
	const struct cairn_origin *origin;
	/*
	 * The course policy (doc/grading.md): a set's own as read (policy.present
	 * when it has one); a submission's, its problem set's once resolved.
	 * What it made of the arrival (cairn_process): refusal (enum
	 * cairn_refusal, then `error` says why), or late by late_by_ms
	 * (arrival - due) with penalty_bp taken off the points.
	 */
	struct cairn_policy policy;
	int refusal;
	int late;
	int64_t late_by_ms;
	uint32_t penalty_bp;
	struct cairn_puzzle *puzzles;
	size_t npuzzles;
	size_t cap;
	int oom;			/* a reader ran out of memory: not a result */
	/* Limits of the whole file, set after cairn_puzzle_input_init() (0/NULL:
	 * none), and what is charged for them. */
	size_t max_puzzles;
	struct cairn_budget *budget;
	uint64_t held;			/* charged: the slots and puzzles[0..charged) */
	uint64_t held_items;		/* ... of which the puzzles' own allocations */
	size_t charged;
	uint64_t refused;		/* not taken by cairn_puzzle_input_fits() */
	int stop;			/* a limit was passed (enum cairn_stop) */
};

/* Why the readers stop early (struct cairn_input's `stop`). */
enum cairn_stop { CAIRN_STOP_NONE, CAIRN_STOP_PUZZLES, CAIRN_STOP_MEMORY };

/* Limits the readers enforce (cairnd.yaml(5)). */
struct cairn_limits {
	size_t max_piles;		/* per puzzle */
	size_t max_file_bytes;
};

#define CAIRN_DEFAULT_MAX_PILES      1000000u
#define CAIRN_DEFAULT_MAX_PUZZLES    1000000u
#define CAIRN_DEFAULT_MAX_FILE_BYTES (64u * 1024 * 1024)

void cairn_puzzle_input_init(struct cairn_input *in, const char *source,
			     enum cairn_format format);
/*
 * Append a zeroed puzzle (moves/explain unset, first_move -1) and return
 * it.  The puzzles before it are charged to in->budget now; when this
 * puzzle is one past max_puzzles, or the budget is passed, in->stop is
 * set, and the reader ends at its next cairn_puzzle_input_stopped().
 */
struct cairn_puzzle *cairn_puzzle_input_add(struct cairn_input *in);
/*
 * Whether reading must stop (in->stop): then the file error that says
 * why is recorded (once) and 1 returned.  `done` of `total` bytes were
 * read, which serves to estimate what the whole file would need.
 */
int cairn_puzzle_input_stopped(struct cairn_input *in, size_t done, size_t total);
/*
 * Whether n more bytes (a value about to be copied) fit in what the
 * budget leaves; when not, reading stops as for cairn_puzzle_input_add() and the
 * bytes count in what the file is said to need.
 */
int cairn_puzzle_input_fits(struct cairn_input *in, size_t n);
/* Count again, from scratch, what the list and every puzzle hold. */
void cairn_puzzle_input_recharge(struct cairn_input *in);
/* What one puzzle's own allocations take (not its slot in the list). */
uint64_t cairn_puzzle_bytes(const struct cairn_puzzle *p);
/* Record a file error (the first one wins); takes ownership of `msg`. */
void cairn_puzzle_input_fail(struct cairn_input *in, unsigned long line, char *msg);
void cairn_puzzle_input_free(struct cairn_input *in);

void cairn_puzzle_free(struct cairn_puzzle *p);
/* Set p->error (first one wins); takes ownership of `msg`. */
void cairn_puzzle_fail(struct cairn_puzzle *p, char *msg);

/* The format an input file name implies, from its extension. */
enum cairn_format cairn_puzzle_format_of(const char *name);
/* Result file name for an input name (doc/formats.md); caller frees. */
char *cairn_puzzle_result_name(const char *input_name);

#endif
