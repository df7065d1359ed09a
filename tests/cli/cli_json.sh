#!/bin/sh
# cli_json - JSON puzzle files and JSON results (doc/formats.md).
# Every file of tests/data/json is also valid YAML, byte for byte: solved
# as .json and as .yaml, the two results are equal field by field once
# read into Python objects (only `source` differs), so a field the YAML
# result gains and the JSON result lacks fails here.  JSON results are
# valid RFC 8259 (python3 -m json.tool); errors of JSON's own give their
# line and column; standard input with --json; the daemon takes .json;
# cairn report reads JSON results.
set -eu
. "${top_srcdir:-.}/tests/lib.sh"
data="$top_srcdir/tests/data/json"
cairn_problems=$data/problems

if ! python3 -c 'import json, yaml' 2>/dev/null; then
	sh "$top_srcdir/tests/deps.sh" --only python3 python3-yaml >/dev/null 2>&1 || true
fi
if ! python3 -c 'import json, yaml' 2>/dev/null; then
	echo "SKIP: python3 with the yaml module (Debian python3-yaml) is needed"
	exit 77
fi

# same_fields JSON YAML - the two results hold the same fields and values
same_fields() {
	checks=$((checks + 1))
	python3 - "$1" "$2" > "$tmp/cmp" 2>&1 <<'PY' || fail "$1 and $2 differ: $(cat "$tmp/cmp")"
import json, sys, yaml
j = json.load(open(sys.argv[1], encoding="utf-8"))
y = yaml.safe_load(open(sys.argv[2], encoding="utf-8"))
assert j.pop("source").endswith(".json") and y.pop("source").endswith(".yaml")
def walk(a, b, path):
    if type(a) != type(b):
        sys.exit("%s: %r (JSON) against %r (YAML)" % (path, a, b))
    if isinstance(a, dict):
        if list(a) != list(b):
            sys.exit("%s: keys %s (JSON) against %s (YAML)" % (path, list(a), list(b)))
        for k in a:
            walk(a[k], b[k], path + "." + k)
    elif isinstance(a, list):
        if len(a) != len(b):
            sys.exit("%s: %d items (JSON) against %d (YAML)" % (path, len(a), len(b)))
        for i, (x, z) in enumerate(zip(a, b)):
            walk(x, z, "%s[%d]" % (path, i))
    elif a != b:
        sys.exit("%s: %r (JSON) against %r (YAML)" % (path, a, b))
walk(j, y, "")
PY
}

# valid_json FILE - python3 -m json.tool accepts it
valid_json() {
	checks=$((checks + 1))
	python3 -m json.tool "$1" > /dev/null 2> "$tmp/jt" || fail "$1 is not valid JSON: $(cat "$tmp/jt")"
}

for f in set single sub nested; do
	cp "$data/$f.json" "$tmp/$f.json"
	cp "$data/$f.json" "$tmp/$f.yaml"
	run 0 cairn solve "$tmp/$f.json"
	mv "$tmp/out" "$tmp/$f.result.json"
	valid_json "$tmp/$f.result.json"
	run 0 cairn solve "$tmp/$f.yaml"
	mv "$tmp/out" "$tmp/$f.result.yaml"
	same_fields "$tmp/$f.result.json" "$tmp/$f.result.yaml"
done
# the comparison sees every kind of field: checks, explain, feedback, errors
for k in '"checks"' '"explain"' '"feedback"' '"error"' '"first_bad"' '"submitter"' '"moves"'; do
	checks=$((checks + 1))
	cat "$tmp"/*.result.json | grep -q "$k" || fail "no $k in the compared results"
done
# one result byte for byte, so that the layout is fixed
run 0 cairn solve --piles "5 3 4 5" --solver linear
run 0 cairn solve --json --solver linear - <<'EOT'
{"id": "p1", "piles": [5, 3, 4, 5], "expect": {"diff": 1}}
EOT
cat > "$tmp/want" <<'EOT'
{
  "format": "cairn-result/1",
  "source": "-",
  "status": "ok",
  "puzzles": [
    {
      "id": "p1",
      "line": 1,
      "n": 4,
      "solver": "linear",
      "total": 17,
      "alice": 9,
      "bob": 8,
      "diff": 1,
      "winner": "alice",
      "alice_wins": true,
      "first_move": "left",
      "verdict": "correct",
      "checks": {
        "diff": {"expected": 1, "actual": 1, "ok": true}
      }
    }
  ],
  "summary": {"puzzles": 1, "solved": 1, "errors": 0, "graded": 1, "correct": 1, "wrong": 0, "missing": 0, "invalid": 0, "score": 1.0}
}
EOT
same_file "$tmp/want" "$tmp/out"
run 64 cairn solve --json --csv -

# Text reads back: escapes, surrogate pairs, controls, U+2028 and U+FEFF.
printf '{"piles": [1], "id": "\\ud83d\\ude00 \\u0001 \\u2028 \\ufeff \\u00e9 \\/"}' > "$tmp/esc.json"
run 0 cairn solve "$tmp/esc.json"
valid_json "$tmp/out"
python3 -c 'import json,sys; print(ascii(json.load(open(sys.argv[1]))["puzzles"][0]["id"]))' "$tmp/out" > "$tmp/got"
same_text "'\\U0001f600 \\x01 \\u2028 \\ufeff \\xe9 /'" "$tmp/got"

# Errors of JSON's own: file errors with line and column.
json_error() {
	printf '%b' "$1" > "$tmp/e.json"
	run 65 cairn solve "$tmp/e.json"
	python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["error"])' "$tmp/out" > "$tmp/got"
	same_text "$2" "$tmp/got"
}
json_error '{"piles": [1, 2,]}' "line 1, column 17: expected a value (an object, array, string, number, true, false or null), found ']'"
json_error '{"piles": [1],\n "id": "a"' "line 2, column 11: expected ',' or '}', found the end of the file"
json_error '{"piles": [1]}\n{"piles": [2]}' "line 2, column 1: expected the end of the file after the document (one JSON value per file), found '{'"
json_error '{"piles": [01]}' "line 1, column 13: a number must not have a leading zero"
json_error '{"piles": [1], "id": "a\\u0000"}' "line 1, column 24: a NUL character (\\u0000) is not allowed"
json_error '{"piles": [1], "id": "a\0"}' "line 1, column 24: a NUL character is not allowed"
json_error '{"piles": [1], "id": "\xc3\xa9\xff"}' "line 1, column 24: invalid UTF-8"
json_error '{"piles": [1], "id": "a\tb"}' "line 1, column 24: a control character in a string must be escaped"
json_error '{"piles": [1], "id": "\\ud800x"}' "line 1, column 23: a high surrogate must be followed by a low surrogate (\\uDC00 to \\uDFFF)"
json_error '{"piles": [1], "id": "\\q"}' "line 1, column 23: unknown escape: a backslash must be followed by one of \"\\/bfnrtu"
json_error "{'piles': [1]}" "line 1, column 2: expected '\"' to start a member name, found '''"
json_error '{"piles": [1]} // no comments' "line 1, column 16: expected the end of the file after the document (one JSON value per file), found '/'"
json_error '' "line 1, column 1: expected a value (an object, array, string, number, true, false or null), found the end of the file"
json_error '[1, 2]' "line 1, column 1: a document must be a mapping: a puzzle, a set or a submission"
python3 -c 'print("{\"piles\": [1], \"x\": " + "[" * 70 + "]" * 70 + "}")' > "$tmp/deep.json"
run 65 cairn solve "$tmp/deep.json"
python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["error"])' "$tmp/out" > "$tmp/got"
same_text "line 1, column 84: nesting deeper than 64 levels" "$tmp/got"
# the YAML rules, through the same grammar: duplicate keys, exact int64
printf '{"piles": [9223372036854775807], "piles": [1]}' > "$tmp/dup.json"
run 0 cairn solve "$tmp/dup.json"
grep '"error"' "$tmp/out" > "$tmp/got"
same_text '      "error": "line 1, column 34: duplicate key \"piles\""' "$tmp/got"

# The daemon takes .json and writes a JSON result; cairn report reads it.
mkdir -p "$tmp/spool/incoming"
cp "$data/set.json" "$tmp/spool/incoming/set.json"
printf 'spool: %s\nplugin_dir: %s\ninstance: t\n' "$tmp/spool" "$plugins" > "$tmp/d.yaml"
run 0 "$top_builddir/src/daemon/cairnd" -c "$tmp/d.yaml" --once
cp "$data/set.json" "$tmp/set2.json"
run 0 "$cairn_bin" solve -c "$tmp/d.yaml" "$tmp/set2.json"
sed 's/"set2.json"/"set.json"/' "$tmp/out" > "$tmp/want"
# The daemon's result is the same but for the owner, uid and arrival it adds.
python3 - "$tmp/spool/results/$(id -un)/set.result.json" "$(id -un)" "$(id -u)" <<'PY' > "$tmp/got"
import json, sys
r = json.load(open(sys.argv[1]))
assert r.pop("owner") == sys.argv[2] and r.pop("uid") == int(sys.argv[3]) and r.pop("received")
PY
python3 -c 'import json,sys; a=json.load(open(sys.argv[1])); b=json.load(open(sys.argv[2])); [b.pop(k) for k in ("owner","uid","received")]; sys.exit(a != b)' "$tmp/want" "$tmp/spool/results/$(id -un)/set.result.json" || fail "the daemon's set.result.json differs from cairn solve's"
cp "$tmp/sub.result.json" "$tmp/spool/results/"
run 0 cairn report "$tmp/spool/results"
sed -E "s/^set\.json,$(id -un),(.*),[0-9T:.-]+Z,,,\$/set.json,OWNER,\1,RECEIVED,,,/" "$tmp/out" > "$tmp/out2"
mv "$tmp/out2" "$tmp/out"
same_text 'source,owner,submitter,problem_set,graded,correct,wrong,missing,invalid,points,max_points,score,received,late,penalty,refused
sub.json,,Zoë <zoe@example.org>,hw,3,1,1,1,1,1,3,0.3333,,,,
set.json,OWNER,,,4,1,2,0,1,1,4,0.25,RECEIVED,,,' "$tmp/out"

finish
