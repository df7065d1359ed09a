/*
 * cairn_release - granting a problem set's results once its feedback
 * may be read.
 *
 * The problem sets are those of problems_dir (NAME.yaml), each asked
 * for its policy through the daemon's cache, so that a walk reads a set
 * again only when it changed.  A set whose release time has passed and
 * whose marker is missing has its graded results (status ok: error and
 * refused results were readable at once) granted to their owners: the
 * uid a YAML or JSON result records, or for a CSV result, which records
 * none, its owner's uid from the user database, or the number itself
 * when the owner is a uid in decimal (an account the database does not
 * know).  The owner's directories are granted too: they are readable
 * by the owner whatever the feedback, and granting them again costs
 * nothing.  The marker is made only once every grant was made, so that
 * a walk stopped by an error is done again by the next one.  The results
 * held back in an owner's .held/ (cairn_withheld.h) are granted and moved
 * into the owner's directory, earliest arrival first, so that the latest
 * one is current and history/ counts up in arrival order as if each had
 * been published there.  Where the file system keeps no ACLs there is
 * nothing to grant, but held results are shown all the same, so that
 * results/OWNER/ looks as with ACLs.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cairn_acl.h"
#include "cairn_dir.h"
#include "cairn_mem.h"
#include "cairn_policy_rules.h"
#include "cairn_publish.h"
#include "cairn_release.h"
#include "cairn_spool.h"
#include "cairn_spool_dirs.h"
#include "cairn_submissions.h"
#include "cairn_withheld.h"

/* set_file - NAME.yaml that may name a problem set */
static int set_file(int dir_fd, const char *name, void *arg)
{
	size_t len = strlen(name);
	struct stat st;

	(void)arg;
	return len > 5 && strcmp(name + len - 5, ".yaml") == 0 && name[0] != '.' &&
	       fstatat(dir_fd, name, &st, 0) == 0 && S_ISREG(st.st_mode);
}

/* owner_dir - a directory of results/ that is an owner's */
static int owner_dir(int dir_fd, const char *name, void *arg)
{
	struct stat st;

	(void)arg;
	return name[0] != '.' && fstatat(dir_fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	       S_ISDIR(st.st_mode);
}

/* owner_uid - the uid of a result's owner; 0, or -1 when none is known */
static int owner_uid(const struct cairn_result_file *r, uid_t *uid)
{
	char buf[4096], *end;
	struct passwd pw, *found = NULL;

	if (r->has_uid) {
		*uid = (uid_t)r->uid;
		return 0;
	}
	if (r->owner == NULL || r->owner[0] == '\0')
		return -1;
	errno = 0;
	unsigned long v = strtoul(r->owner, &end, 10);
	if (r->owner[0] >= '0' && r->owner[0] <= '9' && *end == '\0' && errno == 0 &&
	    v <= UINT32_MAX) {
		*uid = (uid_t)v;
		return 0;
	}
	if (getpwnam_r(r->owner, &pw, buf, sizeof(buf), &found) != 0 || found == NULL)
		return -1;
	*uid = found->pw_uid;
	return 0;
}

/* What granting one owner's results of a set needs. */
struct granting {
	const char *set;
	uid_t self;
	int owner_fd;
	unsigned results;
};

/* Whose results one release grants. */
struct releasing {
	const char *set;
	const struct cairn_policy *p;	/* the set's, with its extensions */
	int64_t at;			/* the release time */
	const char *only;		/* this owner's alone, or NULL: all but */
};

/*
 * released_with - whether owner's results go with release rl: the
 * owner's own release, or, for the set's, an owner whose extension does
 * not move its release time.
 */
static int released_with(const struct releasing *rl, const char *owner)
{
	struct cairn_policy q;

	if (rl->only != NULL)
		return strcmp(owner, rl->only) == 0;
	if (cairn_policy_ext_find(rl->p, owner) == NULL)
		return 1;
	cairn_policy_of_owner(rl->p, owner, &q);
	return cairn_policy_rules_release_ms(&q) == rl->at;
}

static int grant_one(void *arg, int fd, const struct cairn_result_file *r)
{
	struct granting *g = arg;
	uid_t uid;
	int rc;

	if (r->error != NULL || r->problem_set == NULL || strcmp(r->problem_set, g->set) != 0 ||
	    owner_uid(r, &uid) < 0 || uid == g->self)
		return 0;
	/* The owner's directory too: readable whatever the feedback, at no cost. */
	if ((rc = cairn_acl_grant(g->owner_fd, uid, 1)) < 0 ||
	    (rc = cairn_publish_grant_fd(g->owner_fd, fd, uid)) < 0)
		return rc;
	g->results++;
	return 0;
}

/* One held result of the set, shown in the order of arrivals. */
struct held {
	char *where;			/* in .held/: "NAME", "history/NAME.K.EXT" */
	struct timespec at;		/* its arrival */
	uid_t uid;
};

/* The held results of one owner's directory that a release shows. */
struct holding {
	const struct granting *g;
	struct held *v;
	size_t n, cap;
};

static int hold_one(void *arg, const char *where, int fd, const struct cairn_result_file *r)
{
	struct holding *h = arg;
	struct stat st;
	uid_t uid;

	if (r->error != NULL || r->problem_set == NULL ||
	    strcmp(r->problem_set, h->g->set) != 0 || owner_uid(r, &uid) < 0)
		return 0;
	if (fstat(fd, &st) < 0)
		return -errno;
	h->v = cairn_xgrow(h->v, &h->cap, h->n + 1, sizeof(h->v[0]));
	h->v[h->n++] = (struct held){ cairn_xstrdup(where), st.st_mtim, uid };
	return 0;
}

/* by_arrival - earlier arrivals first, so that history/ counts up in their order */
static int by_arrival(const void *a, const void *b)
{
	const struct held *x = a, *y = b;

	if (x->at.tv_sec != y->at.tv_sec)
		return x->at.tv_sec < y->at.tv_sec ? -1 : 1;
	if (x->at.tv_nsec != y->at.tv_nsec)
		return x->at.tv_nsec < y->at.tv_nsec ? -1 : 1;
	return strcmp(x->where, y->where);
}

/*
 * show_held - the set's results held in the owner's .held/, granted and
 * moved into the owner's directory, earliest arrival first; 0 or -errno
 */
static int show_held(const struct cairn_release *rw, struct granting *g)
{
	int held_fd = cairn_withheld_dir(g->owner_fd, 0), rc;
	struct holding h = { g, NULL, 0, 0 };

	if (held_fd < 0)
		return held_fd == -ENOENT ? 0 : held_fd;
	rc = cairn_submissions_each_at(held_fd, hold_one, &h);
	if (h.n > 1)
		qsort(h.v, h.n, sizeof(h.v[0]), by_arrival);
	for (size_t i = 0; i < h.n; i++) {
		struct cairn_newest nw = {
			.lock_dir = rw->root_fd, .lock_path = CAIRN_RESULTS_LOCK,
			.noreplace = rw->noreplace, .history = 1, .reader = h.v[i].uid,
		};

		if (rc == 0 && (rc = cairn_withheld_show(g->owner_fd, held_fd, h.v[i].where,
							 h.v[i].uid != g->self, &nw,
							 rw->fsync)) == 0)
			g->results++;
		free(h.v[i].where);
	}
	free(h.v);
	close(held_fd);
	return rc;
}

/* grant_set - every graded result that rl releases; how many, or -errno */
static int grant_set(const struct cairn_release *rw, const struct releasing *rl, unsigned *n)
{
	struct granting g = { rl->set, rw->self, -1, 0 };
	char **owners;
	int k = cairn_dir_list(rw->results_fd, ".", owner_dir, NULL, &owners), rc = 0;

	if (k < 0)
		return k;
	for (int i = 0; rc == 0 && i < k; i++) {
		if (!released_with(rl, owners[i]))
			continue;
		g.owner_fd = openat(rw->results_fd, owners[i], O_RDONLY | O_DIRECTORY |
				    O_NOFOLLOW | O_CLOEXEC);
		if (g.owner_fd < 0) {
			rc = errno == ENOENT ? 0 : -errno;
			continue;
		}
		rc = cairn_submissions_each(g.owner_fd, grant_one, &g);
		if (rc == 0)
			rc = show_held(rw, &g);
		close(g.owner_fd);
	}
	cairn_dir_free(owners);
	*n = g.results;
	return rc;
}

/*
 * marker - results/.released/SET@MS, or SET@MS@OWNER for one owner's
 * release: 1 when there, 0 when made now, or -errno
 */
static int marker(const struct cairn_release *rw, const struct releasing *rl, int make)
{
	char name[400];
	int dir = cairn_spool_owner_dir(rw->results_fd, CAIRN_RELEASED_DIR, 0, 0), fd, rc;
	struct stat st;

	if (dir < 0)
		return dir;
	snprintf(name, sizeof(name), "%s@%lld%s%s", rl->set, (long long)rl->at,
		 rl->only ? "@" : "", rl->only ? rl->only : "");
	if (!make) {
		rc = fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW) == 0 ? 1 :
		     errno == ENOENT ? 0 : -errno;
	} else {
		fd = openat(dir, name, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0640);
		rc = fd < 0 ? -errno : 0;
		if (fd >= 0)
			close(fd);
	}
	close(dir);
	return rc;
}

static void note(struct cairn_release *rw, const char *set, unsigned results, int err)
{
	rw->done = cairn_xgrow(rw->done, &rw->cap, rw->ndone + 1, sizeof(rw->done[0]));
	rw->done[rw->ndone].set = cairn_xstrdup(set);
	rw->done[rw->ndone].results = results;
	rw->done[rw->ndone++].err = err;
}

/* release - grant what rl releases once its time came, and mark it done */
static void release(struct cairn_release *rw, const struct releasing *rl)
{
	unsigned n = 0;
	int rc;

	if (rl->at == CAIRN_RELEASE_NOW || rl->at == CAIRN_RELEASE_NEVER)
		return;
	if (rl->at > rw->now_ms) {
		if (rl->at < rw->next_ms)
			rw->next_ms = rl->at;
		return;
	}
	if ((rc = marker(rw, rl, 0)) != 0) {
		if (rc < 0)
			note(rw, rl->set, 0, -rc);
		return;
	}
	if ((rc = grant_set(rw, rl, &n)) == 0)
		rc = marker(rw, rl, 1);
	note(rw, rl->set, n, rc < 0 ? -rc : 0);
}

/*
 * one_set - the policy of set: its limit, and its releases when due: the
 * set's, and that of each owner whose extension moves it
 */
static void one_set(struct cairn_release *rw, const char *set)
{
	struct cairn_policy p;

	if (!cairn_problems_valid_name(set) ||
	    cairn_problems_policy(rw->cache, rw->problems_dir, set, &p) < 0)
		return;
	if (p.present && p.max_submissions > 0)
		rw->limits = 1;
	if (p.present) {
		struct releasing rl = { set, &p, cairn_policy_rules_release_ms(&p), NULL };

		release(rw, &rl);
		for (size_t i = 0; i < p.next; i++) {
			struct releasing own = { set, &p, 0, p.ext[i].owner };
			struct cairn_policy q;

			cairn_policy_of_owner(&p, own.only, &q);
			own.at = cairn_policy_rules_release_ms(&q);
			if (own.at != rl.at)
				release(rw, &own);
		}
	}
	cairn_policy_free(&p);
}

void cairn_release_walk(struct cairn_release *rw)
{
	char **names;
	int k = cairn_dir_list(AT_FDCWD, rw->problems_dir, set_file, NULL, &names);

	rw->limits = 0;
	rw->next_ms = INT64_MAX;
	rw->list_err = k < 0 && k != -ENOENT ? -k : 0;
	for (int i = 0; i < k; i++) {
		names[i][strlen(names[i]) - 5] = '\0';
		one_set(rw, names[i]);
	}
	if (k >= 0)
		cairn_dir_free(names);
}

void cairn_release_clear(struct cairn_release *rw)
{
	for (size_t i = 0; i < rw->ndone; i++)
		free(rw->done[i].set);
	free(rw->done);
	rw->done = NULL;
	rw->ndone = rw->cap = 0;
}
