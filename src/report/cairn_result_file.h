/*
 * cairn_result_file - a result file as read back, and how its fields are.
 *
 * The struct that cairn_result_read() fills (cairn_result_read.h, which
 * includes this), and what its two readers, YAML and CSV, share to fill
 * it the same way.
 */
#ifndef CAIRN_RESULT_FILE_H
#define CAIRN_RESULT_FILE_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "cairn_puzzle.h"

struct cairn_result_puzzle {
	char *id;
	enum cairn_verdict verdict;	/* NONE when ungraded */
	char *feedback;			/* or NULL */
	char *error;			/* a puzzle error, or NULL */
	/* What optimal play gives, when the result has the numbers. */
	int solved;			/* alice, bob and diff are set */
	int64_t alice, bob, diff;
	int first_move;			/* CAIRN_MOVE_*, or -1 when absent */
	char *moves;			/* the optimal line, or NULL */
	/* The stated answer, "diff 5, first_move left" from the checks
	   (YAML results only; CSV results do not hold it), or NULL. */
	char *answer;
};

struct cairn_result_file {
	char *source;			/* the input's name */
	char *problem_set;		/* NULL when absent */
	char *submitter;		/* NULL when absent */
	char *error;			/* status: error: the file error */
	/* Whose file it was and when it arrived (doc/spool.md), absent (NULL, 0)
	   in what `cairn solve` wrote; CSV results have no uid. */
	char *owner;
	int has_uid;
	uint32_t uid;
	char *received;			/* as written: 2026-12-09T21:14:03.512Z */
	struct timespec received_at;	/* the same, when received is set */
	/* late: {by, penalty} (doc/grading.md), or NULL: on time */
	char *late_by, *late_penalty;
	uint32_t penalty_bp;		/* late_penalty in 1/10000: 0.1 is 1000 */
	/* Not graded by the course policy (doc/grading.md): enum cairn_refusal, from
	   the error's words (CAIRN_REFUSED_CLOSED_TEXT, _LIMIT_TEXT). */
	int refused;
	struct cairn_result_puzzle *puzzles;
	size_t npuzzles, cap;
	int weighted;			/* a submission's points were given */
	/* Then its earned points after the penalty, in 1/10000 of a point
	   (2.7 is 27000: exact, as results write them), and its possible
	   points. */
	uint64_t points_e4, max_points;
	/* The result file's modification time (the input's), set by whoever
	   read the file; 0 when unknown. */
	int64_t mtime_sec;
	long mtime_nsec;
};

void cairn_result_file_free(struct cairn_result_file *r);

/*
 * What the YAML and the CSV reader (cairn_result_yaml_read.c,
 * cairn_result_csv_read.c) share; nothing else calls these.
 */

/* The largest max_points whose 1/10000 of a point fit in 64 bits. */
#define CAIRN_RESULT_FILE_MAX_POINTS_E4 (UINT64_MAX / 10000)

/* The verdict of a name ("" is NONE), or -1 when it is none of ours. */
int cairn_result_file_verdict(const char *name);
/* The reason, formatted into err; returns -EINVAL. */
int cairn_result_file_fail(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* A new puzzle at the end of r's, zeroed but for first_move (-1). */
struct cairn_result_puzzle *cairn_result_file_puzzle(struct cairn_result_file *r);
/*
 * The numbers optimal play gives, as result files write them (NULL or ""
 * for absent), into p; it is solved when alice, bob and diff all parse.
 */
void cairn_result_file_optimal(struct cairn_result_puzzle *p, const char *alice,
			       const char *bob, const char *diff,
			       const char *first_move, const char *moves);
/* A non-negative integer as result files write them: 0, or -1. */
int cairn_result_file_count(const char *s, uint64_t *out);
/*
 * A non-negative decimal as result files write points and penalties (2,
 * 2.7, 0.0625: at most four decimals) in 1/10000: 0, or -1.
 */
int cairn_result_file_decimal(const char *s, uint64_t *out);
/* r->late_penalty's text, 0 to 1, into r->penalty_bp: 0, or -1. */
int cairn_result_file_penalty(struct cairn_result_file *r);
/*
 * r->received, when set, as a time: only the text the writer gives one,
 * so that texts compare as times.  0, or -EINVAL with the reason in err,
 * after `where` ("line 2: " or "").
 */
int cairn_result_file_received(struct cairn_result_file *r, const char *where,
			       char *err, size_t errlen);

#endif
