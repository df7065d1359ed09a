/* badabi - a plugin built for another ABI, which the loader must refuse. */
#include "fixture.h"

FIXTURE_PLUGIN(CAIRN_PLUGIN_ABI + 41, "badabi", "test fixture: ABI 42");
