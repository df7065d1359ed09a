/*
 * cairn_spool_enter - handing a file in to incoming/: the writer's side
 * of the spool (doc/spool.md, "Handing a file in"), which `cairn submit`
 * drives.  The file is written under a name the daemon ignores, flushed,
 * and only then moved to its own name, never over a file waiting there.
 */
#ifndef CAIRN_SPOOL_ENTER_H
#define CAIRN_SPOOL_ENTER_H

#include <stddef.h>

/*
 * The mode of every file handed in, whatever the umask: the daemon reads
 * it through its group, other users not at all (doc/spool.md, "Permissions").
 */
#define CAIRN_SPOOL_ENTER_MODE 0640

/*
 * ROOT/incoming/ opened with O_PATH (a writer may be unable to list it):
 * the descriptor, or a negative errno value.
 */
int cairn_spool_enter_dir(const char *root);

/*
 * A new file in incoming/ (incoming_fd) for the file NAME, under the
 * ignored name ".NAME.submit.PID.N.tmp" (*tmp, caller frees), mode 0600:
 * its descriptor (O_WRONLY), or a negative errno value (*tmp NULL).
 */
int cairn_spool_enter_create(int incoming_fd, const char *name, char **tmp);

/*
 * Make the file fd (tmp in incoming/) mode CAIRN_SPOOL_ENTER_MODE, write data to it, flush
 * it with fsync() and close it: 0, or a negative errno value with fd
 * closed and tmp removed.
 */
int cairn_spool_enter_write(int incoming_fd, const char *tmp, int fd,
			    const char *data, size_t len);

/*
 * Move tmp to NAME in incoming/, or, where NAME is taken, to its first
 * free numbered name (NAME.1.EXT, ... as cairn_spoolname_store_tried()),
 * telling trying(arg, to) each name before it is tried (trying may be
 * NULL).  0 with *placed (caller frees) the name used, or a negative
 * errno value (-EEXIST: every name taken) with tmp removed.
 */
int cairn_spool_enter_place(int incoming_fd, const char *tmp, const char *name,
			    void (*trying)(void *arg, const char *to), void *arg,
			    char **placed);

#endif
