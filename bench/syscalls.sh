#!/bin/sh
# syscalls.sh - system calls per file of `cairnd --once`, counted by
# strace -f -c, for the `make bench` row (bench/README.md).
#
# Usage: syscalls.sh CAIRND PLUGIN_DIR WORK N one|many|new [fsync]
#   one   N one-puzzle CSV files of one owner, its directories made by
#         an earlier run (the steady state)
#   many  N files, each of another owner (a uid with no account, set
#         with chown, as root only), in the steady state: a running
#         cairnd that served a file of each owner before, strace
#         attached to it while it serves them (strace -f -c -p)
#   new   N files of N owners the spool has never seen (the first file
#         of each owner: its name looked up, its directories made)
# Prints "CALLS_PER_FILE TOTAL" on standard output: for one and new, the
# calls of `cairnd --once` over N files less those of the same run over
# none (start and stop), divided by N; for many, every call made while
# attached, divided by N.  Exit 77 when strace is missing, or when a case needs
# root and we are not.
set -u
cairnd=$1 plugins=$2 work=$3 n=$4 mode=$5 fsync=${6:-false}
command -v strace >/dev/null 2>&1 || { echo "strace not found" >&2; exit 77; }
# Absolute: the configuration names plugin_dir.
cairnd=$(cd "$(dirname "$cairnd")" && pwd)/$(basename "$cairnd") || exit 1
plugins=$(cd "$plugins" && pwd) || exit 1
[ "$mode" = one ] || [ "$(id -u)" = 0 ] || { echo "chown needs root" >&2; exit 77; }
spool=$work/spool
rm -rf "$work"
mkdir -p "$spool/incoming" "$work/stage" || exit 1
printf 'spool: %s\nplugin_dir: %s\ninstance: bench\nfsync: %s\nworkers: 1\n' \
	"$spool" "$plugins" "$fsync" >"$work/cairnd.yaml"

# stage PREFIX FIRST_UID: N files PREFIX0.csv... in stage/, owned by
# FIRST_UID, FIRST_UID+1... (mode many and new) or by us.
stage() {
	i=0
	while [ "$i" -lt "$n" ]; do
		printf '5,3,4,%d\n' "$((i % 97))" >"$work/stage/$1$i.csv"
		i=$((i + 1))
	done
	[ "$mode" = one ] && return 0
	i=0
	while [ "$i" -lt "$n" ]; do
		echo "$((i + $2)):$((i + $2)) $work/stage/$1$i.csv"
		i=$((i + 1))
	done | while read -r owner path; do chown "$owner" "$path"; done
}

# run WHAT: cairnd --once over what is in incoming/, under strace; the
# total of its calls.
run() {
	strace -f -c -o "$work/$1.strace" "$cairnd" -c "$work/cairnd.yaml" --once \
		>"$work/$1.log" 2>&1 || { echo "cairnd --once failed: $work/$1.log" >&2; exit 1; }
	awk '$NF == "total" { print $(NF - 2) }' "$work/$1.strace"
}

# many: a running daemon, warmed with a file of each owner, attached to.
if [ "$mode" = many ]; then
	stage w 70000
	mv "$work/stage/"* "$spool/incoming/" || exit 1
	"$cairnd" -c "$work/cairnd.yaml" >"$work/daemon.log" 2>&1 &
	pid=$!
	i=0
	until [ -z "$(ls "$spool/incoming")" ] && [ "$(ls "$spool/done" | wc -l)" -ge "$n" ]; do
		i=$((i + 1))
		[ "$i" -lt 600 ] || { kill "$pid"; echo "cairnd did not serve" >&2; exit 1; }
		sleep 0.1
	done
	sleep 1
	stage f 70000
	strace -f -c -o "$work/files.strace" -p "$pid" 2>"$work/strace.err" &
	spid=$!
	sleep 1
	mv "$work/stage/"* "$spool/incoming/" || exit 1
	i=0
	until [ -z "$(ls "$spool/incoming")" ] &&
	      [ "$(find "$spool/done" -name 'f*.csv' | wc -l)" -ge "$n" ]; do
		i=$((i + 1))
		[ "$i" -lt 1200 ] || break
		sleep 0.1
	done
	kill -INT "$spid"
	wait "$spid"
	kill "$pid"
	wait "$pid"
	awk -v n="$n" '$NF == "total" { printf "%.1f %d\n", $(NF - 2) / n, $(NF - 2) }' \
		"$work/files.strace"
	exit 0
fi
# one and new: the spool made and, for one, its owner's directories.
if [ "$mode" = one ]; then
	stage w 70000
	mv "$work/stage/"* "$spool/incoming/" || exit 1
fi
run warm >/dev/null
empty=$(run empty)
if [ "$mode" = new ]; then stage f 90000; else stage f 70000; fi
mv "$work/stage/"* "$spool/incoming/" || exit 1
total=$(run files)
[ -z "$(ls "$spool/incoming")" ] || { echo "files left in incoming/" >&2; exit 1; }
awk -v t="$total" -v e="$empty" -v n="$n" 'BEGIN { printf "%.1f %d\n", (t - e) / n, t }'
