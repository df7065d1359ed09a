# tests: owned by its area; see Makefile.am
# grade: grading, problem sets, `cairn grade` and grading in the daemon.
if HAVE_CHECK
check_PROGRAMS += tests/grade/check_grade
TESTS += tests/grade/check_grade
tests_grade_check_grade_CFLAGS = $(tests_check_cflags)
tests_grade_check_grade_LDADD = $(tests_check_libs)
endif
if HAVE_CHECK
check_PROGRAMS += tests/grade/check_problems
TESTS += tests/grade/check_problems
tests_grade_check_problems_CFLAGS = $(tests_check_cflags)
tests_grade_check_problems_LDADD = $(tests_check_libs) $(YAML_LIBS)
endif
if HAVE_CHECK
check_PROGRAMS += tests/grade/check_setcheck
TESTS += tests/grade/check_setcheck
tests_grade_check_setcheck_CFLAGS = $(tests_check_cflags)
tests_grade_check_setcheck_LDADD = $(tests_check_libs) $(YAML_LIBS)
VALGRIND_TESTS += tests/grade/check_setcheck
endif
EXTRA_DIST += tests/data/grade
TESTS += tests/grade/grade_cli.sh
dist_check_SCRIPTS += tests/grade/grade_cli.sh
if HAVE_CHECK
VALGRIND_TESTS += tests/grade/check_grade tests/grade/check_problems
endif
TESTS += tests/grade/grade_crosscheck.sh tests/grade/grade_batch.sh
dist_check_SCRIPTS += tests/grade/grade_crosscheck.sh tests/grade/grade_batch.sh
if HAVE_CHECK
check_PROGRAMS += tests/grade/check_generate
TESTS += tests/grade/check_generate
tests_grade_check_generate_CFLAGS = $(tests_check_cflags)
tests_grade_check_generate_LDADD = $(tests_check_libs)
VALGRIND_TESTS += tests/grade/check_generate
endif
TESTS += tests/grade/grade_answers.sh
dist_check_SCRIPTS += tests/grade/grade_answers.sh
EXTRA_DIST += tests/data/answers
if HAVE_CHECK
check_PROGRAMS += tests/grade/check_policy
TESTS += tests/grade/check_policy
tests_grade_check_policy_CFLAGS = $(tests_check_cflags)
tests_grade_check_policy_LDADD = $(tests_check_libs) $(YAML_LIBS)
VALGRIND_TESTS += tests/grade/check_policy
endif
