/*
 * cairn_fnv - the 64-bit FNV-1a hash of a name, for the in-memory tables
 * of names (not for anything an attacker's choice of names must not
 * crowd: the tables it indexes are bounded or hold what one account
 * handed in).
 */
#ifndef CAIRN_FNV_H
#define CAIRN_FNV_H

#include <stdint.h>

static inline uint64_t cairn_fnv_name(const char *s)
{
	uint64_t h = 1469598103934665603ull;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

#endif
