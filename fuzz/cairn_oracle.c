/*
 * cairn_oracle - what must hold of every input, for fuzzers and tests.
 *
 * The checks compare what was written with what comes back, never with a
 * second implementation of the writers: an input is processed through
 * cairn_process_as() (twice, for determinism) and, step by step, into a
 * struct cairn_input whose texts the result must carry; the result is read
 * with cairn_result_read(), written again from what was read and read
 * once more (a fixed point: a reader and a writer that disagree on one
 * character show up here); and the JUnit gradebook is scanned with a
 * small XML reader of its own, so that its entity decoding is independent
 * of the report's escaping.  Every failure is a message naming the input,
 * the field and both texts.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_buf.h"
#include "cairn_input.h"
#include "cairn_linked.h"
#include "cairn_mem.h"
#include "cairn_oracle.h"
#include "cairn_report.h"
#include "cairn_result_csv.h"
#include "cairn_result_json.h"
#include "cairn_result_yaml.h"
#include "cairn_utf8.h"
#include "cairn_value.h"
#include "cairn_yaml.h"

static void on_error(void *ctx, const char *msg)
{
	struct cairn_oracle *o = ctx;

	(void)msg;
	o->disagreements++;
}

static int get_set(void *ctx, const char *name, const char **data,
		   size_t *len)
{
	const struct cairn_oracle *o = ctx;

	if (o->set_text == NULL || strcmp(name, o->set_name) != 0)
		return -ENOENT;
	*data = o->set_text;
	*len = o->set_len;
	return 0;
}

void cairn_oracle_init(struct cairn_oracle *o, int cross_check,
		       size_t max_piles)
{
	char err[256];

	memset(o, 0, sizeof *o);
	cairn_conf_defaults(&o->conf);
	o->conf.cross_check = cross_check;
	o->conf.max_piles = max_piles;
	o->conf.max_file_bytes = 1u << 20;
	if (cairn_linked_solvers(&o->registry, err, sizeof err) < 0)
		abort();
	cairn_process_settings_init(&o->settings, &o->conf, &o->registry, NULL, NULL);
	o->settings.solver_threads = 1;
	o->settings.log_error = on_error;
	o->settings.log_ctx = o;
	o->source.get = get_set;
	o->source.ctx = o;
	o->source.label = "problems";
	o->settings.problem_source = &o->source;
}

void cairn_oracle_free(struct cairn_oracle *o)
{
	cairn_plugins_free(&o->registry);
	cairn_conf_free(&o->conf);
}

void cairn_oracle_set(struct cairn_oracle *o, const char *name,
		      const char *text, size_t len)
{
	o->set_name = name;
	o->set_text = text;
	o->set_len = len;
}

/* shown - s quoted with escapes for a message ("(none)" for NULL) */
static char *shown(const char *s)
{
	struct cairn_buf b = CAIRN_BUF_INIT;

	if (s == NULL)
		return cairn_xstrdup("(none)");
	cairn_yaml_quote(&b, s, strlen(s), CAIRN_YAML_QUOTE_MAX,
			 CAIRN_YAML_ESCAPE_MESSAGE);
	return cairn_buf_steal(&b);
}

/* differ - NULL when a and b are the same text (or both absent) */
static char *differ(const char *where, const char *field, const char *a,
		    const char *b)
{
	char *x, *y, *msg;

	if (a == b || (a != NULL && b != NULL && strcmp(a, b) == 0))
		return NULL;
	x = shown(a);
	y = shown(b);
	msg = cairn_xasprintf("%s: %s: wrote %s, read back %s", where, field,
			      x, y);
	free(x);
	free(y);
	return msg;
}

/* ---- an input against its result ---- */

static char *same_stats(const char *where, const struct cairn_stats *a,
			const struct cairn_stats *b)
{
	if (a->errors == b->errors && a->graded == b->graded &&
	    a->correct == b->correct && a->wrong == b->wrong &&
	    a->missing == b->missing && a->invalid == b->invalid &&
	    a->file_error == b->file_error)
		return NULL;
	return cairn_xasprintf("%s: the tally of the result read back differs "
			       "from the input's", where);
}

static char *same_puzzle(const char *where, const struct cairn_puzzle *p,
			 const struct cairn_result_puzzle *q, enum cairn_format fmt)
{
	const char *feedback = p->error ? NULL : p->out.feedback;
	char *msg;

	if (fmt == CAIRN_FORMAT_CSV && feedback != NULL && feedback[0] == '\0')
		feedback = NULL;	/* an empty CSV field is "none" */
	if ((msg = differ(where, "id", p->id, q->id)) != NULL ||
	    (msg = differ(where, "feedback", feedback, q->feedback)) != NULL ||
	    (msg = differ(where, "error", p->error, q->error)) != NULL)
		return msg;
	if (p->out.verdict != q->verdict)
		return cairn_xasprintf("%s: puzzle %s: verdict %d read back as "
				       "%d", where, q->id, (int)p->out.verdict,
				       (int)q->verdict);
	return NULL;
}

static char *same_input(const char *where, const struct cairn_input *in,
			const struct cairn_result_file *r, enum cairn_format fmt)
{
	int csv = fmt == CAIRN_FORMAT_CSV;
	struct cairn_stats a, b;
	char *msg;
	size_t i;

	if ((msg = differ(where, "error", in->error, r->error)) != NULL)
		return msg;
	/* A CSV result says whose it is only when it has the columns. */
	if ((!csv || r->problem_set != NULL) &&
	    (msg = differ(where, "problem_set", in->problem_set,
			  r->problem_set)) != NULL)
		return msg;
	if ((!csv || r->submitter != NULL) &&
	    (msg = differ(where, "submitter", in->submitter,
			  r->submitter)) != NULL)
		return msg;
	if (in->error == NULL && in->npuzzles != r->npuzzles)
		return cairn_xasprintf("%s: %zu puzzles written, %zu read back",
				       where, in->npuzzles, r->npuzzles);
	for (i = 0; in->error == NULL && i < in->npuzzles; i++)
		if ((msg = same_puzzle(where, &in->puzzles[i], &r->puzzles[i],
				       fmt)) != NULL)
			return msg;
	cairn_stats_input(in, &a);
	cairn_result_read_tally(r, &b);
	return same_stats(where, &a, &b);
}

/* ext - the file name ending of results in fmt */
static const char *ext(enum cairn_format fmt)
{
	return fmt == CAIRN_FORMAT_CSV ? "csv" : fmt == CAIRN_FORMAT_JSON ? "json" : "yaml";
}

static void read_as(struct cairn_input *in, const char *source,
		    enum cairn_format fmt, const char *data, size_t len,
		    const struct cairn_settings *s)
{
	cairn_puzzle_input_init(in, source, fmt);
	if (fmt == CAIRN_FORMAT_CSV)
		cairn_csv_in_read(in, data, len, &s->limits);
	else if (fmt == CAIRN_FORMAT_JSON)
		cairn_json_in_read(in, data, len, &s->limits);
	else
		cairn_yaml_in_read(in, data, len, &s->limits);
}

char *cairn_oracle_process(struct cairn_oracle *o, const char *source,
			   const char *data, size_t len,
			   struct cairn_input *keep)
{
	enum cairn_format fmt = cairn_puzzle_format_of(source);
	struct cairn_buf a = CAIRN_BUF_INIT, b = CAIRN_BUF_INIT;
	struct cairn_result_file r;
	struct cairn_stats st;
	struct cairn_input in;
	atomic_int cancel = 0;
	char err[1024], *name = cairn_puzzle_result_name(source), *msg = NULL;

	o->disagreements = 0;
	cairn_buf_adds(&a, "");
	cairn_buf_adds(&b, "");
	if (cairn_process_as(source, fmt, data, len, &o->settings, &cancel,
			     &a, &st) != 0 ||
	    cairn_process_as(source, fmt, data, len, &o->settings, &cancel,
			     &b, &st) != 0)
		msg = cairn_xasprintf("%s: not processed", source);
	else if (a.len != b.len || memcmp(a.data, b.data, a.len) != 0)
		msg = cairn_xasprintf("%s: processed twice, different bytes",
				      source);
	read_as(&in, source, fmt, data, len, &o->settings);
	if (msg == NULL && cairn_process_input(&in, &o->settings, &cancel))
		msg = cairn_xasprintf("%s: not processed", source);
	if (msg == NULL && cairn_result_read(&r, name, a.data, a.len, err,
					     sizeof err) < 0) {
		msg = cairn_xasprintf("%s: its result does not read back: %s",
				      source, err);
		cairn_result_file_free(&r);
	} else if (msg == NULL) {
		msg = same_input(source, &in, &r, fmt);
		if (msg == NULL && o->disagreements > 0)
			msg = cairn_xasprintf("%s: solvers disagree", source);
		if (msg == NULL)
			msg = cairn_oracle_result(&r, fmt);
		if (msg == NULL)
			msg = cairn_oracle_report(&r);
		cairn_result_file_free(&r);
	}
	if (keep != NULL)
		*keep = in;
	else
		cairn_puzzle_input_free(&in);
	cairn_buf_free(&a);
	cairn_buf_free(&b);
	free(name);
	return msg;
}

/* ---- a result written again ---- */

/* input_of - the fields of r as an input the writers render */
static void input_of(struct cairn_input *in, const struct cairn_result_file *r,
		     enum cairn_format fmt)
{
	const struct cairn_result_puzzle *q;
	struct cairn_puzzle *p;
	size_t i;

	cairn_puzzle_input_init(in, r->source, fmt);
	in->shape = CAIRN_SHAPE_PUZZLES;
	if (r->error != NULL)
		in->error = cairn_xstrdup(r->error);
	if (r->problem_set != NULL)
		in->problem_set = cairn_xstrdup(r->problem_set);
	if (r->submitter != NULL)
		in->submitter = cairn_xstrdup(r->submitter);
	for (i = 0; in->error == NULL && i < r->npuzzles; i++) {
		q = &r->puzzles[i];
		p = cairn_puzzle_input_add(in);
		p->id = cairn_xstrdup(q->id);
		p->line = i + 2;
		if (q->error != NULL) {
			p->error = cairn_xstrdup(q->error);
			continue;	/* a puzzle error has no verdict */
		}
		p->out.verdict = q->verdict;
		if (q->feedback != NULL)
			p->out.feedback = cairn_xstrdup(q->feedback);
	}
}

static void write_as(const struct cairn_input *in, enum cairn_format fmt,
		     struct cairn_buf *out)
{
	struct cairn_stats st;

	cairn_stats_input(in, &st);
	if (fmt == CAIRN_FORMAT_CSV)
		cairn_result_csv(in, out);
	else if (fmt == CAIRN_FORMAT_JSON)
		cairn_result_json(in, &st, out);
	else
		cairn_result_yaml(in, &st, out);
}

char *cairn_oracle_result(const struct cairn_result_file *r, enum cairn_format fmt)
{
	char *name = cairn_xasprintf("again.result.%s", ext(fmt));
	struct cairn_buf a = CAIRN_BUF_INIT, b = CAIRN_BUF_INIT;
	struct cairn_result_file back;
	struct cairn_input in, in2;
	char err[1024], *msg = NULL;

	input_of(&in, r, fmt);
	write_as(&in, fmt, &a);
	if (cairn_result_read(&back, name, a.data, a.len, err,
			      sizeof err) < 0) {
		msg = cairn_xasprintf("a result written again does not read "
				      "back: %s", err);
	} else if (fmt == CAIRN_FORMAT_CSV) {
		/* The CSV source is the file's name: compare the rest. */
		free(in.source);
		in.source = cairn_xstrdup(back.source);
	}
	if (msg == NULL)
		msg = same_input("written again", &in, &back, fmt);
	if (msg == NULL) {
		input_of(&in2, &back, fmt);
		write_as(&in2, fmt, &b);
		cairn_puzzle_input_free(&in2);
		if (a.len != b.len || memcmp(a.data, b.data, a.len) != 0)
			msg = cairn_xstrdup("a result written, read and written "
					    "again changed");
	}
	cairn_result_file_free(&back);
	cairn_puzzle_input_free(&in);
	cairn_buf_free(&a);
	cairn_buf_free(&b);
	free(name);
	return msg;
}

/* ---- the gradebooks ---- */

/*
 * xml_view - s as the report carries it in XML: what XML 1.0 cannot hold,
 * and the controls and bidi controls a reader's screen would act on, are
 * U+FFFD
 */
static void xml_view(struct cairn_buf *b, const char *s)
{
	size_t n = strlen(s), len;
	uint32_t cp = 0;

	cairn_buf_adds(b, "");
	for (; n > 0; s += len, n -= len) {
		len = cairn_utf8_next(s, n, &cp);
		if (len == 0 || (cairn_utf8_unsafe(cp) && cp != '\t' &&
				 cp != '\n' && cp != '\r')) {
			cairn_buf_adds(b, "\xef\xbf\xbd");
			len = len ? len : 1;
		} else {
			cairn_buf_add(b, s, len);
		}
	}
	cairn_buf_addc(b, '\x1f');	/* ends one text of the sequence */
}

static void add_utf8(struct cairn_buf *b, unsigned long cp)
{
	if (cp < 0x80) {
		cairn_buf_addc(b, (char)cp);
	} else if (cp < 0x800) {
		cairn_buf_addc(b, (char)(0xc0 | cp >> 6));
		cairn_buf_addc(b, (char)(0x80 | (cp & 0x3f)));
	} else if (cp < 0x10000) {
		cairn_buf_addc(b, (char)(0xe0 | cp >> 12));
		cairn_buf_addc(b, (char)(0x80 | (cp >> 6 & 0x3f)));
		cairn_buf_addc(b, (char)(0x80 | (cp & 0x3f)));
	} else {
		cairn_buf_addc(b, (char)(0xf0 | cp >> 18));
		cairn_buf_addc(b, (char)(0x80 | (cp >> 12 & 0x3f)));
		cairn_buf_addc(b, (char)(0x80 | (cp >> 6 & 0x3f)));
		cairn_buf_addc(b, (char)(0x80 | (cp & 0x3f)));
	}
}

/* decode - XML text up to `stop`, entities resolved, into b; past stop */
static const char *decode(struct cairn_buf *b, const char *s, char stop)
{
	static const char *const ents[][2] = {
		{ "amp;", "&" }, { "lt;", "<" }, { "gt;", ">" },
		{ "quot;", "\"" }, { "apos;", "'" },
	};
	size_t i;

	while (*s && *s != stop) {
		if (*s++ != '&') {
			cairn_buf_addc(b, s[-1]);
			continue;
		}
		if (*s == '#') {
			char *end;
			unsigned long cp = s[1] == 'x' ?
				strtoul(s + 2, &end, 16) : strtoul(s + 1, &end, 10);

			add_utf8(b, cp);
			s = *end == ';' ? end + 1 : end;
			continue;
		}
		for (i = 0; i < sizeof ents / sizeof ents[0]; i++)
			if (strncmp(s, ents[i][0], strlen(ents[i][0])) == 0)
				break;
		if (i == sizeof ents / sizeof ents[0]) {
			cairn_buf_addc(b, '&');	/* not well-formed: shows */
			continue;
		}
		cairn_buf_adds(b, ents[i][1]);
		s += strlen(ents[i][0]);
	}
	cairn_buf_addc(b, '\x1f');
	return *s ? s + 1 : s;
}

/*
 * junit_texts - the name and value attributes and the text of failure,
 * error and skipped elements, in document order, each ended by 0x1f (attribute values
 * hold no raw '>' or '"', so a tag ends at the first '>')
 */
static void junit_texts(struct cairn_buf *b, const char *x)
{
	const char *c, *end, *eq, *q;
	int text;

	cairn_buf_adds(b, "");
	while ((x = strchr(x, '<')) != NULL && (end = strchr(x, '>')) != NULL) {
		text = strncmp(x, "<failure ", 9) == 0 ||
		       strncmp(x, "<error ", 7) == 0 ||
		       strncmp(x, "<skipped ", 9) == 0;
		for (c = x; x[1] != '?' && x[1] != '/' &&
		     (eq = memchr(c, '=', (size_t)(end - c))) != NULL; c = q + 1) {
			if (eq[1] != '"' || (q = strchr(eq + 2, '"')) == NULL ||
			    q > end)
				return;
			if ((eq - c >= 5 && strncmp(eq - 5, " name", 5) == 0) ||
			    (eq - c >= 6 && strncmp(eq - 6, " value", 6) == 0))
				decode(b, eq + 2, '"');
		}
		if (text && end[-1] != '/')
			decode(b, end + 1, '<');
		x = end + 1;
	}
}

/* visible_view - s as a CSV gradebook shows it: controls visible */
static void visible_view(struct cairn_buf *b, const char *s)
{
	if (s != NULL)
		cairn_utf8_visible(b, s, strlen(s));
	cairn_buf_addc(b, '\x1f');
}

/* field_done - one gradebook field, without its formula guard */
static void field_done(struct cairn_buf *b, struct cairn_buf *f)
{
	const char *s;

	cairn_buf_adds(f, "");
	s = f->data;
	cairn_buf_adds(b, s[0] == '\'' && cairn_result_csv_guarded(s + 1) ? s + 1 : s);
	cairn_buf_addc(b, '\x1f');
	cairn_buf_reset(f);
}

/*
 * gradebook_texts - source, submitter and problem_set of the CSV report
 * (the owner between source and submitter is the daemon's, not the file's)
 */
static void gradebook_texts(struct cairn_buf *b, const char *x)
{
	struct cairn_buf f = CAIRN_BUF_INIT;
	int field = 0, quoted = 0;

	cairn_buf_adds(b, "");
	x = strchr(x, '\n');
	for (x = x ? x + 1 : ""; *x && field < 4; x++) {
		if (quoted) {
			if (*x == '"' && x[1] == '"')
				cairn_buf_addc(&f, *x++);
			else if (*x == '"')
				quoted = 0;
			else
				cairn_buf_addc(&f, *x);
		} else if (*x == '"') {
			quoted = 1;
		} else if ((*x == ',' || *x == '\n') && field == 1) {
			cairn_buf_reset(&f);
			field++;
		} else if (*x == ',' || *x == '\n') {
			field_done(b, &f);
			field++;
		} else {
			cairn_buf_addc(&f, *x);
		}
	}
	cairn_buf_free(&f);
}

/* property_want - a suite property's name and value, when it has one */
static void property_want(struct cairn_buf *b, const char *name, const char *value)
{
	if (value == NULL)
		return;
	xml_view(b, name);
	xml_view(b, value);
}

/* junit_want - what junit_texts() must find in the report of r */
static void junit_want(struct cairn_buf *b, const struct cairn_result_file *r)
{
	const struct cairn_result_puzzle *p;
	size_t i;

	xml_view(b, "cairn");
	if (r->owner != NULL) {
		/* Suites are OWNER/SOURCE: two owners' hw1.yaml are two suites. */
		char *name = cairn_xasprintf("%s/%s", r->owner, r->source);

		xml_view(b, name);
		free(name);
	} else {
		xml_view(b, r->source);
	}
	property_want(b, "owner", r->owner);
	property_want(b, "submitter", r->submitter);
	property_want(b, "problem_set", r->problem_set);
	property_want(b, "received", r->received);
	property_want(b, "late", r->late_by);
	property_want(b, "penalty", r->late_penalty);
	property_want(b, "refused", cairn_result_read_refusal_name(r->refused));
	/* An element with no text is written empty: <error .../>. */
	if (r->error != NULL) {
		xml_view(b, r->refused ? "refused" : "file");
		if (r->error[0] != '\0')
			xml_view(b, r->error);
	}
	for (i = 0; i < r->npuzzles; i++) {
		p = &r->puzzles[i];
		if (p->error == NULL && p->verdict == CAIRN_VERDICT_NONE)
			continue;
		xml_view(b, p->id);
		if (p->error != NULL) {
			if (p->error[0] != '\0')
				xml_view(b, p->error);
		}
		else if (p->verdict == CAIRN_VERDICT_MISSING && !p->feedback)
			xml_view(b, "no answer was given");
		else if (p->verdict != CAIRN_VERDICT_CORRECT &&
			 p->feedback != NULL && p->feedback[0] != '\0')
			xml_view(b, p->feedback);
	}
}

char *cairn_oracle_report(const struct cairn_result_file *r)
{
	struct cairn_buf a = CAIRN_BUF_INIT, b = CAIRN_BUF_INIT;
	struct cairn_buf got = CAIRN_BUF_INIT, want = CAIRN_BUF_INIT;
	char *msg = NULL;

	cairn_report_junit(r, 1, &a);
	cairn_report_junit(r, 1, &b);
	if (a.len != b.len || memcmp(a.data, b.data, a.len) != 0)
		msg = cairn_xstrdup("JUnit report: not the same bytes twice");
	cairn_buf_reserve(&a, 0);
	junit_texts(&got, a.data);
	junit_want(&want, r);
	if (msg == NULL && strcmp(got.data, want.data) != 0)
		msg = cairn_xasprintf("JUnit report: texts differ from the "
				      "result's:\n%s\n%s", got.data, want.data);
	cairn_buf_reset(&a);
	cairn_buf_reset(&b);
	cairn_report_csv(r, 1, &a);
	cairn_report_csv(r, 1, &b);
	if (msg == NULL && (a.len != b.len || memcmp(a.data, b.data, a.len)))
		msg = cairn_xstrdup("CSV report: not the same bytes twice");
	cairn_buf_reserve(&a, 0);
	cairn_buf_reset(&got);
	cairn_buf_reset(&want);
	gradebook_texts(&got, a.data);
	visible_view(&want, r->source);
	visible_view(&want, r->submitter);
	visible_view(&want, r->problem_set);
	if (msg == NULL && strcmp(got.data, want.data) != 0)
		msg = cairn_xasprintf("CSV report: texts differ from the "
				      "result's:\n%s\n%s", got.data, want.data);
	cairn_buf_free(&a);
	cairn_buf_free(&b);
	cairn_buf_free(&got);
	cairn_buf_free(&want);
	return msg;
}
