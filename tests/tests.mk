# Tests of the core, the loader and the cairn command line.
tests_check_cflags = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_libs = src/libcairn.la $(CHECK_LIBS)
