#!/bin/sh
# quickstart.sh - the README's first command: install the build
# dependencies (Debian 12, as root), build cairn in this tree, and run the
# daemon once over a copy of the bundled example spool, telling what it did.
# The build's own output goes to a log, named on the first line.
set -eu
cd "$(dirname "$0")/.."
top=$(pwd)
log=${TMPDIR:-/tmp}/cairn-quickstart.log
: >"$log"
say() { echo "quickstart: $*"; }
# quiet WHAT CMD... - run CMD with its output in the log; on failure show
# the log's end and stop.
quiet() {
	what=$1
	shift
	echo "== $*" >>"$log"
	"$@" >>"$log" 2>&1 || {
		say "$what failed; the end of $log:"
		tail -n 30 "$log"
		exit 1
	}
}

say "the build's output goes to $log"
say "installing the build dependencies (apt-get, only what is missing)"
quiet "installing the dependencies" sh tests/deps.sh --build
say "building (autoreconf, configure, make)"
[ -x configure ] || quiet "autoreconf" autoreconf -fi
[ -f Makefile ] || quiet "configure" ./configure
quiet "make" make -j2
say "built src/cli/cairn, src/daemon/cairnd and the solver plugins:" \
	"$(cd plugins/.libs && ls -- *.so | sed 's/\.so$//' | tr '\n' ' ')"

spool=$(mktemp -d "${TMPDIR:-/tmp}/cairn-spool.XXXXXX")
cp -R examples/spool/. "$spool/"
cat >"$spool/cairnd.yaml" <<EOT
spool: $spool
plugin_dir: $top/plugins/.libs
problems_dir: $top/examples/class/problems
EOT
say "running cairnd --once on a copy of examples/spool in $spool"
say "incoming/ holds: $(ls "$spool/incoming" | tr '\n' ' ')"
say "the daemon's log, one line per event:"
echo
src/daemon/cairnd --once -c "$spool/cairnd.yaml"
echo
say "each input now has a result in results/OWNER/ (you are $(id -un)):"
for f in "$spool"/results/*/*.result.*; do
	echo
	echo "${f#"$spool"/}"
	case $f in
	*.csv)	cut -d, -f1,6-9 "$f" | sed 's/^/    /' ;;
	*)	# the summary, then each puzzle's feedback or error by its id
		awk '/^summary:/ { print "    " $0 }
		     /^  - id:/ { id = $3 }
		     /^    (feedback|error):/ { sub(/^    /, ""); print "    " id " " $0 }' "$f" ;;
	esac
done
echo
say "the whole results: ls -R $spool/results; the next steps: README.md, \"A tour\""
