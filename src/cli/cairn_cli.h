/*
 * cairn_cli - what the subcommands of `cairn` share (cairn(1)).
 *
 * Each subcommand parses its own argv with getopt_long(), handing the
 * common options (-c/--config, --plugin-dir, --problems, --help,
 * --version) to cairn_cli_option().  cairn_cli_setup() then loads the
 * configuration and the plugins and fills the processing settings.
 */
#ifndef CAIRN_CLI_H
#define CAIRN_CLI_H

#include <getopt.h>
#include <stdio.h>
#include <time.h>

#include "cairn_conf.h"
#include "cairn_plugins.h"
#include "cairn_problems.h"
#include "cairn_process.h"

/* sysexits, as cairn(1) lists them */
#define CAIRN_EX_OK       0
#define CAIRN_EX_USAGE    64
#define CAIRN_EX_DATAERR  65
#define CAIRN_EX_UNAVAIL  69
#define CAIRN_EX_TEMPFAIL 75
#define CAIRN_EX_CONFIG   78

/* Values of the long-only common options. */
enum { CAIRN_OPT_PLUGIN_DIR = 0x100, CAIRN_OPT_PROBLEMS, CAIRN_OPT_VERSION,
       CAIRN_OPT_FIRST_OWN = 0x140 };

#define CAIRN_CLI_COMMON_SHORT "c:h"
#define CAIRN_CLI_COMMON_LONG \
	{ "config", required_argument, NULL, 'c' }, \
	{ "plugin-dir", required_argument, NULL, CAIRN_OPT_PLUGIN_DIR }, \
	{ "problems", required_argument, NULL, CAIRN_OPT_PROBLEMS }, \
	{ "help", no_argument, NULL, 'h' }, \
	{ "version", no_argument, NULL, CAIRN_OPT_VERSION }

struct cairn_cli {
	const char *command;		/* "solve", "grade", ... */
	const char *usage;		/* the subcommand's usage text */
	const char *config_path;	/* -c, or NULL for the installed default */
	const char *plugin_dir;		/* --plugin-dir, or NULL */
	const char *problems_dir;	/* --problems, or NULL */
	char *problems_path;		/* the problems directory in effect */
	struct cairn_conf conf;
	struct cairn_registry registry;
	struct cairn_problem_cache *problems;
	struct cairn_settings settings;
};

void cairn_cli_init(struct cairn_cli *cli, const char *command, const char *usage);
/*
 * Handle a common option.  Returns -1 when `opt` is not one, 0 when it
 * was taken, or an exit code (>= 0 via *exit_code) for --help/--version
 * and unknown options: then the caller returns *exit_code at once.
 */
int cairn_cli_option(struct cairn_cli *cli, int opt, const char *arg, int *exit_code);
/* Load the configuration only; on failure print why and return 78. */
int cairn_cli_load_config(struct cairn_cli *cli);
/* Load configuration and plugins; on failure print why and return the exit code. */
int cairn_cli_setup(struct cairn_cli *cli);
void cairn_cli_teardown(struct cairn_cli *cli);
/* Print "cairn COMMAND: MSG" to stderr, with the usage hint, and return 64. */
int cairn_cli_usage_error(const struct cairn_cli *cli, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * Print one line to f, its control characters, bidi controls and bytes
 * that are not UTF-8 in their visible form (cairn_utf8_visible(): "\x1b",
 * "\u202e", a newline inside as "\n"), then a newline: for every line
 * that may carry a name or a text a student chose.
 */
void cairn_cli_line(FILE *f, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/*
 * Read --received TIME (an RFC 3339 time with an offset) into *t: 0, or
 * 1 with *exit_code the usage error's, printed here.
 */
int cairn_cli_received(const struct cairn_cli *cli, const char *arg,
		       struct timespec *t, int *exit_code);
/* Read a whole file ("-" is stdin) into out: 0 or a negative errno value. */
int cairn_cli_read_file(const char *path, struct cairn_buf *out);

#endif
