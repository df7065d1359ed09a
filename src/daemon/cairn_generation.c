/*
 * cairn_generation - load a configuration and its plugins as one unit.
 *
 * Loading either yields a complete, usable generation (the configuration
 * parsed, at least one solver loaded and the configured default solver
 * among them) or nothing and a reason with its sysexits code, so that a
 * bad SIGHUP reload can keep the running generation untouched.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cairn_buf.h"
#include "cairn_errno.h"
#include "cairn_generation.h"
#include "cairn_log.h"
#include "cairn_mem.h"
#include "cairn_memavail.h"
#include "cairn_size.h"
#include "cairn_spool_dirs.h"

static void refused(void *ctx, const char *msg)
{
	char v[512];

	cairn_log(CAIRN_LOG_WARNING, "plugin refused", "error=%s",
		  cairn_log_value(v, sizeof(v), msg));
}

/* load_conf - defaults, the file, then the command line. */
static int load_conf(struct cairn_conf *c, const struct cairn_generation_source *src,
		     char *err, size_t errlen)
{
	cairn_conf_defaults(c);
	/* Only a file that is not there means the defaults: not one unreadable now. */
	if (src->config_explicit || access(src->config, F_OK) == 0 || errno != ENOENT) {
		int r = cairn_conf_load(c, src->config, err, errlen);

		if (r < 0)
			return r;
	}
	if (src->spool != NULL) {
		free(c->spool);
		c->spool = cairn_xstrdup(src->spool);
	}
	if (src->verbose)
		c->log_level = CAIRN_LOG_DEBUG;
	return 0;
}

static void free_gen(struct cairn_generation *g)
{
	cairn_conf_free(&g->conf);
	cairn_plugins_free(&g->reg);
	if (g->problems != NULL)
		cairn_problems_cache_free(g->problems);
	free(g->problems_dir);
	free(g->plugin_names);
	free(g);
}

struct cairn_generation *cairn_generation_load(const struct cairn_generation_source *src, int *code,
					       char *err, size_t errlen)
{
	struct cairn_generation *g = cairn_xcalloc(1, sizeof(*g));
	struct cairn_buf names = CAIRN_BUF_INIT;
	int r;

	g->refs = 1;
	if ((r = load_conf(&g->conf, src, err, errlen)) < 0) {
		/* An I/O error or no memory is no verdict on the file: EX_TEMPFAIL, restarted. */
		*code = cairn_errno_transient(-r) ? CAIRN_EX_TEMPFAIL : CAIRN_EX_CONFIG;
		goto fail;
	}
	*code = CAIRN_EX_UNAVAILABLE;
	r = cairn_plugins_load_dir(&g->reg, g->conf.plugin_dir, refused, NULL,
				   err, errlen);
	if (r < 0) {
		if (cairn_errno_transient(-r))
			*code = CAIRN_EX_TEMPFAIL;
		goto fail;
	}
	if (g->reg.oom + g->reg.passing > 0) {
		/* Never serve with another solver in its place: try again later. */
		char why[512];

		snprintf(why, sizeof(why), "%s", err);
		snprintf(err, errlen, "%s: %zu plugin(s) not loaded for %s (%s); "
			 "not replaced, tried again at the next start or reload",
			 g->conf.plugin_dir, g->reg.oom + g->reg.passing,
			 g->reg.oom > 0 ? "lack of memory" : "a passing error", why);
		*code = CAIRN_EX_TEMPFAIL;
		goto fail;
	}
	if (g->reg.n == 0) {
		snprintf(err, errlen, "%s: no usable solver plugin", g->conf.plugin_dir);
		goto fail;
	}
	if (strcmp(g->conf.solver, "auto") != 0 &&
	    cairn_plugins_find(&g->reg, g->conf.solver) == NULL) {
		snprintf(err, errlen, "solver %s: no such plugin in %s",
			 g->conf.solver, g->conf.plugin_dir);
		goto fail;
	}
	for (size_t i = 0; i < g->reg.n; i++)
		cairn_buf_addf(&names, "%s%s", i ? "," : "", g->reg.v[i].desc->name);
	g->plugin_names = cairn_buf_steal(&names);
	g->problems_dir = g->conf.problems_dir ? cairn_xstrdup(g->conf.problems_dir) :
			  cairn_xasprintf("%s/" CAIRN_DIR_PROBLEMS, g->conf.spool);
	g->problems = cairn_problems_cache_new();
	*code = 0;
	return g;
fail:
	free_gen(g);
	return NULL;
}

struct cairn_generation *cairn_generation_ref(struct cairn_generation *g)
{
	g->refs++;
	return g;
}

void cairn_generation_unref(struct cairn_generation *g)
{
	if (g != NULL && --g->refs == 0)
		free_gen(g);
}

void cairn_generation_settings(const struct cairn_generation *g, struct cairn_settings *s)
{
	cairn_process_settings_init(s, &g->conf, &g->reg, g->problems_dir, g->problems);
}

void cairn_generation_check_memory(const struct cairn_conf *c)
{
	char b[CAIRN_SIZE_BUFLEN], t[CAIRN_SIZE_BUFLEN];
	uint64_t fit = cairn_memavail_fit(c->memory_budget, c->memory_total);

	if (fit >= c->workers)
		return;
	cairn_log(CAIRN_LOG_WARNING, "workers x memory_budget exceeds memory_total",
		  "workers=%u memory_budget=%s memory_total=%s running_max=%" PRIu64,
		  c->workers, cairn_size_format(c->memory_budget, b),
		  cairn_size_format(c->memory_total, t), fit);
}
