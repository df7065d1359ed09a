# tests/clients: real clients (scp, sftp, rsync, curl and lftp to vsftpd,
# smbclient to smbd through a slow relay) delivering slowly, in place, into
# a real cairnd's spool on loopback; every result must be complete (doc/spool.md,
# "Handing a file in").  .ci/run runs it as root; it is not part of
# make check, since it installs and starts servers and takes about a minute.
EXTRA_DIST += tests/clients/clients.sh tests/clients/lib.sh \
	tests/clients/relay.py tests/clients/check.py
