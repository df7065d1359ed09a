/*
 * cairn_buf - a growing byte buffer, always NUL-terminated.
 *
 * The data pointer is valid (and terminated) after the first append;
 * cairn_buf_steal() always returns a string, possibly empty.  A metered
 * buffer over its budget keeps what it stored and counts the rest.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cairn_budget.h"
#include "cairn_buf.h"
#include "cairn_mem.h"

/* room - space for n more bytes and the NUL: 1, or 0 when only counting */
static int room(struct cairn_buf *b, size_t n)
{
	size_t c = b->cap ? b->cap : 8, need = b->len + n + 1;

	if (b->over)
		return 0;
	if (need <= b->cap)
		return 1;
	if (b->budget != NULL) {
		/* The capacity cairn_xgrow() will pick, charged first. */
		while (c < need && c <= SIZE_MAX / 2)
			c *= 2;
		if (cairn_budget_charge(b->budget, cairn_budget_cost(c) -
					cairn_budget_cost(b->cap)) < 0) {
			b->over = 1;
			return 0;
		}
	}
	b->data = cairn_xgrow(b->data, &b->cap, need, 1);
	return 1;
}

void cairn_buf_reserve(struct cairn_buf *b, size_t extra)
{
	if (!room(b, extra))
		return;
	b->data[b->len] = '\0';
}

void cairn_buf_add(struct cairn_buf *b, const void *p, size_t n)
{
	if (!room(b, n)) {
		b->len += n;
		return;
	}
	memcpy(b->data + b->len, p, n);
	b->len += n;
	b->data[b->len] = '\0';
}

void cairn_buf_adds(struct cairn_buf *b, const char *s)
{
	cairn_buf_add(b, s, strlen(s));
}

void cairn_buf_addc(struct cairn_buf *b, char c)
{
	cairn_buf_add(b, &c, 1);
}

void cairn_buf_vaddf(struct cairn_buf *b, const char *fmt, va_list ap)
{
	va_list ap2;
	int n;

	va_copy(ap2, ap);
	if (!room(b, 64)) {
		n = vsnprintf(NULL, 0, fmt, ap);
		va_end(ap2);
		if (n > 0)
			b->len += (size_t)n;
		return;
	}
	n = vsnprintf(b->data + b->len, b->cap - b->len, fmt, ap);
	if (n >= 0 && (size_t)n >= b->cap - b->len) {
		if (room(b, (size_t)n))
			n = vsnprintf(b->data + b->len, b->cap - b->len, fmt,
				      ap2);
		else
			b->data[b->len] = '\0';
	}
	va_end(ap2);
	if (n > 0)
		b->len += (size_t)n;
}

void cairn_buf_addf(struct cairn_buf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	cairn_buf_vaddf(b, fmt, ap);
	va_end(ap);
}

/* cairn_buf_add_i64 - decimal without printf, for the hot result paths */
void cairn_buf_add_i64(struct cairn_buf *b, int64_t v)
{
	char tmp[24];
	char *p = tmp + sizeof tmp;
	uint64_t u = v < 0 ? -(uint64_t)v : (uint64_t)v;

	do {
		*--p = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (v < 0)
		*--p = '-';
	cairn_buf_add(b, p, (size_t)(tmp + sizeof tmp - p));
}

void cairn_buf_reset(struct cairn_buf *b)
{
	b->len = 0;
	b->over = 0;
	if (b->data)
		b->data[0] = '\0';
}

char *cairn_buf_steal(struct cairn_buf *b)
{
	char *p;

	cairn_buf_meter(b, NULL);
	cairn_buf_reserve(b, 0);
	p = b->data;
	b->data = NULL;
	b->len = b->cap = 0;
	return p;
}

void cairn_buf_free(struct cairn_buf *b)
{
	cairn_buf_meter(b, NULL);
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
	b->over = 0;
}

void cairn_buf_meter(struct cairn_buf *b, struct cairn_budget *budget)
{
	cairn_budget_release(b->budget, cairn_budget_cost(b->cap));
	cairn_budget_add(budget, cairn_budget_cost(b->cap));
	b->budget = budget;
}

int cairn_buf_read_fd(struct cairn_buf *b, int fd, uint64_t max)
{
	for (;;) {
		char chunk[65536];
		ssize_t got = read(fd, chunk, sizeof(chunk));

		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return -errno;
		if (got == 0)
			return 0;
		cairn_buf_add(b, chunk, (size_t)got);
		if (b->len > max)
			return 1;
	}
}

int cairn_buf_read_size(struct cairn_buf *b, int fd, size_t size)
{
	while (b->len < size) {
		cairn_buf_reserve(b, size - b->len);
		if (b->over || b->cap - b->len < size - b->len)
			return 1;	/* over its budget: the caller's read says so */
		ssize_t got = read(fd, b->data + b->len, size - b->len);

		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			return got < 0 ? -errno : 0;
		b->len += (size_t)got;
	}
	return 0;
}

int cairn_buf_write_all(int fd, const void *p, size_t len)
{
	const char *c = p;

	while (len > 0) {
		ssize_t w = write(fd, c, len);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -errno;
		c += w;
		len -= (size_t)w;
	}
	return 0;
}
