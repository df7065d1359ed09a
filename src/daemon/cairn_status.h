/*
 * cairn_status - what the daemon tells the world about its work: one log
 * line per finished file, STATUS=, WATCHDOG=1 and the metrics file.
 *
 * Called on the loop thread only.  STATUS= goes out at most once a second
 * and only when the counts changed, so an idle daemon does not wake up;
 * the metrics file is replaced atomically, so a reader never sees half.
 * Its state is d->status (cairn_status_state.h).
 */
#ifndef CAIRN_STATUS_H
#define CAIRN_STATUS_H

#include <stdint.h>

struct cairn_daemon;
struct cairn_job;

/* Files waiting to be taken: the pending set and those stuck claimed. */
unsigned cairn_status_queued(const struct cairn_daemon *d);
/* Send STATUS= now, or within a second. */
void cairn_status_changed(struct cairn_daemon *d);
/* WATCHDOG=1 at half of the period systemd set (`usec`). */
void cairn_status_start_watchdog(struct cairn_daemon *d, uint64_t usec);
/* Write the metrics file now and every few seconds, when one is set. */
void cairn_status_start_metrics(struct cairn_daemon *d);
/* Replace the metrics file with the counts of now. */
void cairn_status_write_metrics(struct cairn_daemon *d);
/* Count one finished job, and log its line. */
void cairn_status_report(struct cairn_daemon *d, const struct cairn_job *j);

#endif
