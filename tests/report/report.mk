# tests: owned by its area; see Makefile.am
# report: reading results back and gradebooks.
if HAVE_CHECK
check_PROGRAMS += tests/report/check_report tests/report/check_pick
TESTS += tests/report/check_report tests/report/check_pick
tests_report_check_report_CFLAGS = $(tests_check_cflags)
tests_report_check_report_LDADD = $(tests_check_libs) $(YAML_LIBS)
tests_report_check_pick_CFLAGS = $(tests_check_cflags)
tests_report_check_pick_LDADD = $(tests_check_libs) $(YAML_LIBS)
endif
EXTRA_DIST += tests/data/report
VALGRIND_TESTS += tests/report/check_report tests/report/check_pick
TESTS += tests/report/report_per_submitter.sh
dist_check_SCRIPTS += tests/report/report_per_submitter.sh
TESTS += tests/report/report_html.sh
dist_check_SCRIPTS += tests/report/report_html.sh
CLEANFILES += tests/report/report.png
EXTRA_DIST += tests/report/lib.sh
