/*
 * cairn_dir - the names in a directory, sorted.
 *
 * The spool's recovery, the instance lock's peer list, the plugin loader
 * and `cairn report` each read a directory whole and act on its names in
 * an order that does not depend on the file system's: readdir() order is
 * the order of a hash or of creation, and differs between two mounts of
 * the same directory.  Sorting by strcmp() makes logs, outputs and the
 * order plugins load in the same everywhere.
 */
#ifndef CAIRN_DIR_H
#define CAIRN_DIR_H

/*
 * Whether to list `name`: dir_fd is the directory being read (for
 * fstatat() or openat() of the name), arg the caller's.
 */
typedef int cairn_dir_keep_fn(int dir_fd, const char *name, void *arg);

/*
 * The names in the directory `path` relative to dir_fd (".": dir_fd
 * itself; AT_FDCWD and a path: the path), other than "." and "..", for
 * which keep() (when not NULL) says yes, sorted by strcmp(), as a
 * NULL-terminated array in *out (free it with cairn_dir_free()).  dir_fd
 * is not moved or closed: the directory is opened anew.  Returns their
 * number, or a negative errno value when the directory cannot be opened
 * (then *out is untouched).
 */
int cairn_dir_list(int dir_fd, const char *path, cairn_dir_keep_fn *keep,
		   void *arg, char ***out);

/* Free a NULL-terminated array of names and the names; NULL is a no-op. */
void cairn_dir_free(char **names);

#endif
