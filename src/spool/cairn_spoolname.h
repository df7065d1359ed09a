/*
 * cairn_spoolname - the spool protocol's names and its one kind of move,
 * shared by the daemon and by `cairn submit` (doc/spool.md and cairn(1)).
 *
 * A writer hides a file from the daemon under a name the daemon ignores
 * while writing it, then moves it into place; neither side ever replaces
 * a name that exists.
 */
#ifndef CAIRN_SPOOLNAME_H
#define CAIRN_SPOOLNAME_H

/*
 * Longer names are not processed: the daemon fails them to failed/ under
 * a short name (cairn_failure_short_name()), `cairn submit` refuses them.
 */
#define CAIRN_NAME_MAX 200

/* Names writers use while writing: ".x", "x.tmp", "x.part", "x~". */
int cairn_spoolname_ignored(const char *name);

/* "hw1.yaml", 2 -> "hw1.2.yaml"; "README", 1 -> "README.1"; k 0: a copy. */
char *cairn_spoolname_numbered(const char *name, unsigned k);

/*
 * The highest K a numbered name takes: a store finding NAME and all its
 * numbered names up to this one taken gives up (-EEXIST), and a reader
 * looking for them looks no further.
 */
#define CAIRN_NUMBERED_MAX 1000000

/* Whether dir_a/a and dir_b/b are one inode (both exist). */
int cairn_spoolname_same(int dir_a, const char *a, int dir_b, const char *b);

/*
 * Move without replacing: 0, -EEXIST when `to` exists, or -errno.  _move
 * uses renameat2(RENAME_NOREPLACE), falling back where the file system
 * lacks it to link() and unlink() (a directory: a check, then rename()).
 */
int cairn_spoolname_move(int from_fd, const char *from, int to_fd, const char *to);

/*
 * Move `name` into to_fd under the first free numbered name of `as` (as,
 * then as.1.ext, ... up to K = CAIRN_NUMBERED_MAX; `as` is `name` but for
 * a file failed under a short name), by cairn_spoolname_move(), or with
 * noreplace 0 (known to be missing) by link() and unlink().  Sets
 * *stored (caller frees) to the name used.  0, -EEXIST when every name
 * was taken, or -errno.
 */
int cairn_spoolname_store_as(int from_fd, const char *name, int to_fd, const char *as,
			     int noreplace, char **stored);

/*
 * cairn_spoolname_store_as(), telling trying(arg, to) the name it is about
 * to try before each try (a caller noting what the name would bring, as
 * `cairn submit` notes the result already under it).
 */
int cairn_spoolname_store_tried(int from_fd, const char *name, int to_fd, const char *as,
			    int noreplace, void (*trying)(void *arg, const char *to),
			    void *arg, char **stored);

#endif
