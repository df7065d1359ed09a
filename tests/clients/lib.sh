# Helpers for tests/clients/clients.sh (sourced, not run): a throwaway
# account, and sshd, vsftpd, smbd and a slow relay started by hand, as
# root, on 127.0.0.1 only, each with its configuration, pid file, log and
# state under $T and on a free high port; never the system's configuration
# or service.  Every process started here is recorded with its pid in
# $CL_PIDS and stopped, with what it forked, by cl_stop_all.
#
# Needs from the caller: $T (the test's directory, searchable by the
# account), $IN (the spool's incoming/, writable by the account).

CL_PIDS=""
CL_USER=""
CL_PASS="cl-$$-pw"
CL_RUNSSHD=""

# cl_free_port: a TCP port free on 127.0.0.1 now (the server that takes it
# may still lose a race with another program: the starts retry).
cl_free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# cl_listening PORT: something accepts connections on 127.0.0.1:PORT.
cl_listening() {
	python3 -c 'import socket, sys; socket.create_connection(("127.0.0.1", int(sys.argv[1])), 1).close()' "$1" 2>/dev/null
}

# cl_tree PID: PID and all its descendants, parents first.
cl_tree() {
	echo "$1"
	for c in $(ps -o pid= --ppid "$1" 2>/dev/null); do
		cl_tree "$c"
	done
}

# cl_kill_tree PID: TERM to PID and what it forked, KILL to what is left
# after 5 s.  Only processes this test started are named.
cl_kill_tree() {
	tree=$(cl_tree "$1")
	# shellcheck disable=SC2086
	kill -TERM $tree 2>/dev/null || true
	n=0
	while [ $n -lt 50 ]; do
		alive=""
		for p in $tree; do
			kill -0 "$p" 2>/dev/null && alive="$alive $p"
		done
		[ -n "$alive" ] || break
		sleep 0.1
		n=$((n + 1))
	done
	# shellcheck disable=SC2086
	[ -z "$alive" ] || kill -KILL $alive 2>/dev/null || true
	wait "$1" 2>/dev/null || true
}

# cl_start NAME COMMAND...: run COMMAND in the background, output in
# $T/NAME.log, its pid in $CL_PID and recorded for cl_stop_all.
cl_start() {
	name=$1
	shift
	"$@" >"$T/$name.log" 2>&1 &
	CL_PID=$!
	CL_PIDS="$CL_PIDS $CL_PID"
}

# cl_stop PID: stop one process started by cl_start, and its children.
cl_stop() {
	cl_kill_tree "$1"
	rest=""
	for p in $CL_PIDS; do
		[ "$p" = "$1" ] || rest="$rest $p"
	done
	CL_PIDS=$rest
}

cl_stop_all() {
	for p in $CL_PIDS; do
		cl_kill_tree "$p"
	done
	CL_PIDS=""
}

# cl_up NAME PORT: wait up to 20 s for the server just started ($CL_PID)
# to listen on PORT; fails, and stops it, if it exits or never listens.
cl_up() {
	n=0
	while [ $n -lt 200 ]; do
		kill -0 "$CL_PID" 2>/dev/null || break
		cl_listening "$2" && return 0
		sleep 0.1
		n=$((n + 1))
	done
	cl_stop "$CL_PID"
	echo "$1 did not start on port $2: $(tail -n 3 "$T/$1.log" | tr '\n' ' ')" >>"$T/why"
	return 1
}

# cl_account: a throwaway account, name in $CL_USER, home $T/home, shell
# /bin/sh (rsync runs `rsync --server` through it), password $CL_PASS
# (FTP and SMB log in with it; sshd refuses a locked account).  Removed
# by cl_remove_account.
cl_account() {
	CL_USER="cairnc$$"
	n=0
	# useradd fails while another one holds the lock on /etc/passwd.
	until useradd -M -r -d "$T/home" -s /bin/sh "$CL_USER" 2>"$T/useradd.err"; do
		n=$((n + 1))
		[ $n -lt 20 ] || { CL_USER=""; return 1; }
		sleep 0.2
	done
	mkdir -p "$T/home"
	chown "$CL_USER:" "$T/home"
	echo "$CL_USER:$CL_PASS" | chpasswd
}

cl_remove_account() {
	[ -z "$CL_USER" ] || userdel "$CL_USER" 2>/dev/null || true
	CL_USER=""
}

# cl_sshd: sshd on a free port ($SSH_PORT), host key and the client key
# ($SSH_KEY) generated here, only $CL_USER let in, with that key.
cl_sshd() {
	mkdir -p "$T/ssh"
	ssh-keygen -q -t ed25519 -N '' -f "$T/ssh/host" || return 1
	ssh-keygen -q -t ed25519 -N '' -f "$T/ssh/client" || return 1
	cp "$T/ssh/client.pub" "$T/ssh/authorized_keys"
	chmod 644 "$T/ssh/authorized_keys"
	SSH_KEY="$T/ssh/client"
	# sshd's privilege separation directory, compiled in; removed at the
	# end if this test made it.
	if [ ! -d /run/sshd ]; then
		mkdir -m 755 /run/sshd && CL_RUNSSHD=1
	fi
	for try in 1 2 3; do
		SSH_PORT=$(cl_free_port)
		cat >"$T/sshd_config" <<EOF
Port $SSH_PORT
ListenAddress 127.0.0.1
HostKey $T/ssh/host
PidFile $T/sshd.pid
AuthorizedKeysFile $T/ssh/authorized_keys
AllowUsers $CL_USER
UsePAM no
StrictModes no
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin no
Subsystem sftp internal-sftp
LogLevel VERBOSE
EOF
		cl_start sshd "$(command -v sshd)" -f "$T/sshd_config" -D -e
		cl_up sshd "$SSH_PORT" && return 0
	done
	return 1
}

# ssh_opts: what every ssh, scp, sftp and rsync -e here says: this key,
# no configuration, no known_hosts, no question asked.
ssh_opts() {
	echo "-F /dev/null -i $SSH_KEY -o IdentitiesOnly=yes -o BatchMode=yes" \
		"-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR"
}

# cl_vsftpd: vsftpd on a free port ($FTP_PORT), passive ports next to it,
# $CL_USER logging in with $CL_PASS and landing in $IN.
cl_vsftpd() {
	mkdir -p "$T/vsftpd-empty"
	chmod 755 "$T/vsftpd-empty"
	for try in 1 2 3; do
		FTP_PORT=$(cl_free_port)
		pasv=$(cl_free_port)
		cat >"$T/vsftpd.conf" <<EOF
listen=YES
listen_ipv6=NO
listen_address=127.0.0.1
listen_port=$FTP_PORT
background=NO
anonymous_enable=NO
local_enable=YES
write_enable=YES
local_umask=022
local_root=$IN
pasv_enable=YES
pasv_address=127.0.0.1
pasv_min_port=$pasv
pasv_max_port=$((pasv + 20))
connect_from_port_20=NO
secure_chroot_dir=$T/vsftpd-empty
seccomp_sandbox=NO
isolate=NO
isolate_network=NO
pam_service_name=vsftpd
userlist_enable=NO
ssl_enable=NO
xferlog_enable=YES
vsftpd_log_file=$T/vsftpd-xfer.log
EOF
		cl_start vsftpd vsftpd "$T/vsftpd.conf"
		cl_up vsftpd "$FTP_PORT" && return 0
	done
	return 1
}

# cl_smbd: smbd on a free port ($SMB_PORT), every directory it keeps
# under $T/smb, one share "spool" on $IN for $CL_USER; and the relay
# ($SMB_RELAY_PORT) that paces uploads to it to $1 bytes/s.
cl_smbd() {
	S=$T/smb
	mkdir -p "$S/private" "$S/lock" "$S/state" "$S/cache" "$S/pid" "$S/ncalrpc" "$S/binddns"
	for try in 1 2 3; do
		SMB_PORT=$(cl_free_port)
		cat >"$T/smb.conf" <<EOF
[global]
server role = standalone server
interfaces = 127.0.0.1
bind interfaces only = yes
smb ports = $SMB_PORT
disable netbios = yes
private dir = $S/private
lock directory = $S/lock
state directory = $S/state
cache directory = $S/cache
pid directory = $S/pid
ncalrpc dir = $S/ncalrpc
binddns dir = $S/binddns
log file = $T/smbd-log.%m
max log size = 0
passdb backend = tdbsam
map to guest = never
load printers = no
printing = bsd
printcap name = /dev/null
disable spoolss = yes
rpc start on demand helpers = no
usershare max shares = 0

[spool]
path = $IN
read only = no
valid users = $CL_USER
create mask = 0644
EOF
		printf '%s\n%s\n' "$CL_PASS" "$CL_PASS" |
			smbpasswd -c "$T/smb.conf" -s -a "$CL_USER" >"$T/smbpasswd.log" 2>&1 || {
			echo "smbpasswd -a failed: $(cat "$T/smbpasswd.log")" >>"$T/why"
			return 1
		}
		# In a process group of its own (no --no-process-group): smbd
		# ends its children with a TERM to its whole group at exit.
		cl_start smbd smbd --foreground -s "$T/smb.conf"
		cl_up smbd "$SMB_PORT" && break
		[ "$try" -lt 3 ] || return 1
	done
	rm -f "$T/relay.port"
	cl_start relay python3 "$top_srcdir/tests/clients/relay.py" "$SMB_PORT" "$1" "$T/relay.port"
	n=0
	until [ -s "$T/relay.port" ]; do
		n=$((n + 1))
		if [ $n -ge 100 ] || ! kill -0 "$CL_PID" 2>/dev/null; then
			echo "the relay did not start: $(cat "$T/relay.log")" >>"$T/why"
			return 1
		fi
		sleep 0.1
	done
	SMB_RELAY_PORT=$(cat "$T/relay.port")
}
