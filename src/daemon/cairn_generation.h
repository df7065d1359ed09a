/*
 * cairn_generation - one generation of the daemon's configuration and plugins.
 *
 * A generation is what SIGHUP replaces: the parsed configuration, the
 * plugin registry and the problem-set cache.  Jobs hold a reference to
 * the generation they started with, so a reload never pulls a plugin out
 * from under a running solve: the old generation is freed when its last
 * job finishes.  References are taken and dropped on the loop thread only.
 */
#ifndef CAIRN_GENERATION_H
#define CAIRN_GENERATION_H

#include <stddef.h>

#include "cairn_conf.h"
#include "cairn_plugins.h"
#include "cairn_process.h"
#include "cairn_problems.h"

/* sysexits(3) values used by cairnd. */
#define CAIRN_EX_OK 0
#define CAIRN_EX_USAGE 64
#define CAIRN_EX_DATAERR 65
#define CAIRN_EX_UNAVAILABLE 69
#define CAIRN_EX_SOFTWARE 70
#define CAIRN_EX_CANTCREAT 73
#define CAIRN_EX_TEMPFAIL 75
#define CAIRN_EX_CONFIG 78

/* Where a generation's configuration comes from. */
struct cairn_generation_source {
	const char *config;		/* the file to read */
	int config_explicit;		/* -c given: a missing file is an error */
	const char *spool;		/* --spool, or NULL */
	int verbose;			/* -v: log_level debug */
};

struct cairn_generation {
	unsigned refs;
	struct cairn_conf conf;
	struct cairn_registry reg;
	struct cairn_problem_cache *problems;
	char *problems_dir;		/* effective: problems_dir or SPOOL/problems */
	char *plugin_names;		/* "diff1d,linear,..." for logs */
};

/*
 * Read the configuration and load the plugins.  Returns a generation with
 * one reference, or NULL with the exit code (78 or 69) in *code and the
 * reason in err.  Plugins that are refused are logged as warnings.
 */
struct cairn_generation *cairn_generation_load(const struct cairn_generation_source *src, int *code,
					       char *err, size_t errlen);
struct cairn_generation *cairn_generation_ref(struct cairn_generation *g);
void cairn_generation_unref(struct cairn_generation *g);

/* Settings for cairn_process() that point into g. */
/*
 * Warn (a log line) when workers x memory_budget is more than
 * memory_total: then fewer files than `workers` run at once.
 */
void cairn_generation_check_memory(const struct cairn_conf *c);
void cairn_generation_settings(const struct cairn_generation *g, struct cairn_settings *s);

#endif
