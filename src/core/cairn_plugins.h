/*
 * cairn_plugins - loading solver plugins and finding them by name.
 *
 * A registry owns the dlopen() handles of the plugins it loaded and
 * dlclose()s them in cairn_plugins_free().  A plugin that is refused is
 * never called and its handle is closed before the refusal is reported.
 */
#ifndef CAIRN_PLUGINS_H
#define CAIRN_PLUGINS_H

#include <stddef.h>

#include <cairn/plugin.h>

struct cairn_loaded_plugin {
	void *handle;			/* NULL: registered from memory */
	const struct cairn_plugin *desc;
	char *path;
};

struct cairn_registry {
	struct cairn_loaded_plugin *v;
	size_t n;
	size_t cap;
	size_t oom;			/* not loaded for lack of memory: try again later */
	size_t passing;			/* not loaded for another passing error (an I/O error...) */
};

/* Called once for every plugin file that was refused, with the reason. */
typedef void cairn_refusal_fn(void *ctx, const char *msg);

/*
 * Load one plugin file.  Returns 0, or a negative errno value with the
 * reason ("PATH: ...") in err.
 */
int cairn_plugins_load_file(struct cairn_registry *r, const char *path,
			    char *err, size_t errlen);
/*
 * Register a descriptor that is already in memory (a solver linked into
 * a test or a fuzzer; no dlopen()), with the checks a loaded one gets;
 * `origin` names it in messages and in path.  Returns 0, or a negative
 * errno value with the reason in err.  d must outlive the registry.
 */
int cairn_plugins_add(struct cairn_registry *r, const struct cairn_plugin *d,
		      const char *origin, char *err, size_t errlen);
/*
 * Load every "*.so" file of `dir` in name order; each refusal goes to
 * `refused`, except a file not loaded for an error that may pass
 * (cairn_errno_transient(): no memory, an I/O error...), which is counted
 * in r->oom (no memory) or r->passing (the others), the first one's reason
 * in err.  Returns the number loaded, or a negative errno value with the
 * reason in err when the directory cannot be read.
 */
int cairn_plugins_load_dir(struct cairn_registry *r, const char *dir,
			   cairn_refusal_fn *refused, void *ctx,
			   char *err, size_t errlen);
const struct cairn_plugin *cairn_plugins_find(const struct cairn_registry *r,
					      const char *name);
void cairn_plugins_free(struct cairn_registry *r);

#endif
