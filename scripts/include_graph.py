#!/usr/bin/env python3
"""The kit's include graph, from the compiler's dependency files, as Graphviz and as numbers.

Usage: python3 scripts/include_graph.py [--build build] [--dot files.dot] [--folders-dot folders.dot]

Reads `ninja -t deps` of a build folder (the headers each object file was compiled with, as
the compiler's -MD files listed them), so only what a build compiled counts, each header as the
compiler resolved it. A dependency file lists every header a translation unit reached, not who
included whom: the direct edges are each file's own `#include "..."` lines, resolved to the
header of the same name that the same translation unit's dependency file lists (the one beside
the including file first). System and third-party headers, and files generated in the build
folder, are left out.

Prints the numbers CONTRIBUTING.md quotes: nodes, edges, edges that cross folders, include
cycles (among files, among folders, and among the top-level folders), and the edges between grader/ and reference/.
Render a .dot file with `dot -Tsvg files.dot -o files.svg`.
"""

import argparse
import collections
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.MULTILINE)


def translation_units(build):
    """Each object file's project files (repository-relative), the source first."""
    def ninja(*tool):
        return subprocess.run(["ninja", "-C", build, "-t", *tool], check=True, capture_output=True,
                              text=True).stdout

    # the objects of the build as it is now: the log keeps those of sources since moved away
    outputs = {line.rsplit(": ", 1)[0] for line in ninja("targets", "all").splitlines()}
    units, current = [], None
    build_abs = os.path.abspath(build)
    for line in ninja("deps").splitlines():
        if line and not line.startswith(" "):
            current = [] if line.split(": #deps", 1)[0] in outputs else None
            if current is not None:
                units.append(current)
        elif line.strip() and current is not None:
            path = os.path.normpath(os.path.join(build_abs, line.strip()))
            relative = os.path.relpath(path, ROOT)
            if relative.startswith("..") or path.startswith(build_abs + os.sep):
                continue  # the system's, or generated in the build
            if "/_deps/" in path:
                continue  # third-party sources fetched into the tree
            current.append(relative)
    return [unit for unit in units if unit]


def includes_of(path, cache={}):
    if path not in cache:
        with open(os.path.join(ROOT, path), encoding="utf-8", errors="replace") as f:
            cache[path] = INCLUDE.findall(f.read())
    return cache[path]


def resolve(including, name, unit_files):
    beside = os.path.normpath(os.path.join(os.path.dirname(including), name))
    if beside in unit_files:
        return beside
    matches = sorted(f for f in unit_files if f == name or f.endswith("/" + name))
    return matches[0] if matches else None


def graph(units):
    nodes, edges = set(), set()
    for unit in units:
        files = set(unit)
        nodes |= files
        for path in files:
            for name in includes_of(path):
                target = resolve(path, name, files)
                if target is not None and target != path:
                    edges.add((path, target))
    return nodes, edges


def cycles(nodes, edges):
    """Strongly connected components of more than one node (Tarjan, iterative)."""
    successors = collections.defaultdict(list)
    for a, b in edges:
        successors[a].append(b)
    index, low, on_stack, stack, found, counter = {}, {}, set(), [], [], [0]
    for start in sorted(nodes):
        if start in index:
            continue
        work = [(start, iter(successors[start]))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(successors[child])))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def folder(path):
    return os.path.dirname(path) or "."


def part(path):
    return path.split("/", 1)[0]


def write_files_dot(path, nodes, edges):
    by_folder = collections.defaultdict(list)
    for node in nodes:
        by_folder[folder(node)].append(node)
    with open(path, "w", encoding="utf-8") as out:
        out.write("digraph includes {\n  rankdir=LR;\n  node [shape=box, fontsize=9];\n")
        for number, (name, members) in enumerate(sorted(by_folder.items())):
            out.write(f'  subgraph cluster_{number} {{\n    label="{name}/";\n')
            for member in sorted(members):
                out.write(f'    "{member}" [label="{os.path.basename(member)}"];\n')
            out.write("  }\n")
        for a, b in sorted(edges):
            style = ' [color=red]' if part(a) != part(b) else ""
            out.write(f'  "{a}" -> "{b}"{style};\n')
        out.write("}\n")


def write_folders_dot(path, folder_edges):
    with open(path, "w", encoding="utf-8") as out:
        out.write("digraph folders {\n  node [shape=folder];\n")
        for (a, b), count in sorted(folder_edges.items()):
            style = ", color=red" if part(a) != part(b) else ""
            out.write(f'  "{a}/" -> "{b}/" [label="{count}"{style}];\n')
        out.write("}\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"),
                        help="a configured and built build folder (default: build)")
    parser.add_argument("--dot", help="write the graph of files, clustered by folder, here")
    parser.add_argument("--folders-dot", help="write the graph of folders, edges counted, here")
    args = parser.parse_args()

    units = translation_units(args.build)
    if not units:
        sys.exit(f"error: {args.build} has no dependency files (build it first)")
    nodes, edges = graph(units)
    cross = [(a, b) for a, b in edges if folder(a) != folder(b)]
    folder_edges = collections.Counter((folder(a), folder(b)) for a, b in cross)
    file_cycles = cycles(nodes, edges)
    folder_cycles = cycles({folder(n) for n in nodes}, set(folder_edges))
    part_cycles = cycles({part(n) for n in nodes}, {(part(a), part(b)) for a, b in cross})
    between = sorted((a, b) for a, b in edges if {part(a), part(b)} == {"grader", "reference"})

    print(f"nodes (files): {len(nodes)}")
    print(f"edges (direct includes): {len(edges)}")
    print(f"cross-folder edges: {len(cross)} (among {len(folder_edges)} pairs of folders)")
    print(f"cycles among files: {len(file_cycles)}")
    for component in file_cycles:
        print("  " + " <-> ".join(component))
    print(f"cycles among folders: {len(folder_cycles)}")
    for component in folder_cycles:
        print("  " + " <-> ".join(f + "/" for f in component))
    print(f"cycles among the kit's parts (top-level folders): {len(part_cycles)}")
    for component in part_cycles:
        print("  " + " <-> ".join(f + "/" for f in component))
    print(f"edges between grader/ and reference/: {len(between)}")
    for a, b in between:
        print(f"  {a} -> {b}")
    if args.dot:
        write_files_dot(args.dot, nodes, edges)
    if args.folders_dot:
        write_folders_dot(args.folders_dot, folder_edges)


if __name__ == "__main__":
    main()
