/*
 * check_sha256 - the digest against FIPS 180-4's examples and known
 * values, whole and fed in pieces across block boundaries; a digest to
 * hexadecimal and back, and what is not one refused.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_sha256.h"
#include "check_run.h"

static const struct {
	const char *text;
	const char *hex;
} cases[] = {
	{ "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
	{ "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
	{ "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
	  "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1" },
	{ "The quick brown fox jumps over the lazy dog",
	  "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592" },
};

START_TEST(test_known)
{
	char hex[CAIRN_SHA256_HEX_LEN];

	cairn_sha256_hex(cases[_i].text, strlen(cases[_i].text), hex);
	ck_assert_str_eq(hex, cases[_i].hex);
}
END_TEST

/* Each known digest to hexadecimal and back; strings that are not a digest refused. */
START_TEST(test_hex)
{
	static const char *const bad[] = {
		"", "e3b0", "E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855",
		"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b85g",
		"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b8555",
	};
	unsigned char d[CAIRN_SHA256_LEN];
	char hex[CAIRN_SHA256_HEX_LEN];

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		ck_assert_int_eq(cairn_sha256_from_hex(cases[i].hex, d), 0);
		cairn_sha256_to_hex(d, hex);
		ck_assert_str_eq(hex, cases[i].hex);
	}
	ck_assert_int_eq(d[0], 0xd7);	/* the last case's first byte */
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		ck_assert_msg(cairn_sha256_from_hex(bad[i], d) == -1, "%s", bad[i]);
}
END_TEST

/* A million 'a's (FIPS 180-4), fed in pieces of every size from 1 to 130. */
START_TEST(test_pieces)
{
	static const char want[] =
		"cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0";
	char *a = malloc(1000000), hex[CAIRN_SHA256_HEX_LEN];
	unsigned char d[CAIRN_SHA256_LEN];
	struct cairn_sha256 s;
	size_t off = 0, step = 1;

	ck_assert_ptr_nonnull(a);
	memset(a, 'a', 1000000);
	cairn_sha256_init(&s);
	while (off < 1000000) {
		size_t n = step < 1000000 - off ? step : 1000000 - off;

		cairn_sha256_add(&s, a + off, n);
		off += n;
		step = step % 130 + 1;
	}
	cairn_sha256_end(&s, d);
	for (int i = 0; i < CAIRN_SHA256_LEN; i++)
		snprintf(hex + 2 * i, 3, "%02x", d[i]);
	ck_assert_str_eq(hex, want);
	cairn_sha256_hex(a, 1000000, hex);
	ck_assert_str_eq(hex, want);
	free(a);
}
END_TEST

static Suite *sha256_suite(void)
{
	Suite *s = suite_create("sha256");
	TCase *tc = tcase_create("sha256");

	tcase_add_loop_test(tc, test_known, 0, (int)(sizeof cases / sizeof cases[0]));
	tcase_add_test(tc, test_pieces);
	tcase_add_test(tc, test_hex);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return cairn_check_run(sha256_suite());
}
