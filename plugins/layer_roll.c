/*
 * layer_roll.c - many layer steps of diff1d over cache-sized tiles.
 *
 * Rolling one whole layer at a time streams the array through memory once
 * per layer.  Instead the layers are cut into bands of BAND layers, and a
 * band into tiles: tile k covers, at its t-th layer, the starts
 * [kW - t, (k+1)W - t), a parallelogram leaning left, because the new d[i]
 * reads the old d[i] and d[i+1].  Done left to right, each tile finds
 * every value it reads already at the right layer (the tile before it
 * stopped exactly one start short at every layer) and stays in L1/L2 for
 * all its layers.  Bands can also run on several threads, band b on
 * thread b mod P, pipelined: tile k of band b waits until band b-1 has
 * finished its tiles up to k+1, which wrote everything tile k reads, and
 * band b-1 then works at or right of tile k+2, whose reads all lie right
 * of everything tile k writes (as BAND < W).  Each thread publishes its
 * progress with a release store and the waiter reads it with an acquire
 * load, so the tiles see each other's cells.  The same integers are
 * computed in every order, so tiles and threads never change an answer.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>

#include "layer.h"
#include "solver.h"

/* Waits spin this many times before yielding the CPU. */
#define SPINS 2000

#define BAND LAYER_BAND
#define THREADS_MAX LAYER_THREADS_MAX

_Static_assert(BAND < LAYER_TILE_BYTES / 8, "tiles must be wider than bands");

struct progress {
	/*
	 * (band + 1) << 32 | tiles done, for the band the thread is on; a
	 * row would need 2^43 piles for 2^32 tiles, and far more memory
	 * than any machine has
	 */
	_Alignas(64) _Atomic uint64_t done;
};

struct roll {
	const struct cairn_solve_request *req;
	const struct layer_job *job;
	void (*step)(void *d, const void *s, const void *a, size_t L,
		     size_t cnt);
	size_t tile;		/* W, in entries */
	size_t steps;
	size_t first, last;	/* bands [first, last) of this phase */
	unsigned threads;
	atomic_int stop;
	struct progress prog[THREADS_MAX];
};

struct worker {
	struct roll *r;
	unsigned id;
};

/*
 * tiles - how many tiles band b has: the last one, k = K-1, must reach
 * the last start w - t0 - t - 1 of every layer t, so KW >= w - t0
 */
static size_t tiles(const struct roll *r, size_t b)
{
	size_t len = r->job->w - b * BAND;

	return (len + r->tile - 1) / r->tile;
}

/* tile - the layers of band b over tile k */
static void tile(const struct roll *r, size_t b, size_t k)
{
	const struct layer_job *job = r->job;
	size_t wd = job->width, W = r->tile, t0 = b * BAND, t, h;
	char *d = job->d;
	const char *a = job->a;

	h = r->steps - t0 < BAND ? r->steps - t0 : BAND;
	for (t = 1; t <= h; t++) {
		/* The new layer has w - t0 - t starts. */
		size_t cnt = job->w - t0 - t;
		size_t lo = k * W > t ? k * W - t : 0;
		size_t hi = (k + 1) * W - t < cnt ? (k + 1) * W - t : cnt;
		const char *s = t0 + t == 1 ? job->src : d;

		if (lo < hi)
			r->step(d + lo * wd, s + lo * wd, a + lo * wd,
				job->layer + t0 + t - 1, hi - lo);
	}
}

static void relax(unsigned *spins)
{
	if (++*spins < SPINS) {
#if defined(__x86_64__) || defined(__i386__)
		__builtin_ia32_pause();
#endif
		return;
	}
	*spins = 0;
	sched_yield();
}

/* wait_for - until band b-1 has done the tiles tile k of band b needs */
static int wait_for(struct roll *r, size_t b, size_t k)
{
	size_t prev = tiles(r, b - 1);
	uint64_t need = (uint64_t)b << 32 | (k + 2 < prev ? k + 2 : prev);
	_Atomic uint64_t *done = &r->prog[(b - 1) % r->threads].done;
	unsigned spins = 0;

	while (atomic_load_explicit(done, memory_order_acquire) < need) {
		if (atomic_load_explicit(&r->stop, memory_order_relaxed))
			return -1;
		relax(&spins);
	}
	return 0;
}

/* work - thread id's bands of the phase; stops everyone on cancellation */
static void work(struct roll *r, unsigned id)
{
	_Atomic uint64_t *done = &r->prog[id].done;
	size_t b, k, n;

	for (b = r->first + id; b < r->last; b += r->threads) {
		n = tiles(r, b);
		for (k = 0; k < n; k++) {
			if (b > r->first && wait_for(r, b, k) < 0)
				return;
			tile(r, b, k);
			atomic_store_explicit(done, (uint64_t)(b + 1) << 32 |
					      (k + 1), memory_order_release);
			if (atomic_load_explicit(r->req->cancel,
						 memory_order_relaxed)) {
				atomic_store(&r->stop, 1);
				return;
			}
		}
	}
}

static void *helper(void *arg)
{
	struct worker *w = arg;

	work(w->r, w->id);
	return NULL;
}

/* start - helpers 1..threads-1 on the phase; how many threads run it */
static unsigned start(struct roll *r, struct worker *w, pthread_t *tid,
		      unsigned threads)
{
	pthread_attr_t attr;
	unsigned k = 1;

	if (threads < 2 || pthread_attr_init(&attr) != 0)
		return 1;
	/* Helpers need almost no stack: ask for little. */
	pthread_attr_setstacksize(&attr, 64 * 1024);
	for (; k < threads; k++) {
		w[k].r = r;
		w[k].id = k;
		if (pthread_create(&tid[k], &attr, helper, &w[k]) != 0)
			break;
	}
	pthread_attr_destroy(&attr);
	return k;
}

/*
 * phase - bands [first, last) on `threads` threads, or on this one alone
 * when a thread cannot be started
 */
static void phase(struct roll *r, size_t first, size_t last,
		  unsigned threads)
{
	struct worker w[THREADS_MAX];
	pthread_t tid[THREADS_MAX];
	unsigned k, started;

	r->first = first;
	r->last = last;
	r->threads = threads;
	for (k = 0; k < THREADS_MAX; k++)
		atomic_store(&r->prog[k].done, 0);
	started = start(r, w, tid, threads);
	if (started < threads) {
		/*
		 * Bands were dealt to a thread that is missing.  The helpers
		 * that did start are all waiting, directly or not, for this
		 * thread's first tile, so they have written nothing: stop
		 * them and do the phase alone.
		 */
		atomic_store(&r->stop, 1);
		for (k = 1; k < started; k++)
			pthread_join(tid[k], NULL);
		atomic_store(&r->stop, 0);
		r->threads = 1;
	}
	work(r, 0);
	for (k = 1; k < started && r->threads > 1; k++)
		pthread_join(tid[k], NULL);
}

/*
 * plain - the layers one after another: for rows of a few tiles' worth of
 * cells, all in L1 anyway, where setting up tiles would cost more
 */
static int plain(const struct cairn_solve_request *req,
		 const struct layer_job *job, size_t steps, void (*step)(
			 void *d, const void *s, const void *a, size_t L,
			 size_t cnt))
{
	size_t t;

	step(job->d, job->src, job->a, job->layer, job->w - 1);
	for (t = 1; t < steps; t++)
		step(job->d, job->d, job->a, job->layer + t, job->w - 1 - t);
	return solver_poll(req);
}

/* tiled - the roll over tiles, bands shared among threads when worth it */
static int tiled(const struct cairn_solve_request *req,
		 const struct layer_job *job, size_t steps, unsigned threads,
		 void (*step)(void *d, const void *s, const void *a, size_t L,
			      size_t cnt))
{
	struct roll r = { .req = req, .job = job, .step = step, .steps = steps };
	size_t bands = (steps + BAND - 1) / BAND, shared = 0;

	r.tile = LAYER_TILE_BYTES / job->width;
	atomic_init(&r.stop, 0);
	if (threads > THREADS_MAX)
		threads = THREADS_MAX;
	/* Share the bands long enough to keep every thread busy. */
	while (threads > 1 && shared < bands &&
	       tiles(&r, shared) >= LAYER_SHARE_TILES * threads)
		shared++;
	if (shared < 2)
		shared = 0;
	if (shared > 0)
		phase(&r, 0, shared, threads);
	if (!atomic_load(&r.stop) && shared < bands)
		phase(&r, shared, bands, 1);
	if (atomic_load(&r.stop))
		return solver_fail(req, -ECANCELED, "cancelled");
	return 0;
}

int layer_roll(const struct cairn_solve_request *req,
	       const struct layer_job *job, size_t steps, unsigned threads)
{
	const struct layer_kernel *kern = layer_kernel();

	if (job->width == 8 && job->w <= LAYER_SHORT)
		return plain(req, job, steps, kern->step64);
	if (job->w <= LAYER_SHORT)
		return plain(req, job, steps, kern->step32);
	return tiled(req, job, steps, threads,
		     job->width == 8 ? kern->step64 : kern->step32);
}
