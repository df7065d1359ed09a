/*
 * cairn_dir - the names in a directory, sorted (see cairn_dir.h).
 *
 * keep() runs while readdir() is under way, so that it can use the open
 * descriptor (a peer's lock file, a result's type); it must not change
 * the directory.  readdir() returning NULL ends the list, as it did in
 * each of the loops this replaces.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cairn_dir.h"
#include "cairn_mem.h"

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int cairn_dir_list(int dir_fd, const char *path, cairn_dir_keep_fn *keep,
		   void *arg, char ***out)
{
	char **v = NULL;
	size_t n = 0, cap = 0;
	struct dirent *de;
	DIR *d;
	int fd = openat(dir_fd, path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	if ((d = fdopendir(fd)) == NULL) {
		int e = errno;

		close(fd);
		return -e;
	}
	while ((de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0 ||
		    (keep != NULL && !keep(fd, de->d_name, arg)))
			continue;
		v = cairn_xgrow(v, &cap, n + 2, sizeof(v[0]));
		v[n++] = cairn_xstrdup(de->d_name);
		v[n] = NULL;
	}
	closedir(d);
	if (n > 1)
		qsort(v, n, sizeof(v[0]), by_name);
	*out = v != NULL ? v : cairn_xcalloc(1, sizeof(v[0]));
	return (int)n;
}

void cairn_dir_free(char **names)
{
	if (names == NULL)
		return;
	for (char **p = names; *p != NULL; p++)
		free(*p);
	free(names);
}
