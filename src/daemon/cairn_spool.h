/*
 * cairn_spool - the spool directories and the moves between them (SPEC 5).
 *
 * A struct cairn_spool holds open descriptors on the spool's directories
 * so that every move is between two directory descriptors.  A claim is
 * exclusive on any file system with an atomic rename(); moves into done/
 * and failed/ never overwrite (a second hw1.yaml becomes hw1.1.yaml) and
 * are resolved after a crash by cairn_spool_resolve().  Worker threads use the descriptors concurrently; they are
 * opened once at start and closed once at exit.
 */
#ifndef CAIRN_SPOOL_H
#define CAIRN_SPOOL_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct cairn_spool {
	char *root;
	char *instance;
	char *incoming_path;		/* ROOT/incoming, for inotify */
	int root_fd;
	int processing_fd;		/* processing/<instance>/ */
	int results_fd;
	int done_fd;
	int failed_fd;
	int noreplace;			/* renameat2(RENAME_NOREPLACE) works here */
};

/*
 * Create whatever is missing of ROOT, incoming/, processing/<instance>/,
 * results/, done/, failed/ and problems/, and open the descriptors.
 * Returns 0, or a negative errno value with "PATH: reason" in err.
 */
int cairn_spool_open(struct cairn_spool *sp, const char *root,
		     const char *instance, char *err, size_t errlen);
void cairn_spool_close(struct cairn_spool *sp);

/* Re-create incoming/ if it vanished and open it (O_DIRECTORY|O_CLOEXEC). */
int cairn_spool_open_incoming(const struct cairn_spool *sp);

/* An instance name is one path component: not empty, no '/', no leading '.'. */
int cairn_spool_instance_ok(const char *instance);

/* Names writers use while writing: ".x", "x.tmp", "x.part", "x~". */
int cairn_spool_ignored(const char *name);

/* "hw1.yaml", 2 -> "hw1.2.yaml"; "README", 1 -> "README.1"; k 0: a copy. */
char *cairn_spool_numbered(const char *name, unsigned k);

/*
 * Move `name` into to_fd (the directory to_dir: "done" or "failed") under
 * the first free numbered name (name, then name.1.ext, ...), never
 * replacing.  With noreplace by renameat2(RENAME_NOREPLACE); without, by
 * a rename in from_fd to ".to-TO_DIR.K.NAME", link() and unlink().
 * Sets *stored (caller frees) to the name used.
 */
int cairn_spool_store(int from_fd, const char *name, int to_fd, const char *to_dir,
		      int noreplace, char **stored);

/*
 * The names in dir_fd (not "." or "..") for which keep() says yes, as a
 * NULL-terminated array in *out (caller frees each and the array).
 * Returns their number, or -errno.
 */
int cairn_spool_list(int dir_fd, int (*keep)(int dir_fd, const char *name, void *arg),
		     void *arg, char ***out);

/*
 * At start, before anything is claimed: finish or forget the moves into
 * done/ and failed/ that a crash interrupted.  A file found under both
 * names is unlinked from processing/ and reported to moved(); every
 * marker is removed.  Returns how many were finished, or -errno.
 */
int cairn_spool_resolve(const struct cairn_spool *sp,
			void (*moved)(void *arg, const char *name, uint64_t ino),
			void *arg);

/*
 * Claim incoming/NAME into processing/<instance>/NAME: -ENOENT when
 * another instance took it, -EEXIST when a file of that name is already
 * claimed here.
 */
int cairn_spool_claim(const struct cairn_spool *sp, const char *name);
/* Whether incoming/NAME is (or may be) there still: a lookup, no claim. */
int cairn_spool_waiting(const struct cairn_spool *sp, const char *name);
/*
 * Return processing/<instance>/NAME to incoming/: -EEXIST when the name is
 * in use there, -ENOTSUP where RENAME_NOREPLACE is missing (keep it).
 */
int cairn_spool_unclaim(const struct cairn_spool *sp, const char *name);

/* "fifo", "directory", "socket", ... for "not a regular file (%s)". */
const char *cairn_spool_kind(mode_t mode);

#endif
