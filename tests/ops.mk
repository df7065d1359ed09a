# Tests of the daemon's operations side: configuration, logging, systemd
# notification and the systemd units.
if HAVE_CHECK
check_PROGRAMS += tests/check_conf tests/check_log tests/check_notify
TESTS += tests/check_conf tests/check_log tests/check_notify
endif
tests_check_conf_SOURCES = tests/check_conf.c
tests_check_conf_CFLAGS = $(tests_check_cflags)
tests_check_conf_LDADD = $(tests_check_libs)
tests_check_log_SOURCES = tests/check_log.c
tests_check_log_CFLAGS = $(tests_check_cflags)
tests_check_log_LDADD = $(tests_check_libs)
tests_check_notify_SOURCES = tests/check_notify.c
tests_check_notify_CFLAGS = $(tests_check_cflags)
tests_check_notify_LDADD = $(tests_check_libs)

TESTS += tests/systemd_units.sh
dist_check_SCRIPTS += tests/systemd_units.sh
VALGRIND_TESTS += tests/check_conf tests/check_log tests/check_notify
