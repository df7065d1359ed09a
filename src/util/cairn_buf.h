/*
 * cairn_buf - a growing byte buffer, always NUL-terminated.
 *
 * Result files, log lines and messages are assembled here.  Appending
 * never fails (see cairn_mem.h).  A buffer may be metered: its growth is
 * charged to a job's budget, and once the budget refuses, the buffer
 * stops storing and only counts the bytes appended (`over`), so that a
 * result too big for memory_budget is measured without being held.
 */
#ifndef CAIRN_BUF_H
#define CAIRN_BUF_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

struct cairn_budget;

struct cairn_buf {
	char *data;
	size_t len;			/* bytes appended (stored unless over) */
	size_t cap;
	struct cairn_budget *budget;	/* NULL, or charged for cap */
	int over;			/* the budget refused: only len grows */
};

#define CAIRN_BUF_INIT { NULL, 0, 0, NULL, 0 }

/* Room for `extra` more bytes (none for a metered buffer that is over). */
void cairn_buf_reserve(struct cairn_buf *b, size_t extra);
void cairn_buf_add(struct cairn_buf *b, const void *p, size_t n);
void cairn_buf_adds(struct cairn_buf *b, const char *s);
void cairn_buf_addc(struct cairn_buf *b, char c);
void cairn_buf_addf(struct cairn_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void cairn_buf_vaddf(struct cairn_buf *b, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));
void cairn_buf_add_i64(struct cairn_buf *b, int64_t v);
void cairn_buf_reset(struct cairn_buf *b);
/* Hand the bytes to the caller (who frees them) and empty the buffer. */
char *cairn_buf_steal(struct cairn_buf *b);
void cairn_buf_free(struct cairn_buf *b);
/*
 * Append what fd reads until its end: 0, 1 as soon as b->len passed max
 * (what was read stays in b), or a negative errno value.
 */
int cairn_buf_read_fd(struct cairn_buf *b, int fd, uint64_t max);
/*
 * Append size bytes of fd, no more, where the caller knows the size (a
 * file read through its intact lease cannot change: no read need look
 * for the end after them).  0 (fewer when the file ends sooner); 1 when
 * b's budget refuses the rest (what was read stays: read on with
 * cairn_buf_read_fd(), which tells over from short); or -errno.
 */
int cairn_buf_read_size(struct cairn_buf *b, int fd, size_t size);
/* Write p[0..len) to fd whole (short writes continued, EINTR retried): 0 or -errno. */
int cairn_buf_write_all(int fd, const void *p, size_t len);
/* Charge b's storage, now and as it grows, to `budget` (NULL: stop). */
void cairn_buf_meter(struct cairn_buf *b, struct cairn_budget *budget);

#endif
