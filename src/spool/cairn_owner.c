/*
 * cairn_owner - owner names.  getpwuid_r() rather than getpwuid(): the
 * daemon's workers name owners concurrently.  A lookup that fails for any
 * reason (no such entry, NSS unreachable) falls back to the uid, which
 * names the same account: the name is stable as long as the database is.
 */
#include "config.h"

#include <pwd.h>
#include <stdio.h>
#include <string.h>

#include "cairn_owner.h"

int cairn_owner_safe(const char *name)
{
	size_t len = strlen(name);

	if (len == 0 || len > CAIRN_OWNER_MAX || name[0] == '.' || name[0] == '-')
		return 0;
	for (const char *p = name; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || *p == '.' || *p == '_' || *p == '-'))
			return 0;
	return 1;
}

void cairn_owner_name(uid_t uid, char out[CAIRN_OWNER_MAX + 1])
{
	struct passwd pw, *found = NULL;
	char buf[4096];

	if (getpwuid_r(uid, &pw, buf, sizeof(buf), &found) == 0 && found != NULL &&
	    cairn_owner_safe(pw.pw_name)) {
		snprintf(out, CAIRN_OWNER_MAX + 1, "%s", pw.pw_name);
		return;
	}
	snprintf(out, CAIRN_OWNER_MAX + 1, "%lu", (unsigned long)uid);
}
