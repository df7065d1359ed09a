# The solver plugins against a brute-force minimax (plugins loaded with
# dlopen from $CAIRN_PLUGIN_DIR_BUILD, not through the core loader).
check_PROGRAMS += tests/check_solvers
TESTS += tests/check_solvers
tests_check_solvers_SOURCES = tests/check_solvers.c
tests_check_solvers_CFLAGS = $(tests_check_cflags)
tests_check_solvers_LDADD = $(tests_check_libs)
VALGRIND_TESTS += tests/check_solvers tests/check_solvers_simd

# diff1d's kernels, tiles and threads against a plain scalar roll: the
# layer code is compiled in, and the plugin is loaded once per kernel.
check_PROGRAMS += tests/check_solvers_simd
TESTS += tests/check_solvers_simd
tests_check_solvers_simd_SOURCES = tests/check_solvers_simd.c \
	plugins/layer.h plugins/layer.c plugins/layer_roll.c
tests_check_solvers_simd_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/plugins
tests_check_solvers_simd_CFLAGS = $(tests_check_cflags)
tests_check_solvers_simd_LDADD = plugins/libsolver.la $(tests_check_libs)
