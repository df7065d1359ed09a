/*
 * cairn_conf - read and check the configuration file.
 *
 * The file is one YAML mapping of scalar keys (and one mapping of
 * durations, `retain`), read event by event through cairn_yaml (which
 * refuses anchors, aliases and NUL, and places and words libyaml's
 * errors); an empty file, or one holding only comments, leaves every
 * default.  Each key is described once, in the table of cairn_conf_key.c
 * (name, type, field, range), which checks and stores values; the
 * defaults reset walks it too, as does the printer (cairn_conf_print.c).
 * Errors name the file, the line and column, the key and what was
 * expected; unknown and duplicate keys, anchors and aliases, nested
 * values (but retain's) and more than one document are refused.  Loading
 * works on a copy, so a configuration is replaced whole or not at all
 * (SIGHUP keeps the old one on error).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cairn_conf.h"
#include "cairn_conf_key.h"
#include "cairn_duration.h"
#include "cairn_log.h"
#include "cairn_mem.h"
#include "cairn_memavail.h"
#include "cairn_yaml.h"

#ifndef CAIRN_SPOOL_DIR
#define CAIRN_SPOOL_DIR "/var/spool/cairn"
#endif
#ifndef CAIRN_PLUGIN_DIR
#define CAIRN_PLUGIN_DIR "/usr/local/lib/cairn"
#endif

/* A configuration file is a page of text; anything bigger is a mistake. */
#define CONF_MAX_BYTES (1024 * 1024)

static char *default_instance(void)
{
	char host[HOST_NAME_MAX + 1];

	if (gethostname(host, sizeof(host)) != 0)
		return cairn_xstrdup("localhost");
	host[sizeof(host) - 1] = '\0';
	return cairn_xstrdup(cairn_conf_key_instance_ok(host) ? host :
			     "localhost");
}

static unsigned default_workers(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	if (n < 1)
		return 1;
	return n > CAIRN_CONF_KEY_MAX_WORKERS ? CAIRN_CONF_KEY_MAX_WORKERS : (unsigned)n;
}

void cairn_conf_defaults_unprobed(struct cairn_conf *c)
{
	memset(c, 0, sizeof(*c));
	c->spool = cairn_xstrdup(CAIRN_SPOOL_DIR);
	c->instance = default_instance();
	c->plugin_dir = cairn_xstrdup(CAIRN_PLUGIN_DIR);
	c->problems_dir = NULL;
	c->solver = cairn_xstrdup("auto");
	c->workers = default_workers();
	c->memory_budget = 1024ULL * 1024 * 1024;
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

void cairn_conf_defaults(struct cairn_conf *c)
{
	cairn_conf_defaults_unprobed(c);
	c->memory_total = cairn_memavail_default_total();
}

void cairn_conf_free(struct cairn_conf *c)
{
	size_t i;

	for (i = 0; i < CAIRN_CONF_KEY_N; i++) {
		const struct cairn_conf_key *k = &cairn_conf_key_table[i];

		if (cairn_conf_key_is_string(k)) {
			free(*CAIRN_CONF_KEY_FIELD(c, k, char *));
			*CAIRN_CONF_KEY_FIELD(c, k, char *) = NULL;
		}
	}
}

static void conf_copy(struct cairn_conf *dst, const struct cairn_conf *src)
{
	size_t i;

	memset(dst, 0, sizeof(*dst));
	for (i = 0; i < CAIRN_CONF_KEY_N; i++)
		cairn_conf_key_copy(dst, src, &cairn_conf_key_table[i]);
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
	unsigned char seen[CAIRN_CONF_KEY_N];
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

/* next - the next event; an error of libyaml's or a refusal ends the file. */
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
static void reset_key(struct conf_parse *p, const struct cairn_conf_key *k)
{
	if (k->type == CAIRN_CONF_KEY_OPTPATH) {
		free(*CAIRN_CONF_KEY_FIELD(p->c, k, char *));
		*CAIRN_CONF_KEY_FIELD(p->c, k, char *) = NULL;
		return;
	}
	if (!p->have_defaults) {
		cairn_conf_defaults(&p->defaults);
		p->have_defaults = 1;
	}
	cairn_conf_key_copy(p->c, &p->defaults, k);
}

int cairn_conf_retains(const struct cairn_conf_retain *r)
{
	return r->done_s != 0 || r->failed_s != 0 || r->history_s != 0;
}

/* retain_value - one "KIND: duration" of retain; its key event is current. */
static int retain_value(struct conf_parse *p, const struct cairn_conf_key *k,
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
	while (i < CAIRN_CONF_KEY_NRETAIN &&
	       strcmp(cairn_conf_key_retains[i].name, name) != 0)
		i++;
	if (i == CAIRN_CONF_KEY_NRETAIN)
		return fail(p, p->ev.start_mark, "%s: unknown key %s (done, "
			    "failed or history)", k->name,
			    cairn_conf_key_quote(q, sizeof(q), name));
	if (seen[i]++)
		return fail(p, p->ev.start_mark, "%s: duplicate key %s", k->name,
			    cairn_conf_key_quote(q, sizeof(q), name));
	if ((e = next(p)) != 0)
		return e;
	if (p->ev.type != YAML_SCALAR_EVENT)
		return fail(p, p->ev.start_mark, "%s.%s: expected a single "
			    "value, not %s", k->name,
			    cairn_conf_key_retains[i].name,
			    node_kind(p->ev.type));
	v = (const char *)p->ev.data.scalar.value;
	if (cairn_yaml_is_null(&p->ev))
		*CAIRN_CONF_KEY_RETAIN_FIELD(r, i) = 0;
	else if (cairn_duration_parse(v, CAIRN_CONF_KEY_RETAIN_FIELD(r, i)) != 0)
		return fail(p, p->ev.start_mark, "%s.%s: %s is not a duration "
			    "from 1s to 36500d (a whole number and d, h, m or "
			    "s, such as 180d)", k->name,
			    cairn_conf_key_retains[i].name,
			    cairn_conf_key_quote(q, sizeof(q), v));
	return 0;
}

/*
 * retain - the mapping of retain; its start is current.  A kind it does
 * not name is kept forever, whatever an earlier configuration said.
 */
static int retain(struct conf_parse *p, const struct cairn_conf_key *k)
{
	struct cairn_conf_retain r = { 0, 0, 0 };
	unsigned char seen[CAIRN_CONF_KEY_NRETAIN] = { 0 };
	int e;

	for (;;) {
		if ((e = next(p)) != 0)
			return e;
		if (p->ev.type == YAML_MAPPING_END_EVENT)
			break;
		if ((e = retain_value(p, k, &r, seen)) != 0)
			return e;
	}
	*CAIRN_CONF_KEY_FIELD(p->c, k, struct cairn_conf_retain) = r;
	return 0;
}

/* pair - one "key: value" of the mapping; the key event is current. */
static int pair(struct conf_parse *p)
{
	char q[CAIRN_YAML_QUOTE_MAX * 4 + 8], why[512];
	const struct cairn_conf_key *k;
	const char *name;
	int r;

	if (p->ev.type != YAML_SCALAR_EVENT)
		return fail(p, p->ev.start_mark,
			    "expected a key name, not %s", node_kind(p->ev.type));
	name = (const char *)p->ev.data.scalar.value;
	k = cairn_conf_key_find(name);
	if (!k)
		return fail(p, p->ev.start_mark, "unknown key %s",
			    cairn_conf_key_quote(q, sizeof(q), name));
	if (p->seen[k - cairn_conf_key_table])
		return fail(p, p->ev.start_mark, "duplicate key %s",
			    cairn_conf_key_quote(q, sizeof(q), name));
	p->seen[k - cairn_conf_key_table] = 1;
	if ((r = next(p)) != 0)
		return r;
	if (k->type == CAIRN_CONF_KEY_RETAIN &&
	    p->ev.type == YAML_MAPPING_START_EVENT)
		return retain(p, k);
	if (k->type == CAIRN_CONF_KEY_RETAIN &&
	    p->ev.type != YAML_SCALAR_EVENT)
		return fail(p, p->ev.start_mark, "%s: expected a mapping of done, failed "
			    "and history, not %s", k->name, node_kind(p->ev.type));
	if (p->ev.type != YAML_SCALAR_EVENT)
		return fail(p, p->ev.start_mark, "%s: expected a single value, not %s",
			    k->name, node_kind(p->ev.type));
	if (cairn_yaml_is_null(&p->ev)) {
		reset_key(p, k);
		return 0;
	}
	if (cairn_conf_key_set(p->c, k, (const char *)p->ev.data.scalar.value,
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
