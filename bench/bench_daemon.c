/*
 * bench_daemon.c - cairnd against a naive publish loop and a shell loop.
 *
 * Throughput: N single-puzzle files dropped at once (renamed from a
 * staging directory into incoming/), timed from the first drop to the
 * last result, with fsync off and on.  Baselines in the same run: a C loop
 * that creates, writes, fsyncs, renames and fsyncs the directory for each
 * file (the least a durable publisher does), the same loop without the
 * fsyncs, and what a user would write instead of cairnd: inotifywait
 * feeding a shell loop that runs a short Python DP per file.  Latency:
 * single files dropped one at a time on an idle daemon, from the rename
 * to the result's arrival, against the same rename into a directory we
 * watch ourselves; files written in place (as cp writes them), from the
 * start of the copy to the result, against settle_ms, which such a file
 * must wait after its last close; and the whole round trip of `cairn submit --wait` (a
 * process that copies the file in and waits for its result, woken by a
 * directory notification) against the same bare rename.  Memory: VmRSS of the idle daemon, and after each
 * batch up to 100,000 processed files.  Hostile mix: one daemon serves,
 * after a warm-up, clean batches and batches of the same size with 1% of
 * the files bad (a 250-byte name, or unreadable when the bench is not
 * root), each of which fails alone; the median rate with bad files as a
 * ratio to the median clean one.  Versus (a section of its own): this
 * cairnd against the one built from 8051bc8, before owners, arrival
 * records and ACLs (bench/base.sh, BENCH_BASE_DIR), batches of the same
 * files in turn, a fresh daemon each, fsync off and on: the medians and
 * their ratio.  Missed targets are reported; only a daemon that does not
 * answer at all stops the section.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "bench_spool.h"

#define MiB_KB 1024.0
/* The daemon's settle_ms (its default, which the bench leaves as it is), in us. */
#define SETTLE_US 500000.0

struct batch {
	size_t files, done;
	double seconds;
};

/*
 * drop_bad - file i of a hostile batch: every 100th is bad, renamed in
 * under a 250-byte name, or (when not root, every other one) made
 * unreadable before it is dropped.  Each bad file gives an error result.
 */
static void drop_bad(const struct spool *s, const char *name, size_t i)
{
	char from[1200], to[1400], longname[256];

	snprintf(from, sizeof from, "%s/%s", s->stage, name);
	if (geteuid() != 0 && (i / 100) % 2 == 1) {
		if (chmod(from, 0) < 0)
			bench_die("chmod %s: %s", from, strerror(errno));
		spool_drop(s, name);
		return;
	}
	memset(longname, 'L', 250 - strlen(name));
	snprintf(longname + 250 - strlen(name), 32, "%s", name);
	snprintf(to, sizeof to, "%s/%s", s->incoming, longname);
	if (rename(from, to) < 0)
		bench_die("rename %s: %s", from, strerror(errno));
}

/*
 * batch - drop count staged files at once, wait for all their results;
 * with `bad`, 1% of them are bad (drop_bad).
 */
static struct batch batch(struct spool *s, size_t count, int bad)
{
	char (*names)[32] = malloc(count * sizeof *names);
	struct batch r = { count, 0, 0 };
	struct watcher w;
	uint64_t t0;
	size_t i;

	if (names == NULL)
		bench_die("out of memory");
	spool_stage(s, count, names);
	watcher_open(&w, s->results);
	t0 = bench_now();
	for (i = 0; i < count; i++) {
		if (bad && i % 100 == 0)
			drop_bad(s, names[i], i);
		else
			spool_drop(s, names[i]);
	}
	r.done = watcher_wait(&w, count, 60000 + (int)count * 10);
	r.seconds = (double)(bench_now() - t0) / 1e9;
	watcher_close(&w);
	free(names);
	if (r.done < count)
		fprintf(stderr, "cairn-bench: %s: only %zu of %zu results after %.1f s\n",
			s->dir, r.done, count, r.seconds);
	return r;
}

static double rate(const struct batch *r)
{
	return r->seconds > 0 ? (double)r->done / r->seconds : 0;
}

static void log_batch(FILE *csv, const char *what, const struct batch *r)
{
	fprintf(csv, "%s,%zu,%zu,%.6f,%.1f\n", what, r->files, r->done,
		r->seconds, rate(r));
	fflush(csv);
}

/*
 * latencies_by - us from dropping one file into incoming/ with `drop` to
 * a new entry in `watch` (results/, or incoming/ itself for the bare
 * baseline), k times with a pause in between so that whoever serves the
 * spool is idle; each waits up to wait_ms.
 */
static void latencies_by(struct spool *s, const char *watch, double *us, size_t k,
			 void (*drop)(const struct spool *, const char *), int wait_ms)
{
	char (*names)[32] = malloc(k * sizeof *names);
	struct watcher w;
	size_t i;

	if (names == NULL)
		bench_die("out of memory");
	spool_stage(s, k, names);
	watcher_open(&w, watch);
	for (i = 0; i < k; i++) {
		uint64_t t0 = bench_now();

		drop(s, names[i]);
		/* A late result counts for the next wait: no sample is lost. */
		if (watcher_wait(&w, i + 1, wait_ms) < i + 1)
			fprintf(stderr, "cairn-bench: %s: no result for %s within %d ms\n",
				s->dir, names[i], wait_ms);
		us[i] = (double)(bench_now() - t0) / 1e3;
		usleep(5000);
	}
	watcher_close(&w);
	free(names);
}

/* latencies - the same for files renamed in (spool_drop), waiting 5 s each */
static void latencies(struct spool *s, const char *watch, double *us, size_t k)
{
	latencies_by(s, watch, us, k, spool_drop, 5000);
}

/*
 * submit_latencies - us for `cairn submit --wait FILE` to exit, for k
 * single staged files one at a time on the idle daemon; -1 when the
 * command failed (it is reported, and the sample is left out).
 */
static void submit_latencies(const struct bench *b, struct spool *s,
			     double *us, size_t k)
{
	char (*names)[32] = malloc(k * sizeof *names);
	char exe[4096], path[1200];
	int status, devnull;
	size_t i;
	pid_t pid;

	if (names == NULL)
		bench_die("out of memory");
	snprintf(exe, sizeof exe, "%s/src/cli/cairn", b->top_builddir);
	spool_stage(s, k, names);
	for (i = 0; i < k; i++) {
		uint64_t t0 = bench_now();

		snprintf(path, sizeof path, "%s/%s", s->stage, names[i]);
		if ((pid = fork()) < 0)
			bench_die("fork: %s", strerror(errno));
		if (pid == 0) {
			devnull = open("/dev/null", O_WRONLY);
			dup2(devnull, 1);
			execl(exe, "cairn", "submit", "--spool", s->dir, "--wait",
			      "--timeout", "5", path, (char *)NULL);
			_exit(127);
		}
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
		us[i] = (double)(bench_now() - t0) / 1e3;
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
			fprintf(stderr, "cairn-bench: cairn submit --wait %s: status %d\n",
				names[i], status);
			us[i] = -1;
		}
		usleep(5000);
	}
	free(names);
}

/* drop_failed - keep the samples >= 0; their number */
static size_t drop_failed(double *v, size_t n)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		if (v[i] >= 0)
			v[k++] = v[i];
	return k;
}

struct figures {
	double naive, naive_sync, nofsync, fsync, user, clean, hostile;
	double lat_med, lat_p99, bare_med, bare_p99;
	double inplace_med;		/* a file written in place, as cp does */
	double sub_med, sub_p99;
	long idle_kb, first_kb, last_kb;
	size_t first_files, last_files;
};

static void row(const struct bench *b, const char *name, double value,
		const char *unit, const char *baseline, double base,
		double ratio, const char *target, int pass)
{
	struct bench_row r = { "daemon", name, value, unit, baseline, base,
			       ratio, target, pass };

	bench_report(b, &r);
}

static int ok(int cond)
{
	return cond ? BENCH_PASS : BENCH_MISS;
}

/* naive_rate - files/s of one run of the naive loop, logged */
static double naive_rate(struct spool *s, size_t n, int sync, FILE *csv)
{
	struct batch r = { n, n, 0 };

	r.seconds = naive_publish(s, n, sync) / 1e9;
	log_batch(csv, sync ? "naive publish loop fsync"
			    : "naive publish loop no fsync", &r);
	return rate(&r);
}

/*
 * serve_nofsync - latency, then rounds of a batch for cairnd and a run of
 * the naive loop (no fsync), until `total` files; RSS after each batch.
 */
static int serve_nofsync(const struct bench *b, struct figures *f,
			 FILE *csv, FILE *lat, FILE *rss, FILE *sublat)
{
	size_t n = b->quick ? 2000 : 20000, total = b->quick ? 10000 : 100000;
	size_t k = b->quick ? 50 : 300, i, rounds = total / n;
	double *us = malloc(k * sizeof *us), *bare = malloc(k * sizeof *bare);
	double *sub = malloc(k * sizeof *sub);
	double got[8], base[8];
	size_t ks;
	struct spool s;
	struct batch r;
	pid_t pid;

	if (us == NULL || bare == NULL || sub == NULL)
		bench_die("out of memory");
	spool_init(&s, b, "bare");
	latencies(&s, s.incoming, bare, k);
	spool_remove(&s);
	spool_init(&s, b, "nofsync");
	if ((pid = daemon_start(b, &s, 0)) < 0)
		return -1;
	usleep(300000);
	f->idle_kb = bench_status_kb(pid, "VmRSS");
	fprintf(rss, "0,%ld\n", f->idle_kb);
	latencies(&s, s.results, us, k);
	for (i = 0; i < k; i++)
		fprintf(lat, "%zu,%.1f,%.1f\n", i, us[i], bare[i]);
	f->lat_med = bench_quantile(us, k, 0.5);
	f->lat_p99 = bench_quantile(us, k, 0.99);
	f->bare_med = bench_quantile(bare, k, 0.5);
	f->bare_p99 = bench_quantile(bare, k, 0.99);
	/* In place: taken settle_ms (the default, 500) after the last close. */
	ks = b->quick ? 5 : 20;
	latencies_by(&s, s.results, sub, ks, spool_copy_in, 5000);
	f->inplace_med = bench_quantile(sub, ks, 0.5);
	submit_latencies(b, &s, sub, k);
	for (i = 0; i < k; i++)
		fprintf(sublat, "%zu,%.1f\n", i, sub[i]);
	if ((ks = drop_failed(sub, k)) > 0) {
		f->sub_med = bench_quantile(sub, ks, 0.5);
		f->sub_p99 = bench_quantile(sub, ks, 0.99);
	}
	for (i = 0; i < rounds; i++) {
		base[i] = naive_rate(&s, n, 0, csv);
		r = batch(&s, n, 0);
		log_batch(csv, "cairnd fsync=false", &r);
		got[i] = rate(&r);
		usleep(200000);
		f->last_kb = bench_status_kb(pid, "VmRSS");
		f->last_files = (i + 1) * n;
		fprintf(rss, "%zu,%ld\n", f->last_files, f->last_kb);
		fflush(rss);
		if (i == 0) {
			f->first_kb = f->last_kb;
			f->first_files = n;
		}
	}
	f->nofsync = bench_median(got, rounds);
	f->naive = bench_median(base, rounds);
	daemon_stop(pid);
	spool_remove(&s);
	free(us);
	free(bare);
	free(sub);
	return 0;
}

/* serve_fsync - rounds of the naive loop with fsync and a cairnd batch */
static int serve_fsync(const struct bench *b, struct figures *f, FILE *csv)
{
	size_t n = b->quick ? 2000 : 20000, rounds = b->quick ? 1 : 3, i;
	double got[8], base[8];
	struct spool s;
	struct batch r;
	pid_t pid;

	spool_init(&s, b, "fsync");
	if ((pid = daemon_start(b, &s, 1)) < 0)
		return -1;
	for (i = 0; i < rounds; i++) {
		base[i] = naive_rate(&s, n, 1, csv);
		r = batch(&s, n, 0);
		log_batch(csv, "cairnd fsync=true", &r);
		got[i] = rate(&r);
	}
	f->fsync = bench_median(got, rounds);
	f->naive_sync = bench_median(base, rounds);
	daemon_stop(pid);
	spool_remove(&s);
	return 0;
}

/* user - the inotifywait + Python loop, when run.sh found the tools */
static void user(const struct bench *b, struct figures *f, FILE *csv)
{
	size_t n = b->quick ? 30 : 300;
	struct spool s;
	struct batch r;
	pid_t pid;

	f->user = 0;
	if (system("command -v inotifywait >/dev/null 2>&1") != 0) {
		bench_skip(b, "daemon", "vs inotifywait + Python loop",
			   "inotifywait is not installed (Debian: inotify-tools)");
		return;
	}
	spool_init(&s, b, "user");
	if ((pid = user_loop_start(b, &s)) < 0) {
		bench_skip(b, "daemon", "vs inotifywait + Python loop",
			   "the loop did not start (python3 missing?)");
		return;
	}
	r = batch(&s, n, 0);
	log_batch(csv, "inotifywait + python loop", &r);
	f->user = rate(&r);
	user_loop_stop(pid);
	spool_remove(&s);
}

/*
 * hostile - on one daemon, after a warm-up batch, rounds of a clean batch
 * and one with 1% bad files, alternating; the medians of both.
 */
static int hostile(const struct bench *b, struct figures *f, FILE *csv)
{
	size_t n = b->quick ? 2000 : 20000, rounds = b->quick ? 2 : 3, i;
	double clean[8], bad[8];
	struct spool s;
	struct batch r;
	pid_t pid;

	spool_init(&s, b, "hostile");
	if ((pid = daemon_start(b, &s, 0)) < 0)
		return -1;
	r = batch(&s, n, 0);
	log_batch(csv, "cairnd warm-up batch", &r);
	for (i = 0; i < rounds; i++) {
		r = batch(&s, n, 0);
		log_batch(csv, "cairnd clean batch", &r);
		clean[i] = rate(&r);
		r = batch(&s, n, 1);
		log_batch(csv, "cairnd 1% bad files", &r);
		bad[i] = rate(&r);
	}
	f->clean = bench_median(clean, rounds);
	f->hostile = bench_median(bad, rounds);
	daemon_stop(pid);
	spool_remove(&s);
	return 0;
}

static void report(const struct bench *b, const struct figures *f)
{
	double growth = f->first_kb > 0 ? (double)f->last_kb / (double)f->first_kb : 0;
	char name[96];

	row(b, "throughput fsync=false", f->nofsync, "files/s",
	    "naive loop without fsync", f->naive, f->nofsync / f->naive,
	    ">= 10000 files/s", ok(f->nofsync >= 10000));
	row(b, "throughput fsync=true", f->fsync, "files/s",
	    "naive loop with fsync", f->naive_sync, f->fsync / f->naive_sync,
	    ">= 1", ok(f->fsync >= f->naive_sync));
	if (f->user > 0)
		row(b, "throughput fsync=false vs user loop", f->nofsync,
		    "files/s", "inotifywait+python loop", f->user,
		    f->nofsync / f->user, "", BENCH_INFO);
	row(b, "throughput with 1% bad files", f->hostile, "files/s",
	    "clean batch, same daemon", f->clean,
	    f->clean > 0 ? f->hostile / f->clean : 0, ">= 0.9",
	    ok(f->clean > 0 && f->hostile >= 0.9 * f->clean));
	row(b, "latency median idle fsync=false", f->lat_med, "us",
	    "bare rename->inotify", f->bare_med, f->lat_med / f->bare_med,
	    "<= 1000 us", ok(f->lat_med <= 1000));
	row(b, "latency p99 idle fsync=false", f->lat_p99, "us",
	    "bare rename->inotify", f->bare_p99, f->lat_p99 / f->bare_p99,
	    "<= 5000 us", ok(f->lat_p99 <= 5000));
	row(b, "latency median in place (cp) fsync=false", f->inplace_med, "us",
	    "settle_ms (500 ms)", SETTLE_US, f->inplace_med / SETTLE_US, "<= 1.5",
	    ok(f->inplace_med >= SETTLE_US && f->inplace_med <= 1.5 * SETTLE_US));
	if (f->sub_med > 0) {
		row(b, "cairn submit --wait median idle", f->sub_med, "us",
		    "bare rename->inotify", f->bare_med, f->sub_med / f->bare_med,
		    "", BENCH_INFO);
		row(b, "cairn submit --wait p99 idle", f->sub_p99, "us",
		    "bare rename->inotify", f->bare_p99, f->sub_p99 / f->bare_p99,
		    "", BENCH_INFO);
	}
	row(b, "idle RSS", (double)f->idle_kb / MiB_KB, "MiB",
	    "budget 8 MiB", 8, (double)f->idle_kb / MiB_KB / 8, "<= 8 MiB",
	    ok(f->idle_kb > 0 && f->idle_kb <= 8 * 1024));
	snprintf(name, sizeof name, "RSS after %zu files", f->last_files);
	row(b, name, (double)f->last_kb / MiB_KB, "MiB",
	    f->first_files == 20000 ? "RSS after 20000 files"
				   : "RSS after first batch",
	    (double)f->first_kb / MiB_KB, growth, "<= 1.05",
	    ok(growth > 0 && growth <= 1.05));
}

/* medians - the throughput figures of the table, for the plot */
static void medians(const struct bench *b, const struct figures *f)
{
	FILE *m = bench_csv(b, "throughput.csv", "case,files_per_s");

	fprintf(m, "\"naive loop, no fsync\",%.1f\n", f->naive);
	fprintf(m, "\"cairnd, fsync: false\",%.1f\n", f->nofsync);
	fprintf(m, "\"naive loop, fsync\",%.1f\n", f->naive_sync);
	fprintf(m, "\"cairnd, fsync: true\",%.1f\n", f->fsync);
	if (f->user > 0)
		fprintf(m, "\"inotifywait + Python\",%.1f\n", f->user);
	fclose(m);
}

int bench_daemon(const struct bench *b)
{
	struct figures f = { 0 };
	char exe[4096];
	FILE *csv, *lat, *rss, *sublat;

	snprintf(exe, sizeof exe, "%s/src/daemon/cairnd", b->top_builddir);
	if (access(exe, X_OK) != 0) {
		bench_skip(b, "daemon", "cairnd", "src/daemon/cairnd is not built");
		return 0;
	}
	csv = bench_csv(b, "daemon.csv", "case,files,results,seconds,files_per_s");
	lat = bench_csv(b, "latency.csv", "sample,cairnd_us,bare_us");
	rss = bench_csv(b, "rss.csv", "files_processed,rss_kb");
	sublat = bench_csv(b, "submit_latency.csv", "sample,cairn_submit_wait_us");
	if (serve_nofsync(b, &f, csv, lat, rss, sublat) < 0 ||
	    serve_fsync(b, &f, csv) < 0 || hostile(b, &f, csv) < 0)
		bench_die("cairnd did not serve its spool");
	user(b, &f, csv);
	report(b, &f);
	medians(b, &f);
	fclose(csv);
	fclose(lat);
	fclose(rss);
	fclose(sublat);
	return 0;
}

/*
 * versus_batch - files/s of one batch of n files into a fresh cairnd of
 * b's build; `flat`: it publishes in results/ itself (8051bc8, before
 * owners' directories).
 */
static double versus_batch(const struct bench *b, const char *who, int sync, size_t n,
			   FILE *csv, int flat)
{
	struct spool s;
	struct batch r;
	char what[64];
	pid_t pid;

	spool_init(&s, b, "versus");
	if (flat)
		snprintf(s.results, sizeof s.results, "%s", s.top_results);
	if ((pid = daemon_start(b, &s, sync)) < 0)
		bench_die("cairnd (%s) did not serve its spool", who);
	r = batch(&s, n, 0);
	snprintf(what, sizeof what, "cairnd %s fsync=%s", who, sync ? "true" : "false");
	log_batch(csv, what, &r);
	daemon_stop(pid);
	spool_remove(&s);
	return rate(&r);
}

int bench_daemon_versus(const struct bench *b)
{
	const char *dir = getenv("BENCH_BASE_DIR"), *who = getenv("BENCH_BASE_NAME");
	size_t n = b->quick ? 1000 : 3000, rounds = b->quick ? 2 : 4;
	struct bench base = *b;
	char name[96], path[4200];
	int flat;
	FILE *csv;

	if (dir == NULL || dir[0] == '\0') {
		bench_skip(b, "daemon", "throughput vs 8051bc8",
			   "no build of 8051bc8 (bench/base.sh: not a git checkout?)");
		return 0;
	}
	base.top_builddir = dir;
	if (who == NULL || who[0] == '\0')
		who = "8051bc8";
	/* A build from before owners publishes in results/ itself. */
	snprintf(path, sizeof path, "%s/src/spool/cairn_owner.c", dir);
	flat = access(path, F_OK) != 0;
	csv = bench_csv(b, "daemon_versus.csv", "case,files,results,seconds,files_per_s");
	for (int sync = 0; sync <= 1; sync++) {
		double now[8], old[8], a, o;

		/* Interleaved, each build first in every other round. */
		for (size_t i = 0; i < rounds; i++) {
			if (i % 2)
				old[i] = versus_batch(&base, who, sync, n, csv, flat);
			now[i] = versus_batch(b, "now", sync, n, csv, 0);
			if (!(i % 2))
				old[i] = versus_batch(&base, who, sync, n, csv, flat);
		}
		a = bench_median(now, rounds);
		o = bench_median(old, rounds);
		snprintf(name, sizeof name, "throughput fsync=%s vs %s", sync ? "true" : "false",
			 who);
		snprintf(path, sizeof path, "%s, same run", who);
		row(b, name, a, "files/s", path, o, o > 0 ? a / o : 0, ">= 1", ok(a >= o));
	}
	fclose(csv);
	return 0;
}
