/*
 * cairn_withheld - graded results kept out of their owner's sight until
 * the problem set's feedback is due (doc/spool.md, Feedback held back).
 *
 * A result whose feedback is held back is published in
 * results/OWNER/.held/ (CAIRN_HELD_DIR), laid out as results/OWNER/ is
 * (the latest arrival of a name current, earlier ones in history/), a
 * directory the owner may not search: so nothing the owner can see in
 * results/OWNER/ (names, sizes, times, link counts) depends on what the
 * result says.  The owner gets a receipt instead, NAME.receipt beside
 * the results.  Once the feedback is due, each held result is shown:
 * granted to its owner and moved into results/OWNER/ by the rule every
 * publish follows (the latest arrival current, the others in history/).
 */
#ifndef CAIRN_WITHHELD_H
#define CAIRN_WITHHELD_H

#include <sys/types.h>

#include "cairn_publish.h"

/*
 * results/OWNER/.held/ of the owner's directory owner_fd, made (mode
 * 0750, no grant) when `make` and missing: an open descriptor, or a
 * negative errno value (-ENOENT: none, and not made).
 */
int cairn_withheld_dir(int owner_fd, int make);

/*
 * The name a held result `where` ("NAME" or "history/NAME.K.EXT", relative
 * to .held/) takes in results/OWNER/: NAME, or NAME.EXT.  Malloc'd.
 */
char *cairn_withheld_shown_name(const char *where);

/*
 * Show the held result held_fd/WHERE: with `grant`, readable by
 * nw->reader (and history/ searchable), then moved into owner_fd as
 * cairn_publish_place() places it, its arrival its modification time
 * (nw's arrival is ignored).  A result gone meanwhile (shown by another
 * walk) is no error.  0, or a negative errno value: then it stays held.
 */
int cairn_withheld_show(int owner_fd, int held_fd, const char *where, int grant,
			const struct cairn_newest *nw, int do_fsync);

/* The receipt's name for an input NAME: "NAME.receipt" (malloc'd). */
char *cairn_withheld_receipt_name(const char *input);

#endif
