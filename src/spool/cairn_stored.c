/*
 * cairn_stored - the inputs kept in done/OWNER/ and failed/OWNER/, with
 * their arrival records, listed in the order they are graded again and
 * read back as the daemon reads a claimed file.
 *
 * An input keeps what the daemon knew of it when it took it: its owner
 * is the name of the owner's directory it is stored in (and its uid the
 * one its arrival record keeps, or for an older version's record the
 * stored file's owner, which that version's move kept), its arrival the
 * one its arrival record says (cairn_arrival.h).  Its bytes are graded again only when they
 * are those graded when it arrived (the record's sha256): a stored input
 * changed since is refused, never taken for what was handed in.  Only owners' directories
 * whose names are safe owner names count, and no symbolic link is
 * followed.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cairn_arrival.h"
#include "cairn_dir.h"
#include "cairn_mem.h"
#include "cairn_owner.h"
#include "cairn_spool_dirs.h"
#include "cairn_stored.h"

static const char *const dir_names[2] = { CAIRN_DIR_DONE, CAIRN_DIR_FAILED };

struct listing {
	const struct cairn_stored_dirs *sd;
	struct cairn_stored *v;
	size_t n, cap;
};

/* chosen - whether owner is one of sd->owners (all, without them) */
static int chosen(const struct cairn_stored_dirs *sd, const char *owner)
{
	if (sd->owners == NULL)
		return 1;
	for (const char *const *o = sd->owners; *o != NULL; o++)
		if (strcmp(*o, owner) == 0)
			return 1;
	return 0;
}

static int keep_owner(int dir_fd, const char *name, void *arg)
{
	struct stat st;

	return cairn_origin_owner_safe(name) && chosen(arg, name) &&
	       fstatat(dir_fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode);
}

static int keep_input(int dir_fd, const char *name, void *arg)
{
	(void)dir_fd;
	(void)arg;
	return name[0] != '.';
}

/* owner_inputs - the stored inputs of DIR/OWNER/ into l */
static int owner_inputs(struct listing *l, int where, const char *owner, char *err, size_t errlen)
{
	char **names;
	int fd = openat(l->sd->dir_fd[where], owner, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
			O_CLOEXEC);
	int r = fd < 0 ? -errno : cairn_dir_list(fd, ".", keep_input, NULL, &names);
	int arrival_fd = r < 0 ? -1 : openat(fd, CAIRN_ARRIVAL_DIR, O_RDONLY | O_DIRECTORY |
					     O_NOFOLLOW | O_CLOEXEC);

	if (r < 0) {
		if (fd >= 0)
			close(fd);
		snprintf(err, errlen, "%s/%s: %s", dir_names[where], owner, strerror(-r));
		return r;
	}
	for (char **p = names; *p != NULL; p++) {
		struct cairn_stored s = { .where = where, .dir = dir_names[where], .stored = *p };
		struct cairn_arrival a;

		snprintf(s.owner, sizeof s.owner, "%s", owner);
		if (cairn_arrival_load(fd, arrival_fd, *p, &a) < 0) {
			l->sd->skipped(l->sd->arg, &s, "no arrival record");
			continue;
		}
		s.name = cairn_xstrdup(a.name);
		s.arrival = a.time;
		s.has_uid = a.has_uid;
		s.uid = a.uid;
		s.digest = a.digest;
		memcpy(s.sha256, a.sha256, sizeof s.sha256);
		s.stored = cairn_xstrdup(*p);
		l->v = cairn_xgrow(l->v, &l->cap, l->n + 1, sizeof *l->v);
		l->v[l->n++] = s;
	}
	cairn_dir_free(names);
	if (arrival_fd >= 0)
		close(arrival_fd);
	close(fd);
	return 0;
}

static int ts_cmp(const struct timespec *a, const struct timespec *b)
{
	if (a->tv_sec != b->tv_sec)
		return a->tv_sec < b->tv_sec ? -1 : 1;
	return (a->tv_nsec > b->tv_nsec) - (a->tv_nsec < b->tv_nsec);
}

/* by_arrival - per owner, oldest arrival first (then done/ first, by name) */
static int by_arrival(const void *pa, const void *pb)
{
	const struct cairn_stored *a = pa, *b = pb;
	int c;

	if ((c = strcmp(a->owner, b->owner)) != 0 || (c = ts_cmp(&a->arrival, &b->arrival)) != 0 ||
	    (c = a->where - b->where) != 0)
		return c;
	return strcmp(a->stored, b->stored);
}

int cairn_stored_list(const struct cairn_stored_dirs *sd, struct cairn_stored **out,
		      size_t *n, char *err, size_t errlen)
{
	struct listing l = { sd, NULL, 0, 0 };
	int r = 0;

	for (int d = 0; d < 2 && r == 0; d++) {
		char **owners;

		if (sd->dir_fd[d] < 0)
			continue;
		r = cairn_dir_list(sd->dir_fd[d], ".", keep_owner, (void *)sd, &owners);
		if (r < 0) {
			snprintf(err, errlen, "%s: %s", dir_names[d], strerror(-r));
			break;
		}
		r = 0;
		for (char **o = owners; *o != NULL && r == 0; o++)
			r = owner_inputs(&l, d, *o, err, errlen);
		cairn_dir_free(owners);
	}
	if (r < 0) {
		cairn_stored_free(l.v, l.n);
		return r;
	}
	if (l.n > 1)
		qsort(l.v, l.n, sizeof *l.v, by_arrival);
	*out = l.v;
	*n = l.n;
	return 0;
}

void cairn_stored_free(struct cairn_stored *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].stored);
		free(v[i].name);
	}
	free(v);
}

int cairn_stored_read(const struct cairn_stored_dirs *sd, const struct cairn_stored *s,
		      uint64_t max, struct cairn_buf *data, uint32_t *uid,
		      char *err, size_t errlen)
{
	char *path = cairn_xasprintf("%s/%s", s->owner, s->stored);
	int fd = openat(sd->dir_fd[s->where], path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK |
			O_CLOEXEC);
	struct stat st;
	int r;

	free(path);
	if (s->digest == CAIRN_ARRIVAL_UNREAD) {
		if (fd >= 0)
			close(fd);
		snprintf(err, errlen, "refused unread when it arrived, its bytes not kept: "
			 "not re-graded");
		return 1;
	}
	if (fd < 0 && errno == ELOOP) {
		snprintf(err, errlen, "a symbolic link: not re-graded");
		return 1;
	}
	if (fd < 0 || fstat(fd, &st) < 0) {
		r = -errno;
		snprintf(err, errlen, "%s", strerror(-r));
		if (fd >= 0)
			close(fd);
		return r;
	}
	*uid = s->has_uid ? s->uid : (uint32_t)st.st_uid;
	if (!S_ISREG(st.st_mode) || st.st_nlink != 1)
		r = 1;
	else
		r = cairn_buf_read_fd(data, fd, max);
	close(fd);
	if (r == 0 && s->digest == CAIRN_ARRIVAL_SHA256) {
		char hex[CAIRN_SHA256_HEX_LEN];

		cairn_sha256_hex(data->data != NULL ? data->data : "", data->len, hex);
		if (strcmp(hex, s->sha256) != 0) {
			snprintf(err, errlen, "its bytes are not those graded when it arrived "
				 "(sha256 %.12s..., its record says %.12s...): refused, its "
				 "result left as it is", hex, s->sha256);
			return -EBADMSG;
		}
	}
	if (r > 0)
		snprintf(err, errlen, "not a regular file with one link within "
			 "max_file_bytes: not re-graded");
	else if (r < 0)
		snprintf(err, errlen, "%s", strerror(-r));
	return r;
}
