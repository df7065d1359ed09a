# util: memory that either succeeds or does not return, growable buffers,
# size units, durations, per-job memory budgets, the spool's stat(), sorted directory
# listings, UTF-8 checks, the text of an arrival time, the names of the
# spool's directories.
# Uses libc only.
noinst_LTLIBRARIES += src/util/libcairn_util.la
src_util_libcairn_util_la_SOURCES = \
	src/util/cairn_mem.c src/util/cairn_mem.h \
	src/util/cairn_buf.c src/util/cairn_buf.h src/util/cairn_fnv.h \
	src/util/cairn_size.c src/util/cairn_size.h \
	src/util/cairn_duration.c src/util/cairn_duration.h \
	src/util/cairn_budget.c src/util/cairn_budget.h \
	src/util/cairn_stat.c src/util/cairn_stat.h \
	src/util/cairn_dir.c src/util/cairn_dir.h \
	src/util/cairn_memavail.c src/util/cairn_memavail.h \
	src/util/cairn_utf8.c src/util/cairn_utf8.h \
	src/util/cairn_sha256.c src/util/cairn_sha256.h \
	src/util/cairn_time.c src/util/cairn_time.h \
	src/util/cairn_umask.c src/util/cairn_umask.h \
	src/util/cairn_errno.c src/util/cairn_errno.h \
	src/util/cairn_origin.c src/util/cairn_origin.h src/util/cairn_spool_dirs.h \
	src/util/cairn_container.h
src_util_libcairn_util_la_CPPFLAGS = $(cairn_base_cppflags) $(cairn_util_inc)
