# The core: a convenience library linked by cairn, cairnd and every test,
# so that the tests run the code the programs run.  Other areas append to
# src_libcairn_la_SOURCES in their own fragments.
noinst_LTLIBRARIES += src/libcairn.la
src_libcairn_la_SOURCES = \
	src/cairn_mem.c src/cairn_mem.h \
	src/cairn_buf.c src/cairn_buf.h \
	src/cairn_puzzle.c src/cairn_puzzle.h \
	src/cairn_input.h src/cairn_grade.h src/cairn_problems.h \
	src/cairn_process.h src/cairn_result.h src/cairn_conf.h \
	src/cairn_plugins.c src/cairn_plugins.h \
	src/cairn_solve.c src/cairn_solve.h \
	src/cairn_process.c \
	src/cairn_result_yaml.c src/cairn_result_csv.c \
	src/cairn_log.h src/cairn_cli.h
src_libcairn_la_CFLAGS = $(AM_CFLAGS) $(YAML_CFLAGS)
src_libcairn_la_LIBADD = $(YAML_LIBS)
