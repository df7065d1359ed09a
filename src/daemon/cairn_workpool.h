/*
 * cairn_workpool - the daemon's worker threads: work handed from the loop
 * thread to a thread, and its end handed back to the loop.
 *
 * In place of libuv's pool, for what a file costs in system calls: a
 * thread that is handed work is woken by a semaphore (no condition
 * variable, whose mutex glibc leaves marked contended), and the end of
 * a piece of work marked quiet does not wake the loop while another
 * piece is still busy (*busy > 0), whose own wake will come soon and
 * carry it along; a timer bounds that wait.
 */
#ifndef CAIRN_WORKPOOL_H
#define CAIRN_WORKPOOL_H

#include <pthread.h>
#include <semaphore.h>
#include <stdatomic.h>
#include <uv.h>

struct cairn_work;
typedef void (*cairn_work_fn)(struct cairn_work *w);

/* One piece of work; embedded in its owner, which must outlive done(). */
struct cairn_work {
	cairn_work_fn work;		/* on a worker thread */
	cairn_work_fn done;		/* then on the loop thread */
	struct cairn_work *next;
	/*
	 * Set by work(): its end may wait for the next wake of the loop
	 * while *busy > 0, at most CAIRN_WORKPOOL_SWEEP_MS.
	 */
	int quiet;
};

/* Pieces in order, oldest first. */
struct cairn_work_list {
	struct cairn_work *head, *tail;
};

/* The longest a quiet end waits for the loop to hear of it. */
#define CAIRN_WORKPOOL_SWEEP_MS 50

struct cairn_workpool {
	uv_async_t wake;		/* ends of work, and cairn_workpool_wake() */
	uv_timer_t sweep;		/* quiet ends not left waiting long */
	pthread_mutex_t mu;		/* the queue; never held while waiting */
	sem_t queued;			/* a count per piece queued (and per thread to stop) */
	struct cairn_work_list queue;	/* handed, not yet taken */
	pthread_mutex_t done_mu;
	struct cairn_work_list ended;	/* ended, done() not yet run */
	atomic_uint *busy;		/* quiet ends wait while > 0 */
	void (*on_wake)(void *arg);	/* after the ends, at each wake */
	void *arg;
	pthread_t *threads;
	unsigned nthreads;
	unsigned outstanding;		/* loop thread: handed, done() not run */
	int closing;			/* loop thread: close once none is */
};

/*
 * Starts nthreads threads, which hold the signals the loop handles
 * (cairn_sigmask.h).  0, or a negative libuv error (UV_ENOMEM, or the
 * thread that could not be made as UV_EAGAIN...), with nothing left made.
 */
int cairn_workpool_init(struct cairn_workpool *p, uv_loop_t *loop, unsigned nthreads,
			atomic_uint *busy, void (*on_wake)(void *arg), void *arg);

/* On the loop thread: w->work() on a thread, then w->done() on the loop. */
void cairn_workpool_post(struct cairn_workpool *p, struct cairn_work *w, cairn_work_fn work,
			 cairn_work_fn done);

/* From any thread: have the loop run on_wake() (and any ends) soon. */
void cairn_workpool_wake(struct cairn_workpool *p);

/*
 * On the loop thread: once every piece handed has had its done(), stop
 * and join the threads and close the handles (the loop then runs dry).
 */
void cairn_workpool_close(struct cairn_workpool *p);

#endif
