#!/bin/sh
# e2e - the autograder folders end to end, in a fresh Debian 12 root file
# system (the system test's cached debootstrap root, tests/system/lib.sh),
# laid out as each system lays out its container:
#
#   Gradescope    the zip of contrib/gradescope/make-zip.sh unpacked in
#                 /autograder/source, setup.sh run there (apt fetches the
#                 build packages from the root's mirror: the only network
#                 use), run_autograder copied to /autograder and run with
#                 no network for each submission in /autograder/submission
#                 (with a submission_metadata.json, its due date
#                 Gradescope's, for the late one);
#   PrairieLearn  cairn as contrib/prairielearn's Dockerfile builds it
#                 (the same build-cairn.sh), the set in /grade/tests, the
#                 answers in /grade/student, the entry point run with no
#                 network;
#
# each /autograder/results/results.json and /grade/results/results.json
# is then validated against the system's schema and compared with the
# expected files of tests/autograder/data/expected (the outputs
# `cairn grade --format` gives in make check).  Run by .ci/run as an
# optional step, as root; exit 77 with a message where debootstrap, the
# mirror or the namespaces are missing.  About 3 minutes with the cached
# root.  CAIRN_SYSTEM_CACHE and CAIRN_SYSTEM_MIRROR as for the system
# test; CAIRN_SYSTEM_KEEP=1 keeps the work directory.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
here=$top/tests/autograder
data=$here/data
. "$top/tests/system/lib.sh"

[ "$(id -u)" = 0 ] || { echo "SKIP: the autograder end-to-end test needs root (chroot, debootstrap)"; exit 77; }
[ "$(uname -s)" = Linux ] || { echo "SKIP: not Linux"; exit 77; }
command -v apt-get >/dev/null 2>&1 || { echo "SKIP: no apt-get (not Debian)"; exit 77; }
git -C "$top" rev-parse --git-dir >/dev/null 2>&1 ||
	{ echo "SKIP: $top is not a git checkout: the zip carries its tracked files"; exit 77; }
python3 -c 'import jsonschema' 2>/dev/null ||
	sh "$top/tests/deps.sh" --only python3 python3-jsonschema >/dev/null 2>&1
python3 -c 'import jsonschema' 2>/dev/null ||
	{ echo "SKIP: python3 with the jsonschema module (Debian python3-jsonschema) is needed"; exit 77; }
if ! command -v debootstrap >/dev/null 2>&1; then
	{ DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap; } \
		>/dev/null 2>&1 || { echo "SKIP: debootstrap is not installed and cannot be"; exit 77; }
fi
unshare --net true 2>/dev/null ||
	{ echo "SKIP: unshare --net fails here: grading cannot run without network"; exit 77; }

work=$(mktemp -d /var/tmp/cairn-autograder.XXXXXX)
root=$work/root
# sys_teardown - unmount what this test mounted, then (only then) remove
# the work directory; lib.sh's skip() calls it too.
sys_teardown() {
	if [ -n "${root:-}" ] && mountpoint -q "$root/proc" 2>/dev/null; then
		umount "$root/proc" 2>/dev/null || umount -l "$root/proc"
	fi
	if [ -n "${root:-}" ] && mountpoint -q "$root/proc" 2>/dev/null; then
		note "$root/proc is still mounted: keeping $work"
	elif [ "${CAIRN_SYSTEM_KEEP:-0}" = 1 ]; then
		note "kept $work"
	else
		rm -rf "$work"
	fi
}
trap 'sys_teardown' EXIT
trap 'exit 1' INT TERM
t0=$(now_ms)

# inroot CMD... - run CMD in the root, in a clean environment
inroot() {
	chroot "$root" env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		LANG=C.UTF-8 HOME=/root "$@"
}
# offline CMD... - the same without network (a network namespace of its own)
offline() {
	unshare --net chroot "$root" env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		LANG=C.UTF-8 HOME=/root "$@"
}
# results SYSTEM FILE EXPECTED - FILE is valid for SYSTEM's schema and
# equal to the expected file of that name
results() {
	if python3 "$here/validate.py" "$here/$1.schema.json" "$2" >"$work/v" 2>&1; then
		ok "$1: $(basename "$3" ".$1.json"): results.json valid for $1.schema.json"
	else
		fail "$1: $(cat "$work/v")"
	fi
	if cmp -s "$data/expected/$3" "$2"; then
		ok "$1: results.json is expected/$3, byte for byte"
	else
		diff -u "$data/expected/$3" "$2"
		fail "$1: results.json differs from expected/$3"
	fi
}

sys_rootfs || skip "cannot make the Debian 12 root in $sys_cache"
cp -a "$sys_cache/bookworm" "$root" || skip "cannot copy the root to $root"
[ -c "$root/dev/null" ] || skip "the root has no /dev/null (debootstrap made no devices)"
mount -t proc proc "$root/proc" || skip "cannot mount proc in the root"
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null
note "root ready in $(($(now_ms) - t0)) ms (apt's sources: $(cat "$root/etc/apt/sources.list" 2>/dev/null | head -1))"

# Gradescope: the zip as an instructor builds it, unpacked where Gradescope unpacks it.
sh "$top/contrib/gradescope/make-zip.sh" -o "$work/autograder.zip" --set hw \
	"$data/problems/hw.yaml" "$data/problems/open.yaml" >/dev/null || skip "make-zip.sh failed"
mkdir -p "$root/autograder/source" "$root/autograder/submission" "$root/autograder/results"
python3 -m zipfile -e "$work/autograder.zip" "$root/autograder/source/" || skip "cannot unpack the zip"
t1=$(now_ms)
if inroot bash /autograder/source/setup.sh >"$work/setup.log" 2>&1; then
	ok "gradescope: setup.sh installed the build packages and cairn in $(($(now_ms) - t1)) ms: $(inroot cairn --version)"
else
	tail -30 "$work/setup.log"
	fail "gradescope: setup.sh (log above)"
fi
cp "$root/autograder/source/run_autograder" "$root/autograder/run_autograder"
chmod 755 "$root/autograder/run_autograder"

# gradescope SUBMISSION EXPECTED [CREATED_AT] - one submission graded
gradescope() {
	rm -rf "$root/autograder/submission" "$root/autograder/results" \
		"$root/autograder/submission_metadata.json"
	mkdir -p "$root/autograder/submission" "$root/autograder/results"
	cp "$data/submissions/$1" "$root/autograder/submission/"
	[ -z "${3:-}" ] || printf '{"id": 7, "created_at": "%s", "assignment": {"title": "hw", "due_date": "2027-03-01T04:00:00.000000-08:00", "late_due_date": null}, "users": [], "previous_submissions": []}\n' \
		"$3" >"$root/autograder/submission_metadata.json"
	if offline sh -c 'cd /autograder && exec ./run_autograder' >"$work/run.log" 2>&1; then
		ok "gradescope: run_autograder on $1, no network: exit 0 ($(grep -c . "$work/run.log") lines of stdout)"
	else
		cat "$work/run.log"
		fail "gradescope: run_autograder on $1"
	fi
	results gradescope "$root/autograder/results/results.json" "$2"
}
gradescope correct.yaml correct.gradescope.json
gradescope correct.yaml late.gradescope.json 2027-03-02T06:00:00.365935-07:00
gradescope broken.yaml broken.gradescope.json

# PrairieLearn: the image's entry point, the set in the question's tests/.
# prairielearn SUBMISSION EXPECTED - one submission graded
prairielearn() {
	rm -rf "$root/grade"
	mkdir -p "$root/grade/tests" "$root/grade/student" "$root/grade/data"
	cp "$data/problems/hw.yaml" "$root/grade/tests/"
	cp "$data/submissions/$1" "$root/grade/student/"
	echo '{}' >"$root/grade/data/data.json"
	# The arrival is the clock there: fixed before hw's due time.
	if offline CAIRN_RECEIVED=2027-03-01T11:00:00Z /usr/local/bin/cairn-prairielearn >"$work/run.log" 2>&1; then
		ok "prairielearn: cairn-prairielearn on $1, no network: exit 0"
	else
		cat "$work/run.log"
		fail "prairielearn: cairn-prairielearn on $1"
	fi
	results prairielearn "$root/grade/results/results.json" "$2"
}
prairielearn wrong.yaml wrong.prairielearn.json
prairielearn puzzles.yaml puzzles.prairielearn.json
prairielearn missing.yaml missing.prairielearn.json

echo "autograder e2e: $nok passed in $(($(now_ms) - t0)) ms"
