/*
 * cairn_conf - read, check and print the configuration file.
 *
 * The file is one YAML mapping of scalar keys (and one mapping of
 * durations, `retain`), read event by event through cairn_yaml (which
 * refuses anchors, aliases and NUL, and places libyaml's errors); an
 * empty file, or one holding only comments, leaves every default.  Each key is described once, in a table (name, type, field,
 * range), and the parser, the defaults reset and the printer all walk
 * that table.
 * Errors name the file, the line and column, the key and what was
 * expected; unknown and duplicate keys, anchors and aliases, nested values
 * (but retain's) and more than one document are refused.  Loading works on a copy, so a
 * configuration is replaced whole or not at all (SIGHUP keeps the old one
 * on error).  cairn_conf_print() writes every key in a fixed order in a
 * form that cairn_conf_load() reads back to the same effective settings.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cairn_conf.h"
#include "cairn_duration.h"
#include "cairn_log.h"
#include "cairn_mem.h"
#include "cairn_memavail.h"
#include "cairn_size.h"
#include "cairn_yaml.h"

#ifndef CAIRN_SPOOL_DIR
#define CAIRN_SPOOL_DIR "/var/spool/cairn"
#endif
#ifndef CAIRN_PLUGIN_DIR
#define CAIRN_PLUGIN_DIR "/usr/local/lib/cairn"
#endif

/* A configuration file is a page of text; anything bigger is a mistake. */
#define CONF_MAX_BYTES (1024 * 1024)
#define CONF_MAX_WORKERS 1024
/* A waiting file costs the daemon about 150 bytes: a million, 150 MB. */
#define CONF_MAX_QUEUED 1000000
#define CONF_MAX_SOLVER_NAME 64

enum conf_type {
	T_PATH,		/* non-empty string */
	T_OPTPATH,	/* non-empty string, or NULL (null value) */
	T_INSTANCE,	/* one path component */
	T_SOLVER,	/* [a-z0-9_]+ */
	T_UINT,		/* unsigned in [min, max] */
	T_COUNT,	/* uint64_t in [min, max] */
	T_SIZE,		/* uint64_t byte count with units, >= 1 */
	T_OPTSIZE,	/* the same, or 0 (null value): none */
	T_RETAIN,	/* struct cairn_conf_retain: a mapping of durations */
	T_BOOL,		/* int 0/1 */
	T_LEVEL,	/* enum cairn_log_level */
};

struct conf_key {
	const char *name;
	enum conf_type type;
	size_t off;
	uint64_t min, max;
};

#define F(field) offsetof(struct cairn_conf, field)

/* The order here is the order cairn_conf_print() uses. */
static const struct conf_key conf_keys[] = {
	{ "spool", T_PATH, F(spool), 0, 0 },
	{ "instance", T_INSTANCE, F(instance), 0, 0 },
	{ "plugin_dir", T_PATH, F(plugin_dir), 0, 0 },
	{ "problems_dir", T_OPTPATH, F(problems_dir), 0, 0 },
	{ "solver", T_SOLVER, F(solver), 0, 0 },
	{ "workers", T_UINT, F(workers), 1, CONF_MAX_WORKERS },
	{ "memory_budget", T_SIZE, F(memory_budget), 0, 0 },
	{ "memory_total", T_SIZE, F(memory_total), 0, 0 },
	{ "max_queued_per_owner", T_UINT, F(max_queued_per_owner), 1, CONF_MAX_QUEUED },
	{ "max_incoming_bytes_per_owner", T_OPTSIZE, F(max_incoming_bytes_per_owner), 0, 0 },
	{ "max_file_bytes", T_SIZE, F(max_file_bytes), 0, 0 },
	{ "max_piles", T_COUNT, F(max_piles), 1, UINT32_MAX },
	{ "max_puzzles", T_COUNT, F(max_puzzles), 1, UINT32_MAX },
	{ "settle_ms", T_UINT, F(settle_ms), 0, 3600000 },
	{ "rescan_s", T_UINT, F(rescan_s), 0, 86400 },
	{ "retain", T_RETAIN, F(retain), 0, 0 },
	{ "job_timeout_s", T_UINT, F(job_timeout_s), 0, 86400 },
	{ "shutdown_timeout_s", T_UINT, F(shutdown_timeout_s), 0, 86400 },
	{ "fsync", T_BOOL, F(fsync), 0, 0 },
	{ "keep_inputs", T_BOOL, F(keep_inputs), 0, 0 },
	{ "cross_check", T_BOOL, F(cross_check), 0, 0 },
	{ "log_level", T_LEVEL, F(log_level), 0, 0 },
	{ "metrics_file", T_OPTPATH, F(metrics_file), 0, 0 },
};

#define NKEYS (sizeof(conf_keys) / sizeof(conf_keys[0]))

#define FIELD(c, k, type) ((type *)((char *)(c) + (k)->off))
#define CFIELD(c, k, type) ((const type *)((const char *)(c) + (k)->off))

static int is_string(const struct conf_key *k)
{
	return k->type == T_PATH || k->type == T_OPTPATH ||
	       k->type == T_INSTANCE || k->type == T_SOLVER;
}

/* valid_instance - one printable path component: processing/<instance>/. */
static int valid_instance(const char *s)
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

	if (*s == '\0' || strlen(s) > CONF_MAX_SOLVER_NAME)
		return 0;
	for (p = s; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
		      *p == '_'))
			return 0;
	return 1;
}

static char *default_instance(void)
{
	char host[HOST_NAME_MAX + 1];

	if (gethostname(host, sizeof(host)) != 0)
		return cairn_xstrdup("localhost");
	host[sizeof(host) - 1] = '\0';
	return cairn_xstrdup(valid_instance(host) ? host : "localhost");
}

static unsigned default_workers(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	if (n < 1)
		return 1;
	return n > CONF_MAX_WORKERS ? CONF_MAX_WORKERS : (unsigned)n;
}

void cairn_conf_defaults(struct cairn_conf *c)
{
	memset(c, 0, sizeof(*c));
	c->spool = cairn_xstrdup(CAIRN_SPOOL_DIR);
	c->instance = default_instance();
	c->plugin_dir = cairn_xstrdup(CAIRN_PLUGIN_DIR);
	c->problems_dir = NULL;
	c->solver = cairn_xstrdup("auto");
	c->workers = default_workers();
	c->memory_budget = 1024ULL * 1024 * 1024;
	c->memory_total = cairn_memavail_default_total();
	c->max_queued_per_owner = 1000;
	c->max_file_bytes = 64ULL * 1024 * 1024;
	c->max_piles = 1000000;
	/* No class comes near it (a file holds tens to hundreds of
	 * puzzles), and a million one-pile puzzles and their result fit
	 * the default memory_budget (see cairnd.yaml(5)). */
	c->max_puzzles = 1000000;
	c->settle_ms = 500;
	c->rescan_s = 60;
	c->job_timeout_s = 300;
	c->shutdown_timeout_s = 30;
	c->fsync = 1;
	c->keep_inputs = 1;
	c->cross_check = 0;
	c->log_level = CAIRN_LOG_INFO;
	c->metrics_file = NULL;
}

void cairn_conf_free(struct cairn_conf *c)
{
	size_t i;

	for (i = 0; i < NKEYS; i++) {
		if (is_string(&conf_keys[i])) {
			char **s = FIELD(c, &conf_keys[i], char *);

			free(*s);
			*s = NULL;
		}
	}
}

/* copy_key - set key k of dst to its value in src (strings duplicated). */
static void copy_key(struct cairn_conf *dst, const struct cairn_conf *src,
		     const struct conf_key *k)
{
	switch (k->type) {
	case T_PATH: case T_OPTPATH: case T_INSTANCE: case T_SOLVER: {
		const char *s = *CFIELD(src, k, char *);
		char **d = FIELD(dst, k, char *);

		free(*d);
		*d = s ? cairn_xstrdup(s) : NULL;
		break;
	}
	case T_UINT:
		*FIELD(dst, k, unsigned) = *CFIELD(src, k, unsigned);
		break;
	case T_COUNT: case T_SIZE: case T_OPTSIZE:
		*FIELD(dst, k, uint64_t) = *CFIELD(src, k, uint64_t);
		break;
	case T_RETAIN:
		*FIELD(dst, k, struct cairn_conf_retain) = *CFIELD(src, k, struct cairn_conf_retain);
		break;
	case T_BOOL:
		*FIELD(dst, k, int) = *CFIELD(src, k, int);
		break;
	case T_LEVEL:
		*FIELD(dst, k, enum cairn_log_level) =
			*CFIELD(src, k, enum cairn_log_level);
		break;
	}
}

static void conf_copy(struct cairn_conf *dst, const struct cairn_conf *src)
{
	size_t i;

	memset(dst, 0, sizeof(*dst));
	for (i = 0; i < NKEYS; i++)
		copy_key(dst, src, &conf_keys[i]);
}

/*
 * quoted - s as a quoted, shortened fragment of an error message, with
 * the escapes of a printed value, so that it can be pasted back.
 */
static const char *quoted(char *buf, size_t len, const char *s)
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

/*
 * set_value - store the text v in key k of c.  On a bad value, return
 * -EINVAL with what was expected in why (the caller adds the place).
 */
static int set_value(struct cairn_conf *c, const struct conf_key *k,
		     const char *v, char *why, size_t whylen)
{
	char q[CAIRN_YAML_QUOTE_MAX * 4 + 8];
	uint64_t n;
	int r;

	quoted(q, sizeof(q), v);
	switch (k->type) {
	case T_PATH: case T_OPTPATH:
		if (*v == '\0') {
			snprintf(why, whylen, "expected a path, not an empty string");
			return -EINVAL;
		}
		break;
	case T_INSTANCE:
		if (!valid_instance(v)) {
			snprintf(why, whylen, "%s is not a valid instance name "
				 "(one printable file name: no \"/\", not \".\" or \"..\")", q);
			return -EINVAL;
		}
		break;
	case T_SOLVER:
		if (!valid_solver(v)) {
			snprintf(why, whylen, "%s is not a solver name "
				 "(lowercase letters, digits and _)", q);
			return -EINVAL;
		}
		break;
	case T_UINT: case T_COUNT:
		if (parse_uint(v, &n) != 0 || n < k->min || n > k->max) {
			snprintf(why, whylen, "%s is not a whole number from %llu to %llu",
				 q, (unsigned long long)k->min,
				 (unsigned long long)k->max);
			return -EINVAL;
		}
		if (k->type == T_UINT)
			*FIELD(c, k, unsigned) = (unsigned)n;
		else
			*FIELD(c, k, uint64_t) = n;
		return 0;
	case T_SIZE: case T_OPTSIZE:
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
		*FIELD(c, k, uint64_t) = n;
		return 0;
	case T_BOOL:
		if (parse_bool(v, FIELD(c, k, int)) != 0) {
			snprintf(why, whylen, "%s is not a boolean (true or false)", q);
			return -EINVAL;
		}
		return 0;
	case T_LEVEL:
		if (parse_level(v, FIELD(c, k, enum cairn_log_level)) != 0) {
			snprintf(why, whylen, "%s is not a log level "
				 "(error, warning, info or debug)", q);
			return -EINVAL;
		}
		return 0;
	case T_RETAIN:
		snprintf(why, whylen, "expected a mapping of done, failed and history, not %s", q);
		return -EINVAL;
	}
	free(*FIELD(c, k, char *));
	*FIELD(c, k, char *) = cairn_xstrdup(v);
	return 0;
}

/* The state of one cairn_conf_load(). */
struct conf_parse {
	struct cairn_yaml y;
	yaml_event_t ev;
	int have_ev;
	const char *path;
	char *err;
	size_t errlen;
	struct cairn_conf *c;
	struct cairn_conf defaults;	/* filled when a null value asks for it */
	int have_defaults;
	unsigned char seen[NKEYS];
};

static int fail(struct conf_parse *p, yaml_mark_t m, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* fail - "PATH: line L, column C: ..." into the error buffer; -EINVAL. */
static int fail(struct conf_parse *p, yaml_mark_t m, const char *fmt, ...)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	va_list ap;

	cairn_buf_addf(&b, "%s: line %zu, column %zu: ", p->path,
		       m.line + 1, m.column + 1);
	va_start(ap, fmt);
	cairn_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	snprintf(p->err, p->errlen, "%s", b.data);
	cairn_buf_free(&b);
	return -EINVAL;
}

/* next - the next event; libyaml's errors and cairn_yaml's refusals end the file. */
static int next(struct conf_parse *p)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	int r;

	if (p->have_ev)
		yaml_event_delete(&p->ev);
	p->have_ev = 0;
	if (cairn_yaml_next(&p->y, &p->ev) == 0) {
		p->have_ev = 1;
		return 0;
	}
	/* Out of memory (-ENOMEM) is no answer about the file: try again. */
	r = cairn_yaml_error_message(&p->y.error, &b);
	snprintf(p->err, p->errlen, "%s: %s", p->path, b.data);
	cairn_buf_free(&b);
	return r;
}

static const char *node_kind(yaml_event_type_t t)
{
	return t == YAML_MAPPING_START_EVENT ? "a mapping" : "a sequence";
}

/* reset_key - a null value: key k takes its default again. */
static void reset_key(struct conf_parse *p, const struct conf_key *k)
{
	if (k->type == T_OPTPATH) {
		free(*FIELD(p->c, k, char *));
		*FIELD(p->c, k, char *) = NULL;
		return;
	}
	if (!p->have_defaults) {
		cairn_conf_defaults(&p->defaults);
		p->have_defaults = 1;
	}
	copy_key(p->c, &p->defaults, k);
}

static const struct conf_key *find_key(const char *name)
{
	size_t i;

	for (i = 0; i < NKEYS; i++)
		if (strcmp(conf_keys[i].name, name) == 0)
			return &conf_keys[i];
	return NULL;
}

/* retain's keys, in the order they are printed. */
static const struct {
	const char *name;
	size_t off;
} retain_keys[] = {
	{ "done", offsetof(struct cairn_conf_retain, done_s) },
	{ "failed", offsetof(struct cairn_conf_retain, failed_s) },
	{ "history", offsetof(struct cairn_conf_retain, history_s) },
};

#define NRETAIN (sizeof(retain_keys) / sizeof(retain_keys[0]))
#define RETAIN_FIELD(r, i) ((uint64_t *)((char *)(r) + retain_keys[i].off))

int cairn_conf_retains(const struct cairn_conf_retain *r)
{
	return r->done_s != 0 || r->failed_s != 0 || r->history_s != 0;
}

/* retain_value - one "KIND: duration" of retain; its key event is current. */
static int retain_value(struct conf_parse *p, const struct conf_key *k,
			struct cairn_conf_retain *r, unsigned char *seen)
{
	char q[CAIRN_YAML_QUOTE_MAX * 4 + 8];
	const char *name, *v;
	size_t i = 0;
	int e;

	if (p->ev.type != YAML_SCALAR_EVENT)
		return fail(p, p->ev.start_mark, "%s: expected a key name, not %s",
			    k->name, node_kind(p->ev.type));
	name = (const char *)p->ev.data.scalar.value;
	while (i < NRETAIN && strcmp(retain_keys[i].name, name) != 0)
		i++;
	if (i == NRETAIN)
		return fail(p, p->ev.start_mark, "%s: unknown key %s (done, failed or history)",
			    k->name, quoted(q, sizeof(q), name));
	if (seen[i]++)
		return fail(p, p->ev.start_mark, "%s: duplicate key %s", k->name,
			    quoted(q, sizeof(q), name));
	if ((e = next(p)) != 0)
		return e;
	if (p->ev.type != YAML_SCALAR_EVENT)
		return fail(p, p->ev.start_mark, "%s.%s: expected a single value, not %s",
			    k->name, retain_keys[i].name, node_kind(p->ev.type));
	v = (const char *)p->ev.data.scalar.value;
	if (cairn_yaml_is_null(&p->ev))
		*RETAIN_FIELD(r, i) = 0;
	else if (cairn_duration_parse(v, RETAIN_FIELD(r, i)) != 0)
		return fail(p, p->ev.start_mark, "%s.%s: %s is not a duration from 1s to "
			    "36500d (a whole number and d, h, m or s, such as 180d)",
			    k->name, retain_keys[i].name, quoted(q, sizeof(q), v));
	return 0;
}

/*
 * retain - the mapping of retain; its start is current.  A kind it does
 * not name is kept forever, whatever an earlier configuration said.
 */
static int retain(struct conf_parse *p, const struct conf_key *k)
{
	struct cairn_conf_retain r = { 0, 0, 0 };
	unsigned char seen[NRETAIN] = { 0 };
	int e;

	for (;;) {
		if ((e = next(p)) != 0)
			return e;
		if (p->ev.type == YAML_MAPPING_END_EVENT)
			break;
		if ((e = retain_value(p, k, &r, seen)) != 0)
			return e;
	}
	*FIELD(p->c, k, struct cairn_conf_retain) = r;
	return 0;
}

/* pair - one "key: value" of the mapping; the key event is current. */
static int pair(struct conf_parse *p)
{
	char q[CAIRN_YAML_QUOTE_MAX * 4 + 8], why[512];
	const struct conf_key *k;
	const char *name;
	int r;

	if (p->ev.type != YAML_SCALAR_EVENT)
		return fail(p, p->ev.start_mark,
			    "expected a key name, not %s", node_kind(p->ev.type));
	name = (const char *)p->ev.data.scalar.value;
	k = find_key(name);
	if (!k)
		return fail(p, p->ev.start_mark, "unknown key %s",
			    quoted(q, sizeof(q), name));
	if (p->seen[k - conf_keys])
		return fail(p, p->ev.start_mark, "duplicate key %s",
			    quoted(q, sizeof(q), name));
	p->seen[k - conf_keys] = 1;
	if ((r = next(p)) != 0)
		return r;
	if (k->type == T_RETAIN && p->ev.type == YAML_MAPPING_START_EVENT)
		return retain(p, k);
	if (k->type == T_RETAIN && p->ev.type != YAML_SCALAR_EVENT)
		return fail(p, p->ev.start_mark, "%s: expected a mapping of done, failed "
			    "and history, not %s", k->name, node_kind(p->ev.type));
	if (p->ev.type != YAML_SCALAR_EVENT)
		return fail(p, p->ev.start_mark, "%s: expected a single value, not %s",
			    k->name, node_kind(p->ev.type));
	if (cairn_yaml_is_null(&p->ev)) {
		reset_key(p, k);
		return 0;
	}
	if (set_value(p->c, k, (const char *)p->ev.data.scalar.value,
		      why, sizeof(why)) != 0)
		return fail(p, p->ev.start_mark, "%s: %s", k->name, why);
	return 0;
}

static int mapping(struct conf_parse *p)
{
	int r;

	for (;;) {
		if ((r = next(p)) != 0)
			return r;
		if (p->ev.type == YAML_MAPPING_END_EVENT)
			return 0;
		if ((r = pair(p)) != 0)
			return r;
	}
}

/* document - the one document: a mapping, or nothing at all. */
static int document(struct conf_parse *p)
{
	int r;

	if ((r = next(p)) != 0)
		return r;
	if (p->ev.type == YAML_MAPPING_START_EVENT)
		r = mapping(p);
	else if (!(p->ev.type == YAML_SCALAR_EVENT && cairn_yaml_is_null(&p->ev)))
		return fail(p, p->ev.start_mark,
			    "the configuration must be a mapping of keys to values");
	if (r != 0 || (r = next(p)) != 0)	/* DOCUMENT-END */
		return r;
	if ((r = next(p)) != 0)
		return r;
	if (p->ev.type != YAML_STREAM_END_EVENT)
		return fail(p, p->ev.start_mark,
			    "only one YAML document is allowed");
	return 0;
}

static int stream(struct conf_parse *p)
{
	int r;

	if ((r = next(p)) != 0)		/* STREAM-START */
		return r;
	if ((r = next(p)) != 0)
		return r;
	if (p->ev.type == YAML_STREAM_END_EVENT)
		return 0;
	return document(p);
}

/* read_file - the whole file into *out; on error "PATH: reason". */
static int read_file(const char *path, struct cairn_buf *out,
		     char *err, size_t errlen)
{
	struct stat st;
	char chunk[8192];
	ssize_t n;
	int fd, r = 0;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		r = -errno;
		goto out;
	}
	if (fstat(fd, &st) != 0)
		r = -errno;
	else if (S_ISDIR(st.st_mode))
		r = -EISDIR;
	while (r == 0 && (n = read(fd, chunk, sizeof(chunk))) != 0) {
		if (n < 0 && errno != EINTR)
			r = -errno;
		else if (n > 0 && out->len + (size_t)n > CONF_MAX_BYTES)
			r = -EFBIG;
		else if (n > 0)
			cairn_buf_add(out, chunk, (size_t)n);
	}
	close(fd);
out:
	if (r != 0)
		snprintf(err, errlen, "%s: %s", path, strerror(-r));
	return r;
}

int cairn_conf_load(struct cairn_conf *c, const char *path,
		    char *err, size_t errlen)
{
	struct cairn_buf text = CAIRN_BUF_INIT;
	int r;

	if ((r = read_file(path, &text, err, errlen)) == 0)
		r = cairn_conf_load_mem(c, path, text.data ? text.data : "",
					text.len, err, errlen);
	cairn_buf_free(&text);
	return r;
}

int cairn_conf_load_mem(struct cairn_conf *c, const char *name,
			const char *data, size_t len, char *err, size_t errlen)
{
	struct conf_parse p;
	struct cairn_conf work;
	int r;

	memset(&p, 0, sizeof(p));
	p.path = name;
	p.err = err;
	p.errlen = errlen;
	if (len > CONF_MAX_BYTES) {
		snprintf(err, errlen, "%s: %s", name, strerror(EFBIG));
		return -EFBIG;
	}
	if (cairn_yaml_open(&p.y, data, len, 0) < 0) {
		snprintf(err, errlen, "%s: %s", name, strerror(ENOMEM));
		return -ENOMEM;
	}
	conf_copy(&work, c);
	p.c = &work;
	r = stream(&p);
	if (p.have_ev)
		yaml_event_delete(&p.ev);
	cairn_yaml_close(&p.y);
	if (p.have_defaults)
		cairn_conf_free(&p.defaults);
	if (r != 0) {
		cairn_conf_free(&work);
		return r;
	}
	cairn_conf_free(c);
	*c = work;
	return 0;
}

/* print_string - s as a YAML scalar that reads back to exactly s. */
static void print_string(struct cairn_buf *out, const char *s)
{
	if (cairn_yaml_plain_ok(s, CAIRN_YAML_PLAIN_NULL))
		cairn_buf_adds(out, s);
	else
		cairn_yaml_quote(out, s, strlen(s), SIZE_MAX,
				 CAIRN_YAML_ESCAPE_SCALAR);
}

/* problems_dir - the effective problem-set directory. */
static char *problems_dir(const struct cairn_conf *c)
{
	size_t n = strlen(c->spool);

	if (c->problems_dir)
		return cairn_xstrdup(c->problems_dir);
	if (n > 0 && c->spool[n - 1] == '/')
		return cairn_xasprintf("%sproblems", c->spool);
	return cairn_xasprintf("%s/problems", c->spool);
}

/* print_retain - {done: 180d, failed: ~, history: 365d}: ~ is forever. */
static void print_retain(const struct cairn_conf_retain *r, struct cairn_buf *out)
{
	char d[CAIRN_DURATION_BUFLEN];

	for (size_t i = 0; i < NRETAIN; i++) {
		uint64_t v = *(const uint64_t *)((const char *)r + retain_keys[i].off);

		cairn_buf_addf(out, "%s%s: %s", i ? ", " : "{", retain_keys[i].name,
			       v ? cairn_duration_format(v, d) : "~");
	}
	cairn_buf_addc(out, '}');
}

static void print_key(const struct cairn_conf *c, const struct conf_key *k,
		      struct cairn_buf *out)
{
	char size[CAIRN_SIZE_BUFLEN];
	const char *s;
	char *dir;

	cairn_buf_addf(out, "%s: ", k->name);
	switch (k->type) {
	case T_OPTPATH:
		if (k->off == F(problems_dir)) {
			dir = problems_dir(c);
			print_string(out, dir);
			free(dir);
			break;
		}
		s = *CFIELD(c, k, char *);
		if (s)
			print_string(out, s);
		else
			cairn_buf_adds(out, "~");
		break;
	case T_PATH: case T_INSTANCE: case T_SOLVER:
		print_string(out, *CFIELD(c, k, char *));
		break;
	case T_UINT:
		cairn_buf_addf(out, "%u", *CFIELD(c, k, unsigned));
		break;
	case T_COUNT:
		cairn_buf_addf(out, "%llu",
			       (unsigned long long)*CFIELD(c, k, uint64_t));
		break;
	case T_SIZE:
		cairn_buf_adds(out, cairn_size_format(*CFIELD(c, k, uint64_t), size));
		break;
	case T_OPTSIZE:
		if (*CFIELD(c, k, uint64_t) == 0)
			cairn_buf_adds(out, "~");
		else
			cairn_buf_adds(out, cairn_size_format(*CFIELD(c, k, uint64_t), size));
		break;
	case T_RETAIN:
		print_retain(CFIELD(c, k, struct cairn_conf_retain), out);
		break;
	case T_BOOL:
		cairn_buf_adds(out, *CFIELD(c, k, int) ? "true" : "false");
		break;
	case T_LEVEL:
		cairn_buf_adds(out, cairn_log_level_name(
				       *CFIELD(c, k, enum cairn_log_level)));
		break;
	}
	cairn_buf_addc(out, '\n');
}

void cairn_conf_print(const struct cairn_conf *c, struct cairn_buf *out)
{
	size_t i;

	for (i = 0; i < NKEYS; i++)
		print_key(c, &conf_keys[i], out);
}
