/*
 * cairn_failure - the one table of what an errno value means to a job.
 *
 * The kinds are explained in cairn_failure.h.  The rule behind the table:
 * an error that names the file (its permissions, its name, the thing at
 * its result name) is the file's alone and final; an error of a resource
 * every file shares (the disk, the file system, the descriptors) is the
 * spool's, and taking more files would only fail them the same way; out
 * of memory, and an I/O or stale-handle error while reading one input,
 * may pass and are retried for that file.  An errno value the table does
 * not name is the spool's where the daemon writes, and a retry where it
 * reads, so that nothing unforeseen is ever published as a result.
 * One error is told apart by the entry it names rather than by the
 * table: a claim refused on a directory its submitter keeps to himself.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cairn_failure.h"
#include "cairn_mem.h"
#include "cairn_spool.h"

#define F CAIRN_FAIL_FILE
#define R CAIRN_FAIL_RETRY
#define S CAIRN_FAIL_SPOOL
#define G CAIRN_FAIL_GONE

static const struct row {
	int err;
	unsigned char kind[CAIRN_STEP_COUNT];	/* claim read process publish store */
} table[] = {
	{ EACCES,       { S, F, F, S, S } },	/* incoming/, results/ not writable */
	{ EPERM,        { S, F, F, S, S } },
	{ ENAMETOOLONG, { R, F, F, F, F } },
	{ EISDIR,       { S, F, F, F, S } },	/* a directory at results/NAME */
	{ ELOOP,        { S, F, F, S, S } },	/* the input is a symbolic link */
	{ ENOENT,       { G, G, F, S, S } },	/* taken; or results/ was removed */
	{ ENOMEM,       { R, R, R, R, R } },
	{ ENOSPC,       { S, S, S, S, S } },
	{ EDQUOT,       { S, S, S, S, S } },
	{ EIO,          { S, R, R, S, S } },
	{ EROFS,        { S, S, S, S, S } },
	{ EMFILE,       { S, S, S, S, S } },
	{ ENFILE,       { S, S, S, S, S } },
	{ ESTALE,       { S, R, R, S, S } },
	{ EEXIST,       { R, S, S, S, S } },	/* that name is held in processing/ */
};

static const unsigned char unknown[CAIRN_STEP_COUNT] = { S, R, R, S, S };

#undef F
#undef R
#undef S
#undef G

enum cairn_fail_kind cairn_failure_kind(enum cairn_fail_step step, int err)
{
	if ((unsigned)step >= CAIRN_STEP_COUNT)
		return CAIRN_FAIL_SPOOL;
	for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++)
		if (table[i].err == err)
			return (enum cairn_fail_kind)table[i].kind[step];
	return (enum cairn_fail_kind)unknown[step];
}

enum cairn_fail_kind cairn_failure_claim(int incoming_fd, const char *name,
					 const struct stat *st, int err, char *why, size_t whylen)
{
	enum cairn_fail_kind k = cairn_failure_kind(CAIRN_STEP_CLAIM, err);

	/*
	 * Not writable to the daemon: the directory's trouble.  One it may
	 * write failed for the spool's reason (incoming/ or processing/
	 * refused the rename), as a regular file would.
	 */
	if ((err == EACCES || err == EPERM) && S_ISDIR(st->st_mode) &&
	    faccessat(incoming_fd, name, W_OK, AT_EACCESS) < 0 && errno == EACCES) {
		snprintf(why, whylen, "not a regular file (%s), and the daemon may not "
			 "move it: %s", cairn_spool_kind(st->st_mode), strerror(err));
		return CAIRN_FAIL_FILE;
	}
	if (k != CAIRN_FAIL_GONE)
		snprintf(why, whylen, "claiming %s: %s", name, strerror(err));
	return k;
}

uint64_t cairn_failure_retry_ms(unsigned tries)
{
	return tries >= 5 ? 16000 : tries == 0 ? 1000 : 1000u << (tries - 1);
}

/* fnv1a - a 64-bit FNV-1a hash: distinctness, not secrecy, matters. */
static uint64_t fnv1a(const char *s)
{
	uint64_t h = 14695981039346656037u;

	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 1099511628211u;
	}
	return h;
}

static const char *extension(const char *name)
{
	static const char *const exts[] = { ".yaml", ".yml", ".csv" };
	size_t len = strlen(name);

	for (size_t i = 0; i < sizeof(exts) / sizeof(exts[0]); i++) {
		size_t n = strlen(exts[i]);

		if (len > n && strcmp(name + len - n, exts[i]) == 0)
			return exts[i];
	}
	return "";
}

char *cairn_failure_short_name(const char *name)
{
	const char *ext = extension(name);
	size_t keep = CAIRN_NAME_MAX - 1 - 16 - strlen(ext);
	size_t stem = strlen(name) - strlen(ext);

	if (keep > stem)
		keep = stem;
	/* Never cut a UTF-8 sequence: back up over continuation bytes. */
	while (keep > 0 && ((unsigned char)name[keep] & 0xc0) == 0x80)
		keep--;
	return cairn_xasprintf("%.*s-%016llx%s", (int)keep, name,
			       (unsigned long long)fnv1a(name), ext);
}
