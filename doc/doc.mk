# doc: the reference that the README points to, as Markdown (in the
# tarball; the Debian package installs it with debian/cairn.docs).
EXTRA_DIST += doc/formats.md doc/spool.md doc/exit-codes.md \
	doc/grading.md doc/lms.md doc/operating.md doc/several-hosts.md \
	doc/performance.md doc/plugins.md doc/fuzzing.md doc/layout.md
