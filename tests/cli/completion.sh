#!/bin/sh
# completion - the bash completions of cairn and cairnd: subcommands with
# options before them or not, each command's options, option values
# (solver names from the loaded plugins, formats), file names by type
# and directories.  Runs the completion functions in bash the way
# readline does: COMP_WORDS and COMP_CWORD in, COMPREPLY out.
set -eu
. "${top_srcdir:-.}/tests/lib.sh"
command -v bash >/dev/null 2>&1 || { echo "SKIP: bash is not installed"; exit 77; }

mkdir -p "$tmp/w/sub" "$tmp/w/sets" "$tmp/bin"
for f in hw.yaml hw.yml hw.csv hw.json notes.txt hw.result.yaml hw.result.json c.yaml; do
	: > "$tmp/w/$f"
done
# `cairn` on the PATH as the completion calls it, for the solver names.
printf '#!/bin/sh\nexec "%s" "$@" -c "%s" --plugin-dir "%s"\n' "$cairn_bin" "$tmp/empty.yaml" "$plugins" > "$tmp/bin/cairn"
chmod +x "$tmp/bin/cairn"

# complete WORDS... - the sorted replies for completing the last word
complete_words() {
	(cd "$tmp/w" && PATH="$tmp/bin:$PATH" bash --norc --noprofile -c '
		. "$1"; . "$2"; shift 2
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		case $1 in cairn) _cairn ;; cairnd) _cairnd ;; esac
		printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " "' \
		sh "$top_srcdir/completion/cairn" "$top_srcdir/completion/cairnd" "$@")
}
expect() {
	want=$1
	shift
	checks=$((checks + 1))
	got=$(complete_words "$@")
	[ "$got" = "$want" ] || fail "complete '$*': got '$got', expected '$want'"
}

expect "check generate grade plugins regrade report solve status submit " cairn ""
expect "--failures " cairn status --f
expect " " cairn status --failures ""
expect "regrade report " cairn re
expect "--owner " cairn regrade --ow
expect " " cairn regrade --set ""
expect "--id-prefix " cairn generate --id
expect "greedy-fails " cairn generate --require gr
expect "solve status submit " cairn s
expect "solve " cairn -c c.yaml so
expect "submit " cairn --plugin-dir sets --problems sets su
expect "--config " cairn --conf
expect "--csv " cairn solve --cs
expect "--received " cairn solve --rec
expect "--json " cairn -c c.yaml solve --js
expect "--spool " cairn submit --sp
expect "-w " cairn submit -w
expect "--wait " cairn submit --w
expect "--verbose " cairn grade --verb
expect "diff1d diff2d " cairn solve --solver diff
expect "auto " cairn solve -s au
expect "canvas csv html junit moodle " cairn report --format ""
expect "--match " cairn report --format canvas --ma
expect "--roster " cairn report --ros
expect "hw.csv sets/ sub/ " cairn report --format moodle --roster ""
expect 'SIS\ Login\ ID SIS\ User\ ID ' cairn report --match SIS
expect "Username " cairn report --match U
expect "gradescope prairielearn " cairn grade --format ""
expect "hw.json hw.result.json sets/ sub/ " cairn grade --format gradescope -o ""
expect "--gradescope-metadata " cairn grade --grades
expect "hw.json hw.result.json sets/ sub/ " cairn grade --format gradescope --gradescope-metadata ""
expect "best latest " cairn report --per-submitter ""
expect "c.yaml hw.csv hw.json hw.result.json hw.result.yaml hw.yaml hw.yml sets/ sub/ " cairn solve ""
expect "hw.csv hw.json hw.result.json hw.result.yaml hw.yaml hw.yml " cairn submit --wait h
expect "hw.result.json hw.result.yaml " cairn report hw
expect "c.yaml hw.result.yaml hw.yaml sets/ sub/ " cairn check ""
expect "c.yaml hw.result.yaml hw.yaml hw.yml sets/ sub/ " cairn -c ""
expect "sets " cairn solve --problems se
expect "--check-config --config " cairnd --c
expect "--once " cairnd --o
expect "--reload " cairnd --rel
expect "sub " cairnd --spool su
expect "c.yaml " cairnd -c c

finish
