#!/bin/sh
# tests/readme/tour.sh - run every command the README shows in a
# ```console block, in the README's order, in one shell at the top of the
# tree, and compare what each printed (stdout and stderr) and its exit
# status with what the README shows, so that the README cannot drift.
#
# Meant for a fresh Debian 12 machine, as root, right after the README's
# first Quick start command (tests/readme/fresh.sh gives it one: a new
# debootstrap'd root with a clone in /root/cairn).  The tour installs
# cairn under /usr/local and makes its spool there, so on a machine that
# already has that spool it skips (exit 77) rather than compare against
# results of earlier runs.
#
# In a console block, "$ CMD" is a command and the lines after it, up to
# the next command or the block's end, are its output.  A line "..."
# stands for any number of lines.  A comment "# exits N" at the end of a
# command is its exit status, else 0.  What differs from run to run is
# made equal on both sides before comparing: times (2026-12-02T19:05:38.737Z)
# and durations (ms=3.13).
#
# Environment: README (default: the README.md beside tests/), TOUR_WORK
# (a directory for the outputs; default a new one under /tmp).
# Prints "ok: N commands as the README shows them" or, for each command
# that differs, the command, what was expected and what came.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
readme=${README:-$top/README.md}
[ "$(id -u)" = 0 ] || { echo "SKIP: the tour runs make install: it needs root"; exit 77; }
if [ -e /usr/local/var/spool/cairn ]; then
	echo "SKIP: /usr/local/var/spool/cairn exists: not a machine fresh from the Quick start"
	exit 77
fi
work=${TOUR_WORK:-$(mktemp -d /tmp/cairn-tour.XXXXXX)}
mkdir -p "$work/expected" "$work/actual"

# The commands, as a script, and each one's expected output and status.
awk -v dir="$work" '
	function flush() { if (n) close(dir "/expected/" n) }
	/^```console$/ { inblock = 1; next }
	/^```/ && inblock { inblock = 0; flush(); next }
	!inblock { next }
	/^\$ / {
		flush()
		n++
		cmd = substr($0, 3)
		rc = 0
		if (match(cmd, /# exits [0-9]+$/))
			rc = substr(cmd, RSTART + 8) + 0
		printf "%s\n", cmd > (dir "/cmd." n)
		close(dir "/cmd." n)
		print rc > (dir "/rc." n)
		close(dir "/rc." n)
		printf "" > (dir "/expected/" n)
		next
	}
	n { print > (dir "/expected/" n) }
	END { print n > (dir "/count") }
' "$readme"
count=$(cat "$work/count")
[ "$count" -gt 0 ] || { echo "FAIL: no console block in $readme"; exit 1; }

script=$work/tour.run
: >"$script"
i=1
while [ "$i" -le "$count" ]; do
	{
		echo "{"
		cat "$work/cmd.$i"
		echo "} >'$work/actual/$i' 2>&1 </dev/null"
		echo "echo \$? >'$work/actual/rc.$i'"
	} >>"$script"
	i=$((i + 1))
done
(cd "$top" && sh "$script")

# normalize FILE - the file with what varies from run to run made equal
normalize() {
	sed -E -e 's/[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?Z/TIME/g' \
		-e 's/ms=[0-9.]+/ms=N/g' "$1"
}
# matches EXPECTED ACTUAL - every line of EXPECTED in ACTUAL in order, the
# lines between them only where EXPECTED has "...", nothing after the
# last unless it is "..."
matches() {
	awk -v ef="$1" 'BEGIN { while ((getline l < ef) > 0) e[++m] = l }
		{ a[++n] = $0 }
		END {
			j = 1; skip = 0
			for (i = 1; i <= m; i++) {
				if (e[i] == "...") { skip = 1; continue }
				while (skip && j <= n && a[j] != e[i]) j++
				if (j > n || a[j] != e[i]) exit 1
				j++; skip = 0
			}
			exit (skip || j > n) ? 0 : 1
		}' "$2"
}

failed=0
i=1
while [ "$i" -le "$count" ]; do
	normalize "$work/expected/$i" >"$work/e"
	normalize "$work/actual/$i" >"$work/a"
	want=$(cat "$work/rc.$i")
	got=$(cat "$work/actual/rc.$i" 2>/dev/null || echo none)
	if [ "$want" != "$got" ] || ! matches "$work/e" "$work/a"; then
		failed=$((failed + 1))
		echo "FAIL: command $i: $(cat "$work/cmd.$i")"
		echo "  exit status: README $want, ran $got"
		echo "  --- the README shows:"
		sed 's/^/  | /' "$work/expected/$i"
		echo "  --- it printed:"
		sed 's/^/  | /' "$work/actual/$i"
	fi
	i=$((i + 1))
done
if [ "$failed" -gt 0 ]; then
	echo "$failed of $count commands differ from the README (outputs in $work)"
	exit 1
fi
echo "ok: $count commands as the README shows them"
