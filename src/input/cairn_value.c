/*
 * cairn_value - value rules, id bookkeeping and file limits shared by
 * the YAML, JSON and CSV readers.
 *
 * A value is checked the same way in every format (integers through
 * cairn_int_parse_i64(), booleans true/false in three spellings, winner,
 * first_move and moves by their closed word lists) and a bad one is
 * described with the same words.  Ids are unique per file: the second
 * use of an id is reported with the line of the first.  Nothing here
 * knows about places; the readers add them.
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cairn/plugin.h"
#include "cairn_budget.h"
#include "cairn_int.h"
#include "cairn_mem.h"
#include "cairn_value.h"
#include "cairn_yaml.h"

const char *const cairn_value_wants[CAIRN_VALUE_NTYPES] = {
	[CAIRN_VALUE_INT] = "an integer",
	[CAIRN_VALUE_BOOL] = "a boolean (true or false)",
	[CAIRN_VALUE_WINNER] = "one of alice, bob, tie",
	[CAIRN_VALUE_FIRST_MOVE] = "one of left, right",
	[CAIRN_VALUE_MOVES] = "a string of L and R",
	[CAIRN_VALUE_STRING] = "a non-empty string",
};

const enum cairn_value_type
cairn_value_expect_types[CAIRN_EXPECT_NKEYS] = {
	[CAIRN_EXPECT_ALICE_WINS] = CAIRN_VALUE_BOOL,
	[CAIRN_EXPECT_WINNER] = CAIRN_VALUE_WINNER,
	[CAIRN_EXPECT_ALICE] = CAIRN_VALUE_INT,
	[CAIRN_EXPECT_BOB] = CAIRN_VALUE_INT,
	[CAIRN_EXPECT_DIFF] = CAIRN_VALUE_INT,
	[CAIRN_EXPECT_FIRST_MOVE] = CAIRN_VALUE_FIRST_MOVE,
	[CAIRN_EXPECT_MOVES] = CAIRN_VALUE_MOVES,
};

char *cairn_value_is_not(const char *s, size_t len, const char *wants)
{
	struct cairn_buf b = CAIRN_BUF_INIT;

	cairn_yaml_quote(&b, s, len, CAIRN_YAML_QUOTE_MAX,
			 CAIRN_YAML_ESCAPE_MESSAGE);
	cairn_buf_addf(&b, " is not %s", wants);
	return cairn_buf_steal(&b);
}

/* word - index of s[0..len) in a NULL-terminated list, or -1 */
static int word(const char *const *list, const char *s, size_t len)
{
	int i;

	for (i = 0; list[i] != NULL; i++)
		if (strlen(list[i]) == len && memcmp(list[i], s, len) == 0)
			return i;
	return -1;
}

static const char *const bools[] = {
	"false", "true", "False", "True", "FALSE", "TRUE", NULL,
};
static const char *const winners[] = { "alice", "bob", "tie", NULL };
static const char *const sides[] = { "left", "right", NULL };

char *cairn_value_parse(enum cairn_value_type t, const char *s,
			size_t len, union cairn_value *v)
{
	const char *const *list = NULL;
	struct cairn_buf b = CAIRN_BUF_INIT;
	size_t i;
	int w;

	switch (t) {
	case CAIRN_VALUE_INT:
		w = cairn_int_parse_i64(s, len, &v->i);
		if (w == 0)
			return NULL;
		if (w != -ERANGE)
			break;
		cairn_yaml_quote(&b, s, len, CAIRN_YAML_QUOTE_MAX,
				 CAIRN_YAML_ESCAPE_MESSAGE);
		cairn_buf_adds(&b, " is out of the 64-bit integer range");
		return cairn_buf_steal(&b);
	case CAIRN_VALUE_BOOL:
		w = word(bools, s, len);
		if (w < 0)
			break;
		v->b = w % 2;
		return NULL;
	case CAIRN_VALUE_WINNER:
	case CAIRN_VALUE_FIRST_MOVE:
		/* enum cairn_winner and CAIRN_MOVE_* follow the list order. */
		list = t == CAIRN_VALUE_WINNER ? winners : sides;
		w = word(list, s, len);
		if (w < 0)
			break;
		v->b = w;
		return NULL;
	case CAIRN_VALUE_MOVES:
		for (i = 0; i < len; i++)
			if (s[i] != 'L' && s[i] != 'R')
				break;
		if (len == 0 || i < len)
			break;
		v->s = cairn_xstrndup(s, len);
		return NULL;
	case CAIRN_VALUE_STRING:
		if (len == 0)
			return cairn_xasprintf("expected %s",
					       cairn_value_wants[t]);
		v->s = cairn_xstrndup(s, len);
		return NULL;
	case CAIRN_VALUE_NTYPES:
		break;
	}
	return cairn_value_is_not(s, len, cairn_value_wants[t]);
}

int cairn_value_expect_key(const char *name, size_t len)
{
	int k;

	for (k = 0; k < CAIRN_EXPECT_NKEYS; k++)
		if (strlen(cairn_puzzle_expect_key_names[k]) == len &&
		    memcmp(cairn_puzzle_expect_key_names[k], name, len) == 0)
			return k;
	return -1;
}

char *cairn_value_expect(struct cairn_expect *e, enum cairn_expect_key k,
			 const char *s, size_t len)
{
	union cairn_value v;
	char *why;

	why = cairn_value_parse(cairn_value_expect_types[k], s, len, &v);
	if (why != NULL)
		return why;
	switch (k) {
	case CAIRN_EXPECT_ALICE_WINS:
		e->alice_wins = v.b;
		break;
	case CAIRN_EXPECT_WINNER:
		e->winner = v.b;
		break;
	case CAIRN_EXPECT_ALICE:
		e->alice = v.i;
		break;
	case CAIRN_EXPECT_BOB:
		e->bob = v.i;
		break;
	case CAIRN_EXPECT_DIFF:
		e->diff = v.i;
		break;
	case CAIRN_EXPECT_FIRST_MOVE:
		e->first_move = v.b;
		break;
	case CAIRN_EXPECT_MOVES:
		free(e->moves);
		e->moves = v.s;
		break;
	case CAIRN_EXPECT_NKEYS:
		break;
	}
	e->given |= CAIRN_EXPECT_BIT(k);
	return NULL;
}

int cairn_value_report(struct cairn_input *in,
		       enum cairn_value_sink sink,
		       struct cairn_puzzle *p, unsigned long line, char *msg)
{
	switch (sink) {
	case CAIRN_VALUE_PUZZLE:
		cairn_puzzle_fail(p, msg);
		return 0;
	case CAIRN_VALUE_EXPECT:
		if (p->expect.invalid == NULL)
			p->expect.invalid = msg;
		else
			free(msg);
		return 0;
	case CAIRN_VALUE_FILE:
		break;
	}
	cairn_puzzle_input_fail(in, line, msg);
	return -1;
}

/* hash - FNV-1a, never 0 (0 marks an empty slot) */
static size_t hash(const char *s)
{
	uint64_t h = 14695981039346656037u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211u;
	h ^= h >> 29;
	return (size_t)h | 1;
}

/*
 * find - the slot holding id, or the empty slot where it belongs.  Slots
 * keep the hash, so most probes and every rehash stay out of the ids.
 */
static struct cairn_value_slot *find(const struct cairn_value_ids *ids,
				     const struct cairn_input *in,
				     const char *id, size_t h)
{
	size_t i = h & (ids->cap - 1);

	while (ids->slot[i].hash != 0 &&
	       (ids->slot[i].hash != h ||
		strcmp(in->puzzles[ids->slot[i].idx].id, id) != 0))
		i = (i + 1) & (ids->cap - 1);
	return &ids->slot[i];
}

static void grow(struct cairn_value_ids *ids)
{
	struct cairn_value_ids old = *ids;
	size_t i, j;

	ids->cap = old.cap ? old.cap * 2 : 64;
	ids->slot = cairn_xcalloc(ids->cap, sizeof *ids->slot);
	cairn_budget_add(ids->budget,
			 cairn_budget_cost(ids->cap * sizeof *ids->slot));
	for (i = 0; i < old.cap; i++) {
		if (old.slot[i].hash == 0)
			continue;
		j = old.slot[i].hash & (ids->cap - 1);
		while (ids->slot[j].hash != 0)
			j = (j + 1) & (ids->cap - 1);
		ids->slot[j] = old.slot[i];
	}
	free(old.slot);
	cairn_budget_release(ids->budget,
			     cairn_budget_cost(old.cap * sizeof *old.slot));
}

/* default_id - "#k" for puzzle idx, without printf: it runs per record */
static char *default_id(size_t idx)
{
	char tmp[24], *p = tmp + sizeof tmp;
	size_t k = idx + 1;

	*--p = '\0';
	do {
		*--p = (char)('0' + k % 10);
		k /= 10;
	} while (k);
	*--p = '#';
	return cairn_xstrndup(p, (size_t)(tmp + sizeof tmp - 1 - p));
}

/* default_of - the index of the puzzle whose default id `id` is, or -1 */
static long default_of(const char *id, size_t before)
{
	int64_t k;

	if (id[0] != '#' || id[1] == '0' ||
	    cairn_int_parse_i64(id + 1, strlen(id + 1), &k) != 0 || k < 1 ||
	    (uint64_t)k > before || id[1] == '+' || id[1] == '-')
		return -1;
	return (long)(k - 1);
}

static char *duplicate(const struct cairn_input *in, const char *id,
		       size_t first)
{
	struct cairn_buf b = CAIRN_BUF_INIT;

	cairn_buf_adds(&b, "duplicate id ");
	cairn_yaml_quote(&b, id, strlen(id), CAIRN_YAML_QUOTE_MAX,
			 CAIRN_YAML_ESCAPE_MESSAGE);
	cairn_buf_addf(&b, " (first at line %lu)", in->puzzles[first].line);
	return cairn_buf_steal(&b);
}

void cairn_value_default_id(const struct cairn_input *in, size_t idx)
{
	struct cairn_puzzle *p = &in->puzzles[idx];

	if (p->id == NULL)
		p->id = default_id(idx);
}

/*
 * Only given ids go into the table: a default id "#k" is unique by its
 * position, so it can only clash with a given id, which either is in the
 * table already or finds the default at index k - 1.  A file without ids
 * (a headerless CSV) never hashes at all.
 */
char *cairn_value_id(struct cairn_value_ids *ids,
		     const struct cairn_input *in, size_t idx)
{
	struct cairn_puzzle *p = &in->puzzles[idx];
	struct cairn_value_slot *slot;
	int given = p->id != NULL;
	long first;
	size_t h;

	cairn_value_default_id(in, idx);
	if (ids->used == 0 && !given)
		return NULL;
	if (2 * (ids->used + 1) > ids->cap) {
		ids->budget = in->budget;
		grow(ids);
	}
	h = hash(p->id);
	slot = find(ids, in, p->id, h);
	if (slot->hash != 0)
		return duplicate(in, p->id, slot->idx);
	if (!given)
		return NULL;
	first = default_of(p->id, idx);
	if (first >= 0 && strcmp(in->puzzles[first].id, p->id) == 0)
		return duplicate(in, p->id, (size_t)first);
	slot->hash = h;
	slot->idx = idx;
	ids->used++;
	return NULL;
}

void cairn_value_ids_free(struct cairn_value_ids *ids)
{
	cairn_budget_release(ids->budget,
			     cairn_budget_cost(ids->cap * sizeof *ids->slot));
	free(ids->slot);
	memset(ids, 0, sizeof *ids);
}

int cairn_value_begin(struct cairn_input *in, const char **data,
		      size_t *len, const struct cairn_limits *limits)
{
	if (*len > limits->max_file_bytes) {
		cairn_puzzle_input_fail(in, 0, cairn_xasprintf(
			"file is %zu bytes, more than max_file_bytes (%zu)",
			*len, limits->max_file_bytes));
		return -1;
	}
	if (*len >= 3 && memcmp(*data, "\xef\xbb\xbf", 3) == 0) {
		*data += 3;
		*len -= 3;
	}
	return 0;
}

void cairn_value_end(struct cairn_input *in)
{
	size_t i;

	if (in->error == NULL && in->npuzzles == 0 &&
	    in->shape != CAIRN_SHAPE_SUBMISSION)
		cairn_puzzle_input_fail(in, 0, cairn_xstrdup("no puzzles in file"));
	if (in->error == NULL)
		return;
	for (i = 0; i < in->npuzzles; i++)
		cairn_puzzle_free(&in->puzzles[i]);
	in->npuzzles = 0;
	in->shape = CAIRN_SHAPE_NONE;
}

static void dump_expect(struct cairn_buf *b, const struct cairn_expect *e)
{
	static const char *const names[][3] = {
		{ "false", "true", NULL }, { "alice", "bob", "tie" },
		{ "left", "right", NULL },
	};
	int k;

	cairn_buf_adds(b, "  expect");
	for (k = 0; k < CAIRN_EXPECT_NKEYS; k++) {
		if (!(e->given & CAIRN_EXPECT_BIT(k)))
			continue;
		cairn_buf_addf(b, " %s=", cairn_puzzle_expect_key_names[k]);
		switch (k) {
		case CAIRN_EXPECT_ALICE_WINS:
			cairn_buf_adds(b, names[0][e->alice_wins]);
			break;
		case CAIRN_EXPECT_WINNER:
			cairn_buf_adds(b, names[1][e->winner]);
			break;
		case CAIRN_EXPECT_ALICE:
			cairn_buf_add_i64(b, e->alice);
			break;
		case CAIRN_EXPECT_BOB:
			cairn_buf_add_i64(b, e->bob);
			break;
		case CAIRN_EXPECT_DIFF:
			cairn_buf_add_i64(b, e->diff);
			break;
		case CAIRN_EXPECT_FIRST_MOVE:
			cairn_buf_adds(b, names[2][e->first_move]);
			break;
		case CAIRN_EXPECT_MOVES:
			cairn_buf_adds(b, e->moves);
			break;
		}
	}
	cairn_buf_addc(b, '\n');
	if (e->invalid != NULL)
		cairn_buf_addf(b, "  invalid: %s\n", e->invalid);
}

static void dump_puzzle(struct cairn_buf *b, const struct cairn_puzzle *p)
{
	static const char *const tri[] = { "false", "true" };
	size_t i;

	cairn_buf_addf(b, "%s @%lu piles=", p->id, p->line);
	if (p->piles == NULL)
		cairn_buf_addc(b, '-');
	for (i = 0; i < p->n; i++) {
		if (i > 0)
			cairn_buf_addc(b, ',');
		cairn_buf_add_i64(b, p->piles[i]);
	}
	if (p->solver != NULL)
		cairn_buf_addf(b, " solver=%s", p->solver);
	if (p->moves >= 0)
		cairn_buf_addf(b, " moves=%s", tri[p->moves]);
	if (p->explain >= 0)
		cairn_buf_addf(b, " explain=%s", tri[p->explain]);
	if (p->points >= 0)
		cairn_buf_addf(b, " points=%lld", (long long)p->points);
	cairn_buf_addc(b, '\n');
	if (p->expect.present)
		dump_expect(b, &p->expect);
	if (p->error != NULL)
		cairn_buf_addf(b, "  error: %s\n", p->error);
}

void cairn_value_dump(struct cairn_buf *b, const struct cairn_input *in)
{
	static const char *const shapes[] = { "none", "puzzles", "submission" };
	size_t i;

	if (in->error != NULL)
		cairn_buf_addf(b, "file error (line %lu): %s\n", in->error_line,
			       in->error);
	cairn_buf_addf(b, "shape: %s\n", shapes[in->shape]);
	if (in->problem_set != NULL)
		cairn_buf_addf(b, "problem_set: %s\n", in->problem_set);
	if (in->submitter != NULL)
		cairn_buf_addf(b, "submitter: %s\n", in->submitter);
	for (i = 0; i < in->npuzzles; i++)
		dump_puzzle(b, &in->puzzles[i]);
}
