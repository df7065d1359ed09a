/*
 * cairn_withheld - where a result waits for its feedback, and how it
 * comes out.
 *
 * Held results live in results/OWNER/.held/, made without the owner's
 * grant in a directory of mode 0750, so its entries cannot even be
 * stat()ed by the owner; what the owner can see of .held/ itself (that
 * it exists, its link count, its size and times) follows the arrivals,
 * which the owner knows, never what a result says.  Showing a result
 * grants it first and moves it second, so that it never appears in the
 * owner's directory unreadable; the move is the publish's own placing
 * (cairn_publish_place()), so a held result and one published since
 * (a late arrival, its feedback due already) are ordered by arrival
 * whichever was placed first.  Nothing here removes a held result: a
 * result that cannot be shown stays held, and the next release walk
 * tries again.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cairn_mem.h"
#include "cairn_spool.h"
#include "cairn_spool_dirs.h"
#include "cairn_withheld.h"

int cairn_withheld_dir(int owner_fd, int make)
{
	int fd;

	if (make)
		return cairn_spool_owner_dir(owner_fd, CAIRN_HELD_DIR, 0, 0);
	fd = openat(owner_fd, CAIRN_HELD_DIR, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

char *cairn_withheld_shown_name(const char *where)
{
	size_t hl = strlen(CAIRN_HISTORY_DIR);
	const char *name = where, *dot, *k;

	if (strncmp(where, CAIRN_HISTORY_DIR "/", hl + 1) != 0)
		return cairn_xstrdup(where);
	name = where + hl + 1;
	/* NAME.K.EXT, or NAME.K for a name without a dot: drop ".K". */
	dot = strrchr(name, '.');
	if (dot == NULL || dot == name)
		return cairn_xstrdup(name);
	for (k = dot; k > name && k[-1] >= '0' && k[-1] <= '9'; k--)
		;
	if (k < dot && k > name && k[-1] == '.')
		return cairn_xasprintf("%.*s%s", (int)(k - 1 - name), name, dot);
	/* NAME.K: the digits after the last dot are the K. */
	for (k = dot + 1; *k >= '0' && *k <= '9'; k++)
		;
	if (*k == '\0' && k > dot + 1)
		return cairn_xasprintf("%.*s", (int)(dot - name), name);
	return cairn_xstrdup(name);
}

int cairn_withheld_show(int owner_fd, int held_fd, const char *where, int grant,
			const struct cairn_newest *nw, int do_fsync)
{
	struct cairn_newest at = *nw;
	struct stat st;
	char *shown;
	int fd = openat(held_fd, where, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	int r = 0, superseded = 0;

	if (fd < 0)
		return errno == ENOENT ? 0 : -errno;
	if (fstat(fd, &st) < 0)
		r = -errno;
	else if (!S_ISREG(st.st_mode))
		r = -EINVAL;
	if (r == 0 && grant)
		r = cairn_publish_grant_fd(owner_fd, fd, nw->reader);
	close(fd);
	if (r < 0)
		return r;
	at.arrival = st.st_mtim;
	at.history = 1;
	at.grant = grant;
	shown = cairn_withheld_shown_name(where);
	r = cairn_publish_place(held_fd, where, owner_fd, shown, &at, do_fsync, &superseded);
	free(shown);
	return r == -ENOENT ? 0 : r;
}

char *cairn_withheld_receipt_name(const char *input)
{
	return cairn_xasprintf("%s.receipt", input);
}
