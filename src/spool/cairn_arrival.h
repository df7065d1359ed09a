/*
 * cairn_arrival - the arrival record of a stored input (doc/spool.md):
 * the extended attribute user.cairn.arrival of done/OWNER/AS (or
 * failed/OWNER/AS), the daemon's copy of the input, which says what the
 * input was and when it arrived in CAIRN_ARRIVAL_ATTR_LEN bytes, few
 * enough to be kept in the inode itself (an ext4 inode of 256 bytes has
 * room for 56 bytes of this attribute's value; a longer one takes a disk
 * block of its own for each stored input), integers least significant
 * byte first:
 *
 *   0       0 (no record of the text form below starts so)
 *   1       1: a digest follows; 0: refused before it was read, its
 *           bytes not kept
 *   2       the length of the name its result is named after: AS, or
 *           the name that AS numbers (hw1.yaml of hw1.1.yaml)
 *   3       0
 *   4..8    the low 32 bits of that name's 64-bit FNV-1a hash, which
 *           tells which of the two it is
 *   8..12   its owner's uid (the stored copy is the daemon's)
 *   12..20  its arrival, seconds since the epoch (signed)
 *   20..24  and nanoseconds
 *   24..56  the SHA-256 digest of the bytes graded (zero when byte 1 is 0)
 *
 * The daemon sets it on the copy before the copy is flushed and placed,
 * so that the two go in place at once: no crash leaves a stored input
 * without its record, and it costs no file of its own.  Where the file
 * system has no user extended attributes (tmpfs before Linux 6.6, some
 * NFS mounts), and in stores of earlier versions, the record is the
 * file .arrival/AS beside the stored input, written just before the
 * input is placed, whose modification time is the arrival and whose
 * text says the rest:
 *
 *   9:hw1.1.yaml       the name its result is named after, after its
 *                      length in bytes (any name, a newline in it too)
 *   uid 1000           its owner's uid
 *   sha256 HEX         the digest of the bytes graded; "sha256 -":
 *                      refused before it was read
 *
 * Versions before the compact attribute set this text as the attribute,
 * with a last line "arrival S.N" (seconds and nanoseconds since the
 * epoch); it is still read.  A record file of cairn 0.2 and
 * earlier is the name and a newline alone (no owner's uid, no digest);
 * it is still read, and tells apart from the above by having one line
 * only.  Every reader looks at the attribute first, then at the file;
 * the attribute counts only on a file owned by the account that owns
 * the owner's directory (the daemon's copy): earlier versions stored the
 * submitter's own file, whose attributes she could set herself.  AS
 * may be a numbered name, hw1.1.yaml, when an earlier hw1.yaml is
 * stored.  `cairn regrade` and `cairn status` read the record back, and
 * retention ages the input by it.
 */
#ifndef CAIRN_ARRIVAL_H
#define CAIRN_ARRIVAL_H

#include <limits.h>
#include <stdint.h>
#include <time.h>

#include "cairn_sha256.h"
#include "cairn_spool_dirs.h"	/* CAIRN_ARRIVAL_DIR, where the records are */

/*
 * The temporary name of a stored input's copy in its owner's directory,
 * before it is placed: this and its held name (cairn_held.h), one per
 * held name, so that a store a crash cut short is found again.
 */
#define CAIRN_ARRIVAL_COPY ".cairn-copy~"

/* What a record says of the stored input's bytes. */
enum cairn_arrival_digest {
	CAIRN_ARRIVAL_OLD,		/* nothing: a record of an older version */
	CAIRN_ARRIVAL_UNREAD,		/* refused unread, its bytes not kept */
	CAIRN_ARRIVAL_SHA256		/* the digest of the bytes graded */
};

/* One record, read back. */
struct cairn_arrival {
	char name[NAME_MAX + 1];	/* the name its result is named after */
	struct timespec time;		/* its arrival */
	int has_uid;			/* 0: an older version's record */
	uint32_t uid;			/* its owner's uid */
	enum cairn_arrival_digest digest;
	char sha256[CAIRN_SHA256_HEX_LEN];	/* with CAIRN_ARRIVAL_SHA256 */
};

/* The extended attribute of a stored input that holds its record. */
#define CAIRN_ARRIVAL_XATTR "user.cairn.arrival"

/* Its length, in the form above. */
#define CAIRN_ARRIVAL_ATTR_LEN 56

/*
 * Set the record on fd, the copy of an input to be stored (before it is
 * flushed and placed): the name of its result, its arrival, its owner's
 * uid and sha256 (the hex digest of its bytes, or NULL: refused unread).
 * 0 or an errno value, ENOTSUP or EOPNOTSUPP where the file system has no
 * user extended attributes: then the record is a file,
 * cairn_arrival_write().  Allocates nothing.
 */
int cairn_arrival_set(int fd, const char *name, const struct timespec *arrival, uint32_t uid,
		      const char *sha256);

/*
 * The same record as the file AS in arrival_fd (an owner's .arrival/),
 * its modification time the arrival.  0 or an errno value.  Allocates
 * nothing, so that it can come right before a placing that must not be
 * undone by running out of memory.
 */
int cairn_arrival_write(int arrival_fd, const char *as, const char *name,
			const struct timespec *arrival, uint32_t uid, const char *sha256);

/*
 * The record of stored input `as` in owner_fd (done/OWNER/ or
 * failed/OWNER/) into *a: its attribute, else (arrival_fd >= 0, the
 * owner's .arrival/) its file; owner_fd < 0 looks at the file alone.  0,
 * or -1 when there is none that is sound (an attribute in the form above,
 * or a regular file in one of the two forms above, whose name holds no
 * '/' nor NUL and is not "." or "..").  Follows no symbolic link, opens
 * nothing in a way that may block (a FIFO); allocates nothing.
 */
int cairn_arrival_load(int owner_fd, int arrival_fd, const char *as, struct cairn_arrival *a);

/*
 * cairn_arrival_load() the record of stored input `as` in owner_fd,
 * opening its .arrival/ only when the input has no attribute: 0 with
 * *name (malloc'd) and *arrival, or -1.
 */
int cairn_arrival_read(int owner_fd, const char *as, char **name, struct timespec *arrival);

/*
 * Where in owner_fd (done/OWNER/ or failed/OWNER/, arrival_fd its
 * .arrival/ or -1 when it has none) the input `as` of this arrival and
 * owner's uid is stored already: the first of as's numbered names,
 * looked at in turn up to the first free one, whose record names as,
 * this arrival and this uid (and, when sha256 is not NULL and the record
 * has a digest, this digest); with `every`, when none of those is, any
 * stored input of owner_fd whose record is (one before it may have been
 * removed since).  The name (malloc'd), or NULL.  A store that a crash
 * interrupted is told from a new one by it (cairn_pipeline_store.c).
 */
char *cairn_arrival_find(int owner_fd, int arrival_fd, const char *as,
			 const struct timespec *arrival, uint32_t uid, const char *sha256,
			 int every);

/*
 * cairn_arrival_find(), and the first of as's numbered names that it
 * found free (malloc'd, in *free_name) or NULL: the store that follows
 * need not look at it again.
 */
char *cairn_arrival_find_free(int owner_fd, int arrival_fd, const char *as,
			      const struct timespec *arrival, uint32_t uid, const char *sha256,
			      int every, char **free_name);

/*
 * The arrival of stored input `as` of owner_fd by its record (retention
 * asks it of every stored input): its attribute, else the time of its
 * file in arrival_fd (when >= 0) without reading its text.  owner_fd < 0
 * looks at the file alone (a record whose input is gone).  0 with
 * *arrival, or -1 when there is no record.
 */
int cairn_arrival_time(int owner_fd, int arrival_fd, const char *as, struct timespec *arrival);

#endif
