#!/usr/bin/env python3
"""tools/circles.py: circles between optle's source files (`make circles`).

usage: tools/circles.py BUILDDIR     (e.g. build/release, after `make`)

File A uses file B when A.o refers to a symbol that B.o defines, as `nm`
lists them (external symbols only: static functions and the inline
helpers of headers are not seen).  A circle is a set of two or more files
that use each other, directly or through others: a strongly connected
component of that graph.  Every circle is printed with the symbols on its
edges; the exit status is 1 when there is any, 0 when there is none, and
2 when the objects cannot be read.

docs/architecture.md says why there are none: each file calls only the files
below it (the layers of tools/layers.sh, and within a module its own
order, e.g. the search files' in src/search_impl.h).  Python 3's standard
library only.
"""
import collections
import pathlib
import subprocess
import sys

UNDEFINED = {"U", "w", "v"}  # undefined, weak undefined (object and otherwise)


def fail(msg):
    print(f"circles: {msg}", file=sys.stderr)
    sys.exit(2)


def symbols(obj):
    """(defined, used) external symbol names of one object file."""
    try:
        out = subprocess.run(["nm", "-P", "-g", str(obj)], capture_output=True, text=True,
                             check=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        fail(f"nm {obj}: {e}")
    defined, used = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) < 2:
            continue
        name, kind = parts[0], parts[1]
        (used if kind in UNDEFINED else defined).add(name)
    return defined, used


def graph(objs):
    """edges[a][b]: the symbols file a uses from file b."""
    owner, uses = {}, {}
    for o in objs:
        defined, used = symbols(o)
        for s in defined:
            owner.setdefault(s, o.stem)
        uses[o.stem] = used
    edges = {a: collections.defaultdict(set) for a in uses}
    for a, used in uses.items():
        for s in used:
            b = owner.get(s)
            if b is not None and b != a:
                edges[a][b].add(s)
    return edges


def components(edges):
    """Strongly connected components of two or more files (Tarjan's
    algorithm, iterative: no recursion limit), each sorted, in order."""
    index, low, on, stack, comps = {}, {}, set(), [], []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges[w]))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                u = work[-1][0]
                low[u] = min(low[u], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    comps.append(sorted(comp))
    return sorted(comps)


def main():
    if len(sys.argv) != 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(2)
    objs = sorted(pathlib.Path(sys.argv[1]).glob("*.o"))
    if not objs:
        fail(f"no object files in {sys.argv[1]}: build first (make)")
    edges = graph(objs)
    comps = components(edges)
    for i, comp in enumerate(comps, 1):
        print(f"circle {i}: {', '.join(f + '.c' for f in comp)}")
        for a in comp:
            for b in comp:
                if b in edges[a]:
                    syms = sorted(edges[a][b])
                    more = f" (+{len(syms) - 6} more)" if len(syms) > 6 else ""
                    print(f"  {a}.c uses {b}.c: {', '.join(syms[:6])}{more}")
    print(f"circles: {len(comps)} circle(s) among {len(objs)} object files in {sys.argv[1]}")
    sys.exit(1 if comps else 0)


if __name__ == "__main__":
    main()
