# Tests of the daemon's operations side: configuration, logging, systemd
# notification and the systemd units.
if HAVE_CHECK
check_PROGRAMS += tests/ops/check_conf tests/ops/check_log tests/ops/check_notify
TESTS += tests/ops/check_conf tests/ops/check_log tests/ops/check_notify
endif
tests_ops_check_conf_SOURCES = tests/ops/check_conf.c
tests_ops_check_conf_CFLAGS = $(tests_check_cflags)
tests_ops_check_conf_LDADD = $(tests_check_libs)
tests_ops_check_log_SOURCES = tests/ops/check_log.c
tests_ops_check_log_CFLAGS = $(tests_check_cflags)
tests_ops_check_log_LDADD = $(tests_check_libs)
tests_ops_check_notify_SOURCES = tests/ops/check_notify.c
tests_ops_check_notify_CFLAGS = $(tests_check_cflags)
tests_ops_check_notify_LDADD = $(tests_check_libs)

TESTS += tests/ops/systemd_units.sh
dist_check_SCRIPTS += tests/ops/systemd_units.sh
if HAVE_CHECK
VALGRIND_TESTS += tests/ops/check_conf tests/ops/check_log tests/ops/check_notify
endif
