# tests: owned by its area; see Makefile.am
# Grading, problem sets and reports.
if HAVE_CHECK
check_PROGRAMS += tests/check_grade
TESTS += tests/check_grade
tests_check_grade_CFLAGS = $(tests_check_cflags)
tests_check_grade_LDADD = $(tests_check_libs)
endif
if HAVE_CHECK
check_PROGRAMS += tests/check_problems
TESTS += tests/check_problems
tests_check_problems_CFLAGS = $(tests_check_cflags)
tests_check_problems_LDADD = $(tests_check_libs) $(YAML_LIBS)
endif
if HAVE_CHECK
check_PROGRAMS += tests/check_report
TESTS += tests/check_report
tests_check_report_CFLAGS = $(tests_check_cflags)
tests_check_report_LDADD = $(tests_check_libs) $(YAML_LIBS)
endif
EXTRA_DIST += tests/data/grade tests/data/report
TESTS += tests/grade_cli.sh
dist_check_SCRIPTS += tests/grade_cli.sh
VALGRIND_TESTS += tests/check_grade tests/check_problems tests/check_report
TESTS += tests/grade_crosscheck.sh tests/grade_batch.sh
dist_check_SCRIPTS += tests/grade_crosscheck.sh tests/grade_batch.sh
