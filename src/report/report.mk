# report: reading result files back and turning them into gradebooks
# (doc/formats.md and cairn(1)).  Uses process and everything below it (YAML
# results through src/yaml).
noinst_LTLIBRARIES += src/report/libcairn_report.la
src_report_libcairn_report_la_SOURCES = \
	src/report/cairn_result_read.c src/report/cairn_result_read.h \
	src/report/cairn_result_file.c src/report/cairn_result_file.h \
	src/report/cairn_result_yaml_read.c src/report/cairn_result_yaml_read.h \
	src/report/cairn_result_yaml_fast.c src/report/cairn_result_yaml_fast.h \
	src/report/cairn_result_csv_read.c src/report/cairn_result_csv_read.h \
	src/report/cairn_submissions.c src/report/cairn_submissions.h \
	src/report/cairn_report.c src/report/cairn_report.h \
	src/report/cairn_report_pick.c src/report/cairn_report_pick.h \
	src/report/cairn_report_html.c src/report/cairn_report_html.h \
	src/report/cairn_report_fold.c src/report/cairn_report_fold.h \
	src/report/cairn_report_class.c src/report/cairn_report_class.h \
	src/report/cairn_roster.c src/report/cairn_roster.h \
	src/report/cairn_report_lms.c src/report/cairn_report_lms.h \
	src/report/cairn_report_canvas.c src/report/cairn_report_canvas.h \
	src/report/cairn_report_moodle.c src/report/cairn_report_moodle.h \
	src/report/cairn_report_lms_file.c src/report/cairn_report_lms_file.h
src_report_libcairn_report_la_CPPFLAGS = $(cairn_base_cppflags) $(cairn_report_inc)
src_report_libcairn_report_la_CFLAGS = $(AM_CFLAGS) $(YAML_CFLAGS)
