/*
 * check_withheld - unit tests of results held back until their feedback
 * is due (src/spool/cairn_withheld.c).
 *
 * Covers the name a held result takes once shown (a history/ entry loses
 * its number), the receipt's name, and showing: held results placed into
 * an owner's directory by arrival, whatever the order they are shown in
 * and whatever was published there meanwhile, so that the latest arrival
 * is current and the others are kept in history/, none lost.  Each test
 * works in its own mkdtemp() directory.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cairn_spool.h"
#include "cairn_spool_dirs.h"
#include "cairn_withheld.h"
#include "check_run.h"
#include "check_tmpdir.h"

static void setup(void)
{
	check_tmpdir_make("check_withheld");
}

/* put - dir_fd/NAME holding text, its modification time second `at` */
static void put(int dir_fd, const char *name, const char *text, time_t at)
{
	struct timespec ts[2] = { { at, 0 }, { at, 0 } };
	int fd = openat(dir_fd, name, O_WRONLY | O_CREAT | O_TRUNC, 0640);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	ck_assert_int_eq(futimens(fd, ts), 0);
	close(fd);
}

/* is - dir_fd/path holds text */
static void is(int dir_fd, const char *path, const char *text)
{
	char *got = check_tmpdir_slurp(dir_fd, path);

	ck_assert_msg(got != NULL, "%s is missing", path);
	ck_assert_str_eq(got, text);
}

START_TEST(test_names)
{
	static const char *const rows[][2] = {
		{ "hw.result.yaml", "hw.result.yaml" },
		{ "history/hw.result.2.yaml", "hw.result.yaml" },
		{ "history/hw.result.12.csv", "hw.result.csv" },
		{ "history/n.7.result", "n.result" },
		{ "history/a.b.result.1.json", "a.b.result.json" },
	};

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		char *got = cairn_withheld_shown_name(rows[i][0]);

		ck_assert_str_eq(got, rows[i][1]);
		free(got);
	}
	char *r = cairn_withheld_receipt_name("hw.yaml");

	ck_assert_str_eq(r, "hw.yaml.receipt");
	free(r);
}
END_TEST

/*
 * Held: arrivals 100 (history/hw.result.1.yaml) and 300 (current); the
 * owner's directory has arrival 200, published meanwhile.  Shown latest
 * first (the release walk shows the earliest first, so that K counts up
 * by arrival): still none is lost, 300 is current, 200 and 100 are in
 * history/.
 */
START_TEST(test_show)
{
	int top = check_tmpdir_open(), owner, held, hist;
	struct cairn_newest nw = {
		.lock_dir = top, .lock_path = "results.lock", .history = 1, .reader = 12345,
	};

	owner = cairn_spool_owner_dir(top, "ada", 0, 0);
	ck_assert_int_ge(owner, 0);
	held = cairn_withheld_dir(owner, 0);
	ck_assert_int_eq(held, -ENOENT);
	held = cairn_withheld_dir(owner, 1);
	ck_assert_int_ge(held, 0);
	hist = cairn_spool_owner_dir(held, CAIRN_HISTORY_DIR, 0, 0);
	ck_assert_int_ge(hist, 0);
	put(hist, "hw.result.1.yaml", "a100\n", 100);
	put(held, "hw.result.yaml", "a300\n", 300);
	put(owner, "hw.result.yaml", "a200\n", 200);

	ck_assert_int_eq(cairn_withheld_show(owner, held, "hw.result.yaml", 0, &nw, 0), 0);
	ck_assert_int_eq(cairn_withheld_show(owner, held, "history/hw.result.1.yaml", 0, &nw, 0),
			 0);
	/* Gone meanwhile (another walk showed it): no error. */
	ck_assert_int_eq(cairn_withheld_show(owner, held, "hw.result.yaml", 0, &nw, 0), 0);
	is(owner, "hw.result.yaml", "a300\n");
	is(owner, "history/hw.result.1.yaml", "a200\n");
	is(owner, "history/hw.result.2.yaml", "a100\n");
	check_tmpdir_mtime_is(owner, "hw.result.yaml", &(struct timespec){ 300, 0 });
	ck_assert_int_eq(faccessat(held, "hw.result.yaml", F_OK, 0), -1);
	ck_assert_int_eq(faccessat(hist, "hw.result.1.yaml", F_OK, 0), -1);
	close(hist);
	close(held);
	close(owner);
	close(top);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("withheld");
	TCase *tc = tcase_create("withheld");

	tcase_add_checked_fixture(tc, setup, check_tmpdir_remove);
	tcase_add_test(tc, test_names);
	tcase_add_test(tc, test_show);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return cairn_check_run(suite());
}
