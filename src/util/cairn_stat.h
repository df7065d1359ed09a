/*
 * cairn_stat - the attributes the spool needs of a file, without making a
 * network file system fetch the ones it does not.
 *
 * A rename, a link or a write changes a file's ctime, and a FUSE client
 * (GlusterFS) then asks its server for all attributes on the next stat().
 * Asking statx() for the type, mode, owner, inode, size and modification
 * time only lets the kernel answer from what it holds, while those are
 * fresh (the owner is cached with the mode: chown and chmod both reset it):
 * one round trip less per file, twice on a claim; and on an open file,
 * GlusterFS can then leave the open to its open-behind cache instead of
 * opening it on the server.  The change time and link count are asked
 * for only where they are needed (cairn_stat_change): of a file waiting
 * in incoming/, whose change time is its arrival (doc/spool.md), which
 * orders an owner's files; and of a claimed file, whose change time
 * names its claim in the attempts journal and tells, with its size and
 * modification time, that it changed while read; the spool refuses an
 * input with more than one link.
 */
#ifndef CAIRN_STAT_H
#define CAIRN_STAT_H

#include <sys/stat.h>

/*
 * Like fstatat(dir_fd, name, st, AT_SYMLINK_NOFOLLOW), or with name ""
 * like fstat(dir_fd), but only st_mode, st_uid, st_ino, st_dev, st_size
 * and st_mtim are filled in (the rest is zero); 0, or -1 with errno set.
 */
int cairn_stat_basic(int dir_fd, const char *name, struct stat *st);

/*
 * The same with st_ctim and st_nlink too: the change time, which every
 * write, rename, chmod or link sets and nobody can set earlier (a
 * waiting file's arrival, and with size and mtime what tells that a
 * file changed while read).
 */
int cairn_stat_change(int dir_fd, const char *name, struct stat *st);

#endif
