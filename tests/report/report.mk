# tests: owned by its area; see Makefile.am
# report: reading results back and gradebooks.
if HAVE_CHECK
check_PROGRAMS += tests/report/check_report tests/report/check_pick
TESTS += tests/report/check_report tests/report/check_pick
tests_report_check_report_CFLAGS = $(tests_check_cflags)
tests_report_check_report_LDADD = $(tests_check_libs) $(YAML_LIBS)
tests_report_check_pick_CFLAGS = $(tests_check_cflags)
tests_report_check_pick_LDADD = $(tests_check_libs) $(YAML_LIBS)
# The property test of issue 11, under the fuzzers' oracle.
check_PROGRAMS += tests/report/check_roundtrip
TESTS += tests/report/check_roundtrip
tests_report_check_roundtrip_CPPFLAGS = $(fuzz_cppflags)
tests_report_check_roundtrip_CFLAGS = $(tests_check_cflags)
tests_report_check_roundtrip_LDADD = fuzz/liboracle.la $(tests_check_libs)
VALGRIND_TESTS += tests/report/check_roundtrip
# Issue 38: the fast result reader against libyaml's, on mutated texts.
check_PROGRAMS += tests/report/check_result_fast
TESTS += tests/report/check_result_fast
tests_report_check_result_fast_CFLAGS = $(tests_check_cflags)
tests_report_check_result_fast_LDADD = $(tests_check_libs) $(YAML_LIBS)
VALGRIND_TESTS += tests/report/check_result_fast
endif
EXTRA_DIST += tests/data/report
if HAVE_CHECK
VALGRIND_TESTS += tests/report/check_report tests/report/check_pick
endif
TESTS += tests/report/report_per_submitter.sh
dist_check_SCRIPTS += tests/report/report_per_submitter.sh
TESTS += tests/report/report_html.sh
dist_check_SCRIPTS += tests/report/report_html.sh
CLEANFILES += tests/report/report.png
# Issue 11's cases through the real `cairn solve` and `cairn report`.
TESTS += tests/report/roundtrip_cli.sh
dist_check_SCRIPTS += tests/report/roundtrip_cli.sh
# Issue 23: results/OWNER/ and history/, keyed on the owner.
TESTS += tests/report/report_owners.sh
dist_check_SCRIPTS += tests/report/report_owners.sh
# Issue 24: late and refused results in the gradebook.
TESTS += tests/report/report_policy.sh
dist_check_SCRIPTS += tests/report/report_policy.sh
# Issue 24: an owner's graded submissions to a set, from result files.
if HAVE_CHECK
check_PROGRAMS += tests/report/check_submissions
TESTS += tests/report/check_submissions
tests_report_check_submissions_CFLAGS = $(tests_check_cflags)
tests_report_check_submissions_LDADD = $(tests_check_libs) $(YAML_LIBS)
VALGRIND_TESTS += tests/report/check_submissions
endif
# Issue 25: the gradebook as Canvas and Moodle import it.
TESTS += tests/report/report_lms.sh
dist_check_SCRIPTS += tests/report/report_lms.sh
# Issue 25: the roster an LMS exported, and Canvas's kinds of rows.
if HAVE_CHECK
check_PROGRAMS += tests/report/check_roster
TESTS += tests/report/check_roster
tests_report_check_roster_CFLAGS = $(tests_check_cflags)
tests_report_check_roster_LDADD = $(tests_check_libs) $(YAML_LIBS)
VALGRIND_TESTS += tests/report/check_roster
endif
# Issue 37: controls and bidi controls visible in every gradebook and the
# log, a student's markup as entities in Moodle's feedback.
TESTS += tests/report/report_controls.sh
dist_check_SCRIPTS += tests/report/report_controls.sh
# Issue 39: the files Canvas and Moodle import, through a model of each
# importer's own rules (tests/report/lms_import.py).
TESTS += tests/report/report_lms_import.sh
dist_check_SCRIPTS += tests/report/report_lms_import.sh
EXTRA_DIST += tests/report/lms_import.py
