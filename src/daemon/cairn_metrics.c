/*
 * cairn_metrics - cairnd's counters as a Prometheus textfile.
 *
 * The text follows the exposition format 0.0.4 that node_exporter's
 * textfile collector reads: every family has # HELP and # TYPE, every
 * sample the label instance="..." (escaped as the format wants), counters
 * end in _total, times are in seconds, and the histogram's buckets are
 * cumulative and end with le="+Inf" equal to _count.  The bucket bounds
 * run from 0.1 ms (a small file on an idle daemon) to 10 minutes (a large
 * O(n^2) solve), about three per decade, so that quantiles estimated from
 * them are within a factor of 2.5 anywhere in that range.
 */
#include "config.h"

#include <stdio.h>

#include "cairn_metrics.h"

static const struct {
	double le;
	const char *text;
} bounds[CAIRN_METRICS_NBUCKETS - 1] = {
	{ 0.0001, "0.0001" }, { 0.00025, "0.00025" }, { 0.0005, "0.0005" },
	{ 0.001, "0.001" }, { 0.0025, "0.0025" }, { 0.005, "0.005" },
	{ 0.01, "0.01" }, { 0.025, "0.025" }, { 0.05, "0.05" },
	{ 0.1, "0.1" }, { 0.25, "0.25" }, { 0.5, "0.5" },
	{ 1, "1" }, { 2.5, "2.5" }, { 5, "5" }, { 10, "10" }, { 30, "30" },
	{ 60, "60" }, { 120, "120" }, { 300, "300" }, { 600, "600" },
};

static const char *const verdicts[CAIRN_METRICS_NVERDICT] = {
	[CAIRN_METRICS_CORRECT] = "correct", [CAIRN_METRICS_WRONG] = "wrong",
	[CAIRN_METRICS_MISSING] = "missing", [CAIRN_METRICS_INVALID] = "invalid",
	[CAIRN_METRICS_UNGRADED] = "ungraded", [CAIRN_METRICS_ERROR] = "error",
};

void cairn_metrics_observe(struct cairn_metrics *m, const struct cairn_stats *st,
			   double ms)
{
	double s = ms / 1000;
	size_t i = 0;

	m->puzzles[CAIRN_METRICS_CORRECT] += st->correct;
	m->puzzles[CAIRN_METRICS_WRONG] += st->wrong;
	m->puzzles[CAIRN_METRICS_MISSING] += st->missing;
	m->puzzles[CAIRN_METRICS_INVALID] += st->invalid;
	m->puzzles[CAIRN_METRICS_ERROR] += st->errors;
	/* Not st->graded: an answer set aside has a verdict (invalid) but is
	   not graded (doc/grading.md), and is counted once, as invalid. */
	m->puzzles[CAIRN_METRICS_UNGRADED] += st->puzzles - st->errors -
		st->correct - st->wrong - st->missing - st->invalid;
	while (i < CAIRN_METRICS_NBUCKETS - 1 && s > bounds[i].le)
		i++;
	m->bucket[i]++;
	m->files++;
	m->seconds += s > 0 ? s : 0;
}

/* family - the # HELP and # TYPE lines */
static void family(struct cairn_buf *out, const char *name, const char *type,
		   const char *help)
{
	cairn_buf_addf(out, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

/* label_value - v escaped for a label: backslash, double quote, newline */
static void label_value(struct cairn_buf *out, const char *v)
{
	for (; *v != '\0'; v++) {
		if (*v == '\\' || *v == '"')
			cairn_buf_addc(out, '\\');
		if (*v == '\n')
			cairn_buf_adds(out, "\\n");
		else
			cairn_buf_addc(out, *v);
	}
}

/* sample - NAME{instance="I"[,KEY="VAL"]} VALUE; `value` already formatted */
static void sample(struct cairn_buf *out, const char *name, const char *inst,
		   const char *key, const char *val, const char *value)
{
	cairn_buf_addf(out, "%s{instance=\"", name);
	label_value(out, inst);
	if (key != NULL)
		cairn_buf_addf(out, "\",%s=\"%s", key, val);
	cairn_buf_addf(out, "\"} %s\n", value);
}

static void sample_u64(struct cairn_buf *out, const char *name, const char *inst,
		       const char *key, const char *val, uint64_t v)
{
	char num[32];

	snprintf(num, sizeof num, "%llu", (unsigned long long)v);
	sample(out, name, inst, key, val, num);
}

static void sample_double(struct cairn_buf *out, const char *name,
			  const char *inst, double v)
{
	char num[64];

	snprintf(num, sizeof num, "%.6f", v);
	sample(out, name, inst, NULL, NULL, num);
}

static void files(struct cairn_buf *out, const struct cairn_metrics_now *now,
		  const char *inst)
{
	static const char name[] = "cairnd_files_total";

	family(out, name, "counter", "Files finished, by outcome: processed "
	       "(result published, input done), failed (result published, "
	       "input in failed/), retried (storage error, taken again "
	       "later), returned (cancelled by shutdown, input kept claimed "
	       "for the next start, or never claimed).");
	sample_u64(out, name, inst, "outcome", "processed",
		   now->processed - now->failed);
	sample_u64(out, name, inst, "outcome", "failed", now->failed);
	sample_u64(out, name, inst, "outcome", "retried", now->retried);
	sample_u64(out, name, inst, "outcome", "returned", now->returned);
}

static void puzzles(struct cairn_buf *out, const struct cairn_metrics *m,
		    const char *inst)
{
	static const char name[] = "cairnd_puzzles_total";
	size_t i;

	family(out, name, "counter", "Puzzles in published results, by "
	       "verdict: correct, wrong, missing, invalid (graded), ungraded "
	       "(solved, nothing to check), error (the puzzle had an error).");
	for (i = 0; i < CAIRN_METRICS_NVERDICT; i++)
		sample_u64(out, name, inst, "verdict", verdicts[i], m->puzzles[i]);
}

static void gauges(struct cairn_buf *out, const struct cairn_metrics *m,
		   const struct cairn_metrics_now *now, const char *inst)
{
	family(out, "cairnd_queued_files", "gauge",
	       "Files waiting in incoming/ or for a retry.");
	sample_u64(out, "cairnd_queued_files", inst, NULL, NULL, now->queued);
	family(out, "cairnd_running_files", "gauge", "Files being processed.");
	sample_u64(out, "cairnd_running_files", inst, NULL, NULL, now->running);
	family(out, "cairnd_oldest_queued_age_seconds", "gauge",
	       "Age, by its modification time, of the oldest file waiting in "
	       "incoming/; 0 when none waits.");
	sample_double(out, "cairnd_oldest_queued_age_seconds", inst,
		      now->oldest_age);
	family(out, "cairnd_start_time_seconds", "gauge",
	       "When the daemon started, in seconds since the Unix epoch.");
	sample_double(out, "cairnd_start_time_seconds", inst, m->start_time);
}

static void duration(struct cairn_buf *out, const struct cairn_metrics *m,
		     const char *inst)
{
	uint64_t cum = 0;
	size_t i;

	family(out, "cairnd_file_duration_seconds", "histogram",
	       "Time to process one file with a published result (claim, "
	       "read, solve, grade, write the result, store the input).");
	for (i = 0; i < CAIRN_METRICS_NBUCKETS; i++) {
		cum += m->bucket[i];
		sample_u64(out, "cairnd_file_duration_seconds_bucket", inst, "le",
			   i < CAIRN_METRICS_NBUCKETS - 1 ? bounds[i].text : "+Inf",
			   cum);
	}
	sample_double(out, "cairnd_file_duration_seconds_sum", inst, m->seconds);
	sample_u64(out, "cairnd_file_duration_seconds_count", inst, NULL, NULL,
		   m->files);
}

void cairn_metrics_render(const struct cairn_metrics *m,
			  const struct cairn_metrics_now *now,
			  const char *instance, struct cairn_buf *out)
{
	files(out, now, instance);
	puzzles(out, m, instance);
	gauges(out, m, now, instance);
	duration(out, m, instance);
}
