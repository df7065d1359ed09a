#!/bin/sh
# quickstart.sh - the README's first command: install the dependencies
# (Debian 12, as root), build cairn, and run the daemon once over a copy
# of the bundled example spool, showing what it did.
set -eu
cd "$(dirname "$0")/.."
top=$(pwd)
sh tests/deps.sh --build
[ -x configure ] || autoreconf -fi
[ -f Makefile ] || ./configure
make -j2 >/dev/null
echo "quickstart: built src/daemon/cairnd, src/cli/cairn and the solver plugins"

spool=$(mktemp -d "${TMPDIR:-/tmp}/cairn-spool.XXXXXX")
cp -R examples/spool/. "$spool/"
cat > "$spool/cairnd.yaml" <<EOT
spool: $spool
plugin_dir: $top/plugins/.libs
problems_dir: $top/examples/class/problems
EOT
echo "quickstart: cairnd --once on $spool (incoming: $(ls "$spool/incoming" | tr '\n' ' '))"
echo
src/daemon/cairnd --once -c "$spool/cairnd.yaml"
echo
echo "quickstart: results in $spool/results/ (one directory per owner):"
ls -lR "$spool/results"
for f in "$spool"/results/*/*.result.*; do
	echo
	echo "==> $f <=="
	cat "$f"
done
