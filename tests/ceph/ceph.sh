#!/bin/sh
# ceph.sh - exactly once on CephFS (issue 29): tests/dfs/exactly_once.sh's
# checks on a private one-node Ceph cluster (tests/ceph/lib.sh: a
# monitor, one OSD on memstore, a metadata server, in a network
# namespace of its own), mounted twice with ceph-fuse to stand for two
# hosts, with POSIX ACLs.  There renameat2(RENAME_NOREPLACE) fails with
# EINVAL (Debian's ceph-fuse is built on libfuse 2, which has no rename
# flags), so cairnd's link() + unlink() moves are the ones that run;
# the test checks that the daemon found so.
#
# Needs root, /dev/fuse, network namespaces, useradd and Debian's ceph
# packages (installed through tests/deps.sh when missing); exits 77 with
# the reason where they are missing.  Run from the top of a built tree:
#   sh tests/ceph/ceph.sh     (2.5 minutes here, 2 busy cores: 20 files/s)
top_srcdir=$(cd "${top_srcdir:-$(dirname "$0")/../..}" && pwd)
. "$top_srcdir/tests/ceph/lib.sh"
. "$top_srcdir/tests/dfs/exactly_once.sh"
