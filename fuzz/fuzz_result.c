/*
 * fuzz_result - the result reader, YAML, CSV and JSON.
 *
 * The bytes are read as f.result.yaml, f.result.csv and f.result.json.
 * What reads is written again and must read back to the same fields and,
 * written a second time, the same bytes; its gradebooks must carry its
 * texts.
 * What does not read must say why.
 */
#include "config.h"

#include "cairn_fuzz.h"
#include "cairn_mem.h"

static void one(const char *name, enum cairn_format fmt, const char *data, size_t len)
{
	struct cairn_result_file r;
	char err[1024], *msg = NULL;

	if (cairn_result_read(&r, name, data, len, err, sizeof err) == 0) {
		msg = cairn_oracle_result(&r, fmt);
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
	one("f.result.yaml", CAIRN_FORMAT_YAML, (const char *)data, len);
	one("f.result.csv", CAIRN_FORMAT_CSV, (const char *)data, len);
	one("f.result.json", CAIRN_FORMAT_JSON, (const char *)data, len);
	return 0;
}
