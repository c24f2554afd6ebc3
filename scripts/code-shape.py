#!/usr/bin/env python3
"""The code's shape, for a refactor's before and after: per crate (and per layer of the game's
src/), the longest function and the longest file in lines, and the import loops between a
crate's modules (a module that reaches another through `use crate::…`/`super::…` which reaches
it back, directly or around a longer circle). Reads the Rust files as text; changes nothing.

    scripts/code-shape.py            # a table
"""
import os
import re
import sys
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STRICT = "--strict" in sys.argv
FN = re.compile(r"^(\s*)(pub(\([^)]*\))?\s+)?(const\s+)?(async\s+)?(unsafe\s+)?fn\s+(\w+)")


def rust_files(folder):
    for dirpath, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if d not in ("target", "node_modules")]
        for f in sorted(files):
            if f.endswith(".rs"):
                yield os.path.join(dirpath, f)


def functions(path):
    """(name, first line, lines) of each fn with a body, by brace matching from its line."""
    lines = open(path, encoding="utf-8").read().split("\n")
    out = []
    for i, line in enumerate(lines):
        m = FN.match(line)
        if not m:
            continue
        depth = 0
        opened = False
        for j in range(i, len(lines)):
            text = re.sub(r'"(\\.|[^"\\])*"', '""', lines[j].split("//")[0])
            if not opened and ";" in text and "{" not in text:
                break
            depth += text.count("{") - text.count("}")
            opened = opened or "{" in text
            if opened and depth <= 0:
                out.append((m.group(7), i + 1, j - i + 1))
                break
    return out


def module_of(path, src_root):
    rel = os.path.relpath(path, src_root)[:-3].split(os.sep)
    if rel == ["main"] and os.path.exists(os.path.join(src_root, "lib.rs")):
        return "main"  # a binary beside the library: a crate of its own
    if rel[-1] in ("mod", "lib", "main"):
        rel = rel[:-1]
    return "::".join(rel) or "crate"


def reexports(src_root):
    """The names the crate root re-exports (`pub use module::{A, B}`): the module each is
    from, so `crate::A` is a use of that module, not of the root."""
    root = os.path.join(src_root, "lib.rs")
    if not os.path.exists(root):
        return {}
    text = re.sub(r"//[^\n]*", "", open(root, encoding="utf-8").read())
    out = {}
    for item in re.findall(r"\bpub\s+use\s+([^;]+);", text):
        item = re.sub(r"\s+", "", item)
        if item.startswith(("crate::", "self::")):
            item = item.split("::", 1)[1]
        for p in expand(item):
            parts = p.split("::")
            out[parts[-1]] = "::".join(parts[:-1])
    return out


def uses(path, module):
    """The paths this file's `use` items name within the crate, whole items (rustfmt may wrap
    them over lines), each brace group expanded."""
    text = open(path, encoding="utf-8").read()
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r'"(\\.|[^"\\])*"', '""', text)
    text = without_inline_modules(text)
    children = set(re.findall(r"^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", text, re.M))
    here = module.split("::") if module != "crate" else []
    # A crate root's `pub use` lines are its map (what it shows), not a use of the modules.
    if module == "crate":
        text = re.sub(r"\bpub\s+use\s+[^;]+;", "", text)
    items = [re.sub(r"\s+", "", i) for i in re.findall(r"\buse\s+([^;]+);", text)]
    # Paths written out in the code, not imported: `super::prompt::prompt(…)`.
    items += re.findall(r"(?<![\w:])((?:crate|super)(?:::\w+)+)", text)
    out = set()
    for item in items:
        if item.split("::")[0] in children:
            item = "self::" + item
        if item.startswith("self::"):
            out.update("::".join(here + p.split("::")) for p in expand(item[len("self::"):]))
            continue
        if item.startswith("crate::"):
            base = []
            rest = item[len("crate::"):]
        elif item.startswith("super::"):
            base = module.split("::")[:-1] if module != "crate" else []
            rest = item[len("super::"):]
            while rest.startswith("super::"):
                base = base[:-1]
                rest = rest[len("super::"):]
        else:
            continue
        for p in expand(rest):
            out.add("::".join(base + p.split("::")) if base else p)
    return out


def without_inline_modules(text):
    """The text without `mod name { … }` blocks (a file's test modules, where `super` is the
    file itself): what they use is not the file's."""
    out, i = [], 0
    for m in re.finditer(r"\bmod\s+\w+\s*\{", text):
        if m.start() < i:
            continue
        depth, j = 0, m.end() - 1
        while j < len(text):
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            if depth == 0:
                break
            j += 1
        out.append(text[i:m.start()])
        i = j + 1
    out.append(text[i:])
    return "".join(out)


def expand(tree):
    """`a::{b,c::{d,e}}` as `a::b`, `a::c::d`, `a::c::e`."""
    i = tree.find("{")
    if i < 0:
        return [tree.split(" as ")[0].split("as")[0] if False else tree]
    head = tree[:i]
    inner = tree[i + 1:-1]
    out = []
    for part in split_top(inner):
        for p in expand(part):
            out.append((head + p) if p != "self" else head.rstrip(":"))
    return out


def split_top(s):
    parts, depth, cur = [], 0, ""
    for c in s:
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        if c == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += c
    if cur:
        parts.append(cur)
    return parts


def loops(graph):
    """Strongly connected groups of more than one module."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    sys.setrecursionlimit(10000)
    for v in list(graph):
        if v not in index:
            visit(v)
    return out


def crate_shape(name, src_root, layer_of=None):
    groups = defaultdict(lambda: {"fn": (0, ""), "file": (0, "")})
    graph = defaultdict(set)
    modules = {}
    for path in rust_files(src_root):
        module = module_of(path, src_root)
        modules[module] = path
        rel = os.path.relpath(path, ROOT)
        group = layer_of(module) if layer_of else name
        n = len(open(path, encoding="utf-8").read().split("\n")) - 1
        g = groups[group]
        if n > g["file"][0]:
            g["file"] = (n, rel)
        for fname, line, length in functions(path):
            if length > g["fn"][0]:
                g["fn"] = (length, f"{rel}:{line} {fname}")
    names = reexports(src_root)
    for module, path in modules.items():
        for used in uses(path, module):
            head = used.split("::")[0]
            if head in names and names[head]:
                used = names[head] + "::" + used
            # The module a path names, or the nearest one above it that is a file.
            parts = [p for p in used.split("::") if p not in ("*",)]
            while parts and "::".join(parts) not in modules:
                parts = parts[:-1]
            # What lib.rs (or main.rs) itself defines is the crate root's.
            target = "::".join(parts) if parts else "crate"
            if target != module and (STRICT or (not module.startswith(target + "::") and not target.startswith(module + "::"))):
                graph[module].add(target)
    return groups, loops(graph)


def main():
    crates = [("ludo (src/)", os.path.join(ROOT, "src"), lambda m: "src/" + m.split("::")[0])]
    for c in sorted(os.listdir(os.path.join(ROOT, "crates"))):
        crates.append((c, os.path.join(ROOT, "crates", c, "src"), None))
        tools = os.path.join(ROOT, "crates", c, "tools", "src")
        if os.path.isdir(tools):
            crates.append((c + "/tools", tools, None))
    print("| crate or layer | longest function (lines) | longest file (lines) |")
    print("|---|---|---|")
    all_loops = []
    for name, src, layer_of in crates:
        groups, found = crate_shape(name, src, layer_of)
        for g in sorted(groups):
            v = groups[g]
            print(f"| {g} | {v['fn'][0]} `{v['fn'][1]}` | {v['file'][0]} `{v['file'][1]}` |")
        all_loops += [(name, l) for l in found]
    print()
    print(f"import loops: {len(all_loops)}")
    for name, l in all_loops:
        print(f"  {name}: {' <-> '.join(l)}")


if __name__ == "__main__":
    main()
