# core: the plugin loader.
check_PROGRAMS += tests/core/check_plugins
TESTS += tests/core/check_plugins
tests_core_check_plugins_CFLAGS = $(tests_check_cflags)
tests_core_check_plugins_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests/solvers
tests_core_check_plugins_LDADD = tests/solvers/liblinked.la $(tests_check_libs)
VALGRIND_TESTS += tests/core/check_plugins
