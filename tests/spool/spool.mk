# spool: unit tests of the on-disk protocol (src/spool): directories and
# claims, the instance lock, publishing and directory flushes, the
# attempts journal, recovery, the failure table.  No event loop.
if HAVE_CHECK
check_PROGRAMS += tests/spool/check_spool tests/spool/check_failure
TESTS += tests/spool/check_spool tests/spool/check_failure
VALGRIND_TESTS += tests/spool/check_spool tests/spool/check_failure
endif
tests_spool_check_spool_SOURCES = tests/spool/check_spool.c $(tests_tmpdir_sources)
tests_spool_check_spool_CFLAGS = $(tests_check_cflags)
tests_spool_check_spool_LDADD = src/spool/libcairn_spool.la $(tests_check_libs)
tests_spool_check_failure_SOURCES = tests/spool/check_failure.c
tests_spool_check_failure_CFLAGS = $(tests_check_cflags)
tests_spool_check_failure_LDADD = src/spool/libcairn_spool.la $(tests_check_libs)
# Arrival records: any name, both forms, found by record (a line of its own).
if HAVE_CHECK
check_PROGRAMS += tests/spool/check_arrival
TESTS += tests/spool/check_arrival
VALGRIND_TESTS += tests/spool/check_arrival
endif
tests_spool_check_arrival_SOURCES = tests/spool/check_arrival.c $(tests_tmpdir_sources)
tests_spool_check_arrival_CFLAGS = $(tests_check_cflags)
tests_spool_check_arrival_LDADD = src/spool/libcairn_spool.la $(tests_check_libs)
# `cairn status`: the lock probe and the newest failures (a line of its own).
if HAVE_CHECK
check_PROGRAMS += tests/spool/check_spool_status
TESTS += tests/spool/check_spool_status
VALGRIND_TESTS += tests/spool/check_spool_status
endif
tests_spool_check_spool_status_SOURCES = tests/spool/check_spool_status.c \
	$(tests_tmpdir_sources)
tests_spool_check_spool_status_CFLAGS = $(tests_check_cflags)
tests_spool_check_spool_status_LDADD = src/spool/libcairn_spool.la $(tests_check_libs)
# `cairn submit`'s side: a file handed in to incoming/ (a line of its own).
if HAVE_CHECK
check_PROGRAMS += tests/spool/check_spool_enter
TESTS += tests/spool/check_spool_enter
VALGRIND_TESTS += tests/spool/check_spool_enter
endif
tests_spool_check_spool_enter_SOURCES = tests/spool/check_spool_enter.c
tests_spool_check_spool_enter_CFLAGS = $(tests_check_cflags)
tests_spool_check_spool_enter_LDADD = src/spool/libcairn_spool.la $(tests_check_libs)
# Results held back until their feedback is due (a line of its own).
if HAVE_CHECK
check_PROGRAMS += tests/spool/check_withheld
TESTS += tests/spool/check_withheld
VALGRIND_TESTS += tests/spool/check_withheld
endif
tests_spool_check_withheld_SOURCES = tests/spool/check_withheld.c $(tests_tmpdir_sources)
tests_spool_check_withheld_CFLAGS = $(tests_check_cflags)
tests_spool_check_withheld_LDADD = src/spool/libcairn_spool.la $(tests_check_libs)
# Owners' directories kept open by the daemon (a line of its own).
if HAVE_CHECK
check_PROGRAMS += tests/spool/check_ownerdir
TESTS += tests/spool/check_ownerdir
VALGRIND_TESTS += tests/spool/check_ownerdir
endif
tests_spool_check_ownerdir_SOURCES = tests/spool/check_ownerdir.c $(tests_tmpdir_sources)
tests_spool_check_ownerdir_CFLAGS = $(tests_check_cflags)
tests_spool_check_ownerdir_LDADD = src/spool/libcairn_spool.la $(tests_check_libs)
# Owners' read grants made from a new file's mode (a line of its own).
if HAVE_CHECK
check_PROGRAMS += tests/spool/check_acl
TESTS += tests/spool/check_acl
VALGRIND_TESTS += tests/spool/check_acl
endif
tests_spool_check_acl_SOURCES = tests/spool/check_acl.c $(tests_tmpdir_sources)
tests_spool_check_acl_CFLAGS = $(tests_check_cflags)
tests_spool_check_acl_LDADD = src/spool/libcairn_spool.la $(tests_check_libs)
