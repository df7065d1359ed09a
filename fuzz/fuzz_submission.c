/*
 * fuzz_submission - a problem set and a submission against it.
 *
 * The bytes are SET, a line "%%" (a YAML submission) or "%%csv" (a CSV
 * one), then the submission; without such a line they are a YAML
 * submission against the fixed set hw1.  The set is served as "hw1" from
 * memory (no directory, no file per input) and the submission processed
 * with cross_check on under the oracle of fuzz_input.
 */
#include "config.h"

#include <string.h>

#include "cairn_fuzz.h"

/* split - find "\n%%\n" or "\n%%csv\n"; the submission's offset, or 0 */
static size_t split(const char *s, size_t len, size_t *set_len, int *csv)
{
	static const char *const marks[] = { "\n%%\n", "\n%%csv\n" };
	const char *hit;
	size_t k, m;

	for (k = 0; k < len; k = (size_t)(hit - s) + 1) {
		hit = memchr(s + k, '\n', len - k);
		if (hit == NULL)
			return 0;
		for (m = 0; m < 2; m++) {
			size_t ml = strlen(marks[m]);

			if ((size_t)(s + len - hit) >= ml &&
			    memcmp(hit, marks[m], ml) == 0) {
				*set_len = (size_t)(hit - s) + 1;
				*csv = m == 1;
				return *set_len + ml - 1;
			}
		}
	}
	return 0;
}

int cairn_fuzz_submission(const uint8_t *data, size_t len)
{
	struct cairn_oracle *o = cairn_fuzz_oracle();
	const char *s = (const char *)data;
	size_t set_len = 0, off;
	int csv = 0;
	char *msg;

	off = split(s, len, &set_len, &csv);
	if (off > 0)
		cairn_oracle_set(o, "hw1", s, set_len);
	msg = cairn_oracle_process(o, csv ? "s.csv" : "s.yaml", s + off,
				   len - off, NULL);
	if (msg != NULL)
		cairn_fuzz_fail("submission", msg);
	return 0;
}
