/*
 * cairn_conf_key - the table of the configuration's keys (cairn_conf.c).
 *
 * Shared by the files of the configuration only: cairn_conf.c reads and
 * resets keys, cairn_conf_print.c prints them, both through this table,
 * in its order.
 */
#ifndef CAIRN_CONF_KEY_H
#define CAIRN_CONF_KEY_H

#include <stddef.h>
#include <stdint.h>

#include "cairn_conf.h"

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
