#!/bin/sh
# installcheck.sh BINDIR PKGCONFIGDIR - `make installcheck` for the SDK:
# build examples/plugin (a copy, in a temporary directory) with nothing
# but the installed cairn-plugin.pc and header, then check with the
# installed cairn that the plugin loads (cairn plugins lists it) and
# solves the worked examples of examples/spool, first move and line included.
set -eu
bindir=$1
pcdir=$2
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cairn-sdk.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

PKG_CONFIG_PATH="$pcdir${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
export PKG_CONFIG_PATH
pkg-config --exists cairn-plugin || { echo "installcheck: cairn-plugin.pc not found in $pcdir" >&2; exit 1; }
test -d "$(pkg-config --variable=plugindir cairn-plugin)" ||
	{ echo "installcheck: plugindir $(pkg-config --variable=plugindir cairn-plugin) does not exist" >&2; exit 1; }
mkdir "$tmp/src" "$tmp/plugins"
cp "$here/memo.c" "$here/Makefile" "$tmp/src/"
# A make of its own, not a part of the one that runs this (no jobserver to share).
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$tmp/src"
cp "$tmp/src/memo.so" "$tmp/plugins/memo.so"
chmod 644 "$tmp/plugins/memo.so"
: > "$tmp/empty.yaml"

"$bindir/cairn" plugins -c "$tmp/empty.yaml" --plugin-dir "$tmp/plugins" > "$tmp/list"
awk 'NR == 2 { print $1, $2 }' "$tmp/list" > "$tmp/got"
echo "memo 1" | cmp -s - "$tmp/got" || { echo "installcheck: cairn plugins: $(cat "$tmp/list")" >&2; exit 1; }

while read -r piles want; do
	"$bindir/cairn" solve -c "$tmp/empty.yaml" --plugin-dir "$tmp/plugins" \
		--solver memo --moves --piles "$piles" > "$tmp/out"
	got=$(sed -n 's/^    \(solver\|diff\|alice\|bob\|alice_wins\|first_move\|moves\): //p' "$tmp/out" | tr '\n' ' ')
	got=${got% }
	[ "$got" = "$want" ] || { echo "installcheck: memo on $piles: $got, expected $want" >&2; exit 1; }
done <<EOT
5,3,4,5 memo 9 8 1 true left LRRL
1,2,3 memo 4 2 2 true right RRL
3,9,1,2 memo 11 4 7 true right RLLL
1,100,3 memo 4 100 -96 false left LLL
EOT
echo "installcheck: the example plugin builds against the installed SDK, loads and solves"
