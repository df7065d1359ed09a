/*
 * cairn_cmd_plugins - `cairn plugins`: what loaded, and what it costs.
 *
 * Plugins that were refused are reported on stderr by the loader's
 * callback; this lists the ones that will actually be called.
 */
#include "config.h"

#include <stdio.h>

#include "cairn_cli.h"
#include "cairn_cmd.h"
#include "cairn_solve.h"

static const char usage[] =
	"Usage: cairn plugins [OPTIONS]\n"
	"\n"
	"List the loaded solver plugins: name, ABI version, memory needed\n"
	"for 10^3 and 10^5 piles (diff and first move), and description.\n"
	"\n"
	"  -c, --config FILE     configuration file\n"
	"      --plugin-dir DIR  solver plugin directory\n"
	"  -h, --help            this help\n";

static void list(const struct cairn_registry *r)
{
	const struct cairn_plugin *p;
	char m3[32], m5[32];
	size_t i;

	printf("%-10s %-4s %12s %12s  %s\n", "NAME", "ABI", "MEM(10^3)",
	       "MEM(10^5)", "DESCRIPTION");
	for (i = 0; i < r->n; i++) {
		p = r->v[i].desc;
		cairn_solve_format_bytes(m3, sizeof m3,
					 p->memory(1000, CAIRN_WANT_FIRST_MOVE));
		cairn_solve_format_bytes(m5, sizeof m5,
					 p->memory(100000, CAIRN_WANT_FIRST_MOVE));
		printf("%-10s %-4u %12s %12s  %s\n", p->name, (unsigned)p->abi,
		       m3, m5, p->description);
	}
}

int cairn_cmd_plugins(int argc, char **argv)
{
	static const struct option longopts[] = {
		CAIRN_CLI_COMMON_LONG,
		{ NULL, 0, NULL, 0 },
	};
	struct cairn_cli cli;
	int opt, rc = 0;

	cairn_cli_init(&cli, "plugins", usage);
	optind = 1;
	while ((opt = getopt_long(argc, argv, CAIRN_CLI_COMMON_SHORT, longopts,
				  NULL)) != -1)
		if (cairn_cli_option(&cli, opt, optarg, &rc) != 0)
			goto out;
	if (optind != argc) {
		rc = cairn_cli_usage_error(&cli, "unexpected argument \"%s\"",
					   argv[optind]);
		goto out;
	}
	if ((rc = cairn_cli_setup(&cli)) == 0)
		list(&cli.registry);
out:
	cairn_cli_teardown(&cli);
	return rc;
}
