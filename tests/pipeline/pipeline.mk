# pipeline: unit tests of the steps that carry one input to its result,
# its stored copy and its arrival record (src/pipeline), on a spool of
# their own with the build's solver plugins.
if HAVE_CHECK
check_PROGRAMS += tests/pipeline/check_pipeline
TESTS += tests/pipeline/check_pipeline
VALGRIND_TESTS += tests/pipeline/check_pipeline
endif
tests_pipeline_check_pipeline_SOURCES = tests/pipeline/check_pipeline.c $(tests_tmpdir_sources)
tests_pipeline_check_pipeline_CFLAGS = $(tests_check_cflags)
tests_pipeline_check_pipeline_LDADD = src/pipeline/libcairn_pipeline.la \
	src/spool/libcairn_spool.la $(tests_check_libs)
