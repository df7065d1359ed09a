#!/usr/bin/env python3
"""dp.py - what a user would write instead of cairnd: solve one file.

The baseline of the daemon benchmark runs this once per file from an
inotifywait loop (bench/bench_spool.c).  It reads the piles of a
one-line puzzle (`piles: [5, 3, 4, 5]`), runs the interval DP of the
seeds and prints diff, alice and bob.
"""
import re
import sys


def main():
    with open(sys.argv[1]) as f:
        text = f.read()
    m = re.search(r"piles:\s*\[([^\]]*)\]", text)
    a = [int(x) for x in m.group(1).split(",")] if m else []
    n = len(a)
    d = a[:]
    for length in range(1, n):
        for i in range(n - length):
            d[i] = max(a[i] - d[i + 1], a[i + length] - d[i])
    diff = d[0] if n else 0
    total = sum(a)
    print("diff: %d\nalice: %d\nbob: %d" % (diff, (total + diff) // 2,
                                             total - (total + diff) // 2))


if __name__ == "__main__":
    main()
