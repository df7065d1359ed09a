#!/bin/sh
# doc/spool.md, "Fairness and memory": owners take turns, and max_queued_per_owner bounds
# one owner's files in the daemon's queue.
#
# 1. Owner A (uid 60001) drops 5,000 files, then owner B (uid 60002) one,
#    while the daemon is stopped, so that it learns of all of them before
#    it takes any: B's file is taken in B's first turn, not behind A's
#    backlog (the order of the processed lines, not time).  The files are
#    made in a staging directory beside the spool, chowned, then renamed
#    in (a rename keeps the owner); the accounts need not exist.
# 2. max_queued_per_owner: 10 and 200 files of one owner under --once:
#    every file processed exactly once, the owner's queue (the debug line
#    of each file taken) never above 10, and, since the daemon lists
#    incoming/ again once the owner's queue is down to half, never run dry
#    while its files still wait in incoming/.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

[ "$(id -u)" -eq 0 ] || { echo "skip: chown to other uids needs root"; exit 77; }

# processed NAME: the file names of the log's processed lines, in order.
processed() {
	sed -n 's/.* msg=processed file=\([^ ]*\) .*/\1/p' "$T/$1.log"
}

# --- 1. B's one file against A's 5,000 ---
NA=5000
mkdir -p "$SPOOL/incoming" "$T/stage/a" "$T/stage/b"
i=0
while [ $i -lt $NA ]; do
	printf 'piles: [%d, 1, 2]\n' $i >"$T/stage/a/a$i.yaml"
	i=$((i + 1))
done
printf 'piles: [5, 3, 4, 5]\n' >"$T/stage/b/b.yaml"
chown -R 60001 "$T/stage/a"
chown -R 60002 "$T/stage/b"
write_conf "$T/c.yaml" "workers: 1" "fsync: false" "keep_inputs: false" "rescan_s: 86400"
start_daemon d "$T/c.yaml"
wait_for 20 log_has d "msg=started" || fail "daemon did not start"
kill -STOP "$LAST_PID"
mv "$T/stage/a/"* "$SPOOL/incoming/"
mv "$T/stage/b/b.yaml" "$SPOOL/incoming/"
kill -CONT "$LAST_PID"
wait_for 170 sh -c "[ \$(grep -c 'msg=processed file=' '$T/d.log') -ge $((NA + 1)) ]" ||
	fail "only $(log_count d 'msg=processed file=') of $((NA + 1)) processed"
kill -TERM "$LAST_PID"
wait_exit "$LAST_PID" 30
[ "$STATUS" -eq 0 ] || fail "exit status $STATUS"
processed d >"$T/order"
[ "$(wc -l <"$T/order")" -eq $((NA + 1)) ] || fail "processed lines: $(wc -l <"$T/order")"
[ -z "$(sort "$T/order" | uniq -d)" ] || fail "processed twice: $(sort "$T/order" | uniq -d | head -3)"
at=$(grep -nx 'b.yaml' "$T/order" | cut -d: -f1)
[ -n "$at" ] || fail "b.yaml not processed"
before=$((at - 1))
after=$((NA + 1 - at))
# Nothing ran when B's file came: it waits for at most A's one turn (and
# the job the pool queues beside the worker's).
[ "$after" -ge 4000 ] || fail "b.yaml came after $before of A's files; only $after of them after it"
[ "$before" -le 2 ] || fail "b.yaml waited for $before of A's files"
[ "$(count_files "$SPOOL/incoming")" -eq 0 ] || fail "incoming/ not empty"

# --- 2. max_queued_per_owner: 10, 200 files, --once ---
rm -rf "$SPOOL"
NQ=200
mkdir -p "$SPOOL/incoming" "$T/stage/q"
i=0
while [ $i -lt $NQ ]; do
	printf 'piles: [%d, 2]\n' $i >"$T/stage/q/q$i.yaml"
	i=$((i + 1))
done
chown -R 60003 "$T/stage/q"
mv "$T/stage/q/"* "$SPOOL/incoming/"
write_conf "$T/q.yaml" "workers: 1" "fsync: false" "keep_inputs: false" \
	"max_queued_per_owner: 10" "log_level: debug"
STATUS=0
"$CAIRND" -c "$T/q.yaml" --once >"$T/q.log" 2>&1 || STATUS=$?
[ "$STATUS" -eq 0 ] || fail "--once exit status $STATUS"
processed q >"$T/qorder"
[ "$(wc -l <"$T/qorder")" -eq $NQ ] || fail "--once processed $(wc -l <"$T/qorder") of $NQ"
[ -z "$(sort "$T/qorder" | uniq -d)" ] || fail "processed twice: $(sort "$T/qorder" | uniq -d | head -3)"
[ "$(count_files "$SPOOL/incoming")" -eq 0 ] || fail "incoming/ not empty after --once"
sed -n 's/.* msg=taking file=[^ ]* uid=60003 uid_queued=\([0-9]*\) queued=\([0-9]*\)$/\1 \2/p' \
	"$T/q.log" >"$T/taken"
[ "$(wc -l <"$T/taken")" -eq $NQ ] || fail "taking lines: $(wc -l <"$T/taken") of $NQ"
most=$(sort -n "$T/taken" | tail -n 1 | cut -d' ' -f1)
[ "$most" -eq 10 ] || fail "the owner's queue held at most $most, not 10"
awk '$2 > 10 { exit 1 }' "$T/taken" || fail "queued above 10: $(sort -k2 -n "$T/taken" | tail -n 1)"
# Refilled at half, one loop iteration away: only the last files of the
# backlog are taken from a queue of one.
dry=$(grep -c '^1 ' "$T/taken" || true)
[ "$dry" -le 2 ] || fail "the owner's queue ran dry $dry times while its files waited"
echo "ok: b.yaml after $before of A's $NA files ($after after it); $NQ files under max_queued_per_owner 10, most queued $most, dry $dry"
