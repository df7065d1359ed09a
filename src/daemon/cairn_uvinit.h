/*
 * cairn_uvinit - make the loop, and libuv's process-wide parts, first.
 *
 * libuv makes some of what it needs once per process or loop, and
 * abort()s when that fails: the lock of its signal handling (in
 * uv_loop_init()) and the array of watched descriptors (grown by
 * uv_poll_start()).  cairnd makes both before it opens the spool or takes
 * its lock, so that running out of memory then ends a start that has
 * done nothing yet, with a log line and EX_TEMPFAIL (the unit restarts
 * it), never with SIGABRT halfway.  (libuv's thread pool, which would
 * abort() too, is never used: cairn_workpool.h.)
 */
#ifndef CAIRN_UVINIT_H
#define CAIRN_UVINIT_H

#include <uv.h>

/*
 * Initialize loop and room to watch descriptors up to 255: 0, or after
 * an error line CAIRN_EX_TEMPFAIL.  An abort() inside libuv
 * meanwhile ends the process with that line and that code.
 */
int cairn_uvinit_loop(uv_loop_t *loop);
/*
 * A libuv call `what` failed with r at start (no memory, no descriptor):
 * log it once, saying that the start ends with EX_TEMPFAIL; returns r.
 */
int cairn_uvinit_failed(const char *what, int r);

#endif
