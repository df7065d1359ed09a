/*
 * check_spool - unit tests of the spool's file-system mechanics.
 *
 * Covers the name filter, the no-overwrite numbering of done/ and failed/,
 * claiming, finishing moves a crash cut short, the publish protocol (no temporary file left, stale temporary
 * files recognised by instance), grouped directory flushes from several
 * threads, the retry backoff and the attempts journal's round trip.  Each
 * test works in its own mkdtemp() directory.
 */
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sched.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cairn_attempts.h"
#include "cairn_dirsync.h"
#include "cairn_held.h"
#include "cairn_lock.h"
#include "cairn_mem.h"
#include "cairn_owner.h"
#include "cairn_publish.h"
#include "cairn_spool.h"
#include "cairn_spool_resolve.h"
#include "check_run.h"
#include "check_tmpdir.h"

static void setup(void)
{
	check_tmpdir_make("check_spool");
}

static void put(int dir_fd, const char *name, const char *text)
{
	int fd = openat(dir_fd, name, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
}

/* slurp - the fixture's: a file's text, or NULL when it does not exist */
#define slurp(dir_fd, name) check_tmpdir_slurp(dir_fd, name)

static int count_entries(int dir_fd)
{
	int fd = openat(dir_fd, ".", O_RDONLY | O_DIRECTORY);
	DIR *d = fdopendir(fd);
	struct dirent *de;
	int n = 0;

	while ((de = readdir(d)) != NULL)
		n += strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0;
	closedir(d);
	return n;
}

static const struct { const char *name; int ignored; } names[] = {
	{ "hw1.yaml", 0 }, { "a", 0 }, { "tmp", 0 }, { "x.tmpx", 0 },
	{ "part", 0 }, { "~x", 0 }, { "a.partial", 0 },
	{ ".hidden.yaml", 1 }, { ".", 1 }, { "..", 1 }, { "", 1 },
	{ "hw1.yaml.tmp", 1 }, { "hw1.yaml.part", 1 }, { "hw1.yaml~", 1 },
	{ ".tmp", 1 },
};

START_TEST(test_ignored)
{
	ck_assert_msg(cairn_spoolname_ignored(names[_i].name) == names[_i].ignored,
		      "name \"%s\"", names[_i].name);
}
END_TEST

static const struct { const char *name; unsigned k; const char *want; } numbered[] = {
	{ "hw1.yaml", 0, "hw1.yaml" }, { "hw1.yaml", 1, "hw1.1.yaml" },
	{ "hw1.yaml", 2, "hw1.2.yaml" }, { "README", 1, "README.1" },
	{ "a.tar.gz", 1, "a.tar.1.gz" }, { "notes.csv", 12, "notes.12.csv" },
};

START_TEST(test_numbered)
{
	char *s = cairn_spoolname_numbered(numbered[_i].name, numbered[_i].k);

	ck_assert_str_eq(s, numbered[_i].want);
	free(s);
}
END_TEST

START_TEST(test_store_never_overwrites)
{
	int root = check_tmpdir_open(), src, dst;
	const char *texts[] = { "first\n", "second\n", "third\n" };
	const char *want[] = { "hw1.yaml", "hw1.1.yaml", "hw1.2.yaml" };

	mkdirat(root, "src", 0755);
	mkdirat(root, "dst", 0755);
	src = openat(root, "src", O_RDONLY | O_DIRECTORY);
	dst = openat(root, "dst", O_RDONLY | O_DIRECTORY);
	for (int i = 0; i < 3; i++) {
		char *as = NULL;

		put(src, "hw1.yaml", texts[i]);
		ck_assert_int_eq(cairn_spoolname_store_as(src, "hw1.yaml", dst, "hw1.yaml",
							  i != 1, &as), 0);
		ck_assert_str_eq(as, want[i]);
		free(as);
	}
	for (int i = 0; i < 3; i++)
		ck_assert_str_eq(slurp(dst, want[i]), texts[i]);
	ck_assert_int_eq(count_entries(src), 0);
	close(src);
	close(dst);
	close(root);
}
END_TEST

START_TEST(test_open_and_claim)
{
	struct cairn_spool sp;
	char err[256], *root = cairn_xasprintf("%s/spool/deep", check_tmpdir);
	int r = cairn_spool_open(&sp, root, "host1", err, sizeof(err));
	struct stat st;
	const char *dirs[] = { "incoming", "processing/host1", "results", "done",
			       "failed", "problems" };

	ck_assert_msg(r == 0, "%s", err);
	for (size_t i = 0; i < 6; i++)
		ck_assert_msg(fstatat(sp.root_fd, dirs[i], &st, 0) == 0 && S_ISDIR(st.st_mode),
			      "%s", dirs[i]);
	unsigned links = 0;
	int in = cairn_spool_open_incoming(&sp, 0, &links);
	ck_assert_int_ge(in, 0);
	put(in, "hw1.yaml", "x\n");
	ck_assert_int_eq(cairn_spool_claim(&sp, "hw1.yaml", "1.000000002~hw1.yaml", 0), 0);
	ck_assert_int_eq(cairn_spool_claim(&sp, "gone.yaml", "1.000000002~gone.yaml", 1), -ENOENT);
	ck_assert_str_eq(slurp(sp.processing_fd, "1.000000002~hw1.yaml"), "x\n");
	put(in, "hw1.yaml", "y\n");
	ck_assert_int_eq(cairn_spool_claim(&sp, "hw1.yaml", "1.000000002~hw1.yaml", 1), -EEXIST);
	ck_assert_int_eq(cairn_spool_unclaim(&sp, "1.000000002~hw1.yaml", "hw1.yaml"), -EEXIST);
	ck_assert_int_eq(unlinkat(in, "hw1.yaml", 0), 0);
	ck_assert_int_eq(cairn_spool_unclaim(&sp, "1.000000002~hw1.yaml", "hw1.yaml"), 0);
	ck_assert_str_eq(slurp(in, "hw1.yaml"), "x\n");
	close(in);
	cairn_spool_close(&sp);
	ck_assert_int_eq(cairn_spool_open(&sp, root, "../x", err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "instance \"../x\" is not a usable directory name (one "
			 "component of at most 200 bytes, not starting with '.')");
	free(root);
}
END_TEST

/* incoming/ replaced by a symbolic link: removed, made anew, never followed. */
START_TEST(test_incoming_symlink)
{
	struct cairn_spool sp;
	char err[256], *root = cairn_xasprintf("%s/spool/insym", check_tmpdir);
	char *out = cairn_xasprintf("%s/spool/insym-out", check_tmpdir);
	unsigned links = 0;
	struct stat st, o;

	ck_assert_msg(cairn_spool_open(&sp, root, "host1", err, sizeof(err)) == 0, "%s", err);
	ck_assert_int_eq(mkdir(out, 0755), 0);
	ck_assert_int_eq(unlinkat(sp.root_fd, "incoming", AT_REMOVEDIR), 0);
	ck_assert_int_eq(symlinkat(out, sp.root_fd, "incoming"), 0);
	int in = cairn_spool_open_incoming(&sp, S_IFDIR | 01733, &links);

	ck_assert_int_ge(in, 0);
	ck_assert_uint_eq(links, 1);
	ck_assert_int_eq(fstatat(sp.root_fd, "incoming", &st, AT_SYMLINK_NOFOLLOW), 0);
	ck_assert(S_ISDIR(st.st_mode));
	ck_assert_uint_eq(st.st_mode & 07777, 01733);
	ck_assert_int_eq(stat(out, &o), 0);
	ck_assert(o.st_ino != st.st_ino);
	close(in);
	cairn_spool_close(&sp);
	/* at start too */
	char *path = cairn_xasprintf("%s/incoming", root);

	ck_assert_int_eq(rmdir(path), 0);
	ck_assert_int_eq(symlink(out, path), 0);
	free(path);
	ck_assert_msg(cairn_spool_open(&sp, root, "host1", err, sizeof(err)) == 0, "%s", err);
	ck_assert_uint_eq(sp.links, 1);
	ck_assert_int_eq(fstatat(sp.root_fd, "incoming", &st, AT_SYMLINK_NOFOLLOW), 0);
	ck_assert(S_ISDIR(st.st_mode));
	cairn_spool_close(&sp);
	free(root);
	free(out);
}
END_TEST

static int moved_n;
static char moved_names[8][32];

static int by_name(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* Every move is recorded but that of "r.yaml" (a re-grade by hard link). */
static int note_moving(void *arg, const char *name, uint64_t ino)
{
	(void)arg;
	(void)ino;
	return strcmp(name, "r.yaml") != 0;
}

static void note_moved(void *arg, const char *name, uint64_t ino, const char *dir)
{
	(void)arg;
	(void)ino;
	(void)dir;
	if (moved_n < 8)
		snprintf(moved_names[moved_n++], sizeof(moved_names[0]), "%s", name);
}

/*
 * test_resolve - after a crash between a move's link() and its unlink():
 * the file is found in done/ (under its name, a numbered name, or past a
 * removed one) or failed/ (under a short name) by its inode, and only
 * unlinked; a file linked elsewhere, or into done/ under an unrelated
 * name's inode number, stays claimed; an old version's markers are
 * finished or put back.
 */
START_TEST(test_resolve)
{
	struct cairn_spool sp;
	char err[256], *root = cairn_xasprintf("%s/spool", check_tmpdir);
	int p, outside = check_tmpdir_open();

	ck_assert_int_eq(cairn_spool_open(&sp, root, "host1", err, sizeof(err)), 0);
	p = sp.processing_fd;
	/* Moves go to the directory of the file's owner: here, ours. */
	char me[CAIRN_OWNER_MAX + 1];
	int dd, fdd;

	cairn_owner_name(geteuid(), me);
	dd = cairn_spool_owner_dir(sp.done_fd, me, 0, 0);
	fdd = cairn_spool_owner_dir(sp.failed_fd, me, 0, 0);
	ck_assert_int_ge(dd, 0);
	ck_assert_int_ge(fdd, 0);
	put(p, "a.yaml", "a\n");		/* linked as done/a.yaml */
	ck_assert_int_eq(linkat(p, "a.yaml", dd, "a.yaml", 0), 0);
	put(dd, "b.yaml", "older b\n");	/* linked as done/b.1.yaml */
	put(p, "b.yaml", "b\n");
	ck_assert_int_eq(linkat(p, "b.yaml", dd, "b.1.yaml", 0), 0);
	put(p, "c.yaml", "c\n");		/* done/c.2.yaml; c.yaml, c.1.yaml gone */
	ck_assert_int_eq(linkat(p, "c.yaml", dd, "c.2.yaml", 0), 0);
	put(p, "d.yaml", "d\n");		/* failed/ under a short name */
	ck_assert_int_eq(linkat(p, "d.yaml", fdd, "d-1f2e.yaml", 0), 0);
	put(p, "e.yaml", "e\n");		/* a hard link the writer made */
	ck_assert_int_eq(linkat(p, "e.yaml", outside, "e.yaml", 0), 0);
	put(p, "f.yaml", "f\n");		/* claimed, not yet moved */
	put(p, "g.yaml", "g\n");		/* an old marker, linked: moved */
	ck_assert_int_eq(linkat(p, "g.yaml", sp.done_fd, "g.yaml", 0), 0);
	ck_assert_int_eq(renameat(p, "g.yaml", p, ".to-done.0.g.yaml"), 0);
	put(p, ".to-done.0.h.yaml", "h\n");	/* an old marker, not linked */
	put(p, "r.yaml", "r\n");		/* ln done/r.yaml incoming/r.yaml */
	ck_assert_int_eq(linkat(p, "r.yaml", dd, "r.yaml", 0), 0);
	moved_n = 0;
	struct cairn_resolve_ops ops = { note_moving, note_moved, NULL };
	ck_assert_int_eq(cairn_spool_resolve(&sp, &ops), 5);
	ck_assert_int_eq(moved_n, 5);
	qsort(moved_names, 5, sizeof(moved_names[0]), by_name);	/* readdir's order */
	ck_assert_str_eq(moved_names[0], "a.yaml");
	ck_assert_str_eq(moved_names[1], "b.yaml");
	ck_assert_str_eq(moved_names[2], "c.yaml");
	ck_assert_str_eq(moved_names[3], "d.yaml");
	ck_assert_str_eq(moved_names[4], "g.yaml");
	ck_assert_str_eq(slurp(dd, "b.yaml"), "older b\n");
	ck_assert_str_eq(slurp(dd, "c.2.yaml"), "c\n");
	ck_assert_str_eq(slurp(p, "e.yaml"), "e\n");
	ck_assert_str_eq(slurp(p, "f.yaml"), "f\n");
	ck_assert_str_eq(slurp(p, "h.yaml"), "h\n");
	ck_assert_str_eq(slurp(p, "r.yaml"), "r\n");	/* no move recorded: kept */
	ck_assert_int_eq(count_entries(p), 4);	/* e, f, h and r */
	ck_assert_int_eq(count_entries(dd), 5);	/* a, b, b.1, c.2 and r */
	ck_assert_int_eq(count_entries(sp.done_fd), 2);	/* the old marker's g, and ours */
	close(dd);
	close(fdd);
	cairn_spool_close(&sp);
	close(outside);
	free(root);
}
END_TEST

START_TEST(test_publish)
{
	int dir = check_tmpdir_open();
	char err[512];

	ck_assert_int_eq(cairn_publish(dir, "hw1.result.yaml", "host1", "a: 1\n", 5, 1,
				       NULL, err, sizeof(err)), 0);
	ck_assert_str_eq(slurp(dir, "hw1.result.yaml"), "a: 1\n");
	ck_assert_int_eq(cairn_publish(dir, "hw1.result.yaml", "host1", "a: 2\n", 5, 0,
				       NULL, err, sizeof(err)), 0);
	ck_assert_str_eq(slurp(dir, "hw1.result.yaml"), "a: 2\n");
	ck_assert_int_eq(count_entries(dir), 1);
	/* A name the file system refuses: an error, and nothing left behind. */
	char longname[300];
	memset(longname, 'n', sizeof(longname) - 1);
	longname[sizeof(longname) - 1] = '\0';
	ck_assert_int_eq(cairn_publish(dir, longname, "host1", "x", 1, 1, NULL,
				       err, sizeof(err)), -ENAMETOOLONG);
	ck_assert_str_eq(err + strlen(err) - strlen(": File name too long"),
			 ": File name too long");
	/* The temporary name is short whatever the name: the rename fails. */
	ck_assert_int_eq(strncmp(err, "rename nnn", 10), 0);
	ck_assert_int_eq(count_entries(dir), 1);
	close(dir);
}
END_TEST

/* Whether publish_at places a first result by RENAME_NOREPLACE (or link). */
static int publish_noreplace;

/* futimens_at - set dir_fd/name's modification time to sec; 0 or -1. */
static int futimens_at(int dir_fd, const char *name, long sec)
{
	struct timespec ts[2] = { { 0, UTIME_OMIT }, { sec, 0 } };

	return utimensat(dir_fd, name, ts, AT_SYMLINK_NOFOLLOW);
}

/* Whether history_at places a first result by RENAME_NOREPLACE (or link). */
static int history_noreplace;

/* publish_at - cairn_publish_input of text for an input of time sec. */
static int publish_at(int dir, const char *text, long sec, int *superseded)
{
	struct cairn_newest nw = { .arrival = { sec, 0 }, .lock_dir = dir,
				   .lock_path = "pub.lock", .noreplace = publish_noreplace };
	char err[512];

	return cairn_publish_input(dir, "hw.result.yaml", "host1", text, strlen(text), 0,
				   NULL, &nw, superseded, err, sizeof(err));
}

/*
 * The newest input's result wins; a result keeps its input's mtime.  Run
 * twice: a first result placed by link(), then by RENAME_NOREPLACE.
 */
START_TEST(test_publish_newest)
{
	int dir = check_tmpdir_open(), sup = -1;
	struct stat st;

	publish_noreplace = _i;

	ck_assert_int_eq(publish_at(dir, "new\n", 200, &sup), 0);
	ck_assert_int_eq(sup, 0);
	ck_assert_int_eq(fstatat(dir, "hw.result.yaml", &st, 0), 0);
	ck_assert_int_eq(st.st_mtim.tv_sec, 200);
	/* a first result takes no lock: the lock file is not even made */
	ck_assert_int_eq(count_entries(dir), 1);
	ck_assert_int_eq(publish_at(dir, "old\n", 100, &sup), 0);
	ck_assert_int_eq(sup, 1);
	ck_assert_str_eq(slurp(dir, "hw.result.yaml"), "new\n");
	ck_assert_int_eq(publish_at(dir, "newest\n", 300, &sup), 0);
	ck_assert_int_eq(sup, 0);
	ck_assert_str_eq(slurp(dir, "hw.result.yaml"), "newest\n");
	/* the same input again (re-graded): replaces */
	ck_assert_int_eq(publish_at(dir, "again\n", 300, &sup), 0);
	ck_assert_int_eq(sup, 0);
	ck_assert_str_eq(slurp(dir, "hw.result.yaml"), "again\n");
	ck_assert_int_eq(count_entries(dir), 2);	/* the result and pub.lock */
	close(dir);
}
END_TEST

/* history_at - cairn_publish_input with history/ kept, for an input of time sec. */
static int history_at(int dir, const char *text, long sec)
{
	struct cairn_newest nw = { .arrival = { sec, 0 }, .lock_dir = dir,
				   .lock_path = "pub.lock", .noreplace = history_noreplace,
				   .history = 1 };
	char err[512];
	int sup;

	return cairn_publish_input(dir, "hw.result.yaml", "host1", text, strlen(text), 0,
				   NULL, &nw, &sup, err, sizeof(err));
}

/*
 * A re-grade (the same arrival published again) replaces that arrival's
 * result where it is, the current one or the one kept in history/, and
 * history/ does not grow.
 */
START_TEST(test_publish_regrade_history)
{
	int dir = check_tmpdir_open(), hfd;
	struct stat st;

	history_noreplace = _i;
	ck_assert_int_eq(history_at(dir, "a1\n", 100), 0);
	ck_assert_int_eq(history_at(dir, "a3\n", 300), 0);
	ck_assert_int_eq(history_at(dir, "a2\n", 200), 0);	/* late to finish */
	hfd = openat(dir, CAIRN_HISTORY_DIR, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	ck_assert_int_ge(hfd, 0);
	ck_assert_int_eq(count_entries(hfd), 2);
	ck_assert_str_eq(slurp(hfd, "hw.result.1.yaml"), "a1\n");
	ck_assert_str_eq(slurp(hfd, "hw.result.2.yaml"), "a2\n");
	ck_assert_int_eq(history_at(dir, "b2\n", 200), 0);
	ck_assert_int_eq(history_at(dir, "b1\n", 100), 0);
	ck_assert_int_eq(history_at(dir, "b3\n", 300), 0);
	ck_assert_int_eq(count_entries(hfd), 2);
	ck_assert_str_eq(slurp(hfd, "hw.result.1.yaml"), "b1\n");
	ck_assert_str_eq(slurp(hfd, "hw.result.2.yaml"), "b2\n");
	ck_assert_str_eq(slurp(dir, "hw.result.yaml"), "b3\n");
	ck_assert_int_eq(fstatat(hfd, "hw.result.2.yaml", &st, 0), 0);
	ck_assert_int_eq(st.st_mtim.tv_sec, 200);
	/* where each arrival's result is, for cairn regrade to compare */
	struct timespec at = { 200, 0 };
	char *where = cairn_publish_find(dir, "hw.result.yaml", &at);

	ck_assert_str_eq(where, "history/hw.result.2.yaml");
	free(where);
	at.tv_sec = 300;
	where = cairn_publish_find(dir, "hw.result.yaml", &at);
	ck_assert_str_eq(where, "hw.result.yaml");
	free(where);
	at.tv_nsec = 1;
	ck_assert_ptr_null(cairn_publish_find(dir, "hw.result.yaml", &at));
	/* a name that only looks numbered is not an arrival's entry */
	put(hfd, "hw.result.01.yaml", "x\n");
	ck_assert_int_eq(futimens_at(hfd, "hw.result.01.yaml", 150), 0);
	ck_assert_int_eq(history_at(dir, "c\n", 150), 0);
	ck_assert_str_eq(slurp(hfd, "hw.result.01.yaml"), "x\n");
	ck_assert_str_eq(slurp(hfd, "hw.result.3.yaml"), "c\n");
	close(hfd);
	close(dir);
}
END_TEST

/* One holder per instance; peers are the instances whose lock is held. */
START_TEST(test_lock)
{
	int root = check_tmpdir_open(), in, x, fd, fd2;
	char err[256], want[400], host[256] = "unknown", **peers, **near;

	mkdirat(root, "processing", 0755);
	in = openat(root, "processing", O_RDONLY | O_DIRECTORY);
	mkdirat(in, "self", 0755);
	mkdirat(in, "x", 0755);
	mkdirat(in, "y", 0755);
	x = openat(in, "x", O_RDONLY | O_DIRECTORY);
	fd = cairn_lock_take(x, err, sizeof(err));
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(cairn_lock_take(x, err, sizeof(err)), -EAGAIN);
	gethostname(host, sizeof(host) - 1);
	snprintf(want, sizeof(want), "held by pid %ld on host %s", (long)getpid(), host);
	ck_assert_str_eq(err, want);
	put(in, "y/.lock", "pid=1 host=gone\n");	/* a dead holder's file */
	ck_assert_int_eq(cairn_lock_peers(root, "self", &peers, &near), 1);
	ck_assert_str_eq(peers[0], "x");
	ck_assert_ptr_null(peers[1]);
	/* x runs here, through this mount: near */
	ck_assert_str_eq(near[0], "x");
	ck_assert_ptr_null(near[1]);
	free(peers[0]);
	free(peers);
	free(near[0]);
	free(near);
	/* a holder on another host, or through another mount, is not near */
	ck_assert_int_eq(pwrite(fd, "pid=1 host=elsewhere dev=1\n", 27, 0), 27);
	ck_assert_int_eq(ftruncate(fd, 27), 0);
	ck_assert_int_eq(cairn_lock_peers(root, "self", &peers, &near), 1);
	ck_assert_ptr_null(near[0]);
	free(peers[0]);
	free(peers);
	free(near);
	close(fd);
	ck_assert_int_eq(cairn_lock_peers(root, "self", &peers, NULL), 0);
	free(peers);
	fd2 = cairn_lock_take(x, err, sizeof(err));
	ck_assert_int_ge(fd2, 0);
	close(fd2);
	close(x);
	close(in);
	close(root);
}
END_TEST

/* spare_ino - the inode of the one spare temporary file in dir_fd, or 0. */
static ino_t spare_ino(int dir_fd)
{
	int fd = openat(dir_fd, ".", O_RDONLY | O_DIRECTORY);
	DIR *d = fdopendir(fd);
	struct dirent *de;
	struct stat st;
	ino_t ino = 0;

	while ((de = readdir(d)) != NULL) {
		if (strncmp(de->d_name, ".spare.", 7) != 0)
			continue;
		ck_assert_int_eq(ino, 0);
		ck_assert(cairn_publish_is_temp(de->d_name, "host1"));
		ck_assert_int_eq(fstatat(dir_fd, de->d_name, &st, 0), 0);
		ck_assert_int_eq(st.st_size, 0);
		ino = st.st_ino;
	}
	closedir(d);
	return ino;
}

/* A publish writes into the spare temporary file made before it. */
START_TEST(test_publish_spare)
{
	struct cairn_publish_state ps;
	int dir = check_tmpdir_open();
	char err[512];
	struct stat st;
	ino_t spare;

	cairn_publish_init(&ps, -1);
	ck_assert_int_eq(cairn_publish(dir, "a.result.yaml", "host1", "a: 1\n", 5, 1,
				       &ps, err, sizeof(err)), 0);
	ck_assert_int_eq(count_entries(dir), 1);
	cairn_publish_spare(&ps, dir, "host1");
	ck_assert_int_eq(count_entries(dir), 2);
	spare = spare_ino(dir);
	ck_assert_uint_ne(spare, 0);
	ck_assert_int_eq(cairn_publish(dir, "b.result.yaml", "host1", "b: 2\n", 5, 0,
				       &ps, err, sizeof(err)), 0);
	ck_assert_str_eq(slurp(dir, "b.result.yaml"), "b: 2\n");
	ck_assert_int_eq(fstatat(dir, "b.result.yaml", &st, 0), 0);
	ck_assert_uint_eq(st.st_ino, spare);
	ck_assert_int_eq(count_entries(dir), 2);
	ck_assert_uint_eq(spare_ino(dir), 0);
	cairn_publish_spare(&ps, dir, "host1");
	ck_assert_uint_ne(spare_ino(dir), 0);
	cairn_publish_destroy(&ps, dir);
	ck_assert_int_eq(count_entries(dir), 2);
	ck_assert_str_eq(slurp(dir, "a.result.yaml"), "a: 1\n");
	close(dir);
}
END_TEST

START_TEST(test_stale_temps)
{
	int dir = check_tmpdir_open();

	ck_assert(cairn_publish_is_temp(".result.0123456789abcdef.host1.tmp", "host1"));
	ck_assert(cairn_publish_is_temp(".spare.0123456789abcdef.host.example.org.tmp",
					"host.example.org"));
	ck_assert(!cairn_publish_is_temp(".result.0123456789abcdef.host2.tmp", "host1"));
	ck_assert(!cairn_publish_is_temp(".result.0123456789abcdeX.host1.tmp", "host1"));
	ck_assert(!cairn_publish_is_temp("result.0123456789abcdef.host1.tmp", "host1"));
	ck_assert(!cairn_publish_is_temp("..0123456789abcdef.host1.tmp", "host1"));
	/* Instance "a" never takes the temporary files of instance "x.a". */
	ck_assert(!cairn_publish_is_temp(".result.0123456789abcdef.x.a.tmp", "a"));
	ck_assert(!cairn_publish_is_temp(".spare.0123456789abcdef.x.a.tmp", "a"));
	ck_assert(cairn_publish_is_temp(".spare.0123456789abcdef.x.a.tmp", "x.a"));
	put(dir, ".result.0123456789abcdef.host1.tmp", "half");
	put(dir, ".result.0123456789abcdef.host2.tmp", "other instance");
	put(dir, ".result.0123456789abcdef.x.host1.tmp", "instance x.host1");
	put(dir, "hw1.result.yaml", "kept");
	ck_assert_int_eq(cairn_publish_remove_stale(dir, "host1"), 1);
	ck_assert_int_eq(count_entries(dir), 3);
	ck_assert_ptr_null(slurp(dir, ".result.0123456789abcdef.host1.tmp"));
	close(dir);
}
END_TEST

/* flush - a directory flush as cairn_publish() asks for one. */
static int flush(struct cairn_dirsync *ds, int fd)
{
	cairn_dirsync_enter(ds);
	return cairn_dirsync_sync_entered(ds, fd);
}

struct syncer_arg {
	struct cairn_dirsync *ds;
	int fd;
	int failures;
};

static void *syncer(void *p)
{
	struct syncer_arg *a = p;

	for (int i = 0; i < 50; i++)
		if (flush(a->ds, a->fd) != 0)
			a->failures++;
	return NULL;
}

START_TEST(test_dirsync_threads)
{
	struct cairn_dirsync ds;
	pthread_t t[8];
	struct syncer_arg a[8];
	int dir = check_tmpdir_open();

	cairn_dirsync_init(&ds);
	for (int i = 0; i < 8; i++) {
		a[i] = (struct syncer_arg){ &ds, dir, 0 };
		pthread_create(&t[i], NULL, syncer, &a[i]);
	}
	for (int i = 0; i < 8; i++) {
		pthread_join(t[i], NULL);
		ck_assert_int_eq(a[i].failures, 0);
	}
	ck_assert_uint_ge(ds.nsyncs, 1);
	ck_assert_uint_le(ds.nsyncs, 400);
	/* A failing fsync is reported to the caller it covered. */
	ck_assert_int_eq(flush(&ds, -1), -EBADF);
	cairn_dirsync_destroy(&ds);
	close(dir);
}
END_TEST

/*
 * The injected sync holds its first call until the seven other threads
 * have queued behind it; those seven must then share one more sync.
 */
static struct cairn_dirsync *held_ds;
static atomic_uint held_calls;

static int held_sync(int fd)
{
	(void)fd;
	if (atomic_fetch_add(&held_calls, 1) == 0) {
		for (;;) {
			pthread_mutex_lock(&held_ds->mu);
			unsigned n = held_ds->nwaiting;
			pthread_mutex_unlock(&held_ds->mu);
			if (n == 7)
				break;
			usleep(1000);
		}
	}
	return 0;
}

static void *sync_once(void *p)
{
	return (void *)(intptr_t)flush(p, 0);
}

START_TEST(test_dirsync_groups)
{
	struct cairn_dirsync ds;
	pthread_t t[8];

	cairn_dirsync_init(&ds);
	ds.sync = held_sync;
	held_ds = &ds;
	atomic_store(&held_calls, 0);
	pthread_create(&t[0], NULL, sync_once, &ds);
	while (atomic_load(&held_calls) == 0)
		usleep(1000);
	for (int i = 1; i < 8; i++)
		pthread_create(&t[i], NULL, sync_once, &ds);
	for (int i = 0; i < 8; i++) {
		void *r;

		pthread_join(t[i], &r);
		ck_assert_ptr_null(r);
	}
	ck_assert_uint_eq(atomic_load(&held_calls), 2);
	ck_assert_uint_eq(ds.nsyncs, 2);
	cairn_dirsync_destroy(&ds);
}
END_TEST

static atomic_uint counted_calls;

static int counted_sync(int fd)
{
	(void)fd;
	atomic_fetch_add(&counted_calls, 1);
	return 0;
}

/*
 * A flush waits for a rename that was under way when it was asked for:
 * the renamer's own flush request then joins it, and one fsync covers both.
 */
START_TEST(test_dirsync_waits_for_renamer)
{
	struct cairn_dirsync ds;
	pthread_t t;
	void *r;
	int waiting = 0;

	cairn_dirsync_init(&ds);
	ds.sync = counted_sync;
	atomic_store(&counted_calls, 0);
	cairn_dirsync_enter(&ds);
	pthread_create(&t, NULL, sync_once, &ds);
	while (!waiting) {
		usleep(1000);
		pthread_mutex_lock(&ds.mu);
		waiting = ds.leader_waiting;
		pthread_mutex_unlock(&ds.mu);
	}
	ck_assert_uint_eq(atomic_load(&counted_calls), 0);
	ck_assert_int_eq(cairn_dirsync_sync_entered(&ds, 0), 0);
	pthread_join(t, &r);
	ck_assert_ptr_null(r);
	ck_assert_uint_eq(atomic_load(&counted_calls), 1);
	ck_assert_uint_eq(ds.nsyncs, 1);
	/* A renamer that gives up releases the waiting flush. */
	cairn_dirsync_enter(&ds);
	pthread_create(&t, NULL, sync_once, &ds);
	cairn_dirsync_leave(&ds);
	pthread_join(t, &r);
	ck_assert_ptr_null(r);
	ck_assert_uint_eq(ds.nsyncs, 2);
	cairn_dirsync_destroy(&ds);
}
END_TEST

START_TEST(test_backoff)
{
	const uint64_t want[] = { 1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000 };
	uint64_t ms = 0;

	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		ms = cairn_publish_backoff_ms(ms);
		ck_assert_uint_eq(ms, want[i]);
	}
}
END_TEST

/* st_of - the stat of dir/name. */
static struct stat st_of(int dir, const char *name)
{
	struct stat st;

	ck_assert_int_eq(fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW), 0);
	return st;
}

/* crash_and_reload - what a kill -9 leaves: the journal on disk only. */
static void crash_and_reload(struct cairn_attempts *a, int dir)
{
	cairn_attempts_free(a);
	ck_assert_int_eq(cairn_attempts_load(a, dir, 0), 0);
}

/* Records survive a crash; a name with any byte comes back. */
START_TEST(test_attempts_roundtrip)
{
	struct cairn_attempts a;
	int dir = check_tmpdir_open();
	struct stat st;

	put(dir, "line\nbreak.yaml", "x");
	st = st_of(dir, "line\nbreak.yaml");
	ck_assert_int_eq(cairn_attempts_load(&a, dir, 1), 0);
	ck_assert_uint_eq(a.n, 0);
	cairn_attempts_start(&a, "line\nbreak.yaml", &st);
	crash_and_reload(&a, dir);
	ck_assert_uint_eq(cairn_attempts_crashed(&a, "line\nbreak.yaml", &st), 1);
	ck_assert_int_eq(cairn_attempts_save(&a), 0);
	crash_and_reload(&a, dir);
	ck_assert_uint_eq(a.n, 1);
	ck_assert_str_eq(a.v[0].name, "line\nbreak.yaml");
	ck_assert_uint_eq(a.v[0].strikes, 1);
	ck_assert_int_eq(a.v[0].state, CAIRN_ATTEMPT_IDLE);
	/* It left processing/: gone after a crash, once recovery prunes. */
	ck_assert_int_eq(unlinkat(dir, "line\nbreak.yaml", 0), 0);
	ck_assert_int_eq(cairn_attempts_done(&a, "line\nbreak.yaml", 0), 0);
	crash_and_reload(&a, dir);
	ck_assert_int_ge(cairn_attempts_prune(&a), 0);
	ck_assert_uint_eq(a.n, 0);
	cairn_attempts_free(&a);
	ck_assert_ptr_null(slurp(dir, ".attempts.tmp"));
	close(dir);
}
END_TEST

/*
 * The journal's rules, crash by crash (doc/spool.md, Crashes): only a file that
 * was being read or solved at a crash gets a strike; two strikes of one
 * claim are "interrupted twice"; a strike goes back to incoming/ with the
 * file and comes back with its next claim, but not to another file of its
 * name and inode; an entry goes when the file leaves; a move is finished
 * only when it was recorded.
 */
START_TEST(test_attempts_rules)
{
	struct cairn_attempts a;
	int dir = check_tmpdir_open();
	struct stat st;

	put(dir, "wait.yaml", "w");		/* claimed, never started */
	put(dir, "solve.yaml", "s");		/* started: being solved */
	ck_assert_int_eq(cairn_attempts_load(&a, dir, 0), 0);
	st = st_of(dir, "solve.yaml");
	cairn_attempts_start(&a, "solve.yaml", &st);
	/* crash 1 */
	crash_and_reload(&a, dir);
	struct stat w = st_of(dir, "wait.yaml");
	ck_assert_uint_eq(cairn_attempts_crashed(&a, "wait.yaml", &w), 0);
	ck_assert_uint_eq(cairn_attempts_crashed(&a, "solve.yaml", &st), 1);
	ck_assert_int_eq(cairn_attempts_save(&a), 0);
	/* crash 2 before either was started again: no new strike */
	crash_and_reload(&a, dir);
	ck_assert_uint_eq(cairn_attempts_crashed(&a, "wait.yaml", &w), 0);
	ck_assert_uint_eq(cairn_attempts_crashed(&a, "solve.yaml", &st), 1);
	ck_assert_int_eq(cairn_attempts_save(&a), 0);
	/* started again (kept claimed: the same claim), crash 3: twice */
	crash_and_reload(&a, dir);
	cairn_attempts_start(&a, "solve.yaml", &st);
	crash_and_reload(&a, dir);
	ck_assert_uint_eq(cairn_attempts_crashed(&a, "solve.yaml", &st), 2);
	ck_assert_int_eq(unlinkat(dir, "solve.yaml", 0), 0);	/* it left */
	cairn_attempts_done(&a, "solve.yaml", 0);

	/* An entry of a file that is gone is pruned. */
	put(dir, "q.yaml", "q");
	st = st_of(dir, "q.yaml");
	cairn_attempts_start(&a, "q.yaml", &st);
	crash_and_reload(&a, dir);
	ck_assert_uint_eq(cairn_attempts_crashed(&a, "q.yaml", &st), 1);
	ck_assert_int_eq(unlinkat(dir, "q.yaml", 0), 0);
	/* q.yaml's, and solve.yaml's: it left idle, which is not recorded. */
	ck_assert_int_eq(cairn_attempts_prune(&a), 2);

	/* A move is known only once recorded, and only for that inode. */
	put(dir, "m.yaml", "m");
	st = st_of(dir, "m.yaml");
	cairn_attempts_start(&a, "m.yaml", &st);
	ck_assert(!cairn_attempts_was_moving(&a, "m.yaml", st.st_ino));
	cairn_attempts_moving(&a, "m.yaml", st.st_ino);
	crash_and_reload(&a, dir);
	ck_assert(cairn_attempts_was_moving(&a, "m.yaml", st.st_ino));
	ck_assert(!cairn_attempts_was_moving(&a, "m.yaml", st.st_ino + 1));
	cairn_attempts_done(&a, "m.yaml", 0);
	crash_and_reload(&a, dir);
	ck_assert(!cairn_attempts_was_moving(&a, "m.yaml", st.st_ino));
	/* Idle with nothing live: the journal is emptied. */
	ck_assert_int_eq(cairn_attempts_prune(&a), 0);
	ck_assert_str_eq(slurp(dir, ".attempts"), "");
	cairn_attempts_free(&a);
	close(dir);
}
END_TEST

/* A held name gives back the name and the arrival it was made of. */
START_TEST(test_held_names)
{
	struct timespec t = { 1765148392, 7 };
	char *held = cairn_held_name(&t, "hw1.yaml"), longname[232];
	struct cairn_held h;

	ck_assert_str_eq(held, "1765148392.000000007~hw1.yaml");
	cairn_held_parse(held, &h);
	ck_assert(h.known);
	ck_assert_str_eq(h.name, "hw1.yaml");
	ck_assert_uint_eq(h.long_len, 0);
	ck_assert(h.arrival.tv_sec == t.tv_sec && h.arrival.tv_nsec == t.tv_nsec);
	cairn_held_free(&h);
	free(held);
	/* A name too long to process: held under its short name, with its length. */
	memset(longname, 'a', sizeof longname - 6);
	strcpy(longname + sizeof longname - 6, ".yaml");
	held = cairn_held_name(&t, longname);
	cairn_held_parse(held, &h);
	ck_assert(h.known);
	ck_assert_uint_eq(h.long_len, strlen(longname));
	ck_assert_uint_le(strlen(h.name), CAIRN_NAME_MAX);
	ck_assert_uint_le(strlen(held), 255);
	cairn_held_free(&h);
	free(held);
	/* What an older version left claimed is its own name, arrival unknown. */
	const char *plain[] = { "hw1.yaml", "1.5~x", "12.123456789x", "12.123456789~",
				"12.1234567890~x", "1.000000000+20~x" };
	for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++) {
		cairn_held_parse(plain[i], &h);
		ck_assert_msg(!h.known, "%s", plain[i]);
		ck_assert_str_eq(h.name, plain[i]);
		cairn_held_free(&h);
	}
}
END_TEST

/* Entries whose file is not where they say go; the rest stay. */
START_TEST(test_attempts_prune)
{
	struct cairn_attempts a;
	int dir = check_tmpdir_open(), in;
	struct stat st;

	ck_assert_int_eq(mkdirat(dir, "incoming", 0755), 0);
	in = openat(dir, "incoming", O_RDONLY | O_DIRECTORY);
	ck_assert_int_ge(in, 0);
	put(dir, "here.yaml", "x");		/* still in processing/ */
	put(dir, "gone.yaml", "x");
	ck_assert_int_eq(cairn_attempts_load(&a, dir, 0), 0);
	st = st_of(dir, "here.yaml");
	cairn_attempts_start(&a, "here.yaml", &st);
	st = st_of(dir, "gone.yaml");
	cairn_attempts_start(&a, "gone.yaml", &st);
	ck_assert_int_eq(unlinkat(dir, "gone.yaml", 0), 0);
	ck_assert_int_eq(cairn_attempts_prune(&a), 1);
	ck_assert_uint_eq(cairn_attempts_count(&a), 1);
	ck_assert_int_eq(cairn_attempts_prune(&a), 0);
	/* Records of a live entry appended since: compacted to its one line. */
	st = st_of(dir, "here.yaml");
	cairn_attempts_stop(&a, "here.yaml");
	cairn_attempts_start(&a, "here.yaml", &st);
	ck_assert_int_eq(cairn_attempts_prune(&a), 0);
	ck_assert_ptr_null(strchr(strchr(slurp(dir, ".attempts"), '\n') + 1, '\n'));
	crash_and_reload(&a, dir);
	ck_assert_uint_eq(a.n, 1);
	ck_assert_str_eq(a.v[0].name, "here.yaml");
	cairn_attempts_free(&a);
	close(in);
	close(dir);
}
END_TEST

/* A FIFO at the journal's names neither blocks nor counts as a journal. */
START_TEST(test_attempts_fifo)
{
	struct cairn_attempts a;
	int dir = check_tmpdir_open();

	ck_assert_int_eq(mkfifoat(dir, ".attempts", 0644), 0);
	ck_assert_int_eq(mkfifoat(dir, ".attempts.tmp", 0644), 0);
	ck_assert_int_eq(cairn_attempts_load(&a, dir, 0), -EINVAL);
	ck_assert_int_eq(cairn_attempts_save(&a), 0);
	ck_assert_str_eq(slurp(dir, ".attempts"), "");
	cairn_attempts_free(&a);
	close(dir);
}
END_TEST

/* Directories deleted or replaced come back under the same descriptors. */
START_TEST(test_revive)
{
	struct cairn_spool sp;
	char err[256], what[256], *root = cairn_xasprintf("%s/spool", check_tmpdir);
	char *path = cairn_xasprintf("%s/results", root);
	struct stat a, b;
	int fd;
	/* before the spool's descriptors, which must see the namespace's mounts */
	int ns = unshare(CLONE_NEWNS) == 0 &&
		 mount("none", "/", "none", MS_REC | MS_PRIVATE, NULL) == 0;

	ck_assert_int_eq(cairn_spool_open(&sp, root, "t", err, sizeof(err)), 0);
	fd = sp.results_fd;
	ck_assert_int_eq(cairn_spool_revive(&sp, what, sizeof(what)), 0);
	ck_assert_str_eq(what, "");
	ck_assert_int_eq(renameat(sp.root_fd, "results", sp.root_fd, "old"), 0);
	ck_assert_int_eq(renameat(sp.root_fd, "failed", sp.root_fd, "old2"), 0);
	ck_assert_int_eq(cairn_spool_revive(&sp, what, sizeof(what)), 1);
	ck_assert_str_eq(what, "results,failed");
	ck_assert_int_eq(sp.results_fd, fd);
	ck_assert_int_eq(fstat(sp.results_fd, &a), 0);
	ck_assert_int_eq(stat(path, &b), 0);
	ck_assert_uint_eq(a.st_ino, b.st_ino);
	ck_assert_int_eq(cairn_spool_revive(&sp, what, sizeof(what)), 0);
	/* processing/t/.tmp/ (made where there is no RENAME_NOREPLACE) */
	ck_assert(sp.noreplace ? sp.temp_fd == -1 : sp.temp_fd >= 0);
	ck_assert_int_eq(cairn_spool_open_temp(&sp, err, sizeof(err)), 0);
	ck_assert_int_ge(sp.temp_fd, 0);
	/* removed alone, it is made again without a word */
	fd = sp.temp_fd;
	ck_assert_int_eq(unlinkat(sp.processing_fd, ".tmp", AT_REMOVEDIR), 0);
	ck_assert_int_eq(cairn_spool_revive(&sp, what, sizeof(what)), 0);
	ck_assert_int_eq(sp.temp_fd, fd);
	ck_assert_int_eq(fstat(sp.temp_fd, &a), 0);
	ck_assert_int_eq(fstatat(sp.processing_fd, ".tmp", &b, AT_SYMLINK_NOFOLLOW), 0);
	ck_assert(S_ISDIR(b.st_mode));
	ck_assert_uint_eq(a.st_ino, b.st_ino);
	/* and with its parent */
	ck_assert_int_eq(renameat(sp.root_fd, "processing/t", sp.root_fd, "old3"), 0);
	ck_assert_int_eq(cairn_spool_revive(&sp, what, sizeof(what)), 1);
	ck_assert_str_eq(what, "processing");
	ck_assert_int_eq(fstat(sp.temp_fd, &a), 0);
	ck_assert_int_eq(fstatat(sp.processing_fd, ".tmp", &b, 0), 0);
	ck_assert_uint_eq(a.st_ino, b.st_ino);
	/*
	 * results/ back on another file system (a tmpfs, in a mount namespace
	 * of this test's own, where it may make one): the temporary files go
	 * to results/ itself, since no link crosses file systems.
	 */
	if (ns && renameat(sp.root_fd, "results", sp.root_fd, "old4") == 0 &&
	    mkdirat(sp.root_fd, "results", 0755) == 0 &&
	    mount("cairn-test", path, "tmpfs", 0, "size=1m") == 0) {
		ck_assert_int_eq(cairn_spool_revive(&sp, what, sizeof(what)), 1);
		ck_assert_str_eq(what, "results");
		ck_assert_int_eq(fstat(sp.temp_fd, &a), 0);
		ck_assert_int_eq(fstat(sp.results_fd, &b), 0);
		ck_assert_uint_eq(a.st_dev, b.st_dev);
		ck_assert_uint_eq(a.st_ino, b.st_ino);
		ck_assert_int_eq(cairn_spool_revive(&sp, what, sizeof(what)), 0);
		ck_assert_int_eq(umount2(path, MNT_DETACH), 0);
	} else {
		fprintf(stderr, "test_revive: no tmpfs here (%s): results/ on another "
			"file system not tried\n", strerror(errno));
	}
	cairn_spool_close(&sp);
	free(path);
	free(root);
}
END_TEST

/*
 * With a temporary directory, a publish makes its temporary file (and a
 * spare) there and links or renames it across into the result's
 * directory, leaving nothing behind; run with link() and with
 * RENAME_NOREPLACE, and through the replace and superseded paths.
 */
START_TEST(test_publish_temp_dir)
{
	struct cairn_publish_state ps;
	int dir = check_tmpdir_open(), tmp, sup = -1;
	char err[512];
	struct stat st;
	ino_t spare;

	ck_assert_int_eq(mkdirat(dir, ".tmp.host1", 0755), 0);
	tmp = openat(dir, ".tmp.host1", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	ck_assert_int_ge(tmp, 0);
	cairn_publish_init(&ps, tmp);
	struct cairn_newest nw = { .arrival = { 200, 0 }, .lock_dir = dir,
				   .lock_path = "pub.lock", .noreplace = _i };

	ck_assert_int_eq(cairn_publish_input(dir, "hw.result.yaml", "host1", "new\n", 4, 1,
					     &ps, &nw, &sup, err, sizeof(err)), 0);
	ck_assert_int_eq(sup, 0);
	ck_assert_str_eq(slurp(dir, "hw.result.yaml"), "new\n");
	ck_assert_int_eq(count_entries(tmp), 0);
	ck_assert_int_eq(count_entries(dir), 2);	/* the result, .tmp.host1 */
	cairn_publish_spare(&ps, dir, "host1");
	ck_assert_int_eq(count_entries(tmp), 1);
	ck_assert_int_eq(count_entries(dir), 2);
	spare = spare_ino(tmp);
	ck_assert_uint_ne(spare, 0);
	/* an older input's result is dropped, and the spare with it */
	nw.arrival.tv_sec = 100;
	ck_assert_int_eq(cairn_publish_input(dir, "hw.result.yaml", "host1", "old\n", 4, 1,
					     &ps, &nw, &sup, err, sizeof(err)), 0);
	ck_assert_int_eq(sup, 1);
	ck_assert_str_eq(slurp(dir, "hw.result.yaml"), "new\n");
	ck_assert_int_eq(count_entries(tmp), 0);
	/* a newer one replaces it, by a rename across */
	nw.arrival.tv_sec = 300;
	ck_assert_int_eq(cairn_publish_input(dir, "hw.result.yaml", "host1", "newest\n", 7, 1,
					     &ps, &nw, &sup, err, sizeof(err)), 0);
	ck_assert_int_eq(sup, 0);
	ck_assert_str_eq(slurp(dir, "hw.result.yaml"), "newest\n");
	ck_assert_int_eq(fstatat(dir, "hw.result.yaml", &st, 0), 0);
	ck_assert_int_eq(st.st_mtim.tv_sec, 300);
	ck_assert_int_eq(count_entries(tmp), 0);
	cairn_publish_spare(&ps, dir, "host1");
	ck_assert_int_eq(cairn_publish(dir, "b.result.yaml", "host1", "b\n", 2, 0,
				       &ps, err, sizeof(err)), 0);
	ck_assert_int_eq(count_entries(tmp), 0);
	cairn_publish_spare(&ps, dir, "host1");
	ck_assert_int_eq(count_entries(tmp), 1);
	cairn_publish_destroy(&ps, dir);
	ck_assert_int_eq(count_entries(tmp), 0);
	ck_assert_int_eq(count_entries(dir), 4);	/* 2 results, pub.lock, .tmp.host1 */
	close(tmp);
	close(dir);
}
END_TEST

START_TEST(test_attempts_malformed)
{
	struct cairn_attempts a;
	int dir = check_tmpdir_open();

	/* an old version's lines, bad states, numbers and hex: skipped */
	put(dir, ".attempts", "12 zz\n5 61\nS 0 5 1.5 zz\nX 0 5 1.5 61\nS 0 5 1.5000000000 61\n"
	    "\n S 0 1 1.0 61\nS 0 3 1.2 00\nS 1 5 1.5 61\nI 0 4 2.0 62");
	ck_assert_int_eq(cairn_attempts_load(&a, dir, 0), 0);
	ck_assert_uint_eq(a.n, 2);
	ck_assert_str_eq(a.v[0].name, "a");
	ck_assert_uint_eq(a.v[0].ino, 5);
	ck_assert_int_eq(a.v[0].ctime.tv_nsec, 5);
	ck_assert_str_eq(a.v[1].name, "b");
	cairn_attempts_free(&a);
	close(dir);
}
END_TEST

START_TEST(test_attempts_bounded)
{
	struct cairn_attempts a;
	int dir = check_tmpdir_open();
	struct stat st = { 0 };

	ck_assert_int_eq(cairn_attempts_load(&a, dir, 0), 0);
	for (uint64_t i = 0; i < CAIRN_ATTEMPTS_MAX + 5; i++) {
		char name[32];

		snprintf(name, sizeof(name), "f%" PRIu64, i);
		st.st_ino = (ino_t)i;
		cairn_attempts_start(&a, name, &st);
	}
	ck_assert_uint_eq(a.n, CAIRN_ATTEMPTS_MAX);
	ck_assert_str_eq(a.v[0].name, "f5");
	cairn_attempts_free(&a);
	close(dir);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("spool");
	TCase *tc = tcase_create("spool");

	tcase_add_checked_fixture(tc, setup, check_tmpdir_remove);
	tcase_add_loop_test(tc, test_ignored, 0, sizeof(names) / sizeof(names[0]));
	tcase_add_loop_test(tc, test_numbered, 0, sizeof(numbered) / sizeof(numbered[0]));
	tcase_add_test(tc, test_store_never_overwrites);
	tcase_add_test(tc, test_open_and_claim);
	tcase_add_test(tc, test_incoming_symlink);
	tcase_add_test(tc, test_resolve);
	tcase_add_test(tc, test_publish);
	tcase_add_test(tc, test_publish_spare);
	tcase_add_loop_test(tc, test_publish_newest, 0, 2);
	tcase_add_loop_test(tc, test_publish_regrade_history, 0, 2);
	tcase_add_loop_test(tc, test_publish_temp_dir, 0, 2);
	tcase_add_test(tc, test_lock);
	tcase_add_test(tc, test_stale_temps);
	tcase_add_test(tc, test_dirsync_threads);
	tcase_add_test(tc, test_dirsync_groups);
	tcase_add_test(tc, test_dirsync_waits_for_renamer);
	tcase_add_test(tc, test_backoff);
	tcase_add_test(tc, test_attempts_roundtrip);
	tcase_add_test(tc, test_attempts_rules);
	tcase_add_test(tc, test_held_names);
	tcase_add_test(tc, test_attempts_malformed);
	tcase_add_test(tc, test_attempts_prune);
	tcase_add_test(tc, test_attempts_fifo);
	tcase_add_test(tc, test_revive);
	tcase_add_test(tc, test_attempts_bounded);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return cairn_check_run(suite());
}
