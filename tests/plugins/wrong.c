/*
 * wrong - a plugin whose answers are off by one, for the cross_check
 * tests: a disagreement must become a puzzle error, never a verdict.
 */
#define BIAS 1
#include "fixture.h"

FIXTURE_PLUGIN(CAIRN_PLUGIN_ABI, "wrong", "test fixture: diff off by one");
