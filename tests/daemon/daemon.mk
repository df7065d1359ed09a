# tests: owned by its area; see Makefile.am
# What a unit test of the daemon links: its library and those it uses.
tests_daemon_libs = src/daemon/libcairnd.la src/pipeline/libcairn_pipeline.la \
	src/spool/libcairn_spool.la
# daemon-core: unit tests of the watcher and its pending set.
if HAVE_CHECK
check_PROGRAMS += tests/daemon/check_watch
TESTS += tests/daemon/check_watch
VALGRIND_TESTS += tests/daemon/check_watch
endif
tests_daemon_check_watch_SOURCES = tests/daemon/check_watch.c $(tests_tmpdir_sources)
tests_daemon_check_watch_CFLAGS = $(tests_check_cflags) $(LIBUV_CFLAGS)
tests_daemon_check_watch_LDADD = $(tests_daemon_libs) \
	$(tests_check_libs) $(LIBUV_LIBS)
# daemon-core: unit tests of the pending set's uids' queues, of the retry
# list, of dispatch with the one-owner rule (a daemon made in the test,
# no job run), and of the worker threads.
daemon_check = tests/daemon/check_pending tests/daemon/check_retry \
	tests/daemon/check_dispatch tests/daemon/check_workpool
if HAVE_CHECK
check_PROGRAMS += $(daemon_check)
TESTS += $(daemon_check)
VALGRIND_TESTS += $(daemon_check)
endif
tests_daemon_check_pending_SOURCES = tests/daemon/check_pending.c
tests_daemon_check_pending_CFLAGS = $(tests_check_cflags)
tests_daemon_check_pending_LDADD = $(tests_daemon_libs) $(tests_check_libs)
tests_daemon_check_retry_SOURCES = tests/daemon/check_retry.c
tests_daemon_check_retry_CFLAGS = $(tests_check_cflags) $(LIBUV_CFLAGS)
tests_daemon_check_retry_LDADD = $(tests_daemon_libs) \
	$(tests_check_libs) $(LIBUV_LIBS)
tests_daemon_check_workpool_SOURCES = tests/daemon/check_workpool.c
tests_daemon_check_workpool_CFLAGS = $(tests_check_cflags) $(LIBUV_CFLAGS)
tests_daemon_check_workpool_LDADD = $(tests_daemon_libs) \
	$(tests_check_libs) $(LIBUV_LIBS)
tests_daemon_check_dispatch_SOURCES = tests/daemon/check_dispatch.c
tests_daemon_check_dispatch_CFLAGS = $(tests_check_cflags) $(LIBUV_CFLAGS)
tests_daemon_check_dispatch_LDADD = $(tests_daemon_libs) \
	$(tests_check_libs) $(LIBUV_LIBS)

# daemon-core: integration tests that run the real cairnd on a temporary
# spool.  notify_listen stands in for systemd's socket; enospc_shim is an
# LD_PRELOAD module that fakes a full disk (built without sanitizers so
# that it can be preloaded into any build).
check_PROGRAMS += tests/daemon/notify_listen
tests_daemon_notify_listen_SOURCES = tests/daemon/notify_listen.c
check_LTLIBRARIES += tests/daemon/enospc_shim.la
tests_daemon_enospc_shim_la_SOURCES = tests/daemon/enospc_shim.c
tests_daemon_enospc_shim_la_CFLAGS = -std=gnu11 -Wall -Wextra
tests_daemon_enospc_shim_la_LDFLAGS = -module -avoid-version -shared -rpath /nowhere
# stop_shim takes RENAME_NOREPLACE away and crashes or stops the daemon
# between two chosen system calls (same build rules as enospc_shim).
check_LTLIBRARIES += tests/daemon/stop_shim.la
tests_daemon_stop_shim_la_SOURCES = tests/daemon/stop_shim.c
tests_daemon_stop_shim_la_CFLAGS = -std=gnu11 -Wall -Wextra
tests_daemon_stop_shim_la_LDFLAGS = -module -avoid-version -shared -rpath /nowhere
check_LTLIBRARIES += tests/daemon/nomem_shim.la
tests_daemon_nomem_shim_la_SOURCES = tests/daemon/nomem_shim.c
tests_daemon_nomem_shim_la_CFLAGS = -std=gnu11 -Wall -Wextra
tests_daemon_nomem_shim_la_LDFLAGS = -module -avoid-version -shared -rpath /nowhere
tests_daemon_nomem_shim_la_LIBADD = -ldl
daemon_tests = \
	tests/daemon/config.sh tests/daemon/once.sh tests/daemon/arrival.sh \
	tests/daemon/signals.sh tests/daemon/notify.sh tests/daemon/enospc.sh \
	tests/daemon/kill9.sh tests/daemon/owners.sh tests/daemon/instances.sh tests/daemon/burst.sh \
	tests/daemon/unreadable.sh tests/daemon/longname.sh tests/daemon/comeback.sh \
	tests/daemon/lognames.sh tests/daemon/startup.sh tests/daemon/nomem.sh \
	tests/daemon/journal.sh \
	tests/daemon/kill9_fallback.sh tests/daemon/lock.sh tests/daemon/newest.sh tests/daemon/published.sh \
	tests/daemon/held.sh tests/daemon/idle.sh tests/daemon/hardlink.sh \
	tests/daemon/symlinks.sh tests/daemon/regrade_link.sh tests/daemon/interrupted.sh \
	tests/daemon/stale_journal.sh
TESTS += $(daemon_tests)
# Issue 21: files written in place, leases, arrival order (a line of its own).
intake_tests = tests/daemon/inplace.sh tests/daemon/lease.sh tests/daemon/future.sh \
	tests/daemon/retaken.sh
TESTS += $(intake_tests)
# Issue 23: owners take turns; max_queued_per_owner.
fairness_tests = tests/daemon/fairness.sh
TESTS += $(fairness_tests)
dist_check_SCRIPTS += $(fairness_tests)
# Issue 37: the stored input is the daemon's copy of what was graded; a
# name with a newline keeps its arrival record.
TESTS += tests/daemon/stored_copy.sh tests/daemon/stored_own.sh tests/daemon/regrade_newline.sh
dist_check_SCRIPTS += tests/daemon/stored_copy.sh tests/daemon/stored_own.sh tests/daemon/regrade_newline.sh
# An owner's directories, kept open by the daemon, removed behind its back.
TESTS += tests/daemon/owner_removed.sh
dist_check_SCRIPTS += tests/daemon/owner_removed.sh
# Issue 24: cairn regrade on a spool the daemon made.
TESTS += tests/daemon/regrade.sh
dist_check_SCRIPTS += tests/daemon/regrade.sh
TESTS += tests/daemon/regrade_perm.sh
dist_check_SCRIPTS += tests/daemon/regrade_perm.sh
dist_check_SCRIPTS += $(intake_tests)
dist_check_SCRIPTS += $(daemon_tests)
EXTRA_DIST += tests/daemon/lib.sh tests/accounts.sh
# ops: the metrics file, read by promtool.
TESTS += tests/daemon/metrics.sh
dist_check_SCRIPTS += tests/daemon/metrics.sh
if HAVE_CHECK
check_PROGRAMS += tests/daemon/check_metrics
TESTS += tests/daemon/check_metrics
endif
tests_daemon_check_metrics_SOURCES = tests/daemon/check_metrics.c
tests_daemon_check_metrics_CFLAGS = $(tests_check_cflags)
tests_daemon_check_metrics_LDADD = $(tests_daemon_libs) $(tests_check_libs)
if HAVE_CHECK
VALGRIND_TESTS += tests/daemon/check_metrics
endif
TESTS += tests/daemon/submit.sh
dist_check_SCRIPTS += tests/daemon/submit.sh
# Issue 23: owners, the package's modes and ACLs, with throwaway accounts.
TESTS += tests/daemon/owners_perm.sh
dist_check_SCRIPTS += tests/daemon/owners_perm.sh
# clock_shim moves the wall clock ahead (cairn regrade "an hour later").
check_LTLIBRARIES += tests/daemon/clock_shim.la
tests_daemon_clock_shim_la_SOURCES = tests/daemon/clock_shim.c
tests_daemon_clock_shim_la_CFLAGS = -std=gnu11 -Wall -Wextra
tests_daemon_clock_shim_la_LDFLAGS = -module -avoid-version -shared -rpath /nowhere
tests_daemon_clock_shim_la_LIBADD = -ldl
check_LTLIBRARIES += tests/daemon/norename_shim.la
tests_daemon_norename_shim_la_SOURCES = tests/daemon/norename_shim.c
tests_daemon_norename_shim_la_CFLAGS = -std=gnu11 -Wall -Wextra
tests_daemon_norename_shim_la_LDFLAGS = -module -avoid-version -shared -rpath /nowhere

# Issue 22, case 1: files whose data keeps failing (eio_shim fakes EIO)
# never starve the loop; build rules as for enospc_shim.
check_LTLIBRARIES += tests/daemon/eio_shim.la
tests_daemon_eio_shim_la_SOURCES = tests/daemon/eio_shim.c
tests_daemon_eio_shim_la_CFLAGS = -std=gnu11 -Wall -Wextra
tests_daemon_eio_shim_la_LDFLAGS = -module -avoid-version -shared -rpath /nowhere
tests_daemon_eio_shim_la_LIBADD = -ldl
TESTS += tests/daemon/livelock.sh
dist_check_SCRIPTS += tests/daemon/livelock.sh
# Issue 22, case 7: signals before the loop's handlers exist and after
# they are closed (sigedge_shim sends them there).
check_LTLIBRARIES += tests/daemon/sigedge_shim.la
tests_daemon_sigedge_shim_la_SOURCES = tests/daemon/sigedge_shim.c
tests_daemon_sigedge_shim_la_CFLAGS = -std=gnu11 -Wall -Wextra $(LIBUV_CFLAGS)
tests_daemon_sigedge_shim_la_LDFLAGS = -module -avoid-version -shared -rpath /nowhere
tests_daemon_sigedge_shim_la_LIBADD = -ldl
TESTS += tests/daemon/signals_edge.sh
dist_check_SCRIPTS += tests/daemon/signals_edge.sh

# Issue 27: a reload answered, to systemd and to `cairnd --reload PID`
# (the unit's ExecReload=); a line of its own.
reload_tests = tests/daemon/reload.sh tests/daemon/reload_wait.sh
TESTS += $(reload_tests)
dist_check_SCRIPTS += $(reload_tests)

# memory_budget over whole files (issue 9, case 4); a line of its own.
TESTS += tests/daemon/memory.sh
dist_check_SCRIPTS += tests/daemon/memory.sh
# memory_total bounds the files running at once (issue 22, case 3b); the
# real memory cgroup where the machine gives one.
TESTS += tests/daemon/memtotal.sh tests/daemon/memcgroup.sh
dist_check_SCRIPTS += tests/daemon/memtotal.sh tests/daemon/memcgroup.sh
# The GlusterFS and CephFS tests need root and a minute or two each:
# .ci/run calls tests/gluster/gluster.sh and tests/ceph/ceph.sh itself,
# outside `make check`; both run tests/dfs/exactly_once.sh's checks.
# lock_kill.sh shows the GlusterFS fault cairnd keeps clear of; it is run
# by hand.
EXTRA_DIST += tests/dfs/lib.sh tests/dfs/exactly_once.sh \
	tests/gluster/gluster.sh tests/gluster/lib.sh tests/gluster/lock_kill.sh \
	tests/ceph/ceph.sh tests/ceph/lib.sh
# Issue 24: the course policy through the daemon (due, close,
# max_submissions), and feedback released with throwaway accounts.
TESTS += tests/daemon/policy.sh tests/daemon/policy_feedback.sh tests/daemon/extensions.sh
dist_check_SCRIPTS += tests/daemon/policy.sh tests/daemon/policy_feedback.sh \
	tests/daemon/extensions.sh
# Issue 37: a withheld result out of its owner's sight, a receipt instead.
TESTS += tests/daemon/withheld.sh
dist_check_SCRIPTS += tests/daemon/withheld.sh
# Issue 27: retain (stored inputs and history removed once old), and the
# per-owner byte cap on incoming/ (max_incoming_bytes_per_owner).
retain_tests = tests/daemon/retain.sh tests/daemon/incoming_cap.sh
TESTS += $(retain_tests)
dist_check_SCRIPTS += $(retain_tests)
# One job on this thread, without an event loop: claim, read, the pipeline.
if HAVE_CHECK
check_PROGRAMS += tests/daemon/check_jobs
TESTS += tests/daemon/check_jobs
VALGRIND_TESTS += tests/daemon/check_jobs
endif
tests_daemon_check_jobs_SOURCES = tests/daemon/check_jobs.c $(tests_tmpdir_sources)
tests_daemon_check_jobs_CFLAGS = $(tests_check_cflags)
tests_daemon_check_jobs_LDADD = $(tests_daemon_libs) $(tests_check_libs)
# Issue 36: the arrival is when a file was handed in (its change time in
# incoming/ before the claim), through a stopped daemon, a rename from
# elsewhere, kill -9 of two instances and a storage error after publishing.
handin_tests = tests/daemon/stopped_due.sh tests/daemon/renamed_late.sh \
	tests/daemon/kill9_arrival.sh tests/daemon/store_eio.sh
TESTS += $(handin_tests)
dist_check_SCRIPTS += $(handin_tests)
# Issue 37: hostile students: a directory in incoming/ the daemon may
# not move stalls nobody; a refused hard link pushes no graded result aside.
hostile_tests = tests/daemon/owners_dir.sh tests/daemon/hardlink_owner.sh
TESTS += $(hostile_tests)
dist_check_SCRIPTS += $(hostile_tests)
# Issue 37, cases 7 to 9: start-up under storage hiccups (eio_shim's
# burst of failing openat() calls), a passing error reading the
# configuration or the plugins (exit 75, restarted), and every allocation
# of a start failing in turn (nomem_shim "any N").
startup_tests = tests/daemon/startup_eio.sh tests/daemon/config_eio.sh \
	tests/daemon/startup_nomem.sh
TESTS += $(startup_tests)
dist_check_SCRIPTS += $(startup_tests)
