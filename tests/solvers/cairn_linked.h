/*
 * cairn_linked - the four solvers of plugins/ linked into a program.
 *
 * Tests and fuzzers that solve puzzles register these with
 * cairn_plugins_add() instead of loading the plugins with dlopen(), so
 * that they do not depend on the build's plugin directory and a fuzzer's
 * coverage reaches into the solvers.
 */
#ifndef CAIRN_LINKED_H
#define CAIRN_LINKED_H

#include <stddef.h>

#include "cairn_plugins.h"

/* Register linear, diff1d, diff2d and tuple2d; 0 or -errno with err. */
int cairn_linked_solvers(struct cairn_registry *r, char *err, size_t errlen);

#endif
