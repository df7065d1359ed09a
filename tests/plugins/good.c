/* good - a test-only plugin that the loader must accept. */
#include "fixture.h"

FIXTURE_PLUGIN(CAIRN_PLUGIN_ABI, "fixture", "test fixture: a correct 2D table");
