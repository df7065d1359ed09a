/*
 * cairn_container - from a pointer to a member back to the struct it is
 * embedded in: libuv hands its callbacks the request or handle, the
 * daemon wants the job or the daemon around it.  The member must be the
 * one named; nothing is checked.
 */
#ifndef CAIRN_CONTAINER_H
#define CAIRN_CONTAINER_H

#include <stddef.h>

#define cairn_container_of(p, type, member) \
	((type *)(void *)((char *)(p) - offsetof(type, member)))

#endif
