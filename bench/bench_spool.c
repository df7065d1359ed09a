/* placeholder */
#include "bench_spool.h"
int bench_spool_placeholder;
