/*
 * cairn_yaml_tree - a YAML node read whole into memory.
 *
 * For a reader that wants to look a document over before it takes
 * anything from it (the result reader): scalars keep their text, a
 * mapping its keys and values in the order written, every node its line.
 * The events come from cairn_yaml_next(), so the reader's rules (depth,
 * anchors) hold, and an error is left in the struct cairn_yaml for
 * cairn_yaml_error_message().
 */
#ifndef CAIRN_YAML_TREE_H
#define CAIRN_YAML_TREE_H

#include <stddef.h>

#include "cairn_yaml.h"

enum cairn_yaml_tree_kind {
	CAIRN_YAML_TREE_SCALAR,
	CAIRN_YAML_TREE_SEQ,
	CAIRN_YAML_TREE_MAP
};

struct cairn_yaml_tree {
	enum cairn_yaml_tree_kind kind;
	char *text;			/* SCALAR */
	struct cairn_yaml_tree **kids;	/* MAP: key, value, key, value, ... */
	size_t n, cap;
	unsigned long line;		/* 1-based */
};

/*
 * The node that starts with event ev (which is deleted here), read to its
 * end from y.  Returns 0 with the node in *out, or -1 with y->error
 * filled and *out NULL: a libyaml error or a refusal, or ev starts no
 * node (CAIRN_YAML_SYNTAX, "unexpected YAML event").
 */
int cairn_yaml_tree_build(struct cairn_yaml *y, yaml_event_t *ev,
			  struct cairn_yaml_tree **out);
void cairn_yaml_tree_free(struct cairn_yaml_tree *t);

/* The value of key in mapping map, or NULL (also when map is no mapping). */
const struct cairn_yaml_tree *cairn_yaml_tree_get(const struct cairn_yaml_tree *map,
						  const char *key);
/* The text of key's value in map when that is a scalar, else NULL. */
const char *cairn_yaml_tree_scalar(const struct cairn_yaml_tree *map,
				   const char *key);
/*
 * A copy of the text of key's value in map into *out, NULL when absent;
 * -1 when the value is not a scalar, else 0.
 */
int cairn_yaml_tree_text(const struct cairn_yaml_tree *map, const char *key,
			 char **out);

#endif
