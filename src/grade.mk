# src: owned by its area; see Makefile.am
# Grading, problem sets, reading results back, `cairn grade` and `cairn report`.
src_libcairn_la_SOURCES += \
	src/cairn_grade.c \
	src/cairn_feedback.c src/cairn_feedback.h \
	src/cairn_problems.c \
	src/cairn_result_read.c src/cairn_result_read.h \
	src/cairn_report.c src/cairn_report.h
# The two subcommands live in the core library because src/cli.mk sets
# src_cairn_SOURCES after this fragment is read; only src/cairn calls
# them, so nothing else links them in.
