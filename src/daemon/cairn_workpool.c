/*
 * cairn_workpool - worker threads handed work by the loop (see
 * cairn_workpool.h).
 *
 * A handed piece is queued under mu, held only to link or unlink, and
 * counted on a semaphore that the threads wait on.  (A condition
 * variable would cost more: glibc's leaves the mutex marked contended
 * for the woken thread, whose unlock then wakes the futex whether anyone
 * waits or not.)
 * An ended piece is queued under done_mu and the loop woken by its async
 * (which coalesces), unless the piece is quiet and another is busy: the
 * loop is woken when that one is (a rendered job, cairn_daemon.c), or by
 * the sweep timer, which runs only while a piece is outstanding and
 * something busy.  busy is read by an atomic read-modify-write after the
 * piece is queued, so that whatever ends busy's count later (and then
 * wakes the loop) is ordered after the queueing, and the loop finds it.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>

#include "cairn_sigmask.h"
#include "cairn_workpool.h"

/* append - w at the end of l (its lock held) */
static void append(struct cairn_work_list *l, struct cairn_work *w)
{
	w->next = NULL;
	if (l->tail != NULL)
		l->tail->next = w;
	else
		l->head = w;
	l->tail = w;
}

/* finish - w has run: hand it back to the loop, waking it unless quiet. */
static void finish(struct cairn_workpool *p, struct cairn_work *w)
{
	int quiet = w->quiet;	/* read first: once queued, done() may free w */

	pthread_mutex_lock(&p->done_mu);
	append(&p->ended, w);
	pthread_mutex_unlock(&p->done_mu);
	if (quiet && p->busy != NULL && atomic_fetch_add(p->busy, 0) > 0)
		return;
	uv_async_send(&p->wake);
}

static void *worker(void *arg)
{
	struct cairn_workpool *p = arg;
	struct cairn_work *w;

	for (;;) {
		while (sem_wait(&p->queued) < 0)
			;	/* EINTR: the signals are held, but a debugger may stop us */
		pthread_mutex_lock(&p->mu);
		w = p->queue.head;
		if (w != NULL) {
			p->queue.head = w->next;
			if (p->queue.head == NULL)
				p->queue.tail = NULL;
		}
		pthread_mutex_unlock(&p->mu);
		if (w == NULL)
			return NULL;	/* stopping, and nothing left */
		w->work(w);
		finish(p, w);
	}
}

/* stop - let the threads end (the queue is empty), join them, free what they shared. */
static void stop(struct cairn_workpool *p)
{
	for (unsigned i = 0; i < p->nthreads; i++)
		sem_post(&p->queued);	/* each finds nothing queued, and returns */
	for (unsigned i = 0; i < p->nthreads; i++)
		pthread_join(p->threads[i], NULL);
	free(p->threads);
	p->threads = NULL;
	p->nthreads = 0;
	pthread_mutex_destroy(&p->mu);
	pthread_mutex_destroy(&p->done_mu);
	sem_destroy(&p->queued);
}

/* drain - run done() of every piece ended so far, in the order they ended. */
static void drain(struct cairn_workpool *p)
{
	struct cairn_work *w, *next;

	pthread_mutex_lock(&p->done_mu);
	w = p->ended.head;
	p->ended.head = p->ended.tail = NULL;
	pthread_mutex_unlock(&p->done_mu);
	for (; w != NULL; w = next) {
		next = w->next;
		p->outstanding--;
		w->done(w);
	}
}

static void sweep_cb(uv_timer_t *t);

/* arm - the sweep runs while a quiet end may be waiting. */
static void arm(struct cairn_workpool *p)
{
	if (p->closing && p->outstanding == 0)
		return;
	if (p->outstanding > 0 && p->busy != NULL && atomic_load(p->busy) > 0) {
		if (!uv_is_active((uv_handle_t *)&p->sweep))
			uv_timer_start(&p->sweep, sweep_cb, CAIRN_WORKPOOL_SWEEP_MS,
				       CAIRN_WORKPOOL_SWEEP_MS);
	} else {
		uv_timer_stop(&p->sweep);
	}
}

/* maybe_close - when closing and nothing is outstanding: the threads, then the handles. */
static void maybe_close(struct cairn_workpool *p)
{
	if (!p->closing || p->outstanding > 0 || uv_is_closing((uv_handle_t *)&p->wake))
		return;
	stop(p);
	uv_close((uv_handle_t *)&p->wake, NULL);
	uv_close((uv_handle_t *)&p->sweep, NULL);
}

/* ended - the loop hears of ended pieces: their done(), then on_wake(). */
static void ended(struct cairn_workpool *p, int woken)
{
	drain(p);
	if (p->closing) {
		maybe_close(p);
		if (uv_is_closing((uv_handle_t *)&p->wake))
			return;
	} else if (woken && p->on_wake != NULL) {
		p->on_wake(p->arg);
	}
	arm(p);
}

static void wake_cb(uv_async_t *a)
{
	ended(a->data, 1);
}

static void sweep_cb(uv_timer_t *t)
{
	ended(t->data, 0);
}

int cairn_workpool_init(struct cairn_workpool *p, uv_loop_t *loop, unsigned nthreads,
			atomic_uint *busy, void (*on_wake)(void *arg), void *arg)
{
	sigset_t old;
	int r = 0;

	*p = (struct cairn_workpool){ .busy = busy, .on_wake = on_wake, .arg = arg };
	p->threads = calloc(nthreads ? nthreads : 1, sizeof(p->threads[0]));
	if (p->threads == NULL)
		return UV_ENOMEM;
	pthread_mutex_init(&p->mu, NULL);
	pthread_mutex_init(&p->done_mu, NULL);
	sem_init(&p->queued, 0, 0);
	/* The loop thread takes the signals it handles: the workers never do. */
	cairn_sigmask_hold_saving(&old);
	for (; p->nthreads < nthreads; p->nthreads++) {
		r = pthread_create(&p->threads[p->nthreads], NULL, worker, p);
		if (r != 0)
			break;
	}
	cairn_sigmask_restore(&old);
	r = r != 0 ? uv_translate_sys_error(r) : uv_async_init(loop, &p->wake, wake_cb);
	if (r < 0) {
		stop(p);
		return r;
	}
	uv_timer_init(loop, &p->sweep);
	p->wake.data = p->sweep.data = p;
	return 0;
}

void cairn_workpool_post(struct cairn_workpool *p, struct cairn_work *w, cairn_work_fn work,
			 cairn_work_fn done)
{
	w->work = work;
	w->done = done;
	w->quiet = 0;
	p->outstanding++;
	pthread_mutex_lock(&p->mu);
	append(&p->queue, w);
	/*
	 * Posted with mu held, so that the thread woken finds it held and
	 * waits for the unlock: measured on a 2-core VM, a post after the
	 * unlock left the woken thread about 1 ms late half the time (the
	 * idle daemon's latency 1.0 ms at the median instead of 0.25), for
	 * a futex wait and wake more per piece.
	 */
	sem_post(&p->queued);
	pthread_mutex_unlock(&p->mu);
	arm(p);
}

void cairn_workpool_wake(struct cairn_workpool *p)
{
	uv_async_send(&p->wake);
}

void cairn_workpool_close(struct cairn_workpool *p)
{
	p->closing = 1;
	maybe_close(p);
	if (!uv_is_closing((uv_handle_t *)&p->wake))
		arm(p);
}
