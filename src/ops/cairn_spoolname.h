/*
 * cairn_spoolname - the spool protocol's names and its one kind of move,
 * shared by the daemon and by `cairn submit` (SPEC sections 5 and 7).
 *
 * A writer hides a file from the daemon under a name the daemon ignores
 * while writing it, then moves it into place; neither side ever replaces
 * a name that exists.
 */
#ifndef CAIRN_SPOOLNAME_H
#define CAIRN_SPOOLNAME_H

/* Names writers use while writing: ".x", "x.tmp", "x.part", "x~". */
int cairn_spool_ignored(const char *name);

/* "hw1.yaml", 2 -> "hw1.2.yaml"; "README", 1 -> "README.1"; k 0: a copy. */
char *cairn_spool_numbered(const char *name, unsigned k);

/* Whether dir_a/a and dir_b/b are one inode (both exist). */
int cairn_spool_same(int dir_a, const char *a, int dir_b, const char *b);

/* Move without replacing: 0, -EEXIST when `to` exists, or -errno. */
int cairn_spool_move(int from_fd, const char *from, int to_fd, const char *to);

/*
 * Move `name` into to_fd under the first free numbered name (name, then
 * name.1.ext, ...).  Sets *stored (caller frees) to the name used.
 */
int cairn_spool_store(int from_fd, const char *name, int to_fd, char **stored);
/* The same under the numbered names of `as` (a file that failed under a short name). */
int cairn_spool_store_as(int from_fd, const char *name, int to_fd, const char *as,
			 char **stored);

#endif
