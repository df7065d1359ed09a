#!/bin/sh
# Issue 9, case 5: log injection.  A corpus of hostile file names (a
# newline with a forged key=value, terminal escape sequences, spaces, '=',
# '"', '\', invalid UTF-8, the raw C1 byte 0x9b, U+0085, a bidi override,
# a 200-byte name and a 230-byte one) is dropped into incoming/; every
# line the daemon logs is parsed by a strict logfmt parser, holds no C0,
# DEL or C1 character and no invalid UTF-8, has the keys its message
# should have, and the file= values read back to exactly the names dropped.
. "${top_srcdir:-.}/tests/daemon/lib.sh"

command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
write_conf "$T/c.yaml"
mkdir -p "$SPOOL/incoming"
start_daemon d "$T/c.yaml" -v
D=$LAST_PID
wait_for 20 log_has d "msg=started" || fail "daemon did not start"

cat >"$T/corpus.py" <<'PY'
names = [
    b"nl\nlevel=error msg=FORGED.yaml",
    b"cr\r\nts=1 level=error msg=x.yaml",
    b"\x1b]0;TITLE\x07\x1b[2J.yaml",
    b"with space.yaml",
    b"a=b.yaml",
    b'quo"te.yaml',
    b"back\\slash.yaml",
    b"tab\there.yaml",
    b"del\x7f.yaml",
    b"bad\xff\xfe.yaml",
    b"csi\x9b" b"2J.yaml",
    b"nel\xc2\x85.yaml",
    b"rlo\xe2\x80\xae.yaml",
    b"\xc3\x9c" b"bung.yaml",
    b"n" * 195 + b".yaml",
    b"\x1b[31m" + b"x" * 220 + b"\n.yaml",
]
PY
python3 - "$SPOOL/incoming" "$T/corpus.py" <<'PY'
import os, sys
exec(open(sys.argv[2]).read())
d = os.fsencode(sys.argv[1])
body = b"id: p1\npiles: [5, 3, 4, 5]\n"
for n in names:
    with open(d + b"/.drop", "wb") as f:
        f.write(body)
    os.rename(d + b"/.drop", d + b"/" + n)
PY
wait_for 30 has_at_least "$DONE" 15 || fail "not all processed: $(ls "$DONE" | wc -l)"
wait_for 30 has_at_least "$FAILED" 1 || fail "the long name was not failed"
kill -TERM "$D"
wait_exit "$D" 20
[ "$STATUS" -eq 0 ] || fail "exit $STATUS"

python3 - "$T/d.log" "$T/corpus.py" <<'PY' || fail "log check"
import re, sys
exec(open(sys.argv[2]).read())

def parse(line):
    """A strict logfmt parser: key=value pairs split by one space."""
    pairs, i = [], 0
    while True:
        m = re.compile(r"[a-z_]+").match(line, i)
        if not m or line[m.end():m.end() + 1] != "=":
            raise ValueError("no key at %d" % i)
        key, i = m.group(), m.end() + 1
        if line[i:i + 1] == '"':
            i += 1
            out = bytearray()
            while True:
                c = line[i:i + 1]
                if c == "":
                    raise ValueError("unterminated quote")
                if c == '"':
                    i += 1
                    break
                if c == "\\":
                    e = line[i + 1:i + 2]
                    if e in ('"', "\\"):
                        out += e.encode(); i += 2
                    elif e in ("n", "r", "t"):
                        out += {"n": b"\n", "r": b"\r", "t": b"\t"}[e]; i += 2
                    elif e == "x" and re.fullmatch(r"[0-9a-f]{2}", line[i + 2:i + 4]):
                        out.append(int(line[i + 2:i + 4], 16)); i += 4
                    elif e == "u" and re.fullmatch(r"[0-9a-f]{4}", line[i + 2:i + 6]):
                        out += chr(int(line[i + 2:i + 6], 16)).encode(); i += 6
                    else:
                        raise ValueError("bad escape at %d" % i)
                    continue
                out += c.encode()
                i += 1
            value = bytes(out)
        else:
            m = re.compile(r'[^ ="\\]+').match(line, i)
            if not m:
                raise ValueError("empty bare value at %d" % i)
            value, i = m.group().encode(), m.end()
        pairs.append((key, value))
        if i == len(line):
            return pairs
        if line[i] != " ":
            raise ValueError("no space after a value at %d" % i)
        i += 1

KEYS = {
    "processed": ["ts", "level", "msg", "file", "puzzles", "errors", "correct", "wrong", "ms",
                  "status", "input"],
    "started": ["ts", "level", "msg", "instance", "spool", "workers", "plugins", "once"],
    "stopped": ["ts", "level", "msg", "processed", "failed", "retries", "returned", "queued",
                "dir_fsyncs", "exit"],
}
seen, bad = [], 0
raw = open(sys.argv[1], "rb").read()
assert raw.endswith(b"\n")
for n, b in enumerate(raw.split(b"\n")[:-1], 1):
    try:
        line = b.decode("utf-8")		# strict: invalid UTF-8 fails
        for ch in line:
            if ord(ch) < 0x20 or 0x7f <= ord(ch) <= 0x9f:
                raise ValueError("control character U+%04X" % ord(ch))
        pairs = parse(line)
        keys = [k for k, _ in pairs]
        if len(set(keys)) != len(keys):
            raise ValueError("a key twice")
        d = dict(pairs)
        if keys[:3] != ["ts", "level", "msg"]:
            raise ValueError("does not start with ts, level, msg")
        msg = d["msg"].decode()
        want = KEYS.get(msg)
        if want is not None:
            extra = ["error"] if msg == "processed" and "error" in d else []
            if keys != want + extra:
                raise ValueError("keys %s, expected %s" % (keys, want + extra))
        if msg == "processed":
            seen.append(d["file"])
    except Exception as e:
        print("line %d: %s: %r" % (n, e, b))
        bad += 1
if sorted(seen) != sorted(names):
    print("file= values read back:", sorted(set(seen) ^ set(names)))
    bad += 1
sys.exit(1 if bad else 0)
PY
grep -q 'msg=FORGED' "$T/d.log" && ! grep -q '^level=error msg=FORGED' "$T/d.log" || fail "forged line"
[ "$(grep -c 'msg=processed' "$T/d.log")" -eq 16 ] || fail "one processed line per file"
echo "PASS: hostile names cannot forge or break log lines"
