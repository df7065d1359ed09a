/*
 * cairn_value - the value rules the YAML, JSON and CSV readers share.
 *
 * All three readers turn text values into puzzle fields with the same
 * rules and the same words, so that a message reads alike whichever
 * format the file was in.  The functions here produce the part of a
 * message after the place ("\"4.5\" is not an integer"); each reader
 * prefixes its own place ("line 4, column 12: piles[2]: " or "line 7,
 * field 3: ").
 */
#ifndef CAIRN_VALUE_H
#define CAIRN_VALUE_H

#include <stddef.h>
#include <stdint.h>

#include "cairn_buf.h"
#include "cairn_puzzle.h"

/* The kinds of scalar values a puzzle file holds. */
enum cairn_value_type {
	CAIRN_VALUE_INT,
	CAIRN_VALUE_BOOL,
	CAIRN_VALUE_WINNER,
	CAIRN_VALUE_FIRST_MOVE,
	CAIRN_VALUE_MOVES,
	CAIRN_VALUE_STRING,
	CAIRN_VALUE_NTYPES
};

union cairn_value {
	int64_t i;			/* INT */
	int b;				/* BOOL, WINNER (enum cairn_winner),
					   FIRST_MOVE (CAIRN_MOVE_*) */
	char *s;			/* MOVES, STRING: allocated */
};

/* What a value of each type must be: "an integer", "a boolean (...)"... */
extern const char *const cairn_value_wants[CAIRN_VALUE_NTYPES];
/* The type of each expect key. */
extern const enum cairn_value_type
cairn_value_expect_types[CAIRN_EXPECT_NKEYS];

/*
 * Parse s[0..len) as a value of type t into *v.  Returns NULL, or the
 * reason it is not one (allocated): "\"4.5\" is not an integer".
 */
char *cairn_value_parse(enum cairn_value_type t, const char *s,
			size_t len, union cairn_value *v);

/* "\"VALUE\" is not WANTS", VALUE quoted as messages quote it (allocated). */
char *cairn_value_is_not(const char *s, size_t len, const char *wants);

/* Look up an expect key by name; -1 when there is none. */
int cairn_value_expect_key(const char *name, size_t len);

/*
 * Parse the value of expect key k and record it in e (its bit in `given`).
 * Returns NULL, or the reason the value is malformed (allocated).
 */
char *cairn_value_expect(struct cairn_expect *e, enum cairn_expect_key k,
			 const char *s, size_t len);

/* Where a reader's message goes. */
enum cairn_value_sink {
	CAIRN_VALUE_FILE,		/* a file error: reading stops */
	CAIRN_VALUE_PUZZLE,		/* p->error: the puzzle is invalid */
	CAIRN_VALUE_EXPECT		/* p->expect.invalid: a bad answer */
};

/*
 * Record msg (taken over) where `sink` says; the first message of each
 * place wins.  Returns -1 for a file error, else 0.
 */
int cairn_value_report(struct cairn_input *in,
		       enum cairn_value_sink sink,
		       struct cairn_puzzle *p, unsigned long line,
		       char *msg);

/* Ids seen so far in one file, to find duplicates. */
struct cairn_value_slot {
	size_t hash;			/* 0 when empty */
	size_t idx;			/* index of the puzzle */
};

struct cairn_value_ids {
	struct cairn_value_slot *slot;
	size_t cap;			/* a power of two, or 0 */
	size_t used;
	struct cairn_budget *budget;	/* charged for slot (the input's) */
};

/*
 * Give puzzle idx of `in` its default id "#k" when it has none, and check
 * its id against those of the puzzles before it (call this once for each
 * puzzle, in order).  Returns NULL, or (allocated) "duplicate id \"p1\"
 * (first at line 4)" when an earlier puzzle has the same id.
 */
char *cairn_value_id(struct cairn_value_ids *ids,
		     const struct cairn_input *in, size_t idx);
/*
 * Only the default id, for a submission's answers: two answers to one id
 * are not an error of the file but a matter of grading (doc/grading.md,
 * see cairn_problems_merge.c).
 */
void cairn_value_default_id(const struct cairn_input *in, size_t idx);
void cairn_value_ids_free(struct cairn_value_ids *ids);

/*
 * Start reading a file: refuse it when larger than max_file_bytes (a file
 * error; returns -1) and step over a leading UTF-8 BOM.
 */
int cairn_value_begin(struct cairn_input *in, const char **data,
		      size_t *len, const struct cairn_limits *limits);
/*
 * Finish reading a file: after a file error drop the puzzles; a file of
 * puzzles without any is a file error ("no puzzles in file").
 */
void cairn_value_end(struct cairn_input *in);

/*
 * Append a plain-text account of what a reader made of a file: the file
 * error, the shape, and each puzzle with its fields, expectation and
 * error.  The reader tests compare it whole; it also serves debugging.
 */
void cairn_value_dump(struct cairn_buf *b, const struct cairn_input *in);

#endif
