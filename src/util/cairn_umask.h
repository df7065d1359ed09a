/*
 * cairn_umask - the process's umask, read without changing it.
 */
#ifndef CAIRN_UMASK_H
#define CAIRN_UMASK_H

#include <sys/types.h>

/*
 * The umask into *mask: 0, or -1 when it cannot be read (a kernel before
 * 4.7, or no /proc).  Read once, from /proc/self/status: umask(2) alone
 * would set it for a moment under the other threads' feet.
 */
int cairn_umask_read(mode_t *mask);

#endif
