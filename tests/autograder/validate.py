#!/usr/bin/env python3
"""validate.py SCHEMA FILE... - each FILE is one RFC 8259 JSON text in
strict UTF-8 (no duplicate keys, no NaN) that SCHEMA (JSON Schema
2020-12) accepts; prints one line per problem and exits 1 when any."""
import json
import sys

import jsonschema


def strict_pairs(pairs):
    keys = [k for k, _ in pairs]
    dup = {k for k in keys if keys.count(k) > 1}
    if dup:
        raise ValueError("duplicate keys %s" % sorted(dup))
    return dict(pairs)


def no_constant(name):
    raise ValueError("%s is not JSON" % name)


def main():
    schema = json.load(open(sys.argv[1], encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    bad = 0
    for path in sys.argv[2:]:
        try:
            with open(path, "rb") as f:
                text = f.read().decode("utf-8", errors="strict")
            doc = json.loads(text, object_pairs_hook=strict_pairs,
                             parse_constant=no_constant)
        except (UnicodeDecodeError, ValueError) as e:
            print("%s: not strict UTF-8 JSON: %s" % (path, e))
            bad += 1
            continue
        for e in validator.iter_errors(doc):
            where = "/".join(str(p) for p in e.absolute_path)
            print("%s: /%s: %s" % (path, where, e.message))
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
