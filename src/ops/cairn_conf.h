/*
 * cairn_conf - the configuration file (cairnd.yaml(5)).
 *
 * One YAML mapping; every key has a default, so an empty file (or none)
 * works.  Unknown keys and bad values are errors that name the file, the
 * line, the column and the key, and say what was expected.  Sizes take
 * units (64MiB, 1GiB, 500kB).  Used by cairnd and by cairn.
 */
#ifndef CAIRN_CONF_H
#define CAIRN_CONF_H

#include <stddef.h>
#include <stdint.h>

#include "cairn_buf.h"
#include "cairn_conf_key.h"	/* struct cairn_conf: its keys */
#include "cairn_conf_print.h"	/* cairn_conf_print() */

void cairn_conf_defaults(struct cairn_conf *c);
/*
 * The defaults less memory_total (left 0), which takes reading the
 * cgroup's and the machine's memory: for the command line, which has no
 * use for it.
 */
void cairn_conf_defaults_unprobed(struct cairn_conf *c);
/*
 * Load `path` over the defaults already in c.  Returns 0, or a negative
 * errno value with "PATH: line L, column C: KEY: what was expected" in err.
 * On error c is left as it was.
 */
int cairn_conf_load(struct cairn_conf *c, const char *path,
		    char *err, size_t errlen);
/*
 * The same from the text data[0..len), named `name` in messages (for
 * tests and fuzzers, and for a configuration that is not a file).
 */
int cairn_conf_load_mem(struct cairn_conf *c, const char *name,
			const char *data, size_t len, char *err, size_t errlen);
/* Whether retain removes anything: some kind has a limit. */
int cairn_conf_retains(const struct cairn_conf_retain *r);
void cairn_conf_free(struct cairn_conf *c);

#endif
