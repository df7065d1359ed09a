/*
 * cairn_cmd_generate - `cairn generate`: a problem set for an instructor.
 *
 * Parses and checks the options (a bad one is a usage error naming it),
 * then prints the set cairn_generate writes, headed by the options in a
 * canonical order with the seed, so that the header alone is the command
 * that writes the same bytes again.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cairn_cli.h"
#include "cairn_cmd.h"
#include "cairn_generate.h"
#include "cairn_int.h"
#include "cairn_mem.h"

static const char usage[] =
	"Usage: cairn generate [OPTIONS]\n"
	"\n"
	"Print a problem set of puzzles drawn reproducibly from a seed, each\n"
	"with every required property, and its answer key as comments.\n"
	"\n"
	"  -n, --count K         puzzles in the set (default 10, at most 10000)\n"
	"      --piles N|N-M     piles per puzzle, or a range (default 8, at most 100)\n"
	"      --values A..B     pile values (default 1..20; |value| <= 10^15)\n"
	"  -r, --require PROP,...  alice-wins, bob-wins, tie, greedy-fails,\n"
	"                        unique-line, both-optimal, first-left, first-right\n"
	"      --seed S          64-bit seed (default: from the clock; the header\n"
	"                        says which)\n"
	"      --points P        give each puzzle `points: P`\n"
	"      --id-prefix X     ids X1, X2, ... (default p)\n"
	"  -h, --help            this help\n"
	"\n"
	"Each puzzle is searched for by at most 200000 draws.\n"
	"Exit status: 0 the set was printed, 64 on a usage error (contradictory\n"
	"properties included), 65 when a puzzle was not found within the draws.\n";

enum { OPT_PILES = CAIRN_OPT_FIRST_OWN, OPT_VALUES, OPT_SEED, OPT_POINTS,
       OPT_PREFIX };

struct gen_opts {
	struct cairn_generate_opts g;
	int64_t points;		/* -1: none */
	const char *prefix;
	int seeded;
};

/* number - the whole of s[0..len) as an integer in lo..hi */
static int number(const char *s, size_t len, int64_t lo, int64_t hi,
		  int64_t *v)
{
	return len > 0 && cairn_int_parse_i64(s, len, v) == 0 && *v >= lo &&
	       *v <= hi ? 0 : -EINVAL;
}

static int parse_count(struct cairn_cli *cli, struct gen_opts *o, const char *arg)
{
	int64_t v;

	if (number(arg, strlen(arg), 1, CAIRN_GENERATE_MAX_COUNT, &v) < 0)
		return cairn_cli_usage_error(cli, "--count: \"%s\": expected a "
			"number of puzzles in 1..%d", arg, CAIRN_GENERATE_MAX_COUNT);
	o->g.count = (size_t)v;
	return 0;
}

static int parse_piles(struct cairn_cli *cli, struct gen_opts *o, const char *arg)
{
	size_t cut = strcspn(arg, "-");
	int64_t lo, hi;

	if (number(arg, cut, 1, CAIRN_GENERATE_MAX_PILES, &lo) < 0 ||
	    number(arg[cut] ? arg + cut + 1 : arg, strlen(arg[cut] ? arg + cut + 1 : arg),
		   lo, CAIRN_GENERATE_MAX_PILES, &hi) < 0)
		return cairn_cli_usage_error(cli, "--piles: \"%s\": expected N or "
			"N-M with 1 <= N <= M <= %d", arg, CAIRN_GENERATE_MAX_PILES);
	o->g.piles_min = (size_t)lo;
	o->g.piles_max = (size_t)hi;
	return 0;
}

static int parse_values(struct cairn_cli *cli, struct gen_opts *o, const char *arg)
{
	const char *dots = strstr(arg, "..");
	const int64_t m = CAIRN_GENERATE_MAX_VALUE;

	if (dots == NULL || number(arg, (size_t)(dots - arg), -m, m, &o->g.lo) < 0 ||
	    number(dots + 2, strlen(dots + 2), o->g.lo, m, &o->g.hi) < 0)
		return cairn_cli_usage_error(cli, "--values: \"%s\": expected A..B "
			"with A <= B, both within -10^15..10^15", arg);
	return 0;
}

static int parse_require(struct cairn_cli *cli, struct gen_opts *o, const char *arg)
{
	const char *c = arg;
	unsigned bit;
	size_t len;

	for (;;) {
		len = strcspn(c, ",");
		if ((bit = cairn_props_bit(c, len)) == 0)
			return cairn_cli_usage_error(cli, "--require: unknown property "
				"\"%.*s\": expected alice-wins, bob-wins, tie, "
				"greedy-fails, unique-line, both-optimal, "
				"first-left or first-right", (int)len, c);
		o->g.require |= bit;
		if (c[len] == '\0')
			return 0;
		c += len + 1;
	}
}

static int parse_seed(struct cairn_cli *cli, struct gen_opts *o, const char *arg)
{
	char *end;

	errno = 0;
	o->g.seed = strtoull(arg, &end, 10);
	if (arg[0] < '0' || arg[0] > '9' || *end != '\0' || errno != 0)
		return cairn_cli_usage_error(cli, "--seed: \"%s\": expected a "
			"number in 0..18446744073709551615", arg);
	o->seeded = 1;
	return 0;
}

static int parse_points(struct cairn_cli *cli, struct gen_opts *o, const char *arg)
{
	if (number(arg, strlen(arg), 0, INT64_MAX, &o->points) < 0)
		return cairn_cli_usage_error(cli, "--points: \"%s\": expected a "
			"non-negative integer", arg);
	return 0;
}

static int parse_prefix(struct cairn_cli *cli, struct gen_opts *o, const char *arg)
{
	size_t len = strspn(arg, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			    "0123456789_-.");

	if (len == 0 || arg[len] != '\0' || len > 64 || arg[0] == '-' || arg[0] == '.')
		return cairn_cli_usage_error(cli, "--id-prefix: \"%s\": expected up "
			"to 64 letters, digits, '_', '-' or '.', starting with a "
			"letter, a digit or '_'", arg);
	o->prefix = arg;
	return 0;
}

/* own_option - one of generate's own options; -1 when opt is not one */
static int own_option(struct cairn_cli *cli, struct gen_opts *o, int opt,
		      const char *arg)
{
	switch (opt) {
	case 'n': return parse_count(cli, o, arg);
	case 'r': return parse_require(cli, o, arg);
	case OPT_PILES: return parse_piles(cli, o, arg);
	case OPT_VALUES: return parse_values(cli, o, arg);
	case OPT_SEED: return parse_seed(cli, o, arg);
	case OPT_POINTS: return parse_points(cli, o, arg);
	case OPT_PREFIX: return parse_prefix(cli, o, arg);
	}
	return -1;
}

static int parse(struct cairn_cli *cli, struct gen_opts *o, int argc,
		 char **argv, int *exit_code)
{
	static const struct option longopts[] = {
		CAIRN_CLI_COMMON_LONG,
		{ "count", required_argument, NULL, 'n' },
		{ "require", required_argument, NULL, 'r' },
		{ "piles", required_argument, NULL, OPT_PILES },
		{ "values", required_argument, NULL, OPT_VALUES },
		{ "seed", required_argument, NULL, OPT_SEED },
		{ "points", required_argument, NULL, OPT_POINTS },
		{ "id-prefix", required_argument, NULL, OPT_PREFIX },
		{ NULL, 0, NULL, 0 },
	};
	char why[256];
	int opt, rc;

	optind = 1;
	while ((opt = getopt_long(argc, argv, CAIRN_CLI_COMMON_SHORT "n:r:",
				  longopts, NULL)) != -1) {
		if ((rc = own_option(cli, o, opt, optarg)) >= 0) {
			if ((*exit_code = rc) != 0)
				return 1;
		} else if (cairn_cli_option(cli, opt, optarg, exit_code) != 0)
			return 1;
	}
	if (optind != argc) {
		*exit_code = cairn_cli_usage_error(cli, "unexpected argument \"%s\"",
						   argv[optind]);
		return 1;
	}
	if (cairn_props_conflict(o->g.require, why, sizeof why) != NULL) {
		*exit_code = cairn_cli_usage_error(cli, "--require: %s", why);
		return 1;
	}
	return 0;
}

/* header - the options in canonical order: the command that writes this again */
static char *header(const struct gen_opts *o)
{
	struct cairn_buf b = CAIRN_BUF_INIT;
	unsigned k;
	int first = 1;

	cairn_buf_addf(&b, "cairn generate --count %zu --piles %zu", o->g.count,
		       o->g.piles_min);
	if (o->g.piles_max != o->g.piles_min)
		cairn_buf_addf(&b, "-%zu", o->g.piles_max);
	cairn_buf_addf(&b, " --values %lld..%lld", (long long)o->g.lo,
		       (long long)o->g.hi);
	for (k = 0; k < CAIRN_PROP_N; k++)
		if (o->g.require & (1u << k)) {
			cairn_buf_addf(&b, "%s%s", first ? " --require " : ",",
				       cairn_props_name(1u << k));
			first = 0;
		}
	cairn_buf_addf(&b, " --seed %llu", (unsigned long long)o->g.seed);
	if (o->points >= 0)
		cairn_buf_addf(&b, " --points %lld", (long long)o->points);
	if (strcmp(o->prefix, "p") != 0)
		cairn_buf_addf(&b, " --id-prefix %s", o->prefix);
	return cairn_buf_steal(&b);
}

static int run(const struct gen_opts *o)
{
	struct cairn_generate_set set;
	struct cairn_buf out = CAIRN_BUF_INIT;
	char err[1024], *head;
	int rc;

	rc = cairn_generate_run(&o->g, &set, err, sizeof err);
	if (rc == 0) {
		head = header(o);
		cairn_generate_write(&set, head, o->prefix, o->points, &out);
		fwrite(out.data, 1, out.len, stdout);
		free(head);
	} else
		fprintf(stderr, "cairn generate: %s\n", err);
	cairn_buf_free(&out);
	cairn_generate_set_free(&set);
	return rc == 0 ? CAIRN_EX_OK : CAIRN_EX_DATAERR;
}

int cairn_cmd_generate(int argc, char **argv)
{
	struct cairn_cli cli;
	struct gen_opts o = {
		.g = { .count = 10, .piles_min = 8, .piles_max = 8, .lo = 1,
		       .hi = 20 },
		.points = -1, .prefix = "p",
	};
	int rc = 0;

	cairn_cli_init(&cli, "generate", usage);
	if (parse(&cli, &o, argc, argv, &rc) == 0) {
		if (!o.seeded) {
			uint64_t s = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);

			o.g.seed = cairn_generate_next(&s);
		}
		rc = run(&o);
	}
	cairn_cli_teardown(&cli);
	return rc;
}
