/*
 * cairn_yaml_tree - build a node and everything inside it from events.
 *
 * A node is built from the checked events of cairn_yaml_next(): no alias
 * reaches here, so every node has one parent and freeing the tree frees
 * each once; the depth rule of the reader bounds the recursion.  Scalars
 * are copied, and NUL cannot cut one short (cairn_yaml refuses it).  On
 * any error the part built so far is freed and nothing is returned: a
 * tree is whole or absent.  Memory runs out only by aborting
 * (cairn_mem.h), so the only errors are the text's.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cairn_mem.h"
#include "cairn_yaml_tree.h"

void cairn_yaml_tree_free(struct cairn_yaml_tree *t)
{
	size_t i;

	if (t == NULL)
		return;
	for (i = 0; i < t->n; i++)
		cairn_yaml_tree_free(t->kids[i]);
	free(t->kids);
	free(t->text);
	free(t);
}

/* children - the items of a sequence or mapping up to its end event */
static int children(struct cairn_yaml *y, struct cairn_yaml_tree *t,
		    yaml_event_type_t end)
{
	struct cairn_yaml_tree *kid;
	yaml_event_t ev;

	for (;;) {
		if (cairn_yaml_next(y, &ev) < 0)
			return -1;
		if (ev.type == end) {
			yaml_event_delete(&ev);
			return 0;
		}
		if (cairn_yaml_tree_build(y, &ev, &kid) < 0)
			return -1;
		t->kids = cairn_xgrow(t->kids, &t->cap, t->n + 1,
				      sizeof *t->kids);
		t->kids[t->n++] = kid;
	}
}

int cairn_yaml_tree_build(struct cairn_yaml *y, yaml_event_t *ev,
			  struct cairn_yaml_tree **out)
{
	struct cairn_yaml_tree *t;
	yaml_event_type_t type = ev->type;
	int rc = 0;

	*out = NULL;
	if (type != YAML_SCALAR_EVENT && type != YAML_SEQUENCE_START_EVENT &&
	    type != YAML_MAPPING_START_EVENT) {
		memset(&y->error, 0, sizeof y->error);
		y->error.what = CAIRN_YAML_SYNTAX;
		y->error.mark = ev->start_mark;
		y->error.problem = "unexpected YAML event";
		yaml_event_delete(ev);
		return -1;
	}
	t = cairn_xcalloc(1, sizeof *t);
	t->line = ev->start_mark.line + 1;
	if (type == YAML_SCALAR_EVENT) {
		t->kind = CAIRN_YAML_TREE_SCALAR;
		t->text = cairn_xstrndup((const char *)ev->data.scalar.value,
					 ev->data.scalar.length);
	}
	yaml_event_delete(ev);
	if (type == YAML_SEQUENCE_START_EVENT) {
		t->kind = CAIRN_YAML_TREE_SEQ;
		rc = children(y, t, YAML_SEQUENCE_END_EVENT);
	} else if (type == YAML_MAPPING_START_EVENT) {
		t->kind = CAIRN_YAML_TREE_MAP;
		rc = children(y, t, YAML_MAPPING_END_EVENT);
	}
	if (rc < 0)
		cairn_yaml_tree_free(t);
	else
		*out = t;
	return rc;
}

const struct cairn_yaml_tree *cairn_yaml_tree_get(const struct cairn_yaml_tree *map,
						  const char *key)
{
	size_t i;

	for (i = 0; map->kind == CAIRN_YAML_TREE_MAP && i + 1 < map->n; i += 2)
		if (map->kids[i]->kind == CAIRN_YAML_TREE_SCALAR &&
		    strcmp(map->kids[i]->text, key) == 0)
			return map->kids[i + 1];
	return NULL;
}

const char *cairn_yaml_tree_scalar(const struct cairn_yaml_tree *map,
				   const char *key)
{
	const struct cairn_yaml_tree *v = cairn_yaml_tree_get(map, key);

	return v != NULL && v->kind == CAIRN_YAML_TREE_SCALAR ? v->text : NULL;
}

int cairn_yaml_tree_text(const struct cairn_yaml_tree *map, const char *key,
			 char **out)
{
	const struct cairn_yaml_tree *v = cairn_yaml_tree_get(map, key);

	*out = NULL;
	if (v == NULL)
		return 0;
	if (v->kind != CAIRN_YAML_TREE_SCALAR)
		return -1;
	*out = cairn_xstrdup(v->text);
	return 0;
}
