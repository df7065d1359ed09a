/*
 * check_tmpdir.h - a fresh directory under /tmp for each test of a Check
 * program, made by the test case's setup and removed, with all it holds,
 * by its teardown.
 */
#ifndef CAIRN_CHECK_TMPDIR_H
#define CAIRN_CHECK_TMPDIR_H

#include <time.h>

/* The directory's path while a test runs. */
extern char check_tmpdir[64];

/* check_tmpdir_make - mkdtemp /tmp/PREFIX.XXXXXX, a path of under 64 bytes */
void check_tmpdir_make(const char *prefix);
/* check_tmpdir_open - a descriptor of the directory, to work in with *at() */
int check_tmpdir_open(void);
/*
 * check_tmpdir_slurp - the text of dir_fd/PATH (up to 8 KiB, in a buffer
 * the next call reuses), or NULL when it does not exist
 */
char *check_tmpdir_slurp(int dir_fd, const char *path);
/*
 * check_tmpdir_record - the arrival record of the stored input dir_fd/PATH
 * (cairn_arrival.h), wherever it is: its attribute user.cairn.arrival
 * (the compact form read back and written as the text form),
 * else the file .arrival/NAME beside it followed by "arrival S.N\n", its
 * modification time, as the attribute says it.  In a buffer the next call
 * reuses, or NULL when there is none.
 */
char *check_tmpdir_record(int dir_fd, const char *path);
/* check_tmpdir_mtime_is - dir_fd/PATH's modification time is t, exactly */
void check_tmpdir_mtime_is(int dir_fd, const char *path, const struct timespec *t);
/* check_tmpdir_remove - remove it and all it holds (a fixture's teardown) */
void check_tmpdir_remove(void);

#endif
