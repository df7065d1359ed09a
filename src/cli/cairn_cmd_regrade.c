/*
 * cairn_cmd_regrade - `cairn regrade`: grade a spool's stored inputs
 * again after a problem set was fixed (cairn(1)), keeping each one's
 * owner and arrival (doc/spool.md), and say whose score changed.
 *
 * It works on the spool of the configuration, as cairnd does, and may
 * run beside a running daemon: results are published under the same
 * lock, and the later arrival's result always wins.  Run as root, it
 * first becomes the owner (and group) of the spool's results/, with
 * that account's groups, so that what it writes is the daemon's, in the
 * group that reads the gradebook (doc/operating.md), never root's.  One regrade
 * at a time: it holds processing/.regrade.lock, and removes the
 * temporary files an interrupted one left.  Inputs are taken per owner,
 * oldest arrival first (cairn_stored.h), each carried through the
 * daemon's own pipeline (cairn_pipeline.h) with the owner and arrival
 * it was stored with, so that a set fixed after its due time does not
 * make on-time work late, and only when its bytes are those graded when
 * it arrived (cairn_stored.h); a result that comes out the same bytes is not
 * written again.  Standard output gets one line per result whose score
 * or status changed and a summary line.
 */
#include "config.h"

#include <errno.h>
#include <stdatomic.h>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cairn_cli.h"
#include "cairn_cmd.h"
#include "cairn_mem.h"
#include "cairn_pipeline.h"
#include "cairn_report.h"
#include "cairn_result_read.h"
#include "cairn_spool_dirs.h"
#include "cairn_stored.h"
#include "cairn_time.h"
#include "cairn_utf8.h"

/* Exit status: 0, or 2 for any error (as cairn grade). */
#define REGRADE_ERROR 2

/* The lock that keeps two regrades apart, relative to the spool. */
#define REGRADE_LOCK CAIRN_DIR_PROCESSING "/.regrade.lock"

/* The pipeline's tag for this program's temporary files. */
#define REGRADE_TAG "regrade"

static const char usage[] =
	"Usage: cairn regrade [OPTIONS] [--owner NAME]... [--set NAME]...\n"
	"\n"
	"Process the inputs stored in the spool's done/OWNER/ and failed/OWNER/\n"
	"again (after a problem set was fixed), each with its owner and arrival\n"
	"time (its arrival record), per owner oldest first, and publish their\n"
	"results as cairnd does: a newer arrival's result stays current, and\n"
	"an input's earlier result is replaced where it is (current or in\n"
	"history/).  An input stays where it is stored.  For each result whose\n"
	"score or status changed it prints\n"
	"  OWNER FILE RECEIVED: OLD -> NEW\n"
	"(a score, or error, refused, none for nothing graded, - for no result\n"
	"before), then\n"
	"  inputs=N changed=C replaced=R unchanged=U skipped=S failed=F\n"
	"Inputs without an arrival record are skipped, named on stderr; one\n"
	"whose bytes are not those its record says were graded is refused\n"
	"(failed), named on stderr, its result left as it is.\n"
	"\n"
	"      --owner NAME        only this owner's inputs (repeatable)\n"
	"      --set NAME          only inputs of this problem set (repeatable)\n"
	"  -c, --config FILE       configuration file: its spool, problems_dir,\n"
	"                          plugin_dir, limits and fsync\n"
	"      --plugin-dir DIR    solver plugin directory\n"
	"      --problems DIR      problem sets directory (default SPOOL/problems)\n"
	"  -h, --help              this help\n"
	"\n"
	"Run as root, it works as the owner and group of the spool's results/.\n"
	"\n"
	"Exit status: 0 when every input chosen was re-graded or skipped; 2 on a\n"
	"usage or configuration error, when the spool cannot be read or written\n"
	"(or another cairn regrade runs), or when an input could not be\n"
	"re-graded (each named on stderr).\n";

enum { OPT_OWNER = CAIRN_OPT_FIRST_OWN, OPT_SET };

struct opts {
	const char **owners, **sets;	/* NULL-terminated, or NULL */
	size_t nowners, nsets, capo, caps;
};

struct counts {
	size_t inputs, changed, replaced, unchanged, skipped, failed;
};

/* What the inputs are chosen by and carried with. */
struct regrade {
	struct cairn_pipeline pl;	/* the spool's results/, and how to publish */
	struct cairn_stored_dirs sd;	/* done/ and failed/, the owners chosen */
	const char *const *sets;	/* --set NAMEs (NULL-terminated), or NULL: all */
	const struct cairn_settings *settings;
};

/* What grading one input again did. */
struct regraded {
	struct cairn_buf old;		/* the result it had (empty: none found) */
	struct cairn_buf result;	/* the result it has now */
	int had_old;
	int replaced;			/* the result was written (it differed) */
};

static void add(const char ***v, size_t *n, size_t *cap, const char *s)
{
	*v = cairn_xgrow(*v, cap, *n + 2, sizeof **v);
	(*v)[(*n)++] = s;
	(*v)[*n] = NULL;
}

static int parse(struct cairn_cli *cli, struct opts *o, int argc, char **argv, int *rc)
{
	static const struct option longopts[] = {
		CAIRN_CLI_COMMON_LONG,
		{ "owner", required_argument, NULL, OPT_OWNER },
		{ "set", required_argument, NULL, OPT_SET },
		{ NULL, 0, NULL, 0 },
	};
	int opt;

	optind = 1;
	while ((opt = getopt_long(argc, argv, CAIRN_CLI_COMMON_SHORT, longopts, NULL)) != -1) {
		if (opt == OPT_OWNER)
			add(&o->owners, &o->nowners, &o->capo, optarg);
		else if (opt == OPT_SET)
			add(&o->sets, &o->nsets, &o->caps, optarg);
		else if (cairn_cli_option(cli, opt, optarg, rc) != 0)
			return 1;
	}
	if (optind < argc) {
		*rc = cairn_cli_usage_error(cli, "unexpected argument \"%s\"", argv[optind]);
		return 1;
	}
	return 0;
}

/*
 * become_spool - as root, take the owner, group and groups of results/
 * (unless root owns it): 0, or -1 with the message printed
 */
static int become_spool(const char *spool)
{
	char *path = cairn_xasprintf("%s/" CAIRN_DIR_RESULTS, spool);
	struct passwd *pw;
	struct stat st;
	int r = 0;

	if (geteuid() != 0) {
		free(path);
		return 0;
	}
	errno = 0;
	if (lstat(path, &st) < 0 || !S_ISDIR(st.st_mode)) {
		fprintf(stderr, "cairn regrade: %s: %s\n", path,
			errno != 0 ? strerror(errno) : "not a directory");
		free(path);
		return -1;
	}
	free(path);
	if (st.st_uid == 0)
		return 0;
	pw = getpwuid(st.st_uid);
	if ((pw != NULL ? initgroups(pw->pw_name, st.st_gid) : setgroups(1, &st.st_gid)) < 0 ||
	    setgid(st.st_gid) < 0 || setuid(st.st_uid) < 0) {
		fprintf(stderr, "cairn regrade: becoming uid %lu, gid %lu (the owner of "
			"results/): %s\n", (unsigned long)st.st_uid, (unsigned long)st.st_gid,
			strerror(errno));
		r = -1;
	}
	return r;
}

static int open_dir(int at, const char *path)
{
	return openat(at, path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
}

/*
 * open_spool - the spool's descriptors and the regrade lock: 0, or -1
 * with the message printed
 */
static int open_spool(struct regrade *rg, const char *spool, int *lock_fd)
{
	static const char *const stored[2] = { CAIRN_DIR_DONE, CAIRN_DIR_FAILED };
	struct cairn_pipeline *pl = &rg->pl;

	if ((pl->root_fd = open_dir(AT_FDCWD, spool)) < 0 ||
	    (pl->results_fd = open_dir(pl->root_fd, CAIRN_DIR_RESULTS)) < 0) {
		fprintf(stderr, "cairn regrade: %s%s: %s\n", spool,
			pl->root_fd < 0 ? "" : "/" CAIRN_DIR_RESULTS, strerror(errno));
		return -1;
	}
	for (int d = 0; d < 2; d++)
		if ((rg->sd.dir_fd[d] = open_dir(pl->root_fd, stored[d])) < 0 &&
		    errno != ENOENT) {
			fprintf(stderr, "cairn regrade: %s/%s: %s\n", spool, stored[d],
				strerror(errno));
			return -1;
		}
	*lock_fd = openat(pl->root_fd, REGRADE_LOCK, O_RDWR | O_CREAT | O_NOFOLLOW |
			  O_CLOEXEC, 0640);
	if (*lock_fd < 0 && errno != ENOENT) {
		fprintf(stderr, "cairn regrade: %s/" REGRADE_LOCK ": %s\n", spool, strerror(errno));
		return -1;
	}
	if (*lock_fd >= 0 && flock(*lock_fd, LOCK_EX | LOCK_NB) < 0) {
		fprintf(stderr, "cairn regrade: %s/" REGRADE_LOCK ": %s\n", spool,
			errno == EWOULDBLOCK ? "another cairn regrade runs" : strerror(errno));
		return -1;
	}
	return 0;
}

static void close_spool(struct regrade *rg, int lock_fd)
{
	int fds[] = { rg->pl.root_fd, rg->pl.results_fd, rg->sd.dir_fd[0], rg->sd.dir_fd[1],
		      lock_fd };

	for (size_t i = 0; i < sizeof fds / sizeof fds[0]; i++)
		if (fds[i] >= 0)
			close(fds[i]);
}

/* name - a file name as it is, or quoted and escaped when it needs it */
static void name(struct cairn_buf *out, const char *s)
{
	size_t plain = strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
			      "0123456789._+-@=,~");

	if (s[plain] == '\0') {
		cairn_buf_adds(out, s);
		return;
	}
	cairn_buf_addc(out, '"');
	cairn_utf8_escape(out, s, strlen(s));
	cairn_buf_addc(out, '"');
}

/* grade - what a result says in one word: its score, error, refused, none */
static void grade(struct cairn_buf *out, const char *result, int have, const struct cairn_buf *b)
{
	struct cairn_result_file r;
	struct cairn_stats st;
	char err[256];
	size_t len = out->len;

	if (!have) {
		cairn_buf_adds(out, "-");
		return;
	}
	if (cairn_result_read(&r, result, b->data ? b->data : "", b->len, err, sizeof err) < 0) {
		cairn_buf_adds(out, "unreadable");
	} else if (r.refused) {
		cairn_buf_adds(out, "refused");
	} else if (r.error != NULL) {
		cairn_buf_adds(out, "error");
	} else {
		cairn_report_tally(&r, &st);
		cairn_stats_score(out, &st);
		if (out->len == len)
			cairn_buf_adds(out, "none");
	}
	cairn_result_file_free(&r);
}

/* report - the line of a result whose score or status changed; 1 if printed */
static int report(const struct cairn_stored *s, const struct regraded *g)
{
	struct cairn_buf line = CAIRN_BUF_INIT, old = CAIRN_BUF_INIT;
	char *result = cairn_puzzle_result_name(s->name), at[CAIRN_TIME_LEN];
	int changed;

	grade(&old, result, g->had_old, &g->old);
	grade(&line, result, 1, &g->result);
	cairn_buf_reserve(&old, 0);
	cairn_buf_reserve(&line, 0);
	changed = strcmp(old.data, line.data) != 0;
	if (changed) {
		char *now = cairn_buf_steal(&line);

		cairn_buf_addf(&line, "%s ", s->owner);
		name(&line, s->name);
		cairn_buf_addf(&line, " %s: %s -> %s", cairn_time_format(&s->arrival, at),
			       old.data, now);
		cairn_cli_line(stdout, "%s", line.data);
		free(now);
	}
	cairn_buf_free(&line);
	cairn_buf_free(&old);
	free(result);
	return changed;
}

static void skipped(void *arg, const struct cairn_stored *s, const char *why)
{
	struct counts *c = arg;
	struct cairn_buf b = CAIRN_BUF_INIT;

	c->skipped++;
	cairn_buf_addf(&b, "%s/%s/", s->dir, s->owner);
	name(&b, s->stored);
	cairn_cli_line(stderr, "cairn regrade: %.*s: %s, skipped", (int)b.len, b.data, why);
	cairn_buf_free(&b);
}

/* of_set - whether the result in b names one of sets as its problem set */
static int of_set(const char *result, const struct cairn_buf *b, const char *const *sets)
{
	struct cairn_result_file r;
	char err[256];
	int yes = 0;

	if (cairn_result_read(&r, result, b->data ? b->data : "", b->len, err, sizeof err) == 0 &&
	    r.problem_set != NULL)
		for (const char *const *p = sets; *p != NULL && !yes; p++)
			yes = strcmp(*p, r.problem_set) == 0;
	cairn_result_file_free(&r);
	return yes;
}

/* chosen - whether the old or the new result is of a set asked for */
static int chosen(const struct regrade *rg, const struct cairn_pipeline_input *in,
		  const struct regraded *g)
{
	char *result = cairn_puzzle_result_name(cairn_pipeline_input_as(in));
	int yes = rg->sets == NULL || of_set(result, &g->result, rg->sets) ||
		  (g->had_old && of_set(result, &g->old, rg->sets));

	free(result);
	return yes;
}

/*
 * again - carry stored input s through the pipeline with its owner and
 * arrival, and publish its result unless it is the very result there:
 * 0 with *g filled, 1 when s is passed over (why in err), 2 when neither
 * its old nor its new result is of a set asked for (nothing is written),
 * or a negative errno value with the reason in err.
 */
static int again(const struct regrade *rg, const struct cairn_stored *s, struct regraded *g,
		 char *err, size_t errlen)
{
	struct cairn_pipeline_input in;
	struct cairn_buf data = CAIRN_BUF_INIT;
	atomic_int cancel = 0;
	int r;

	memset(g, 0, sizeof *g);
	cairn_pipeline_input_init(&in, s->name);
	in.has_origin = 1;
	in.origin.received = s->arrival;
	snprintf(in.origin.owner, sizeof in.origin.owner, "%s", s->owner);
	r = cairn_stored_read(&rg->sd, s, rg->settings->limits.max_file_bytes, &data,
			      &in.origin.uid, err, errlen);
	if (r == 0 && (r = cairn_pipeline_grade(&rg->pl, &in, rg->settings, data.data, data.len,
						&cancel, &g->result)) < 0)
		snprintf(err, errlen, "processing: %s", strerror(-r));
	if (r == 0) {
		g->had_old = cairn_pipeline_published(&rg->pl, &in, &g->old);
		if (!chosen(rg, &in, g))
			r = 2;
		else if (!g->had_old || g->old.len != g->result.len ||
			 memcmp(g->old.data, g->result.data, g->old.len) != 0)
			g->replaced = (r = cairn_pipeline_publish(&rg->pl, &in, &g->result,
								  err, errlen)) == 0;
	}
	cairn_pipeline_input_clear(&in);
	cairn_buf_free(&data);
	return r;
}

/* one - re-grade one stored input and count what it did */
static void one(const struct regrade *rg, const struct cairn_stored *s, struct counts *c)
{
	struct regraded g;
	char err[512];
	int r = again(rg, s, &g, err, sizeof err);

	if (r == 1) {
		skipped(c, s, err);
	} else if (r < 0) {
		struct cairn_buf b = CAIRN_BUF_INIT;

		c->failed++;
		cairn_buf_addf(&b, "%s/%s/", s->dir, s->owner);
		name(&b, s->stored);
		cairn_cli_line(stderr, "cairn regrade: %.*s: %s", (int)b.len, b.data, err);
		cairn_buf_free(&b);
	} else if (r == 0) {
		c->inputs++;
		c->changed += (size_t)report(s, &g);
		c->replaced += (size_t)g.replaced;
		c->unchanged += (size_t)!g.replaced;
	}
	cairn_buf_free(&g.old);
	cairn_buf_free(&g.result);
}

/*
 * tidy - remove the temporary files an interrupted `cairn regrade` left
 * in results/OWNER/ (the regrade lock is held, so none is in use): their
 * number, or a negative errno value
 */
static int tidy(const struct regrade *rg, const char *owner)
{
	int fd = openat(rg->pl.results_fd, owner, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
			O_CLOEXEC);
	int n;

	if (fd < 0)
		return errno == ENOENT ? 0 : -errno;
	n = cairn_publish_remove_stale(fd, REGRADE_TAG);
	close(fd);
	return n;
}

/* regrade - every chosen input, per owner in arrival order */
static int regrade(struct regrade *rg, struct counts *c)
{
	struct cairn_stored *v;
	size_t n;
	char err[512];

	if (cairn_stored_list(&rg->sd, &v, &n, err, sizeof err) < 0) {
		cairn_cli_line(stderr, "cairn regrade: %s", err);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		int r = i == 0 || strcmp(v[i - 1].owner, v[i].owner) != 0 ?
			tidy(rg, v[i].owner) : 0;

		if (r < 0)
			cairn_cli_line(stderr, "cairn regrade: results/%s: %s", v[i].owner,
				       strerror(-r));
		one(rg, &v[i], c);
	}
	cairn_stored_free(v, n);
	return 0;
}

static int run(struct cairn_cli *cli, const struct opts *o)
{
	struct counts c = { 0 };
	struct regrade rg = {
		.pl = { .root_fd = -1, .results_fd = -1, .done_fd = -1, .failed_fd = -1,
			.tag = REGRADE_TAG, .egid = (gid_t)-1, .fsync = cli->conf.fsync },
		.sd = { .dir_fd = { -1, -1 }, .owners = o->owners, .skipped = skipped, .arg = &c },
		.sets = o->sets, .settings = &cli->settings,
	};
	int lock_fd = -1, rc = REGRADE_ERROR;

	if (become_spool(cli->conf.spool) < 0)
		return REGRADE_ERROR;
	rg.pl.euid = geteuid();
	if (open_spool(&rg, cli->conf.spool, &lock_fd) == 0 && regrade(&rg, &c) == 0) {
		printf("inputs=%zu changed=%zu replaced=%zu unchanged=%zu skipped=%zu "
		       "failed=%zu\n", c.inputs, c.changed, c.replaced, c.unchanged,
		       c.skipped, c.failed);
		rc = c.failed > 0 ? REGRADE_ERROR : 0;
	}
	close_spool(&rg, lock_fd);
	return rc;
}
int cairn_cmd_regrade(int argc, char **argv)
{
	struct cairn_cli cli;
	struct opts o = { 0 };
	int rc = 0;

	cairn_cli_init(&cli, "regrade", usage);
	if (parse(&cli, &o, argc, argv, &rc) != 0)
		rc = rc == CAIRN_EX_OK ? rc : REGRADE_ERROR;
	else if (cairn_cli_setup(&cli) != 0)
		rc = REGRADE_ERROR;
	else
		rc = run(&cli, &o);
	fflush(stdout);
	free(o.owners);
	free(o.sets);
	cairn_cli_teardown(&cli);
	return rc;
}
