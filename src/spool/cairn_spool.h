/*
 * cairn_spool - the spool directories and the moves between them (doc/spool.md).
 *
 * A struct cairn_spool holds open descriptors on the spool's directories
 * so that every move is between two directory descriptors.  A claim is
 * exclusive on any file system with an atomic rename(); moves into done/
 * and failed/ (cairn_spoolname_store_as()) never overwrite (a second hw1.yaml
 * becomes hw1.1.yaml) and are finished after a crash by
 * cairn_spool_resolve() (cairn_spool_resolve.h).  Worker threads use the
 * descriptors concurrently; they are opened once at start and closed
 * once at exit.
 */
#ifndef CAIRN_SPOOL_H
#define CAIRN_SPOOL_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "cairn_spool_dirs.h"
#include "cairn_spoolname.h"

struct cairn_spool {
	char *root;
	char *instance;
	char *incoming_path;		/* ROOT/incoming, for inotify */
	int root_fd;
	/*
	 * incoming/, for the workers' lookups and moves there: on a network
	 * file system a path through the root looks "incoming" up again each
	 * time (a round trip on CephFS).  Follows a replaced incoming/
	 * (cairn_spool_follow_incoming()) under the same number.
	 */
	int incoming_fd;
	int processing_fd;		/* processing/<instance>/ */
	int results_fd;
	int temp_fd;			/* processing/<instance>/.tmp/, or -1 */
	int done_fd;
	int failed_fd;
	int noreplace;			/* renameat2(RENAME_NOREPLACE) works here */
	/*
	 * A rename sets the renamed file's change time here (every local
	 * file system does); where it does not, a file renamed into
	 * incoming/ keeps the change time of its last write elsewhere, and
	 * its arrival is also no earlier than when the daemon first saw it
	 * (cairn_spool_probe_ctime()).
	 */
	int rename_ctime;
	int lock_fd;			/* the instance lock (cairn_lock.c), or -1 */
	unsigned links;			/* symbolic links removed in place of its dirs */
};

/*
 * Create whatever is missing of ROOT, incoming/, processing/<instance>/,
 * results/, done/, failed/ and problems/, and open the descriptors; where
 * the file system has no RENAME_NOREPLACE, also processing/<instance>/.tmp/
 * (cairn_spool_open_temp).
 * Returns 0, or a negative errno value with "PATH: reason" in err.
 */
int cairn_spool_open(struct cairn_spool *sp, const char *root,
		     const char *instance, char *err, size_t errlen);
void cairn_spool_close(struct cairn_spool *sp);

/*
 * Make and open processing/<instance>/.tmp/ as temp_fd, for the result
 * files' temporary files: a directory that only this instance writes, so
 * that creating and removing them does not hold the lock of results/,
 * which every result's link into place takes (on a network file system
 * each holds it for a round trip or two; where RENAME_NOREPLACE works,
 * a rename within results/ is cheaper, and temp_fd stays -1).  temp_fd
 * stays -1 too where results/ is on another file system than processing/.
 * 0, or a negative errno value with the reason in err.
 */
int cairn_spool_open_temp(struct cairn_spool *sp, char *err, size_t errlen);

/*
 * The spool, results/, done/, failed/ or processing/<instance>/ was
 * deleted or replaced while held (its inode is not the one at its path,
 * or it has no links): re-create it and re-open it under the same
 * descriptor number.  processing/<instance>/.tmp/ is made again too, but
 * not named in what.  Returns 0 when all were in place, 1 when something
 * was replaced (its names, comma-separated, in what), or a negative errno
 * value with the reason in what.
 */
int cairn_spool_revive(const struct cairn_spool *sp, char *what, size_t len);

/*
 * Re-create incoming/ if it vanished, with the mode `like` (0: 0755 less
 * the umask), and open it (O_DIRECTORY|O_NOFOLLOW|O_CLOEXEC): a symbolic
 * link in its place is treated as missing, removed (its target is not
 * touched) and *links counted up.  The descriptor, or a negative errno.
 */
int cairn_spool_open_incoming(const struct cairn_spool *sp, mode_t like, unsigned *links);

/*
 * Put fd, a newly opened incoming/ (the watcher's), in place of
 * sp->incoming_fd under the same descriptor number, so that workers using
 * the number go on in the new directory without any lock.  0, or a
 * negative errno value.
 */
int cairn_spool_follow_incoming(const struct cairn_spool *sp, int fd);

/*
 * results/ lets everyone through to their own directory but lists
 * nothing to those outside the daemon's group (doc/operating.md); an owner's
 * directories (results/<owner>/, its history/, done/<owner>/,
 * failed/<owner>/) are the daemon's group's, and an owner reaches their
 * results by an ACL (cairn_acl.h).
 */
#define CAIRN_RESULTS_DIR_MODE 0751
#define CAIRN_OWNER_DIR_MODE 0750

/*
 * Open parent_fd/name (an owner's directory, or an owner's history/),
 * making it with CAIRN_OWNER_DIR_MODE when missing, never through a
 * symbolic link: one in its place is removed and the directory made.
 * With grant, `reader` may read and search it (cairn_acl_grant()).  The
 * descriptor (O_DIRECTORY), or a negative errno value.
 */
int cairn_spool_owner_dir(int parent_fd, const char *name, int grant, uid_t reader);

/*
 * The lock file of result names, relative to the spool (doc/spool.md): the
 * struct cairn_newest lock_path that every instance's publishes share.
 */
#define CAIRN_RESULTS_LOCK CAIRN_DIR_PROCESSING "/.results.lock"

/* Longest instance name: its temporary names must fit in 255 bytes. */
#define CAIRN_INSTANCE_MAX 200

/*
 * An instance name is one path component: not empty, no '/', no leading
 * '.', at most CAIRN_INSTANCE_MAX bytes.  _check: 0, or -EINVAL with why.
 */
int cairn_spool_instance_check(const char *instance, char *err, size_t errlen);

/*
 * Claim incoming/NAME by renaming it to processing/<instance>/HELD, its
 * held name (cairn_held.h): -ENOENT when another instance took it.  With
 * check (the caller may hold a file of that held name here), -EEXIST
 * when one is claimed here; without, the caller knows that none is (a
 * rename would replace it).
 */
int cairn_spool_claim(const struct cairn_spool *sp, const char *name, const char *held,
		      int check);
/* Whether incoming/NAME is (or may be) there still: a lookup, no claim. */
int cairn_spool_waiting(const struct cairn_spool *sp, const char *name);
/*
 * Return processing/<instance>/HELD to incoming/NAME: -EEXIST when the
 * name is in use there, -ENOTSUP where RENAME_NOREPLACE is missing (keep
 * it).
 */
int cairn_spool_unclaim(const struct cairn_spool *sp, const char *held, const char *name);

/*
 * Find out whether a rename sets the change time of the renamed file
 * here (sp->rename_ctime), with a file of the daemon's own renamed in
 * processing/<instance>/ some 20 ms after it was made.  0, or a negative
 * errno value.
 */
int cairn_spool_probe_ctime(struct cairn_spool *sp);

/* "fifo", "directory", "socket", ... for "not a regular file (%s)". */
const char *cairn_spool_kind(mode_t mode);

#endif
