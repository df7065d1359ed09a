# core: the plugin loader.
if HAVE_CHECK
check_PROGRAMS += tests/core/check_plugins
TESTS += tests/core/check_plugins
VALGRIND_TESTS += tests/core/check_plugins
endif
tests_core_check_plugins_CFLAGS = $(tests_check_cflags)
tests_core_check_plugins_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests/solvers
tests_core_check_plugins_LDADD = tests/solvers/liblinked.la $(tests_check_libs)
