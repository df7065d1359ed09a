#!/bin/sh
# gluster.sh - exactly once on GlusterFS (issue 10): tests/dfs/exactly_once.sh's
# checks on a private single-brick GlusterFS volume (tests/gluster/lib.sh),
# mounted twice with FUSE (with POSIX ACLs) to stand for two hosts.  The
# code before issue 10 gave, on the same run: 9 duplicates and 976 lost
# claims in 2,000 files.
#
# Needs root, /dev/fuse, network namespaces, useradd and GlusterFS
# (installed through tests/deps.sh when missing); exits 77 with the
# reason where they are missing.  Run from the top of a built tree:
#   sh tests/gluster/gluster.sh            (30 s to 75 s here, 2 cores)
top_srcdir=$(cd "${top_srcdir:-$(dirname "$0")/../..}" && pwd)
. "$top_srcdir/tests/gluster/lib.sh"
. "$top_srcdir/tests/dfs/exactly_once.sh"
