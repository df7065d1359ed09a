/*
 * cairn_report_fold - texts that repeat across a page, written once.
 *
 * The HTML page gives each feedback or error text that more than one
 * answer got a number, F1, F2, ... in the order the page first refers to
 * it, and lists them once (cairn_report_fold.c).
 */
#ifndef CAIRN_REPORT_FOLD_H
#define CAIRN_REPORT_FOLD_H

#include <stddef.h>

struct cairn_report_fold_slot;

struct cairn_report_fold {
	struct cairn_report_fold_slot *v;	/* open addressing, cap a power of 2 */
	size_t cap, used;
	const char **order;		/* the numbered texts, F1 first */
	size_t numbered, order_cap;
};

void cairn_report_fold_init(struct cairn_report_fold *f);
/* cairn_report_fold_add - count one use of text (kept by pointer: it must outlive f) */
void cairn_report_fold_add(struct cairn_report_fold *f, const char *text);
/*
 * cairn_report_fold_number - text's number, given at its first call, when
 * it was added more than once; 0 for a text used once (or never added)
 */
size_t cairn_report_fold_number(struct cairn_report_fold *f, const char *text);
void cairn_report_fold_free(struct cairn_report_fold *f);

#endif
