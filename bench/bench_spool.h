/* bench_spool.h - placeholder */
#ifndef CAIRN_BENCH_SPOOL_H
#define CAIRN_BENCH_SPOOL_H
#endif
