/*
 * cairn_report_pick - one result per owner (or submitter) and problem set
 * (--per-submitter), and the exact comparison of scores it ranks by.
 */
#ifndef CAIRN_REPORT_PICK_H
#define CAIRN_REPORT_PICK_H

#include <stddef.h>
#include <stdint.h>

#include "cairn_result_read.h"

/* Which results a report keeps (--per-submitter). */
enum cairn_pick { CAIRN_PICK_ALL, CAIRN_PICK_LATEST, CAIRN_PICK_BEST };

/*
 * Keep one result per owner (without one: submitter) and problem set: the
 * latest by received (without one: mtime) or
 * the best by score (ties: see cairn_report_pick.c).  The kept ones are
 * moved to files[0..k), in the order given, the others after them (still
 * to be freed); returns k.  CAIRN_PICK_ALL keeps everything.
 */
size_t cairn_report_pick(struct cairn_result_file *files, size_t n,
			 enum cairn_pick how);

/*
 * Compare the scores a/b and c/d exactly (-1, 0, 1); a denominator of 0
 * is no score, below every score.
 */
int cairn_report_pick_score_cmp(uint64_t a, uint64_t b, uint64_t c, uint64_t d);

#endif
