#!/usr/bin/env python3
"""dfs_bench.py - cairnd on a spool on a distributed file system,
GlusterFS or CephFS (bench/dfs.sh runs it).

usage: dfs_bench.py gluster|ceph MOUNT_A MOUNT_B CAIRND PLUGIN_DIR OUT_DIR [--quick]

MOUNT_A and MOUNT_B are two FUSE mounts of one file system (two "hosts"):
of one GlusterFS volume (tests/gluster/lib.sh) or of one CephFS
(tests/ceph/lib.sh).

- naive: the least a durable publisher does, per file: create, write,
  fsync, rename (in MOUNT_A); files per second.
- two instances: instance a serves the spool through MOUNT_A, b through
  MOUNT_B (fsync on, rescan_s 2, settle_ms 200); N files are staged on
  the volume and renamed into incoming/, half through each mount; timed
  from the first rename until done/ holds all N.  Target: >= 1.0x naive.
  Rounds alternate (naive, protocol alone, instances, naive, ...);
  medians are reported.
- the spool protocol alone (protocol_round): each round, N more files
  through both mounts with nothing but the file operations of doc/spool.md,
  in 8 threads per mount, each file's in turn (nothing grouped, as
  cairnd groups its directory flushes), against which both other rates
  are compared (info).
- latency: single files renamed into incoming/ through MOUNT_A, one at a
  time, from the rename until its result is visible through MOUNT_B.  The
  instance on the mount a file arrives through learns of it at once
  (inotify) and takes it; rescan_s + settle_ms bounds the case where it
  does not (a host without a running instance), and + 1 s is the target.
  That case is measured last: instance a is stopped, and files renamed in
  through MOUNT_A are found by b's rescan.  On CephFS b's first look at
  such a file waits for the metadata server's tick (mds_tick_interval,
  5 s by default; CEPH_MDS_TICK=1 in the environment of bench/dfs.sh
  sets it to 1 s: tests/ceph/lib.sh).

- why: the CPU of the whole machine that each phase kept busy (/proc/stat),
  that of each process during two instances (the servers, each FUSE
  client, each daemon, in % of one core, from /proc/PID/stat), and, in
  one more round of each (both instances running: the latency rounds stop
  one, so they come after), what the servers counted per file (the
  environment gives DFS and DFS_NS, as bench/dfs.sh exports them): on
  GlusterFS the file operations the brick served (`gluster volume
  profile`), on CephFS the client requests and capability messages the
  metadata server handled and the operations the OSD served (`perf dump`
  through their admin sockets).  Everything here (the servers, both FUSE
  clients, the daemons) shares the machine's cores: the naive loop keeps
  about one core busy; two instances keep all of them busy, so their rate
  is the machine's capacity over their operations per file.

Appends rows to OUT_DIR/summary.csv in bench/README.md's columns and
writes OUT_DIR/FS.csv.
"""
import errno
import json
import os
import pwd
import signal
import statistics
import struct
import subprocess
import sys
import time

# cairnd keeps results and stored inputs per owner: results/OWNER/,
# done/OWNER/; the files here are ours.
OWNER = pwd.getpwuid(os.geteuid()).pw_name

RESCAN_S = 2
SETTLE_MS = 200


def now():
    return time.monotonic()


class Gluster:
    """A private GlusterFS volume cv: the brick counts file operations."""
    section = "gluster"
    roles = {"glusterfsd": "brick", "glusterfs": "FUSE client"}
    role_order = ("brick", "FUSE client", "daemon")

    def _profile(self, what):
        """`gluster volume profile cv WHAT`; for info, {fop: calls}."""
        dfs, ns = os.environ.get("DFS"), os.environ.get("DFS_NS")
        if not dfs or not ns:
            return None
        cmd = ["nsenter", "--net=/run/netns/" + ns, "gluster",
               "--glusterd-sock=" + os.path.join(dfs, "run", "glusterd.socket"),
               "--mode=script", "--log-file=" + os.path.join(dfs, "logs", "cli.log"),
               "volume", "profile", "cv"] + what.split()
        out = subprocess.run(cmd, capture_output=True, text=True).stdout
        if what.split()[0] != "info":
            return None
        calls, seen = {}, False
        for line in out.splitlines():
            if "Interval" in line:
                seen = True
            f = line.split()
            if seen and len(f) >= 2 and f[-1].isupper() and f[-2].isdigit():
                calls[f[-1]] = calls.get(f[-1], 0) + int(f[-2])
        return calls

    def begin(self):
        """Start counting; False where nothing can be counted."""
        self._profile("start")
        return self.take() is not None

    def take(self):
        """The counts since the last take()."""
        return self._profile("info incremental")

    def end(self):
        self._profile("stop")

    def totals(self, calls):
        """[(what, count)]: FORGET (no request) left out."""
        return [("brick operations", sum(v for k, v in calls.items() if k != "FORGET"))]

    def detail(self, calls):
        return {k: v for k, v in calls.items() if k != "FORGET"}


class Ceph:
    """A private one-node Ceph cluster: the metadata server mds.a and the
    OSD osd.0 count what they handled (`perf dump`, cumulative)."""
    section = "ceph"
    roles = {"ceph-osd": "OSD", "ceph-mds": "MDS", "ceph-mon": "monitor",
             "ceph-fuse": "FUSE client"}
    role_order = ("MDS", "OSD", "monitor", "FUSE client", "daemon")
    last = None

    def _dump(self):
        """{daemon.section.counter: count} of mds.a and osd.0."""
        dfs = os.environ.get("DFS")
        if not dfs:
            return None
        out = {}
        for d in ("mds.a", "osd.0"):
            r = subprocess.run(["ceph", "--admin-daemon", os.path.join(dfs, "run", d + ".asok"),
                                "perf", "dump"], capture_output=True, text=True)
            if r.returncode != 0:
                return None
            for sec, counters in json.loads(r.stdout).items():
                for k, v in counters.items():
                    if isinstance(v, dict):
                        v = v.get("avgcount")
                    if isinstance(v, int):
                        out["%s.%s.%s" % (d, sec, k)] = v
        return out

    def begin(self):
        return self.take() is not None

    def take(self):
        now_, last = self._dump(), self.last
        self.last = now_
        if now_ is None:
            return None
        if last is None:
            return {}
        return {k: v - last.get(k, 0) for k, v in now_.items()}

    def end(self):
        pass

    def totals(self, calls):
        return [("MDS requests", calls.get("mds.a.mds.request", 0)),
                ("MDS capability messages", calls.get("mds.a.mds.handle_client_caps", 0)),
                ("OSD operations", calls.get("osd.0.osd.op", 0))]

    def detail(self, calls):
        """the MDS's requests by kind (mds_server req_KIND_latency counts)"""
        pre, suf = "mds.a.mds_server.req_", "_latency"
        return {k[len(pre):-len(suf)]: v for k, v in calls.items()
                if k.startswith(pre) and k.endswith(suf) and v}


FS = None
LOG_B = None    # instance b's log: which files b served
# Whether renameat2(RENAME_NOREPLACE) works on the file system (tests/FS/lib.sh).
NOREPLACE = os.environ.get("DFS_NOREPLACE") != "no"


def naive(dir_, n, counted=None):
    os.makedirs(dir_, exist_ok=True)
    data = b"x" * 400
    t0 = now()
    for i in range(n):
        tmp = os.path.join(dir_, ".r%d.tmp" % i)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        os.write(fd, data)
        os.fsync(fd)
        os.close(fd)
        os.rename(tmp, os.path.join(dir_, "r%d.result.yaml" % i))
    t = now() - t0
    if counted is not None:
        counted.append(FS.take())
    for f in os.listdir(dir_):
        os.unlink(os.path.join(dir_, f))
    return n / t


def cpu():
    """(busy, total) jiffies of the whole machine."""
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:]]
    idle = v[3] + v[4]
    return sum(v) - idle, sum(v)


def busy_since(c0):
    c1 = cpu()
    return (c1[0] - c0[0]) / max(1, c1[1] - c0[1])


def who(daemons):
    """{pid: role}: the servers, the FUSE client of each mount, the daemons."""
    dfs, roles = os.environ.get("DFS"), {p.pid: "daemon" for p in daemons}
    for pid in filter(str.isdigit, os.listdir("/proc") if dfs else []):
        try:
            with open("/proc/%s/cmdline" % pid) as f:
                cmd = f.read().split("\0")
        except OSError:
            continue
        name = os.path.basename(cmd[0])
        if not any(a.startswith(dfs + "/") for a in cmd):
            continue
        if name in FS.roles:
            roles[int(pid)] = FS.roles[name]
    return roles


def proc_cpu(roles):
    """{pid: user + system seconds} of the processes in roles."""
    out = {}
    for pid in roles:
        try:
            with open("/proc/%d/stat" % pid) as f:
                v = f.read().rsplit(")", 1)[1].split()
            out[pid] = (int(v[11]) + int(v[12])) / os.sysconf("SC_CLK_TCK")
        except OSError:
            pass
    return out


def cpu_by_role(roles, t0, t1, seconds):
    """{role: % of one core, per process of that role} between t0 and t1."""
    per = {}
    for pid, role in roles.items():
        if pid in t0 and pid in t1:
            per.setdefault(role, []).append(100 * (t1[pid] - t0[pid]) / seconds)
    return {r: statistics.mean(v) for r, v in per.items()}


def conf(path, spool, instance, plugins, workers):
    with open(path, "w") as f:
        f.write("spool: %s\ninstance: %s\nplugin_dir: %s\nworkers: %d\n"
                "rescan_s: %d\nsettle_ms: %d\nfsync: true\n"
                % (spool, instance, plugins, workers, RESCAN_S, SETTLE_MS))


def start(cairnd, cfg, log):
    return subprocess.Popen([cairnd, "-c", cfg], stdout=log, stderr=log)


def count(d):
    """the files in d (cairnd's own dot files and directories left out);
    0 while d does not exist yet"""
    try:
        return sum(1 for e in os.scandir(d)
                   if not e.name.startswith(".") and not e.is_dir(follow_symlinks=False))
    except FileNotFoundError:
        return 0


def wait_count(d, n, timeout):
    end = now() + timeout
    while now() < end:
        if count(d) >= n:
            return True
        time.sleep(0.02)
    return False


def stage(spool_a, spool_b, tag, n):
    """n files in spool.stage (on the volume), names for each mount."""
    names = []
    st = spool_a + ".stage"
    os.makedirs(st, exist_ok=True)
    for i in range(n):
        name = "%s%06d.yaml" % (tag, i)
        with open(os.path.join(st, name), "w") as f:
            f.write("id: p%d\npiles: [%d, %d, %d, %d]\n"
                    % (i, i % 89 + 1, i % 7, i % 13 + 3, i % 5))
        names.append(name)
    return names


def drop_half(spool, names):
    """names renamed from spool.stage into incoming/, as protocol_side()'s
    writer does it: between two directory descriptors (a path would look
    spool.stage and incoming up again for each file, on CephFS a request
    each that the protocol's writer does not make)"""
    st = os.open(spool + ".stage", os.O_RDONLY | os.O_DIRECTORY)
    inc = os.open(os.path.join(spool, "incoming"), os.O_RDONLY | os.O_DIRECTORY)
    for name in names:
        os.rename(name, name, src_dir_fd=st, dst_dir_fd=inc)
    os.close(st)
    os.close(inc)


def at_once(through_a, through_b):
    """through_b() in a child process while through_a() runs here."""
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            through_b()
            code = 0
        finally:
            os._exit(code)
    through_a()
    if os.waitpid(pid, 0)[1] != 0:
        raise SystemExit("dfs_bench: the part through mount B failed")


def round_end(a, b, n, t0, counted, through_b):
    """files/s since t0; the servers' counts into counted; done/ and
    results/ emptied for the next round, each file through the mount that
    made it (through_b(name) says b's): on CephFS a lookup through the
    other mount waits, now and then, for the metadata server's tick (5 s)
    to take the maker's capabilities back, which made one round's cleanup
    take minutes."""
    t = now() - t0
    if counted is not None:
        counted.append(FS.take())
    for d in ("done", "results"):
        p = os.path.join(a, d, OWNER)
        for e in os.scandir(p):
            if not e.name.startswith(".") and not e.is_dir(follow_symlinks=False):
                mine = e.name.split(".result.")[0].split(".")[0]
                os.unlink(os.path.join(b, d, OWNER, e.name) if through_b(mine) else e.path)
    return n / t


def served_by(log):
    """the names (without .yaml) that the instance logging to log processed"""
    names = set()
    with open(log) as f:
        for line in f:
            i = line.find(" msg=processed file=")
            if i >= 0:
                names.add(line[i + 20:].split(" ", 1)[0].rsplit(".", 1)[0])
    return names


def instances_round(a, b, names, counted=None):
    """a, b: spool paths through each mount; returns files/s."""
    t0 = now()
    at_once(lambda: drop_half(a, names[0::2]), lambda: drop_half(b, names[1::2]))
    if not wait_count(os.path.join(a, "done", OWNER), len(names), 120 + len(names) / 5):
        raise SystemExit("dfs_bench: only %d of %d in done/%s/"
                         % (count(os.path.join(a, "done", OWNER)), len(names), OWNER))
    by_b = served_by(LOG_B)
    return round_end(a, b, len(names), t0, counted, lambda x: x in by_b)


def protocol_side(spool, inst, names, threads):
    """The spool protocol's file operations for names, through one mount,
    in threads, as doc/spool.md has cairnd do them per file: the writer's
    rename into incoming/; the entry's state (its change time is the
    arrival), the file opened and its state read again, the claim that
    renames it into processing/INST/ under its held name (the arrival,
    then the name), the journal's two records (reading, idle: the end of an idle entry
    is not recorded);
    the input read; the result written to a temporary name, given the
    input's mtime and the owner's read grant (an ACL, where the file
    system keeps them), fsynced, moved into results/OWNER/ without
    replacing (move()), and that directory flushed (doc/spool.md: only
    then may the input leave processing/; one fsync a file, where cairnd
    groups those of concurrent results); the stored input, the daemon's own file (its account
    wrote it), made mode 0640, its arrival record set as its attribute
    user.cairn.arrival (56 bytes; where the file system has no user
    attributes, a file written in done/OWNER/.arrival/ after the fsync),
    fsynced, and moved from processing/INST/ into done/OWNER/ (move()).  The owner's directories exist (made once, as cairnd
    keeps them open).  Nothing else: no parsing, solving or logging."""
    import queue
    import threading

    def dir_fd(path):
        return os.open(path, os.O_RDONLY | os.O_DIRECTORY)

    inc, proc, tmp, res, done, arr = (dir_fd(os.path.join(spool, d)) for d in (
        "incoming", "processing/" + inst, "processing/%s/.tmp" % inst,
        "results/" + OWNER, "done/" + OWNER, "done/%s/.arrival" % OWNER))
    journal = os.open(".attempts", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600, dir_fd=proc)
    stage_fd = dir_fd(spool + ".stage")
    # user::rw-, user:OWNER:r--, group::r--, mask::r--, other::---
    acl = (b"\x02\x00\x00\x00" + b"\x01\x00\x06\x00\xff\xff\xff\xff" +
           b"\x02\x00\x04\x00" + os.geteuid().to_bytes(4, "little") +
           b"\x04\x00\x04\x00\xff\xff\xff\xff" + b"\x10\x00\x04\x00\xff\xff\xff\xff" +
           b"\x20\x00\x00\x00\xff\xff\xff\xff")
    q, failed, acls = queue.Queue(), [], [True]

    def record(state, held, st):
        os.write(journal, ("%s 0 %d %d.%09d %s\n" % (state, st.st_ino, st.st_ctime_ns // 10**9,
                                                     st.st_ctime_ns % 10**9, held)).encode())

    def grant(fd):
        if acls[0]:
            try:
                os.setxattr(fd, "system.posix_acl_access", acl)
            except OSError:
                acls[0] = False     # no ACLs here: cairnd grants by mode alone

    def move(name, from_fd, to, to_fd):
        """a move that never replaces: where the file system has no
        RENAME_NOREPLACE (DFS_NOREPLACE=no: GlusterFS, Debian's ceph-fuse),
        a link() then an unlink(), as cairnd does there; else a rename (the
        names are new: it replaces nothing)"""
        if NOREPLACE:
            os.rename(name, to, src_dir_fd=from_fd, dst_dir_fd=to_fd)
        else:
            os.link(name, to, src_dir_fd=from_fd, dst_dir_fd=to_fd)
            os.unlink(name, dir_fd=from_fd)

    def worker():
        try:
            for name in iter(q.get, None):
                st = os.stat(name, dir_fd=inc, follow_symlinks=False)
                fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW, dir_fd=inc)
                os.fstat(fd)
                held = "%d.%09d~%s" % (st.st_ctime_ns // 10**9, st.st_ctime_ns % 10**9, name)
                os.rename(name, held, src_dir_fd=inc, dst_dir_fd=proc)
                record("S", held, st)
                data = os.read(fd, st.st_size + 1)
                record("I", held, st)
                t = ".p." + name
                out = os.open(t, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o640, dir_fd=tmp)
                os.write(out, data)
                os.utime(out, ns=(st.st_mtime_ns, st.st_mtime_ns))
                grant(out)
                os.fsync(out)
                os.close(out)
                move(t, tmp, name[:-5] + ".result.yaml", res)
                os.fsync(res)
                # The input is the daemon's own (its account wrote it): it
                # is stored as it is, made what a copy would be.
                out = os.open(held, os.O_RDONLY | os.O_NOFOLLOW, dir_fd=proc)
                os.fchmod(out, 0o640)
                rec = "%d:%s\nuid %d\nsha256 %s\n" % (len(name), name, os.geteuid(), "0" * 64)
                in_file = False
                try:
                    os.setxattr(out, "user.cairn.arrival", b"\0\1" + bytes([len(name)]) +
                                bytes(5) + struct.pack("<Iqi", os.geteuid(),
                                                       *divmod(st.st_ctime_ns, 10**9)) +
                                bytes(32))
                except OSError as e:
                    if e.errno not in (errno.ENOTSUP, errno.EOPNOTSUPP):
                        raise
                    in_file = True      # as cairnd: the record is a file
                os.fsync(out)
                os.close(out)
                if in_file:
                    out = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o640, dir_fd=arr)
                    os.write(out, rec.encode())
                    os.utime(out, ns=(st.st_ctime_ns, st.st_ctime_ns))
                    os.close(out)
                move(held, proc, name, done)
                os.close(fd)
        except OSError as e:
            failed.append(e)
            while q.get() is not None:  # let the writer finish
                pass

    ts = [threading.Thread(target=worker) for _ in range(threads)]
    for t in ts:
        t.start()
    for name in names:
        os.rename(name, name, src_dir_fd=stage_fd, dst_dir_fd=inc)
        q.put(name)
    for t in ts:
        q.put(None)
    for t in ts:
        t.join()
    for fd in (inc, proc, tmp, res, done, arr, journal, stage_fd):
        os.close(fd)
    if failed:
        raise SystemExit("dfs_bench: the protocol round through %s: %s" % (spool, failed[0]))


def protocol_round(a, b, names, threads, counted=None):
    """protocol_side through each mount at once, half the files each, as
    instances_round drops them; returns files/s."""
    for d in ("incoming", "results/" + OWNER, "done/%s/.arrival" % OWNER, "processing/pa/.tmp",
              "processing/pb/.tmp"):
        os.makedirs(os.path.join(a, d), exist_ok=True)
    t0 = now()
    at_once(lambda: protocol_side(a, "pa", names[0::2], threads),
            lambda: protocol_side(b, "pb", names[1::2], threads))
    by_b = set(x[:-5] for x in names[1::2])
    return round_end(a, b, len(names), t0, counted, lambda x: x in by_b)


def latency(a, b, samples, tag="lat"):
    out = []
    st = a + ".stage"
    for i in range(samples):
        name = "%s%04d.yaml" % (tag, i)
        with open(os.path.join(st, name), "w") as f:
            f.write("id: l\npiles: [%d, 2, 3]\n" % (i + 1))
        res = os.path.join(b, "results", OWNER, "%s%04d.result.yaml" % (tag, i))
        t0 = now()
        os.rename(os.path.join(st, name), os.path.join(a, "incoming", name))
        end = t0 + 30
        while not os.path.exists(res) and now() < end:
            time.sleep(0.002)
        out.append((now() - t0) * 1000)
    return out


def row(out, name, value, unit, baseline, base_value, ratio, target, status):
    with open(os.path.join(out, "summary.csv"), "a") as f:
        f.write('"%s","%s",%.1f,"%s","%s",%.1f,%.3f,"%s",%s\n'
                % (FS.section, name, value, unit, baseline, base_value, ratio, target, status))
    print("%-8s %-36s %10.1f %-8s %-26s %10.1f %7.3f %-13s %s"
          % (FS.section, name, value, unit, baseline, base_value, ratio, target, status))


def main():
    global FS, LOG_B
    kinds = {"gluster": Gluster, "ceph": Ceph}
    if len(sys.argv) < 7 or sys.argv[1] not in kinds:
        raise SystemExit(__doc__.split("\n\n")[1])
    FS = kinds[sys.argv[1]]()
    ma, mb, cairnd, plugins, out = sys.argv[2:7]
    quick = "--quick" in sys.argv
    n = 500 if quick else 2000
    rounds = 1 if quick else 3
    workers = 8
    sa, sb = os.path.join(ma, "spool"), os.path.join(mb, "spool")
    # made once, from one mount, before the instances start (cairnd(8))
    for d in ("incoming", "processing", "results", "done", "failed", "problems"):
        os.makedirs(os.path.join(sa, d), exist_ok=True)
    logs = {}
    procs = {}
    for x, s in (("a", sa), ("b", sb)):
        cfg = os.path.join(out, "%s-%s.yaml" % (FS.section, x))
        conf(cfg, s, x, plugins, workers)
        logs[x] = open(os.path.join(out, "%s-%s.log" % (FS.section, x)), "a")
        if x == "b":
            LOG_B = logs[x].name
        procs[x] = start(cairnd, cfg, logs[x])
    try:
        time.sleep(1.5)
        base, ours, floor, busy_b, busy_o, roles_cpu = [], [], [], [], [], []
        roles = who(procs.values())
        pa, pb = os.path.join(ma, "protocol"), os.path.join(mb, "protocol")
        for r in range(rounds):
            c0 = cpu()
            base.append(naive(os.path.join(ma, "naive"), n))
            busy_b.append(busy_since(c0))
            floor.append(protocol_round(pa, pb, stage(pa, None, "q%d_" % r, n), workers))
            names = stage(sa, sb, "g%d_" % r, n)
            c0, p0, t0 = cpu(), proc_cpu(roles), now()
            ours.append(instances_round(sa, sb, names))
            busy_o.append(busy_since(c0))
            roles_cpu.append(cpu_by_role(roles, p0, proc_cpu(roles), now() - t0))
        # One more round of each, counted by the servers (not timed),
        # while both instances run.
        fops = None
        if FS.begin():
            fb, fp, fo = [], [], []
            naive(os.path.join(ma, "naive"), n, fb)
            names = stage(pa, None, "p_", n)
            FS.take()
            protocol_round(pa, pb, names, workers, fp)
            names = stage(sa, sb, "p_", n)
            FS.take()
            instances_round(sa, sb, names, fo)
            FS.end()
            if fb[0] and fp[0] and fo[0]:
                fops = (FS.totals(fb[0]), FS.totals(fp[0]), FS.totals(fo[0]), FS.detail(fo[0]),
                        FS.detail(fp[0]))
        lat = latency(sa, sb, 10 if quick else 30)
        # Through a mount with no instance: b finds the files by its rescan.
        procs["a"].send_signal(signal.SIGTERM)
        procs["a"].wait(timeout=60)
        lone = latency(sa, sb, 5 if quick else 15, "lone")
    finally:
        for p in procs.values():
            p.send_signal(signal.SIGTERM)
        for p in procs.values():
            p.wait(timeout=60)
    with open(os.path.join(out, FS.section + ".csv"), "w") as f:
        f.write("round,naive_files_s,protocol_files_s,instances_files_s\n")
        for r in range(rounds):
            f.write("%d,%.1f,%.1f,%.1f\n" % (r, base[r], floor[r], ours[r]))
        f.write("\nsample,latency_ms\n")
        for i, v in enumerate(lat):
            f.write("%d,%.1f\n" % (i, v))
    nb, no, nf = statistics.median(base), statistics.median(ours), statistics.median(floor)
    row(out, "CPU busy during the naive loop", 100 * statistics.median(busy_b), "%",
        "all cores", 100, statistics.median(busy_b), "", "info")
    row(out, "CPU busy during two instances", 100 * statistics.median(busy_o), "%",
        "all cores", 100, statistics.median(busy_o), "", "info")
    for role in FS.role_order:
        v = [c[role] for c in roles_cpu if role in c]
        if v:
            row(out, "CPU of each %s, two instances" % role, statistics.median(v), "%",
                "one core", 100, statistics.median(v) / 100, "", "info")
    if fops is not None:
        for (what, b), (_, p), (_, o) in zip(*fops[:3]):
            b, p, o = b / n, p / n, o / n
            row(out, "%s per file, the protocol alone" % what, p, "ops",
                "naive publish loop", b, p / max(b, 1e-9), "", "info")
            row(out, "%s per file, two instances" % what, o, "ops",
                "the spool protocol alone", p, o / max(p, 1e-9),
                "<= 1.15" if what == FS.totals({})[0][0] else "",
                ("PASS" if o <= 1.15 * p else "MISS") if what == FS.totals({})[0][0] else "info")
        for side, d in (("the protocol alone", fops[4]), ("two instances", fops[3])):
            print("%s: %s per file (%s): " % (FS.section, FS.totals({})[0][0], side) +
                  " ".join("%s=%.2f" % (k, v / n) for k, v in sorted(d.items())))
    ratio = no / nb
    row(out, "two instances fsync=true files/s", no, "files/s",
        "naive publish loop fsync", nb, ratio, ">= 1",
        "PASS" if ratio >= 1.0 else "MISS")
    row(out, "the spool protocol alone, two mounts", nf, "files/s",
        "naive publish loop fsync", nb, nf / nb, "", "info")
    row(out, "two instances against the protocol alone", no, "files/s",
        "the spool protocol alone", nf, no / nf, ">= 0.9", "PASS" if no >= 0.9 * nf else "MISS")
    lat.sort()
    bound = RESCAN_S * 1000 + SETTLE_MS
    med, p99 = statistics.median(lat), lat[min(len(lat) - 1, int(len(lat) * 0.99))]
    row(out, "drop-to-result median across mounts", med, "ms",
        "rescan_s + settle_ms", bound, med / bound, "", "info")
    row(out, "drop-to-result max across mounts", lat[-1], "ms",
        "rescan_s + settle_ms + 1 s", bound + 1000, lat[-1] / (bound + 1000), "<= 1",
        "PASS" if lat[-1] <= bound + 1000 else "MISS")
    print("%s: p99 %.1f ms over %d samples" % (FS.section, p99, len(lat)))
    lone.sort()
    row(out, "drop-to-result median, no instance there", statistics.median(lone), "ms",
        "rescan_s + settle_ms", bound, statistics.median(lone) / bound, "", "info")
    row(out, "drop-to-result max, no instance there", lone[-1], "ms",
        "rescan_s + settle_ms + 1 s", bound + 1000, lone[-1] / (bound + 1000), "<= 1",
        "PASS" if lone[-1] <= bound + 1000 else "MISS")


if __name__ == "__main__":
    main()
