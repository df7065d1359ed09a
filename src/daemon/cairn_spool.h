/*
 * cairn_spool - the spool directories and the moves between them (SPEC 5).
 *
 * A struct cairn_spool holds open descriptors on the spool's directories
 * so that every move is a renameat() between two directory descriptors.
 * Moves into done/ and failed/ never overwrite: a second hw1.yaml becomes
 * hw1.1.yaml.  Worker threads use the descriptors concurrently; they are
 * opened once at start and closed once at exit.
 */
#ifndef CAIRN_SPOOL_H
#define CAIRN_SPOOL_H

#include <stddef.h>
#include <sys/types.h>

#include "cairn_spoolname.h"

struct cairn_spool {
	char *root;
	char *instance;
	char *incoming_path;		/* ROOT/incoming, for inotify */
	int root_fd;
	int processing_fd;		/* processing/<instance>/ */
	int results_fd;
	int done_fd;
	int failed_fd;
};

/*
 * Create whatever is missing of ROOT, incoming/, processing/<instance>/,
 * results/, done/, failed/ and problems/, and open the descriptors.
 * Returns 0, or a negative errno value with "PATH: reason" in err.
 */
int cairn_spool_open(struct cairn_spool *sp, const char *root,
		     const char *instance, char *err, size_t errlen);
void cairn_spool_close(struct cairn_spool *sp);

/* Re-create incoming/ if it vanished and open it (O_DIRECTORY|O_CLOEXEC). */
int cairn_spool_open_incoming(const struct cairn_spool *sp);

/* An instance name is one path component: not empty, no '/', no leading '.'. */
int cairn_spool_instance_ok(const char *instance);

/* Claim incoming/NAME into processing/<instance>/NAME (-ENOENT: taken). */
int cairn_spool_claim(const struct cairn_spool *sp, const char *name);
/* Return processing/<instance>/NAME to incoming/ (-EEXIST: name in use). */
int cairn_spool_unclaim(const struct cairn_spool *sp, const char *name);

/* "fifo", "directory", "socket", ... for "not a regular file (%s)". */
const char *cairn_spool_kind(mode_t mode);

#endif
