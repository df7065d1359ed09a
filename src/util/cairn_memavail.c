/*
 * cairn_memavail - the memory limit of the service: its cgroups' and the
 * machine's, whichever is least.
 *
 * /proc/self/cgroup names the process's cgroup: "0::/PATH" under cgroup
 * v2, "N:memory:/PATH" (the memory controller's line) under v1.  A limit
 * set on an ancestor (a slice) binds as well as one set on the cgroup
 * itself, so every directory from PATH up to the mount's root is looked
 * at.  "max" (v2) and the huge v1 "unlimited" value are no limit: the
 * minimum with the machine's memory takes care of the latter.  What
 * cannot be read is no limit, never an error: the default must be there.
 */
#include "config.h"

#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cairn_memavail.h"

#define LINE_MAX_LEN 4096

/* slurp - the start of ROOT/REL as a string; 0, or -1. */
static int slurp(const char *root, const char *rel, char *buf, size_t len)
{
	char path[LINE_MAX_LEN * 2];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", strcmp(root, "/") == 0 ? "" : root, rel);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	return 0;
}

/* limit_at - the number in ROOT/REL ("max", or none: UINT64_MAX). */
static uint64_t limit_at(const char *root, const char *rel)
{
	char buf[64], *end;
	uint64_t v;

	if (slurp(root, rel, buf, sizeof(buf)) < 0 || buf[0] < '0' || buf[0] > '9')
		return UINT64_MAX;
	v = strtoull(buf, &end, 10);
	return (*end == '\n' || *end == '\0') && v > 0 ? v : UINT64_MAX;
}

/* up_from - the least limit in FILE of cgroup DIR (under MOUNT) and its ancestors. */
static uint64_t up_from(const char *root, const char *mount, const char *dir,
			const char *file)
{
	char rel[LINE_MAX_LEN * 2], path[LINE_MAX_LEN];
	uint64_t best = UINT64_MAX;
	char *slash;

	snprintf(path, sizeof(path), "%s", dir);
	for (;;) {
		snprintf(rel, sizeof(rel), "%s%s/%s", mount, path, file);
		uint64_t v = limit_at(root, rel);

		best = v < best ? v : best;
		if ((slash = strrchr(path, '/')) == NULL)
			break;
		*slash = '\0';
	}
	return best;
}

/* cgroup_limit - the limit of this process's memory cgroup, or UINT64_MAX. */
static uint64_t cgroup_limit(const char *root)
{
	char buf[LINE_MAX_LEN * 2], *line, *save = NULL;
	uint64_t best = UINT64_MAX;

	if (slurp(root, "proc/self/cgroup", buf, sizeof(buf)) < 0)
		return UINT64_MAX;
	for (line = strtok_r(buf, "\n", &save); line != NULL; line = strtok_r(NULL, "\n", &save)) {
		char *ctl = strchr(line, ':'), *path = ctl ? strchr(ctl + 1, ':') : NULL;
		uint64_t v = UINT64_MAX;

		if (path == NULL || path[1] != '/')
			continue;
		*path++ = '\0';
		ctl++;
		if (strcmp(path, "/") == 0)
			path = "";
		if (*ctl == '\0')
			v = up_from(root, "sys/fs/cgroup", path, "memory.max");
		else if (strcmp(ctl, "memory") == 0 || strncmp(ctl, "memory,", 7) == 0 ||
			 strstr(ctl, ",memory") != NULL)
			v = up_from(root, "sys/fs/cgroup/memory", path, "memory.limit_in_bytes");
		best = v < best ? v : best;
	}
	return best;
}

/* machine_memory - MemTotal, or the physical pages for this host; 0: unknown. */
static uint64_t machine_memory(const char *root)
{
	char buf[LINE_MAX_LEN], *p;
	unsigned long long kb;
	long pages, size;

	if (slurp(root, "proc/meminfo", buf, sizeof(buf)) == 0 &&
	    (p = strstr(buf, "MemTotal:")) != NULL &&
	    sscanf(p, "MemTotal: %llu kB", &kb) == 1 && kb > 0)
		return (uint64_t)kb * 1024;
	if (strcmp(root, "/") != 0)
		return 0;
	pages = sysconf(_SC_PHYS_PAGES);
	size = sysconf(_SC_PAGESIZE);
	return pages > 0 && size > 0 ? (uint64_t)pages * (uint64_t)size : 0;
}

uint64_t cairn_memavail_read(const char *root)
{
	uint64_t cg = cgroup_limit(root), mem = machine_memory(root);

	if (mem == 0)
		return cg == UINT64_MAX ? 0 : cg;
	return cg < mem ? cg : mem;
}

uint64_t cairn_memavail_default_total(void)
{
	uint64_t m = cairn_memavail_read("/");

	/* Nothing known (no /proc): no bound beyond memory_budget's. */
	return m == 0 ? UINT64_MAX / 4 * 3 : m / 4 * 3;
}

bool cairn_memavail_admit(uint64_t held, uint64_t need, uint64_t total)
{
	return held == 0 || (held <= total && need <= total - held);
}

uint64_t cairn_memavail_fit(uint64_t need, uint64_t total)
{
	uint64_t n = need == 0 ? UINT64_MAX : total / need;

	return n == 0 ? 1 : n;
}
