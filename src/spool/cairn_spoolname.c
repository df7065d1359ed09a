/*
 * cairn_spoolname - names the daemon ignores, numbered names, and moves
 * that never replace.
 *
 * A move is one renameat2(RENAME_NOREPLACE), atomic on every local file
 * system; where the file system does not support the flag (some network
 * file systems), link() plus unlink() gives the same guarantee, because
 * link() refuses to replace too.  That is what makes a claim by one
 * daemon instance exclusive, what keeps done/ and failed/ from losing
 * files, and what keeps `cairn submit` from overwriting a waiting file.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cairn_mem.h"
#include "cairn_spoolname.h"

static int ends_with(const char *s, size_t len, const char *suffix)
{
	size_t n = strlen(suffix);

	return len >= n && memcmp(s + len - n, suffix, n) == 0;
}

int cairn_spoolname_ignored(const char *name)
{
	size_t len = strlen(name);

	return len == 0 || name[0] == '.' || ends_with(name, len, ".tmp") ||
	       ends_with(name, len, ".part") || ends_with(name, len, "~");
}

char *cairn_spoolname_numbered(const char *name, unsigned k)
{
	const char *dot = strrchr(name, '.');

	if (k == 0)
		return cairn_xstrdup(name);
	if (dot == NULL || dot == name)
		return cairn_xasprintf("%s.%u", name, k);
	return cairn_xasprintf("%.*s.%u%s", (int)(dot - name), name, k, dot);
}

int cairn_spoolname_same(int dir_a, const char *a, int dir_b, const char *b)
{
	struct stat sa, sb;

	return fstatat(dir_a, a, &sa, AT_SYMLINK_NOFOLLOW) == 0 &&
	       fstatat(dir_b, b, &sb, AT_SYMLINK_NOFOLLOW) == 0 &&
	       sa.st_ino == sb.st_ino && sa.st_dev == sb.st_dev;
}

static int link_move(int from_fd, const char *from, int to_fd, const char *to)
{
	/*
	 * link() refuses to replace.  NFS may report EEXIST for a link it
	 * made (a retransmission), and a crash between link() and unlink()
	 * leaves the file under both names: the next move finds its own
	 * inode there and only unlinks.
	 */
	if (linkat(from_fd, from, to_fd, to, 0) == 0 ||
	    (errno == EEXIST && cairn_spoolname_same(from_fd, from, to_fd, to))) {
		if (unlinkat(from_fd, from, 0) < 0) {
			int e = errno;

			unlinkat(to_fd, to, 0);
			return -e;
		}
		return 0;
	}
	if (errno != EPERM)
		return -errno;
	/* Directories cannot be linked: check, then rename (best effort). */
	struct stat st;

	if (fstatat(to_fd, to, &st, AT_SYMLINK_NOFOLLOW) == 0)
		return -EEXIST;
	return renameat(from_fd, from, to_fd, to) < 0 ? -errno : 0;
}

int cairn_spoolname_move(int from_fd, const char *from, int to_fd, const char *to)
{
	if (renameat2(from_fd, from, to_fd, to, RENAME_NOREPLACE) == 0)
		return 0;
	if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP)
		return -errno;
	return link_move(from_fd, from, to_fd, to);
}

int cairn_spoolname_store_tried(int from_fd, const char *name, int to_fd, const char *as,
			    int noreplace, void (*trying)(void *arg, const char *to),
			    void *arg, char **stored)
{
	for (unsigned k = 0; ; k++) {
		char *to = cairn_spoolname_numbered(as, k);
		int r;

		if (trying != NULL)
			trying(arg, to);
		r = noreplace ? cairn_spoolname_move(from_fd, name, to_fd, to) :
		    link_move(from_fd, name, to_fd, to);
		if (r != -EEXIST || k == CAIRN_NUMBERED_MAX) {
			if (r == 0 && stored != NULL)
				*stored = to;
			else
				free(to);
			return r;
		}
		free(to);
	}
}

int cairn_spoolname_store_as(int from_fd, const char *name, int to_fd, const char *as,
			     int noreplace, char **stored)
{
	return cairn_spoolname_store_tried(from_fd, name, to_fd, as, noreplace, NULL, NULL, stored);
}
