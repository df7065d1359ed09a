/* nosym - a shared object without the descriptor symbol. */
#include <cairn/plugin.h>

__attribute__((visibility("default"))) int not_a_cairn_plugin = 1;
