/*
 * cairn_conf_key - the configuration's keys: where each is kept and how.
 *
 * struct cairn_conf holds every key, and the table here describes each
 * (name, type, field, range), side by side so that a key is added to both
 * at once.  Everyone gets the struct through cairn_conf.h; the table is
 * for the files of the configuration only: cairn_conf.c reads and resets
 * keys, cairn_conf_print.c prints them, both through it, in its order.
 */
#ifndef CAIRN_CONF_KEY_H
#define CAIRN_CONF_KEY_H

#include <stddef.h>
#include <stdint.h>

#include "cairn_log.h"

/* `retain` (cairnd.yaml(5)): how long each kind of stored file is kept. */
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

#define CAIRN_CONF_KEY_MAX_WORKERS 1024

enum cairn_conf_key_type {
	CAIRN_CONF_KEY_PATH,		/* non-empty string */
	CAIRN_CONF_KEY_OPTPATH,		/* non-empty string, or NULL (null value) */
	CAIRN_CONF_KEY_INSTANCE,	/* one path component */
	CAIRN_CONF_KEY_SOLVER,		/* [a-z0-9_]+ */
	CAIRN_CONF_KEY_UINT,		/* unsigned in [min, max] */
	CAIRN_CONF_KEY_COUNT,		/* uint64_t in [min, max] */
	CAIRN_CONF_KEY_SIZE,		/* uint64_t byte count with units, >= 1 */
	CAIRN_CONF_KEY_OPTSIZE,		/* the same, or 0 (null value): none */
	CAIRN_CONF_KEY_RETAIN,		/* struct cairn_conf_retain: a mapping
					   of durations */
	CAIRN_CONF_KEY_BOOL,		/* int 0/1 */
	CAIRN_CONF_KEY_LEVEL,		/* enum cairn_log_level */
};

struct cairn_conf_key {
	const char *name;
	enum cairn_conf_key_type type;
	size_t off;
	uint64_t min, max;
};

/* How many keys the table has. */
#define CAIRN_CONF_KEY_N 23

/* The keys; the order here is the order cairn_conf_print() uses. */
extern const struct cairn_conf_key *const cairn_conf_key_table;

/* Key k's field in configuration c, as a pointer to type. */
#define CAIRN_CONF_KEY_FIELD(c, k, type) \
	((type *)((char *)(c) + (k)->off))
#define CAIRN_CONF_KEY_CFIELD(c, k, type) \
	((const type *)((const char *)(c) + (k)->off))

/* Whether key k holds a string (char *, freed with the configuration). */
int cairn_conf_key_is_string(const struct cairn_conf_key *k);
/* Whether s is one printable path component: processing/<instance>/. */
int cairn_conf_key_instance_ok(const char *s);
/* The key of that name, or NULL. */
const struct cairn_conf_key *cairn_conf_key_find(const char *name);
/* Set key k of dst to its value in src (strings duplicated). */
void cairn_conf_key_copy(struct cairn_conf *dst, const struct cairn_conf *src,
			 const struct cairn_conf_key *k);
/*
 * s as a quoted, shortened fragment of an error message, with the
 * escapes of a printed value, so that it can be pasted back; into
 * buf[0..len) (CAIRN_YAML_QUOTE_MAX * 4 + 8 holds it all), which is
 * returned.
 */
const char *cairn_conf_key_quote(char *buf, size_t len, const char *s);
/*
 * Store the text v in key k of c.  On a bad value, return -EINVAL with
 * what was expected in why (the caller adds the place).
 */
int cairn_conf_key_set(struct cairn_conf *c, const struct cairn_conf_key *k,
		       const char *v, char *why, size_t whylen);

/* retain's keys, in the order they are printed: done, failed, history. */
struct cairn_conf_key_retain {
	const char *name;
	size_t off;			/* in struct cairn_conf_retain */
};

#define CAIRN_CONF_KEY_NRETAIN 3

extern const struct cairn_conf_key_retain *const cairn_conf_key_retains;

/* The duration of retain's key i in r, as a pointer. */
#define CAIRN_CONF_KEY_RETAIN_FIELD(r, i) \
	((uint64_t *)((char *)(r) + cairn_conf_key_retains[i].off))

#endif
