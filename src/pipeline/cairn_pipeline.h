/*
 * cairn_pipeline - one input carried from its bytes to its published
 * result, its stored copy and its arrival record: the steps every way
 * of grading a spool's input shares (doc/spool.md).
 *
 * The daemon's jobs (a claimed file, and through them a file recovery
 * found interrupted twice), `cairn regrade` (a stored input) and the
 * autograder formats of `cairn grade` (a file with an arrival given)
 * call the same steps:
 *
 *   cairn_pipeline_grade()    the result of the input's bytes, for its
 *                             owner and arrival, its owner's earlier
 *                             submissions counted (max_submissions);
 *   cairn_pipeline_refuse()   or an error result instead (the input is
 *                             refused before it is read);
 *   cairn_pipeline_publish()  the result durably in results/OWNER/,
 *                             the latest arrival current, earlier ones
 *                             in history/, readable by the owner once
 *                             the problem set's feedback says (until
 *                             then in .held/, a receipt given);
 *   cairn_pipeline_store()    a copy of the input, the daemon's (or
 *                             the input itself when it is the
 *                             daemon's already), into done/OWNER/ or
 *                             failed/OWNER/ with its arrival record,
 *                             and the input removed from processing/
 *                             (cairn_pipeline_store.h).
 *
 * What an input is, whose it is and when it arrived is all in struct
 * cairn_pipeline_input, so that what an arrival means is decided in one
 * place.  What the steps share (the spool's directories, the publish's
 * state) is struct cairn_pipeline, constant while inputs are carried.
 */
#ifndef CAIRN_PIPELINE_H
#define CAIRN_PIPELINE_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "cairn_buf.h"
#include "cairn_origin.h"
#include "cairn_process.h"
#include "cairn_publish.h"
#include "cairn_sha256.h"

/* Where and how inputs are carried; the caller owns every descriptor. */
struct cairn_pipeline {
	int root_fd;			/* the spool: where the results lock is */
	int results_fd;			/* results/ (-1: results are not published) */
	int done_fd, failed_fd;		/* where inputs are stored (-1: not here) */
	int noreplace;			/* renameat2(RENAME_NOREPLACE) works here */
	const char *tag;		/* temporary files' tag: the instance, "regrade" */
	struct cairn_publish_state *publish;	/* shared by concurrent publishes, or NULL */
	/* Counted up (when not NULL) each time submissions are counted. */
	atomic_uint *limits_seen;
	/*
	 * A result name that is the input's own trouble (too long, taken by
	 * a directory) fails the input under a short name instead.
	 */
	int short_names;
	uid_t euid;			/* results of this owner need no grant */
	/*
	 * An input of this account and group, graded whole, is stored
	 * itself, not copied (cairn_pipeline_store.h); -1: always copied.
	 */
	gid_t egid;
	int fsync;			/* flush results and moves */
};

/* One input, and what carrying it did. */
struct cairn_pipeline_input {
	const char *name;		/* its own name (borrowed) */
	/*
	 * Its name where it is stored from (borrowed): its held name in
	 * processing/ (cairn_held.h), or NULL: `name`.
	 */
	const char *held;
	/*
	 * The short name its result and stored copy take when its own
	 * cannot (malloc'd, or NULL).
	 */
	char *as;
	/*
	 * Refused before it was read (a hard link, not a regular file, too
	 * large, unreadable): its error result never replaces a result of
	 * another arrival (cairn_pipeline_publish()), and what is stored of
	 * it is an empty file (cairn_pipeline_store()).
	 */
	int unread;
	int has_origin;			/* 0: no owner (cairn grade): none written */
	struct cairn_origin origin;	/* its owner and arrival */
	uint64_t ino;			/* its inode, for the journal of moves (0: none) */
	/*
	 * Claimed by this very job, at a new arrival: stored nowhere yet, so
	 * that storing it need not look for a store a crash cut short.
	 */
	int fresh;
	/*
	 * The held file's state when the caller knows it (borrowed), or
	 * NULL; with it, a descriptor that read it (borrowed), or -1.
	 */
	const struct stat *held_st;
	int held_fd;
	/*
	 * Made ready before its result was published, to be stored as it is
	 * (cairn_pipeline_store_ready()): ready set, ready_fd the held file
	 * open (owned: cairn_pipeline_store_unready() closes it) or -1 (its
	 * held_fd), ready_in_file set when its record could not be its
	 * attribute.
	 */
	int ready, ready_fd, ready_in_file;
	/*
	 * The bytes graded (borrowed; digested, graded_len of them) when the
	 * caller kept them, or NULL: its stored copy is written from them,
	 * with no read of the held file.
	 */
	const char *graded;
	/* filled by the steps */
	struct cairn_stats st;
	/* graded: the sha256 (hex) and length of the bytes graded */
	int digested;
	char sha256[CAIRN_SHA256_HEX_LEN];
	size_t graded_len;
	char *result;			/* "hw1.result.yaml" in results/OWNER/, or NULL */
	int held_back;			/* the result is in .held/, a receipt given */
	int superseded;			/* results/ kept a newer arrival's result */
	char *stored;			/* "done/ada/hw1.1.yaml", "failed/ada/x", or NULL */
	int arrival_err;		/* the arrival record was not made: errno */
};

void cairn_pipeline_input_init(struct cairn_pipeline_input *in, const char *name);
void cairn_pipeline_input_clear(struct cairn_pipeline_input *in);

/* The name the input's result and stored copy are named after. */
const char *cairn_pipeline_input_as(const struct cairn_pipeline_input *in);

/*
 * The result of the input's bytes data[0..len) appended to out, with
 * settings s, for in's owner and arrival when it has them (in->sha256
 * their digest); the owner's
 * graded submissions are counted in pl's results/ (pl may be NULL: none
 * are).  Fills in->st.  0, or a negative errno value as cairn_process()
 * returns it (-ECANCELED on shutdown).
 */
int cairn_pipeline_grade(const struct cairn_pipeline *pl, struct cairn_pipeline_input *in,
			 const struct cairn_settings *s, const char *data, size_t len,
			 const atomic_int *cancel, struct cairn_buf *out);

/* Replace out with the error result `why` of the input, under its `as` name. */
void cairn_pipeline_refuse(struct cairn_pipeline_input *in, const char *why,
			   struct cairn_buf *out);

/*
 * Publish out as the input's result in results/OWNER/ (made, and
 * readable by the owner, when missing): its time is the arrival; a
 * newer arrival's result stays current (in->superseded); the result it
 * replaces goes to history/, unless it is this very arrival's, which is
 * replaced where it is.  The owner may read it from the time its problem
 * set's feedback says (in->st.release_ms): at once, or later: until
 * then (in->held_back) it is kept in results/OWNER/.held/, out of the
 * owner's sight, and the owner gets its receipt instead,
 * results/OWNER/NAME.receipt (cairn_receipt.h), written first; the
 * release walk shows the result.  A copy of this arrival's result in
 * the other place (a regrade after the feedback changed) is removed.  With pl->short_names, when the result's name is
 * the input's own trouble, out becomes an error result that says so,
 * published under a short name (in->as), and err keeps that error.  The
 * error result of an input refused unread (in->unread, err its reason)
 * takes its own name only where no result of another arrival is there,
 * else the short name where none is there, else no name at all (0, and
 * in->result NULL); the input is stored under the name taken, err says
 * which (doc/spool.md, "Bad files").  0, or a negative errno value with
 * "where: reason" in err; then nothing was published.
 */
int cairn_pipeline_publish(const struct cairn_pipeline *pl, struct cairn_pipeline_input *in,
			   struct cairn_buf *out, char *err, size_t errlen);

/*
 * The bytes of the result published for this arrival of the input, if
 * any, current or in history/, shown or held (.held/), into old (NULL:
 * whether there is one is all that is asked): 1 when there is one,
 * else 0.
 */
int cairn_pipeline_published(const struct cairn_pipeline *pl,
			     const struct cairn_pipeline_input *in, struct cairn_buf *old);

/*
 * Whether the result of this very arrival of the input is published
 * already (current or in history/): then *failed says where the input
 * goes (an error result that is not a refusal: failed/), in->result is
 * its name and in->st its counts, so that the input is stored, not
 * graded again.  1 when it is, 0 when not (or it cannot be read: grade
 * it again, which gives the same bytes).
 */
int cairn_pipeline_was_published(const struct cairn_pipeline *pl,
				 struct cairn_pipeline_input *in, int *failed);

#endif
