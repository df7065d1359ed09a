# Tests of the puzzle file readers.
if HAVE_CHECK
check_PROGRAMS += tests/check_yaml_in tests/check_csv_in
TESTS += tests/check_yaml_in tests/check_csv_in
tests_check_yaml_in_SOURCES = tests/check_yaml_in.c
tests_check_yaml_in_CFLAGS = $(tests_check_cflags)
tests_check_yaml_in_LDADD = $(tests_check_libs)
tests_check_csv_in_SOURCES = tests/check_csv_in.c
tests_check_csv_in_CFLAGS = $(tests_check_cflags)
tests_check_csv_in_LDADD = $(tests_check_libs)
endif
VALGRIND_TESTS += tests/check_yaml_in tests/check_csv_in
