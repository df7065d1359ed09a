# The solver plugins against a brute-force minimax (plugins loaded with
# dlopen from $CAIRN_PLUGIN_DIR_BUILD, not through the core loader).
check_PROGRAMS += tests/check_solvers
TESTS += tests/check_solvers
tests_check_solvers_SOURCES = tests/check_solvers.c
tests_check_solvers_CFLAGS = $(tests_check_cflags)
tests_check_solvers_LDADD = $(tests_check_libs)
VALGRIND_TESTS += tests/check_solvers
