/*
 * cairn_dispatch - starting jobs and following up what became of them.
 *
 * The daemon (cairn_daemon.c) calls down into these on its loop thread
 * only; they never call back into it but through d->on_stop and
 * d->on_drained.  Files are taken oldest ready first, never more jobs at
 * once than cairn_dispatch_max() allows, and a file's transient trouble
 * is retried alone, with its own backoff, before it is failed
 * (cairn_retry.h).  Its state is d->dispatch (cairn_dispatch_state.h).
 */
#ifndef CAIRN_DISPATCH_H
#define CAIRN_DISPATCH_H

#include <uv.h>

struct cairn_daemon;
struct cairn_job;
struct cairn_watch;

/* Start jobs for ready files while the limits allow; report idleness. */
void cairn_dispatch(struct cairn_daemon *d);
/* The watcher's callback: files became ready. */
void cairn_dispatch_ready(struct cairn_watch *w);
/*
 * Count, log and follow up one finished job; `renote`: its name was seen
 * again while it ran, so the watcher is to look at incoming/ for it anew.
 */
void cairn_dispatch_account(struct cairn_daemon *d, struct cairn_job *j, int renote);
/* A file stays claimed; retry it before new ones. */
void cairn_dispatch_keep(struct cairn_daemon *d, const char *name);
/* Shutdown: jobs still queued in the pool give up before their claim. */
void cairn_dispatch_unqueue(struct cairn_daemon *d);
/* Shutdown: make every running job give up. */
void cairn_dispatch_cancel_all(struct cairn_daemon *d);
/* Free the files stuck claimed, the retry list and the owners' arrivals. */
void cairn_dispatch_free(struct cairn_daemon *d);
/* Jobs allowed at once: workers, within the pool. */
unsigned cairn_dispatch_max(const struct cairn_daemon *d);
/* Learn which other instances are alive, to share files out among them. */
void cairn_dispatch_peers(struct cairn_daemon *d);

#endif
