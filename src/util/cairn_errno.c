/*
 * cairn_errno - which errno values may pass without anyone's help.
 *
 * Reading the configuration or the plugins at start can fail for what the
 * file says (a syntax error, an unknown key, a missing plugin: a person
 * must fix it, and restarting changes nothing) or for the state of the
 * machine (a disk's I/O error, no memory, the descriptors used up), which
 * may be gone a few seconds later.  This is the one list of the latter,
 * so that cairnd's exit codes tell the two apart for systemd
 * (RestartPreventExitStatus= in cairnd.service, cairnd(8) EXIT STATUS).
 */
#include "config.h"

#include <errno.h>

#include "cairn_errno.h"

int cairn_errno_transient(int err)
{
	switch (err) {
	case EIO:
	case ENOMEM:
	case EAGAIN:
	case EINTR:
	case ENFILE:
	case EMFILE:
	case ENOSPC:
	case ENOBUFS:
	case EBUSY:
	case ETIMEDOUT:
	case ESTALE:
		return 1;
	default:
		return 0;
	}
}
