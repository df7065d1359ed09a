# util: UTF-8 checks and escapes, and the spool's stat().
if HAVE_CHECK
check_PROGRAMS += tests/util/check_utf8 tests/util/check_stat
TESTS += tests/util/check_utf8 tests/util/check_stat
VALGRIND_TESTS += tests/util/check_utf8 tests/util/check_stat
endif
tests_util_check_utf8_SOURCES = tests/util/check_utf8.c
tests_util_check_utf8_CFLAGS = $(tests_check_cflags)
tests_util_check_utf8_LDADD = $(tests_check_libs)
tests_util_check_stat_SOURCES = tests/util/check_stat.c
tests_util_check_stat_CFLAGS = $(tests_check_cflags)
tests_util_check_stat_LDADD = $(tests_check_libs)
