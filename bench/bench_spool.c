/*
 * bench_spool.c - the moving parts of the daemon benchmark.
 *
 * A spool lives under the work directory (a real file system, not /tmp,
 * so that fsync costs what it costs), with a staging directory next to it:
 * input files are written there beforehand and renamed into incoming/ at
 * the moment they are "dropped", so that the measurement sees the server,
 * not the writing of its inputs.  Results are counted by inotify on
 * results/ as they are renamed into place (cairnd) or closed after writing
 * (the shell loop); if the event queue overflows the watcher counts the
 * directory instead.  Every process started here is stopped by its pid.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench_spool.h"
#include "cairn_owner.h"

/* About the size of the result of a small puzzle. */
#define RESULT_BYTES 420

static int rm_one(const char *path, const struct stat *st, int flag,
		  struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	remove(path);
	return 0;
}

static void rm_tree(const char *path)
{
	nftw(path, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

static void make_dir(const char *path)
{
	if (mkdir(path, 0755) < 0 && errno != EEXIST)
		bench_die("%s: %s", path, strerror(errno));
}

void spool_init(struct spool *s, const struct bench *b, const char *name)
{
	memset(s, 0, sizeof *s);
	snprintf(s->dir, sizeof s->dir, "%s/%s", b->workdir, name);
	snprintf(s->incoming, sizeof s->incoming, "%s/incoming", s->dir);
	snprintf(s->top_results, sizeof s->top_results, "%s/results", s->dir);
	char owner[CAIRN_OWNER_MAX + 1];
	int r = cairn_owner_name(geteuid(), owner);

	if (r < 0)
		bench_die("the name of uid %u: %s", (unsigned)geteuid(), strerror(-r));
	snprintf(s->results, sizeof s->results, "%s/%s", s->top_results, owner);
	snprintf(s->stage, sizeof s->stage, "%s.stage", s->dir);
	spool_remove(s);
	make_dir(s->dir);
	make_dir(s->incoming);
	make_dir(s->top_results);
	make_dir(s->results);
	make_dir(s->stage);
}

void spool_remove(const struct spool *s)
{
	rm_tree(s->dir);
	rm_tree(s->stage);
}

void spool_stage(struct spool *s, size_t count, char (*names)[32])
{
	char path[1200], text[128];
	size_t i;
	int len;

	for (i = 0; i < count; i++, s->next++) {
		snprintf(names[i], sizeof names[i], "p%07lu.yaml", s->next);
		snprintf(path, sizeof path, "%s/%s", s->stage, names[i]);
		len = snprintf(text, sizeof text, "piles: [5, 3, 4, %lu, %lu]\n",
			       s->next % 97, s->next % 13);
		bench_write_file(path, text, (size_t)len);
	}
}

void spool_drop(const struct spool *s, const char *name)
{
	char from[1200], to[1200];

	snprintf(from, sizeof from, "%s/%s", s->stage, name);
	snprintf(to, sizeof to, "%s/%s", s->incoming, name);
	if (rename(from, to) < 0)
		bench_die("rename %s: %s", from, strerror(errno));
}

void spool_copy_in(const struct spool *s, const char *name)
{
	char from[1200], to[1200], data[4096];
	ssize_t got;
	int in, out;

	snprintf(from, sizeof from, "%s/%s", s->stage, name);
	snprintf(to, sizeof to, "%s/%s", s->incoming, name);
	if ((in = open(from, O_RDONLY)) < 0 ||
	    (out = open(to, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0)
		bench_die("copy %s: %s", from, strerror(errno));
	while ((got = read(in, data, sizeof data)) > 0)
		if (write(out, data, (size_t)got) != got)
			bench_die("write %s: %s", to, strerror(errno));
	close(in);
	if (close(out) < 0 || unlink(from) < 0)
		bench_die("copy %s: %s", from, strerror(errno));
}

/* count_dir - entries of dir that are results (no dot files) */
static size_t count_dir(const char *dir)
{
	struct dirent *de;
	size_t n = 0;
	DIR *d = opendir(dir);

	if (d == NULL)
		return 0;
	while ((de = readdir(d)) != NULL)
		if (de->d_name[0] != '.')
			n++;
	closedir(d);
	return n;
}

void watcher_open(struct watcher *w, const char *dir)
{
	w->dir = dir;
	w->seen = 0;
	w->overflowed = 0;
	w->fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	if (w->fd < 0 ||
	    inotify_add_watch(w->fd, dir, IN_MOVED_TO | IN_CLOSE_WRITE) < 0)
		bench_die("inotify on %s: %s", dir, strerror(errno));
	/* Later counts of the directory are relative to what is there now. */
	w->base = count_dir(dir);
}

static int is_result(const struct inotify_event *ev)
{
	size_t len;

	if (ev->len == 0 || ev->name[0] == '.')
		return 0;
	len = strlen(ev->name);
	return len < 4 || strcmp(ev->name + len - 4, ".tmp") != 0;
}

/* drain - count the results among the queued events */
static void drain(struct watcher *w)
{
	char buf[65536] __attribute__((aligned(8)));
	ssize_t got;
	char *p;

	while ((got = read(w->fd, buf, sizeof buf)) > 0)
		for (p = buf; p < buf + got;) {
			const struct inotify_event *ev = (void *)p;

			if (ev->mask & IN_Q_OVERFLOW)
				w->overflowed = 1;
			else if (is_result(ev))
				w->seen++;
			p += sizeof *ev + ev->len;
		}
}

size_t watcher_wait(struct watcher *w, size_t count, int timeout_ms)
{
	uint64_t end = bench_now() + (uint64_t)timeout_ms * 1000000u;
	struct pollfd pfd = { w->fd, POLLIN, 0 };

	while (w->seen < count) {
		uint64_t now = bench_now();
		int wait_ms;

		if (now >= end)
			break;
		wait_ms = (int)((end - now) / 1000000u) + 1;
		if (w->overflowed) {
			/* The events are lost: count the files instead. */
			drain(w);
			w->seen = count_dir(w->dir) - w->base;
			if (w->seen < count)
				usleep(1000);
			continue;
		}
		if (poll(&pfd, 1, wait_ms) < 0 && errno != EINTR)
			bench_die("poll: %s", strerror(errno));
		drain(w);
	}
	return w->seen;
}

void watcher_close(struct watcher *w)
{
	close(w->fd);
}

/* spawn - fork and exec argv with stdout/stderr to log, in its own group */
static pid_t spawn(char *const argv[], const char *log, const char *cwd)
{
	pid_t pid;
	int fd;

	fflush(NULL);
	if ((pid = fork()) < 0)
		bench_die("fork: %s", strerror(errno));
	if (pid > 0)
		return pid;
	setpgid(0, 0);
	if ((fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644)) >= 0) {
		dup2(fd, 1);
		dup2(fd, 2);
	}
	if (cwd != NULL && chdir(cwd) < 0)
		_exit(127);
	execv(argv[0], argv);
	_exit(127);
}

/* first_file - drop one probe file and wait for its result */
static int first_file(struct spool *s, int timeout_ms)
{
	char names[1][32];
	struct watcher w;
	size_t got;

	spool_stage(s, 1, names);
	watcher_open(&w, s->results);
	spool_drop(s, names[0]);
	got = watcher_wait(&w, 1, timeout_ms);
	watcher_close(&w);
	return got == 1 ? 0 : -1;
}

/* reap - wait for a child of ours; its wait status */
static int reap(pid_t pid)
{
	int status = 0;

	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	return status;
}

pid_t daemon_start(const struct bench *b, struct spool *s, int fsync)
{
	return daemon_start_with(b, s, fsync, "");
}

pid_t daemon_start_with(const struct bench *b, struct spool *s, int fsync,
			const char *extra)
{
	char conf[1200], log[1200], exe[4096], text[4096];
	char *argv[] = { exe, "-c", conf, NULL };
	pid_t pid;

	snprintf(exe, sizeof exe, "%s/src/daemon/cairnd", b->top_builddir);
	snprintf(conf, sizeof conf, "%s.yaml", s->dir);
	snprintf(log, sizeof log, "%s.log", s->dir);
	snprintf(text, sizeof text,
		 "spool: %s\nplugin_dir: %s/plugins/.libs\nfsync: %s\n"
		 "instance: bench\n%s", s->dir, b->top_builddir,
		 fsync ? "true" : "false", extra);
	bench_write_file(conf, text, strlen(text));
	pid = spawn(argv, log, NULL);
	if (first_file(s, 10000) < 0) {
		fprintf(stderr, "cairn-bench: cairnd did not answer; see %s\n",
			log);
		daemon_stop(pid);
		return -1;
	}
	return pid;
}

int daemon_stop(pid_t pid)
{
	kill(pid, SIGTERM);
	return reap(pid);
}

pid_t user_loop_start(const struct bench *b, struct spool *s)
{
	static const char loop[] =
		"exec inotifywait -m -q -e close_write,moved_to --format %f incoming |"
		" while IFS= read -r f; do"
		" \"$BENCH_PYTHON\" \"$BENCH_DP\" \"incoming/$f\" > \"$BENCH_RESULTS/$f.result\";"
		" done";
	char sh[] = "/bin/sh", c[] = "-c", cmd[sizeof loop], log[1200];
	char dp[4096];
	char *argv[] = { sh, c, cmd, NULL };
	pid_t pid;

	memcpy(cmd, loop, sizeof loop);
	snprintf(log, sizeof log, "%s.log", s->dir);
	snprintf(dp, sizeof dp, "%s/bench/dp.py", b->top_srcdir);
	setenv("BENCH_DP", dp, 1);
	setenv("BENCH_RESULTS", s->results, 1);
	if (getenv("BENCH_PYTHON") == NULL)
		setenv("BENCH_PYTHON", "python3", 1);
	pid = spawn(argv, log, s->dir);
	/* inotifywait needs a moment to set its watch; the probe waits. */
	usleep(300000);
	if (first_file(s, 10000) < 0) {
		fprintf(stderr, "cairn-bench: the inotifywait loop did not answer; see %s\n",
			log);
		user_loop_stop(pid);
		return -1;
	}
	return pid;
}

void user_loop_stop(pid_t pid)
{
	kill(-pid, SIGTERM);
	reap(pid);
}

double naive_publish(const struct spool *s, size_t count, int sync)
{
	char dir[1200], tmp[64], name[64], data[RESULT_BYTES];
	uint64_t t0;
	size_t i;
	int dfd, fd;

	snprintf(dir, sizeof dir, "%s/naive", s->dir);
	rm_tree(dir);
	make_dir(dir);
	memset(data, 'x', sizeof data);
	if ((dfd = open(dir, O_RDONLY | O_DIRECTORY)) < 0)
		bench_die("%s: %s", dir, strerror(errno));
	t0 = bench_now();
	for (i = 0; i < count; i++) {
		snprintf(tmp, sizeof tmp, ".r%zu.tmp", i);
		snprintf(name, sizeof name, "r%zu.result.yaml", i);
		fd = openat(dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
		if (fd < 0 || write(fd, data, sizeof data) != (ssize_t)sizeof data ||
		    (sync && fsync(fd) < 0) || close(fd) < 0 ||
		    renameat(dfd, tmp, dfd, name) < 0 || (sync && fsync(dfd) < 0))
			bench_die("naive publish in %s: %s", dir, strerror(errno));
	}
	t0 = bench_now() - t0;
	close(dfd);
	rm_tree(dir);
	return (double)t0;
}
