/* dup - a second plugin named like good.c, which the loader must refuse. */
#include "fixture.h"

FIXTURE_PLUGIN(CAIRN_PLUGIN_ABI, "fixture", "test fixture: the same name again");
