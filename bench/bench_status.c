/*
 * bench_status - `cairn status` on a spool of 100,000 files (issue 27).
 *
 * The spool is made once in the work directory: 60,000 files waiting in
 * incoming/ (of 10 owners when run as root, else ours), 20,000 stored
 * inputs in done/OWNER/, 5,000 failures in failed/OWNER/ with their
 * arrival records and their error results, and 15,000 other results
 * (10,000 files of each kind-tenth with BENCH_QUICK=1).  `cairn status
 * --spool DIR` (the text, to a file) is timed as a subprocess against,
 * interleaved, `find DIR -printf '%s %U %C@\n'`, which reads the same
 * directories and stats every name as status does, and `find DIR`,
 * which only reads the directories (getdents, no stat): the two ratios
 * say what status costs over the file system's own listing.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"

#define OWNERS 10
#define PATH_LEN 4096

/* The kinds of file, per thousand of the spool's files. */
enum { WAITING, STORED, FAILED, RESULT, KINDS };
static const unsigned per_mille[KINDS] = { 600, 200, 50, 150 };

static const char error_result[] =
	"format: cairn-result/1\nsource: f.yaml\nstatus: error\n"
	"error: \"line 1, column 1: control characters are not allowed\"\npuzzles: []\n";

/* path - the printf text into buf[PATH_LEN], or exit when it is longer */
static char *path(char *buf, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static char *path(char *buf, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, PATH_LEN, fmt, ap);
	va_end(ap);
	if (n < 0 || n >= PATH_LEN)
		bench_die("path too long: %s", buf);
	return buf;
}

static void mkdirs(const char *dir)
{
	char buf[PATH_LEN];

	path(buf, "%s", dir);
	for (char *p = buf + 1;; p++)
		if (*p == '/' || *p == '\0') {
			char c = *p;

			*p = '\0';
			if (mkdir(buf, 0755) < 0 && errno != EEXIST)
				bench_die("mkdir %s: %s", buf, strerror(errno));
			if ((*p = c) == '\0')
				return;
		}
}

/* put - FILE with data, owned by uid (as root), modified at mtime (if set) */
static void put(const char *file, const char *data, uid_t uid, const struct timespec *mtime)
{
	size_t len = strlen(data);
	int fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (fd < 0 || write(fd, data, len) != (ssize_t)len ||
	    (geteuid() == 0 && fchown(fd, uid, (gid_t)-1) < 0) ||
	    (mtime != NULL && futimens(fd, (struct timespec[2]){ *mtime, *mtime }) < 0))
		bench_die("%s: %s", file, strerror(errno));
	close(fd);
}

/* one - file k of a kind, of owner uid, in the spool */
static void one(const char *spool, int kind, unsigned k, unsigned uid)
{
	static const char *const dirs[KINDS] = { "incoming", "done", "failed", "results" };
	static const char tags[KINDS] = { 'w', 'd', 'f', 'r' };
	struct timespec arrival = { 1765000000 + (time_t)k, 0 };
	char dir[PATH_LEN], rec[80], name[64], file[PATH_LEN];

	snprintf(name, sizeof name, "%c%06u%s.yaml", tags[kind], k, kind == RESULT ? ".result" : "");
	if (kind == WAITING)
		path(dir, "%s/incoming", spool);
	else
		path(dir, "%s/%s/%u", spool, dirs[kind], uid);
	if (k < OWNERS)
		mkdirs(dir);
	put(path(file, "%s/%s", dir, name), "piles: [5, 3, 4, 5]\n", (uid_t)uid, NULL);
	if (kind != FAILED)
		return;
	/* Its arrival record and its error result, as cairnd leaves them. */
	path(dir, "%s/failed/%u/.arrival", spool, uid);
	if (k < OWNERS)
		mkdirs(dir);
	snprintf(rec, sizeof rec, "%s\n", name);
	put(path(file, "%s/%s", dir, name), rec, 0, &arrival);
	path(dir, "%s/results/%u", spool, uid);
	if (k < OWNERS)
		mkdirs(dir);
	put(path(file, "%s/f%06u.result.yaml", dir, k), error_result, 0, &arrival);
}

static void make_spool(const char *spool, unsigned files)
{
	char dir[PATH_LEN];

	for (int kind = 0; kind < KINDS; kind++)
		for (unsigned k = 0; k < files / 1000 * per_mille[kind]; k++)
			one(spool, kind, k, 60001 + k % OWNERS);
	mkdirs(path(dir, "%s/processing/bench", spool));
}

struct cmd {
	const char *const *argv;
	const char *out;
};

static void run_cmd(void *ctx)
{
	const struct cmd *c = ctx;

	bench_run(c->argv, c->out);
}

int bench_status(const struct bench *b)
{
	unsigned files = b->quick ? 10000 : 100000;
	char spool[4096], out[4096], fout[4096], exe[4096], name[64];
	const char *st_argv[] = { exe, "status", "--spool", spool, NULL };
	const char *find_argv[] = { "find", spool, "-printf", "%s %U %C@\\n", NULL };
	const char *list_argv[] = { "find", spool, NULL };
	struct cmd st = { st_argv, out }, fp = { find_argv, fout }, fl = { list_argv, fout };
	double ns, base_ns, list_ns, ns2;
	FILE *f;

	snprintf(exe, sizeof exe, "%s/src/cli/cairn", b->top_builddir);
	snprintf(spool, sizeof spool, "%s/status-spool", b->workdir);
	snprintf(out, sizeof out, "%s/status.txt", b->workdir);
	snprintf(fout, sizeof fout, "%s/status-find.txt", b->workdir);
	make_spool(spool, files);
	bench_pair(b, run_cmd, &st, run_cmd, &fp, &ns, &base_ns);
	bench_pair(b, run_cmd, &st, run_cmd, &fl, &ns2, &list_ns);
	f = bench_csv(b, "status.csv", "files,status_ns,find_printf_ns,status2_ns,find_ns");
	fprintf(f, "%u,%.0f,%.0f,%.0f,%.0f\n", files, ns, base_ns, ns2, list_ns);
	fclose(f);
	snprintf(name, sizeof name, "cairn status, %u files", files);
	bench_report(b, &(struct bench_row){ "status", name, ns / 1e6, "ms",
		"find -printf size,uid,ctime", base_ns / 1e6, ns / base_ns, "<= 2",
		ns / base_ns <= 2 ? BENCH_PASS : BENCH_MISS });
	bench_report(b, &(struct bench_row){ "status", name, ns2 / 1e6, "ms",
		"find (getdents, no stat)", list_ns / 1e6, ns2 / list_ns, "",
		BENCH_INFO });
	return 0;
}
