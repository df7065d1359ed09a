# accounts.sh - throwaway accounts for the tests that need another user
# (sourced, not run: tests/daemon/lib.sh and tests/dfs/exactly_once.sh).
# The caller defines cleanup(), which the exit trap runs first.

# make_accounts NAME...: throwaway accounts, each with a group of its own,
# removed with their groups at exit.  Skips (77) where accounts cannot be
# made (not root, no useradd or setpriv, useradd failing).
make_accounts() {
	command -v useradd >/dev/null && command -v setpriv >/dev/null ||
		{ echo "SKIP: no useradd or setpriv"; exit 77; }
	[ "$(id -u)" -eq 0 ] || { echo "SKIP: not root, cannot make accounts"; exit 77; }
	ACCOUNTS=""
	trap 'cleanup; remove_accounts' EXIT INT TERM
	_err=$(mktemp)
	for _a in "$@"; do
		i=0
		# useradd fails while another one holds the lock on /etc/passwd.
		until useradd -M -r -U -s /usr/sbin/nologin "$_a" 2>"$_err"; do
			i=$((i + 1))
			[ "$i" -lt 20 ] || { echo "SKIP: useradd $_a: $(cat "$_err")"; rm -f "$_err"; exit 77; }
			sleep 0.2
		done
		ACCOUNTS="$ACCOUNTS $_a"
	done
	rm -f "$_err"
}

remove_accounts() {
	for _a in $ACCOUNTS; do
		userdel "$_a" 2>/dev/null || true
		groupdel "$_a" 2>/dev/null || true
	done
}

