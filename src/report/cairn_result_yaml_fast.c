/*
 * cairn_result_yaml_fast - read a YAML result file of the shape the
 * writer (cairn_result_yaml.c) gives it, without libyaml.
 *
 * A report reads tens of thousands of result files, and libyaml's event
 * loop alone costs several times reading them from disk.  This reader
 * takes only what the writer writes: ASCII text of lines `KEY: VALUE`,
 * the top level at column 0, puzzles as `  - KEY: VALUE` items with
 * their keys at 4 spaces, `checks:` entries of flow mappings and
 * `explain:` rows of flow sequences of integers at 6, the `late` and
 * `summary` flow mappings; scalars plain (a safe set of characters) or
 * double-quoted with YAML's escapes.  It guarantees that whenever it
 * says it read a file, the struct holds exactly what the full reader
 * (cairn_result_yaml_read.c, libyaml and a tree) would have filled in:
 * anything else (another layout, a comment, a tab, a byte outside
 * printable ASCII, a repeated key, a single-quoted or multi-line
 * scalar, any value the full reader would refuse) makes it give the
 * file up, untouched, to the full reader, which also words every error.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cairn_buf.h"
#include "cairn_mem.h"
#include "cairn_result_yaml_fast.h"

/* Where the reader is: the current line is [p, eol), eol at its '\n'. */
struct cur {
	const char *p, *eol, *end;
};

/* The keys of a puzzle that the report reads, in slots. */
enum { K_ID, K_FEEDBACK, K_ERROR, K_VERDICT, K_ALICE, K_BOB, K_DIFF,
       K_FIRST_MOVE, K_MOVES, K_CHECKS, K_NKEYS };

static const char *const puzzle_keys[K_NKEYS] = {
	"id", "feedback", "error", "verdict", "alice", "bob", "diff",
	"first_move", "moves", "checks",
};

/* A puzzle's scalars, decoded one after another into text. */
struct item {
	struct cairn_buf text;
	size_t at[K_NKEYS];		/* offset in text, or SIZE_MAX */
	struct cairn_buf answer;
};

static int is_alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

/*
 * next_line - step to the next line: 0, END at the end of the text, or
 * -1 when the last line has no newline
 */
#define END 1
static int next_line(struct cur *c)
{
	c->p = c->eol + 1;
	if (c->p >= c->end)
		return END;
	c->eol = memchr(c->p, '\n', (size_t)(c->end - c->p));
	return c->eol != NULL ? 0 : -1;
}

/* indent - whether the line starts with exactly n spaces, then not a space */
static int indent(const struct cur *c, size_t n)
{
	size_t i;

	if ((size_t)(c->eol - c->p) <= n)
		return 0;
	for (i = 0; i < n; i++)
		if (c->p[i] != ' ')
			return 0;
	return c->p[n] != ' ';
}

/* key - a key [a-z_]+ then ':' at *s: its length (0: none), *s past the ':' */
static size_t key(const char **s, const char *e)
{
	const char *k = *s;
	size_t n;

	while (k < e && ((*k >= 'a' && *k <= 'z') || *k == '_'))
		k++;
	if (k == *s || k >= e || *k != ':')
		return 0;
	n = (size_t)(k - *s);
	*s = k + 1;
	return n;
}

static int is(const char *k, size_t n, const char *word)
{
	return *k == *word && strncmp(k, word, n) == 0 && word[n] == '\0';
}

static void utf8(struct cairn_buf *b, unsigned long cp)
{
	char u[4];
	size_t n;

	if (cp < 0x80) {
		u[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		u[0] = (char)(0xc0 | (cp >> 6));
		u[1] = (char)(0x80 | (cp & 0x3f));
		n = 2;
	} else if (cp < 0x10000) {
		u[0] = (char)(0xe0 | (cp >> 12));
		u[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		u[2] = (char)(0x80 | (cp & 0x3f));
		n = 3;
	} else {
		u[0] = (char)(0xf0 | (cp >> 18));
		u[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
		u[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
		u[3] = (char)(0x80 | (cp & 0x3f));
		n = 4;
	}
	cairn_buf_add(b, u, n);
}

/* hex - n hex digits at s as a code point, or -1 */
static long hex(const char *s, const char *e, int n)
{
	long v = 0;
	int i, d;

	if (e - s < n)
		return -1;
	for (i = 0; i < n; i++) {
		char c = s[i];

		d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ?
		    c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
		if (d < 0)
			return -1;
		v = v * 16 + d;
	}
	return v;
}

/* escape - the escape after a backslash at *s, added to b (unless NULL): 0, or -1 */
static int escape(const char **s, const char *e, struct cairn_buf *b)
{
	static const char from[] = "abtnvfre \"/\\NL_P";
	static const char *const to[] = { "\a", "\b", "\t", "\n", "\v", "\f",
		"\r", "\x1b", " ", "\"", "/", "\\", "\xc2\x85",
		"\xe2\x80\xa8", "\xc2\xa0", "\xe2\x80\xa9" };
	const char *k;
	long cp;
	int n;

	if (*s >= e)
		return -1;
	if ((k = strchr(from, **s)) != NULL && **s != '\0') {
		if (b != NULL)
			cairn_buf_adds(b, to[k - from]);
		(*s)++;
		return 0;
	}
	n = **s == 'x' ? 2 : **s == 'u' ? 4 : **s == 'U' ? 8 : 0;
	/* NUL is refused, surrogates are libyaml's error: the full reader's. */
	if (n == 0 || (cp = hex(*s + 1, e, n)) <= 0 || cp > 0x10ffff ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return -1;
	if (b != NULL)
		utf8(b, (unsigned long)cp);
	*s += 1 + n;
	return 0;
}

/* plain_char - a character a plain scalar may hold here */
static int plain_char(char c, int flow)
{
	if (is_alnum(c) || c == '_' || c == '.' || c == '-' || c == '+')
		return 1;
	return !flow && (c == '/' || c == ':' || c == ' ');
}

/*
 * scalar - the scalar at *s, decoded into b (NUL-terminated, b->len
 * past its NUL; b NULL: only checked): in a flow mapping or sequence
 * (flow) it ends before
 * ',', '}' or ']', else at the line's end e.  0, or -1 when the full
 * reader must judge it.
 */
static int scalar(const char **s, const char *e, int flow, struct cairn_buf *b)
{
	const char *p = *s, *start;

	if (p < e && *p == '"') {
		for (p++; p < e && *p != '"'; ) {
			if (*p == '\\') {
				p++;
				if (escape(&p, e, b) < 0)
					return -1;
				continue;
			}
			start = p;
			while (p < e && *p != '"' && *p != '\\')
				p++;
			if (b != NULL)
				cairn_buf_add(b, start, (size_t)(p - start));
		}
		if (p >= e)
			return -1;
		p++;
	} else {
		/* Not an indicator, not a number's sign alone. */
		if (p >= e || !(is_alnum(*p) || *p == '_' || *p == '/' ||
				((*p == '-' || *p == '.') && p + 1 < e &&
				 p[1] >= '0' && p[1] <= '9')))
			return -1;
		for (start = p; p < e && plain_char(*p, flow); p++)
			/* ": " would end it, "a:" at the end is a key */
			if (*p == ':' && (p + 1 == e || p[1] == ' '))
				return -1;
		if (p[-1] == ' ')
			return -1;
		if (b != NULL)
			cairn_buf_add(b, start, (size_t)(p - start));
	}
	if (flow ? p >= e || (*p != ',' && *p != '}' && *p != ']') : p != e)
		return -1;
	if (b != NULL)
		cairn_buf_addc(b, '\0');
	*s = p;
	return 0;
}

/* A flow mapping's pairs: keys in the text, values decoded into a buffer. */
struct pair {
	const char *k;
	size_t klen, v;
};
#define MAX_PAIRS 12

/*
 * flow_map - `{KEY: SCALAR, ...}` at *s, the values added to b; its
 * number of pairs, or -1 (a repeated key included)
 */
static int flow_map(const char **s, const char *e, struct cairn_buf *b,
		    struct pair *pairs)
{
	const char *p = *s;
	int n = 0, i;

	if (p >= e || *p++ != '{')
		return -1;
	for (;;) {
		if (n == MAX_PAIRS)
			return -1;
		pairs[n].k = p;
		if ((pairs[n].klen = key(&p, e)) == 0 || p >= e || *p++ != ' ')
			return -1;
		for (i = 0; i < n; i++)
			if (pairs[i].klen == pairs[n].klen &&
			    memcmp(pairs[i].k, pairs[n].k, pairs[n].klen) == 0)
				return -1;
		pairs[n].v = b->len;
		if (scalar(&p, e, 1, b) < 0)
			return -1;
		n++;
		if (*p == '}')
			break;
		if (*p != ',' || p + 1 >= e || p[1] != ' ')
			return -1;
		p += 2;
	}
	*s = p + 1;
	return n;
}

/* pair_of - the value of key in pairs, or NULL */
static const char *pair_of(const struct pair *pairs, int n,
			   const struct cairn_buf *b, const char *k)
{
	for (int i = 0; i < n; i++)
		if (is(pairs[i].k, pairs[i].klen, k))
			return b->data + pairs[i].v;
	return NULL;
}

/* row - `- [INT, ...]` from s to e, a row of explain: 0, or -1 */
static int row(const char *s, const char *e)
{
	if (e - s < 4 || memcmp(s, "- [", 3) != 0 || e[-1] != ']')
		return -1;
	for (s += 3, e--; ; s += 2) {
		const char *d = s + (s < e && *s == '-');

		for (s = d; s < e && *s >= '0' && *s <= '9'; s++)
			;
		if (s == d)
			return -1;
		if (s == e)
			return 0;
		if (e - s < 3 || s[0] != ',' || s[1] != ' ')
			return -1;
	}
}

/*
 * block - after a `KEY:` line of a puzzle, its lines at 6 spaces: the
 * checks (each a flow mapping; their expected values into the answer)
 * or the explain rows.  0 at the next line after them, END, or -1.
 */
static int block(struct cur *c, struct item *it, int checks)
{
	struct cairn_buf v = CAIRN_BUF_INIT;
	struct pair pairs[MAX_PAIRS];
	const char *s, *k, *x;
	size_t kl;
	int r, n, lines = 0;

	while ((r = next_line(c)) == 0 && indent(c, 6)) {
		lines++;
		s = c->p + 6;
		if (!checks) {
			if (row(s, c->eol) < 0)
				break;
			continue;
		}
		k = s;
		cairn_buf_reset(&v);
		if ((kl = key(&s, c->eol)) == 0 || s >= c->eol || *s++ != ' ' ||
		    (n = flow_map(&s, c->eol, &v, pairs)) < 0 || s != c->eol) {
			r = -1;
			break;
		}
		if ((x = pair_of(pairs, n, &v, "expected")) != NULL) {
			if (it->answer.len > 0)
				cairn_buf_adds(&it->answer, ", ");
			cairn_buf_add(&it->answer, k, kl);
			cairn_buf_addc(&it->answer, ' ');
			cairn_buf_adds(&it->answer, x);
		}
	}
	cairn_buf_free(&v);
	if (r == 0 && indent(c, 6))
		return -1;	/* a row that is not one */
	return lines == 0 ? -1 : r;
}

/* slot - the text of a puzzle's key, or NULL */
static const char *slot(const struct item *it, int k)
{
	return it->at[k] != SIZE_MAX ? it->text.data + it->at[k] : NULL;
}

/* finish - the puzzle read into it, added to r: 0, or -1 */
static int finish(struct cairn_result_file *r, struct item *it)
{
	struct cairn_result_puzzle *p;
	const char *id = slot(it, K_ID), *t;
	int v;

	if (id == NULL || (v = cairn_result_file_verdict(slot(it, K_VERDICT) ?
		slot(it, K_VERDICT) : "")) < 0)
		return -1;
	p = cairn_result_file_puzzle(r);
	p->id = cairn_xstrdup(id);
	if ((t = slot(it, K_FEEDBACK)) != NULL)
		p->feedback = cairn_xstrdup(t);
	if ((t = slot(it, K_ERROR)) != NULL)
		p->error = cairn_xstrdup(t);
	cairn_result_file_optimal(p, slot(it, K_ALICE), slot(it, K_BOB),
				  slot(it, K_DIFF), slot(it, K_FIRST_MOVE),
				  slot(it, K_MOVES));
	if (it->answer.len > 0) {
		cairn_buf_reserve(&it->answer, 0);
		p->answer = cairn_xstrdup(it->answer.data);
	}
	p->verdict = (enum cairn_verdict)v;
	return 0;
}

/* item_pair - one `KEY: ...` of a puzzle from s (past its indent): 0, END, or -1 */
static int item_pair(struct cur *c, const char *s, struct item *it)
{
	const char *k = s;
	size_t kl = key(&s, c->eol);
	int i;

	if (kl == 0)
		return -1;
	for (i = 0; i < K_NKEYS && !is(k, kl, puzzle_keys[i]); i++)
		;
	if (i < K_NKEYS && it->at[i] != SIZE_MAX)
		return -1;	/* the full reader takes the first */
	if (s == c->eol) {
		if (i != K_CHECKS && !is(k, kl, "explain"))
			return -1;
		if (i == K_CHECKS)
			it->at[i] = 0;
		return block(c, it, i == K_CHECKS);
	}
	if (*s++ != ' ' || i == K_CHECKS)
		return -1;
	if (i < K_NKEYS)
		it->at[i] = it->text.len;
	/* Keys the report does not read are only checked. */
	if (scalar(&s, c->eol, 0, i < K_NKEYS ? &it->text : NULL) < 0)
		return -1;
	return next_line(c);
}

/*
 * puzzles - the items after `puzzles:`, each `  - KEY: ...` then its
 * keys at 4 spaces; 0 at the line after them, END, or -1
 */
static int puzzles(struct cairn_result_file *r, struct cur *c)
{
	struct item it = { CAIRN_BUF_INIT, { 0 }, CAIRN_BUF_INIT };
	int rc, n = 0;

	rc = next_line(c);
	while (rc == 0 && indent(c, 2) && c->p[2] == '-' && c->p[3] == ' ') {
		cairn_buf_reset(&it.text);
		cairn_buf_reset(&it.answer);
		for (int i = 0; i < K_NKEYS; i++)
			it.at[i] = SIZE_MAX;
		rc = item_pair(c, c->p + 4, &it);
		while (rc == 0 && indent(c, 4))
			rc = item_pair(c, c->p + 4, &it);
		if (rc < 0 || finish(r, &it) < 0)
			rc = -1;
		n++;
	}
	cairn_buf_free(&it.text);
	cairn_buf_free(&it.answer);
	/* `puzzles:` and nothing under it is null, which the full reader takes. */
	return n == 0 || (rc == 0 && c->p[0] == ' ') ? -1 : rc;
}

/* The top level's keys that the full reader reads. */
enum { T_FORMAT, T_STATUS, T_SOURCE, T_OWNER, T_RECEIVED, T_ERROR,
       T_PROBLEM_SET, T_SUBMITTER, T_UID, T_LATE, T_PUZZLES, T_SUMMARY,
       T_NKEYS };

static const char *const top_keys[T_NKEYS] = {
	"format", "status", "source", "owner", "received", "error",
	"problem_set", "submitter", "uid", "late", "puzzles", "summary",
};

/* The top level as read so far. */
struct top {
	unsigned seen;			/* 1 << T_* */
	int error_status;
	const char *points, *max_points;
	struct cairn_buf v;		/* scalars and flow values */
	struct cairn_buf sum;		/* the summary's values */
};

/* late - `{by: "...", penalty: ...}` at s: 0, or -1 */
static int late(struct cairn_result_file *r, const char *s, const char *e,
		struct top *t)
{
	struct pair pairs[MAX_PAIRS];
	const char *by, *pen;
	int n = flow_map(&s, e, &t->v, pairs);

	if (n < 0 || s != e || (by = pair_of(pairs, n, &t->v, "by")) == NULL)
		return -1;
	r->late_by = cairn_xstrdup(by);
	if ((pen = pair_of(pairs, n, &t->v, "penalty")) != NULL)
		r->late_penalty = cairn_xstrdup(pen);
	return cairn_result_file_penalty(r);
}

/* text_of - where the text of top-level key i goes, or NULL */
static char **text_of(struct cairn_result_file *r, int i)
{
	switch (i) {
	case T_SOURCE: return &r->source;
	case T_OWNER: return &r->owner;
	case T_RECEIVED: return &r->received;
	case T_ERROR: return &r->error;
	case T_PROBLEM_SET: return &r->problem_set;
	case T_SUBMITTER: return &r->submitter;
	default: return NULL;
	}
}

/* top_pair - one `KEY: VALUE` of the top level from the line's start: 0, END, or -1 */
static int top_pair(struct cairn_result_file *r, struct cur *c, struct top *t)
{
	struct pair pairs[MAX_PAIRS];
	const char *s = c->p, *k = s, *v;
	size_t kl = key(&s, c->eol);
	char **field;
	uint64_t u;
	int i, n;

	if (kl == 0)
		return -1;
	for (i = 0; i < T_NKEYS && !is(k, kl, top_keys[i]); i++)
		;
	if (i < T_NKEYS && (t->seen & (1u << i)))
		return -1;
	if (i < T_NKEYS)
		t->seen |= 1u << i;
	if (s == c->eol)
		return i == T_PUZZLES ? puzzles(r, c) : -1;
	if (*s++ != ' ')
		return -1;
	if (i == T_PUZZLES)
		return c->eol - s == 2 && memcmp(s, "[]", 2) == 0 ? next_line(c) : -1;
	if (i == T_LATE)
		return late(r, s, c->eol, t) < 0 ? -1 : next_line(c);
	if (i == T_SUMMARY) {
		if ((n = flow_map(&s, c->eol, &t->sum, pairs)) < 0 || s != c->eol)
			return -1;
		t->points = pair_of(pairs, n, &t->sum, "points");
		t->max_points = pair_of(pairs, n, &t->sum, "max_points");
		return next_line(c);
	}
	cairn_buf_reset(&t->v);
	if (scalar(&s, c->eol, 0, i < T_NKEYS ? &t->v : NULL) < 0)
		return -1;
	if (i == T_NKEYS)
		return next_line(c);
	v = t->v.data;
	if (i == T_FORMAT && strcmp(v, "cairn-result/1") != 0)
		return -1;
	if (i == T_STATUS && strcmp(v, "ok") != 0 && strcmp(v, "error") != 0)
		return -1;
	t->error_status |= i == T_STATUS && strcmp(v, "error") == 0;
	if (i == T_UID) {
		if (cairn_result_file_count(v, &u) < 0 || u > UINT32_MAX)
			return -1;
		r->uid = (uint32_t)u;
		r->has_uid = 1;
	} else if ((field = text_of(r, i)) != NULL) {
		*field = cairn_xstrdup(v);
	}
	return next_line(c);
}

/* summed - the summary's points, as the full reader takes them: 0, or -1 */
static int summed(struct cairn_result_file *r, const struct top *t)
{
	if (t->points == NULL && t->max_points == NULL)
		return 0;
	if (t->points == NULL || t->max_points == NULL ||
	    cairn_result_file_decimal(t->points, &r->points_e4) < 0 ||
	    cairn_result_file_count(t->max_points, &r->max_points) < 0 ||
	    r->max_points > CAIRN_RESULT_FILE_MAX_POINTS_E4)
		return -1;
	r->weighted = 1;
	return 0;
}

int cairn_result_yaml_fast_read(struct cairn_result_file *r, const char *data,
				size_t len)
{
	struct top t = { 0, 0, NULL, NULL, CAIRN_BUF_INIT, CAIRN_BUF_INIT };
	struct cur c = { data, NULL, data + len };
	char err[8];
	size_t i;
	int rc = 0;

	for (i = 0; i < len; i++)
		if ((unsigned char)(data[i] - 0x20) > 0x7e - 0x20 && data[i] != '\n')
			return 1;
	c.eol = len > 0 ? memchr(data, '\n', len) : NULL;
	if (c.eol == NULL)
		return 1;
	while (rc == 0)
		rc = indent(&c, 0) ? top_pair(r, &c, &t) : -1;
	if (rc == END && summed(r, &t) == 0 &&
	    (t.seen & 7u) == 7u /* format, status, source */ &&
	    !(r->error != NULL && !t.error_status) &&
	    cairn_result_file_received(r, "", err, sizeof err) == 0) {
		if (t.error_status && r->error == NULL)
			r->error = cairn_xstrdup("status: error");
		rc = 0;
	} else {
		cairn_result_file_free(r);
		rc = 1;
	}
	cairn_buf_free(&t.v);
	cairn_buf_free(&t.sum);
	return rc;
}
