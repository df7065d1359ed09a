/*
 * check_roundtrip - every text comes back, or its input is refused.
 *
 * A property test (doc/formats.md; issue 11): random texts over
 * all of Unicode (every plane, every control character, the
 * noncharacters; not surrogates, which UTF-8 cannot carry) and random
 * byte strings are put into ids, submitters, problem-set names, unknown
 * keys and answers that produce feedback, in YAML and CSV inputs.  Each
 * input goes through cairn_process and back through the result reader
 * and both gradebooks under the fuzzers' oracle (fuzz/cairn_oracle.c:
 * the same bytes twice, the result reads back to the fields written, no
 * solver disagreement with cross_check on, the gradebooks carry the
 * result's texts), and then the text itself is looked for: it is the id,
 * submitter or problem set that was read, or the input was refused with
 * a message that names its place.  The seed is fixed and the count
 * bounded, so a failure is reproduced by running the test again.
 */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_buf.h"
#include "cairn_fuzz.h"
#include "cairn_mem.h"
#include "cairn_oracle.h"
#include "cairn_utf8.h"
#include "check_run.h"

#define ROUNDS 300

static struct cairn_oracle *o;
static uint64_t seed = 0x11cafe5eedULL;

static uint32_t rnd(void)
{
	seed ^= seed << 13;
	seed ^= seed >> 7;
	seed ^= seed << 17;
	return (uint32_t)(seed >> 16);
}

/* Characters that quoting, guards, markup and line breaks care about. */
static const uint32_t specials[] = {
	0x85, 0x2028, 0x2029, 0xfeff, 0xfffe, 0xffff, 0xfdd0, 0xfdef,
	0x1fffe, 0x10ffff, 0xa0, 0x3000, 0xfffd, 0x200b, '\'', '=', '+',
	'-', '@', '"', '\\', ',', '#', ':', ' ', '&', '<', '>', '\t', '\n',
	'\r', '!', '*', '|', '%', '?', '[', '{', '~', '.',
};

static uint32_t any_cp(void)
{
	uint32_t c;

	switch (rnd() % 8) {
	case 0: return 0x20 + rnd() % 0x5f;		/* printable ASCII */
	case 1: return rnd() % 0x20;			/* C0, NUL among them */
	case 2: return 0x7f + rnd() % 0x21;		/* DEL and C1 */
	case 3: return specials[rnd() % (sizeof specials / sizeof *specials)];
	case 4:						/* the BMP */
		do
			c = rnd() % 0x10000;
		while (c >= 0xd800 && c <= 0xdfff);
		return c;
	case 5: return 0x10000 + rnd() % 0x100000;	/* planes 1 to 16 */
	case 6: return (rnd() % 17) << 16 | 0xfffe | (rnd() & 1);
	default: return 'a' + rnd() % 26;
	}
}

static void add_utf8(struct cairn_buf *b, uint32_t cp)
{
	char s[4];
	size_t n;

	if (cp < 0x80) {
		s[0] = (char)cp, n = 1;
	} else if (cp < 0x800) {
		s[0] = (char)(0xc0 | cp >> 6), n = 2;
	} else if (cp < 0x10000) {
		s[0] = (char)(0xe0 | cp >> 12), n = 3;
	} else {
		s[0] = (char)(0xf0 | cp >> 18), n = 4;
	}
	if (n >= 2)
		s[n - 1] = (char)(0x80 | (cp & 0x3f));
	if (n >= 3)
		s[n - 2] = (char)(0x80 | (cp >> 6 & 0x3f));
	if (n == 4)
		s[1] = (char)(0x80 | (cp >> 12 & 0x3f));
	cairn_buf_add(b, s, n);
}

/* A text of 1 to 10 characters: its UTF-8 in t, and as YAML escapes in y. */
struct text {
	struct cairn_buf t, y;
	int nul;
};

static void make_text(struct text *x)
{
	size_t n = 1 + rnd() % 10, i;
	uint32_t cp;

	memset(x, 0, sizeof *x);
	cairn_buf_adds(&x->y, "\"");
	for (i = 0; i < n; i++) {
		cp = any_cp();
		x->nul |= cp == 0;
		add_utf8(&x->t, cp);
		/* Escapes only: the input is independent of the writer's. */
		cairn_buf_addf(&x->y, "\\U%08x", (unsigned)cp);
	}
	cairn_buf_adds(&x->y, "\"");
	cairn_buf_add(&x->t, "", 0);
	cairn_buf_add(&x->y, "", 0);
}

/* make_bytes - 1 to 12 random bytes, biased towards broken UTF-8 */
static void make_bytes(struct cairn_buf *b)
{
	size_t n = 1 + rnd() % 12, i;

	for (i = 0; i < n; i++) {
		uint32_t r = rnd();

		cairn_buf_addc(b, (char)(r % 3 == 0 ? r >> 8 & 0xff :
					 r % 3 == 1 ? 0x80 + (r >> 8) % 0x40 :
					 0x20 + (r >> 8) % 0x5f));
	}
	cairn_buf_add(b, "", 0);
}

/* csv_quoted - s as one quoted CSV field */
static void csv_quoted(struct cairn_buf *b, const char *s, size_t len)
{
	size_t i;

	cairn_buf_addc(b, '"');
	for (i = 0; i < len; i++) {
		if (s[i] == '"')
			cairn_buf_addc(b, '"');
		cairn_buf_addc(b, s[i]);
	}
	cairn_buf_addc(b, '"');
}

static int placed(const char *msg)
{
	return msg != NULL && strncmp(msg, "line ", 5) == 0;
}

/* run - process the input under the oracle, into *in */
static void run(const char *source, struct cairn_buf *data,
		struct cairn_input *in)
{
	char *msg = cairn_oracle_process(o, source, data->data, data->len, in);

	ck_assert_msg(msg == NULL, "%s", msg);
	cairn_buf_reset(data);
}

static const struct cairn_puzzle *find(const struct cairn_input *in,
				       const char *id)
{
	size_t i;

	for (i = 0; i < in->npuzzles; i++)
		if (strcmp(in->puzzles[i].id, id) == 0)
			return &in->puzzles[i];
	return NULL;
}

/* A text in a YAML id, submitter, answer id, problem set and key. */
static void yaml_texts(const struct text *x, struct cairn_buf *d)
{
	const char *t = x->t.data, *y = x->y.data;
	const struct cairn_puzzle *p;
	struct cairn_input in;

	cairn_buf_addf(d, "puzzles:\n  - id: %s\n    piles: [1, 2]\n"
		       "    expect: {diff: 5}\n  - id: p2\n    piles: [3]\n", y);
	run("t.yaml", d, &in);
	if (x->nul) {
		ck_assert_msg(placed(in.error), "%s", in.error);
	} else {
		ck_assert_ptr_null(in.error);
		ck_assert_str_eq(in.puzzles[0].id, t);
		ck_assert_int_eq(in.puzzles[0].out.verdict, CAIRN_VERDICT_WRONG);
		ck_assert_ptr_nonnull(in.puzzles[0].out.feedback);
	}
	cairn_puzzle_input_free(&in);

	cairn_buf_addf(d, "problem_set: hw1\nsubmitter: %s\nanswers:\n"
		       "  %s: {diff: 1}\n  p1: {diff: 5}\n", y, y);
	run("t.yaml", d, &in);
	if (x->nul) {
		ck_assert_msg(placed(in.error), "%s", in.error);
	} else if ((p = find(&in, t)) != NULL && in.npuzzles == 4) {
		ck_assert_ptr_null(in.error);
		ck_assert_str_eq(in.submitter, t);
		ck_assert_int_eq(p->out.verdict, CAIRN_VERDICT_INVALID);
		ck_assert_ptr_nonnull(strstr(p->out.feedback, t));
	} else {
		/* Only an id of the set itself is not an unknown answer. */
		ck_assert_ptr_nonnull(p);
		ck_assert_str_eq(in.submitter, t);
	}
	cairn_puzzle_input_free(&in);

	cairn_buf_addf(d, "problem_set: %s\nanswers: {p1: {diff: 1}}\n", y);
	run("t.yaml", d, &in);
	ck_assert_ptr_nonnull(in.error);
	if (x->nul) {
		ck_assert_msg(placed(in.error), "%s", in.error);
	} else {
		ck_assert_str_eq(in.problem_set, t);
		ck_assert_msg(strstr(in.error, t) != NULL, "%s", in.error);
	}
	cairn_puzzle_input_free(&in);

	cairn_buf_addf(d, "piles: [1]\n%s: 1\n", y);
	run("t.yaml", d, &in);
	if (x->nul)
		ck_assert_msg(placed(in.error), "%s", in.error);
	else if (in.error == NULL)
		ck_assert_msg(placed(in.puzzles[0].error), "%s",
			      in.puzzles[0].error);
	cairn_puzzle_input_free(&in);
}

/* Text or bytes s[0..len) in a CSV id and submitter. */
static void csv_texts(const char *s, size_t len, struct cairn_buf *d)
{
	int nul, valid = cairn_utf8_bad(s, len, &nul) == len;
	const struct cairn_puzzle *p;
	struct cairn_input in;

	cairn_buf_adds(d, "id,piles,expect_diff\n");
	csv_quoted(d, s, len);
	cairn_buf_adds(d, ",1 2,5\n");
	run("t.csv", d, &in);
	if (!valid) {
		/* The field starts on line 2; the bad byte may be further. */
		ck_assert_msg(placed(in.error) &&
			      strstr(in.error, ", field 1: ") != NULL,
			      "%s", in.error);
	} else {
		ck_assert_ptr_null(in.error);
		ck_assert_str_eq(in.puzzles[0].id, s);
		ck_assert_int_eq(in.puzzles[0].out.verdict, CAIRN_VERDICT_WRONG);
	}
	cairn_puzzle_input_free(&in);

	cairn_buf_adds(d, "id,problem_set,submitter,expect_diff\n");
	csv_quoted(d, s, len);
	cairn_buf_adds(d, ",hw1,");
	csv_quoted(d, s, len);
	cairn_buf_adds(d, ",1\n");
	run("t.csv", d, &in);
	if (!valid) {
		ck_assert_msg(placed(in.error), "%s", in.error);
	} else {
		ck_assert_ptr_null(in.error);
		ck_assert_str_eq(in.submitter, s);
		p = find(&in, s);
		ck_assert_ptr_nonnull(p);
		if (in.npuzzles == 4)
			ck_assert_ptr_nonnull(strstr(p->out.feedback, s));
	}
	cairn_puzzle_input_free(&in);
}

/* Random bytes raw in a YAML string: read as libyaml reads them, or refused. */
static void yaml_bytes(const char *s, size_t len, struct cairn_buf *d)
{
	struct cairn_input in;
	int nul;
	size_t i;

	cairn_buf_adds(d, "id: \"");
	for (i = 0; i < len; i++)
		if (s[i] != '"' && s[i] != '\\')
			cairn_buf_addc(d, s[i]);
	cairn_buf_adds(d, "\"\npiles: [1]\n");
	run("b.yaml", d, &in);
	if (in.error != NULL) {
		ck_assert_msg(placed(in.error), "%s", in.error);
	} else {
		const char *id = in.puzzles[0].id;

		ck_assert_uint_eq(cairn_utf8_bad(id, strlen(id), &nul),
				  strlen(id));
	}
	cairn_puzzle_input_free(&in);
}

START_TEST(texts_come_back)
{
	struct cairn_buf d = CAIRN_BUF_INIT, b = CAIRN_BUF_INIT;
	struct text x;
	int i;

	for (i = 0; i < ROUNDS; i++) {
		make_text(&x);
		yaml_texts(&x, &d);
		csv_texts(x.t.data, x.t.len, &d);
		cairn_buf_free(&x.t);
		cairn_buf_free(&x.y);
		make_bytes(&b);
		csv_texts(b.data, b.len, &d);
		yaml_bytes(b.data, b.len, &d);
		cairn_buf_reset(&b);
	}
	cairn_buf_free(&d);
	cairn_buf_free(&b);
}
END_TEST

/* The characters of doc/formats.md, each alone, in every place. */
START_TEST(each_unsafe_character)
{
	static const uint32_t cps[] = {
		0x01, 0x1f, 0x7f, 0x80, 0x85, 0x9f, 0x2028, 0x2029, 0xfeff,
		0xfffe, 0xffff, 0x10fffe, 0x10ffff, '\'', '=',
	};
	struct cairn_buf d = CAIRN_BUF_INIT;
	struct text x;
	size_t i;

	for (i = 0; i < sizeof cps / sizeof cps[0]; i++) {
		memset(&x, 0, sizeof x);
		add_utf8(&x.t, cps[i]);
		cairn_buf_adds(&x.t, "x");
		cairn_buf_add(&x.t, "", 0);
		cairn_buf_addf(&x.y, "\"\\U%08xx\"", (unsigned)cps[i]);
		yaml_texts(&x, &d);
		csv_texts(x.t.data, x.t.len, &d);
		cairn_buf_free(&x.t);
		cairn_buf_free(&x.y);
	}
	cairn_buf_free(&d);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("roundtrip");
	TCase *tc = tcase_create("property");

	o = cairn_fuzz_oracle();
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, each_unsafe_character);
	tcase_add_test(tc, texts_come_back);
	suite_add_tcase(s, tc);
	return cairn_check_run(s);
}
