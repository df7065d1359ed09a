/*
 * cairn_arrival - arrival records of stored inputs (cairn_arrival.h).
 *
 * The name goes after its length, so that no byte of it (a newline, a
 * colon, digits) can be taken for the rest of the record, and the rest is
 * one "key value" line per fact, unknown keys passed over.  A record
 * with a single line is an older version's: the name alone.  Neither
 * writing nor reading allocates.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include "cairn_arrival.h"
#include "cairn_dir.h"
#include "cairn_mem.h"
#include "cairn_spoolname.h"

/* A record: a name (at most NAME_MAX bytes), its length and a few lines. */
#define ARRIVAL_MAX 4096

int cairn_arrival_write(int arrival_fd, const char *as, const char *name,
			const struct timespec *arrival, uint32_t uid, const char *sha256)
{
	struct timespec ts[2] = { { 0, UTIME_OMIT }, *arrival };
	char head[32], tail[128];
	size_t len = strlen(name);
	int hl = snprintf(head, sizeof head, "%zu:", len);
	int tl = snprintf(tail, sizeof tail, "\nuid %lu\nsha256 %s\n", (unsigned long)uid,
			  sha256 != NULL ? sha256 : "-");
	struct iovec iov[3] = { { head, (size_t)hl }, { (void *)name, len }, { tail, (size_t)tl } };
	ssize_t want = (ssize_t)((size_t)hl + len + (size_t)tl), got;
	int fd = openat(arrival_fd, as, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW |
			O_NONBLOCK | O_CLOEXEC, 0640), e = 0;

	if (fd < 0)
		return errno;
	got = writev(fd, iov, 3);
	if (got != want)
		e = got < 0 ? errno : EIO;
	else if (futimens(fd, ts) < 0)
		e = errno;
	if (close(fd) < 0 && e == 0)
		e = errno;
	return e;
}

/* hex_ok - whether s is a lowercase sha256 in hex */
static int hex_ok(const char *s, size_t len)
{
	if (len != CAIRN_SHA256_HEX_LEN - 1)
		return 0;
	for (size_t i = 0; i < len; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
	return 1;
}

/* facts - the "key value" lines of text[0..len) into a; 0, or -1 */
static int facts(const char *text, size_t len, struct cairn_arrival *a)
{
	const char *p = text, *end = text + len;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n;

		if (nl == NULL)
			return -1;
		n = (size_t)(nl - p);
		if (n > 4 && memcmp(p, "uid ", 4) == 0) {
			char num[16], *e;
			unsigned long v;

			if (n - 4 >= sizeof num || p[4] < '0' || p[4] > '9')
				return -1;
			memcpy(num, p + 4, n - 4);
			num[n - 4] = '\0';
			v = strtoul(num, &e, 10);
			if (*e != '\0' || v > UINT32_MAX)
				return -1;
			a->has_uid = 1;
			a->uid = (uint32_t)v;
		} else if (n == 8 && memcmp(p, "sha256 -", 8) == 0) {
			a->digest = CAIRN_ARRIVAL_UNREAD;
		} else if (n > 7 && memcmp(p, "sha256 ", 7) == 0) {
			if (!hex_ok(p + 7, n - 7))
				return -1;
			memcpy(a->sha256, p + 7, n - 7);
			a->sha256[n - 7] = '\0';
			a->digest = CAIRN_ARRIVAL_SHA256;
		}
		p = nl + 1;
	}
	return 0;
}

/* parse - text[0..len) in either form into a; 0, or -1 */
static int parse(const char *text, size_t len, struct cairn_arrival *a)
{
	const char *name = text, *p = text;
	size_t n = 0;

	if (len < 2 || text[len - 1] != '\n')
		return -1;
	if (memchr(text, '\n', len - 1) == NULL) {
		n = len - 1;		/* an older version's: the name alone */
	} else {
		while (p < text + len && *p >= '0' && *p <= '9' && n <= NAME_MAX)
			n = n * 10 + (size_t)(*p++ - '0');
		if (p == text || p >= text + len || *p != ':' || n == 0 || n > NAME_MAX ||
		    (size_t)(text + len - (p + 1)) < n + 1 || p[1 + n] != '\n')
			return -1;
		name = p + 1;
		if (facts(name + n + 1, (size_t)(text + len - (name + n + 1)), a) < 0)
			return -1;
	}
	if (n == 0 || n > NAME_MAX || memchr(name, '\0', n) != NULL ||
	    memchr(name, '/', n) != NULL || (n == 1 && name[0] == '.') ||
	    (n == 2 && name[0] == '.' && name[1] == '.'))
		return -1;
	memcpy(a->name, name, n);
	a->name[n] = '\0';
	return 0;
}

int cairn_arrival_load(int arrival_fd, const char *as, struct cairn_arrival *a)
{
	int fd = openat(arrival_fd, as, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	char text[ARRIVAL_MAX];
	struct stat st;
	ssize_t len = -1;

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode))
		len = read(fd, text, sizeof text);
	close(fd);
	memset(a, 0, sizeof *a);
	if (len <= 0 || len == (ssize_t)sizeof text || parse(text, (size_t)len, a) < 0)
		return -1;
	a->time = st.st_mtim;
	return 0;
}

int cairn_arrival_read(int owner_fd, const char *as, char **name, struct timespec *arrival)
{
	int dir = openat(owner_fd, CAIRN_ARRIVAL_DIR, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
			 O_CLOEXEC);
	struct cairn_arrival a;
	int r;

	if (dir < 0)
		return -1;
	r = cairn_arrival_load(dir, as, &a);
	close(dir);
	if (r < 0)
		return -1;
	*name = cairn_xstrdup(a.name);
	*arrival = a.time;
	return 0;
}

/* same - whether record a is of the input as, arrival, uid (and sha256) */
static int same(const struct cairn_arrival *a, const char *as, const struct timespec *arrival,
		uint32_t uid, const char *sha256)
{
	return strcmp(a->name, as) == 0 && a->time.tv_sec == arrival->tv_sec &&
	       a->time.tv_nsec == arrival->tv_nsec && a->has_uid && a->uid == uid &&
	       !(sha256 != NULL && a->digest == CAIRN_ARRIVAL_SHA256 &&
		 strcmp(a->sha256, sha256) != 0);
}

/* What one_of() looks for. */
struct finding {
	int owner_fd;
	const char *as, *sha256;
	const struct timespec *arrival;
	uint32_t uid;
};

/* one_of - whether record NAME in arrival_fd is of the input looked for, stored */
static int one_of(int arrival_fd, const char *name, void *arg)
{
	const struct finding *f = arg;
	struct cairn_arrival a;
	struct stat st;

	return name[0] != '.' && cairn_arrival_load(arrival_fd, name, &a) == 0 &&
	       same(&a, f->as, f->arrival, f->uid, f->sha256) &&
	       fstatat(f->owner_fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0;
}

/* every_record - cairn_arrival_find() over every record in arrival_fd */
static char *every_record(int owner_fd, int arrival_fd, const char *as,
			  const struct timespec *arrival, uint32_t uid, const char *sha256)
{
	struct finding f = { owner_fd, as, sha256, arrival, uid };
	char **names, *found = NULL;

	if (cairn_dir_list(arrival_fd, ".", one_of, &f, &names) < 0)
		return NULL;
	if (names[0] != NULL)
		found = cairn_xstrdup(names[0]);
	cairn_dir_free(names);
	return found;
}

char *cairn_arrival_find_free(int owner_fd, int arrival_fd, const char *as,
			      const struct timespec *arrival, uint32_t uid, const char *sha256,
			      int every, char **free_name)
{
	if (free_name != NULL)
		*free_name = NULL;
	for (unsigned k = 0; arrival_fd >= 0 && k <= CAIRN_NUMBERED_MAX; k++) {
		char *to = cairn_spoolname_numbered(as, k);
		struct cairn_arrival a;
		struct stat st;

		if (fstatat(owner_fd, to, &st, AT_SYMLINK_NOFOLLOW) < 0) {
			if (errno == ENOENT && free_name != NULL)
				*free_name = to;
			else
				free(to);
			break;
		}
		if (cairn_arrival_load(arrival_fd, to, &a) == 0 && same(&a, as, arrival, uid, sha256))
			return to;
		free(to);
	}
	return every && arrival_fd >= 0 ? every_record(owner_fd, arrival_fd, as, arrival, uid,
							sha256) : NULL;
}

char *cairn_arrival_find(int owner_fd, int arrival_fd, const char *as,
			 const struct timespec *arrival, uint32_t uid, const char *sha256,
			 int every)
{
	return cairn_arrival_find_free(owner_fd, arrival_fd, as, arrival, uid, sha256, every,
				       NULL);
}

int cairn_arrival_time(int arrival_fd, const char *as, struct timespec *arrival)
{
	struct stat st;

	if (fstatat(arrival_fd, as, &st, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISREG(st.st_mode))
		return -1;
	*arrival = st.st_mtim;
	return 0;
}
