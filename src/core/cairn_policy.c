/*
 * cairn_policy - a set's policy as one owner meets it: the set's times,
 * or those of the owner's extension.  Extensions are few (a class's
 * accommodations), so they are looked up by a walk; an owner matches an
 * extension by the name the spool gives it (its login, or its uid in
 * decimal when it has none), exactly.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cairn_mem.h"
#include "cairn_policy.h"

const struct cairn_policy_ext *cairn_policy_ext_find(const struct cairn_policy *p,
						     const char *owner)
{
	if (owner == NULL)
		return NULL;
	for (size_t i = 0; i < p->next; i++)
		if (strcmp(p->ext[i].owner, owner) == 0)
			return &p->ext[i];
	return NULL;
}

void cairn_policy_of_owner(const struct cairn_policy *p, const char *owner,
			   struct cairn_policy *out)
{
	const struct cairn_policy_ext *e = cairn_policy_ext_find(p, owner);

	*out = *p;
	out->ext = NULL;
	out->next = 0;
	out->ext_owned = 0;
	if (e == NULL)
		return;
	if (e->has_due) {
		out->has_due = 1;
		out->due_ms = e->due_ms;
		memcpy(out->due_text, e->due_text, sizeof out->due_text);
	}
	if (e->has_close) {
		out->has_close = 1;
		out->close_ms = e->close_ms;
		memcpy(out->close_text, e->close_text, sizeof out->close_text);
	}
}

void cairn_policy_copy(struct cairn_policy *dst, const struct cairn_policy *p)
{
	*dst = *p;
	dst->ext = NULL;
	dst->ext_owned = 1;
	if (p->next > 0) {
		dst->ext = cairn_xcalloc(p->next, sizeof *dst->ext);
		memcpy(dst->ext, p->ext, p->next * sizeof *dst->ext);
	}
}

void cairn_policy_free(struct cairn_policy *p)
{
	if (p->ext_owned)
		free(p->ext);
	p->ext = NULL;
	p->next = 0;
	p->ext_owned = 0;
}
