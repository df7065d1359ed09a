/*
 * cairn_report_class - what a class's results say, gathered for the page.
 *
 * Per result its tally with points (cairn_report_tally), per problem set
 * its puzzles in the order the results list them, per puzzle the counts
 * of its verdicts and errors, one solved result for the optimal values,
 * and its wrong answers counted and sorted, most common first (ties in
 * byte order of the answer).  A wrong answer is the answer the result's
 * checks state, or, for a result that does not hold it (CSV), its
 * feedback.  Results without a problem set count in no puzzle.  Hash
 * tables and one sort: O(n log n) in all the puzzles of all the results.
 */
#ifndef CAIRN_REPORT_CLASS_H
#define CAIRN_REPORT_CLASS_H

#include <stddef.h>

#include "cairn_process.h"
#include "cairn_result_read.h"

/* The counts of a puzzle, by verdict, and its puzzle errors. */
enum { CAIRN_N_CORRECT, CAIRN_N_WRONG, CAIRN_N_MISSING, CAIRN_N_INVALID,
       CAIRN_N_ERROR, CAIRN_N_KINDS };

/* One puzzle of one problem set. */
struct cairn_class_puzzle {
	const char *id;
	size_t n[CAIRN_N_KINDS];
	const struct cairn_result_puzzle *opt;	/* one that was solved */
	size_t first_wrong, nwrong;	/* its range of wr, most common first */
};

/* One problem set. */
struct cairn_class_set {
	const char *name;
	size_t *puzzles, np, cap;	/* indexes of ps, first seen first */
	size_t subs;
};

/* One wrong answer to one puzzle, and how many gave it. */
struct cairn_class_wrong {
	size_t puzzle;			/* index of ps */
	const char *answer;
	size_t count;
};

/* The whole class. */
struct cairn_class {
	const struct cairn_result_file *files;
	size_t n;
	struct cairn_stats *st;		/* per file, with points */
	struct cairn_class_set *sets;
	size_t nsets, setcap;
	struct cairn_class_puzzle *ps;
	size_t nps, pscap;
	struct cairn_class_wrong *wr;
	size_t nwr, wrcap;
};

/* Gather c from files[0..n), which must outlive it. */
void cairn_report_class_gather(struct cairn_class *c,
			       const struct cairn_result_file *files, size_t n);
void cairn_report_class_free(struct cairn_class *c);

#endif
