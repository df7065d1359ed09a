# pipeline: one input carried from its bytes to its published result,
# its stored copy and its arrival record (doc/spool.md): the steps that
# cairnd's jobs, `cairn regrade` and `cairn grade`'s autograder formats
# share.  Uses report, process and spool, and what they use.
noinst_LTLIBRARIES += src/pipeline/libcairn_pipeline.la
src_pipeline_libcairn_pipeline_la_SOURCES = \
	src/pipeline/cairn_pipeline.c src/pipeline/cairn_pipeline.h \
	src/pipeline/cairn_receipt.c src/pipeline/cairn_receipt.h \
	src/pipeline/cairn_pipeline_store.c src/pipeline/cairn_pipeline_store.h
src_pipeline_libcairn_pipeline_la_CPPFLAGS = $(cairn_base_cppflags) $(cairn_pipeline_inc)
