/*
 * cairn_origin - whose a file is and when it arrived (doc/spool.md, "Owner and
 * arrival"): what the daemon knows of a file it took and writes into its
 * result as owner, uid and received.  `cairn solve` on a file has none.
 */
#ifndef CAIRN_ORIGIN_H
#define CAIRN_ORIGIN_H

#include <stdint.h>
#include <time.h>

/* Longest owner name: a login name, or a uid in decimal. */
#define CAIRN_OWNER_MAX 64

struct cairn_origin {
	char owner[CAIRN_OWNER_MAX + 1];	/* a safe file name, never empty */
	uint32_t uid;
	struct timespec received;		/* the arrival: the claim's moment */
};

/*
 * Whether name may be an owner's: 1 to CAIRN_OWNER_MAX letters, digits,
 * '.', '_' and '-', not starting with '.' or '-'.
 */
int cairn_origin_owner_safe(const char *name);

#endif
