# The cairn command line: a thin main over the core library.
bin_PROGRAMS += src/cairn
src_cairn_SOURCES = src/cairn.c src/cairn_cli.c src/cairn_cli.h \
	src/cairn_cmd_solve.c src/cairn_cmd_plugins.c \
	src/cairn_cmd_grade.c src/cairn_cmd_report.c
src_cairn_LDADD = src/libcairn.la
