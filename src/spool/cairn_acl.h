/*
 * cairn_acl - letting an owner read their own results (doc/operating.md).
 *
 * The daemon owns every result and its directory, so it can add a POSIX
 * ACL entry for the owner's uid without any capability: read on a result
 * file, read and search on the owner's directories.  Nobody else gains
 * anything: the files stay 0640 in the daemon's group.  The grant is a
 * call of its own, made when the caller decides (a problem set's
 * `feedback` may hold it back), not a side effect of writing.
 */
#ifndef CAIRN_ACL_H
#define CAIRN_ACL_H

#include <sys/types.h>

/*
 * Give uid read access (and search, with dir) to the file or directory
 * open as fd, unless an entry for uid grants it already.  0, or a
 * negative errno value.  Where the file system has no ACLs nothing is
 * granted and 0 returned: cairn_acl_supported() is how to tell (the
 * daemon says so once, at start).
 */
int cairn_acl_grant(int fd, uid_t uid, int dir);

/*
 * cairn_acl_grant() on fd, a file this process has just created with
 * `mode` (after its umask) in a directory without a default ACL, whose
 * ACL is therefore its mode alone: not read back (two calls less).
 */
int cairn_acl_grant_made(int fd, uid_t uid, mode_t mode);

/*
 * Whether the directory dir_fd has a default ACL, which the files made
 * in it inherit: 1, 0 (none, or no ACLs there), or -errno.
 */
int cairn_acl_inherits(int dir_fd);

/* Whether the file system of fd keeps ACLs: 1, 0 (ENOTSUP), or -errno. */
int cairn_acl_supported(int fd);

#endif
