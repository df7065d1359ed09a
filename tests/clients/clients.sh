#!/bin/sh
# clients.sh - only complete files, with the clients users deliver files
# with (doc/spool.md, "Handing a file in"; issue 21).
#
# sshd, vsftpd and smbd run on 127.0.0.1 only, started here by hand with
# their own configuration and state under a temporary directory
# (tests/clients/lib.sh), for a throwaway account whose files land in the
# spool's incoming/ of a real cairnd (settle_ms 500, rescan_s 5, workers 2).
# Six clients then deliver, at the same time, each four files in place,
# slowly: a YAML and a CSV input of 800 puzzles (about 600 and 470 KB)
# and of 1200 puzzles (910 and 700 KB):
#   scp -l 800 and sftp -l 800 (kbit/s, 100 kB/s), rsync --inplace
#   --bwlimit=100 over ssh, curl --limit-rate 100k and lftp net:limit-rate
#   100000 to vsftpd, and smbclient put through tests/clients/relay.py,
#   which paces the upload to 100 kB/s (smbclient has no rate option).
# Each file takes 4.5 to 11 s to arrive.  Then every result must be complete:
# the same puzzles as `cairn solve` of the whole input (a YAML result with
# status ok), no NAME.1 split of an input in done/, failed/ or results/,
# and nothing left in incoming/ or processing/.  Prints one line per
# client (client=scp files=4 complete=4 sent_in_s=5.0-9.3: the shortest
# and longest delivery) and, for each result that is
# not, what it holds against what it should.
#
# CL_CONTROL=1 starts cairnd only once every client is done, so that it
# finds each file complete: what a daemon that waits for complete files
# must give; a failure then is the test's or the client's, not cairnd's.
#
# Root only; installs the servers and clients with tests/deps.sh.  Exits 0
# when every result is complete, 1 when one is not, 77 (with the reason)
# when it cannot run or a server could not start (the clients of the
# other servers still run, and their failures still fail).  Not part of
# make check (it installs servers and takes about a minute); .ci/run runs
# it.  From the top of a built tree:  sh tests/clients/clients.sh
set -eu
top_builddir=$(cd "${top_builddir:-.}" && pwd)
top_srcdir=$(cd "${top_srcdir:-$(dirname "$0")/../..}" && pwd)
export top_builddir top_srcdir
: "${CAIRN_PLUGIN_DIR_BUILD:=$top_builddir/plugins/.libs}"
export CAIRN_PLUGIN_DIR_BUILD
[ -x "$top_builddir/src/daemon/cairnd" ] && [ -x "$top_builddir/src/cli/cairn" ] ||
	{ echo "FAIL: build cairn first (top_builddir=$top_builddir)" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || { echo "SKIP: clients.sh starts servers and makes an account: root only"; exit 77; }

PATH="$PATH:/usr/sbin:/sbin"
tools="sshd ssh scp sftp ssh-keygen rsync vsftpd curl lftp smbd smbclient smbpasswd
	useradd chpasswd python3 ps timeout"
missing() {
	for t in $tools; do
		command -v "$t" >/dev/null 2>&1 || return 0
	done
	return 1
}
if missing; then
	sh "$top_srcdir/tests/deps.sh" --only openssh-server openssh-client rsync vsftpd \
		curl samba smbclient lftp python3 python3-yaml passwd procps coreutils ||
		{ echo "SKIP: tests/deps.sh could not install the servers and clients"; exit 77; }
fi
python3 -c 'import yaml' 2>/dev/null || { echo "SKIP: python3-yaml is needed"; exit 77; }

# The daemon's helpers (write_conf, start_daemon, wait_for, fail, ...);
# AS_OTHER puts $T under /tmp, where the account can reach it.
AS_OTHER=1
. "$top_srcdir/tests/daemon/lib.sh"
. "$top_srcdir/tests/clients/lib.sh"
IN="$SPOOL/incoming"
JOBS=""
finish() {
	# all of it, whatever fails, and not cut short by a second signal
	trap '' INT TERM HUP
	set +e
	for p in $JOBS; do
		cl_kill_tree "$p"
	done
	cl_stop_all
	cl_remove_account
	[ -z "$CL_RUNSSHD" ] || rmdir /run/sshd 2>/dev/null || true
	cleanup
}
trap finish EXIT
trap 'exit 1' INT TERM HUP

RATE_KBIT=800		# scp, sftp: -l is in kbit/s
RATE_K=100		# rsync --bwlimit, curl --limit-rate: KiB/s
RATE_B=100000		# lftp, the relay: bytes/s
CLIENTS="scp sftp rsync curl lftp smbclient"

# The inputs, as in issue 21's reproduction with 150 piles a puzzle:
# gen FILE COUNT writes COUNT puzzles, as YAML or CSV by FILE's name.
mkdir -p "$T/src" "$T/want" "$IN"
chmod 755 "$T" "$SPOOL"
chmod 1777 "$IN"
gen() {
	python3 - "$1" "$2" <<'PY'
import sys
name, count = sys.argv[1], int(sys.argv[2])
yaml = name.endswith(".yaml")
with open(name, "w") as f:
    if yaml:
        f.write("puzzles:\n")
    for k in range(1, count + 1):
        piles = [str((k * 7 + j * 13) % 1000) for j in range(150)]
        if yaml:
            f.write("- {id: p%d, piles: [%s]}\n" % (k, ", ".join(piles)))
        else:
            f.write(",".join(piles) + "\n")
PY
}
# count_of TAG: the puzzle count of an input, by its tag (ys, cs: 800; yb, cb: 1200).
count_of() {
	case $1 in
	?s) echo 800 ;;
	?b) echo 1200 ;;
	esac
}
for k in ys cs yb cb; do
	case $k in y?) ext=yaml ;; *) ext=csv ;; esac
	(cd "$T/src" && gen "$k.$ext" "$(count_of $k)")
	(cd "$T/src" && "$CAIRN" solve --plugin-dir "$CAIRN_PLUGIN_DIR_BUILD" "$k.$ext") \
		>"$T/want/$k.$ext" || fail "cairn solve $k.$ext"
done
chmod 644 "$T/src"/*

# The servers.  One that cannot start skips its clients, with the reason.
: >"$T/why"
cl_account || { echo "SKIP: useradd: $(cat "$T/useradd.err")"; exit 77; }
SKIPPED=""
cl_sshd || SKIPPED="$SKIPPED scp sftp rsync"
cl_vsftpd || SKIPPED="$SKIPPED curl lftp"
cl_smbd "$RATE_B" || SKIPPED="$SKIPPED smbclient"
if [ -n "$SKIPPED" ]; then
	echo "clients: a server did not start; skipping:$SKIPPED" >&2
	sed 's/^/  /' "$T/why" >&2
fi

write_conf "$T/cairnd.yaml" "workers: 2" "settle_ms: 500" "rescan_s: 5" "keep_inputs: true"
daemon() {
	start_daemon cairnd "$T/cairnd.yaml"
	DAEMON=$LAST_PID
	wait_for 20 log_has cairnd "msg=started" || fail "cairnd did not start"
}
[ -n "${CL_CONTROL:-}" ] || daemon

# deliver CLIENT SOURCE NAME: one file into incoming/NAME, in place,
# slowly; each client given 120 s at most.
deliver() {
	to="timeout 120"
	at="$CL_USER@127.0.0.1"
	case $1 in
	scp)
		# shellcheck disable=SC2046
		$to scp $(ssh_opts) -P "$SSH_PORT" -l "$RATE_KBIT" "$2" "$at:$IN/$3" ;;
	sftp)
		echo "put $2 $IN/$3" >"$T/sftp-$3.batch"
		# shellcheck disable=SC2046
		$to sftp $(ssh_opts) -P "$SSH_PORT" -l "$RATE_KBIT" -b "$T/sftp-$3.batch" "$at" ;;
	rsync)
		$to rsync --inplace --bwlimit="$RATE_K" -e "ssh $(ssh_opts) -p $SSH_PORT" \
			"$2" "$at:$IN/$3" ;;
	curl)
		$to curl -sS --limit-rate "${RATE_K}k" -T "$2" --user "$CL_USER:$CL_PASS" \
			"ftp://127.0.0.1:$FTP_PORT/$3" ;;
	lftp)
		$to lftp -u "$CL_USER,$CL_PASS" -p "$FTP_PORT" -e "set ftp:ssl-allow no; \
set net:limit-rate $RATE_B; set xfer:use-temp-file no; put $2 -o $3; quit" 127.0.0.1 ;;
	smbclient)
		$to smbclient -s "$T/smb.conf" -p "$SMB_RELAY_PORT" //127.0.0.1/spool \
			-U "$CL_USER%$CL_PASS" -c "put $2 $3" ;;
	esac
}

# client NAME: its four files, one after the other; for each, a line
# "FILE RC SECONDS" in $T/NAME.sent.
client() {
	for k in ys cs yb cb; do
		case $k in y?) ext=yaml ;; *) ext=csv ;; esac
		t0=$(date +%s.%N)
		rc=0
		deliver "$1" "$T/src/$k.$ext" "$1-$k.$ext" </dev/null >"$T/client-$1-$k.log" 2>&1 || rc=$?
		echo "$1-$k.$ext $rc $(echo "$t0 $(date +%s.%N)" | awk '{ printf "%.1f", $2 - $1 }')" \
			>>"$T/$1.sent"
	done
}

RUN=""
for c in $CLIENTS; do
	case " $SKIPPED " in *" $c "*) continue ;; esac
	RUN="$RUN $c"
done
[ -n "$RUN" ] || { echo "SKIP: no server started"; exit 77; }
echo "clients: delivering with:$RUN"
for c in $RUN; do
	client "$c" &
	JOBS="$JOBS $!"
done
for p in $JOBS; do
	wait "$p" || true
done
JOBS=""
[ -z "${CL_CONTROL:-}" ] || daemon

# result_of NAME: the current result of incoming/NAME, wherever the
# results of its owner are kept (results/ or results/OWNER/).
result_of() {
	find "$SPOOL/results" -path '*/history' -prune -o -type f \
		-name "${1%.*}.result.${1##*.}" -print 2>/dev/null | head -n 1
}
# settled: nothing left in incoming/ or processing/, a result for each file sent.
settled() {
	[ -z "$(find "$IN" -mindepth 1 | head -n 1)" ] || return 1
	for d in "$SPOOL"/processing/*/; do
		[ ! -d "$d" ] || [ -z "$(left_in_processing "${d%/}")" ] || return 1
	done
	for c in $RUN; do
		while read -r f rc _; do
			[ "$rc" -ne 0 ] || [ -n "$(result_of "$f")" ] || return 1
		done <"$T/$c.sent"
	done
}
wait_for 90 settled || echo "clients: not settled after 90 s; judging what is there" >&2
kill -TERM "$DAEMON"
wait_exit "$DAEMON" 60

# The verdicts: one line per client, then each file that is not complete.
# A delivery that failed is judged too (today's rsync fails when the file
# it wrote was taken from under it) and counts as not complete.
BAD=0
: >"$T/detail"
# verdict CLIENT FILE TAG: "complete", or what incoming/FILE's result is.
verdict() {
	r=$(result_of "$2")
	[ -n "$r" ] || { echo "no result"; return; }
	v=$(python3 "$top_srcdir/tests/clients/check.py" "$(count_of "$3")" "$T/want/$3.${2##*.}" "$r") ||
		{ echo "$v"; return; }
	split=$(find "$SPOOL/done" "$SPOOL/failed" "$SPOOL/results" -name "${2%.*}.1.*" 2>/dev/null | head -n 1)
	[ -z "$split" ] || { echo "split: ${split#"$SPOOL"/} beside the result"; return; }
	echo complete
}
for c in $RUN; do
	files=0
	complete=0
	undelivered=0
	while read -r f rc secs; do
		files=$((files + 1))
		k=${f#"$c"-}
		k=${k%.*}
		v=$(verdict "$c" "$f" "$k")
		if [ "$rc" -ne 0 ]; then
			undelivered=$((undelivered + 1))
			echo "  client=$c $f: delivery failed (exit $rc after $secs s): $(tail -n 2 "$T/client-$c-$k.log" | tr '\n' ' ')" >>"$T/detail"
		elif [ "$v" = complete ]; then
			complete=$((complete + 1))
			continue
		fi
		echo "  client=$c $f (sent in $secs s): expected $(count_of "$k") puzzles, complete; got: $v" >>"$T/detail"
	done <"$T/$c.sent"
	extra=""
	[ "$undelivered" -eq 0 ] || extra=" delivery_failed=$undelivered"
	secs=$(awk '{ print $3 }' "$T/$c.sent" | sort -n | sed -n '1p;$p' | paste -sd-)
	echo "client=$c files=$files complete=$complete$extra sent_in_s=$secs"
	[ "$complete" -eq "$files" ] || BAD=1
done
cat "$T/detail"
left=$(find "$IN" -mindepth 1 | sed "s|^$SPOOL/||")
[ -z "$left" ] || { echo "  left in incoming/: $left" | tr '\n' ' '; echo; BAD=1; }
for d in "$SPOOL"/processing/*/; do
	[ -d "$d" ] || continue
	left=$(left_in_processing "${d%/}" | sed "s|^$SPOOL/||")
	[ -z "$left" ] || { echo "  left in processing/: $left" | tr '\n' ' '; echo; BAD=1; }
done
if [ "$BAD" -ne 0 ]; then
	echo "FAIL: results incomplete (above; the daemon's log: $T/cairnd.log with KEEP=1)" >&2
	grep -E 'level=(warn|error)|msg=(processed|claimed)' "$T/cairnd.log" | tail -n 20 >&2 || true
	exit 1
fi
if [ -n "$SKIPPED" ]; then
	echo "SKIP: every result complete, but not checked:$SKIPPED (a server did not start)"
	exit 77
fi
echo "clients: every result complete"
