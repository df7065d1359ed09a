/*
 * cairn_lease - take a file written in place only once no process on this
 * host has it open for writing, and know when one opens it while it is
 * read (doc/spool.md, "Handing a file in").
 *
 * A Linux read lease (F_SETLEASE, F_RDLCK) cannot be set on a file that is
 * open for writing anywhere on this host (EAGAIN), and an open for writing
 * while it is held breaks it: F_GETLEASE then reads F_UNLCK.  The lease is
 * set on the file in incoming/, before the claim's rename, because a
 * writer that still had it open would go on writing into the claimed
 * file.  Setting one needs the file's owner's fsuid or CAP_LEASE in the
 * initial user namespace (EACCES otherwise), and file systems without
 * leases (NFS, FUSE) refuse it (EINVAL): there a file has no lease, and
 * only the settle rule and the check after reading protect it.  A writer's
 * open waits while the lease is held (up to the kernel's lease-break-time):
 * it is held only while the file is read, and the break's signal, SIGIO,
 * is ignored (cairn_lease_init): F_GETLEASE after reading tells the same.
 */
#ifndef CAIRN_LEASE_H
#define CAIRN_LEASE_H

#include <stdint.h>
#include <sys/stat.h>

/* A file of incoming/ opened for reading; fd -1 when it has no lease. */
struct cairn_lease {
	int fd;
	struct stat st;		/* the file's state once the lease was taken */
	int kept;		/* the lease given up, fd kept (cairn_lease_keep()) */
};

#define CAIRN_LEASE_INIT { -1 }

/* What cairn_lease_probe() found: what protects in-place writers. */
enum cairn_lease_support {
	CAIRN_LEASE_OK,			/* leases on every account's files */
	CAIRN_LEASE_OWN_ONLY,		/* no CAP_LEASE: only the daemon's own files */
	CAIRN_LEASE_NONE		/* the spool's file system has no leases */
};

/* Ignore SIGIO, the lease-break signal, whose default ends the process. */
void cairn_lease_init(void);

/*
 * Whether leases can be set in dir_fd (a directory of the daemon's own,
 * on incoming/'s file system), tried on a file made there and removed,
 * and whether the process has CAP_LEASE.
 */
enum cairn_lease_support cairn_lease_probe(int dir_fd);

/*
 * Open NAME in incoming_fd (incoming/) for reading and set a read lease on it.
 * Returns 1 with l->fd open and leased; 0 with l->fd -1 when it can have
 * no lease (not a regular file, not readable, gone, no CAP_LEASE for it,
 * no leases on this file system): the claim goes on without; -EAGAIN when
 * a process on this host has it open for writing (or holds a write lease
 * on it): it is not to be taken.
 * A symbolic link is not followed, and only a regular file is opened.
 */
int cairn_lease_take(int incoming_fd, const char *name, struct cairn_lease *l);

/* Whether fd is l's descriptor and l is on the claimed file st. */
int cairn_lease_holds(const struct cairn_lease *l, int fd, const struct stat *st);

/*
 * The state of the file read through fd (l's descriptor, or one opened
 * for it) before it is read, into *before: through l, that of the claimed
 * file (st) it is, since no writer can come while the lease holds (a
 * writer's open breaks it: cairn_lease_broken()); else looked up
 * (cairn_stat_change()).  0, or -1 with errno.
 */
int cairn_lease_state(const struct cairn_lease *l, int fd, const struct stat *st,
		      struct stat *before);

/* Whether l's lease was broken (a writer opened the file); 0 with none. */
int cairn_lease_broken(const struct cairn_lease *l);

/* Release the lease and close the file (nothing when it has none). */
void cairn_lease_drop(struct cairn_lease *l);

/*
 * The lease given up (a waiting writer may go on) and its descriptor
 * kept, to read the file again without opening it: once read, the file
 * is claimed where no one else writes.  cairn_lease_drop() closes it.
 */
void cairn_lease_keep(struct cairn_lease *l);

/*
 * Keep fd, the claimed file opened without a lease (l has none), as
 * cairn_lease_keep() keeps a lease's descriptor, so that whoever reads
 * l->fd after the file was read finds it either way; cairn_lease_drop()
 * closes it.
 */
void cairn_lease_adopt(struct cairn_lease *l, int fd);

/* Whether a and b (of cairn_stat_change) are one file, unchanged. */
int cairn_lease_same(const struct stat *a, const struct stat *b);

#endif
