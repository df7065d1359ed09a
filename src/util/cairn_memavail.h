/*
 * cairn_memavail - how much memory the service may use (doc/spool.md).
 *
 * The least of the memory limits of the process's own memory cgroup and
 * of its ancestors (cgroup v2 memory.max, cgroup v1
 * memory.limit_in_bytes), and of the machine's memory (MemTotal of
 * /proc/meminfo, else physical pages).  memory_total defaults to three
 * quarters of it.  Every path is read under a root directory, so that
 * tests can point the reader at fake /proc and /sys/fs/cgroup trees.
 */
#ifndef CAIRN_MEMAVAIL_H
#define CAIRN_MEMAVAIL_H

#include <stdint.h>
#include <stdbool.h>

/*
 * The memory available under `root` ("/" for this host): > 0, or 0 when
 * nothing says (no meminfo, no cgroup limit, and root is not "/").
 */
uint64_t cairn_memavail_read(const char *root);
/*
 * Admission (doc/spool.md, "Fairness and memory"): whether a job that reserves
 * `need` bytes may start while `held` are reserved by the jobs running,
 * within `total`.  A job always may when none runs, so that a file is
 * never kept waiting for room that cannot come (memory_budget larger
 * than memory_total: one at a time).
 */
bool cairn_memavail_admit(uint64_t held, uint64_t need, uint64_t total);
/* How many jobs of `need` bytes run at once within `total`: 1 at least. */
uint64_t cairn_memavail_fit(uint64_t need, uint64_t total);
/* memory_total's default: three quarters of cairn_memavail_read("/"). */
uint64_t cairn_memavail_default_total(void);

#endif
