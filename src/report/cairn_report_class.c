/*
 * cairn_report_class - gather a class's results for the HTML page.
 *
 * See cairn_report_class.h for what is gathered.  Keys of the hash
 * tables are built so that no two differ only by where one text ends:
 * "SET\x1fID" and "PUZZLE\x1fANSWER", the index before the first
 * separator being a number.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_fnv.h"
#include "cairn_mem.h"
#include "cairn_report.h"
#include "cairn_report_class.h"

/* ---- a string-keyed hash table of indexes ---- */

struct slot {
	char *key;			/* NULL: empty */
	size_t val;
};

struct map {
	struct slot *s;
	size_t cap, n;			/* cap a power of two */
};

static void map_grow(struct map *m)
{
	struct slot *old = m->s;
	size_t oldcap = m->cap, i, j;

	m->cap = oldcap ? oldcap * 2 : 64;
	m->s = cairn_xcalloc(m->cap, sizeof *m->s);
	for (i = 0; i < oldcap; i++) {
		if (old[i].key == NULL)
			continue;
		for (j = cairn_fnv_name(old[i].key) & (m->cap - 1); m->s[j].key != NULL;
		     j = (j + 1) & (m->cap - 1))
			;
		m->s[j] = old[i];
	}
	free(old);
}

/* map_get - the value of key (taken), or val stored as new; *added says */
static size_t map_get(struct map *m, char *key, size_t val, int *added)
{
	size_t j;

	if (2 * (m->n + 1) > m->cap)
		map_grow(m);
	for (j = cairn_fnv_name(key) & (m->cap - 1); m->s[j].key != NULL;
	     j = (j + 1) & (m->cap - 1)) {
		if (strcmp(m->s[j].key, key) == 0) {
			free(key);
			*added = 0;
			return m->s[j].val;
		}
	}
	m->s[j].key = key;
	m->s[j].val = val;
	m->n++;
	*added = 1;
	return val;
}

static void map_free(struct map *m)
{
	size_t i;

	for (i = 0; i < m->cap; i++)
		free(m->s[i].key);
	free(m->s);
}

/* ---- the class ---- */

static size_t set_of(struct cairn_class *pg, struct map *m, const char *name)
{
	int added;
	size_t k = map_get(m, cairn_xstrdup(name), pg->nsets, &added);

	if (added) {
		pg->sets = cairn_xgrow(pg->sets, &pg->setcap, pg->nsets + 1,
				       sizeof *pg->sets);
		memset(&pg->sets[k], 0, sizeof pg->sets[k]);
		pg->sets[k].name = name;
		pg->nsets++;
	}
	return k;
}

static size_t puzzle_of(struct cairn_class *pg, struct map *m, size_t set,
			const char *id)
{
	struct cairn_class_set *s = &pg->sets[set];
	int added;
	size_t k = map_get(m, cairn_xasprintf("%zu\x1f%s", set, id), pg->nps,
			   &added);

	if (added) {
		pg->ps = cairn_xgrow(pg->ps, &pg->pscap, pg->nps + 1,
				     sizeof *pg->ps);
		memset(&pg->ps[k], 0, sizeof pg->ps[k]);
		pg->ps[k].id = id;
		pg->nps++;
		s->puzzles = cairn_xgrow(s->puzzles, &s->cap, s->np + 1,
					 sizeof *s->puzzles);
		s->puzzles[s->np++] = k;
	}
	return k;
}

static void count_wrong(struct cairn_class *pg, struct map *m, size_t puzzle,
			const char *answer)
{
	int added;
	size_t k = map_get(m, cairn_xasprintf("%zu\x1f%s", puzzle, answer),
			   pg->nwr, &added);

	if (added) {
		pg->wr = cairn_xgrow(pg->wr, &pg->wrcap, pg->nwr + 1,
				     sizeof *pg->wr);
		pg->wr[k] = (struct cairn_class_wrong){ puzzle, answer, 0 };
		pg->nwr++;
	}
	pg->wr[k].count++;
}

static void count_puzzle(struct cairn_class *pg, struct map *wm, size_t k,
			 const struct cairn_result_puzzle *p)
{
	struct cairn_class_puzzle *ps = &pg->ps[k];

	if (p->error != NULL)
		ps->n[CAIRN_N_ERROR]++;
	else if (p->verdict == CAIRN_VERDICT_CORRECT)
		ps->n[CAIRN_N_CORRECT]++;
	else if (p->verdict == CAIRN_VERDICT_WRONG)
		ps->n[CAIRN_N_WRONG]++;
	else if (p->verdict == CAIRN_VERDICT_MISSING)
		ps->n[CAIRN_N_MISSING]++;
	else if (p->verdict == CAIRN_VERDICT_INVALID)
		ps->n[CAIRN_N_INVALID]++;
	if (ps->opt == NULL && p->solved)
		ps->opt = p;
	if (p->error == NULL && p->verdict == CAIRN_VERDICT_WRONG)
		count_wrong(pg, wm, k, p->answer ? p->answer :
			    p->feedback ? p->feedback : "");
}

/*
 * of_the_set - whether a result's puzzle is one of its set's: an answer
 * graded against none (an unknown id, or an id answered twice) has a
 * verdict but nothing solved, and is no puzzle of the set (doc/grading.md)
 */
static int of_the_set(const struct cairn_result_puzzle *p)
{
	return p->error != NULL || p->verdict == CAIRN_VERDICT_NONE ||
	       cairn_stats_graded(0, p->solved, p->verdict);
}

/* by_count - each puzzle's wrong answers together, most common first */
static int by_count(const void *a, const void *b)
{
	const struct cairn_class_wrong *x = a, *y = b;

	if (x->puzzle != y->puzzle)
		return x->puzzle < y->puzzle ? -1 : 1;
	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return strcmp(x->answer, y->answer);
}

void cairn_report_class_gather(struct cairn_class *pg,
			       const struct cairn_result_file *files, size_t n)
{
	struct map sm = { NULL, 0, 0 }, pm = { NULL, 0, 0 };
	struct map wm = { NULL, 0, 0 };
	const struct cairn_result_file *r;
	size_t i, j, s;

	memset(pg, 0, sizeof *pg);
	pg->files = files;
	pg->n = n;
	pg->st = cairn_xcalloc(pg->n + 1, sizeof *pg->st);
	for (i = 0; i < pg->n; i++) {
		r = &pg->files[i];
		cairn_report_tally(r, &pg->st[i]);
		/* A refused file is no submission to its set (doc/grading.md). */
		if (r->problem_set == NULL || r->refused != CAIRN_REFUSED_NONE)
			continue;
		s = set_of(pg, &sm, r->problem_set);
		pg->sets[s].subs++;
		for (j = 0; j < r->npuzzles; j++)
			if (of_the_set(&r->puzzles[j]))
				count_puzzle(pg, &wm, puzzle_of(pg, &pm, s,
						r->puzzles[j].id),
					     &r->puzzles[j]);
	}
	if (pg->nwr > 0)
		qsort(pg->wr, pg->nwr, sizeof *pg->wr, by_count);
	for (i = pg->nwr; i-- > 0;) {
		pg->ps[pg->wr[i].puzzle].first_wrong = i;
		pg->ps[pg->wr[i].puzzle].nwrong++;
	}
	map_free(&sm);
	map_free(&pm);
	map_free(&wm);
}

void cairn_report_class_free(struct cairn_class *pg)
{
	size_t i;

	for (i = 0; i < pg->nsets; i++)
		free(pg->sets[i].puzzles);
	free(pg->sets);
	free(pg->ps);
	free(pg->wr);
	free(pg->st);
}
