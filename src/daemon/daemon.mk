# daemon: cairnd, the libuv spool daemon (doc/spool.md and cairnd(8)): the
# event loop (watcher, pending set, jobs, dispatch, status, metrics) over
# the spool protocol of src/spool/.  Its modules go into a convenience
# library so that the unit tests link the code cairnd runs.  Uses every
# library folder; nothing uses it.
noinst_LTLIBRARIES += src/daemon/libcairnd.la
src_daemon_libcairnd_la_SOURCES = \
	src/daemon/cairn_pending.c src/daemon/cairn_pending.h src/daemon/cairn_pending_cand.h \
	src/daemon/cairn_pending_uid.c src/daemon/cairn_pending_uid.h \
	src/daemon/cairn_pending_dropped.c src/daemon/cairn_pending_dropped.h \
	src/daemon/cairn_watch.c src/daemon/cairn_watch.h \
	src/daemon/cairn_jobs.c src/daemon/cairn_jobs.h \
	src/daemon/cairn_jobs_arrival.c src/daemon/cairn_jobs_arrival.h \
	src/daemon/cairn_generation.c src/daemon/cairn_generation.h \
	src/daemon/cairn_daemon.c src/daemon/cairn_daemon.h src/daemon/cairn_daemon_int.h \
	src/daemon/cairn_dispatch.c src/daemon/cairn_dispatch.h src/daemon/cairn_dispatch_state.h \
	src/daemon/cairn_retry.c src/daemon/cairn_retry.h src/daemon/cairn_retry_state.h \
	src/daemon/cairn_one_owner.c src/daemon/cairn_one_owner.h \
	src/daemon/cairn_one_owner_state.h \
	src/daemon/cairn_release.c src/daemon/cairn_release.h \
	src/daemon/cairn_release_run.c src/daemon/cairn_release_run.h \
	src/daemon/cairn_release_run_state.h \
	src/daemon/cairn_sigmask.c src/daemon/cairn_sigmask.h \
	src/daemon/cairn_workpool.c src/daemon/cairn_workpool.h \
	src/daemon/cairn_uvinit.c src/daemon/cairn_uvinit.h \
	src/daemon/cairn_startup.c src/daemon/cairn_startup.h src/daemon/cairn_startup_state.h \
	src/daemon/cairn_status.c src/daemon/cairn_status.h src/daemon/cairn_status_state.h \
	src/daemon/cairn_metrics.c src/daemon/cairn_metrics.h
# The answers to reloads, and `cairnd --reload PID`, which waits for one.
src_daemon_libcairnd_la_SOURCES += src/daemon/cairn_reload.c src/daemon/cairn_reload.h
src_daemon_libcairnd_la_CPPFLAGS = $(cairn_base_cppflags) $(cairn_daemon_inc)
src_daemon_libcairnd_la_CFLAGS = $(AM_CFLAGS) $(LIBUV_CFLAGS)
sbin_PROGRAMS += src/daemon/cairnd
src_daemon_cairnd_SOURCES = src/daemon/cairnd.c
src_daemon_cairnd_CPPFLAGS = $(cairn_base_cppflags) $(cairn_daemon_inc)
src_daemon_cairnd_CFLAGS = $(AM_CFLAGS) $(LIBUV_CFLAGS)
src_daemon_cairnd_LDADD = src/daemon/libcairnd.la src/pipeline/libcairn_pipeline.la \
	src/spool/libcairn_spool.la \
	$(cairn_libs) $(LIBUV_LIBS) $(YAML_LIBS)
