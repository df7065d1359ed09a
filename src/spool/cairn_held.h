/*
 * cairn_held - the name a claimed file is held under in
 * processing/<instance>/: its arrival, then its own name
 * ("1765148392.123456789~hw1.yaml"), so that the one rename that claims
 * a file also fixes its arrival (doc/spool.md, "Owner and arrival"):
 * whatever becomes of the daemon afterwards (a crash, a storage error,
 * a retry, a restart), the name says when the file was handed in.  A
 * file whose own name is longer than CAIRN_NAME_MAX, which is failed
 * under its short name (cairn_failure_short_name()) in any case, is held
 * under that short name and the length of its own
 * ("1765148392.123456789+231~hw-0123456789abcdef.yaml"), so that its error
 * result reads the same after a crash.  A name that does not parse so
 * (a file an older version claimed) is the file's own, with no arrival.
 */
#ifndef CAIRN_HELD_H
#define CAIRN_HELD_H

#include <stddef.h>
#include <time.h>

/* A held name, read back. */
struct cairn_held {
	char *name;			/* the file's name, or its short name (malloc'd) */
	size_t long_len;		/* its own name's length when that was too long, else 0 */
	int known;			/* the name carries the arrival */
	struct timespec arrival;
};

/* The held name of a file `name` that arrived at `arrival` (malloc'd). */
char *cairn_held_name(const struct timespec *arrival, const char *name);

/* Read held name `held` back into h (cairn_held_free() frees it). */
void cairn_held_parse(const char *held, struct cairn_held *h);
void cairn_held_free(struct cairn_held *h);

#endif
