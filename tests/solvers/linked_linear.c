/* linked_linear - the linear solver linked in, its descriptor renamed (cairn_linked.c). */
#define CAIRN_PLUGIN_NAME cairn_linked_linear
#include "linear.c"
