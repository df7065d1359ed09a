/*
 * cairn_spool_enter - the writer's side of the spool: a file handed in
 * to incoming/ as doc/spool.md ("Handing a file in") asks of any writer,
 * kept here beside the daemon's side so that the two cannot drift apart;
 * `cairn submit` keeps only its options, messages and wait.
 *
 * The daemon never sees a file half written: it is created (O_EXCL, so
 * the name is ours alone) under ".NAME.submit.PID.N.tmp", which starts
 * with '.' and ends in .tmp (cairn_spoolname_ignored()), written in full and
 * flushed with fsync() before it gets a name the daemon takes.  That move
 * never replaces (cairn_spoolname_store_tried()): a file already waiting
 * under NAME keeps it, and this one becomes NAME.1.EXT, then .2, ... up
 * to CAIRN_NUMBERED_MAX, as done/ numbers its files.  The file is created
 * 0600 and set to 0640 before a byte is written, whatever the umask and
 * the source's mode: the daemon reads it through the group (incoming/ is
 * setgid to its group), other users not at all (doc/spool.md,
 * "Permissions").  incoming/ is opened with O_PATH, so a user who may
 * write it but not list it (mode 3733) can hand files in.  Whatever
 * fails, the temporary file is removed.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cairn_mem.h"
#include "cairn_spool_dirs.h"
#include "cairn_spool_enter.h"
#include "cairn_spoolname.h"

int cairn_spool_enter_dir(const char *root)
{
	char *path = cairn_xasprintf("%s/" CAIRN_DIR_INCOMING, root);
	int fd = open(path, O_PATH | O_DIRECTORY | O_CLOEXEC);
	int r = fd < 0 ? -errno : fd;

	free(path);
	return r;
}

int cairn_spool_enter_create(int incoming_fd, const char *name, char **tmp)
{
	/* N tells apart the files of one process; O_EXCL, those of others. */
	static atomic_uint seq;
	int fd;

	*tmp = NULL;
	do {
		free(*tmp);
		*tmp = cairn_xasprintf(".%s.submit.%ld.%u.tmp", name, (long)getpid(),
				       atomic_fetch_add(&seq, 1));
		fd = openat(incoming_fd, *tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
			    0600);
	} while (fd < 0 && errno == EEXIST);
	if (fd >= 0)
		return fd;
	fd = -errno;
	free(*tmp);
	*tmp = NULL;
	return fd;
}

int cairn_spool_enter_write(int incoming_fd, const char *tmp, int fd,
			    const char *data, size_t len)
{
	size_t off = 0;
	ssize_t n;
	/* Made 0600, nobody else could open it before this. */
	int e = fchmod(fd, CAIRN_SPOOL_ENTER_MODE) < 0 ? errno : 0;

	while (e == 0 && off < len) {
		n = write(fd, data + off, len - off);
		if (n < 0 && errno != EINTR)
			e = errno;
		off += n > 0 ? (size_t)n : 0;
	}
	if (e == 0 && fsync(fd) < 0)
		e = errno;
	if (close(fd) < 0 && e == 0)
		e = errno;
	if (e == 0)
		return 0;
	unlinkat(incoming_fd, tmp, 0);
	return -e;
}

int cairn_spool_enter_place(int incoming_fd, const char *tmp, const char *name,
			    void (*trying)(void *arg, const char *to), void *arg,
			    char **placed)
{
	int r = cairn_spoolname_store_tried(incoming_fd, tmp, incoming_fd, name, 1, trying,
					arg, placed);

	if (r < 0)
		unlinkat(incoming_fd, tmp, 0);
	return r;
}
