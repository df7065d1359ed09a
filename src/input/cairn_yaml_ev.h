/*
 * cairn_yaml_ev - libyaml events for the YAML reader, checked and placed.
 *
 * The reader's grammar (cairn_yaml_in.c) pulls events from here.  They
 * come from libyaml through cairn_yaml, or from whatever source a reader
 * sets (the JSON reader's own parser); either way every event has been
 * held to cairn_yaml's rules (no alias, no anchor, no NUL, no deeper than
 * 64 levels) and a refusal or an error of the source is a file error at
 * its place.  Events read ahead to find a document's shape are
 * replayed first.  Messages are built here too, so that every one starts
 * with "line L, column C:" and the path to its node.
 */
#ifndef CAIRN_YAML_EV_H
#define CAIRN_YAML_EV_H

#include <stddef.h>
#include <stdint.h>

#include "cairn_puzzle.h"
#include "cairn_value.h"
#include "cairn_yaml.h"

/* The path to a node, e.g. puzzles[1].piles[2]; NULL is the document. */
struct cairn_yaml_path {
	const struct cairn_yaml_path *up;
	const char *key;		/* NULL: an index */
	size_t len;
	size_t index;
};

/* Where a message goes. */
struct cairn_yaml_sink {
	enum cairn_value_sink kind;
	struct cairn_puzzle *p;		/* for a puzzle or expect message */
};

extern const struct cairn_yaml_sink cairn_yaml_ev_to_file;

struct cairn_yaml_ev;

/*
 * Where the events come from: libyaml unless a reader sets its own after
 * cairn_yaml_ev_open().  next() gives the next event unchecked (0), or
 * reports a file error and returns -1; done() says how many bytes of the
 * file it has consumed, for the limits of the whole file.
 */
struct cairn_yaml_ev_source {
	int (*next)(struct cairn_yaml_ev *r, yaml_event_t *e);
	size_t (*done)(const struct cairn_yaml_ev *r);
	void *ctx;			/* the source's own state */
};

/* The state of reading one file. */
struct cairn_yaml_ev {
	struct cairn_yaml yaml;		/* libyaml, and the rules for any source */
	struct cairn_yaml_ev_source src;
	struct cairn_input *in;
	const struct cairn_limits *limits;
	struct cairn_value_ids ids;
	const char *data;
	size_t len;
	yaml_event_t *queue;		/* events read ahead, replayed first */
	size_t qhead, qlen, qcap;
	int64_t *piles;			/* the piles being read */
	size_t pcap;
};

/* Start reading data[0..len); -1 (a file error) when libyaml cannot. */
int cairn_yaml_ev_open(struct cairn_yaml_ev *r, struct cairn_input *in,
		       const char *data, size_t len,
		       const struct cairn_limits *limits);
void cairn_yaml_ev_close(struct cairn_yaml_ev *r);

/*
 * The next event, which the caller deletes.  Returns 0, or -1 after a
 * file error (and then there is no event to delete).
 */
int cairn_yaml_ev_pull(struct cairn_yaml_ev *r, yaml_event_t *e);
/* Delete event e and, when it starts a collection, everything inside. */
int cairn_yaml_ev_skip(struct cairn_yaml_ev *r, yaml_event_t *e);
/*
 * Read ahead in a mapping whose start was pulled, up to the first key
 * that is_key() accepts, and keep the events for cairn_yaml_ev_pull().
 * *key is what is_key() returned for it, or -1 when the mapping ended.
 */
int cairn_yaml_ev_lookahead(struct cairn_yaml_ev *r,
			    int (*is_key)(const char *name, size_t len),
			    int *key);

/*
 * Report "line L, column C: PATH: MESSAGE" (no "PATH: " at the top) to
 * sink s.  Returns -1 for a file error, which ends the reading, else 0.
 */
int cairn_yaml_ev_fail(struct cairn_yaml_ev *r, const struct cairn_yaml_sink *s,
		       const yaml_mark_t *m, const struct cairn_yaml_path *path,
		       const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* cairn_yaml_ev_fail() with a reason from cairn_value, freed here. */
int cairn_yaml_ev_fail_why(struct cairn_yaml_ev *r,
			   const struct cairn_yaml_sink *s,
			   const yaml_mark_t *m,
			   const struct cairn_yaml_path *path, char *why);
/* A file error at event e, which is deleted. */
int cairn_yaml_ev_refuse(struct cairn_yaml_ev *r, yaml_event_t *e,
			 const char *msg);

static inline const char *cairn_yaml_ev_text(const yaml_event_t *e)
{
	return (const char *)e->data.scalar.value;
}

/*
 * Take the text of scalar event e, which the caller then frees, and
 * delete the event: libyaml's copy of a scalar is the only one made.
 */
char *cairn_yaml_ev_take(yaml_event_t *e);

#endif
