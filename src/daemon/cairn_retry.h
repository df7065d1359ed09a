/*
 * cairn_retry - files with a transient failure of their own, tried again
 * alone with their own backoff before they are failed.  Its state is
 * d->retry (cairn_retry_state.h); called on the loop thread only.
 */
#ifndef CAIRN_RETRY_H
#define CAIRN_RETRY_H

struct cairn_daemon;
struct cairn_job;
struct cairn_retry_list;

/* A job ended: follow up its file's entry; a LATER one is tried again. */
void cairn_retry_settle(struct cairn_daemon *d, const struct cairn_job *j);
/*
 * The next claimed file due whose owner has none running, marked as
 * running, or NULL; *why: the reason its try is to publish when it is the
 * last (to free), else NULL.
 */
const char *cairn_retry_take(struct cairn_daemon *d, char **why);
/* Whether incoming/NAME is to wait for its own backoff. */
int cairn_retry_waits(const struct cairn_retry_list *r, const char *name);
/* Whether some file waits for its retry in processing/. */
int cairn_retry_claimed(const struct cairn_retry_list *r);
/* Shutdown: files not running are dropped, claimed ones go back. */
void cairn_retry_unqueue(struct cairn_daemon *d);
/* Free the list. */
void cairn_retry_free(struct cairn_retry_list *r);

#endif
