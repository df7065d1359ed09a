/*
 * cairn - the command line: solve puzzles, grade submissions, report.
 *
 * main() only dispatches: each subcommand parses its own options and
 * returns its exit code (cairn(1)).  The options common to all
 * commands may also stand before the command (`cairn -c FILE solve ...`):
 * main() moves them, unchanged, behind the command's name, where the
 * command's own getopt_long() takes them as if they had been written there.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cairn_cli.h"
#include "cairn_cmd.h"
#include "cairn_mem.h"

static const char usage[] =
	"Usage: cairn [OPTIONS] COMMAND [OPTIONS] [ARGS]\n"
	"\n"
	"Commands:\n"
	"  solve    solve the puzzles of a file (or --piles \"5 3 4 5\")\n"
	"  grade    grade submission files and print a summary per file\n"
	"  report   turn result files into a gradebook (CSV, JUnit XML or HTML)\n"
	"  plugins  list the loaded solver plugins\n"
	"  submit   drop files into the spool (--wait: and print their results)\n"
	"  check    check problem sets as the daemon loads them, with warnings\n"
	"  generate write a problem set with the properties asked for\n"
	"  regrade  grade the spool's stored inputs again, keeping their arrival\n"
	"  status   show the spool: instances, what waits per owner, failures\n"
	"\n"
	"Options common to all commands (before or after the command):\n"
	"  -c, --config FILE     configuration file (default " CAIRN_CONFIG_FILE ",\n"
	"                        when present)\n"
	"      --plugin-dir DIR  solver plugin directory (default " CAIRN_PLUGIN_DIR ")\n"
	"      --problems DIR    problem sets directory (default SPOOL/problems)\n"
	"  -h, --help            this help; 'cairn COMMAND --help' for a command\n"
	"      --version         print the version\n";

/* `prog` becomes the subcommand's argv[0], so getopt's messages name it. */
static const struct {
	const char *name;
	char *prog;
	int (*run)(int argc, char **argv);
} commands[] = {
	{ "solve", (char *)"cairn solve", cairn_cmd_solve },
	{ "grade", (char *)"cairn grade", cairn_cmd_grade },
	{ "report", (char *)"cairn report", cairn_cmd_report },
	{ "plugins", (char *)"cairn plugins", cairn_cmd_plugins },
	{ "submit", (char *)"cairn submit", cairn_cmd_submit },
	{ "check", (char *)"cairn check", cairn_cmd_check },
	{ "generate", (char *)"cairn generate", cairn_cmd_generate },
	{ "regrade", (char *)"cairn regrade", cairn_cmd_regrade },
	{ "status", (char *)"cairn status", cairn_cmd_status },
};

/*
 * The common options main() accepts before the command; all but --help
 * and --version take a value.  getopt_long() is not used here: it keeps state (the
 * ordering mode) that the command's own `optind = 1` scan would inherit.
 */
enum { LEAD_CONFIG, LEAD_PLUGIN_DIR, LEAD_PROBLEMS, LEAD_HELP, LEAD_VERSION,
       LEAD_N, LEAD_UNKNOWN = -1, LEAD_AMBIGUOUS = -2 };
static const char *const leading[LEAD_N] = {
	[LEAD_CONFIG] = "config", [LEAD_PLUGIN_DIR] = "plugin-dir",
	[LEAD_PROBLEMS] = "problems", [LEAD_HELP] = "help",
	[LEAD_VERSION] = "version",
};

/* long_option - which of leading[] "NAME[=V]" is (a unique prefix will do) */
static int long_option(const char *opt)
{
	size_t len = strcspn(opt, "="), i;
	int found = LEAD_UNKNOWN;

	for (i = 0; i < LEAD_N; i++) {
		if (strncmp(opt, leading[i], len) != 0)
			continue;
		if (leading[i][len] == '\0')
			return (int)i;
		found = found == LEAD_UNKNOWN ? (int)i : LEAD_AMBIGUOUS;
	}
	return found;
}

/* which_option - which of leading[] the word `a` (starting with '-') is */
static int which_option(const char *a)
{
	if (strcmp(a, "-h") == 0)
		return LEAD_HELP;
	if (a[1] == 'c')
		return LEAD_CONFIG;
	if (a[1] == '-' && a[2] != '\0' && a[2] != '=')
		return long_option(a + 2);
	return LEAD_UNKNOWN;
}

/*
 * skip_leading - set *cmd to the index of the command in argv, after the
 * common options before it.  Returns -1 to go on, or the exit code when
 * main() is done (--help, --version, a bad option: message printed).
 */
static int skip_leading(int argc, char **argv, int *cmd)
{
	int i, k;

	for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1] != '\0'; i++) {
		const char *a = argv[i];

		if ((k = which_option(a)) < 0) {
			fprintf(stderr, "cairn: %s option \"%s\" before the "
				"command\nTry 'cairn --help'.\n",
				k == LEAD_UNKNOWN ? "unknown" : "ambiguous", a);
			return CAIRN_EX_USAGE;
		}
		if (k == LEAD_HELP) {
			fputs(usage, stdout);
			return CAIRN_EX_OK;
		}
		if (k == LEAD_VERSION) {
			printf("cairn %s (plugin ABI %d)\n", PACKAGE_VERSION,
			       CAIRN_PLUGIN_ABI);
			return CAIRN_EX_OK;
		}
		/* The value is attached ("-cFILE", "--config=FILE") or the next word. */
		if ((a[1] == 'c' && a[2] != '\0') || strchr(a, '=') != NULL)
			continue;
		if (++i == argc) {
			fprintf(stderr, "cairn: option \"%s\" requires a value\n"
				"Try 'cairn --help'.\n", a);
			return CAIRN_EX_USAGE;
		}
	}
	*cmd = i;
	return -1;
}

int main(int argc, char **argv)
{
	size_t c;
	int k = 0, i, rc;

	cairn_mem_tune();
	if (argc < 2) {
		fputs(usage, stderr);
		return CAIRN_EX_USAGE;
	}
	if ((rc = skip_leading(argc, argv, &k)) >= 0)
		return rc;
	if (k == argc) {
		fprintf(stderr, "cairn: expected a command after the options\n"
			"Try 'cairn --help'.\n");
		return CAIRN_EX_USAGE;
	}
	for (c = 0; c < sizeof commands / sizeof commands[0]; c++)
		if (strcmp(argv[k], commands[c].name) == 0) {
			/* [cairn, OPTS..., CMD, ARGS...] -> [cairn, CMD, OPTS..., ARGS...] */
			for (i = k; i > 1; i--)
				argv[i] = argv[i - 1];
			argv[1] = commands[c].prog;
			return commands[c].run(argc - 1, argv + 1);
		}
	fprintf(stderr, "cairn: unknown command \"%s\"\nTry 'cairn --help'.\n",
		argv[k]);
	return CAIRN_EX_USAGE;
}
