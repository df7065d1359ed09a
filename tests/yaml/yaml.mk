# Tests of cairn_yaml, the checked libyaml events every reader uses.
if HAVE_CHECK
check_PROGRAMS += tests/yaml/check_yaml
TESTS += tests/yaml/check_yaml
tests_yaml_check_yaml_SOURCES = tests/yaml/check_yaml.c
tests_yaml_check_yaml_CFLAGS = $(tests_check_cflags)
tests_yaml_check_yaml_LDADD = $(tests_check_libs)
endif
VALGRIND_TESTS += tests/yaml/check_yaml
