/*
 * cairn_result_file - what the YAML and the CSV result reader share.
 *
 * Both readers fill one struct the same way through these: a verdict's
 * name, the numbers of optimal play (absent when they do not parse: they
 * only inform the HTML report), a count, points and penalties as exact
 * decimals (2.7 is 27000 in 1/10000 of a point, so that sums and
 * penalties lose nothing), and the arrival time, which must be the one
 * text the writer gives it so that texts compare as times.  The fields
 * are those of doc/formats.md, "Result files".
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_int.h"
#include "cairn_mem.h"
#include "cairn_result_file.h"
#include "cairn_time.h"

int cairn_result_file_verdict(const char *name)
{
	int v;

	for (v = CAIRN_VERDICT_CORRECT; v <= CAIRN_VERDICT_MISSING; v++)
		if (strcmp(name, cairn_puzzle_verdict_names[v]) == 0)
			return v;
	return name[0] == '\0' ? CAIRN_VERDICT_NONE : -1;
}

int cairn_result_file_fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

struct cairn_result_puzzle *cairn_result_file_puzzle(struct cairn_result_file *r)
{
	struct cairn_result_puzzle *p;

	r->puzzles = cairn_xgrow(r->puzzles, &r->cap, r->npuzzles + 1,
				 sizeof *r->puzzles);
	p = &r->puzzles[r->npuzzles++];
	memset(p, 0, sizeof *p);
	p->first_move = -1;
	return p;
}

void cairn_result_file_optimal(struct cairn_result_puzzle *p, const char *alice,
			       const char *bob, const char *diff,
			       const char *first_move, const char *moves)
{
	p->solved = alice != NULL && bob != NULL && diff != NULL &&
		    cairn_int_parse_i64(alice, strlen(alice), &p->alice) == 0 &&
		    cairn_int_parse_i64(bob, strlen(bob), &p->bob) == 0 &&
		    cairn_int_parse_i64(diff, strlen(diff), &p->diff) == 0;
	if (first_move != NULL && strcmp(first_move, "left") == 0)
		p->first_move = CAIRN_MOVE_LEFT;
	else if (first_move != NULL && strcmp(first_move, "right") == 0)
		p->first_move = CAIRN_MOVE_RIGHT;
	if (moves != NULL && moves[0] != '\0')
		p->moves = cairn_xstrdup(moves);
}

int cairn_result_file_count(const char *s, uint64_t *out)
{
	int64_t v;

	if (cairn_int_parse_i64(s, strlen(s), &v) != 0 || v < 0)
		return -1;
	*out = (uint64_t)v;
	return 0;
}

int cairn_result_file_decimal(const char *s, uint64_t *out)
{
	uint64_t v = 0, scale = 10000;
	const char *p = s;

	for (; *p >= '0' && *p <= '9'; p++) {
		if (v > (CAIRN_RESULT_FILE_MAX_POINTS_E4 - 9) / 10)
			return -1;
		v = v * 10 + (uint64_t)(*p - '0');
	}
	if (p == s)
		return -1;
	v *= 10000;
	if (*p == '.' && p[1] != '\0')
		for (p++; *p >= '0' && *p <= '9' && scale > 1; p++) {
			scale /= 10;
			v += (uint64_t)(*p - '0') * scale;
		}
	if (*p != '\0')
		return -1;
	*out = v;
	return 0;
}

int cairn_result_file_penalty(struct cairn_result_file *r)
{
	uint64_t v;

	if (r->late_penalty == NULL) {
		r->penalty_bp = 0;
		return 0;
	}
	if (cairn_result_file_decimal(r->late_penalty, &v) < 0 || v > 10000)
		return -1;
	r->penalty_bp = (uint32_t)v;
	return 0;
}

int cairn_result_file_received(struct cairn_result_file *r, const char *where,
			       char *err, size_t errlen)
{
	if (r->received == NULL ||
	    cairn_time_parse(r->received, &r->received_at) == 0)
		return 0;
	return cairn_result_file_fail(err, errlen, "%sreceived: \"%s\" is not "
				      "a UTC time as results write it "
				      "(2026-12-09T21:14:03.512Z)", where,
				      r->received);
}

void cairn_result_file_free(struct cairn_result_file *r)
{
	size_t i;

	for (i = 0; i < r->npuzzles; i++) {
		free(r->puzzles[i].id);
		free(r->puzzles[i].feedback);
		free(r->puzzles[i].error);
		free(r->puzzles[i].moves);
		free(r->puzzles[i].answer);
	}
	free(r->puzzles);
	free(r->source);
	free(r->problem_set);
	free(r->submitter);
	free(r->error);
	free(r->owner);
	free(r->received);
	free(r->late_by);
	free(r->late_penalty);
	memset(r, 0, sizeof *r);
}
