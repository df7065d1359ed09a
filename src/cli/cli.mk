# cli: the cairn command line, a thin main over the core libraries.
bin_PROGRAMS += src/cli/cairn
src_cli_cairn_SOURCES = src/cli/cairn.c src/cli/cairn_cli.c src/cli/cairn_cli.h src/cli/cairn_cmd.h \
	src/cli/cairn_cmd_solve.c src/cli/cairn_cmd_plugins.c \
	src/cli/cairn_cmd_grade.c src/cli/cairn_cmd_report.c \
	src/cli/cairn_cmd_submit.c src/cli/cairn_submit_wait.c \
	src/cli/cairn_submit_wait.h \
	src/cli/cairn_cmd_check.c
src_cli_cairn_SOURCES += src/cli/cairn_cmd_generate.c
src_cli_cairn_SOURCES += src/cli/cairn_cmd_regrade.c
src_cli_cairn_SOURCES += src/cli/cairn_cmd_status.c src/cli/cairn_status_print.c \
	src/cli/cairn_status_print.h
src_cli_cairn_CPPFLAGS = $(cairn_base_cppflags) $(cairn_pipeline_inc) \
	-I$(top_srcdir)/src/cli
src_cli_cairn_LDADD = src/pipeline/libcairn_pipeline.la src/spool/libcairn_spool.la $(cairn_libs) $(YAML_LIBS)
src_cli_cairn_SOURCES += src/cli/cairn_autograder.c src/cli/cairn_autograder.h \
	src/cli/cairn_gradescope.c src/cli/cairn_prairielearn.c \
	src/cli/cairn_gradescope_meta.c src/cli/cairn_gradescope_meta.h
