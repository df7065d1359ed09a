#!/bin/sh
# make-zip.sh [-o ZIP] [--set NAME] [--dates gradescope|set] SET.yaml... -
# build the zip to upload as a Gradescope autograder: setup.sh and
# run_autograder at its root, problems/ holding the problem sets given,
# problem_set naming the one set it grades (with --set; without, a
# submission may answer any of them), dates saying whose due and close
# count (with --dates: gradescope, the default, takes Gradescope's due
# and late due dates, a student's extension included; set, the set's
# own), and cairn/ the source tree setup.sh builds (the files git
# tracks, as they are in the working tree, or every file of a release
# tree that is no git checkout).  ZIP defaults to autograder.zip.
# Needs python3 (its zipfile module keeps the scripts executable).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd -P)
zip=autograder.zip
set=
dates=
while [ $# -gt 0 ]; do
	case $1 in
	-o) zip=$2; shift 2 ;;
	--set) set=$2; shift 2 ;;
	--dates) dates=$2; shift 2 ;;
	-*) echo "usage: make-zip.sh [-o ZIP] [--set NAME] [--dates gradescope|set] SET.yaml..." >&2; exit 64 ;;
	*) break ;;
	esac
done
[ $# -gt 0 ] || { echo "make-zip.sh: no problem set given" >&2; exit 64; }
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir "$stage/problems" "$stage/cairn"
for f in "$@"; do
	case $f in
	*.yaml) cp "$f" "$stage/problems/" ;;
	*) echo "make-zip.sh: $f: a problem set is a NAME.yaml file" >&2; exit 64 ;;
	esac
done
if [ -n "$set" ]; then
	[ -f "$stage/problems/$set.yaml" ] ||
		{ echo "make-zip.sh: --set $set: no $set.yaml among the sets" >&2; exit 64; }
	echo "$set" > "$stage/problem_set"
fi
case $dates in
'') ;;
gradescope|set) echo "$dates" > "$stage/dates" ;;
*) echo "make-zip.sh: --dates $dates: gradescope or set" >&2; exit 64 ;;
esac
cp "$here/setup.sh" "$here/run_autograder" "$stage/"
# A git checkout of cairn itself (not a release tree unpacked inside some
# other checkout, as `make distcheck` does): the files git tracks.
if [ "$(git -C "$top" rev-parse --show-toplevel 2>/dev/null)" = "$top" ]; then
	(cd "$top" && git ls-files -z | tar --null -cf - -T -) | tar -xf - -C "$stage/cairn"
else
	(cd "$top" && tar -cf - .) | tar -xf - -C "$stage/cairn"
fi
case $zip in /*) ;; *) zip=$(pwd)/$zip ;; esac
rm -f "$zip"
(cd "$stage" && python3 -m zipfile -c "$zip" setup.sh run_autograder problems cairn \
	$( [ -n "$set" ] && echo problem_set ) $( [ -n "$dates" ] && echo dates ))
echo "make-zip.sh: wrote $zip ($(wc -c < "$zip") bytes)"
