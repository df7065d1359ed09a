/* linked_diff1d - the diff1d solver linked in, its descriptor renamed (cairn_linked.c). */
#define CAIRN_PLUGIN_NAME cairn_linked_diff1d
#include "diff1d.c"
