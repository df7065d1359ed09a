# spool: the on-disk spool protocol (doc/spool.md), with no event loop:
# the spool's directories, names and no-replace moves, the instance lock,
# durable publishing and grouped directory flushes, the attempts journal,
# recovery after a crash, the failure table.  Uses util only; cairnd
# and `cairn submit` use it.
noinst_LTLIBRARIES += src/spool/libcairn_spool.la
src_spool_libcairn_spool_la_SOURCES = \
	src/spool/cairn_spoolname.c src/spool/cairn_spoolname.h \
	src/spool/cairn_held.c src/spool/cairn_held.h \
	src/spool/cairn_owner.c src/spool/cairn_owner.h \
	src/spool/cairn_acl.c src/spool/cairn_acl.h \
	src/spool/cairn_ownerdir.c src/spool/cairn_ownerdir.h \
	src/spool/cairn_spool.c src/spool/cairn_spool.h \
	src/spool/cairn_spool_resolve.c src/spool/cairn_spool_resolve.h \
	src/spool/cairn_lock.c src/spool/cairn_lock.h \
	src/spool/cairn_failure.c src/spool/cairn_failure.h \
	src/spool/cairn_attempts.c src/spool/cairn_attempts.h \
	src/spool/cairn_dirsync.c src/spool/cairn_dirsync.h \
	src/spool/cairn_publish.c src/spool/cairn_publish.h \
	src/spool/cairn_withheld.c src/spool/cairn_withheld.h \
	src/spool/cairn_recover.c src/spool/cairn_recover.h \
	src/spool/cairn_lease.c src/spool/cairn_lease.h
# `cairn submit`: the writer's side, a file handed in to incoming/.
src_spool_libcairn_spool_la_SOURCES += \
	src/spool/cairn_spool_enter.c src/spool/cairn_spool_enter.h
# `cairn status`: the spool read from outside, the lock asked, not taken.
src_spool_libcairn_spool_la_SOURCES += \
	src/spool/cairn_lock_probe.c src/spool/cairn_lock_probe.h \
	src/spool/cairn_arrival.c src/spool/cairn_arrival.h \
	src/spool/cairn_spool_status.c src/spool/cairn_spool_status.h
# `cairn regrade`: the stored inputs listed with their arrivals, read back.
src_spool_libcairn_spool_la_SOURCES += src/spool/cairn_stored.c src/spool/cairn_stored.h
# retain: stored inputs and result history removed once old (cairnd's walk).
src_spool_libcairn_spool_la_SOURCES += \
	src/spool/cairn_retain.c src/spool/cairn_retain.h
src_spool_libcairn_spool_la_CPPFLAGS = $(cairn_base_cppflags) $(cairn_spool_inc) $(ACL_CFLAGS)
src_spool_libcairn_spool_la_LIBADD = $(ACL_LIBS)
