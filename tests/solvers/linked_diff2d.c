/* linked_diff2d - the diff2d solver linked in, its descriptor renamed (cairn_linked.c). */
#define CAIRN_PLUGIN_NAME cairn_linked_diff2d
#include "diff2d.c"
