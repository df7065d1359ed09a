/*
 * cairn_spool_resolve - finish at start the moves a crash cut short.
 *
 * An input is stored as a copy the daemon owns, placed in done/OWNER/
 * or failed/OWNER/ with its arrival record (on the copy, or written
 * first), and only then removed from processing/
 * (cairn_pipeline_store.c).  A crash between the two leaves it held and
 * stored: a held name whose arrival, name and owner's uid the record of
 * an input in its owner's directory names is stored already, and is
 * removed here (with the copy's temporary name, which a link() cut
 * short leaves).  Held names carry the arrival (cairn_held.h), so
 * this needs no journal: a new input of that name has a later arrival.
 *
 * Earlier versions moved the input itself.  A move into done/ or failed/ where the file system has no
 * RENAME_NOREPLACE is a link() under the first free numbered name, then
 * the unlink of the claimed name (cairn_spoolname_store_as()).  A crash
 * between the two leaves a claimed file with two links; it is known to
 * have moved only when the attempts journal says that its move began and
 * its inode is under one of its numbered names (or any name) in its
 * owner's directory of done/ or failed/: then only the unlink is left,
 * and it is made here.  A hard link that someone else made (a re-grade
 * by `ln done/x incoming/x`) looks the same but was never begun, and
 * stays claimed.  The markers ".to-DIR.K.NAME" of cairn 0.1.0, which
 * moved with a marker's rename, are finished the same way or renamed
 * back to NAME.  Nothing changes here but by those unlinks and renames,
 * and it runs before anything is claimed ("Crashes: exactly once" in
 * doc/spool.md).
 */
#include "config.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cairn_arrival.h"
#include "cairn_dir.h"
#include "cairn_held.h"
#include "cairn_mem.h"
#include "cairn_owner.h"
#include "cairn_spool_resolve.h"

/* marker_parse - DIR, K and NAME of ".to-DIR.K.NAME"; 0, or -1. */
static int marker_parse(const char *m, char *dir, size_t dirlen, unsigned *k,
			char **name)
{
	const char *p;
	char *end;

	if (strncmp(m, ".to-", 4) != 0 || (p = strchr(m + 4, '.')) == NULL ||
	    (size_t)(p - (m + 4)) >= dirlen)
		return -1;
	memcpy(dir, m + 4, (size_t)(p - (m + 4)));
	dir[p - (m + 4)] = '\0';
	unsigned long v = strtoul(p + 1, &end, 10);
	if (end == p + 1 || *end != '.' || v > CAIRN_NUMBERED_MAX || end[1] == '\0' || end[1] == '.')
		return -1;
	*k = (unsigned)v;
	*name = cairn_xstrdup(end + 1);
	return 0;
}

/*
 * resolve_marker - `marker` (".to-DIR.K.NAME", left by cairn 0.1.0 before
 * it moved without markers) was being moved to to_fd under NAME's K-th
 * numbered name.  Under both names: the move happened, the marker goes.
 * Otherwise it is renamed back to NAME, to be recovered as any claimed
 * file.  Returns 1 when a move was finished.
 */
static int resolve_marker(const struct cairn_spool *sp, const char *marker,
			  const char *name, const char *dir, int to_fd, unsigned k,
			  const struct cairn_resolve_ops *ops)
{
	char *to = cairn_spoolname_numbered(name, k);
	struct stat st;
	int done = 0;

	if (to_fd >= 0 && cairn_spoolname_same(sp->processing_fd, marker, to_fd, to) &&
	    fstatat(sp->processing_fd, marker, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    unlinkat(sp->processing_fd, marker, 0) == 0) {
		ops->moved(ops->arg, name, (uint64_t)st.st_ino, dir);
		done = 1;
	} else if (fstatat(sp->processing_fd, name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
		renameat(sp->processing_fd, marker, sp->processing_fd, name);
	}
	free(to);
	return done;
}

static int same_inode(const struct stat *a, const struct stat *b)
{
	return a->st_ino == b->st_ino && a->st_dev == b->st_dev;
}

/*
 * stored_in - whether dir_fd holds the inode st under some name: first
 * NAME's numbered names in turn (where the move puts it), then, in case
 * one before it was removed since, every entry with st's inode number.
 */
static int stored_in(int dir_fd, const char *name, const struct stat *st)
{
	int found = 0, fd;
	DIR *d;
	struct dirent *de;

	for (unsigned k = 0; k <= CAIRN_NUMBERED_MAX && !found; k++) {
		char *to = cairn_spoolname_numbered(name, k);
		struct stat o;
		int there = fstatat(dir_fd, to, &o, AT_SYMLINK_NOFOLLOW) == 0;

		found = there && same_inode(&o, st);
		free(to);
		if (!there)
			break;
	}
	if (found || (fd = openat(dir_fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		return found;
	if ((d = fdopendir(fd)) == NULL) {
		close(fd);
		return 0;
	}
	while (!found && (de = readdir(d)) != NULL) {
		struct stat o;

		found = de->d_ino == st->st_ino &&
			fstatat(dir_fd, de->d_name, &o, AT_SYMLINK_NOFOLLOW) == 0 &&
			same_inode(&o, st);
	}
	closedir(d);
	return found;
}

/*
 * stored_in_owners - stored_in() the directory of the file's owner in
 * dir_fd (done/ or failed/), where the move was going (doc/spool.md,
 * "done/ and failed/").
 */
static int stored_in_owners(int dir_fd, const char *name, const struct stat *st)
{
	char owner[CAIRN_OWNER_MAX + 1];
	int found, fd;

	if (cairn_owner_name(st->st_uid, owner) < 0)
		return 0;	/* not known to be there: it stays claimed */
	fd = openat(dir_fd, owner, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return 0;
	found = stored_in(fd, name, st);
	close(fd);
	return found;
}

/*
 * resolve_linked - NAME, claimed here, has other links: if its move was
 * begun (the journal says so) and one of them is in done/ or failed/, the
 * move (link, then unlink) was cut short after its link, and only the
 * unlink is left.  A link count and an inode alone prove nothing: a
 * re-grade by `ln done/x incoming/x` looks the same.  Returns 1 when a
 * move was finished.
 */
static int resolve_linked(const struct cairn_spool *sp, const char *name,
			  const struct cairn_resolve_ops *ops)
{
	const char *dir;
	struct stat st;

	if (fstatat(sp->processing_fd, name, &st, AT_SYMLINK_NOFOLLOW) < 0 ||
	    !S_ISREG(st.st_mode) || st.st_nlink < 2 ||
	    !ops->moving(ops->arg, name, (uint64_t)st.st_ino))
		return 0;
	if (stored_in_owners(sp->done_fd, name, &st))
		dir = CAIRN_DIR_DONE;
	else if (stored_in_owners(sp->failed_fd, name, &st))
		dir = CAIRN_DIR_FAILED;
	else
		return 0;	/* linked elsewhere by whoever wrote it */
	if (unlinkat(sp->processing_fd, name, 0) < 0)
		return 0;
	ops->moved(ops->arg, name, (uint64_t)st.st_ino, dir);
	return 1;
}

/*
 * copied_in - whether held h (st) is stored in dir_fd's OWNER/ already;
 * then its copy's temporary name goes.
 */
static int copied_in(int dir_fd, const char *owner, const char *held,
		     const struct cairn_held *h, const struct stat *st)
{
	int fd = openat(dir_fd, owner, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	int arrival_fd = fd < 0 ? -1 : openat(fd, CAIRN_ARRIVAL_DIR, O_RDONLY | O_DIRECTORY |
					      O_NOFOLLOW | O_CLOEXEC);
	char *to = cairn_arrival_find(fd, arrival_fd, h->name, &h->arrival, (uint32_t)st->st_uid,
				      NULL, 1), tmp[NAME_MAX + 1];

	if (to != NULL &&
	    (size_t)snprintf(tmp, sizeof tmp, CAIRN_ARRIVAL_COPY "%s", held) < sizeof tmp)
		unlinkat(fd, tmp, 0);
	if (arrival_fd >= 0)
		close(arrival_fd);
	if (fd >= 0)
		close(fd);
	if (to == NULL)
		return 0;
	free(to);
	return 1;
}

/*
 * resolve_copied - HELD, claimed here, is stored already (its copy and
 * record in place, a crash before its removal): it is removed.  An
 * object that cannot be removed here (a directory with something in it)
 * is left to its job, which stores nothing twice either.  Returns 1 when
 * it was removed.
 */
static int resolve_copied(const struct cairn_spool *sp, const char *name,
			  const struct cairn_resolve_ops *ops)
{
	char owner[CAIRN_OWNER_MAX + 1];
	const char *dir = NULL;
	struct cairn_held h;
	struct stat st;

	cairn_held_parse(name, &h);
	if (h.known &&
	    fstatat(sp->processing_fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    cairn_owner_name(st.st_uid, owner) == 0)
		dir = copied_in(sp->done_fd, owner, name, &h, &st) ? CAIRN_DIR_DONE :
		      copied_in(sp->failed_fd, owner, name, &h, &st) ? CAIRN_DIR_FAILED : NULL;
	cairn_held_free(&h);
	if (dir == NULL || unlinkat(sp->processing_fd, name,
				    S_ISDIR(st.st_mode) ? AT_REMOVEDIR : 0) < 0)
		return 0;
	ops->moved(ops->arg, name, (uint64_t)st.st_ino, dir);
	return 1;
}

/* claimed_or_marker - a claimed file, or a marker of an old version's move. */
static int claimed_or_marker(int dir_fd, const char *name, void *arg)
{
	(void)dir_fd;
	(void)arg;
	return name[0] != '.' || strncmp(name, ".to-", 4) == 0;
}

int cairn_spool_resolve(const struct cairn_spool *sp, const struct cairn_resolve_ops *ops)
{
	char **names;
	int done = 0, r = cairn_dir_list(sp->processing_fd, ".", claimed_or_marker, NULL,
					 &names);

	if (r < 0)
		return r;
	for (char **m = names; *m != NULL; m++) {
		char dir[16], *name = NULL;
		unsigned k;

		if (marker_parse(*m, dir, sizeof(dir), &k, &name) == 0) {
			int to_fd = strcmp(dir, CAIRN_DIR_DONE) == 0 ? sp->done_fd :
				    strcmp(dir, CAIRN_DIR_FAILED) == 0 ? sp->failed_fd : -1;

			done += resolve_marker(sp, *m, name, dir, to_fd, k, ops);
		} else if ((*m)[0] != '.') {
			int copied = resolve_copied(sp, *m, ops);

			done += copied ? copied : resolve_linked(sp, *m, ops);
		}
		free(name);
		free(*m);
	}
	free(names);
	return done;
}
