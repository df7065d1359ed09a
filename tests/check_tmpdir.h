/*
 * check_tmpdir.h - a fresh directory under /tmp for each test of a Check
 * program, made by the test case's setup and removed, with all it holds,
 * by its teardown.
 */
#ifndef CAIRN_CHECK_TMPDIR_H
#define CAIRN_CHECK_TMPDIR_H

/* The directory's path while a test runs. */
extern char check_tmpdir[64];

/* check_tmpdir_make - mkdtemp /tmp/PREFIX.XXXXXX (PREFIX of at most 40 bytes) */
void check_tmpdir_make(const char *prefix);
/* check_tmpdir_remove - remove the directory and everything below it */
void check_tmpdir_remove(void);

#endif
