# util: UTF-8 checks and escapes, SHA-256, the spool's stat(), and the memory the
# service may use (fake /proc and cgroup trees) with memory_total's arithmetic.
if HAVE_CHECK
check_PROGRAMS += tests/util/check_utf8 tests/util/check_stat tests/util/check_memavail tests/util/check_sha256
TESTS += tests/util/check_utf8 tests/util/check_stat tests/util/check_memavail tests/util/check_sha256
VALGRIND_TESTS += tests/util/check_utf8 tests/util/check_stat tests/util/check_memavail tests/util/check_sha256
endif
tests_util_check_utf8_SOURCES = tests/util/check_utf8.c
tests_util_check_utf8_CFLAGS = $(tests_check_cflags)
tests_util_check_utf8_LDADD = $(tests_check_libs)
tests_util_check_stat_SOURCES = tests/util/check_stat.c
tests_util_check_stat_CFLAGS = $(tests_check_cflags)
tests_util_check_stat_LDADD = $(tests_check_libs)
tests_util_check_memavail_SOURCES = tests/util/check_memavail.c
tests_util_check_memavail_CFLAGS = $(tests_check_cflags)
tests_util_check_memavail_LDADD = $(tests_check_libs)
tests_util_check_sha256_SOURCES = tests/util/check_sha256.c
tests_util_check_sha256_CFLAGS = $(tests_check_cflags)
tests_util_check_sha256_LDADD = $(tests_check_libs)
