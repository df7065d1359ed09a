# bench: `make bench`, the performance benchmarks (issue 5; bench/README.md).
# Nothing here is built by `make`, `make check` or `make distcheck`: the
# driver is an EXTRA_PROGRAM that only the bench target asks for.
EXTRA_PROGRAMS = bench/cairn-bench
bench_cairn_bench_SOURCES = bench/cairn_bench.c bench/bench.h \
	bench/bench_util.c bench/bench_solvers.c bench/bench_parse.c \
	bench/bench_daemon.c bench/bench_fairness.c bench/bench_spool.c bench/bench_spool.h \
	bench/bench_report.c bench/bench_report_read.c bench/bench_submit.c \
	bench/bench_memory.c \
	bench/bench_generate.c bench/bench_status.c bench/bench_syscalls.c
bench_cairn_bench_CFLAGS = $(AM_CFLAGS) $(YAML_CFLAGS)
bench_cairn_bench_LDADD = bench/scalar_base.$(OBJEXT) src/spool/libcairn_spool.la \
	$(cairn_libs) $(YAML_LIBS)

# The scalar baselines are compiled with plain -O2 and no other flag, so
# that the ratios compare against the same textbook loop whatever CFLAGS
# the build uses (no -march, no -O3, no vectoriser switches).
bench/scalar_base.$(OBJEXT): $(srcdir)/bench/scalar_base.c \
		$(srcdir)/bench/scalar_base.h bench/$(am__dirstamp)
	$(AM_V_CC)$(CC) -std=gnu11 -O2 -c -o $@ $(srcdir)/bench/scalar_base.c

EXTRA_DIST += bench/scalar_base.c bench/scalar_base.h bench/run.sh \
	bench/solvers.gp bench/daemon.gp bench/dp.py bench/README.md \
	bench/dfs.sh bench/dfs_bench.py bench/base.sh bench/syscalls.sh \
	bench/plots/solvers.png bench/plots/solvers_memory.png \
	bench/plots/throughput.png bench/plots/latency.png bench/plots/rss.png
CLEANFILES += bench/cairn-bench$(EXEEXT) bench/scalar_base.$(OBJEXT)

# bench - run every benchmark (BENCH_QUICK=1 for a one-minute smoke run);
# results go to bench/results/ in the build tree.
bench: all bench/cairn-bench$(EXEEXT)
	@top_builddir='$(abs_top_builddir)' top_srcdir='$(abs_top_srcdir)' \
	  $(SHELL) $(srcdir)/bench/run.sh
.PHONY: bench
