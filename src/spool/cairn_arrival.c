/*
 * cairn_arrival - arrival records of stored inputs (cairn_arrival.h).
 *
 * The attribute is a fixed record of 56 bytes, small enough for the
 * inode; it names the input by the length and hash of its name, which
 * is the stored input's own or the one that numbers it.  In the file
 * (and the attribute of earlier versions) the name goes after its
 * length, so that no byte of it (a newline, a colon, digits) can be
 * taken for the rest of the record, and the rest is one "key value"
 * line per fact, unknown keys passed over.  A record with a single line
 * is an older version's: the name alone.  The text attribute says the
 * arrival in a line of its own; the file, written where there are no
 * attributes, by its modification time, as older versions did.  A
 * stored input is opened to read its attribute without
 * following a link and without waiting (a FIFO put in its place), and
 * neither writing nor reading allocates.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "cairn_arrival.h"
#include "cairn_dir.h"
#include "cairn_fnv.h"
#include "cairn_mem.h"
#include "cairn_spoolname.h"

/* A record: a name (at most NAME_MAX bytes), its length and a few lines. */
#define ARRIVAL_MAX 4096

/*
 * compose - the record file's text of name into buf (ARRIVAL_MAX bytes):
 * its length, or 0 when the name is too long
 */
static size_t compose(char *buf, const char *name, uint32_t uid, const char *sha256)
{
	size_t len = strlen(name);

	if (len > NAME_MAX)
		return 0;
	return (size_t)snprintf(buf, ARRIVAL_MAX, "%zu:%s\nuid %lu\nsha256 %s\n", len, name,
				(unsigned long)uid, sha256 != NULL ? sha256 : "-");
}

/* put_le - v into p[0..n), least significant byte first */
static void put_le(unsigned char *p, uint64_t v, size_t n)
{
	for (size_t i = 0; i < n; i++, v >>= 8)
		p[i] = (unsigned char)(v & 0xff);
}

/* get_le - p[0..n), least significant byte first */
static uint64_t get_le(const unsigned char *p, size_t n)
{
	uint64_t v = 0;

	while (n-- > 0)
		v = v << 8 | p[n];
	return v;
}

/* name_hash - what the attribute keeps of a name: FNV-1a's low 32 bits */
static uint32_t name_hash(const char *name)
{
	return (uint32_t)(cairn_fnv_name(name) & 0xffffffffu);
}

int cairn_arrival_set(int fd, const char *name, const struct timespec *arrival, uint32_t uid,
		      const char *sha256)
{
	unsigned char v[CAIRN_ARRIVAL_ATTR_LEN] = { 0 };
	size_t len = strlen(name);

	if (len == 0 || len > NAME_MAX)
		return ENAMETOOLONG;
	if (sha256 != NULL && cairn_sha256_from_hex(sha256, v + 24) < 0)
		return EINVAL;
	v[1] = sha256 != NULL;
	v[2] = (unsigned char)len;
	put_le(v + 4, name_hash(name), 4);
	put_le(v + 8, uid, 4);
	put_le(v + 12, (uint64_t)(int64_t)arrival->tv_sec, 8);
	put_le(v + 20, (uint64_t)arrival->tv_nsec, 4);
	return fsetxattr(fd, CAIRN_ARRIVAL_XATTR, v, sizeof v, 0) < 0 ? errno : 0;
}

int cairn_arrival_write(int arrival_fd, const char *as, const char *name,
			const struct timespec *arrival, uint32_t uid, const char *sha256)
{
	struct timespec ts[2] = { { 0, UTIME_OMIT }, *arrival };
	char buf[ARRIVAL_MAX];
	size_t len = compose(buf, name, uid, sha256);
	ssize_t got;
	int fd, e = 0;

	if (len == 0)
		return ENAMETOOLONG;
	fd = openat(arrival_fd, as, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_NONBLOCK |
		    O_CLOEXEC, 0640);
	if (fd < 0)
		return errno;
	got = write(fd, buf, len);
	if (got != (ssize_t)len)
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

/* when - the arrival "S.NNNNNNNNN" of p[0..n) into *t; 0, or -1 */
static int when(const char *p, size_t n, struct timespec *t)
{
	char num[32], *e;
	const char *dot = memchr(p, '.', n);
	long long sec;
	long nsec;

	if (dot == NULL || dot == p || n - (size_t)(dot - p) != 10 || n >= sizeof num ||
	    p[0] < '0' || p[0] > '9' || dot[1] < '0' || dot[1] > '9')
		return -1;
	memcpy(num, p, n);
	num[n] = '\0';
	num[dot - p] = '\0';
	errno = 0;
	sec = strtoll(num, &e, 10);
	if (*e != '\0' || errno != 0)
		return -1;
	nsec = strtol(num + (dot - p) + 1, &e, 10);
	if (*e != '\0' || nsec < 0)
		return -1;
	t->tv_sec = (time_t)sec;
	t->tv_nsec = nsec;
	return 0;
}

/*
 * facts - the "key value" lines of text[0..len) into a, *timed set when
 * they say the arrival; 0, or -1
 */
static int facts(const char *text, size_t len, struct cairn_arrival *a, int *timed)
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
		} else if (n > 8 && memcmp(p, "arrival ", 8) == 0) {
			if (when(p + 8, n - 8, &a->time) < 0)
				return -1;
			*timed = 1;
		}
		p = nl + 1;
	}
	return 0;
}

/*
 * parse - text[0..len) in either form into a (cleared first), *timed set
 * when it says the arrival; 0, or -1
 */
static int parse(const char *text, size_t len, struct cairn_arrival *a, int *timed)
{
	const char *name = text, *p = text;
	size_t n = 0;

	memset(a, 0, sizeof *a);
	*timed = 0;
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
		if (facts(name + n + 1, (size_t)(text + len - (name + n + 1)), a, timed) < 0)
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

/*
 * name_is - whether p[0..n) + q[0..m) is the name of length len and hash
 * h, then in out; with inner_dot >= 0, only a name that has (1) or has
 * not (0) a dot past its first byte, where cairn_spoolname_numbered()
 * puts the number before the extension or after the name
 */
static int name_is(const char *p, size_t n, const char *q, size_t m, size_t len, uint32_t h,
		   int inner_dot, char out[NAME_MAX + 1])
{
	const char *dot;

	if (n + m != len || len > NAME_MAX)
		return 0;
	memcpy(out, p, n);
	memcpy(out + n, q, m);
	out[len] = '\0';
	dot = strrchr(out, '.');
	return (inner_dot < 0 || inner_dot == (dot != NULL && dot != out)) &&
	       name_hash(out) == h;
}

/*
 * numbered_k - whether p[0..n) is a number that cairn_spoolname_numbered()
 * writes: 1 to CAIRN_NUMBERED_MAX, no leading zero
 */
static int numbered_k(const char *p, size_t n)
{
	unsigned long k = 0;

	if (n == 0 || n > 7 || p[0] == '0')
		return 0;
	for (size_t i = 0; i < n; i++) {
		if (p[i] < '0' || p[i] > '9')
			return 0;
		k = k * 10 + (unsigned long)(p[i] - '0');
	}
	return k <= CAIRN_NUMBERED_MAX;
}

/*
 * unnumbered - the name an attribute of len and hash h says, of the
 * stored input `as`: `as` itself, or the name that numbered gives `as`
 * ("hw1.yaml" of "hw1.2.yaml", "notes" of "notes.3"); 0, or -1
 */
static int unnumbered(const char *as, size_t len, uint32_t h, char out[NAME_MAX + 1])
{
	size_t n = strlen(as);
	const char *last = strrchr(as, '.'), *before;

	if (name_is(as, n, "", 0, len, h, -1, out))
		return 0;
	if (last == NULL || last == as)
		return -1;
	/* "NAME.K": NAME without a dot but a leading one */
	if (numbered_k(last + 1, n - (size_t)(last - as) - 1) &&
	    name_is(as, (size_t)(last - as), "", 0, len, h, 0, out))
		return 0;
	/* "BASE.K.EXT" of "BASE.EXT" */
	for (before = last - 1; before > as && *before != '.'; before--)
		;
	if (before > as && numbered_k(before + 1, (size_t)(last - before) - 1) &&
	    name_is(as, (size_t)(before - as), last, n - (size_t)(last - as), len, h, 1, out))
		return 0;
	return -1;
}

/*
 * decode - the attribute v (CAIRN_ARRIVAL_ATTR_LEN bytes) of stored input
 * `as` into a (cleared first); 0, or -1 when it is not sound
 */
static int decode(const unsigned char *v, const char *as, struct cairn_arrival *a)
{
	uint64_t nsec = get_le(v + 20, 4);

	memset(a, 0, sizeof *a);
	if (v[0] != 0 || v[1] > 1 || v[2] == 0 || v[3] != 0 || nsec >= 1000000000u ||
	    unnumbered(as, v[2], (uint32_t)get_le(v + 4, 4), a->name) < 0 ||
	    strcmp(a->name, ".") == 0 || strcmp(a->name, "..") == 0)
		return -1;
	a->has_uid = 1;
	a->uid = (uint32_t)get_le(v + 8, 4);
	a->time.tv_sec = (time_t)(int64_t)get_le(v + 12, 8);
	a->time.tv_nsec = (long)nsec;
	a->digest = v[1] ? CAIRN_ARRIVAL_SHA256 : CAIRN_ARRIVAL_UNREAD;
	if (v[1])
		cairn_sha256_to_hex(v + 24, a->sha256);
	return 0;
}

/*
 * from_attr - the record that is the attribute of owner_fd/AS into a; 0,
 * or -1.  Only on a file owned by the owner directory's owner (the
 * daemon's copy): older versions stored the submitter's own file, on
 * which she can set any attribute she likes.  Its compact form, or the
 * text of earlier versions with an arrival line.
 */
static int from_attr(int owner_fd, const char *as, struct cairn_arrival *a)
{
	int fd = openat(owner_fd, as, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC), timed;
	char text[ARRIVAL_MAX];
	struct stat st, dir;
	ssize_t len = -1;

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) == 0 && fstat(owner_fd, &dir) == 0 && st.st_uid == dir.st_uid)
		len = fgetxattr(fd, CAIRN_ARRIVAL_XATTR, text, sizeof text);
	close(fd);
	if (len == CAIRN_ARRIVAL_ATTR_LEN && text[0] == '\0')
		return decode((const unsigned char *)text, as, a);
	return len <= 0 || parse(text, (size_t)len, a, &timed) < 0 || !timed ? -1 : 0;
}

/* from_file - the record that is the file arrival_fd/AS into a; 0, or -1 */
static int from_file(int arrival_fd, const char *as, struct cairn_arrival *a)
{
	int fd = openat(arrival_fd, as, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC), timed;
	char text[ARRIVAL_MAX];
	struct stat st;
	ssize_t len = -1;

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode))
		len = read(fd, text, sizeof text);
	close(fd);
	if (len <= 0 || len == (ssize_t)sizeof text || parse(text, (size_t)len, a, &timed) < 0)
		return -1;
	if (!timed)
		a->time = st.st_mtim;
	return 0;
}

int cairn_arrival_load(int owner_fd, int arrival_fd, const char *as, struct cairn_arrival *a)
{
	if (owner_fd >= 0 && from_attr(owner_fd, as, a) == 0)
		return 0;
	return arrival_fd >= 0 ? from_file(arrival_fd, as, a) : -1;
}

int cairn_arrival_read(int owner_fd, const char *as, char **name, struct timespec *arrival)
{
	struct cairn_arrival a;
	int dir, r = from_attr(owner_fd, as, &a);

	if (r < 0) {
		dir = openat(owner_fd, CAIRN_ARRIVAL_DIR, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
			     O_CLOEXEC);
		if (dir < 0)
			return -1;
		r = from_file(dir, as, &a);
		close(dir);
	}
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
	int arrival_fd;
	const char *as, *sha256;
	const struct timespec *arrival;
	uint32_t uid;
};

/* one_of - whether stored input NAME of owner_fd is the input looked for */
static int one_of(int owner_fd, const char *name, void *arg)
{
	const struct finding *f = arg;
	struct cairn_arrival a;

	return name[0] != '.' && cairn_arrival_load(owner_fd, f->arrival_fd, name, &a) == 0 &&
	       same(&a, f->as, f->arrival, f->uid, f->sha256);
}

/*
 * every_record - cairn_arrival_find() over every stored input of
 * owner_fd: a record of one that is gone is no stored input
 */
static char *every_record(int owner_fd, int arrival_fd, const char *as,
			  const struct timespec *arrival, uint32_t uid, const char *sha256)
{
	struct finding f = { arrival_fd, as, sha256, arrival, uid };
	char **names, *found = NULL;

	if (cairn_dir_list(owner_fd, ".", one_of, &f, &names) < 0)
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
	for (unsigned k = 0; owner_fd >= 0 && k <= CAIRN_NUMBERED_MAX; k++) {
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
		if (cairn_arrival_load(owner_fd, arrival_fd, to, &a) == 0 &&
		    same(&a, as, arrival, uid, sha256))
			return to;
		free(to);
	}
	return every && owner_fd >= 0 ? every_record(owner_fd, arrival_fd, as, arrival, uid,
						      sha256) : NULL;
}

char *cairn_arrival_find(int owner_fd, int arrival_fd, const char *as,
			 const struct timespec *arrival, uint32_t uid, const char *sha256,
			 int every)
{
	return cairn_arrival_find_free(owner_fd, arrival_fd, as, arrival, uid, sha256, every,
				       NULL);
}

int cairn_arrival_time(int owner_fd, int arrival_fd, const char *as, struct timespec *arrival)
{
	struct cairn_arrival a;
	struct stat st;

	if (owner_fd >= 0 && from_attr(owner_fd, as, &a) == 0) {
		*arrival = a.time;
		return 0;
	}
	if (arrival_fd < 0 || fstatat(arrival_fd, as, &st, AT_SYMLINK_NOFOLLOW) < 0 ||
	    !S_ISREG(st.st_mode))
		return -1;
	*arrival = st.st_mtim;
	return 0;
}
