/*
 * cairn_status_print - the two outputs of `cairn status`
 * (cairn_status_print.h).  The text is tables in the manner of
 * `postqueue -p` and `lpstat`: columns padded to their widest cell
 * (counted in characters), numbers right-aligned, two spaces between,
 * the last column unpadded; names and errors are escaped as result
 * files escape them when they hold a control character or ill-formed
 * UTF-8, so that one entry is always one line.  Ages are the time since
 * a change time (cairn_spool_status.h), in days, hours and minutes
 * ("2h 14m"), or seconds under a minute, as a late result's `by` is
 * written; the JSON gives the time itself and the age in seconds.
 */
#include "config.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_mem.h"
#include "cairn_policy_rules.h"
#include "cairn_spool_dirs.h"
#include "cairn_status_print.h"
#include "cairn_time.h"
#include "cairn_utf8.h"

#define MAX_COLS 6

/* A table: rows of cells, the first the header. */
struct table {
	const char *align;		/* per column: 'l' or 'r' */
	size_t ncol, nrow, cap;
	char **cells;			/* nrow * ncol */
};

/* cell - the text of s for one line: escaped when it must be */
static char *cell(const char *s)
{
	size_t n = strlen(s), i = 0, len;
	uint32_t cp;
	struct cairn_buf b = { 0 };

	while (i < n && (len = cairn_utf8_next(s + i, n - i, &cp)) != 0 && !cairn_utf8_unsafe(cp))
		i += len;
	if (i == n)
		return cairn_xstrdup(s);
	cairn_utf8_escape(&b, s, n);
	return cairn_buf_steal(&b);
}

static void row(struct table *t, ...)
{
	va_list ap;

	t->cells = cairn_xgrow(t->cells, &t->cap, (t->nrow + 1) * t->ncol, sizeof(t->cells[0]));
	va_start(ap, t);
	for (size_t c = 0; c < t->ncol; c++)
		t->cells[t->nrow * t->ncol + c] = cell(va_arg(ap, const char *));
	va_end(ap);
	t->nrow++;
}

/* chars - the characters of s (continuation bytes not counted) */
static size_t chars(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}

/* emit - the table into out, indented, then freed; "(none)" without rows */
static void emit(struct table *t, struct cairn_buf *out)
{
	size_t w[MAX_COLS] = { 0 };

	for (size_t i = 0; i < t->nrow * t->ncol; i++)
		if (chars(t->cells[i]) > w[i % t->ncol])
			w[i % t->ncol] = chars(t->cells[i]);
	for (size_t r = 0; r < t->nrow; r++) {
		cairn_buf_adds(out, " ");
		for (size_t c = 0; c < t->ncol; c++) {
			const char *s = t->cells[r * t->ncol + c];
			size_t pad = w[c] - chars(s);
			int last = c + 1 == t->ncol;

			cairn_buf_adds(out, " ");
			for (; t->align[c] == 'r' && pad > 0; pad--)
				cairn_buf_addc(out, ' ');
			cairn_buf_adds(out, s);
			for (; !last && pad > 0; pad--)
				cairn_buf_addc(out, ' ');
			if (!last)
				cairn_buf_addc(out, ' ');
		}
		cairn_buf_addc(out, '\n');
	}
	if (t->nrow == 1)
		cairn_buf_adds(out, "  (none)\n");
	for (size_t i = 0; i < t->nrow * t->ncol; i++)
		free(t->cells[i]);
	free(t->cells);
}

/* age_ms - how long before v->now t was; a time ahead of it (clocks of
   two hosts) is no time */
static int64_t age_ms(const struct cairn_status_print_view *v, const struct timespec *t)
{
	int64_t ms = cairn_time_ms(&v->now) - cairn_time_ms(t);

	return ms > 0 ? ms : 0;
}

static const char *age(const struct cairn_status_print_view *v, const struct timespec *t,
		       char buf[CAIRN_POLICY_BY_LEN])
{
	return cairn_policy_rules_by_text(age_ms(v, t), buf);
}

/* num - n in decimal into buf */
static const char *num(uint64_t n, char buf[24])
{
	snprintf(buf, 24, "%" PRIu64, n);
	return buf;
}

static const char *const run_names[] = {
	[CAIRN_SPOOL_STATUS_STOPPED] = "stopped",
	[CAIRN_SPOOL_STATUS_RUNNING] = "running",
	[CAIRN_SPOOL_STATUS_UNKNOWN] = "unknown",
};

static void text_instances(const struct cairn_status_print_view *v, struct cairn_buf *out)
{
	struct table t = { "llrll", 5, 0, 0, NULL };
	char pid[24], n[24];

	cairn_buf_adds(out, "Instances:\n");
	row(&t, "INSTANCE", "STATE", "PID", "HOST", "CLAIMED");
	for (size_t i = 0; i < v->st->ninst; i++) {
		const struct cairn_spool_status_instance *in = &v->st->inst[i];
		int on = in->run == CAIRN_SPOOL_STATUS_RUNNING;

		row(&t, in->name, run_names[in->run],
		    !on ? "-" : in->holder.pid > 0 ? num((uint64_t)in->holder.pid, pid) : "?",
		    !on ? "-" : in->holder.host[0] ? in->holder.host : "?",
		    num(in->nclaimed, n));
	}
	emit(&t, out);
}

static void text_processing(const struct cairn_status_print_view *v, struct cairn_buf *out)
{
	struct table t = { "llrlrl", 6, 0, 0, NULL };
	char uid[24], bytes[24], a[CAIRN_POLICY_BY_LEN];

	cairn_buf_adds(out, "Processing:\n");
	row(&t, "INSTANCE", "OWNER", "UID", "AGE", "BYTES", "FILE");
	for (size_t i = 0; i < v->st->ninst; i++)
		for (size_t k = 0; k < v->st->inst[i].nclaimed; k++) {
			const struct cairn_spool_status_file *f = &v->st->inst[i].claimed[k];

			row(&t, v->st->inst[i].name, f->owner, num(f->uid, uid),
			    age(v, &f->ctime, a), num(f->bytes, bytes), f->name);
		}
	emit(&t, out);
}

static void text_waiting(const struct cairn_status_print_view *v, struct cairn_buf *out)
{
	struct table t = { "lrrrl", 5, 0, 0, NULL };
	char uid[24], files[24], bytes[24], a[CAIRN_POLICY_BY_LEN];

	cairn_buf_adds(out, "Waiting:\n");
	row(&t, "OWNER", "UID", "FILES", "BYTES", "OLDEST");
	for (size_t i = 0; i < v->st->nowners; i++) {
		const struct cairn_spool_status_owner *o = &v->st->owners[i];

		row(&t, o->owner, num(o->uid, uid), num(o->usage.files, files),
		    num(o->usage.bytes, bytes), age(v, &o->oldest, a));
	}
	emit(&t, out);
}

static void text_failures(const struct cairn_status_print_view *v, struct cairn_buf *out)
{
	struct table t = { "llll", 4, 0, 0, NULL };
	char a[CAIRN_POLICY_BY_LEN];

	cairn_buf_addf(out, "Failures (newest first, %zu of %" PRIu64 "):\n",
		       v->st->nfailures, v->st->failed.files);
	row(&t, "AGE", "OWNER", "FILE", "ERROR");
	for (size_t i = 0; i < v->st->nfailures; i++) {
		const struct cairn_spool_status_failure *f = &v->st->failures[i];

		row(&t, age(v, &f->f.ctime, a), f->f.owner, f->f.name,
		    v->errors[i] ? v->errors[i] : "-");
	}
	emit(&t, out);
}

/* A directory of the spool and what it holds. */
struct dir_usage {
	char *name;
	const struct cairn_spool_status_usage *u;
};

/* dirs - the directories, in the order both outputs give them (free each name) */
static struct dir_usage *dirs(const struct cairn_spool_status *st, size_t *n)
{
	struct dir_usage *d = cairn_xcalloc(st->ninst + 4, sizeof(d[0]));
	size_t k = 0;

	d[k++] = (struct dir_usage){ cairn_xstrdup(CAIRN_DIR_INCOMING), &st->incoming };
	for (size_t i = 0; i < st->ninst; i++)
		d[k++] = (struct dir_usage){ cairn_xasprintf(CAIRN_DIR_PROCESSING "/%s",
							     st->inst[i].name),
					     &st->inst[i].usage };
	d[k++] = (struct dir_usage){ cairn_xstrdup(CAIRN_DIR_DONE), &st->done };
	d[k++] = (struct dir_usage){ cairn_xstrdup(CAIRN_DIR_FAILED), &st->failed };
	d[k++] = (struct dir_usage){ cairn_xstrdup(CAIRN_DIR_RESULTS), &st->results };
	*n = k;
	return d;
}

static void text_directories(const struct cairn_status_print_view *v, struct cairn_buf *out)
{
	struct table t = { "lrr", 3, 0, 0, NULL };
	char files[24], bytes[24];
	size_t n;
	struct dir_usage *d = dirs(v->st, &n);

	cairn_buf_adds(out, "Directories:\n");
	row(&t, "DIRECTORY", "FILES", "BYTES");
	for (size_t i = 0; i < n; i++) {
		row(&t, d[i].name, num(d[i].u->files, files), num(d[i].u->bytes, bytes));
		free(d[i].name);
	}
	free(d);
	emit(&t, out);
}

void cairn_status_print_text(const struct cairn_status_print_view *v, struct cairn_buf *out)
{
	struct table t = { "l", 1, 0, 0, NULL };

	row(&t, v->spool);
	cairn_buf_addf(out, "Spool %s\n", t.cells[0]);
	free(t.cells[0]);
	free(t.cells);
	text_instances(v, out);
	text_processing(v, out);
	text_waiting(v, out);
	text_failures(v, out);
	text_directories(v, out);
}

/* --- JSON --- */

static void jquote(struct cairn_buf *out, const char *s)
{
	cairn_buf_addc(out, '"');
	cairn_utf8_escape_json(out, s, strlen(s));
	cairn_buf_addc(out, '"');
}

static void jstr(struct cairn_buf *out, const char *key, const char *s)
{
	cairn_buf_addf(out, "\"%s\": ", key);
	if (s == NULL) {
		cairn_buf_adds(out, "null");
		return;
	}
	jquote(out, s);
}

static void jnum(struct cairn_buf *out, const char *key, uint64_t n)
{
	cairn_buf_addf(out, ", \"%s\": %" PRIu64, key, n);
}

/* jtime - ", "KEY": "TIME", "AGE_KEY": S" */
static void jtime(const struct cairn_status_print_view *v, struct cairn_buf *out, const char *key,
		  const char *age_key, const struct timespec *t)
{
	char buf[CAIRN_TIME_LEN];

	cairn_buf_addf(out, ", \"%s\": \"%s\"", key, cairn_time_format(t, buf));
	jnum(out, age_key, (uint64_t)(age_ms(v, t) / 1000));
}

static void json_instances(const struct cairn_status_print_view *v, struct cairn_buf *out)
{
	cairn_buf_adds(out, "  \"instances\": [");
	for (size_t i = 0; i < v->st->ninst; i++) {
		const struct cairn_spool_status_instance *in = &v->st->inst[i];
		int on = in->run == CAIRN_SPOOL_STATUS_RUNNING;

		cairn_buf_adds(out, i ? ",\n    {" : "\n    {");
		jstr(out, "name", in->name);
		cairn_buf_adds(out, ", ");
		jstr(out, "state", run_names[in->run]);
		if (on && in->holder.pid > 0)
			cairn_buf_addf(out, ", \"pid\": %ld, ", in->holder.pid);
		else
			cairn_buf_adds(out, ", \"pid\": null, ");
		jstr(out, "host", on && in->holder.host[0] ? in->holder.host : NULL);
		jnum(out, "files", in->usage.files);
		jnum(out, "bytes", in->usage.bytes);
		cairn_buf_adds(out, ", \"claimed\": [");
		for (size_t k = 0; k < in->nclaimed; k++) {
			const struct cairn_spool_status_file *f = &in->claimed[k];

			cairn_buf_adds(out, k ? ",\n      {" : "\n      {");
			jstr(out, "file", f->name);
			cairn_buf_adds(out, ", ");
			jstr(out, "owner", f->owner);
			jnum(out, "uid", f->uid);
			jnum(out, "bytes", f->bytes);
			jtime(v, out, "claimed", "age_s", &f->ctime);
			cairn_buf_addc(out, '}');
		}
		cairn_buf_adds(out, in->nclaimed ? "\n    ]}" : "]}");
	}
	cairn_buf_adds(out, v->st->ninst ? "\n  ],\n" : "],\n");
}

static void json_waiting(const struct cairn_status_print_view *v, struct cairn_buf *out)
{
	cairn_buf_adds(out, "  \"waiting\": [");
	for (size_t i = 0; i < v->st->nowners; i++) {
		const struct cairn_spool_status_owner *o = &v->st->owners[i];

		cairn_buf_adds(out, i ? ",\n    {" : "\n    {");
		jstr(out, "owner", o->owner);
		jnum(out, "uid", o->uid);
		jnum(out, "files", o->usage.files);
		jnum(out, "bytes", o->usage.bytes);
		jtime(v, out, "oldest", "oldest_age_s", &o->oldest);
		cairn_buf_addc(out, '}');
	}
	cairn_buf_adds(out, v->st->nowners ? "\n  ],\n" : "],\n");
}

static void json_failures(const struct cairn_status_print_view *v, struct cairn_buf *out)
{
	char buf[CAIRN_TIME_LEN];

	cairn_buf_addf(out, "  \"failed_total\": %" PRIu64 ",\n  \"failures\": [",
		       v->st->failed.files);
	for (size_t i = 0; i < v->st->nfailures; i++) {
		const struct cairn_spool_status_failure *f = &v->st->failures[i];

		cairn_buf_adds(out, i ? ",\n    {" : "\n    {");
		jstr(out, "owner", f->f.owner);
		cairn_buf_adds(out, ", ");
		jstr(out, "file", f->f.name);
		jnum(out, "bytes", f->f.bytes);
		jtime(v, out, "failed", "age_s", &f->f.ctime);
		cairn_buf_adds(out, ", ");
		jstr(out, "received", f->result_name ? cairn_time_format(&f->arrival, buf) : NULL);
		cairn_buf_adds(out, ", ");
		jstr(out, "error", v->errors[i]);
		cairn_buf_addc(out, '}');
	}
	cairn_buf_adds(out, v->st->nfailures ? "\n  ],\n" : "],\n");
}

static void json_directories(const struct cairn_status_print_view *v, struct cairn_buf *out)
{
	size_t n;
	struct dir_usage *d = dirs(v->st, &n);

	cairn_buf_adds(out, "  \"directories\": {");
	for (size_t i = 0; i < n; i++) {
		cairn_buf_adds(out, i ? ",\n    " : "\n    ");
		jquote(out, d[i].name);
		cairn_buf_addf(out, ": {\"files\": %" PRIu64 ", \"bytes\": %" PRIu64 "}",
			       d[i].u->files, d[i].u->bytes);
		free(d[i].name);
	}
	free(d);
	cairn_buf_adds(out, "\n  }\n");
}

void cairn_status_print_json(const struct cairn_status_print_view *v, struct cairn_buf *out)
{
	char buf[CAIRN_TIME_LEN];

	cairn_buf_adds(out, "{\n  ");
	jstr(out, "spool", v->spool);
	cairn_buf_addf(out, ",\n  \"now\": \"%s\",\n", cairn_time_format(&v->now, buf));
	json_instances(v, out);
	json_waiting(v, out);
	json_failures(v, out);
	json_directories(v, out);
	cairn_buf_adds(out, "}\n");
}
