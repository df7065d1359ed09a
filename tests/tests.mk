# What the tests of every area share: the Check flags, the test-only
# plugins, check-valgrind and installcheck.  Each area's tests are in
# tests/AREA/AREA.mk.
tests_check_cflags = $(AM_CFLAGS) $(CHECK_CFLAGS) -I$(top_srcdir)/tests
tests_check_libs = $(cairn_libs) $(CHECK_LIBS)
# The temporary directory of the Check programs that work on a real spool
# (each adds these to its _SOURCES).
tests_tmpdir_sources = tests/check_tmpdir.c tests/check_tmpdir.h

# Test-only plugins for the loader's refusals and the cross-check.
# check_LTLIBRARIES are never installed; -rpath makes libtool build them shared.
test_plugin_ldflags = -module -avoid-version -no-undefined -shared -rpath /nowhere
check_LTLIBRARIES += tests/plugins/good.la tests/plugins/dup.la \
	tests/plugins/badabi.la tests/plugins/nosym.la tests/plugins/wrong.la
tests_plugins_good_la_SOURCES = tests/plugins/good.c tests/plugins/fixture.h
tests_plugins_good_la_LDFLAGS = $(test_plugin_ldflags)
tests_plugins_dup_la_SOURCES = tests/plugins/dup.c tests/plugins/fixture.h
tests_plugins_dup_la_LDFLAGS = $(test_plugin_ldflags)
tests_plugins_badabi_la_SOURCES = tests/plugins/badabi.c tests/plugins/fixture.h
tests_plugins_badabi_la_LDFLAGS = $(test_plugin_ldflags)
tests_plugins_nosym_la_SOURCES = tests/plugins/nosym.c
tests_plugins_nosym_la_LDFLAGS = $(test_plugin_ldflags)
tests_plugins_wrong_la_SOURCES = tests/plugins/wrong.c tests/plugins/fixture.h
tests_plugins_wrong_la_LDFLAGS = $(test_plugin_ldflags)

EXTRA_DIST += tests/check_run.h tests/check_input.h
dist_check_SCRIPTS += tests/lib.sh
dist_noinst_SCRIPTS += tests/deps.sh tests/suite.sh

# check-valgrind - every Check program once under valgrind, leaks are errors.
# CK_FORK=no keeps each test in the process valgrind watches; CAIRN_VALGRIND
# tells a test with many random rounds to run fewer.
check-valgrind: all $(check_PROGRAMS) $(check_LTLIBRARIES)
	@set -e; for t in $(VALGRIND_TESTS); do \
	  echo "valgrind: $$t"; \
	  top_builddir='$(abs_top_builddir)' top_srcdir='$(abs_top_srcdir)' \
	  CAIRN_PLUGIN_DIR_BUILD='$(abs_top_builddir)/plugins/.libs' \
	  CK_FORK=no CK_DEFAULT_TIMEOUT=0 CAIRN_VALGRIND=1 \
	  $(LIBTOOL) --mode=execute valgrind -q --leak-check=full \
	    --errors-for-leak-kinds=definite,indirect --error-exitcode=1 $$t; \
	done
.PHONY: check-valgrind

# An installed cairn finds its plugins and configuration with no options
# (make distcheck runs this against its own --prefix).
installcheck-local:
	$(DESTDIR)$(bindir)/cairn plugins
	test "`$(DESTDIR)$(bindir)/cairn solve --piles '3 9 1 2' | sed -n 's/^    diff: //p'`" = 7
	$(SHELL) $(srcdir)/examples/plugin/installcheck.sh '$(DESTDIR)$(bindir)' '$(DESTDIR)$(pkgconfigdir)'

