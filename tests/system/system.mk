# tests/system: the system test, which .ci/run runs as root (not part of
# make check: it builds the Debian package and boots a container), and the
# debian/ directory it builds from, so that a release tarball has both.
EXTRA_DIST += tests/system/run.sh tests/system/lib.sh \
	debian/changelog debian/control debian/copyright debian/rules \
	debian/source/format debian/cairn.install debian/cairn-dev.install \
	debian/cairn.docs debian/cairn.prerm debian/cairn.postrm \
	debian/cairn.lintian-overrides
