# tests: owned by its area; see Makefile.am
# daemon-core: unit tests of the spool mechanics and the watcher.
if HAVE_CHECK
check_PROGRAMS += tests/check_spool tests/check_watch
TESTS += tests/check_spool tests/check_watch
endif
tests_check_spool_SOURCES = tests/check_spool.c
tests_check_spool_CFLAGS = $(tests_check_cflags)
tests_check_spool_LDADD = src/libcairnd.la $(tests_check_libs)
tests_check_watch_SOURCES = tests/check_watch.c
tests_check_watch_CFLAGS = $(tests_check_cflags) $(LIBUV_CFLAGS)
tests_check_watch_LDADD = src/libcairnd.la $(tests_check_libs) $(LIBUV_LIBS)
