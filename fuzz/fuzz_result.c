/*
 * fuzz_result - the result reader, YAML and CSV.
 *
 * The bytes are read as f.result.yaml and as f.result.csv.  What reads
 * is written again and must read back to the same fields and, written a
 * second time, the same bytes; its gradebooks must carry its texts.
 * What does not read must say why.
 */
#include "config.h"

#include "cairn_fuzz.h"
#include "cairn_mem.h"

static void one(const char *name, int csv, const char *data, size_t len)
{
	struct cairn_result_file r;
	char err[1024], *msg = NULL;

	if (cairn_result_read(&r, name, data, len, err, sizeof err) == 0) {
		msg = cairn_oracle_result(&r, csv);
		if (msg == NULL)
			msg = cairn_oracle_report(&r);
	} else if (err[0] == '\0') {
		msg = cairn_xstrdup("refused without a reason");
	}
	cairn_result_file_free(&r);
	if (msg != NULL)
		cairn_fuzz_fail("result", msg);
}

int cairn_fuzz_result(const uint8_t *data, size_t len)
{
	one("f.result.yaml", 0, (const char *)data, len);
	one("f.result.csv", 1, (const char *)data, len);
	return 0;
}
