/*
 * cairn_watch - finding files in incoming/: inotify, scans and settling.
 *
 * The watcher reads its own inotify descriptor through a uv_poll_t (not
 * uv_fs_event, which hides IN_Q_OVERFLOW): IN_CLOSE_WRITE and IN_MOVED_TO
 * make a file ready at once; an overflow, the periodic rescan, or a lost
 * or replaced incoming/ start a scan.  A scan reads the directory in
 * bounded batches, one per loop iteration (uv_idle_t), and notes each name
 * as settling; the settle timer makes it ready once it has been quiet for
 * settle_ms.  Every candidate goes into a struct cairn_pending, with its
 * ctime (its arrival); `ready` is called whenever there may be something
 * new to take, and after the tick timer has read the events again for a
 * file waiting on the clock (cairn_watch_tick).  When incoming/ cannot be
 * opened, watched or read (an I/O error, no memory, no descriptor), that
 * is tried again with a backoff of 1 s doubling to 60 s, whatever
 * rescan_s says: the error is logged when it begins, and its end.
 */
#ifndef CAIRN_WATCH_H
#define CAIRN_WATCH_H

#include <dirent.h>
#include <stdint.h>
#include <uv.h>

#include "cairn_pending.h"
#include "cairn_spool.h"

/* Directory entries read per loop iteration during a scan. */
#define CAIRN_SCAN_BATCH 256

struct cairn_watch {
	uv_loop_t *loop;
	uv_poll_t poll;			/* the inotify descriptor */
	uv_idle_t idle;			/* drives a scan in progress */
	uv_timer_t settle;		/* re-examines settling candidates */
	uv_timer_t rescan;		/* the safety rescan every rescan_s */
	uv_timer_t tick;		/* reads the events again for a file waiting on the clock */
	uv_timer_t retry;		/* opens, watches or scans incoming/ again after an error */
	uint64_t retry_ms;		/* the next retry's delay; 0 while all is well */
	unsigned long retries;		/* tries since the error began */
	unsigned long spool_failing;	/* periodic checks that found the spool missing */
	int inotify_fd;			/* -1 without inotify (--once) */
	int wd;				/* watch on incoming/, or -1 */
	int root_wd;			/* watch on the spool root, or -1 */
	int dir_fd;			/* incoming/, or -1 when it is gone */
	mode_t incoming_mode;		/* the last incoming/ seen: a re-made one gets it */
	DIR *scan;			/* the scan in progress */
	int scan_again;			/* another scan was asked for meanwhile */
	unsigned nopen;			/* handles not yet closed */
	const struct cairn_spool *sp;
	struct cairn_pending *pending;
	void (*ready)(struct cairn_watch *w);
	void (*closed)(struct cairn_watch *w);
	unsigned long scans, overflows;	/* for logs and tests */
};

/*
 * Start watching (when `use_inotify`), then scan.  rescan_s == 0 turns the
 * periodic rescan off.  Returns 0, or a negative errno value with the
 * reason in err (then nothing needs to be closed).
 */
int cairn_watch_start(struct cairn_watch *w, uv_loop_t *loop,
		      const struct cairn_spool *sp, struct cairn_pending *p,
		      int use_inotify, unsigned rescan_s,
		      void (*ready)(struct cairn_watch *w),
		      char *err, size_t errlen);
/* Scan incoming/ again (after the current scan, if one runs). */
void cairn_watch_rescan(struct cairn_watch *w);
/* Whether a scan runs, or one waits for its retry after an error. */
int cairn_watch_scanning(const struct cairn_watch *w);
void cairn_watch_set_rescan(struct cairn_watch *w, unsigned rescan_s);
/*
 * Note incoming/NAME now, as `how` (a CAIRN_NOTE_*) says: an inotify event,
 * or a name that came back, makes it this host's; CAIRN_NOTE_READY (renamed
 * in) takes it at once, CAIRN_NOTE_CHANGED (written or closed here)
 * settle_ms after the last such note.
 */
void cairn_watch_note(struct cairn_watch *w, const char *name, int how);
/*
 * A pick passed a file over until the clock passes its arrival
 * (the pending set's tick_wait): read the events again in 1 ms, and call
 * `ready`.  Clears tick_wait; armed again only by a pick that sets it.
 */
void cairn_watch_tick(struct cairn_watch *w);
/* Close every handle; `closed` (may be NULL) runs once all are closed. */
void cairn_watch_close(struct cairn_watch *w, void (*closed)(struct cairn_watch *w));

#endif
