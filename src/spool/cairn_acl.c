/*
 * cairn_acl - owner read grants through libacl.  The check before the
 * set keeps a repeated grant (every result of an owner goes through its
 * directory's) to one read of the extended attribute; acl_calc_mask()
 * is what makes the new entry effective, and on a file of mode 0640 the
 * mask it computes is r--, so the group's rights do not change.  A file
 * the caller has just made, in a directory that passes down no default
 * ACL, has no ACL but its mode: its grant is built from the mode, with
 * no read of the file (cairn_acl_grant_made()).
 */
#include "config.h"

#include <acl/libacl.h>
#include <errno.h>
#include <stddef.h>
#include <sys/acl.h>
#include <sys/xattr.h>

#include "cairn_acl.h"

/* find_entry - uid's ACL_USER entry in acl into *out: 1, or 0 when none. */
static int find_entry(acl_t acl, uid_t uid, acl_entry_t *out)
{
	acl_entry_t e;

	for (int w = ACL_FIRST_ENTRY; acl_get_entry(acl, w, &e) == 1; w = ACL_NEXT_ENTRY) {
		acl_tag_t tag;
		uid_t *q;
		int match = 0;

		if (acl_get_tag_type(e, &tag) < 0 || tag != ACL_USER)
			continue;
		q = acl_get_qualifier(e);
		if (q != NULL) {
			match = *q == uid;
			acl_free(q);
		}
		if (match) {
			*out = e;
			return 1;
		}
	}
	return 0;
}

/*
 * grant - uid's entry in *acl has read (and execute, with dir): 0 when
 * it had, 1 when it was added or widened (the mask recomputed), or -1.
 */
static int grant(acl_t *acl, uid_t uid, int dir)
{
	acl_entry_t e;
	acl_permset_t ps;
	int found = find_entry(*acl, uid, &e);

	if (found && acl_get_permset(e, &ps) == 0 && acl_get_perm(ps, ACL_READ) == 1 &&
	    (!dir || acl_get_perm(ps, ACL_EXECUTE) == 1))
		return 0;
	if ((!found && (acl_create_entry(acl, &e) < 0 || acl_set_tag_type(e, ACL_USER) < 0 ||
			acl_set_qualifier(e, &uid) < 0)) ||
	    acl_get_permset(e, &ps) < 0 || acl_add_perm(ps, ACL_READ) < 0 ||
	    (dir && acl_add_perm(ps, ACL_EXECUTE) < 0) || acl_set_permset(e, ps) < 0 ||
	    acl_calc_mask(acl) < 0)
		return -1;
	return 1;
}

/*
 * set_granted - grant() in acl (freed here), set on fd when it changed; 0,
 * or -errno (0 where the file system keeps no ACLs)
 */
static int set_granted(int fd, acl_t acl, uid_t uid, int dir)
{
	int r = grant(&acl, uid, dir);

	if (r > 0)
		r = acl_set_fd(fd, acl) < 0 ? -1 : 0;
	if (r < 0)
		r = errno == EOPNOTSUPP ? 0 : -errno;
	acl_free(acl);
	return r;
}

int cairn_acl_grant(int fd, uid_t uid, int dir)
{
	acl_t acl = acl_get_fd(fd);

	if (acl == NULL)
		return errno == EOPNOTSUPP ? 0 : -errno;
	return set_granted(fd, acl, uid, dir);
}

int cairn_acl_grant_made(int fd, uid_t uid, mode_t mode)
{
	acl_t acl = acl_from_mode(mode);

	if (acl == NULL)
		return -errno;
	return set_granted(fd, acl, uid, 0);
}

int cairn_acl_inherits(int dir_fd)
{
	ssize_t n = fgetxattr(dir_fd, "system.posix_acl_default", NULL, 0);

	if (n >= 0)
		return n > 0;
	return errno == ENODATA || errno == EOPNOTSUPP ? 0 : -errno;
}

int cairn_acl_supported(int fd)
{
	acl_t acl = acl_get_fd(fd);

	if (acl == NULL)
		return errno == EOPNOTSUPP || errno == ENOTSUP ? 0 : -errno;
	/* Reading may work where writing does not (a mount option): write it back. */
	int r = acl_set_fd(fd, acl) == 0 ? 1 : errno == EOPNOTSUPP ? 0 : -errno;

	acl_free(acl);
	return r;
}
