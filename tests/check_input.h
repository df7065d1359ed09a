/*
 * check_input.h - what the reader tests share: read a text with one of
 * the readers under given limits and compare the plain-text dump of what
 * it made (cairn_value_dump) with the expected one.
 */
#ifndef CAIRN_CHECK_INPUT_H
#define CAIRN_CHECK_INPUT_H

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_buf.h"
#include "cairn_input.h"
#include "cairn_value.h"

/* The reader under test and the name its inputs get (set by each test). */
static void (*check_reader)(struct cairn_input *, const char *, size_t,
			    const struct cairn_limits *);
static const char *check_source;

static char *read_dump(const char *text, size_t len, size_t max_piles,
		       size_t max_bytes)
{
	struct cairn_limits lim = { max_piles, max_bytes };
	struct cairn_buf b = CAIRN_BUF_INIT;
	struct cairn_input in;

	cairn_puzzle_input_init(&in, check_source, cairn_puzzle_format_of(check_source));
	check_reader(&in, text, len, &lim);
	cairn_value_dump(&b, &in);
	cairn_puzzle_input_free(&in);
	return cairn_buf_steal(&b);
}

static void expect_dump(const char *name, const char *text, size_t len,
			size_t max_piles, size_t max_bytes, const char *want)
{
	char *got = read_dump(text, len, max_piles, max_bytes);

	ck_assert_msg(strcmp(got, want) == 0, "%s:\n--- got\n%s--- want\n%s",
		      name, got, want);
	free(got);
}

#endif
