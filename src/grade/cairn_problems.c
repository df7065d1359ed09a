/*
 * cairn_problems - resolve a submission against its problem set.
 *
 * The set problems_dir/NAME.yaml is opened once per submission; its
 * identity (device, inode, size, modification time, all from fstat() of
 * the open descriptor, so identity and bytes belong together) picks a
 * parsed copy from the cache or has it parsed anew.  A parsed set is never
 * changed after it is built and is reference counted, so a reload by one
 * thread never frees a set another thread is still copying from; the
 * cache lock is never held while a file is read or parsed.  A broken set
 * is cached too, with its message, so it is not re-parsed for every
 * submission until it is fixed.  A set may also come from a source that
 * is not a directory (a test's or a fuzzer's texts in memory): it is then
 * parsed for each submission, uncached.  The answers meet the set's
 * puzzles in cairn_problems_merge.c.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cairn_buf.h"
#include "cairn_input.h"
#include "cairn_mem.h"
#include "cairn_problems.h"
#include "cairn_problems_merge.h"

static const struct cairn_limits default_limits = {
	CAIRN_DEFAULT_MAX_PILES, CAIRN_DEFAULT_MAX_FILE_BYTES,
};

/* One parsed problem set; read-only once built. */
struct set {
	atomic_uint refs;
	struct cairn_input in;		/* the puzzles, when error == NULL */
	char *error;			/* why the set cannot be used */
};

struct entry {
	char *name;
	struct stat st;			/* identity when parsed */
	struct set *set;
	struct entry *next;
};

struct cairn_problem_cache {
	pthread_mutex_t lock;
	struct entry *entries;
};

static void set_unref(struct set *s)
{
	if (s != NULL && atomic_fetch_sub(&s->refs, 1) == 1) {
		cairn_puzzle_input_free(&s->in);
		free(s->error);
		free(s);
	}
}

struct cairn_problem_cache *cairn_problems_cache_new(void)
{
	struct cairn_problem_cache *c = cairn_xcalloc(1, sizeof *c);

	pthread_mutex_init(&c->lock, NULL);
	return c;
}

void cairn_problems_cache_free(struct cairn_problem_cache *c)
{
	struct entry *e, *next;

	if (c == NULL)
		return;
	for (e = c->entries; e != NULL; e = next) {
		next = e->next;
		set_unref(e->set);
		free(e->name);
		free(e);
	}
	pthread_mutex_destroy(&c->lock);
	free(c);
}

static int same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino &&
	       a->st_size == b->st_size &&
	       a->st_mtim.tv_sec == b->st_mtim.tv_sec &&
	       a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

/* find - the entry for name; the caller holds the lock */
static struct entry **find(struct cairn_problem_cache *c, const char *name)
{
	struct entry **e;

	for (e = &c->entries; *e != NULL; e = &(*e)->next)
		if (strcmp((*e)->name, name) == 0)
			break;
	return e;
}

/* cache_get - a new reference to the cached set, if it is still current */
static struct set *cache_get(struct cairn_problem_cache *c, const char *name,
			     const struct stat *st)
{
	struct set *s = NULL;
	struct entry *e;

	pthread_mutex_lock(&c->lock);
	e = *find(c, name);
	if (e != NULL && same_file(&e->st, st)) {
		s = e->set;
		atomic_fetch_add(&s->refs, 1);
	}
	pthread_mutex_unlock(&c->lock);
	return s;
}

/* cache_put - remember s (or forget name when s is NULL) */
static void cache_put(struct cairn_problem_cache *c, const char *name,
		      const struct stat *st, struct set *s)
{
	struct entry **pe, *e, *fresh = NULL;
	struct set *old = NULL;

	/* Allocated before the lock: out of memory must not leave it held. */
	if (s != NULL) {
		fresh = cairn_xcalloc(1, sizeof *fresh);
		fresh->name = cairn_xstrdup(name);
	}
	pthread_mutex_lock(&c->lock);
	pe = find(c, name);
	e = *pe;
	if (e != NULL) {
		old = e->set;
		if (s == NULL) {
			*pe = e->next;
			free(e->name);
			free(e);
		}
	} else if (s != NULL) {
		e = fresh;
		fresh = NULL;
		e->next = c->entries;
		c->entries = e;
	}
	if (s != NULL) {
		atomic_fetch_add(&s->refs, 1);
		e->set = s;
		e->st = *st;
	}
	pthread_mutex_unlock(&c->lock);
	if (fresh != NULL) {
		free(fresh->name);
		free(fresh);
	}
	set_unref(old);
}

int cairn_problems_valid_name(const char *name)
{
	const char *c;

	if (name[0] == '\0' || name[0] == '.')
		return 0;
	for (c = name; *c; c++)
		if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
		      (*c >= '0' && *c <= '9') || strchr("._-", *c)))
			return 0;
	return 1;
}

/* label - "problems/hw1.yaml": the set's file as messages name it */
static char *label(const char *dir, const char *name)
{
	size_t len = strlen(dir);
	const char *base;

	while (len > 0 && dir[len - 1] == '/')
		len--;
	for (base = dir + len; base > dir && base[-1] != '/'; base--)
		;
	if (base == dir + len)
		return cairn_xasprintf("%s.yaml", name);
	return cairn_xasprintf("%.*s/%s.yaml", (int)(dir + len - base), base,
			       name);
}

char *cairn_problems_unfit(const struct cairn_input *in, size_t i)
{
	const struct cairn_puzzle *p = &in->puzzles[i];

	if (p->error != NULL)
		return cairn_xstrdup(p->error);
	if (p->id[0] == '#')
		return cairn_xasprintf("line %lu: puzzles[%zu]: a puzzle of a "
				       "problem set needs an id", p->line, i);
	if (p->expect.present)
		return cairn_xasprintf("line %lu: puzzle \"%s\": a problem set "
				       "states no answers (expect)", p->line,
				       p->id);
	return NULL;
}

/* broken - the first reason the parsed set cannot serve, or NULL */
static char *broken(const struct cairn_input *in)
{
	char *why = NULL;
	size_t i;

	for (i = 0; i < in->npuzzles && why == NULL; i++)
		why = cairn_problems_unfit(in, i);
	return why;
}

/* slurp - the whole of fd, at most max bytes */
static int slurp(int fd, size_t max, struct cairn_buf *b)
{
	int r = cairn_buf_read_fd(b, fd, max);

	cairn_buf_reserve(b, 0);
	return r == 1 ? -EFBIG : r;
}

char *cairn_problems_read(struct cairn_input *in, const char *name,
			  const char *data, size_t len, int rc,
			  const struct cairn_limits *limits)
{
	char *file = cairn_xasprintf("%s.yaml", name);

	cairn_puzzle_input_init(in, file, CAIRN_FORMAT_YAML);
	free(file);
	if (rc == -EFBIG || (rc == 0 && len > limits->max_file_bytes))
		return cairn_xasprintf("larger than max_file_bytes (%zu)",
				       limits->max_file_bytes);
	if (rc < 0)
		return cairn_xstrdup(strerror(-rc));
	cairn_yaml_in_read(in, data, len, limits);
	if (in->error != NULL)
		return cairn_xstrdup(in->error);
	if (in->shape != CAIRN_SHAPE_PUZZLES)
		return cairn_xstrdup("not a set of puzzles");
	return NULL;
}

/* parse - the set from its text; never NULL, maybe with an error */
static struct set *parse(const char *name, const char *where,
			 const char *data, size_t len, int rc,
			 const struct cairn_limits *limits)
{
	struct set *s = cairn_xcalloc(1, sizeof *s);
	char *why;

	atomic_init(&s->refs, 1);
	why = cairn_problems_read(&s->in, name, data, len, rc, limits);
	if (why == NULL)
		why = broken(&s->in);
	if (why != NULL) {
		s->error = cairn_xasprintf("problem set \"%s\": %s: %s", name,
					   where, why);
		free(why);
	}
	return s;
}

/* load - parse the set from fd; never NULL, maybe with an error */
static struct set *load(int fd, const char *name, const char *where,
			const struct cairn_limits *limits)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	struct set *s;
	int rc;

	rc = slurp(fd, limits->max_file_bytes, &b);
	s = parse(name, where, b.data, b.len, rc, limits);
	cairn_buf_free(&b);
	return s;
}

/*
 * open_set - a reference to the parsed set NAME, or NULL with *msg set
 * and *err the negative errno value of why
 */
static struct set *open_set(const char *dir, const char *name,
			    struct cairn_problem_cache *c,
			    const struct cairn_limits *limits, char **msg,
			    int *err)
{
	char *path = cairn_xasprintf("%s/%s.yaml", dir, name);
	char *where = label(dir, name);
	struct set *s = NULL;
	struct stat st;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0 && errno == ENOENT) {
		*err = -ENOENT;
		*msg = cairn_xasprintf("unknown problem set \"%s\"", name);
		if (c != NULL)
			cache_put(c, name, NULL, NULL);
	} else if (fd < 0 || fstat(fd, &st) < 0) {
		*err = -errno;
		*msg = cairn_xasprintf("problem set \"%s\": %s: %s", name,
				       where, strerror(-*err));
	} else if (!S_ISREG(st.st_mode)) {
		*err = -EINVAL;
		*msg = cairn_xasprintf("problem set \"%s\": %s: not a regular "
				       "file", name, where);
	} else if (c == NULL || (s = cache_get(c, name, &st)) == NULL) {
		s = load(fd, name, where, limits);
		if (c != NULL)
			cache_put(c, name, &st, s);
	}
	if (fd >= 0)
		close(fd);
	free(path);
	free(where);
	return s;
}

/* usable - the submission names a set that may be looked up; else fail it */
static int usable(struct cairn_input *in, int have_source)
{
	const char *name = in->problem_set;

	if (in->error != NULL || in->shape != CAIRN_SHAPE_SUBMISSION)
		return 0;
	if (name == NULL || !have_source) {
		cairn_puzzle_input_fail(in, 0, cairn_xstrdup(name == NULL ?
			"a submission needs problem_set" :
			"a submission needs a problems directory"));
		return 0;
	}
	if (!cairn_problems_valid_name(name)) {
		cairn_puzzle_input_fail(in, 0, cairn_xasprintf(
			"invalid problem set name \"%s\": letters, digits, '.', "
			"'_' and '-' only, not starting with '.'", name));
		return 0;
	}
	return 1;
}

/* use - merge the set into the submission, or fail it with msg / s->error */
static void use(struct cairn_input *in, struct set *s, char *msg)
{
	if (s == NULL)
		cairn_puzzle_input_fail(in, 0, msg);
	else if (s->error != NULL)
		cairn_puzzle_input_fail(in, 0, cairn_xstrdup(s->error));
	else {
		cairn_problems_merge(in, &s->in);
		/* The set's rules as its owner meets them, for cairn_process. */
		cairn_policy_free(&in->policy);
		cairn_policy_of_owner(&s->in.policy, in->origin ? in->origin->owner : NULL,
				      &in->policy);
	}
	set_unref(s);
}

void cairn_problems_resolve(struct cairn_input *in, const char *problems_dir,
			    struct cairn_problem_cache *cache,
			    const struct cairn_limits *limits)
{
	char *msg = NULL;
	struct set *s;
	int err;

	if (!usable(in, problems_dir != NULL))
		return;
	s = open_set(problems_dir, in->problem_set, cache,
		     limits ? limits : &default_limits, &msg, &err);
	use(in, s, msg);
}

void cairn_problems_resolve_from(struct cairn_input *in,
				 const struct cairn_problem_source *src,
				 const struct cairn_limits *limits)
{
	const char *name = in->problem_set, *data = NULL;
	char *where, *msg = NULL;
	struct set *s = NULL;
	size_t len = 0;
	int rc;

	if (!usable(in, src != NULL))
		return;
	rc = src->get(src->ctx, name, &data, &len);
	if (rc == -ENOENT) {
		msg = cairn_xasprintf("unknown problem set \"%s\"", name);
	} else {
		where = label(src->label, name);
		s = parse(name, where, data, len, rc,
			  limits ? limits : &default_limits);
		free(where);
	}
	use(in, s, msg);
}

int cairn_problems_policy(struct cairn_problem_cache *cache, const char *problems_dir,
			  const char *name, struct cairn_policy *out)
{
	char *msg = NULL;
	struct set *s;
	int rc = 0;

	memset(out, 0, sizeof *out);
	if (!cairn_problems_valid_name(name))
		return -EINVAL;
	s = open_set(problems_dir, name, cache, &default_limits, &msg, &rc);
	free(msg);
	if (s == NULL)
		return rc;
	if (s->error != NULL)
		rc = -EINVAL;
	else
		cairn_policy_copy(out, &s->in.policy);
	set_unref(s);
	return rc;
}
