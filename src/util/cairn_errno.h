/*
 * cairn_errno - what an errno value says of the one who must act on it.
 */
#ifndef CAIRN_ERRNO_H
#define CAIRN_ERRNO_H

/*
 * Whether err (an errno value) may pass by itself: an I/O error, no
 * memory, no descriptor, no space, an interruption, a busy or timed-out
 * resource.  Such a failure is no verdict on what was being read: the
 * start that met it ends with EX_TEMPFAIL, to be tried again, where a
 * bad file or a missing one waits for a person.
 */
int cairn_errno_transient(int err);

#endif
