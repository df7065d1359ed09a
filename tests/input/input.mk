# Tests of the puzzle file readers.
if HAVE_CHECK
check_PROGRAMS += tests/input/check_yaml_in tests/input/check_csv_in \
	tests/input/check_limits
TESTS += tests/input/check_yaml_in tests/input/check_csv_in \
	tests/input/check_limits
tests_input_check_yaml_in_SOURCES = tests/input/check_yaml_in.c
tests_input_check_yaml_in_CFLAGS = $(tests_check_cflags)
tests_input_check_yaml_in_LDADD = $(tests_check_libs)
tests_input_check_csv_in_SOURCES = tests/input/check_csv_in.c
tests_input_check_csv_in_CFLAGS = $(tests_check_cflags)
tests_input_check_csv_in_LDADD = $(tests_check_libs)
tests_input_check_limits_SOURCES = tests/input/check_limits.c
tests_input_check_limits_CFLAGS = $(tests_check_cflags)
tests_input_check_limits_LDADD = $(tests_check_libs)
endif
if HAVE_CHECK
VALGRIND_TESTS += tests/input/check_yaml_in tests/input/check_csv_in \
	tests/input/check_limits
endif
if HAVE_CHECK
check_PROGRAMS += tests/input/check_json_in
TESTS += tests/input/check_json_in
endif
tests_input_check_json_in_SOURCES = tests/input/check_json_in.c
tests_input_check_json_in_CFLAGS = $(tests_check_cflags)
tests_input_check_json_in_LDADD = $(tests_check_libs)
if HAVE_CHECK
VALGRIND_TESTS += tests/input/check_json_in
endif
