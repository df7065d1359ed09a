/*
 * cairn_report_fold - count texts by their bytes and number those that
 * repeat.
 *
 * A hash table of the texts a page will show (by pointer; equal texts
 * share one slot, found by FNV-1a and compared whole), each with its
 * count and, once the page first refers to it, its number.  Numbers are
 * given in the order of those first references, so that they grow down
 * the page, and only to texts counted more than once: a text used once
 * is shown where it is used.  The numbering depends only on the calls,
 * never on addresses, so the page stays a pure function of its results.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_mem.h"
#include "cairn_report_fold.h"

struct cairn_report_fold_slot {
	const char *text;		/* NULL: empty */
	uint64_t hash;
	size_t count, number;
};

static uint64_t hash_of(const char *s)
{
	uint64_t h = 0xcbf29ce484222325u;

	for (; *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3u;
	return h;
}

/* find - the slot of text, or the empty slot where it would go */
static struct cairn_report_fold_slot *find(const struct cairn_report_fold *f,
					   const char *text, uint64_t h)
{
	size_t i = (size_t)h & (f->cap - 1);

	while (f->v[i].text != NULL &&
	       (f->v[i].hash != h || strcmp(f->v[i].text, text) != 0))
		i = (i + 1) & (f->cap - 1);
	return &f->v[i];
}

static void grow(struct cairn_report_fold *f)
{
	struct cairn_report_fold_slot *old = f->v;
	size_t i, cap = f->cap;

	f->cap = cap ? cap * 2 : 64;
	f->v = cairn_xcalloc(f->cap, sizeof *f->v);
	for (i = 0; i < cap; i++)
		if (old[i].text != NULL)
			*find(f, old[i].text, old[i].hash) = old[i];
	free(old);
}

void cairn_report_fold_init(struct cairn_report_fold *f)
{
	memset(f, 0, sizeof *f);
	grow(f);
}

void cairn_report_fold_add(struct cairn_report_fold *f, const char *text)
{
	uint64_t h = hash_of(text);
	struct cairn_report_fold_slot *s;

	if (2 * (f->used + 1) > f->cap)
		grow(f);
	s = find(f, text, h);
	if (s->text == NULL) {
		s->text = text;
		s->hash = h;
		f->used++;
	}
	s->count++;
}

size_t cairn_report_fold_number(struct cairn_report_fold *f, const char *text)
{
	struct cairn_report_fold_slot *s = find(f, text, hash_of(text));

	if (s->text == NULL || s->count < 2)
		return 0;
	if (s->number == 0) {
		f->order = cairn_xgrow(f->order, &f->order_cap, f->numbered + 1,
				       sizeof *f->order);
		f->order[f->numbered++] = s->text;
		s->number = f->numbered;
	}
	return s->number;
}

void cairn_report_fold_free(struct cairn_report_fold *f)
{
	free(f->v);
	free(f->order);
	memset(f, 0, sizeof *f);
}
