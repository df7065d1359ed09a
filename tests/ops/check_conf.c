/*
 * check_conf - the configuration file: values, units, errors, round trip.
 *
 * Each case writes a small YAML file into a private temporary directory
 * and loads it over the defaults.  Errors are compared as exact strings,
 * file name included; successful loads are compared through
 * cairn_conf_print(), which covers every key.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cairn_buf.h"
#include "cairn_conf.h"
#include "cairn_mem.h"
#include "cairn_size.h"
#include "check_run.h"

static char tmpdir[] = "/tmp/check_conf.XXXXXX";
static char path[256];

static void setup(void)
{
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
	snprintf(path, sizeof(path), "%s/cairnd.yaml", tmpdir);
}

static void teardown(void)
{
	unlink(path);
	rmdir(tmpdir);
	strcpy(tmpdir, "/tmp/check_conf.XXXXXX");
}

static void write_file(const char *text)
{
	FILE *f = fopen(path, "w");

	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

/* load - text over the defaults into c; returns cairn_conf_load()'s value. */
static int load(struct cairn_conf *c, const char *text, char *err, size_t len)
{
	write_file(text);
	cairn_conf_defaults(c);
	err[0] = '\0';
	return cairn_conf_load(c, path, err, len);
}

static char *printed(const struct cairn_conf *c)
{
	struct cairn_buf b = CAIRN_BUF_INIT;

	cairn_conf_print(c, &b);
	return cairn_buf_steal(&b);
}

/* assert_defaults - c prints exactly as a fresh default configuration. */
static void assert_defaults(const struct cairn_conf *c)
{
	struct cairn_conf d;
	char *a, *b;

	cairn_conf_defaults(&d);
	a = printed(c);
	b = printed(&d);
	ck_assert_str_eq(a, b);
	free(a);
	free(b);
	cairn_conf_free(&d);
}

struct bad_case {
	const char *text;
	const char *error;	/* after "PATH: " */
};

#define SIZE_EXPECT "(a whole number of bytes, at least 1, optionally " \
	"followed by kB, KiB, MB, MiB, GB, GiB, TB or TiB)"

static const struct bad_case bad_cases[] = {
	{ "spool: /x\nspol: /y\n", "line 2, column 1: unknown key \"spol\"" },
	{ "workers: 2\nfsync: true\nworkers: 3\n",
	  "line 3, column 1: duplicate key \"workers\"" },
	{ "memory_budget: 64XB\n",
	  "line 1, column 16: memory_budget: \"64XB\" is not a size " SIZE_EXPECT },
	{ "memory_budget: 1.5GiB\n",
	  "line 1, column 16: memory_budget: \"1.5GiB\" is not a size " SIZE_EXPECT },
	{ "max_file_bytes: 0\n",
	  "line 1, column 17: max_file_bytes: \"0\" is not a size " SIZE_EXPECT },
	{ "max_file_bytes: -5\n",
	  "line 1, column 17: max_file_bytes: \"-5\" is not a size " SIZE_EXPECT },
	{ "memory_budget: 16777216TiB\n",
	  "line 1, column 16: memory_budget: \"16777216TiB\" is too large "
	  "(more than 2^64-1 bytes)" },
	{ "memory_budget: 18446744073709551616\n",
	  "line 1, column 16: memory_budget: \"18446744073709551616\" is too large "
	  "(more than 2^64-1 bytes)" },
	{ "fsync: maybe\n",
	  "line 1, column 8: fsync: \"maybe\" is not a boolean (true or false)" },
	{ "keep_inputs: 1\n",
	  "line 1, column 14: keep_inputs: \"1\" is not a boolean (true or false)" },
	{ "settle_ms: 1.5\n",
	  "line 1, column 12: settle_ms: \"1.5\" is not a whole number from 0 to 3600000" },
	{ "rescan_s: 86401\n",
	  "line 1, column 11: rescan_s: \"86401\" is not a whole number from 0 to 86400" },
	{ "job_timeout_s: 99999999999999999999999\n",
	  "line 1, column 16: job_timeout_s: \"99999999999999999999999\" is not a whole number from 0 to 86400" },
	{ "max_piles: 0\n",
	  "line 1, column 12: max_piles: \"0\" is not a whole number from 1 to 4294967295" },
	{ "max_puzzles: 0\n",
	  "line 1, column 14: max_puzzles: \"0\" is not a whole number from 1 to 4294967295" },
	{ "max_puzzles: 4294967296\n",
	  "line 1, column 14: max_puzzles: \"4294967296\" is not a whole number from 1 to 4294967295" },
	{ "max_puzzles: -3\n",
	  "line 1, column 14: max_puzzles: \"-3\" is not a whole number from 1 to 4294967295" },
	{ "max_puzzles: 1e6\n",
	  "line 1, column 14: max_puzzles: \"1e6\" is not a whole number from 1 to 4294967295" },
	{ "max_puzzles: [1]\n",
	  "line 1, column 14: max_puzzles: expected a single value, not a sequence" },
	{ "max_puzles: 10\n", "line 1, column 1: unknown key \"max_puzles\"" },
	{ "max_incoming_bytes_per_owner: 0\n",
	  "line 1, column 31: max_incoming_bytes_per_owner: \"0\" is not a size " SIZE_EXPECT },
	{ "max_incoming_bytes_per_owner: lots\n",
	  "line 1, column 31: max_incoming_bytes_per_owner: \"lots\" is not a size " SIZE_EXPECT },
	{ "retain: {done: 3w}\n",
	  "line 1, column 16: retain.done: \"3w\" is not a duration from 1s to 36500d "
	  "(a whole number and d, h, m or s, such as 180d)" },
	{ "retain: {history: 0d}\n",
	  "line 1, column 19: retain.history: \"0d\" is not a duration from 1s to 36500d "
	  "(a whole number and d, h, m or s, such as 180d)" },
	{ "retain: {failed: 36501d}\n",
	  "line 1, column 18: retain.failed: \"36501d\" is not a duration from 1s to 36500d "
	  "(a whole number and d, h, m or s, such as 180d)" },
	{ "retain: {done: 99999999999999999999d}\n",
	  "line 1, column 16: retain.done: \"99999999999999999999d\" is not a duration from 1s "
	  "to 36500d (a whole number and d, h, m or s, such as 180d)" },
	{ "retain: {done: 1 d}\n",
	  "line 1, column 16: retain.done: \"1 d\" is not a duration from 1s to 36500d "
	  "(a whole number and d, h, m or s, such as 180d)" },
	{ "retain: {done: 180}\n",
	  "line 1, column 16: retain.done: \"180\" is not a duration from 1s to 36500d "
	  "(a whole number and d, h, m or s, such as 180d)" },
	{ "retain: {dnoe: 1d}\n",
	  "line 1, column 10: retain: unknown key \"dnoe\" (done, failed or history)" },
	{ "retain: {done: 1d, done: 2d}\n",
	  "line 1, column 20: retain: duplicate key \"done\"" },
	{ "retain: {done: {a: 1}}\n",
	  "line 1, column 16: retain.done: expected a single value, not a mapping" },
	{ "retain: {[1]: 1d}\n",
	  "line 1, column 10: retain: expected a key name, not a sequence" },
	{ "retain: 180d\n",
	  "line 1, column 9: retain: expected a mapping of done, failed and history, not \"180d\"" },
	{ "retain: [180d]\n",
	  "line 1, column 9: retain: expected a mapping of done, failed and history, not a sequence" },
	{ "max_queued_per_owner: 0\n",
	  "line 1, column 23: max_queued_per_owner: \"0\" is not a whole number from 1 to 1000000" },
	{ "max_queued_per_owner: 1000001\n",
	  "line 1, column 23: max_queued_per_owner: \"1000001\" is not a whole number from 1 to 1000000" },
	{ "max_queued_per_owner: lots\n",
	  "line 1, column 23: max_queued_per_owner: \"lots\" is not a whole number from 1 to 1000000" },
	{ "workers: 0\n",
	  "line 1, column 10: workers: \"0\" is not a whole number from 1 to 1024" },
	{ "\n\nworkers: many\n",
	  "line 3, column 10: workers: \"many\" is not a whole number from 1 to 1024" },
	{ "workers: 1025\n",
	  "line 1, column 10: workers: \"1025\" is not a whole number from 1 to 1024" },
	{ "workers: -1\n",
	  "line 1, column 10: workers: \"-1\" is not a whole number from 1 to 1024" },
	{ "workers: \"\"\n",
	  "line 1, column 10: workers: \"\" is not a whole number from 1 to 1024" },
	{ "log_level: loud\n",
	  "line 1, column 12: log_level: \"loud\" is not a log level (error, warning, info or debug)" },
	{ "instance: a/b\n",
	  "line 1, column 11: instance: \"a/b\" is not a valid instance name "
	  "(one printable file name: no \"/\", not \".\" or \"..\")" },
	{ "instance: ..\n",
	  "line 1, column 11: instance: \"..\" is not a valid instance name "
	  "(one printable file name: no \"/\", not \".\" or \"..\")" },
	{ "instance: \"\"\n",
	  "line 1, column 11: instance: \"\" is not a valid instance name "
	  "(one printable file name: no \"/\", not \".\" or \"..\")" },
	{ "instance: \"a\\tb\"\n",
	  "line 1, column 11: instance: \"a\\tb\" is not a valid instance name "
	  "(one printable file name: no \"/\", not \".\" or \"..\")" },
	{ "solver: Fast!\n",
	  "line 1, column 9: solver: \"Fast!\" is not a solver name "
	  "(lowercase letters, digits and _)" },
	{ "spool: \"\"\n",
	  "line 1, column 8: spool: expected a path, not an empty string" },
	{ "- spool\n- workers\n",
	  "line 1, column 1: the configuration must be a mapping of keys to values" },
	{ "hello\n",
	  "line 1, column 1: the configuration must be a mapping of keys to values" },
	{ "solver: &s linear\nworkers: 2\n",
	  "line 1, column 9: anchors and aliases are not allowed" },
	{ "workers: 2\nsettle_ms: *n\n",
	  "line 2, column 12: anchors and aliases are not allowed" },
	{ "workers: [1, 2]\n",
	  "line 1, column 10: workers: expected a single value, not a sequence" },
	{ "spool:\n  path: /x\n",
	  "line 2, column 3: spool: expected a single value, not a mapping" },
	{ "? [a]\n: 1\n",
	  "line 1, column 3: expected a key name, not a sequence" },
	{ "workers: 2\n---\nworkers: 3\n",
	  "line 2, column 1: only one YAML document is allowed" },
	{ "workers: 2\nsolver: a: b\n",
	  "line 2, column 10: mapping values are not allowed in this context" },
	{ "workers: \"2\n",
	  "line 2, column 1: found unexpected end of stream (while scanning "
	  "a quoted scalar at line 1, column 10)" },
	/* libyaml's reader errors know only an offset: the place is counted. */
	{ "workers: 2\nspool: /x\x01\n",
	  "line 2, column 10: control characters are not allowed" },
	{ "workers: 2\nspool: caf\xc3\xa9/\xff\n",
	  "line 2, column 13: invalid leading UTF-8 octet" },
	{ "spool: \"/a\\0b\"\n",
	  "line 1, column 8: a NUL character is not allowed" },
	{ "unknown_with_a_very_long_name_that_goes_on_and_on_and_on_and_on_forever: 1\n",
	  "line 1, column 1: unknown key \"unknown_with_a_very_long_name_that_goes_on_and_on_and_on_and_on_...\"" },
};

START_TEST(test_bad)
{
	const struct bad_case *bc = &bad_cases[_i];
	struct cairn_conf c;
	char err[1024], want[1024];

	snprintf(want, sizeof(want), "%s: %s", path, bc->error);
	ck_assert_int_eq(load(&c, bc->text, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, want);
	/* A failed load leaves the configuration as it was. */
	assert_defaults(&c);
	cairn_conf_free(&c);
}
END_TEST

struct size_case {
	const char *text;
	uint64_t bytes;
	const char *printed;
};

static const struct size_case size_cases[] = {
	{ "123", 123, "123" },
	{ "123B", 123, "123" },
	{ "1k", 1000, "1kB" },
	{ "2kB", 2000, "2kB" },
	{ "3KiB", 3072, "3KiB" },
	{ "5MB", 5000000, "5MB" },
	{ "5MiB", 5242880, "5MiB" },
	{ "2GB", 2000000000ULL, "2GB" },
	{ "2GiB", 2147483648ULL, "2GiB" },
	{ "3TB", 3000000000000ULL, "3TB" },
	{ "3TiB", 3298534883328ULL, "3TiB" },
	{ "16 MiB", 16777216, "16MiB" },
	{ "1536", 1536, "1536" },
	{ "1500kB", 1500000, "1500kB" },
	{ "1024MiB", 1073741824, "1GiB" },
	{ "16777215TiB", 18446742974197923840ULL, "16777215TiB" },
	{ "18446744073709551615", UINT64_MAX, "18446744073709551615" },
};

START_TEST(test_size_units)
{
	const struct size_case *sc = &size_cases[_i];
	struct cairn_conf c;
	char text[128], err[512], buf[CAIRN_SIZE_BUFLEN];

	snprintf(text, sizeof(text), "memory_budget: %s\n", sc->text);
	ck_assert_int_eq(load(&c, text, err, sizeof(err)), 0);
	ck_assert_uint_eq(c.memory_budget, sc->bytes);
	ck_assert_str_eq(cairn_size_format(sc->bytes, buf), sc->printed);
	cairn_conf_free(&c);
}
END_TEST

START_TEST(test_size_parse_errors)
{
	uint64_t v = 7;

	ck_assert_int_eq(cairn_size_parse("", &v), -EINVAL);
	ck_assert_int_eq(cairn_size_parse("MiB", &v), -EINVAL);
	ck_assert_int_eq(cairn_size_parse("1 mib", &v), -EINVAL);
	ck_assert_int_eq(cairn_size_parse("1KB", &v), -EINVAL);
	ck_assert_int_eq(cairn_size_parse(" 1", &v), -EINVAL);
	ck_assert_int_eq(cairn_size_parse("1MiB ", &v), -EINVAL);
	ck_assert_int_eq(cairn_size_parse("16777216TiB", &v), -ERANGE);
	ck_assert_int_eq(cairn_size_parse("18446744073709551616", &v), -ERANGE);
	ck_assert_int_eq(cairn_size_parse("18446744073709551616x", &v), -EINVAL);
	ck_assert_uint_eq(v, 7);
	ck_assert_int_eq(cairn_size_parse("0", &v), 0);
	ck_assert_uint_eq(v, 0);
}
END_TEST

START_TEST(test_values)
{
	struct cairn_conf c;
	char err[512];

	ck_assert_int_eq(load(&c,
		"# every key set\n"
		"spool: /srv/cairn\n"
		"instance: \"node-2.example\"\n"
		"plugin_dir: /opt/cairn/plugins\n"
		"problems_dir: /srv/problems\n"
		"solver: diff1d\n"
		"workers: 1024\n"
		"memory_budget: 2GiB\n"
		"max_queued_per_owner: 1000000\n"
		"max_incoming_bytes_per_owner: 64MiB\n"
		"max_file_bytes: 1MB\n"
		"max_piles: 4294967295\n"
		"max_puzzles: 4294967295\n"
		"settle_ms: 0\n"
		"rescan_s: 0\n"
		"retain: {done: 180d, failed: 36h, history: 90m}\n"
		"job_timeout_s: 86400\n"
		"shutdown_timeout_s: 5\n"
		"fsync: No\n"
		"keep_inputs: OFF\n"
		"cross_check: yes\n"
		"log_level: debug\n"
		"metrics_file: /run/cairn/metrics\n", err, sizeof(err)), 0);
	ck_assert_str_eq(err, "");
	ck_assert_str_eq(c.spool, "/srv/cairn");
	ck_assert_str_eq(c.instance, "node-2.example");
	ck_assert_str_eq(c.plugin_dir, "/opt/cairn/plugins");
	ck_assert_str_eq(c.problems_dir, "/srv/problems");
	ck_assert_str_eq(c.solver, "diff1d");
	ck_assert_uint_eq(c.workers, 1024);
	ck_assert_uint_eq(c.memory_budget, 2147483648ULL);
	ck_assert_uint_eq(c.max_queued_per_owner, 1000000);
	ck_assert_uint_eq(c.max_incoming_bytes_per_owner, 64ULL << 20);
	ck_assert_uint_eq(c.max_file_bytes, 1000000);
	ck_assert_uint_eq(c.retain.done_s, 180 * 86400);
	ck_assert_uint_eq(c.retain.failed_s, 36 * 3600);
	ck_assert_uint_eq(c.retain.history_s, 90 * 60);
	ck_assert_uint_eq(c.max_piles, 4294967295ULL);
	ck_assert_uint_eq(c.max_puzzles, 4294967295ULL);
	ck_assert_uint_eq(c.settle_ms, 0);
	ck_assert_uint_eq(c.rescan_s, 0);
	ck_assert_uint_eq(c.job_timeout_s, 86400);
	ck_assert_uint_eq(c.shutdown_timeout_s, 5);
	ck_assert_int_eq(c.fsync, 0);
	ck_assert_int_eq(c.keep_inputs, 0);
	ck_assert_int_eq(c.cross_check, 1);
	ck_assert_int_eq(c.log_level, CAIRN_LOG_DEBUG);
	ck_assert_str_eq(c.metrics_file, "/run/cairn/metrics");
	cairn_conf_free(&c);
}
END_TEST

START_TEST(test_booleans)
{
	static const char *const yes[] = { "true", "True", "TRUE", "yes", "Yes", "on", "On" };
	static const char *const no[] = { "false", "False", "no", "NO", "off", "oFF" };
	struct cairn_conf c;
	char text[64], err[512];
	size_t i;

	for (i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
		snprintf(text, sizeof(text), "cross_check: %s\n", yes[i]);
		ck_assert_int_eq(load(&c, text, err, sizeof(err)), 0);
		ck_assert_int_eq(c.cross_check, 1);
		cairn_conf_free(&c);
	}
	for (i = 0; i < sizeof(no) / sizeof(no[0]); i++) {
		snprintf(text, sizeof(text), "fsync: %s\n", no[i]);
		ck_assert_int_eq(load(&c, text, err, sizeof(err)), 0);
		ck_assert_int_eq(c.fsync, 0);
		cairn_conf_free(&c);
	}
}
END_TEST

static const char *const empty_texts[] = {
	"",
	"# only a comment\n\n   # and another\n",
	"---\n",
	"---\n...\n",
	"{}\n",
	"\xef\xbb\xbf# a BOM, then a comment\n",
};

START_TEST(test_empty_is_defaults)
{
	struct cairn_conf c;
	char err[512];

	ck_assert_int_eq(load(&c, empty_texts[_i], err, sizeof(err)), 0);
	assert_defaults(&c);
	cairn_conf_free(&c);
}
END_TEST

/* A null value (~, null or nothing) gives the key its default back. */
START_TEST(test_null_is_default)
{
	struct cairn_conf c;
	char err[512];

	write_file("workers: 3\nmetrics_file: /m\nproblems_dir: /p\nsolver: linear\n"
		   "retain: {done: 1d, failed: 2d}\nmax_incoming_bytes_per_owner: 1MiB\n");
	cairn_conf_defaults(&c);
	ck_assert_int_eq(cairn_conf_load(&c, path, err, sizeof(err)), 0);
	ck_assert_uint_eq(c.workers, 3);
	ck_assert_uint_eq(c.retain.failed_s, 2 * 86400);
	/* A kind retain does not name, or names with no value, is kept forever. */
	write_file("retain: {done: ~, history: 5s}\n");
	ck_assert_int_eq(cairn_conf_load(&c, path, err, sizeof(err)), 0);
	ck_assert_uint_eq(c.retain.done_s, 0);
	ck_assert_uint_eq(c.retain.failed_s, 0);
	ck_assert_uint_eq(c.retain.history_s, 5);
	write_file("workers: ~\nmetrics_file: null\nproblems_dir:\nsolver: NULL\n"
		   "retain: ~\nmax_incoming_bytes_per_owner: ~\n");
	ck_assert_int_eq(cairn_conf_load(&c, path, err, sizeof(err)), 0);
	ck_assert_ptr_null(c.metrics_file);
	ck_assert_ptr_null(c.problems_dir);
	assert_defaults(&c);
	cairn_conf_free(&c);
}
END_TEST

/* Loading over a loaded configuration keeps what the file does not set. */
START_TEST(test_load_over_and_failed_reload)
{
	struct cairn_conf c;
	char err[512];

	ck_assert_int_eq(load(&c, "workers: 7\nspool: /a\n", err, sizeof(err)), 0);
	write_file("settle_ms: 9\nspool: /b\n");
	ck_assert_int_eq(cairn_conf_load(&c, path, err, sizeof(err)), 0);
	ck_assert_uint_eq(c.workers, 7);
	ck_assert_uint_eq(c.settle_ms, 9);
	ck_assert_str_eq(c.spool, "/b");
	write_file("workers: 3\nspool: /c\nfsync: maybe\n");
	ck_assert_int_eq(cairn_conf_load(&c, path, err, sizeof(err)), -EINVAL);
	ck_assert_uint_eq(c.workers, 7);
	ck_assert_str_eq(c.spool, "/b");
	cairn_conf_free(&c);
}
END_TEST

START_TEST(test_missing_file)
{
	struct cairn_conf c;
	char err[512], want[512];

	cairn_conf_defaults(&c);
	snprintf(want, sizeof(want), "%s/nope.yaml: No such file or directory", tmpdir);
	snprintf(path, sizeof(path), "%s/nope.yaml", tmpdir);
	ck_assert_int_eq(cairn_conf_load(&c, path, err, sizeof(err)), -ENOENT);
	ck_assert_str_eq(err, want);
	snprintf(want, sizeof(want), "%s: Is a directory", tmpdir);
	ck_assert_int_eq(cairn_conf_load(&c, tmpdir, err, sizeof(err)), -EISDIR);
	ck_assert_str_eq(err, want);
	assert_defaults(&c);
	cairn_conf_free(&c);
}
END_TEST

/* fixed - defaults with the host-dependent values pinned. */
static void fixed(struct cairn_conf *c)
{
	cairn_conf_defaults(c);
	free(c->spool);
	free(c->instance);
	free(c->plugin_dir);
	c->spool = cairn_xstrdup("/srv/cairn");
	c->instance = cairn_xstrdup("host1");
	c->plugin_dir = cairn_xstrdup("/usr/lib/cairn");
	c->workers = 4;
	c->memory_total = 6ULL << 30;
}

START_TEST(test_print_exact)
{
	struct cairn_conf c;
	char *out;

	fixed(&c);
	out = printed(&c);
	ck_assert_str_eq(out,
		"spool: /srv/cairn\n"
		"instance: host1\n"
		"plugin_dir: /usr/lib/cairn\n"
		"problems_dir: /srv/cairn/problems\n"
		"solver: auto\n"
		"workers: 4\n"
		"memory_budget: 1GiB\n"
		"memory_total: 6GiB\n"
		"max_queued_per_owner: 1000\n"
		"max_incoming_bytes_per_owner: ~\n"
		"max_file_bytes: 64MiB\n"
		"max_piles: 1000000\n"
		"max_puzzles: 1000000\n"
		"settle_ms: 500\n"
		"rescan_s: 60\n"
		"retain: {done: ~, failed: ~, history: ~}\n"
		"job_timeout_s: 300\n"
		"shutdown_timeout_s: 30\n"
		"fsync: true\n"
		"keep_inputs: true\n"
		"cross_check: false\n"
		"log_level: info\n"
		"metrics_file: ~\n");
	free(out);
	cairn_conf_free(&c);
}
END_TEST

/* print, load the output into fresh defaults, print again: same text. */
static void round_trip(const struct cairn_conf *c)
{
	struct cairn_conf back;
	char err[512], *a, *b;

	a = printed(c);
	cairn_conf_defaults(&back);
	ck_assert_int_eq(cairn_conf_load_mem(&back, "printed", a, strlen(a),
					     err, sizeof(err)), 0);
	b = printed(&back);
	ck_assert_str_eq(a, b);
	ck_assert_str_eq(back.spool, c->spool);
	ck_assert_str_eq(back.instance, c->instance);
	ck_assert_str_eq(back.plugin_dir, c->plugin_dir);
	ck_assert_uint_eq(back.memory_budget, c->memory_budget);
	ck_assert_uint_eq(back.max_file_bytes, c->max_file_bytes);
	ck_assert_uint_eq(back.max_incoming_bytes_per_owner, c->max_incoming_bytes_per_owner);
	ck_assert_uint_eq(back.retain.done_s, c->retain.done_s);
	ck_assert_uint_eq(back.retain.failed_s, c->retain.failed_s);
	ck_assert_uint_eq(back.retain.history_s, c->retain.history_s);
	if (c->metrics_file)
		ck_assert_str_eq(back.metrics_file, c->metrics_file);
	else
		ck_assert_ptr_null(back.metrics_file);
	free(a);
	free(b);
	cairn_conf_free(&back);
}

START_TEST(test_round_trip)
{
	struct cairn_conf c;

	cairn_conf_defaults(&c);
	round_trip(&c);
	cairn_conf_free(&c);

	fixed(&c);
	free(c.spool);
	free(c.instance);
	free(c.solver);
	c.spool = cairn_xstrdup("/srv/my spool: #1/");
	c.instance = cairn_xstrdup("null");
	c.solver = cairn_xstrdup("tuple2d");
	c.problems_dir = cairn_xstrdup("-dash\\back\"quote\ttab");
	c.metrics_file = cairn_xstrdup("~");
	c.memory_budget = 1500000;
	c.max_file_bytes = 1023;
	c.max_queued_per_owner = 1;
	c.max_incoming_bytes_per_owner = 1500000;
	c.retain.done_s = 180 * 86400;
	c.retain.history_s = 36500ULL * 86400;
	c.max_piles = 17;
	c.max_puzzles = 3;
	c.settle_ms = 0;
	c.rescan_s = 0;
	c.job_timeout_s = 1;
	c.shutdown_timeout_s = 86400;
	c.fsync = 0;
	c.keep_inputs = 0;
	c.cross_check = 1;
	c.log_level = CAIRN_LOG_WARNING;
	round_trip(&c);
	cairn_conf_free(&c);

	fixed(&c);
	free(c.spool);
	c.spool = cairn_xstrdup("/var/spool/caírn/");
	c.log_level = CAIRN_LOG_ERROR;
	round_trip(&c);
	cairn_conf_free(&c);

	/* Found by fuzz_conf: NEL, LS and a C1 control printed raw came
	 * back as line breaks or were refused. */
	fixed(&c);
	free(c.spool);
	c.spool = cairn_xstrdup("/s\xc2\x85\xe2\x80\xa8\xc2\x9f\xef\xbb\xbf");
	round_trip(&c);
	cairn_conf_free(&c);
}
END_TEST

/* Quoting in the printed file, and problems_dir under a spool ending in /. */
START_TEST(test_print_quoting)
{
	struct cairn_conf c;
	char *out;

	fixed(&c);
	free(c.spool);
	c.spool = cairn_xstrdup("/srv/a b/");
	c.metrics_file = cairn_xstrdup("/m\"\\\n");
	out = printed(&c);
	ck_assert_ptr_nonnull(strstr(out, "spool: \"/srv/a b/\"\n"));
	ck_assert_ptr_nonnull(strstr(out, "problems_dir: \"/srv/a b/problems\"\n"));
	ck_assert_ptr_nonnull(strstr(out, "metrics_file: \"/m\\\"\\\\\\n\"\n"));
	free(out);
	cairn_conf_free(&c);
}
END_TEST

/* The shipped sample names every key and changes nothing. */
START_TEST(test_sample)
{
	const char *top = getenv("top_srcdir");
	struct cairn_conf c;
	char sample[4096], err[512];

	snprintf(sample, sizeof(sample), "%s/conf/cairnd.yaml", top ? top : ".");
	cairn_conf_defaults(&c);
	ck_assert_msg(cairn_conf_load(&c, sample, err, sizeof(err)) == 0, "%s", err);
	assert_defaults(&c);
	cairn_conf_free(&c);
}
END_TEST

static Suite *conf_suite(void)
{
	Suite *s = suite_create("conf");
	TCase *tc = tcase_create("conf");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_loop_test(tc, test_bad, 0, sizeof(bad_cases) / sizeof(bad_cases[0]));
	tcase_add_loop_test(tc, test_size_units, 0, sizeof(size_cases) / sizeof(size_cases[0]));
	tcase_add_test(tc, test_size_parse_errors);
	tcase_add_test(tc, test_values);
	tcase_add_test(tc, test_booleans);
	tcase_add_loop_test(tc, test_empty_is_defaults, 0,
			    sizeof(empty_texts) / sizeof(empty_texts[0]));
	tcase_add_test(tc, test_null_is_default);
	tcase_add_test(tc, test_load_over_and_failed_reload);
	tcase_add_test(tc, test_missing_file);
	tcase_add_test(tc, test_print_exact);
	tcase_add_test(tc, test_round_trip);
	tcase_add_test(tc, test_print_quoting);
	tcase_add_test(tc, test_sample);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return cairn_check_run(conf_suite());
}
