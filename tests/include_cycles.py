#!/usr/bin/env python3
"""include_cycles - look for #include cycles among the files of src/.

Usage: tests/include_cycles.py [--strict] [TOP_SRCDIR]

The include graph has a node per file: `#include "x.h"` is an edge to
x.c where there is one (a .c file stands for its header), else to x.h,
whose own includes are edges from it.  A cycle there, or among headers,
fails (exit status 1).

Also noted, without failing: .c files that use each other.  There each
.c file is a node.  `#include "x.h"` in a .c file, directly or
through other headers, is an edge to x.c; a header without a .c of its own
(cairn_daemon_int.h, cairn_input.h) is an edge to the .c file defining
each function of it that the includer names.  With --strict, every
header stands for all the .c files defining what it declares, used or
not: an interface header shared by a folder's files (cairn_cli.h) then
makes them one cycle.
Includes that resolve to no file of src/ or include/ are listed.
"""
import os, re, sys

args = sys.argv[1:]
strict = '--strict' in args
args = [a for a in args if a != '--strict']
root = args[0] if args else '.'
files = {}
for top in ('src', 'include'):
    for d, _, fs in os.walk(os.path.join(root, top)):
        for f in fs:
            if f.endswith(('.c', '.h')):
                files.setdefault(f, []).append(os.path.relpath(os.path.join(d, f), root))
dups = {k: v for k, v in files.items() if len(v) > 1}
if dups:
    print('ambiguous header names:', dups)

def text(p):
    return open(os.path.join(root, p), encoding='utf-8', errors='replace').read()

def strip_comments(s):
    return re.sub(r'/\*.*?\*/', ' ', s, flags=re.S)

inc_re = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
includes = {}
for name, paths in files.items():
    for p in paths:
        includes[p] = [os.path.basename(i) for i in inc_re.findall(text(p))]

# what each .c defines (a function at column 0 followed by a body) and each .h declares
def_re = re.compile(r'^(?!static\b)[A-Za-z_][^;{}()]*?\b(cairn_\w+)\s*\([^;]*?\)\s*\{', re.M | re.S)
decl_re = re.compile(r'\b(cairn_\w+)\s*\(')
defined = {}
for p in includes:
    if p.endswith('.c'):
        for fn in def_re.findall(strip_comments(text(p))):
            defined.setdefault(fn, set()).add(p)
definers = {}
for name, paths in files.items():
    for p in paths:
        if not p.endswith('.h'):
            continue
        ds = set()
        stem_c = p[:-2] + '.c'
        if stem_c in includes:
            ds.add(stem_c)
        # a header without a .c of its own: its functions' definers, each
        # for the names it declares (resolved per user below)
        fns = {}
        if strict or stem_c not in includes:
            for fn in decl_re.findall(strip_comments(text(p))):
                if fn in defined:
                    fns[fn] = defined[fn]
        definers[name] = (ds, fns)

unresolved = set()
def headers_of(p, seen):
    for h in includes.get(p, []):
        if h == 'config.h':
            continue
        if h not in files:
            unresolved.add((p, h))
            continue
        hp = files[h][0]
        if hp not in seen:
            seen.add(hp)
            headers_of(hp, seen)
    return seen

graph = {}
for p in includes:
    if p.endswith('.c'):
        deps = set()
        body = strip_comments(text(p))
        used = set(re.findall(r'\b(cairn_\w+)\b', body))
        for hp in headers_of(p, set()):
            ds, fns = definers.get(os.path.basename(hp), (set(), {}))
            deps |= ds
            for fn, where in fns.items():
                if strict or fn in used:
                    deps |= where
        deps.discard(p)
        graph[p] = deps

# The plain include graph: a node per file; `#include "x.h"` is an edge
# to x.c where there is one, else to x.h itself (whose own includes are
# edges from it).
fgraph = {}
for p in includes:
    fgraph.setdefault(p, set())
    for h in includes[p]:
        if h == 'config.h' or h not in files:
            continue
        hp = files[h][0]
        to = hp[:-2] + '.c' if hp[:-2] + '.c' in includes else hp
        if to != p and to != p[:-2] + '.c' and to != p[:-2] + '.h':
            fgraph[p].add(to)
    # a .c stands for its header: x.h's includes are x.c's
    if p.endswith('.h') and p[:-2] + '.c' in includes:
        fgraph.setdefault(p[:-2] + '.c', set()).update(fgraph.pop(p))

# header-level #include cycles
hgraph = {p: {files[h][0] for h in includes[p] if h in files} for p in includes if p.endswith('.h')}

def sccs(g):
    index, low, on, stack, out, n = {}, {}, set(), [], [], [0]
    sys.setrecursionlimit(10000)
    def visit(v):
        index[v] = low[v] = n[0]; n[0] += 1
        stack.append(v); on.add(v)
        for w in g.get(v, ()):
            if w not in g:
                continue
            if w not in index:
                visit(w); low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop(); on.discard(w); comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))
    for v in sorted(g):
        if v not in index:
            visit(v)
    return out

def show(what, g):
    """Print each cycle of g with its edges; how many there are."""
    comps = sccs(g)
    for comp in comps:
        print(what, ' '.join(comp))
        for a in comp:
            for b in sorted(g[a] & set(comp)):
                print('   ', a, '->', b)
    return len(comps)

show('note: .c files that use each other:', graph)
bad = show('cycle in the include graph:', fgraph) + show('#include cycle among headers:', hgraph) > 0
for p, h in sorted(unresolved):
    print('unresolved include:', p, h)
print('%d .c files, %d use edges, %d include-graph edges, %d header include edges: %s' % (
    len(graph), sum(len(v) for v in graph.values()), sum(len(v) for v in fgraph.values()),
    sum(len(v) for v in hgraph.values()), 'include cycles found' if bad else 'no include cycle'))
sys.exit(1 if bad else 0)
