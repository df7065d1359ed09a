/*
 * cairn_dirsync - grouped directory flushes shared by concurrent publishers.
 *
 * Each publisher that renamed a file into a directory needs the directory
 * flushed before it may report success; done one fsync() each, they queue
 * behind each other.  Flushes are grouped instead: a thread that arrives
 * while another flushes the directory waits for the next flush, which then
 * covers every rename made before it started; and a thread about to flush
 * first waits for the renames that were already under way when it arrived
 * (announced by cairn_dirsync_enter()), so that one flush covers them too.
 * Every caller gets the result of an fsync() that started after its own
 * rename.
 */
#ifndef CAIRN_DIRSYNC_H
#define CAIRN_DIRSYNC_H

#include <pthread.h>

struct cairn_dirsync_waiter;

struct cairn_dirsync {
	pthread_mutex_t mu;
	pthread_cond_t cv;		/* a flush finished */
	pthread_cond_t lead_cv;		/* a renamer arrived or left */
	int busy;			/* a thread is inside fsync() */
	int leader_waiting;		/* a leader waits on lead_cv */
	struct cairn_dirsync_waiter *batch;	/* waiting for the next fsync */
	unsigned nwaiting;		/* callers in `batch` */
	unsigned long entered;		/* cairn_dirsync_enter() calls */
	unsigned long arrived;		/* of those, now syncing or gone */
	unsigned long nsyncs;		/* fsync() calls made */
	int (*sync)(int fd);		/* fsync(2); a test may count instead */
};

void cairn_dirsync_init(struct cairn_dirsync *d);
void cairn_dirsync_destroy(struct cairn_dirsync *d);
/*
 * A rename into the directory is about to happen: a flush starting from
 * now on waits until the caller either flushes with it, through
 * cairn_dirsync_sync_entered(), or gives up, through cairn_dirsync_leave().
 * cairn_dirsync_sync_entered() flushes dir_fd, sharing the fsync() with
 * concurrent callers: 0 or -errno.
 */
void cairn_dirsync_enter(struct cairn_dirsync *d);
void cairn_dirsync_leave(struct cairn_dirsync *d);
int cairn_dirsync_sync_entered(struct cairn_dirsync *d, int dir_fd);

#endif
