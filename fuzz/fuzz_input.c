/*
 * fuzz_input - the YAML, CSV and JSON puzzle readers, through processing.
 *
 * The bytes are a puzzle file (f.yaml, f.csv or f.json) processed with
 * cross_check on, against the problem set hw1: the oracle checks that
 * processing twice gives the same bytes, that the result reads back to
 * the same fields, that no two solvers disagree, and that the gradebooks
 * carry the result's texts.
 */
#include "config.h"

#include "cairn_fuzz.h"

static int input(const char *name, const char *source, const uint8_t *data,
		 size_t len)
{
	char *msg = cairn_oracle_process(cairn_fuzz_oracle(), source,
					 (const char *)data, len, NULL);

	if (msg != NULL)
		cairn_fuzz_fail(name, msg);
	return 0;
}

int cairn_fuzz_yaml(const uint8_t *data, size_t len)
{
	return input("yaml", "f.yaml", data, len);
}

int cairn_fuzz_csv(const uint8_t *data, size_t len)
{
	return input("csv", "f.csv", data, len);
}

int cairn_fuzz_json(const uint8_t *data, size_t len)
{
	return input("json", "f.json", data, len);
}
