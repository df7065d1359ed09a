/*
 * cairn_lockpool - open descriptors of one record-lock file, reused.
 * See cairn_lockpool.h for why.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include "cairn_lockpool.h"
#include "cairn_mem.h"

void cairn_lockpool_init(struct cairn_lockpool *p, int dir_fd, const char *path)
{
	pthread_mutex_init(&p->mu, NULL);
	p->dir_fd = dir_fd;
	p->path = path;
	p->fds = NULL;
	p->n = p->cap = 0;
	p->gen = 0;
}

/* drop_idle - close the idle descriptors; called with mu held. */
static void drop_idle(struct cairn_lockpool *p)
{
	while (p->n > 0)
		close(p->fds[--p->n]);
}

void cairn_lockpool_destroy(struct cairn_lockpool *p)
{
	drop_idle(p);
	free(p->fds);
	p->fds = NULL;
	p->cap = 0;
	pthread_mutex_destroy(&p->mu);
}

int cairn_lockpool_take(struct cairn_lockpool *p, unsigned gen)
{
	int fd = -1;

	pthread_mutex_lock(&p->mu);
	if (p->gen != gen) {
		drop_idle(p);
		p->gen = gen;
	}
	if (p->n > 0)
		fd = p->fds[--p->n];
	pthread_mutex_unlock(&p->mu);
	if (fd >= 0)
		return fd;
	fd = openat(p->dir_fd, p->path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
	return fd < 0 ? -errno : fd;
}

void cairn_lockpool_give(struct cairn_lockpool *p, int fd, unsigned gen)
{
	pthread_mutex_lock(&p->mu);
	if (gen == p->gen) {
		p->fds = cairn_xgrow(p->fds, &p->cap, p->n + 1, sizeof(p->fds[0]));
		p->fds[p->n++] = fd;
		fd = -1;
	}
	pthread_mutex_unlock(&p->mu);
	if (fd >= 0)
		close(fd);
}
