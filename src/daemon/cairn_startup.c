/*
 * cairn_startup - the start-up recovery of processing/<instance>/, tried
 * again until it succeeds.
 *
 * Stale temporary files are removed, then what a crash left claimed is
 * recovered (cairn_recover.c) before anything new is claimed (doc/spool.md).
 * A storage hiccup or a lack of memory there must not leave the files in
 * processing/ unexplained and a daemon that claims new ones beside them:
 * a failed recovery is tried again after 1 s, doubling to 60 s (the
 * storage backoff of cairn_dispatch.c), the watcher not started meanwhile,
 * so that nothing is claimed; a journal that cannot be saved (a full
 * disk) is only warned of, since what recovery read stands, and taking
 * files then meets the storage backoff.  The first failure is logged at
 * level error, the tries after it at debug, and the success that ends
 * them at info.
 * The files a try keeps claimed are handed to dispatch only when the try
 * succeeds, so that a try that fails halfway hands none twice; a file
 * failed for being interrupted twice is failed at once, and is simply
 * gone for the next try.
 */
#include "config.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_daemon_int.h"
#include "cairn_dispatch.h"
#include "cairn_held.h"
#include "cairn_log.h"
#include "cairn_mem.h"
#include "cairn_recover.h"
#include "cairn_startup.h"

/* What recovery's callbacks need: the daemon, and the settings of its jobs. */
struct recover_ctx {
	struct cairn_daemon *d;
	const struct cairn_job *tmpl;	/* settings, fsync, keep_inputs */
};

/* fail_twice - publish the "interrupted twice" result and move to failed/. */
static void fail_twice(void *arg, const char *held)
{
	const struct recover_ctx *t = arg;
	struct cairn_job j;

	cairn_jobs_init_held(&j, held);
	j.fail_reason = CAIRN_INTERRUPTED_TWICE;
	j.settings = t->tmpl->settings;
	j.fsync = t->tmpl->fsync;
	j.keep_inputs = t->tmpl->keep_inputs;
	cairn_jobs_run(&j, &t->d->ctx);
	cairn_dispatch_account(t->d, &j, 0);
	cairn_jobs_clear(&j);
}

static void recovered_kept(void *arg, const char *held)
{
	struct cairn_startup_state *s = &((const struct recover_ctx *)arg)->d->startup;

	s->kept = cairn_xgrow(s->kept, &s->capkept, s->nkept + 1, sizeof(s->kept[0]));
	s->kept[s->nkept++] = cairn_xstrdup(held);
}

/* recovered_moved - say what recovery did with a file (doc/spool.md: nothing silent). */
static void recovered_moved(void *arg, const char *held, const char *dir)
{
	struct cairn_held h;
	char f[512];

	(void)arg;
	cairn_held_parse(held, &h);
	cairn_log(CAIRN_LOG_INFO, "move finished", "file=%s to=%s",
		  cairn_log_value(f, sizeof(f), h.name), dir);
	cairn_held_free(&h);
}

/* unsaved - the journal of this recovery could not be written: the start goes on. */
static void unsaved(void *arg, int err)
{
	char v[256];

	(void)arg;
	cairn_log(CAIRN_LOG_WARNING, "attempts journal not saved", "error=%s",
		  cairn_log_value(v, sizeof(v), strerror(err)));
}

/* drop_kept - the names of a try; handed to dispatch when `keep`. */
static void drop_kept(struct cairn_daemon *d, int keep)
{
	struct cairn_startup_state *s = &d->startup;

	for (size_t i = 0; i < s->nkept; i++) {
		if (keep)
			cairn_dispatch_keep(d, s->kept[i]);
		free(s->kept[i]);
	}
	free(s->kept);
	s->kept = NULL;
	s->nkept = s->capkept = 0;
}

/* try_recover - one try: the number of files kept claimed, or a negative errno value. */
static int try_recover(struct cairn_daemon *d)
{
	struct cairn_job tmpl;
	struct recover_ctx t = { d, &tmpl };
	struct cairn_recover_ops ops = { fail_twice, recovered_kept, recovered_moved, unsaved, &t };
	/* results/ too: older versions made their temporary files there. */
	int temp_dirs[] = { d->sp.results_fd, d->sp.temp_fd };
	int r, stale = 0;

	memset(&tmpl, 0, sizeof(tmpl));
	cairn_generation_settings(d->gen, &tmpl.settings);
	tmpl.fsync = d->gen->conf.fsync;
	tmpl.keep_inputs = d->gen->conf.keep_inputs;
	for (size_t i = 0; i < sizeof(temp_dirs) / sizeof(temp_dirs[0]); i++)
		if (temp_dirs[i] >= 0 &&
		    (r = cairn_publish_remove_stale(temp_dirs[i], d->sp.instance)) > 0)
			stale += r;
	if (stale > 0)
		cairn_log(CAIRN_LOG_INFO, "removed stale temporary files", "count=%d", stale);
	r = cairn_recover(&d->sp, &d->attempts, &ops);
	drop_kept(d, r >= 0);
	return r;
}

static void retry_cb(uv_timer_t *t);

/* attempt - try; on failure arm the next try, else go on with the start. */
static void attempt(struct cairn_daemon *d)
{
	struct cairn_startup_state *s = &d->startup;
	char v[256];
	int r = try_recover(d);

	if (d->stopping)
		return;		/* a file failed in recovery could not be stored (--once) */
	if (r < 0) {
		s->backoff_ms = cairn_publish_backoff_ms(s->backoff_ms);
		cairn_log(s->tries++ == 0 ? CAIRN_LOG_ERROR : CAIRN_LOG_DEBUG, "recovery failed",
			  "error=%s action=retry retry_in_ms=%" PRIu64,
			  cairn_log_value(v, sizeof(v), strerror(-r)), s->backoff_ms);
		uv_timer_start(&s->timer, retry_cb, s->backoff_ms, 0);
		return;
	}
	if (s->tries > 0)
		cairn_log(CAIRN_LOG_INFO, "recovery succeeded", "retries=%lu", s->tries);
	if (r > 0)
		cairn_log(CAIRN_LOG_WARNING, "recovered", "kept=%d", r);
	s->recovering = 0;
	s->recovered(d);
}

static void retry_cb(uv_timer_t *t)
{
	struct cairn_daemon *d = t->data;

	if (!d->stopping)
		attempt(d);
}

void cairn_startup_recover(struct cairn_daemon *d, void (*recovered)(struct cairn_daemon *d))
{
	struct cairn_startup_state *s = &d->startup;

	s->recovered = recovered;
	s->recovering = 1;
	uv_timer_init(&d->loop, &s->timer);
	s->timer.data = d;
	d->nhandles++;
	attempt(d);
}
