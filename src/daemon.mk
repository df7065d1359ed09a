# daemon-ops: configuration, logging, systemd notification, size units.
src_libcairn_la_SOURCES += src/cairn_conf.c src/cairn_log.c \
	src/cairn_notify.c src/cairn_notify.h \
	src/cairn_size.c src/cairn_size.h

# src: owned by its area; see Makefile.am
# daemon-core: cairnd, the libuv spool daemon.  Its modules go into a
# convenience library so that the unit tests link the code cairnd runs.
noinst_LTLIBRARIES += src/libcairnd.la
src_libcairnd_la_SOURCES = \
	src/cairn_spool.c src/cairn_spool.h \
	src/cairn_attempts.c src/cairn_attempts.h \
	src/cairn_publish.c src/cairn_publish.h \
	src/cairn_pending.c src/cairn_pending.h \
	src/cairn_watch.c src/cairn_watch.h \
	src/cairn_jobs.c src/cairn_jobs.h \
	src/cairn_recover.c src/cairn_recover.h \
	src/cairn_gen.c src/cairn_gen.h \
	src/cairn_daemon.c src/cairn_daemon.h src/cairn_daemon_int.h \
	src/cairn_dispatch.c src/cairn_status.c
src_libcairnd_la_CFLAGS = $(AM_CFLAGS) $(LIBUV_CFLAGS)
sbin_PROGRAMS += src/cairnd
src_cairnd_SOURCES = src/cairnd.c
src_cairnd_CFLAGS = $(AM_CFLAGS) $(LIBUV_CFLAGS)
src_cairnd_LDADD = src/libcairnd.la src/libcairn.la $(LIBUV_LIBS) $(YAML_LIBS)
