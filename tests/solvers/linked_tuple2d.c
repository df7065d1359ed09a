/* linked_tuple2d - the tuple2d solver linked in, its descriptor renamed (cairn_linked.c). */
#define CAIRN_PLUGIN_NAME cairn_linked_tuple2d
#include "tuple2d.c"
