/*
 * cairnd - the cairn spool daemon: command line and start-up.
 *
 * Parses the options of cairnd(8), loads the configuration and the
 * plugins (so that -t checks exactly what a start would use), and hands
 * over to the event loop; --reload PID is the ExecReload= of its unit
 * (cairn_reload.h).  Exit codes follow sysexits(3): 64 for usage,
 * 78 for a bad configuration, 69 when no solver plugin is usable (what a
 * person must fix, which the unit does not restart), 75 when memory ran
 * out or the configuration or a plugin could not be read for a passing
 * error, an I/O error say (cairn_errno.h: the unit restarts it), and with
 * --once 65 when a file ended in failed/.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "cairn_buf.h"
#include "cairn_daemon.h"
#include "cairn_generation.h"
#include "cairn_log.h"
#include "cairn_mem.h"
#include "cairn_reload.h"
#include "cairn_sigmask.h"
#include "cairn_spool.h"

#ifndef CAIRN_CONFIG_FILE
#define CAIRN_CONFIG_FILE "/etc/cairn/cairnd.yaml"
#endif

enum { OPT_SPOOL = 256, OPT_ONCE, OPT_RELOAD, OPT_TIMEOUT, OPT_VERSION, OPT_HELP };

static const struct option options[] = {
	{ "config", required_argument, NULL, 'c' },
	{ "spool", required_argument, NULL, OPT_SPOOL },
	{ "once", no_argument, NULL, OPT_ONCE },
	{ "check-config", no_argument, NULL, 't' },
	{ "reload", required_argument, NULL, OPT_RELOAD },
	{ "timeout", required_argument, NULL, OPT_TIMEOUT },
	{ "verbose", no_argument, NULL, 'v' },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ "help", no_argument, NULL, OPT_HELP },
	{ NULL, 0, NULL, 0 }
};

static void usage(FILE *f)
{
	fprintf(f,
		"usage: cairnd [-tv] [-c FILE] [--spool DIR] [--once]\n"
		"       cairnd --reload PID [--timeout S]\n"
		"  -c, --config FILE    configuration file (default %s)\n"
		"      --spool DIR      spool directory (overrides the configuration)\n"
		"      --once           process what is in incoming/, then exit\n"
		"  -t, --check-config   check the configuration and plugins, print it, exit\n"
		"      --reload PID     make the cairnd with that PID reload (SIGHUP) and wait\n"
		"                       for its answer: exit 0 when it took the new\n"
		"                       configuration, 78 when it refused it\n"
		"      --timeout S      with --reload: wait at most S seconds (default %d)\n"
		"  -v, --verbose        log at level debug\n"
		"      --version        print the version and exit\n"
		"      --help           print this help and exit\n",
		CAIRN_CONFIG_FILE, CAIRN_RELOAD_TIMEOUT_S);
}

/*
 * out_of_memory - outside the processing of a file (which retries that
 * file), running out of memory ends the daemon with EX_TEMPFAIL, which
 * its unit restarts (Restart=on-failure; RestartPreventExitStatus= does
 * not list 75): at start, while reading the configuration, listing the
 * plugins; or in the loop's own bookkeeping.  Files claimed are
 * recovered at the next start.
 */
static void out_of_memory(size_t n)
{
	cairn_log(CAIRN_LOG_ERROR, "out of memory", "bytes=%zu exit=%d", n, CAIRN_EX_TEMPFAIL);
	_exit(CAIRN_EX_TEMPFAIL);
}

/* number - optarg as a whole number from 1 to max, or 0. */
static long number(const char *s, long max)
{
	char *end;
	long v;

	if (*s < '0' || *s > '9')
		return 0;
	errno = 0;
	v = strtol(s, &end, 10);
	return errno != 0 || *end != '\0' || v < 1 || v > max ? 0 : v;
}

static int bad_number(const char *opt, const char *arg)
{
	fprintf(stderr, "cairnd: %s: \"%s\" is not a whole number in range\n", opt, arg);
	usage(stderr);
	return CAIRN_EX_USAGE;
}

/* check_config - print the effective configuration (-t). */
static int check_config(struct cairn_generation *g)
{
	struct cairn_buf out = CAIRN_BUF_INIT;
	int r;

	cairn_conf_print(&g->conf, &out);
	fwrite(out.data ? out.data : "", 1, out.len, stdout);
	cairn_buf_free(&out);
	r = fflush(stdout);
	/* After the configuration it is about, on stderr as every log line. */
	cairn_generation_check_memory(&g->conf);
	cairn_generation_unref(g);
	return r == 0 ? CAIRN_EX_OK : CAIRN_EX_CANTCREAT;
}

/*
 * raise_nofile - the soft limit on open files up to the hard one (at most
 * NOFILE_WANTED): the daemon keeps its owners' directories open, an
 * eighth of the soft limit of them (a few descriptors each), and uses no
 * select(2), so the 1,024 that systemd and login sessions leave as the
 * soft limit is only a default for programs that do.
 */
#define NOFILE_WANTED 32768
static void raise_nofile(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) < 0 || rl.rlim_cur >= NOFILE_WANTED ||
	    rl.rlim_cur >= rl.rlim_max)
		return;
	rl.rlim_cur = rl.rlim_max < NOFILE_WANTED ? rl.rlim_max : NOFILE_WANTED;
	(void)setrlimit(RLIMIT_NOFILE, &rl);	/* a failure leaves the default */
}

int main(int argc, char **argv)
{
	struct cairn_generation_source src = { CAIRN_CONFIG_FILE, 0, NULL, 0 };
	int once = 0, check = 0, opt, code;
	long reload_pid = 0, timeout_s = 0;
	char err[1024], v[1024];
	struct cairn_generation *g;

	/* First of all: a SIGTERM now waits for the loop, not kill us. */
	cairn_sigmask_hold();
	/* Results and logs are written with write(2): report errors, not die. */
	signal(SIGPIPE, SIG_IGN);
	signal(SIGXFSZ, SIG_IGN);
	cairn_mem_tune();
	cairn_mem_on_fail(out_of_memory);
	raise_nofile();
	while ((opt = getopt_long(argc, argv, "c:tv", options, NULL)) != -1) {
		switch (opt) {
		case 'c':
			src.config = optarg;
			src.config_explicit = 1;
			break;
		case OPT_SPOOL:
			src.spool = optarg;
			break;
		case OPT_ONCE:
			once = 1;
			break;
		case OPT_RELOAD:
			if ((reload_pid = number(optarg, INT32_MAX)) == 0)
				return bad_number("--reload", optarg);
			break;
		case OPT_TIMEOUT:
			if ((timeout_s = number(optarg, 86400)) == 0)
				return bad_number("--timeout", optarg);
			break;
		case 't':
			check = 1;
			break;
		case 'v':
			src.verbose = 1;
			break;
		case OPT_VERSION:
			printf("cairnd %s\n", PACKAGE_VERSION);
			return CAIRN_EX_OK;
		case OPT_HELP:
			usage(stdout);
			return CAIRN_EX_OK;
		default:
			usage(stderr);
			return CAIRN_EX_USAGE;
		}
	}
	if (optind != argc) {
		fprintf(stderr, "cairnd: unexpected argument: %s\n", argv[optind]);
		usage(stderr);
		return CAIRN_EX_USAGE;
	}
	if (timeout_s != 0 && reload_pid == 0) {
		fprintf(stderr, "cairnd: --timeout goes with --reload\n");
		usage(stderr);
		return CAIRN_EX_USAGE;
	}
	cairn_log_open(src.verbose ? CAIRN_LOG_DEBUG : CAIRN_LOG_INFO);
	if (reload_pid != 0)
		return cairn_reload_request((pid_t)reload_pid,
					    timeout_s ? (unsigned)timeout_s : CAIRN_RELOAD_TIMEOUT_S);
	g = cairn_generation_load(&src, &code, err, sizeof(err));
	if (g == NULL) {
		cairn_log(CAIRN_LOG_ERROR, code == CAIRN_EX_CONFIG ? "bad configuration" :
			  code != CAIRN_EX_TEMPFAIL ? "no usable solver plugin" :
			  strstr(err, "memory") != NULL ? "out of memory" : "temporary failure",
			  "error=%s", cairn_log_value(v, sizeof(v), err));
		return code;
	}
	cairn_log_set_level(g->conf.log_level);
	/* -t refuses what a start refuses. */
	if (check && cairn_spool_instance_check(g->conf.instance, err, sizeof(err)) < 0) {
		cairn_log(CAIRN_LOG_ERROR, "bad configuration", "error=%s",
			  cairn_log_value(v, sizeof(v), err));
		cairn_generation_unref(g);
		return CAIRN_EX_CONFIG;
	}
	if (check)
		return check_config(g);
	return cairn_daemon_run(&src, g, once);
}
