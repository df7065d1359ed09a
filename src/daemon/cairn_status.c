/*
 * cairn_status - what the daemon tells the world about its work.
 *
 * One log line per finished file (cairnd(8): file, puzzles, errors,
 * correct, wrong, ms, then status and where the input went), STATUS= with
 * the counts at most once a second and only when they changed (so an
 * idle daemon does not wake up), WATCHDOG=1 from a timer at half of
 * WATCHDOG_USEC, and the optional metrics file (cairn_metrics.c), replaced
 * atomically when serving starts, every METRICS_MS and at exit.  The
 * counts of finished files are kept here (d->status, cairn_status_state.h),
 * from the jobs this file logs.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cairn_daemon_int.h"
#include "cairn_log.h"
#include "cairn_mem.h"
#include "cairn_status.h"

#define METRICS_MS 5000
#define STATUS_MS 1000

unsigned cairn_status_queued(const struct cairn_daemon *d)
{
	return (unsigned)(d->pending.n + d->dispatch.nstuck);
}

/* --- status, watchdog, metrics --- */

static void status_now(struct cairn_daemon *d)
{
	d->status.last_status = uv_now(&d->loop);
	cairn_notify_sendf(&d->notify, "STATUS=processed %" PRIu64 ", failed %" PRIu64
			   ", queued %u, running %u", d->status.processed, d->status.failed,
			   cairn_status_queued(d), d->dispatch.running);
}

static void status_cb(uv_timer_t *t)
{
	status_now(t->data);
}

/* status_changed - send STATUS= now, or within a second (at most 1/s). */
void cairn_status_changed(struct cairn_daemon *d)
{
	uint64_t since = uv_now(&d->loop) - d->status.last_status;

	if (!cairn_notify_enabled(&d->notify) || d->finished ||
	    uv_is_active((uv_handle_t *)&d->status.timer))
		return;
	if (d->status.last_status == 0 || since >= STATUS_MS)
		status_now(d);
	else
		uv_timer_start(&d->status.timer, status_cb, STATUS_MS - since, 0);
}

static void watchdog_cb(uv_timer_t *t)
{
	struct cairn_daemon *d = t->data;

	cairn_notify_send(&d->notify, "WATCHDOG=1");
}

/* cairn_status_start_watchdog - WATCHDOG=1 at half the period systemd set. */
void cairn_status_start_watchdog(struct cairn_daemon *d, uint64_t usec)
{
	uint64_t ms = usec / 2000 ? usec / 2000 : 1;

	uv_timer_start(&d->status.watchdog, watchdog_cb, ms, ms);
}

/*
 * oldest_age - seconds the oldest waiting file has waited since the daemon
 * first noted it (not since its mtime, which its writer sets), or 0.
 */
static double oldest_age(struct cairn_daemon *d)
{
	const struct cairn_pending *p = &d->pending;
	uint64_t now = uv_now(&d->loop), first;

	if (p->n == 0)
		return 0;
	first = p->order[p->head]->first_ms;
	return now > first ? (double)(now - first) / 1e3 : 0;
}

static char *metrics_text(struct cairn_daemon *d)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	struct cairn_metrics_now now = {
		.processed = d->status.processed, .failed = d->status.failed,
		.retried = d->status.retries, .returned = d->status.returned,
		.queued = cairn_status_queued(d), .running = d->dispatch.running,
		.oldest_age = oldest_age(d),
	};

	cairn_metrics_render(&d->status.metrics, &now, d->sp.instance, &b);
	return cairn_buf_steal(&b);
}

void cairn_status_write_metrics(struct cairn_daemon *d)
{
	const char *path = d->gen->conf.metrics_file;
	char err[512], v[512], e[1024];

	if (path == NULL)
		return;
	char *dir = cairn_xstrdup(path), *base = cairn_xstrdup(path);
	int fd = open(dirname(dir), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	char *text = metrics_text(d);
	int r = fd < 0 ? -errno : cairn_publish(fd, basename(base), d->sp.instance, text,
						strlen(text), 0, NULL, err, sizeof(err));

	if (fd < 0)
		snprintf(err, sizeof(err), "%s", strerror(-r));
	/* Every METRICS_MS while it lasts: said when it begins and when it ends. */
	if (r < 0)
		cairn_log(d->status.metrics_failed++ == 0 ? CAIRN_LOG_WARNING : CAIRN_LOG_DEBUG,
			  "metrics not written", "file=%s error=%s",
			  cairn_log_value(v, sizeof(v), path), cairn_log_value(e, sizeof(e), err));
	else if (d->status.metrics_failed > 0)
		cairn_log(CAIRN_LOG_INFO, "metrics written", "file=%s failures=%lu",
			  cairn_log_value(v, sizeof(v), path), d->status.metrics_failed);
	if (r >= 0)
		d->status.metrics_failed = 0;
	if (fd >= 0)
		close(fd);
	free(text);
	free(dir);
	free(base);
}

static void metrics_cb(uv_timer_t *t)
{
	cairn_status_write_metrics(t->data);
}

void cairn_status_start_metrics(struct cairn_daemon *d)
{
	struct timespec now;

	if (d->status.metrics.start_time == 0) {
		clock_gettime(CLOCK_REALTIME, &now);
		d->status.metrics.start_time = (double)now.tv_sec + now.tv_nsec / 1e9;
	}
	uv_timer_stop(&d->status.metrics_timer);
	if (d->gen->conf.metrics_file != NULL && !d->once) {
		cairn_status_write_metrics(d);
		uv_timer_start(&d->status.metrics_timer, metrics_cb, METRICS_MS, METRICS_MS);
	}
}

/* refusal - the processed line's refused= key (doc/grading.md), or "". */
static const char *refusal(int refused)
{
	return refused == CAIRN_REFUSED_CLOSED ? " refused=closed" :
	       refused == CAIRN_REFUSED_LIMIT ? " refused=limit" : "";
}

/* cairn_status_report - count one finished job, and log its line. */
void cairn_status_report(struct cairn_daemon *d, const struct cairn_job *j)
{
	char f[512], e[1024], in[512], o[CAIRN_OWNER_MAX * 4 + 8];
	const struct cairn_stats *st = &j->in.st;

	cairn_log_value(f, sizeof(f), j->name);
	cairn_log_value(e, sizeof(e), j->err);
	if (j->end == CAIRN_JOB_DONE || j->end == CAIRN_JOB_FAILED)
		cairn_metrics_observe(&d->status.metrics, st, j->ms);
	cairn_log_value(in, sizeof(in), j->in.stored ? j->in.stored : "removed");
	cairn_log_value(o, sizeof(o), j->in.origin.owner);
	switch (j->end) {
	case CAIRN_JOB_DONE:
	case CAIRN_JOB_FAILED:
		d->status.processed++;
		d->status.failed += j->end == CAIRN_JOB_FAILED;
		cairn_log(j->end == CAIRN_JOB_DONE ? CAIRN_LOG_INFO : CAIRN_LOG_WARNING,
			  "processed",
			  "file=%s puzzles=%zu errors=%zu correct=%zu wrong=%zu ms=%.2f"
			  " status=%s input=%s owner=%s%s%s%s",
			  f, st->puzzles, st->errors, st->correct, st->wrong, j->ms,
			  st->file_error ? "error" : "ok",
			  in, o, refusal(st->refused),
			  j->err[0] ? " error=" : "", j->err[0] ? e : "");
		if (j->in.arrival_err != 0)
			cairn_log(CAIRN_LOG_WARNING, "arrival record not written",
				  "file=%s input=%s error=%s", f, in,
				  cairn_log_value(e, sizeof(e), strerror(j->in.arrival_err)));
		break;
	case CAIRN_JOB_RETURNED:
		d->status.returned++;
		cairn_log(CAIRN_LOG_INFO, "returned", "file=%s reason=shutdown", f);
		break;
	case CAIRN_JOB_SKIPPED:
		cairn_log(CAIRN_LOG_DEBUG, "skipped", "file=%s reason=%s", f,
			  j->err[0] ? e : "gone");
		break;
	case CAIRN_JOB_BUSY:
		cairn_log(CAIRN_LOG_DEBUG, "open for writing", "file=%s action=wait", f);
		break;
	case CAIRN_JOB_CHANGED:
		cairn_log(CAIRN_LOG_INFO, "changed while read", "file=%s action=retaken", f);
		break;
	case CAIRN_JOB_LEFT:
		/* Once: cairn_dispatch.c passes it over from now on. */
		cairn_log(CAIRN_LOG_WARNING, "left in incoming", "file=%s reason=%s", f, e);
		break;
	case CAIRN_JOB_RETRY:
	case CAIRN_JOB_STUCK:
	case CAIRN_JOB_LATER:
		d->status.retries++;
		break;		/* cairn_dispatch.c and cairn_retry.c log these */
	}
}

