/*
 * cairn_csv_rec - split CSV data into records and fields (RFC 4180).
 *
 * A single forward pass over the data: unquoted fields are found with a
 * byte table, quoted ones with memchr, and neither is copied unless it
 * holds a "" escape.  Lines are counted as physical lines, so a field
 * that follows a multi-line quoted field reports the line it is really
 * on.  The data is malformed when a quote is never closed, when an
 * unquoted field holds a quote, or when a closing quote is followed by
 * anything but a comma or the end of the record; the message names the
 * line and the 1-based field, and so is a NUL byte or invalid UTF-8, in
 * a field or a comment (doc/formats.md).  Comments and blank lines are
 * skipped unless the options say they are records.  Records of plain
 * integers, the bulk of a headerless file, have a fast path that parses
 * them as it scans.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cairn_csv_rec.h"
#include "cairn_int.h"
#include "cairn_mem.h"
#include "cairn_utf8.h"

/* Bytes that end an unquoted field, or may not appear in one. */
static const unsigned char stop[256] = {
	[','] = 1, ['\n'] = 1, ['\r'] = 1, ['"'] = 1,
};

void cairn_csv_rec_init(struct cairn_csv_rec *r, const char *data, size_t len,
			unsigned flags)
{
	memset(r, 0, sizeof *r);
	r->p = data;
	r->end = data + len;
	r->line = 1;
	r->flags = flags;
}

void cairn_csv_rec_free(struct cairn_csv_rec *r)
{
	free(r->f);
	free(r->error);
	cairn_buf_free(&r->scratch);
	memset(r, 0, sizeof *r);
}

/* bad - the data is malformed at this line, in the field being read */
static int bad(struct cairn_csv_rec *r, unsigned long line, const char *what)
{
	free(r->error);
	r->error = cairn_xasprintf("line %lu, field %zu: %s", line, r->nf + 1,
				   what);
	r->error_line = line;
	return -1;
}

static int is_crlf(const struct cairn_csv_rec *r, const char *p)
{
	return *p == '\r' && p + 1 < r->end && p[1] == '\n';
}

/*
 * text_ok - s[0..n), which starts on `line`, holds no NUL and no invalid
 * UTF-8 (doc/formats.md); else the malformed data's error at its line, in
 * the field being read or, for a comment, in no field
 */
static int text_ok(struct cairn_csv_rec *r, const char *s, size_t n,
		   unsigned long line, int comment)
{
	size_t off, i;
	int nul;

	if ((off = cairn_utf8_bad(s, n, &nul)) == n)
		return 0;
	for (i = 0; i < off; i++)
		line += s[i] == '\n';
	if (!comment)
		return bad(r, line, cairn_utf8_why(nul));
	free(r->error);
	r->error = cairn_xasprintf("line %lu: %s in a comment", line,
				   cairn_utf8_why(nul));
	r->error_line = line;
	return -1;
}

/*
 * skip_blank - step over blank lines and comment lines, as far as the
 * options let them be skipped; -1: a bad comment
 */
static int skip_blank(struct cairn_csv_rec *r)
{
	while (r->p < r->end) {
		const char *q = r->p;

		if (*q == '#' && !(r->flags & CAIRN_CSV_REC_NO_COMMENTS)) {
			q = memchr(q, '\n', (size_t)(r->end - q));
			if (text_ok(r, r->p, (size_t)((q ? q : r->end) - r->p),
				    r->line, 1) < 0)
				return -1;
			if (q == NULL) {
				r->p = r->end;
				return 0;
			}
		} else if (r->flags & CAIRN_CSV_REC_KEEP_BLANK) {
			return 0;
		} else if (is_crlf(r, q)) {
			q++;
		} else if (*q != '\n') {
			return 0;
		}
		r->p = q + 1;
		r->line++;
	}
	return 0;
}

static int unquoted(struct cairn_csv_rec *r, struct cairn_csv_field *f)
{
	const char *p = r->p;

	for (;;) {
		while (p < r->end && !stop[(unsigned char)*p])
			p++;
		/* A CR that does not end the line is data. */
		if (p < r->end && *p == '\r' && !is_crlf(r, p)) {
			p++;
			continue;
		}
		break;
	}
	f->s = r->p;
	f->len = (size_t)(p - r->p);
	r->p = p;
	if (p < r->end && *p == '"')
		return bad(r, r->line, "stray '\"' in an unquoted field");
	return 0;
}

/* unescape - the value s[0..n) with "" as ", into the scratch buffer */
static void unescape(struct cairn_csv_rec *r, struct cairn_csv_field *f,
		     const char *s, size_t n)
{
	const char *end = s + n, *q;

	f->s = NULL;
	f->off = r->scratch.len;
	while ((q = memchr(s, '"', (size_t)(end - s))) != NULL) {
		cairn_buf_add(&r->scratch, s, (size_t)(q + 1 - s));
		s = q + 2;
	}
	cairn_buf_add(&r->scratch, s, (size_t)(end - s));
	f->len = r->scratch.len - f->off;
}

static int quoted(struct cairn_csv_rec *r, struct cairn_csv_field *f)
{
	const char *s = r->p + 1, *p = s, *q, *nl;
	int escaped = 0;

	for (;;) {
		q = memchr(p, '"', (size_t)(r->end - p));
		if (q == NULL) {
			bad(r, f->line, "unterminated quoted field");
			r->unclosed = 1;
			return -1;
		}
		if (q + 1 < r->end && q[1] == '"') {
			escaped = 1;
			p = q + 2;
			continue;
		}
		break;
	}
	for (p = s; (nl = memchr(p, '\n', (size_t)(q - p))) != NULL; p = nl + 1)
		r->line++;
	if (escaped) {
		unescape(r, f, s, (size_t)(q - s));
	} else {
		f->s = s;
		f->len = (size_t)(q - s);
	}
	r->p = q + 1;
	return 0;
}

/* ending - after a field: 1 when another follows, 0 at the record's end */
static int ending(struct cairn_csv_rec *r)
{
	const char *p = r->p;

	if (p == r->end)
		return 0;
	if (*p == ',') {
		r->p = p + 1;
		return 1;
	}
	if (*p == '\n' || is_crlf(r, p)) {
		r->p = p + (*p == '\n' ? 1 : 2);
		r->line++;
		return 0;
	}
	return -1;
}

int cairn_csv_rec_next(struct cairn_csv_rec *r)
{
	size_t i;
	int more;

	if (skip_blank(r) < 0)
		return -1;
	if (r->p == r->end)
		return 0;
	r->start = r->line;
	r->nf = 0;
	cairn_buf_reset(&r->scratch);
	do {
		const char *raw = r->p;
		struct cairn_csv_field *f, spare;

		if (r->keep == 0 || r->nf < r->keep) {
			r->f = cairn_xgrow(r->f, &r->cap, r->nf + 1,
					   sizeof *r->f);
			f = &r->f[r->nf];
		} else {
			f = &spare;	/* read and counted, not kept */
		}
		f->line = r->line;
		if (r->p < r->end && *r->p == '"' ? quoted(r, f) :
		    unquoted(r, f))
			return -1;
		if (text_ok(r, raw, (size_t)(r->p - raw), f->line, 0) < 0)
			return -1;
		if (f == &spare && spare.s == NULL)
			r->scratch.len = spare.off;
		more = ending(r);
		/* Only a quoted field can stop short of a separator. */
		if (more < 0)
			return bad(r, r->line, "text after a closing '\"'");
		r->nf++;
	} while (more);
	for (i = 0; i < r->nf && (r->keep == 0 || i < r->keep); i++)
		if (r->f[i].s == NULL)
			r->f[i].s = r->scratch.data + r->f[i].off;
	return 1;
}

int cairn_csv_rec_ints(struct cairn_csv_rec *r, int64_t **v, size_t *n,
		       size_t *cap, size_t max)
{
	const char *p;
	int64_t x;

	if (skip_blank(r) < 0)
		return 0;	/* cairn_csv_rec_next() reports it */
	p = r->p;
	*n = 0;
	if (p == r->end)
		return 0;
	for (;;) {
		if (*n == max)		/* at field max + 1 */
			return 2;
		if (cairn_int_scan(&p, r->end, &x) != 0)
			return 0;
		*v = cairn_xgrow(*v, cap, *n + 1, sizeof **v);
		(*v)[(*n)++] = x;
		if (p == r->end)
			break;
		if (*p == ',' && p + 1 < r->end) {
			p++;
			continue;
		}
		if (*p != '\n' && !is_crlf(r, p))
			return 0;
		p += *p == '\n' ? 1 : 2;
		r->start = r->line++;
		r->p = p;
		return 1;
	}
	r->start = r->line;
	r->p = p;
	return 1;
}
