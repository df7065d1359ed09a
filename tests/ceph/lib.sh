# Helpers for the CephFS tests and benchmarks (sourced, not run).
#
# fs_setup makes a private one-node Ceph cluster in a network namespace
# of its own (tests/dfs/lib.sh) whose only address is 198.18.0.1 (a
# benchmarking range, RFC 2544): a monitor, one OSD keeping its objects
# in memory (memstore), a metadata server, no manager, no authentication;
# its configuration, data, sockets and logs under $DFS.  Then two
# ceph-fuse mounts of the file system's root ($DFS_A and $DFS_B, standing
# for two hosts) with POSIX ACLs (client_acl_type=posix_acl, and
# fuse_default_permissions=false so that ceph-fuse, not the kernel,
# checks them).  Only the daemons and the clients enter the namespace
# (nsenter --net): the mkfs steps too, since they record the monitor's
# address.  fs_teardown stops all of it by PID (tests/dfs/lib.sh).
# Where Ceph cannot run here (not root, no FUSE, no namespaces, no
# package), fs_setup exits 77 with the reason.
. "${top_srcdir:-.}/tests/dfs/lib.sh"
DFS_TITLE=CephFS
# Debian's ceph-fuse, on libfuse 2, has no rename flags: renameat2
# (RENAME_NOREPLACE) fails with EINVAL (tests/dfs/exactly_once.sh checks
# that cairnd finds so).
DFS_NOREPLACE=no

CEPH_ADDR=198.18.0.1

# ceph_cli ARG...: the ceph command, against this cluster only.
ceph_cli() {
	dfs_in_ns ceph -c "$DFS/ceph.conf" --connect-timeout 10 "$@"
}

# ceph_mds_tick: the metadata server's tick, from CEPH_MDS_TICK (seconds),
# or Ceph's own (5 s) when unset.  A stat through one mount of a file the
# other mount has just renamed into place waits for that tick (up to 4 s
# here); the benchmark (bench/README.md) can be run with it at 1 s.  Set
# at start: the running MDS does not take a new value.
ceph_mds_tick() {
	[ -z "${CEPH_MDS_TICK:-}" ] || echo "mds tick interval = $CEPH_MDS_TICK"
}

ceph_conf() {
	mkdir -p "$DFS/run" "$DFS/log" "$DFS/mon/a" "$DFS/osd/0" "$DFS/mds/a"
	cat >"$DFS/ceph.conf" <<CONF
[global]
fsid = $(cat /proc/sys/kernel/random/uuid)
mon host = $CEPH_ADDR:6789
public network = $CEPH_ADDR/32
ms bind ipv6 = false
auth cluster required = none
auth service required = none
auth client required = none
auth allow insecure global id reclaim = false
run dir = $DFS/run
admin socket = $DFS/run/\$name.asok
log file = $DFS/log/\$name.log
pid file = $DFS/run/\$name.pid
keyring = /dev/null
crash dir = $DFS/crash
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
mon allow pool size one = true
mon warn on pool no redundancy = false
osd crush chooseleaf type = 0
mon data = $DFS/mon/\$id
mon cluster log file = $DFS/log/cluster.log
[osd]
osd data = $DFS/osd/\$id
osd objectstore = memstore
memstore device bytes = 1073741824
osd journal size = 0
# The OSD puts itself in the CRUSH map by monitor commands sent at start,
# which it can send before it knows the cluster's fsid: the monitor
# refuses them ("handle_command on fsid 00000000-...") and the OSD exits
# (about one start in four here).  ceph_cluster adds it instead.
osd crush update on start = false
osd class update on start = false
[mds]
mds data = $DFS/mds/\$id
$(ceph_mds_tick)
[client]
client acl type = posix_acl
fuse default permissions = false
fuse allow other = true
client mount timeout = 30
CONF
}

# ceph_start NAME CMD...: a daemon in the foreground (-f), in the namespace.
ceph_start() {
	_name=$1
	shift
	nsenter --net="/run/netns/$DFS_NS" "$@" -c "$DFS/ceph.conf" -f \
		>"$DFS/log/$_name.out" 2>&1 &
	DFS_PIDS="$DFS_PIDS $!"
}

ceph_cluster() {
	ceph_conf
	dfs_in_ns monmaptool --create --clobber --fsid "$(sed -n 's/^fsid = //p' "$DFS/ceph.conf")" \
		--add a "$CEPH_ADDR:6789" "$DFS/monmap" >"$DFS/log/mkfs.out" 2>&1 ||
		dfs_skip "monmaptool: $(tail -3 "$DFS/log/mkfs.out")"
	dfs_in_ns ceph-mon -c "$DFS/ceph.conf" --mkfs -i a --monmap "$DFS/monmap" \
		>>"$DFS/log/mkfs.out" 2>&1 || dfs_skip "ceph-mon --mkfs: $(tail -3 "$DFS/log/mkfs.out")"
	ceph_start mon.a ceph-mon -i a
	dfs_wait 30 ceph_cli -s || dfs_skip "the monitor does not answer: $(tail -3 "$DFS/log/mon.a.log")"
	uuid=$(cat /proc/sys/kernel/random/uuid)
	ceph_cli osd new "$uuid" >"$DFS/log/osd-new.out" 2>&1 || dfs_skip "ceph osd new: $(cat "$DFS/log/osd-new.out")"
	ceph_cli osd crush add osd.0 1 host=cairn root=default >>"$DFS/log/osd-new.out" 2>&1 ||
		dfs_skip "ceph osd crush add: $(cat "$DFS/log/osd-new.out")"
	dfs_in_ns ceph-osd -c "$DFS/ceph.conf" -i 0 --mkfs --osd-uuid "$uuid" \
		>>"$DFS/log/mkfs.out" 2>&1 || dfs_skip "ceph-osd --mkfs: $(tail -3 "$DFS/log/mkfs.out")"
	ceph_start osd.0 ceph-osd -i 0
	dfs_wait 30 sh -c "nsenter --net=/run/netns/$DFS_NS ceph -c $DFS/ceph.conf osd stat | grep -q ' 1 up'" ||
		dfs_skip "the OSD is not up: $(grep -E '^[^ ]+ [^ ]+ +-1 ' "$DFS/log/osd.0.log" | tail -3)"
	ceph_start mds.a ceph-mds -i a
	for p in cephfs_metadata cephfs_data; do
		ceph_cli osd pool create $p 8 >>"$DFS/log/fs-new.out" 2>&1 ||
			dfs_skip "ceph osd pool create $p: $(tail -3 "$DFS/log/fs-new.out")"
	done
	ceph_cli fs new cephfs cephfs_metadata cephfs_data >>"$DFS/log/fs-new.out" 2>&1 ||
		dfs_skip "ceph fs new: $(tail -3 "$DFS/log/fs-new.out")"
	dfs_wait 60 sh -c "nsenter --net=/run/netns/$DFS_NS ceph -c $DFS/ceph.conf mds stat | grep -q 'up:active'" ||
		dfs_skip "no active metadata server: $(ceph_cli mds stat 2>&1) $(tail -3 "$DFS/log/mds.a.log")"
}

ceph_mount() {
	mkdir -p "$1"
	_n=$(basename "$1")
	nsenter --net="/run/netns/$DFS_NS" ceph-fuse -c "$DFS/ceph.conf" -f --id "$_n" \
		--log-file "$DFS/log/mount-$_n.log" "$1" >"$DFS/log/mount-$_n.out" 2>&1 &
	DFS_PIDS="$DFS_PIDS $!"
	DFS_MOUNTS="$DFS_MOUNTS $1"
	dfs_wait 30 mountpoint -q "$1" || dfs_skip "ceph-fuse mount failed: $(tail -3 "$DFS/log/mount-$_n.out")"
}

fs_setup() {
	dfs_begin ceph
	dfs_install "ceph-mon ceph-osd ceph-mds ceph-fuse ceph monmaptool" \
		ceph-mon ceph-osd ceph-mds ceph-fuse ceph-common
	dfs_net "$CEPH_ADDR"
	ceph_cluster
	DFS_A="$DFS/host-a"
	DFS_B="$DFS/host-b"
	ceph_mount "$DFS_A"
	ceph_mount "$DFS_B"
}

fs_teardown() {
	dfs_end
}

# fs_warnings: what Ceph itself said, the last errors of each daemon
# and client (level -1 lines) and the cluster's health.
fs_warnings() {
	for _l in "$DFS"/log/*.log; do
		[ -f "$_l" ] || continue
		echo "--- $_l (last errors)"
		grep -E '^[^ ]+ [^ ]+ +-1 ' "$_l" | tail -n 10
	done
	ceph_cli health detail 2>&1 | head -n 10
}
