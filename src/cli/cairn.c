/*
 * cairn - the command line: solve puzzles, grade submissions, report.
 *
 * main() only dispatches: each subcommand parses its own options and
 * returns its exit code (SPEC section 7).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cairn_cli.h"
#include "cairn_mem.h"

static const char usage[] =
	"Usage: cairn COMMAND [OPTIONS] [ARGS]\n"
	"\n"
	"Commands:\n"
	"  solve    solve the puzzles of a file (or --piles \"5 3 4 5\")\n"
	"  grade    grade submission files and print a summary per file\n"
	"  report   turn result files into a gradebook (CSV or JUnit XML)\n"
	"  plugins  list the loaded solver plugins\n"
	"\n"
	"Options common to all commands:\n"
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
};

int main(int argc, char **argv)
{
	size_t i;

	cairn_mem_tune();
	if (argc < 2) {
		fputs(usage, stderr);
		return CAIRN_EX_USAGE;
	}
	if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
		fputs(usage, stdout);
		return CAIRN_EX_OK;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("cairn %s (plugin ABI %d)\n", PACKAGE_VERSION,
		       CAIRN_PLUGIN_ABI);
		return CAIRN_EX_OK;
	}
	for (i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (strcmp(argv[1], commands[i].name) == 0) {
			argv[1] = commands[i].prog;
			return commands[i].run(argc - 1, argv + 1);
		}
	fprintf(stderr, "cairn: unknown command \"%s\"\nTry 'cairn --help'.\n",
		argv[1]);
	return CAIRN_EX_USAGE;
}
