# The solver plugins against a brute-force minimax (plugins loaded with
# dlopen from $CAIRN_PLUGIN_DIR_BUILD, not through the core loader).
if HAVE_CHECK
check_PROGRAMS += tests/solvers/check_solvers tests/solvers/check_solvers_simd
TESTS += tests/solvers/check_solvers tests/solvers/check_solvers_simd
VALGRIND_TESTS += tests/solvers/check_solvers tests/solvers/check_solvers_simd
endif
tests_solvers_check_solvers_SOURCES = tests/solvers/check_solvers.c
tests_solvers_check_solvers_CFLAGS = $(tests_check_cflags)
tests_solvers_check_solvers_LDADD = $(tests_check_libs)

# diff1d's kernels, tiles and threads against a plain scalar roll: the
# layer code is compiled in, and the plugin is loaded once per kernel.
tests_solvers_check_solvers_simd_SOURCES = tests/solvers/check_solvers_simd.c \
	plugins/layer.h plugins/layer.c plugins/layer_roll.c
tests_solvers_check_solvers_simd_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/plugins
tests_solvers_check_solvers_simd_CFLAGS = $(tests_check_cflags)
tests_solvers_check_solvers_simd_LDADD = plugins/libsolver.la $(tests_check_libs)

# The solvers linked into tests and fuzzers (no dlopen): each plugin's
# source compiled with its descriptor renamed, plus what they share.
check_LTLIBRARIES += tests/solvers/liblinked.la
tests_solvers_liblinked_la_SOURCES = tests/solvers/cairn_linked.c \
	tests/solvers/cairn_linked.h \
	tests/solvers/linked_linear.c tests/solvers/linked_diff1d.c \
	tests/solvers/linked_diff2d.c tests/solvers/linked_tuple2d.c \
	plugins/layer.h plugins/layer.c plugins/layer_roll.c
tests_solvers_liblinked_la_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/plugins
tests_solvers_liblinked_la_LIBADD = plugins/libsolver.la
