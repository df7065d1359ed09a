/*
 * cairn_conf - the configuration file (SPEC section 6).
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
#include "cairn_log.h"

/* `retain` (SPEC 6): how long each kind of stored file is kept. */
struct cairn_conf_retain {
	uint64_t done_s;		/* inputs in done/, seconds; 0: forever */
	uint64_t failed_s;		/* inputs in failed/ */
	uint64_t history_s;		/* results in results/OWNER/history/ */
};

struct cairn_conf {
	char *spool;
	char *instance;			/* default: host name */
	char *plugin_dir;		/* default: the installed plugin directory */
	char *problems_dir;		/* default: SPOOL/problems */
	char *solver;			/* default "auto" */
	unsigned workers;		/* default: number of CPUs */
	uint64_t memory_budget;		/* default 1GiB */
	uint64_t memory_total;		/* default: 3/4 of the cgroup's or machine's memory */
	unsigned max_queued_per_owner;	/* default 1000 */
	uint64_t max_incoming_bytes_per_owner;	/* default 0: no cap */
	uint64_t max_file_bytes;	/* default 64MiB */
	uint64_t max_piles;		/* default 1000000 */
	uint64_t max_puzzles;		/* per file, default 1000000 */
	unsigned settle_ms;		/* default 500 */
	unsigned rescan_s;		/* default 60 */
	struct cairn_conf_retain retain;	/* default: all kept forever */
	unsigned job_timeout_s;		/* default 300 */
	unsigned shutdown_timeout_s;	/* default 30 */
	int fsync;			/* default true */
	int keep_inputs;		/* default true */
	int cross_check;		/* default false */
	enum cairn_log_level log_level;	/* default info */
	char *metrics_file;		/* default none (NULL) */
};

void cairn_conf_defaults(struct cairn_conf *c);
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
/*
 * The effective configuration as YAML that cairn_conf_load() reads back
 * (cairn_conf_print.c).
 */
void cairn_conf_print(const struct cairn_conf *c, struct cairn_buf *out);
void cairn_conf_free(struct cairn_conf *c);

#endif
