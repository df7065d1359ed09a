/*
 * cairn_plugins - loading solver plugins and finding them by name.
 *
 * A plugin file is checked before dlopen() ever runs its constructors: it
 * must be a regular file, not a symbolic link, and not writable by group
 * or others (Postfix's rule for dynamic maps: code that anybody else can
 * change must not run in the daemon).  After dlopen(RTLD_NOW|RTLD_LOCAL)
 * the descriptor must exist, carry our ABI number and a size that covers
 * every field we read, and name a solver not loaded yet.  Every refusal
 * dlclose()s the handle before it is reported.  A descriptor linked into
 * the program (a test, a fuzzer) is registered with the same checks and
 * no handle.
 */
#include "config.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cairn_dir.h"
#include "cairn_errno.h"
#include "cairn_mem.h"
#include "cairn_plugins.h"

/* The smallest descriptor that has every field this host reads. */
#define DESC_MIN_SIZE (offsetof(struct cairn_plugin, solve) + \
		       sizeof(((struct cairn_plugin *)0)->solve))

static int refuse(char *err, size_t errlen, int code, const char *path,
		  const char *why)
{
	snprintf(err, errlen, "%s: %s", path, why);
	return code;
}

/* check_file - the plugin file may be trusted to run in this process */
static int check_file(const char *path, char *err, size_t errlen)
{
	struct stat st;
	char why[128];

	if (lstat(path, &st) < 0) {
		snprintf(why, sizeof why, "%s", strerror(errno));
		return refuse(err, errlen, -errno, path, why);
	}
	if (S_ISLNK(st.st_mode))
		return refuse(err, errlen, -ELOOP, path,
			      "is a symbolic link; refusing to load it");
	if (!S_ISREG(st.st_mode))
		return refuse(err, errlen, -EINVAL, path,
			      "is not a regular file");
	if (st.st_mode & (S_IWGRP | S_IWOTH)) {
		snprintf(why, sizeof why,
			 "is writable by %s (mode %04o); refusing to load it",
			 st.st_mode & S_IWOTH ? "others" : "group",
			 (unsigned)(st.st_mode & 07777));
		return refuse(err, errlen, -EPERM, path, why);
	}
	return 0;
}

static int valid_name(const char *s)
{
	if (s == NULL || *s == '\0')
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') ||
		      *s == '_'))
			return 0;
	return 1;
}

/* check_desc - the descriptor is one this host can call */
static int check_desc(const struct cairn_registry *r,
		      const struct cairn_plugin *d, const char *path,
		      char *err, size_t errlen)
{
	char why[256];

	if (d->abi != CAIRN_PLUGIN_ABI) {
		snprintf(why, sizeof why,
			 "built for plugin ABI %u, this cairn speaks ABI %u",
			 (unsigned)d->abi, (unsigned)CAIRN_PLUGIN_ABI);
		return refuse(err, errlen, -EPROTO, path, why);
	}
	if (d->size < DESC_MIN_SIZE) {
		snprintf(why, sizeof why,
			 "descriptor is %u bytes, at least %zu expected",
			 (unsigned)d->size, (size_t)DESC_MIN_SIZE);
		return refuse(err, errlen, -EPROTO, path, why);
	}
	if (!valid_name(d->name))
		return refuse(err, errlen, -EINVAL, path,
			      "solver name is missing or not [a-z0-9_]+");
	if (strcmp(d->name, "auto") == 0)
		return refuse(err, errlen, -EINVAL, path,
			      "\"auto\" is reserved and cannot name a solver");
	if (d->memory == NULL || d->cost == NULL || d->solve == NULL)
		return refuse(err, errlen, -EINVAL, path,
			      "descriptor lacks memory, cost or solve");
	if (cairn_plugins_find(r, d->name) != NULL) {
		snprintf(why, sizeof why,
			 "duplicate solver name \"%s\"; already loaded", d->name);
		return refuse(err, errlen, -EEXIST, path, why);
	}
	return 0;
}

/* add - a checked descriptor; h is its dlopen() handle, or NULL */
static void add(struct cairn_registry *r, void *h, const struct cairn_plugin *d,
		const char *path)
{
	struct cairn_loaded_plugin *lp;

	r->v = cairn_xgrow(r->v, &r->cap, r->n + 1, sizeof *r->v);
	lp = &r->v[r->n++];
	lp->handle = h;
	lp->desc = d;
	lp->path = cairn_xstrdup(path);
}

/*
 * What glibc's dynamic loader says when one of its allocations fails:
 * its own words, since errno is often overwritten by then.
 */
static const char *const nomem_words[] = {
	"cannot allocate",			/* search list, version table, TLS, ... */
	"cannot create shared object descriptor",
	"cannot create searchlist",
	"cannot create scope list",
	"cannot create cache for search path",
	"out of memory",
};

/*
 * dlopen_nomem - dlopen()'s error `why` means out of memory.  glibc may
 * also report it as this very file not found, which check_file() has
 * just seen.
 */
static int dlopen_nomem(const char *why, const char *path)
{
	size_t n = strlen(path);

	if (strcasestr(why, strerror(ENOMEM)) != NULL)
		return 1;
	for (size_t i = 0; i < sizeof(nomem_words) / sizeof(nomem_words[0]); i++)
		if (strcasestr(why, nomem_words[i]) != NULL)
			return 1;
	return strncmp(why, path, n) == 0 &&
	       strstr(why + n, ": cannot open shared object file") != NULL;
}

int cairn_plugins_load_file(struct cairn_registry *r, const char *path,
			    char *err, size_t errlen)
{
	const struct cairn_plugin *d;
	void *h;
	int rc;

	if ((rc = check_file(path, err, errlen)) < 0)
		return rc;
	errno = 0;
	h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (h == NULL) {
		int e = errno;
		const char *why = dlerror();

		if (why == NULL)
			why = "dlopen failed";
		/* Out of memory, or a disk that failed, says nothing about the plugin. */
		if (e == ENOMEM || dlopen_nomem(why, path))
			return refuse(err, errlen, -ENOMEM, path, why);
		if (e == EIO || strcasestr(why, strerror(EIO)) != NULL)
			return refuse(err, errlen, -EIO, path, why);
		return refuse(err, errlen, -ENOEXEC, path, why);
	}
	d = dlsym(h, CAIRN_PLUGIN_SYMBOL);
	if (d == NULL) {
		dlclose(h);
		return refuse(err, errlen, -ENOENT, path,
			      "does not export \"" CAIRN_PLUGIN_SYMBOL "\"");
	}
	if ((rc = check_desc(r, d, path, err, errlen)) < 0) {
		dlclose(h);
		return rc;
	}
	add(r, h, d, path);
	return 0;
}

int cairn_plugins_add(struct cairn_registry *r, const struct cairn_plugin *d,
		      const char *origin, char *err, size_t errlen)
{
	int rc;

	if ((rc = check_desc(r, d, origin, err, errlen)) < 0)
		return rc;
	add(r, NULL, d, origin);
	return 0;
}

static int is_plugin_name(int dir_fd, const char *name, void *arg)
{
	size_t len = strlen(name);

	(void)dir_fd;
	(void)arg;
	return name[0] != '.' && len > 3 && strcmp(name + len - 3, ".so") == 0;
}

int cairn_plugins_load_dir(struct cairn_registry *r, const char *dir,
			   cairn_refusal_fn *refused, void *ctx,
			   char *err, size_t errlen)
{
	char **names, *path, why[1024];
	int loaded = 0, n, i;

	/* Sorted by name: the same load order on every file system. */
	if ((n = cairn_dir_list(AT_FDCWD, dir, is_plugin_name, NULL, &names)) < 0) {
		snprintf(err, errlen, "plugin directory %s: %s", dir, strerror(-n));
		return n;
	}
	for (i = 0; i < n; i++) {
		path = cairn_xasprintf("%s/%s", dir, names[i]);
		int rc = cairn_plugins_load_file(r, path, why, sizeof why);

		if (rc == 0)
			loaded++;
		/* A passing error is not the plugin's fault: no refusal, the first reason kept. */
		if (rc < 0 && cairn_errno_transient(-rc)) {
			if (r->oom + r->passing == 0)
				snprintf(err, errlen, "%s", why);
			if (rc == -ENOMEM)
				r->oom++;
			else
				r->passing++;
		} else if (rc < 0 && refused != NULL) {
			refused(ctx, why);
		}
		free(path);
	}
	cairn_dir_free(names);
	return loaded;
}

const struct cairn_plugin *cairn_plugins_find(const struct cairn_registry *r,
					      const char *name)
{
	size_t i;

	for (i = 0; i < r->n; i++)
		if (strcmp(r->v[i].desc->name, name) == 0)
			return r->v[i].desc;
	return NULL;
}

void cairn_plugins_free(struct cairn_registry *r)
{
	size_t i;

	for (i = 0; i < r->n; i++) {
		if (r->v[i].handle != NULL)
			dlclose(r->v[i].handle);
		free(r->v[i].path);
	}
	free(r->v);
	memset(r, 0, sizeof *r);
}
