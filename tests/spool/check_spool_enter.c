/*
 * check_spool_enter - unit tests of the writer's side of the spool
 * (src/spool/cairn_spool_enter.c): the temporary file is hidden from the
 * daemon and 0640 whatever the umask, a waiting file is never replaced
 * (the next one is numbered, each name told before it is tried), and
 * nothing is left behind when the move fails.  Each test works in its
 * own mkdtemp() spool.
 */
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cairn_mem.h"
#include "cairn_spool_dirs.h"
#include "cairn_spool_enter.h"
#include "cairn_spoolname.h"
#include "check_run.h"

static char root[64];
static int incoming_fd = -1;

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *f)
{
	(void)st; (void)flag; (void)f;
	return remove(path);
}

static void setup(void)
{
	char *in;

	strcpy(root, "/tmp/check_spool_enter.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(root));
	in = cairn_xasprintf("%s/" CAIRN_DIR_INCOMING, root);
	ck_assert_int_eq(mkdir(in, 0755), 0);
	free(in);
	incoming_fd = cairn_spool_enter_dir(root);
	ck_assert_int_ge(incoming_fd, 0);
}

static void teardown(void)
{
	close(incoming_fd);
	nftw(root, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* entries - how many names incoming/ holds */
static int entries(void)
{
	int fd = openat(incoming_fd, ".", O_RDONLY | O_DIRECTORY);
	DIR *d = fdopendir(fd);
	struct dirent *de;
	int n = 0;

	ck_assert_ptr_nonnull(d);
	while ((de = readdir(d)) != NULL)
		n += strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0;
	closedir(d);
	return n;
}

static char *slurp(const char *name)
{
	static char buf[256];
	int fd = openat(incoming_fd, name, O_RDONLY);
	ssize_t n;

	ck_assert_int_ge(fd, 0);
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	ck_assert_int_ge(n, 0);
	buf[n] = '\0';
	return buf;
}

/* enter - hand `text` in as NAME; the name it got (caller frees) */
static char *enter(const char *name, const char *text,
		   void (*trying)(void *, const char *), void *arg)
{
	char *tmp, *placed = NULL;
	int fd = cairn_spool_enter_create(incoming_fd, name, &tmp);
	struct stat st;

	ck_assert_int_ge(fd, 0);
	ck_assert(cairn_spoolname_ignored(tmp));
	ck_assert_int_eq(cairn_spool_enter_write(incoming_fd, tmp, fd, text, strlen(text)), 0);
	ck_assert_int_eq(fstatat(incoming_fd, tmp, &st, AT_SYMLINK_NOFOLLOW), 0);
	ck_assert_uint_eq(st.st_mode & 07777, 0640);
	ck_assert_int_eq(cairn_spool_enter_place(incoming_fd, tmp, name, trying, arg,
						 &placed), 0);
	ck_assert_int_lt(fstatat(incoming_fd, tmp, &st, AT_SYMLINK_NOFOLLOW), 0);
	free(tmp);
	return placed;
}

struct tried {
	char names[4][32];
	int n;
};

static void note(void *arg, const char *to)
{
	struct tried *t = arg;

	ck_assert_int_lt(t->n, 4);
	snprintf(t->names[t->n++], sizeof(t->names[0]), "%s", to);
}

START_TEST(test_enter_numbers)
{
	const char *want[] = { "hw1.yaml", "hw1.1.yaml", "hw1.2.yaml" };
	struct tried t = { .n = 0 };
	mode_t old = umask(077);

	for (int i = 0; i < 3; i++) {
		char text[16], *placed;

		snprintf(text, sizeof(text), "file %d\n", i);
		placed = enter("hw1.yaml", text, i == 2 ? note : NULL, &t);
		ck_assert_str_eq(placed, want[i]);
		free(placed);
	}
	umask(old);
	for (int i = 0; i < 3; i++) {
		char text[16];

		snprintf(text, sizeof(text), "file %d\n", i);
		ck_assert_str_eq(slurp(want[i]), text);
	}
	ck_assert_int_eq(t.n, 3);
	for (int i = 0; i < 3; i++)
		ck_assert_str_eq(t.names[i], want[i]);
	ck_assert_int_eq(entries(), 3);
}
END_TEST

START_TEST(test_enter_failed_move)
{
	char *tmp, *placed = NULL;
	int fd = cairn_spool_enter_create(incoming_fd, "a/b", &tmp);

	/* A name with a '/' cannot be created: nothing is left, no name given. */
	ck_assert_int_eq(fd, -ENOENT);
	ck_assert_ptr_null(tmp);
	fd = cairn_spool_enter_create(incoming_fd, "x.yaml", &tmp);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(cairn_spool_enter_write(incoming_fd, tmp, fd, "x\n", 2), 0);
	ck_assert_int_eq(cairn_spool_enter_place(incoming_fd, tmp, "no/such/dir", NULL, NULL,
						 &placed), -ENOENT);
	ck_assert_ptr_null(placed);
	ck_assert_int_eq(entries(), 0);
	free(tmp);
}
END_TEST

START_TEST(test_enter_no_incoming)
{
	char *in = cairn_xasprintf("%s/" CAIRN_DIR_INCOMING, root);

	ck_assert_int_eq(rmdir(in), 0);
	ck_assert_int_eq(cairn_spool_enter_dir(root), -ENOENT);
	free(in);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("spool_enter");
	TCase *tc = tcase_create("spool_enter");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_enter_numbers);
	tcase_add_test(tc, test_enter_failed_move);
	tcase_add_test(tc, test_enter_no_incoming);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return cairn_check_run(suite());
}
