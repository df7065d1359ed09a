# src: owned by its area; see Makefile.am
# Grading, problem sets, reading results back, `cairn grade` and `cairn report`.
src_libcairn_la_SOURCES += \
	src/cairn_grade.c \
	src/cairn_feedback.c src/cairn_feedback.h
