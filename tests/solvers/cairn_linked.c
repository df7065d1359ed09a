/*
 * cairn_linked - the four solvers of plugins/ linked into a program.
 *
 * Each linked_NAME.c compiles plugins/NAME.c with its descriptor renamed
 * from cairn_plugin to cairn_linked_NAME (CAIRN_PLUGIN_NAME), so that all
 * four fit in one program; they are registered from memory with the
 * checks a loaded plugin gets.
 */
#include "config.h"

#include "cairn_linked.h"

extern const struct cairn_plugin cairn_linked_linear, cairn_linked_diff1d,
	cairn_linked_diff2d, cairn_linked_tuple2d;

int cairn_linked_solvers(struct cairn_registry *r, char *err, size_t errlen)
{
	static const struct { const struct cairn_plugin *d; const char *origin; }
	solvers[] = {
		{ &cairn_linked_linear, "linked:linear" },
		{ &cairn_linked_diff1d, "linked:diff1d" },
		{ &cairn_linked_diff2d, "linked:diff2d" },
		{ &cairn_linked_tuple2d, "linked:tuple2d" },
	};
	size_t i;
	int rc;

	for (i = 0; i < sizeof solvers / sizeof solvers[0]; i++)
		if ((rc = cairn_plugins_add(r, solvers[i].d, solvers[i].origin,
					    err, errlen)) < 0)
			return rc;
	return 0;
}
