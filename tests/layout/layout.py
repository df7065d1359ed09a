#!/usr/bin/env python3
"""layout.py - the shape of src/ that doc/layout.md promises.

Usage: tests/layout/layout.py TOP_SRCDIR

Checks, each printing what breaks it:
- no two modules include each other, directly or round a longer loop
  (a module is a file's name without its extension: cairn_lock.c and
  cairn_lock.h are one), and no two folders of src/ do;
- every function of src/ that a header of src/ declares is defined in
  the .c file of the header's own name (cairn_spool_claim() is in
  cairn_spool.c, declared in cairn_spool.h), or, for a family header
  with no .c of its own, in a .c whose name starts with the header's and
  "_" (cairn_cmd.h declares cairn_cmd_solve() of cairn_cmd_solve.c);
- every function of src/ that is not static is named after its file
  (cairn_spool_claim() in cairn_spool.c: the file's name, then "_"),
  but for the allocators of cairn_mem.c (cairn_xmalloc() and its
  family, the x of xmalloc() being the name everyone knows) and main();
- libyaml's parser is driven from one file of src/ only;
- every folder of src/ has its row in the table of doc/layout.md.
Exits 1 when any check fails; else prints the folders bottom up.
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
DEFINED = re.compile(r'^(?!static\b)[A-Za-z_][^;{}()#]*?\b(cairn_\w+)\s*'
                     r'\([^;{}]*?\)\s*\{', re.M | re.S)
DECLARED = re.compile(r'^[A-Za-z_][^;{}()#]*?\b(cairn_\w+)\s*\(', re.M)


def read(path):
    with open(path, encoding='utf-8', errors='replace') as f:
        return f.read()


def code(path):
    """The text without comments and macro definitions."""
    s = re.sub(r'/\*.*?\*/', ' ', read(path), flags=re.S)
    return re.sub(r'^\s*#\s*define[^\n]*(?:\\\n[^\n]*)*', '', s, flags=re.M)


def sources(src):
    for folder, _, names in sorted(os.walk(src)):
        for name in sorted(names):
            if name.endswith(('.c', '.h')):
                yield os.path.join(folder, name)


def graphs(files):
    header = {os.path.basename(f): f for f in files if f.endswith('.h')}
    modules, folders = {}, {}
    for f in files:
        mod = os.path.splitext(f)[0]
        modules.setdefault(mod, set())
        folders.setdefault(os.path.dirname(f), set())
        for inc in INCLUDE.findall(read(f)):
            h = header.get(os.path.basename(inc))
            if h is None:
                continue
            if os.path.splitext(h)[0] != mod:
                modules[mod].add(os.path.splitext(h)[0])
            if os.path.dirname(h) != os.path.dirname(f):
                folders[os.path.dirname(f)].add(os.path.dirname(h))
    return modules, folders


def cycles(graph):
    """The groups of nodes that reach each other: Tarjan's strongly
    connected components of more than one node, each sorted."""
    index, low, on, stack, out = {}, {}, set(), [], []
    for root in sorted(graph):
        if root in index:
            continue
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        work = [(root, iter(sorted(graph[root])))]
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    n = stack.pop()
                    on.discard(n)
                    group.append(n)
                    if n == node:
                        break
                if len(group) > 1:
                    out.append(sorted(group))
    return out


def bottom_up(graph):
    done, out = set(), []
    while len(out) < len(graph):
        ready = sorted(n for n in graph if n not in done and graph[n] <= done)
        out += ready
        done |= set(ready)
    return out


def misplaced(files):
    """(header, function, file defining it) for each declaration of a
    function defined in a .c file that is not the header's own, nor, for
    a header with no .c of its own, one of its family (H_*.c for H.h)."""
    where = {}
    for f in files:
        if f.endswith('.c'):
            for fn in DEFINED.findall(code(f)):
                where.setdefault(fn, set()).add(f)
    for h in sorted(files):
        if not h.endswith('.h'):
            continue
        stem = os.path.basename(h)[:-2]
        family = h[:-2] + '.c' not in files
        for fn in DECLARED.findall(code(h)):
            for d in sorted(where.get(fn, ())):
                name = os.path.basename(d)[:-2]
                if name == stem or (family and name.startswith(stem + '_')):
                    continue
                yield h, fn, d


def misnamed(files):
    """(function, file) for each function defined, not static, in a .c
    file whose name it does not start with."""
    for f in sorted(files):
        if not f.endswith('.c'):
            continue
        stem = os.path.basename(f)[:-2]
        for fn in DEFINED.findall(code(f)):
            if fn == stem or fn.startswith(stem + '_'):
                continue
            if stem == 'cairn_mem' and fn.startswith('cairn_x'):
                continue
            yield fn, f


def main():
    top = sys.argv[1] if len(sys.argv) > 1 else '.'
    src = os.path.join(top, 'src')
    files = list(sources(src))
    rel = lambda p: os.path.relpath(p, top)
    bad = []
    modules, folders = graphs(files)
    for what, graph in (('modules', modules), ('folders', folders)):
        for group in cycles(graph):
            bad.append(f'{what} that include each other: '
                       + ' '.join(rel(n) for n in group))
    for h, fn, d in misplaced(set(files)):
        bad.append(f'{rel(h)} declares {fn}(), defined in {rel(d)}')
    for fn, f in misnamed(files):
        bad.append(f'{rel(f)} defines {fn}(), not named after its file')
    parsers = [rel(f) for f in files if 'yaml_parser_parse(' in read(f)]
    if len(parsers) != 1:
        bad.append('yaml_parser_parse() is called from %d files: %s'
                   % (len(parsers), ' '.join(parsers)))
    table = read(os.path.join(top, 'doc', 'layout.md'))
    for folder in sorted(folders):
        if f'| `{rel(folder)}/` |' not in table:
            bad.append(f'doc/layout.md: the table has no row for {rel(folder)}/')
    for line in bad:
        print(line)
    if bad:
        return 1
    print('%d files, %d modules, no include cycle; folders bottom up: %s'
          % (len(files), len(modules),
             ' '.join(rel(f)[4:] for f in bottom_up(folders))))
    return 0


if __name__ == '__main__':
    sys.exit(main())
