/*
 * cairn_owner - the name a file's owner goes by in the spool (doc/spool.md,
 * "Owner and arrival"), shared by the daemon and by `cairn submit`, which
 * must find the directory the daemon puts its results in.
 *
 * The name is the account's login from the user database when that is a
 * safe file name (letters, digits, '.', '_', '-', not starting with '.'
 * or '-', at most CAIRN_OWNER_MAX bytes), else the uid in decimal: a
 * login such as "..", "a/b" or one with a newline never becomes a path.
 */
#ifndef CAIRN_OWNER_H
#define CAIRN_OWNER_H

#include <sys/types.h>

#include "cairn_origin.h"

/*
 * uid's owner name into out[CAIRN_OWNER_MAX + 1]: 0, or a negative errno
 * value when the user database could not be read (out of memory, an
 * unreachable directory service): then there is no name yet, and the
 * uid must not stand in for it, or one account would have two.  Names
 * found are remembered for the life of the process (a file's owner
 * costs no reading of the database), until cairn_owner_forget().
 */
int cairn_owner_name(uid_t uid, char out[CAIRN_OWNER_MAX + 1]);
void cairn_owner_forget(void);

#endif
