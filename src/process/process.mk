# process: one input file in, one result file out: read, solve, grade and
# write the result (doc/formats.md and doc/grading.md).  Uses grade, input, core, ops, util.
noinst_LTLIBRARIES += src/process/libcairn_process.la
src_process_libcairn_process_la_SOURCES = \
	src/process/cairn_process.c src/process/cairn_process.h \
	src/process/cairn_process_puzzle.c src/process/cairn_process_puzzle.h \
	src/process/cairn_settings.h \
	src/process/cairn_result_yaml.c src/process/cairn_result_yaml.h \
	src/process/cairn_result_csv.c src/process/cairn_result_csv.h \
	src/process/cairn_result_json.c src/process/cairn_result_json.h \
	src/process/cairn_stats.c src/process/cairn_stats.h
src_process_libcairn_process_la_CPPFLAGS = $(cairn_base_cppflags) $(cairn_process_inc)
