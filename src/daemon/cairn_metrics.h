/*
 * cairn_metrics - what cairnd counts for its metrics file, and the file's
 * text in the Prometheus text exposition format (cairnd(8)).
 *
 * The loop thread adds each finished file with cairn_metrics_observe();
 * cairn_metrics_render() turns the counts, with the file counters and
 * gauges the daemon keeps anyway, into families that each carry # HELP
 * and # TYPE and an `instance` label.  Nothing here does I/O.
 */
#ifndef CAIRN_METRICS_H
#define CAIRN_METRICS_H

#include <stdint.h>

#include "cairn_buf.h"
#include "cairn_process.h"

/* Puzzles by verdict: the four of doc/grading.md, then ungraded and error. */
enum { CAIRN_METRICS_CORRECT, CAIRN_METRICS_WRONG, CAIRN_METRICS_MISSING,
       CAIRN_METRICS_INVALID, CAIRN_METRICS_UNGRADED, CAIRN_METRICS_ERROR,
       CAIRN_METRICS_NVERDICT };

/* Upper bounds of cairnd_file_duration_seconds, 0.1 ms to 10 min, and +Inf. */
#define CAIRN_METRICS_NBUCKETS 22

struct cairn_metrics {
	uint64_t puzzles[CAIRN_METRICS_NVERDICT];
	uint64_t bucket[CAIRN_METRICS_NBUCKETS];	/* not cumulative */
	uint64_t files;			/* observations */
	double seconds;			/* their sum */
	double start_time;		/* Unix time the daemon started */
};

/* The values the daemon holds itself, as of the moment of rendering. */
struct cairn_metrics_now {
	uint64_t processed, failed, retried, returned;
	unsigned queued, running;
	double oldest_age;		/* seconds; 0 when nothing is queued */
};

/* A file got a published result after `ms` milliseconds, with these counts. */
void cairn_metrics_observe(struct cairn_metrics *m, const struct cairn_stats *st,
			   double ms);

/* Append the whole metrics file to out. */
void cairn_metrics_render(const struct cairn_metrics *m,
			  const struct cairn_metrics_now *now,
			  const char *instance, struct cairn_buf *out);

#endif
