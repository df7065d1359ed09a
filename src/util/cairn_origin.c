/*
 * cairn_origin - what makes an owner's name safe: a name that is a file
 * name in results/, done/ and failed/ as it is, never a path, never an
 * option, never hidden, so that the spool, a policy's extensions and
 * the gradebook name one owner the same way (doc/spool.md, "Owner and
 * arrival").
 */
#include "config.h"

#include <string.h>

#include "cairn_origin.h"

int cairn_origin_owner_safe(const char *name)
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
