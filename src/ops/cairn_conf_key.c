/*
 * cairn_conf_key - the configuration's keys, described once.
 *
 * Each key is a row of one table (name, type, field, range), and the
 * parser (cairn_conf.c), the defaults reset and the printer
 * (cairn_conf_print.c) all walk that table, so that a key added here is
 * read, reset and printed alike.  A value's text is checked here, all
 * of it before anything is stored: a bad value leaves its key as it was
 * and says what was expected, quoting the value with the escapes the
 * printer uses, so that it can be pasted back (cairnd.yaml(5)).
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cairn_conf_key.h"
#include "cairn_mem.h"
#include "cairn_size.h"
#include "cairn_spool_dirs.h"
#include "cairn_yaml.h"

/* A waiting file costs the daemon about 150 bytes: a million, 150 MB. */
#define MAX_QUEUED 1000000
#define MAX_SOLVER_NAME 64

#define F(field) offsetof(struct cairn_conf, field)

/* The order here is the order cairn_conf_print() uses. */
static const struct cairn_conf_key keys[] = {
	{ "spool", CAIRN_CONF_KEY_PATH, F(spool), 0, 0 },
	{ "instance", CAIRN_CONF_KEY_INSTANCE, F(instance), 0, 0 },
	{ "plugin_dir", CAIRN_CONF_KEY_PATH, F(plugin_dir), 0, 0 },
	{ "problems_dir", CAIRN_CONF_KEY_OPTPATH, F(problems_dir), 0, 0 },
	{ "solver", CAIRN_CONF_KEY_SOLVER, F(solver), 0, 0 },
	{ "workers", CAIRN_CONF_KEY_UINT, F(workers), 1, CAIRN_CONF_KEY_MAX_WORKERS },
	{ "memory_budget", CAIRN_CONF_KEY_SIZE, F(memory_budget), 0, 0 },
	{ "memory_total", CAIRN_CONF_KEY_SIZE, F(memory_total), 0, 0 },
	{ "max_queued_per_owner", CAIRN_CONF_KEY_UINT, F(max_queued_per_owner), 1, MAX_QUEUED },
	{ "max_incoming_bytes_per_owner", CAIRN_CONF_KEY_OPTSIZE, F(max_incoming_bytes_per_owner), 0, 0 },
	{ "max_file_bytes", CAIRN_CONF_KEY_SIZE, F(max_file_bytes), 0, 0 },
	{ "max_piles", CAIRN_CONF_KEY_COUNT, F(max_piles), 1, UINT32_MAX },
	{ "max_puzzles", CAIRN_CONF_KEY_COUNT, F(max_puzzles), 1, UINT32_MAX },
	{ "settle_ms", CAIRN_CONF_KEY_UINT, F(settle_ms), 0, 3600000 },
	{ "rescan_s", CAIRN_CONF_KEY_UINT, F(rescan_s), 0, 86400 },
	{ "retain", CAIRN_CONF_KEY_RETAIN, F(retain), 0, 0 },
	{ "job_timeout_s", CAIRN_CONF_KEY_UINT, F(job_timeout_s), 0, 86400 },
	{ "shutdown_timeout_s", CAIRN_CONF_KEY_UINT, F(shutdown_timeout_s), 0, 86400 },
	{ "fsync", CAIRN_CONF_KEY_BOOL, F(fsync), 0, 0 },
	{ "keep_inputs", CAIRN_CONF_KEY_BOOL, F(keep_inputs), 0, 0 },
	{ "cross_check", CAIRN_CONF_KEY_BOOL, F(cross_check), 0, 0 },
	{ "log_level", CAIRN_CONF_KEY_LEVEL, F(log_level), 0, 0 },
	{ "metrics_file", CAIRN_CONF_KEY_OPTPATH, F(metrics_file), 0, 0 },
};

/* The parser sizes its arrays by the header's count: it must be right. */
_Static_assert(sizeof(keys) / sizeof(keys[0]) == CAIRN_CONF_KEY_N,
	       "CAIRN_CONF_KEY_N is not the number of keys");
const struct cairn_conf_key *const cairn_conf_key_table = keys;

int cairn_conf_key_is_string(const struct cairn_conf_key *k)
{
	return k->type == CAIRN_CONF_KEY_PATH ||
	       k->type == CAIRN_CONF_KEY_OPTPATH ||
	       k->type == CAIRN_CONF_KEY_INSTANCE ||
	       k->type == CAIRN_CONF_KEY_SOLVER;
}

int cairn_conf_key_instance_ok(const char *s)
{
	const unsigned char *p;

	if (*s == '\0' || strcmp(s, ".") == 0 || strcmp(s, "..") == 0 ||
	    strlen(s) > NAME_MAX)
		return 0;
	for (p = (const unsigned char *)s; *p; p++)
		if (*p == '/' || *p < 0x20 || *p == 0x7f)
			return 0;
	return 1;
}

static int valid_solver(const char *s)
{
	const char *p;

	if (*s == '\0' || strlen(s) > MAX_SOLVER_NAME)
		return 0;
	for (p = s; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
		      *p == '_'))
			return 0;
	return 1;
}

const struct cairn_conf_key *cairn_conf_key_find(const char *name)
{
	size_t i;

	for (i = 0; i < CAIRN_CONF_KEY_N; i++)
		if (strcmp(keys[i].name, name) == 0)
			return &keys[i];
	return NULL;
}

void cairn_conf_key_copy(struct cairn_conf *dst, const struct cairn_conf *src,
			 const struct cairn_conf_key *k)
{
	switch (k->type) {
	case CAIRN_CONF_KEY_PATH: case CAIRN_CONF_KEY_OPTPATH:
	case CAIRN_CONF_KEY_INSTANCE: case CAIRN_CONF_KEY_SOLVER: {
		const char *s = *CAIRN_CONF_KEY_CFIELD(src, k, char *);
		char **d = CAIRN_CONF_KEY_FIELD(dst, k, char *);

		free(*d);
		*d = s ? cairn_xstrdup(s) : NULL;
		break;
	}
	case CAIRN_CONF_KEY_UINT:
		*CAIRN_CONF_KEY_FIELD(dst, k, unsigned) =
			*CAIRN_CONF_KEY_CFIELD(src, k, unsigned);
		break;
	case CAIRN_CONF_KEY_COUNT: case CAIRN_CONF_KEY_SIZE:
	case CAIRN_CONF_KEY_OPTSIZE:
		*CAIRN_CONF_KEY_FIELD(dst, k, uint64_t) =
			*CAIRN_CONF_KEY_CFIELD(src, k, uint64_t);
		break;
	case CAIRN_CONF_KEY_RETAIN:
		*CAIRN_CONF_KEY_FIELD(dst, k, struct cairn_conf_retain) =
			*CAIRN_CONF_KEY_CFIELD(src, k, struct cairn_conf_retain);
		break;
	case CAIRN_CONF_KEY_BOOL:
		*CAIRN_CONF_KEY_FIELD(dst, k, int) =
			*CAIRN_CONF_KEY_CFIELD(src, k, int);
		break;
	case CAIRN_CONF_KEY_LEVEL:
		*CAIRN_CONF_KEY_FIELD(dst, k, enum cairn_log_level) =
			*CAIRN_CONF_KEY_CFIELD(src, k, enum cairn_log_level);
		break;
	}
}

const char *cairn_conf_key_quote(char *buf, size_t len, const char *s)
{
	struct cairn_buf b = CAIRN_BUF_INIT;

	cairn_yaml_quote(&b, s, strlen(s), CAIRN_YAML_QUOTE_MAX,
			 CAIRN_YAML_ESCAPE_SCALAR);
	snprintf(buf, len, "%s", b.data);
	cairn_buf_free(&b);
	return buf;
}

/* parse_uint - strict unsigned decimal; -EINVAL or -ERANGE. */
static int parse_uint(const char *s, uint64_t *out)
{
	uint64_t v = 0;

	if (*s == '\0')
		return -EINVAL;
	for (; *s; s++) {
		unsigned d;

		if (*s < '0' || *s > '9')
			return -EINVAL;
		d = (unsigned)(*s - '0');
		if (v > (UINT64_MAX - d) / 10)
			return -ERANGE;
		v = v * 10 + d;
	}
	*out = v;
	return 0;
}

static int parse_bool(const char *s, int *out)
{
	static const char *const yes[] = { "true", "yes", "on" };
	static const char *const no[] = { "false", "no", "off" };
	size_t i;

	for (i = 0; i < 3; i++) {
		if (strcasecmp(s, yes[i]) == 0) {
			*out = 1;
			return 0;
		}
		if (strcasecmp(s, no[i]) == 0) {
			*out = 0;
			return 0;
		}
	}
	return -EINVAL;
}

static int parse_level(const char *s, enum cairn_log_level *out)
{
	int l;

	for (l = CAIRN_LOG_ERROR; l <= CAIRN_LOG_DEBUG; l++) {
		if (strcmp(s, cairn_log_level_name((enum cairn_log_level)l)) == 0) {
			*out = (enum cairn_log_level)l;
			return 0;
		}
	}
	return -EINVAL;
}

int cairn_conf_key_set(struct cairn_conf *c, const struct cairn_conf_key *k,
		     const char *v, char *why, size_t whylen)
{
	char q[CAIRN_YAML_QUOTE_MAX * 4 + 8];
	uint64_t n;
	int r;

	cairn_conf_key_quote(q, sizeof(q), v);
	switch (k->type) {
	case CAIRN_CONF_KEY_PATH: case CAIRN_CONF_KEY_OPTPATH:
		if (*v == '\0') {
			snprintf(why, whylen, "expected a path, not an empty string");
			return -EINVAL;
		}
		break;
	case CAIRN_CONF_KEY_INSTANCE:
		if (!cairn_conf_key_instance_ok(v)) {
			snprintf(why, whylen, "%s is not a valid instance name "
				 "(one printable file name: no \"/\", not \".\" or \"..\")", q);
			return -EINVAL;
		}
		break;
	case CAIRN_CONF_KEY_SOLVER:
		if (!valid_solver(v)) {
			snprintf(why, whylen, "%s is not a solver name "
				 "(lowercase letters, digits and _)", q);
			return -EINVAL;
		}
		break;
	case CAIRN_CONF_KEY_UINT: case CAIRN_CONF_KEY_COUNT:
		if (parse_uint(v, &n) != 0 || n < k->min || n > k->max) {
			snprintf(why, whylen, "%s is not a whole number from %llu to %llu",
				 q, (unsigned long long)k->min,
				 (unsigned long long)k->max);
			return -EINVAL;
		}
		if (k->type == CAIRN_CONF_KEY_UINT)
			*CAIRN_CONF_KEY_FIELD(c, k, unsigned) = (unsigned)n;
		else
			*CAIRN_CONF_KEY_FIELD(c, k, uint64_t) = n;
		return 0;
	case CAIRN_CONF_KEY_SIZE: case CAIRN_CONF_KEY_OPTSIZE:
		r = cairn_size_parse(v, &n);
		if (r == -ERANGE) {
			snprintf(why, whylen, "%s is too large (more than 2^64-1 bytes)", q);
			return -EINVAL;
		}
		if (r != 0 || n == 0) {
			snprintf(why, whylen, "%s is not a size (a whole number of bytes, "
				 "at least 1, optionally followed by kB, KiB, MB, MiB, GB, GiB, TB or TiB)", q);
			return -EINVAL;
		}
		*CAIRN_CONF_KEY_FIELD(c, k, uint64_t) = n;
		return 0;
	case CAIRN_CONF_KEY_BOOL:
		if (parse_bool(v, CAIRN_CONF_KEY_FIELD(c, k, int)) != 0) {
			snprintf(why, whylen, "%s is not a boolean (true or false)", q);
			return -EINVAL;
		}
		return 0;
	case CAIRN_CONF_KEY_LEVEL:
		if (parse_level(v, CAIRN_CONF_KEY_FIELD(c, k, enum cairn_log_level)) != 0) {
			snprintf(why, whylen, "%s is not a log level "
				 "(error, warning, info or debug)", q);
			return -EINVAL;
		}
		return 0;
	case CAIRN_CONF_KEY_RETAIN:
		snprintf(why, whylen, "expected a mapping of done, failed and history, not %s", q);
		return -EINVAL;
	}
	free(*CAIRN_CONF_KEY_FIELD(c, k, char *));
	*CAIRN_CONF_KEY_FIELD(c, k, char *) = cairn_xstrdup(v);
	return 0;
}

static const struct cairn_conf_key_retain retains[] = {
	{ CAIRN_DIR_DONE, offsetof(struct cairn_conf_retain, done_s) },
	{ CAIRN_DIR_FAILED, offsetof(struct cairn_conf_retain, failed_s) },
	{ CAIRN_HISTORY_DIR, offsetof(struct cairn_conf_retain, history_s) },
};

_Static_assert(sizeof(retains) / sizeof(retains[0]) == CAIRN_CONF_KEY_NRETAIN,
	       "CAIRN_CONF_KEY_NRETAIN is not the number of retain's keys");
const struct cairn_conf_key_retain *const cairn_conf_key_retains = retains;
