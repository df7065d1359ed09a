/*
 * cairn_cli - what the subcommands of `cairn` share.
 *
 * Configuration and plugins are found the way an installed cairn finds
 * them with no options: the installed cairnd.yaml when it exists, and the
 * plugin directory it names (by default the installed one).  Errors are
 * printed here, once, with the exit code of cairnd(8).  A line that may
 * carry a name from the spool or a file (a student's) goes through
 * cairn_cli_line(), so that no control character reaches the terminal.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cairn_cli.h"
#include "cairn_mem.h"
#include "cairn_spool_dirs.h"
#include "cairn_time.h"
#include "cairn_utf8.h"

void cairn_cli_init(struct cairn_cli *cli, const char *command, const char *usage)
{
	memset(cli, 0, sizeof *cli);
	cli->command = command;
	cli->usage = usage;
	cairn_conf_defaults_unprobed(&cli->conf);
}

int cairn_cli_usage_error(const struct cairn_cli *cli, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "cairn %s: ", cli->command);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'cairn %s --help'.\n", cli->command);
	return CAIRN_EX_USAGE;
}

void cairn_cli_line(FILE *f, const char *fmt, ...)
{
	struct cairn_buf line = CAIRN_BUF_INIT, shown = CAIRN_BUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	cairn_buf_vaddf(&line, fmt, ap);
	va_end(ap);
	cairn_utf8_visible(&shown, line.data, line.len);
	cairn_buf_addc(&shown, '\n');
	fwrite(shown.data, 1, shown.len, f);
	cairn_buf_free(&line);
	cairn_buf_free(&shown);
}

int cairn_cli_received(const struct cairn_cli *cli, const char *arg,
		       struct timespec *t, int *exit_code)
{
	if (cairn_time_parse_offset(arg, strlen(arg), t) == 0)
		return 0;
	*exit_code = cairn_cli_usage_error(cli, "--received: \"%s\" is not an "
		"RFC 3339 time with an offset (2026-12-10T23:59:00+01:00)", arg);
	return 1;
}

int cairn_cli_option(struct cairn_cli *cli, int opt, const char *arg, int *exit_code)
{
	switch (opt) {
	case 'c':
		cli->config_path = arg;
		return 0;
	case CAIRN_OPT_PLUGIN_DIR:
		cli->plugin_dir = arg;
		return 0;
	case CAIRN_OPT_PROBLEMS:
		cli->problems_dir = arg;
		return 0;
	case 'h':
		fputs(cli->usage, stdout);
		*exit_code = CAIRN_EX_OK;
		return 1;
	case CAIRN_OPT_VERSION:
		printf("cairn %s (plugin ABI %d)\n", PACKAGE_VERSION,
		       CAIRN_PLUGIN_ABI);
		*exit_code = CAIRN_EX_OK;
		return 1;
	case '?':
		fprintf(stderr, "Try 'cairn %s --help'.\n", cli->command);
		*exit_code = CAIRN_EX_USAGE;
		return 1;
	}
	return -1;
}

static void warn_refused(void *ctx, const char *msg)
{
	(void)ctx;
	fprintf(stderr, "cairn: warning: plugin refused: %s\n", msg);
}

static void log_error(void *ctx, const char *msg)
{
	(void)ctx;
	fprintf(stderr, "cairn: error: %s\n", msg);
}

int cairn_cli_load_config(struct cairn_cli *cli)
{
	const char *path = cli->config_path ? cli->config_path : CAIRN_CONFIG_FILE;
	char err[1024];

	/* The installed file is optional; one named with -c is not. */
	if (cli->config_path == NULL && access(path, F_OK) != 0)
		return 0;
	if (cairn_conf_load(&cli->conf, path, err, sizeof err) < 0) {
		fprintf(stderr, "cairn: %s\n", err);
		return CAIRN_EX_CONFIG;
	}
	return 0;
}

static int load_plugins(struct cairn_cli *cli)
{
	const char *dir = cli->plugin_dir ? cli->plugin_dir : cli->conf.plugin_dir;
	char err[1024];
	int n;

	n = cairn_plugins_load_dir(&cli->registry, dir, warn_refused, NULL,
				   err, sizeof err);
	if (n < 0) {
		fprintf(stderr, "cairn: %s\n", err);
		return CAIRN_EX_UNAVAIL;
	}
	if (n == 0) {
		fprintf(stderr, "cairn: no usable solver plugin in %s\n", dir);
		return CAIRN_EX_UNAVAIL;
	}
	return 0;
}

int cairn_cli_setup(struct cairn_cli *cli)
{
	struct cairn_settings *s = &cli->settings;
	int rc;

	if ((rc = cairn_cli_load_config(cli)) != 0 || (rc = load_plugins(cli)) != 0)
		return rc;
	if (cli->problems_dir != NULL)
		cli->problems_path = cairn_xstrdup(cli->problems_dir);
	else if (cli->conf.problems_dir != NULL)
		cli->problems_path = cairn_xstrdup(cli->conf.problems_dir);
	else
		cli->problems_path = cairn_xasprintf("%s/" CAIRN_DIR_PROBLEMS, cli->conf.spool);
	cli->problems = cairn_problems_cache_new();
	cairn_process_settings_init(s, &cli->conf, &cli->registry, cli->problems_path,
				    cli->problems);
	/* One solve at a time here, so it may use every worker's share. */
	s->solver_threads = cli->conf.workers;
	s->log_error = log_error;
	return 0;
}

void cairn_cli_teardown(struct cairn_cli *cli)
{
	if (cli->problems != NULL)
		cairn_problems_cache_free(cli->problems);
	free(cli->problems_path);
	cairn_plugins_free(&cli->registry);
	cairn_conf_free(&cli->conf);
}

/* cairn_cli_read_file - the whole of a file, or of stdin for "-" */
int cairn_cli_read_file(const char *path, struct cairn_buf *out)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	char chunk[65536];
	size_t n;
	int e;

	if (f == NULL)
		return -errno;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		cairn_buf_add(out, chunk, n);
	e = ferror(f) ? EIO : 0;
	if (f != stdin)
		fclose(f);
	cairn_buf_reserve(out, 0);
	return -e;
}
