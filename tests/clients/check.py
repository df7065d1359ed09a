#!/usr/bin/env python3
"""check.py - is a result the whole of its input's?

    check.py EXPECTED_PUZZLES WANT GOT

WANT is what `cairn solve` gives for the complete input, GOT the result the
daemon published.  A YAML result is complete when its status is ok and its
puzzles are WANT's, one for one (so it holds EXPECTED_PUZZLES of them);
a CSV result when its records are WANT's on WANT's columns (a result that
gains columns, an owner say, still compares).  Prints one line: "complete",
or what is missing; exits 0 or 1.
"""
import csv
import sys


def yaml_verdict(want_path, got_path, expected):
    import yaml
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    with open(want_path, encoding="utf-8") as f:
        want = yaml.load(f, Loader=loader)
    try:
        with open(got_path, encoding="utf-8") as f:
            got = yaml.load(f, Loader=loader)
    except yaml.YAMLError as e:
        return "not YAML: %s" % str(e).splitlines()[0]
    if not isinstance(got, dict):
        return "not a result"
    puzzles = got.get("puzzles") or []
    if got.get("status") != "ok":
        return "status %s (%s), %d of %d puzzles" % (
            got.get("status"), got.get("error", "no error given"), len(puzzles), expected)
    if len(puzzles) != expected:
        return "status ok but %d of %d puzzles" % (len(puzzles), expected)
    for w, g in zip(want["puzzles"], puzzles):
        if any(g.get(k) != v for k, v in w.items()):
            return "puzzle %s differs from cairn solve's (n %s, want %s)" % (
                w.get("id"), g.get("n"), w.get("n"))
    return None


def csv_verdict(want_path, got_path, expected):
    with open(want_path, newline="", encoding="utf-8") as f:
        want = list(csv.DictReader(f))
    with open(got_path, newline="", encoding="utf-8") as f:
        got = list(csv.DictReader(f))
    errors = [r for r in got if r.get("error")]
    if errors and not errors[0].get("id"):
        return "file error (%s), %d of %d records" % (errors[0]["error"], len(got) - 1, expected)
    if len(got) != expected:
        return "%d of %d records" % (len(got), expected)
    # cairn solve's records have no owner and arrival; the daemon's have both.
    origin = ("owner", "received")
    for w, g in zip(want, got):
        if not g.get("owner") or not g.get("received"):
            return "record %s has no owner or received" % w.get("id")
        if any(g.get(k) != v for k, v in w.items() if k not in origin):
            return "record %s differs from cairn solve's (n %s, want %s%s)" % (
                w.get("id"), g.get("n"), w.get("n"),
                ", error " + g["error"] if g.get("error") else "")
    return None


def main():
    expected, want, got = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    verdict = (csv_verdict if got.endswith(".csv") else yaml_verdict)(want, got, expected)
    print(verdict or "complete")
    sys.exit(1 if verdict else 0)


if __name__ == "__main__":
    main()
