# grade: checking answers against optimal play, feedback sentences and
# problem sets (doc/grading.md).  Uses input, core and util.
noinst_LTLIBRARIES += src/grade/libcairn_grade.la
src_grade_libcairn_grade_la_SOURCES = \
	src/grade/cairn_grade.c src/grade/cairn_grade.h \
	src/grade/cairn_feedback.c src/grade/cairn_feedback.h \
	src/grade/cairn_problems.c src/grade/cairn_problems.h \
	src/grade/cairn_problems_merge.c src/grade/cairn_problems_merge.h \
	src/grade/cairn_policy_rules.c src/grade/cairn_policy_rules.h \
	src/grade/cairn_setcheck.c src/grade/cairn_setcheck.h \
	src/grade/cairn_props.c src/grade/cairn_props.h \
	src/grade/cairn_generate.c src/grade/cairn_generate.h
src_grade_libcairn_grade_la_CPPFLAGS = $(cairn_base_cppflags) $(cairn_grade_inc)
src_grade_libcairn_grade_la_CFLAGS = $(AM_CFLAGS) $(YAML_CFLAGS)
