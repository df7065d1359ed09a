#!/bin/sh
# tests/system/run.sh - cairn installed from its Debian package under a real
# systemd: the real-client test of doc/operating.md (issue 14).
#
# As root: builds cairn_*.deb and cairn-dev_*.deb from a clean copy of this
# tree (lintian must be silent), boots a systemd-nspawn container on a
# cached debootstrap'd Debian 12 (network: its own loopback only), installs
# the packages with `apt-get install ./cairn_*.deb` and checks the service
# end to end, one line per check (`ok: ...`, or `FAIL: ...` for the first
# that failed, which ends it).  Exit 0 when every check passed, 1 when one
# failed, 77 (with a message) where the machine cannot run it: not root,
# no apt, no writable cgroups, no debootstrap mirror, or nspawn cannot
# boot.  Not part of `make check`; .ci/run calls it.  About 3 minutes on
# 2 cores, plus a minute for the first debootstrap.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/system/lib.sh"

spool=/var/spool/cairn
conf=/etc/cairn/cairnd.yaml
work=$(mktemp -d /var/tmp/cairn-system.XXXXXX) || exit 99
# journal - the container's journal in $work/journal.txt, for the
# record of a run that passed or of the check that failed.
journal() {
	[ -n "${leader:-}" ] && [ -d "$work" ] || return 0
	ct journalctl -q -o short-monotonic >"$work/journal.txt" 2>&1
	[ "${CAIRN_SYSTEM_KEEP:-0}" = 1 ] && note "the container's journal is in $work/journal.txt"
	return 0
}
trap 'journal; sys_teardown' EXIT
trap 'exit 1' INT TERM

# --- helpers on the container's cairn -------------------------------------

prop() { ct systemctl show -P "$2" "$1"; }
mainpid() { prop cairnd.service MainPID; }
# drop USER HOW PREFIX FIRST LAST - USER writes PREFIX<i>.yaml for i in
# FIRST..LAST in their home and cp's or mv's it into incoming/.
drop() {
	# shellcheck disable=SC2016
	as "$1" sh -c 'how=$1 p=$2 i=$3
		while [ "$i" -le "$4" ]; do
			f=$p$i.yaml
			printf "puzzles:\n  - id: p\n    piles: [%s, 2, 3]\n" "$i" >"$f"
			if [ "$how" = cp ]; then cp "$f" /var/spool/cairn/incoming/ && rm "$f"
			else mv "$f" /var/spool/cairn/incoming/; fi || exit 1
			i=$((i + 1))
		done' sh "$2" "$3" "$4" "$5"
}
count() { ct sh -c "ls '$spool/$1' | grep -c -E '$2'"; }
# files DIR - how many files are under DIR of the spool (owners' directories)
files() { ct find "$spool/$1" -type f | wc -l; }
# done_n PREFIX N [OWNER] - N inputs PREFIX<i>.yaml in done/OWNER/ with
# their results in results/OWNER/ (OWNER: the account that dropped
# them, ann by default).
done_n() {
	[ "$(count "done/${3:-ann}" "^$1[0-9]+\.yaml\$")" -eq "$2" ] &&
	[ "$(count "results/${3:-ann}" "^$1[0-9]+\.result\.yaml\$")" -eq "$2" ]
}
# dup_done PREFIX - inputs PREFIX<i>.yaml stored twice in done/ (as
# PREFIX<i>.1.yaml); twice PREFIX - those, and those logged as processed
# more than once (after a crash a file may be processed again, never
# stored twice).  Empty when there is none.
dup_done() { ct sh -c "ls $spool/done/ann | grep -E '^$1[0-9]+\.[0-9]+\.yaml\$'"; }
twice() {
	dup_done "$1"
	ct sh -c "journalctl -q SYSLOG_IDENTIFIER=cairnd -o cat |
		grep -o 'msg=processed file=$1[0-9]*\.yaml ' | sort | uniq -d"
}
logged() { ct journalctl -q SYSLOG_IDENTIFIER=cairnd -o cat | grep -c -e "$1"; }
last_logged() { ct journalctl -q SYSLOG_IDENTIFIER=cairnd -o cat | grep -e "$1" | tail -1 | cut -c1-150; }
more_than() { [ "$(logged "$1")" -gt "$2" ]; }
active() { [ "$(prop cairnd.service ActiveState)" = active ]; }
restarted_from() { active && [ "$(prop cairnd.service NRestarts)" -gt "$1" ]; }
status_is() { [ "$(prop cairnd.service StatusText)" = "$1" ]; }
set_conf() { ct sh -c "cat >$conf"; }

# --- the checks -------------------------------------------------------------

check_install() {
	if ct sh -c 'cd /root/debs && DEBIAN_FRONTEND=noninteractive apt-get install -y ./cairn_*.deb ./cairn-dev_*.deb' \
		>"$work/install.log" 2>&1; then
		ok "apt-get install ./cairn_*.deb ./cairn-dev_*.deb (offline, dependencies from the base system)"
	else
		tail -20 "$work/install.log"
		fail "apt-get install ./cairn_*.deb ./cairn-dev_*.deb"
		return 1
	fi
	got=$(ct sh -c "getent passwd cairn | cut -d: -f1,6,7; cd $spool && stat -c '%n %a %U:%G' . incoming processing results done failed problems" | tr '\n' ' ')
	want="cairn:$spool:/usr/sbin/nologin . 755 cairn:cairn incoming 3733 cairn:cairn processing 750 cairn:cairn results 751 cairn:cairn done 750 cairn:cairn failed 750 cairn:cairn problems 755 cairn:cairn "
	if [ "$got" = "$want" ]; then
		ok "sysusers.d and tmpfiles.d: $got"
	else
		fail "account and spool: got '$got', want '$want'"
	fi
	pc=$(ct sh -c 'ls /usr/include/cairn/plugin.h /usr/lib/*/pkgconfig/cairn-plugin.pc /usr/share/pkgconfig/cairn-plugin.pc 2>/dev/null' | tr '\n' ' ')
	case $pc in
	*cairn-plugin.pc*) ok "cairn-dev installs $pc" ;;
	*plugin.h*) note "cairn-dev installs ${pc}(no cairn-plugin.pc: the build does not install one yet)" ;;
	*) fail "cairn-dev installs no SDK: '$pc'" ;;
	esac
	check "cairnd.service enabled by the package: $(ct systemctl is-enabled cairnd.service); cairnd-batch.timer left $(ct systemctl is-enabled cairnd-batch.timer)" \
		[ "$(ct systemctl is-enabled cairnd.service)/$(ct systemctl is-enabled cairnd-batch.timer)" = enabled/disabled ]
}

check_ready() {
	wait_until 20 active
	st=$(prop cairnd.service ActiveState)/$(prop cairnd.service SubState)
	ty=$(prop cairnd.service Type)
	t0=$(prop cairnd.service ExecMainStartTimestampMonotonic)
	t1=$(prop cairnd.service ActiveEnterTimestampMonotonic)
	if [ "$st" = active/running ] && [ "$ty" = notify ]; then
		ok "cairnd.service $st (Type=notify: active through READY=1, $(((t1 - t0) / 1000)) ms after exec)"
	else
		fail "cairnd.service is $st, Type=$ty"
	fi
}

check_users() {
	ct useradd -m -G cairn ann && ct useradd -m bob || { fail "useradd"; return 1; }
	drop ann cp anncp 1 2 && drop ann mv annmv 1 2 && drop bob cp bob 1 1 ||
		{ fail "drops by ann and bob"; return 1; }
	if wait_until 30 done_n anncp 2 && wait_until 30 done_n annmv 2 && wait_until 30 done_n bob 1 bob; then
		ok "ann (group cairn) dropped 2 files with cp and 2 with mv, bob (not in it) 1 with cp: all processed"
	else
		fail "drops not processed: $(ct ls $spool/incoming $spool/results | tr '\n' ' ')"
	fi
	r=$(as ann sh -c "sed -n 's/^status: //p' $spool/results/ann/anncp1.result.yaml $spool/results/ann/annmv2.result.yaml $spool/results/bob/bob1.result.yaml; ls $spool/done/ann | grep -c '^ann'; ls $spool/results $spool/failed >/dev/null && echo listed" 2>&1 | tr '\n' ' ')
	check "ann (group cairn) reads results/ann/ and results/bob/ (status: $r) and lists results/, done/ and failed/" [ "$r" = "ok ok ok 4 listed " ]
	r=$(as bob sh -c "sed -n 's/^status: //p' $spool/results/bob/bob1.result.yaml; ls $spool/results/bob" 2>&1 | tr '\n' ' ')
	check "bob (not in group cairn) reads and lists his own results/bob/ (by ACL): $r" [ "$r" = "ok bob1.result.yaml " ]
	denied=0
	for what in "ls $spool/results" "cat $spool/results/ann/anncp1.result.yaml" "ls $spool/results/ann" \
		"ls $spool/done" "ls $spool/failed" "ls $spool/incoming"; do
		if as bob sh -c "$what" >"$work/bob.out" 2>&1; then
			fail "bob (not in group cairn) could: $what"
		elif grep -q 'Permission denied' "$work/bob.out"; then
			denied=$((denied + 1))
		fi
	done
	check "bob (not in group cairn) gets Permission denied for results/, ann's results and results/ann/, done/, failed/ and incoming/ ($denied of 6)" [ $denied -eq 6 ]
}

# check_submit - an owner outside the group, carol, hands in with cairn
# submit --wait (her first submission: results/carol/ is not there yet)
# and gets her result; she reads results/carol/ and nobody else's; while
# the service is stopped, her file waits 0640 in the group cairn and a
# third account, dave, cannot read it.
check_submit() {
	ct useradd -m carol && ct useradd -m dave || { fail "useradd carol dave"; return 1; }
	as carol sh -c 'printf "puzzles:\n  - id: c\n    piles: [5, 3, 4, 5]\n    expect: {diff: 1}\n" >hw1.yaml'
	r=$(ct sh -c "test -e $spool/results/carol && echo there")
	out=$(as carol cairn submit --wait --timeout 60 hw1.yaml 2>&1); rc=$?
	if [ $rc -eq 0 ] && [ -z "$r" ] && echo "$out" | grep -qx "==> $spool/results/carol/hw1.result.yaml <==" &&
		echo "$out" | grep -qx '    verdict: correct'; then
		ok "carol (not in group cairn), first submission: cairn submit --wait exit 0, printed $(echo "$out" | sed -n 2p) with verdict: correct"
	else
		fail "carol's cairn submit --wait: exit $rc, results/carol before: '$r', output: $(echo "$out" | head -5 | tr '\n' ' ')"
	fi
	r=$(as carol sh -c "cat $spool/results/carol/hw1.result.yaml >/dev/null && ls $spool/results/carol" 2>&1 | tr '\n' ' ')
	check "carol reads and lists results/carol/: $r" [ "$r" = "hw1.result.yaml " ]
	denied=0
	for what in "ls $spool/results" "cat $spool/results/ann/anncp1.result.yaml" "ls $spool/results/bob" \
		"cat $spool/results/bob/bob1.result.yaml"; do
		if as carol sh -c "$what" >"$work/carol.out" 2>&1; then
			fail "carol could: $what"
		elif grep -q 'Permission denied' "$work/carol.out"; then
			denied=$((denied + 1))
		fi
	done
	check "carol gets Permission denied for results/, ann's and bob's results and results/bob/ ($denied of 4)" [ $denied -eq 4 ]
	ct systemctl stop cairnd.service
	as carol sh -c 'umask 077; printf "puzzles:\n  - id: w\n    piles: [1, 2]\n" >wait.yaml && cairn submit wait.yaml' >/dev/null
	m=$(ct stat -c '%a %U:%G' $spool/incoming/wait.yaml)
	if as dave cat $spool/incoming/wait.yaml >"$work/dave.out" 2>&1; then
		fail "dave could read carol's waiting file ($m)"
	else
		check "a file carol handed in with cairn submit waits as $m; dave cannot read it: $(head -1 "$work/dave.out")" \
			[ "$m" = "640 carol:cairn" ]
	fi
	ct systemctl start cairnd.service
	wait_until 20 active
	check "carol's waiting file is processed once the service is back" \
		wait_until 30 ct test -f $spool/done/carol/wait.yaml
}

check_status() {
	if wait_until 5 status_is "processed 5, failed 0, queued 0, running 0"; then
		ok "STATUS= in systemctl status: \"$(prop cairnd.service StatusText)\""
	else
		fail "StatusText is \"$(prop cairnd.service StatusText)\", want \"processed 5, failed 0, queued 0, running 0\""
	fi
}

check_unreadable() {
	# shellcheck disable=SC2016
	ct runuser -u bob -- sh -c 'umask 077; cd; printf "puzzles:\n  - id: s\n    piles: [1, 2]\n" >secret.yaml &&
		mv secret.yaml /var/spool/cairn/incoming/' || { fail "bob's 0600 drop"; return 1; }
	storage0=$(logged 'msg="storage error"')
	t0=$(now_ms)
	drop ann cp many 1 100
	if wait_until 60 done_n many 100 && wait_until 10 ct test -f $spool/failed/bob/secret.yaml; then
		why=$(ct sed -n 's/^error: //p; s/^ *message: //p' $spool/results/bob/secret.result.yaml | head -1)
		ok "a 0600 file went to failed/ ($why) and 100 others were processed in $(($(now_ms) - t0)) ms"
	else
		fail "0600 file and 100 others: $(count done/ann '^many') of 100 done, secret.yaml in: $(ct find $spool -name 'secret*' | tr '\n' ' ')"
	fi
	s=$(logged 'msg="storage error"')
	check "no storage error or backoff for the 0600 file ($((s - storage0)) logged)" [ "$s" -eq "$storage0" ]
	# Leave no stalled file behind for the later checks.
	if [ -n "$(ct find $spool/incoming $spool/processing -name secret.yaml)" ]; then
		note "removing the stalled secret.yaml and restarting cairnd.service"
		ct find $spool/incoming $spool/processing -name secret.yaml -delete
		ct systemctl restart cairnd.service
		wait_until 20 active
	fi
}

# check_reload - `systemctl reload cairnd` returns once the reload is
# done (the daemon's answer is there when it returns) and fails when the
# new configuration was refused; the daemon then serves on with the one
# it had: a file dropped afterwards is solved with solver linear, which
# only the good reload chose.
answer() { ct cat "/run/cairn/cairnd.$1.reload" 2>/dev/null | sed -n 's/^result=//p'; }
solver_of() { ct sed -n 's/^    solver: //p' "$spool/results/ann/$1.result.yaml" | head -1; }
check_reload() {
	ct cp $conf /root/cairnd.yaml.good
	pid=$(mainpid)
	before=$(solver_of anncp1)
	ct sed 's/^solver: auto$/solver: linear/' /root/cairnd.yaml.good >"$work/linear.yaml"
	{ cat "$work/linear.yaml"; echo "workers: 1"; } | set_conf
	out=$(ct systemctl reload cairnd.service 2>&1); rc=$?
	a=$(answer "$pid")
	text=$(prop cairnd.service StatusText)
	drop ann cp rel 1 1
	if [ $rc -eq 0 ] && [ "$a" = ok ] && wait_until 20 done_n rel 1 && [ "$(solver_of rel1)" = linear ] &&
		[ "$(mainpid)" = "$pid" ] && wait_until 10 more_than 'msg=reloaded.* workers=1 solver=linear' 0; then
		ok "systemctl reload with a good configuration: exit 0, answered ($a) when it returned, StatusText \"$text\"; $(last_logged msg=reloaded); same PID $pid; rel1.yaml solved by linear (before: $before)"
	else
		fail "systemctl reload with a good configuration: exit $rc ($out), answer '$a', PID $pid -> $(mainpid), rel1 solver '$(solver_of rel1)': $(last_logged 'msg=reload')"
	fi
	{ cat "$work/linear.yaml"; echo "workers: many"; } | set_conf
	out=$(ct systemctl reload cairnd.service 2>&1); rc=$?
	a=$(answer "$pid")
	st=$(prop cairnd.service ActiveState)
	text=$(prop cairnd.service StatusText)
	drop ann cp rel 2 2
	if [ $rc -ne 0 ] && [ "$a" = refused ] && [ "$st" = active ] &&
		wait_until 10 more_than 'msg="reload refused"' 0 &&
		wait_until 20 done_n rel 2 && [ "$(solver_of rel2)" = linear ] && active && [ "$(mainpid)" = "$pid" ]; then
		ok "systemctl reload with a bad configuration: exit $rc ($(echo "$out" | head -1)), answered ($a) when it returned; $(last_logged 'msg="reload refused"'); still $st, same PID, rel2.yaml solved by linear (the configuration kept)"
	else
		fail "systemctl reload with a bad configuration: exit $rc, answer '$a', state $st, PID $pid -> $(mainpid), rel2 solver '$(solver_of rel2)': $(last_logged 'msg="reload')"
	fi
	want="reload refused, running configuration kept: $conf: line $(($(wc -l <"$work/linear.yaml") + 1)), column 10: workers: \"many\" is not a whole number from 1 to 1024"
	check "the refusal in StatusText when systemctl reload returned: \"$text\"" [ "$text" = "$want" ]
	ct cp /root/cairnd.yaml.good $conf
	check "systemctl reload with the configuration of before: exit 0" ct systemctl reload cairnd.service
}

check_batch_beside_service() {
	drop ann cp beside 1 50
	ct systemctl start cairnd-batch.service
	res=$(prop cairnd-batch.service Result)
	st=$(prop cairnd-batch.service ActiveState)
	if wait_until 30 done_n beside 50 && [ -z "$(twice beside)" ] && [ "$st" != failed ]; then
		ok "cairnd-batch.service started beside the running service: $st, Result=$res ($(ct journalctl -q -u cairnd-batch.service -o cat | grep 'leaves the spool' | tail -1)); 50 files processed once each"
	else
		fail "batch beside the service: $st, Result=$res, $(count done/ann '^beside') of 50 done, twice: $(twice beside | tr '\n' ' ')"
	fi
	# The daemon's own guard: a second daemon with the same instance
	# refuses to start (doc/spool.md), whatever the units do.
	out=$(ct runuser -u cairn -- cairnd --once -c $conf 2>&1); rc=$?
	if [ $rc -eq 75 ] && ! echo "$out" | grep -q 'msg=started' &&
		echo "$out" | grep -q -w "$(mainpid)"; then
		ok "cairnd --once beside the service refuses to start, exit 75: $(echo "$out" | tail -1 | cut -c1-200)"
	else
		fail "cairnd --once beside the service: exit $rc, $(echo "$out" | grep -c 'msg=started') msg=started lines; want exit 75 before starting, naming the holder (PID $(mainpid)) (the instance lock, doc/spool.md): $(echo "$out" | tail -1 | cut -c1-200)"
	fi
}

check_batch_instead() {
	ct systemctl stop cairnd.service
	drop ann cp night 1 5
	as ann sh -c "printf 'puzzles: [\n' >broken.yaml && mv broken.yaml $spool/incoming/"
	r0=$(prop cairnd.service NRestarts)
	# Both at once: the service's start waits for the batch run (After=).
	ct systemctl start --no-block cairnd-batch.service
	ct systemctl start cairnd.service
	bst=$(prop cairnd-batch.service ExecMainStatus)
	bres=$(prop cairnd-batch.service Result)
	bend=$(prop cairnd-batch.service ExecMainExitTimestampMonotonic)
	sst=$(prop cairnd.service ExecMainStartTimestampMonotonic)
	if [ "$bst" = 65 ] && [ "$bres" = success ] && [ "$(prop cairnd-batch.service ActiveState)" = inactive ] &&
		done_n night 5 && ct test -f $spool/failed/ann/broken.yaml; then
		ok "cairnd-batch.service with a malformed file: exit 65, Result=success, unit inactive (not failed); 5 processed, broken.yaml in failed/"
	else
		fail "batch run: exit $bst, Result=$bres, $(prop cairnd-batch.service ActiveState); $(count done/ann '^night') of 5 done"
	fi
	if [ "$bend" -gt 0 ] && [ "$sst" -ge "$bend" ] && active && [ "$(prop cairnd.service NRestarts)" = "$r0" ]; then
		ok "cairnd.service started together with the batch waited for it: started $(((sst - bend) / 1000)) ms after the batch ended, no restart"
	else
		fail "service start beside a batch: batch ended at $bend, service exec at $sst, NRestarts $r0 -> $(prop cairnd.service NRestarts)"
	fi
	ct systemctl enable --now cairnd-batch.timer >/dev/null 2>&1
	check "cairnd-batch.timer enabled: $(ct systemctl is-enabled cairnd-batch.timer), $(prop cairnd-batch.timer ActiveState), next $(ct systemctl list-timers cairnd-batch.timer --no-legend | awk '{print $1, $2, $3}')" \
		[ "$(prop cairnd-batch.timer ActiveState)" = active ]
}

check_bad_start() {
	{ ct cat /root/cairnd.yaml.good; echo "bogus_key: 1"; } | set_conf
	ct systemctl restart cairnd.service 2>/dev/null
	sleep 30	# what must not happen is a restart: wait the time of six
	r="$(prop cairnd.service ActiveState) $(prop cairnd.service Result) $(prop cairnd.service ExecMainStatus) $(prop cairnd.service NRestarts)"
	if [ "$r" = "failed exit-code 78 0" ]; then
		ok "bad configuration at start, 30 s later: ActiveState=failed Result=exit-code ExecMainStatus=78 NRestarts=0 ($(last_logged 'bad configuration'))"
	else
		fail "bad configuration at start, 30 s later: ActiveState Result ExecMainStatus NRestarts = $r, want failed exit-code 78 0"
	fi
	ct cp /root/cairnd.yaml.good $conf
	ct systemctl reset-failed cairnd.service
	ct systemctl start cairnd.service
	check "good configuration back: cairnd.service $(prop cairnd.service ActiveState)" active
}

# check_kill SIGNAL PREFIX - drop 40 files, send SIGNAL to the daemon at
# once, then wait for systemd to bring it back and every file to be done.
check_kill() {
	r0=$(prop cairnd.service NRestarts)
	pid=$(mainpid)
	t0=$(now_ms)
	drop ann cp "$2" 1 40 && ct kill -"$1" "$pid"
	if wait_until 90 restarted_from "$r0" && wait_until 30 done_n "$2" 40 && [ -z "$(dup_done "$2")" ]; then
		ok "$3: PID $pid -> $(mainpid), NRestarts $r0 -> $(prop cairnd.service NRestarts) after $(($(now_ms) - t0)) ms; 40/40 inputs in done/ once, with results"
	else
		fail "$3: NRestarts $r0 -> $(prop cairnd.service NRestarts), $(prop cairnd.service ActiveState), $(count done/ann "^$2") of 40 done, left: $(ct find $spool/incoming $spool/processing -type f | tr '\n' ' ')"
	fi
}

check_priorities() {
	ct journalctl -q SYSLOG_IDENTIFIER=cairnd -o export >"$work/journal.export"
	r=$(awk '
		/^PRIORITY=/ { p = substr($0, 10) }
		/^MESSAGE=/ { m = substr($0, 9) }
		/^$/ {
			if (m != "") {
				n++
				lv = m; sub(/^level=/, "", lv); sub(/ .*/, "", lv)
				want = lv == "error" ? 3 : lv == "warning" ? 4 : lv == "info" ? 6 : lv == "debug" ? 7 : -1
				if (want != p || m ~ /^</ || m ~ /(^| )ts=/) { bad++; if (!ex) ex = p " " m }
				seen[p]++
			}
			p = ""; m = ""
		}
		END { printf "%d %d 3=%d 4=%d 6=%d 7=%d %s", n, bad, seen[3], seen[4], seen[6], seen[7], ex }' "$work/journal.export")
	# shellcheck disable=SC2086
	set -- $r
	# Debug lines are rare (a file gone before it was read, a backoff), so
	# only error, warning and info must have been seen.
	if [ "$1" -gt 0 ] && [ "$2" -eq 0 ] && [ "${3#3=}" -gt 0 ] && [ "${4#4=}" -gt 0 ] &&
		[ "${5#6=}" -gt 0 ]; then
		ok "journald PRIORITY of $1 cairnd lines matches level= (error, warning, info, debug: $3 $4 $5 $6), no <N> or ts= left in MESSAGE"
	else
		fail "journald PRIORITY: $r"
	fi
}

check_remove() {
	ct sh -c 'DEBIAN_FRONTEND=noninteractive apt-get remove -y cairn-dev cairn' >"$work/remove.log" 2>&1 ||
		{ tail "$work/remove.log"; fail "apt-get remove cairn-dev cairn"; return 1; }
	st="$(prop cairnd.service ActiveState) $(prop cairnd-batch.timer ActiveState)"
	procs=$(ct pgrep -x cairnd | tr '\n' ' ')
	d="apt-get remove cairn: cairnd.service and cairnd-batch.timer $st, no cairnd process '$procs', spool kept ($(files results) results)"
	if [ "$st" = "inactive inactive" ] && [ -z "$procs" ] && [ "$(files results)" -gt 0 ]; then ok "$d"; else fail "$d"; fi
	ct sh -c 'DEBIAN_FRONTEND=noninteractive apt-get purge -y cairn' >"$work/purge.log" 2>&1 ||
		{ tail "$work/purge.log"; fail "apt-get purge cairn"; return 1; }
	left=$(ct sh -c "test -e /etc/cairn && echo /etc/cairn; dpkg-query -W -f='\${db:Status-Abbrev}' cairn 2>/dev/null | grep -v '^un'")
	d="apt-get purge cairn: /etc/cairn and the package's record gone ('$left'); the spool that holds files is kept: $(files results) results, $(files done) in done/, $(files failed) in failed/"
	if [ -z "$left" ] && [ "$(files results)" -gt 0 ] && [ "$(files done)" -gt 0 ]; then ok "$d"; else fail "$d"; fi
	# An empty spool (the daemon's own dot files aside) goes with a purge.
	ct find $spool -type f ! -name '.*' -delete
	ct sh -c 'cd /root/debs && DEBIAN_FRONTEND=noninteractive apt-get install -y ./cairn_*.deb' >"$work/install2.log" 2>&1
	wait_until 20 active
	state=$(ct find $spool -name '.*' -type f | tr '\n' ' ')
	ct sh -c 'DEBIAN_FRONTEND=noninteractive apt-get purge -y cairn' >"$work/purge2.log" 2>&1
	check "reinstalled, then purged with an empty spool (daemon state: $state): /var/spool/cairn removed" \
		ct test ! -e $spool
}

# --- run ---------------------------------------------------------------------

started=$(date +%s)
sys_preflight
sys_build || exit 1
sys_rootfs
sys_boot
if check_install; then
	check_ready
	check_users
	check_status
	check_submit
	check_unreadable
	check_reload
	check_batch_beside_service
	check_batch_instead
	check_bad_start
	check_kill STOP wd "watchdog (SIGSTOP, WatchdogSec=30s)"
	check_kill KILL k9 "kill -9"
	check_priorities
	check_remove
fi
echo "system test: $nok ok, $(($(date +%s) - started)) s"
