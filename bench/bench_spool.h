/*
 * bench_spool.h - spools, result watchers and the processes that serve
 * them, for the daemon benchmark.
 */
#ifndef CAIRN_BENCH_SPOOL_H
#define CAIRN_BENCH_SPOOL_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "bench.h"

/* A spool directory with a staging directory on the same file system. */
struct spool {
	char dir[1024];			/* SPOOL */
	char incoming[1100];		/* SPOOL/incoming */
	char top_results[1100];		/* SPOOL/results */
	/* SPOOL/results/OWNER: where the results of our own files go, OWNER
	   our login as cairnd names it (results are kept per owner) */
	char results[1200];
	char stage[1100];		/* SPOOL.stage: files wait here */
	unsigned long next;		/* number of the next staged file */
};

/* Counts result files as they appear (inotify on a results directory). */
struct watcher {
	int fd;
	const char *dir;
	size_t seen;
	size_t base;			/* results there when the watch began */
	int overflowed;			/* fell back to counting the directory */
};

/* spool_init - a fresh, empty SPOOL = WORK/NAME (incoming/, results/OWNER/) */
void spool_init(struct spool *s, const struct bench *b, const char *name);
/* spool_stage - write count single-puzzle files into the staging dir */
void spool_stage(struct spool *s, size_t count, char (*names)[32]);
/* spool_drop - rename one staged file into incoming/ */
void spool_drop(const struct spool *s, const char *name);
/* spool_copy_in - write one staged file into incoming/ in place, as cp does */
void spool_copy_in(const struct spool *s, const char *name);
/* spool_remove - delete SPOOL and its staging directory */
void spool_remove(const struct spool *s);

void watcher_open(struct watcher *w, const char *dir);
/*
 * watcher_wait - wait until `count` results were seen in all, or until
 * timeout_ms passed; returns the number seen.
 */
size_t watcher_wait(struct watcher *w, size_t count, int timeout_ms);
void watcher_close(struct watcher *w);

/*
 * daemon_start - cairnd on the spool with fsync on or off, its log in
 * SPOOL.log; returns its pid once it has processed a first file, or -1.
 */
pid_t daemon_start(const struct bench *b, struct spool *s, int fsync);
/* daemon_start_with - the same with `extra` lines of configuration */
pid_t daemon_start_with(const struct bench *b, struct spool *s, int fsync,
			const char *extra);
/* daemon_stop - SIGTERM and reap; returns its exit status */
int daemon_stop(pid_t pid);

/*
 * user_loop_start - the shell pipeline a user would write instead:
 * inotifywait on incoming/ feeding a loop that runs a Python DP script
 * per file; returns the process group's leader, or -1.
 */
pid_t user_loop_start(const struct bench *b, struct spool *s);
void user_loop_stop(pid_t pid);

/*
 * naive_publish - create, write, fsync, rename and fsync the directory,
 * one file after another, count times (no fsync when sync is 0); returns
 * the ns taken.
 */
double naive_publish(const struct spool *s, size_t count, int sync);

#endif
