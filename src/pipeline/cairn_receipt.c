/*
 * cairn_receipt - the receipt of a result whose feedback is held back.
 *
 * Written from what the policy decided about the arrival (late or not,
 * by how much, the penalty, the release time) and never from the
 * verdicts, so that two submissions of one name at one arrival, one
 * right and one wrong, give receipts of the same size.  Times are
 * written as results write them, in a fixed width.
 */
#include "config.h"

#include <string.h>
#include <time.h>

#include "cairn_policy.h"
#include "cairn_policy_rules.h"
#include "cairn_receipt.h"
#include "cairn_result_yaml.h"
#include "cairn_time.h"

void cairn_receipt_text(struct cairn_buf *out, const char *source, const char *result,
			const struct cairn_origin *o, const char *sha256,
			const struct cairn_stats *st)
{
	char at[CAIRN_TIME_LEN], by[CAIRN_POLICY_BY_LEN], pen[CAIRN_POLICY_PENALTY_LEN];

	cairn_buf_adds(out, "format: cairn-receipt/1\nsource: ");
	cairn_result_yaml_scalar(out, source);
	cairn_buf_adds(out, "\nowner: ");
	cairn_result_yaml_scalar(out, o->owner);
	cairn_buf_addf(out, "\nuid: %lu\nreceived: %s\nsha256: %s\n", (unsigned long)o->uid,
		       cairn_time_format(&o->received, at), sha256);
	if (st->late)
		cairn_buf_addf(out, "late: {by: \"%s\", penalty: %s}\n",
			       cairn_policy_rules_by_text(st->late_by_ms, by),
			       cairn_policy_rules_penalty_text(st->penalty_bp, pen));
	else
		cairn_buf_adds(out, "late: false\n");
	if (st->release_ms == CAIRN_RELEASE_NEVER) {
		cairn_buf_adds(out, "feedback: never\n");
	} else {
		struct timespec ts = { (time_t)(st->release_ms / 1000),
				       (long)(st->release_ms % 1000) * 1000000 };

		cairn_buf_addf(out, "feedback: %s\n", cairn_time_format(&ts, at));
	}
	cairn_buf_adds(out, "result: ");
	cairn_result_yaml_scalar(out, result);
	cairn_buf_addc(out, '\n');
}
