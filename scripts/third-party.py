#!/usr/bin/env python3
"""Writes the licences of every crate built into the desktop game (`ludo` and what it links,
for Linux), for the download: a list (name, version, licence) and then each crate's own
licence files as shipped in its package. Standard library only; reads `cargo metadata`.

    python3 scripts/third-party.py OUT.txt
"""
import json
import subprocess
import sys
from pathlib import Path

target = subprocess.run(["rustc", "-vV"], capture_output=True, text=True, check=True).stdout
host = next(l.split(": ")[1] for l in target.splitlines() if l.startswith("host: "))
meta = json.loads(subprocess.run(
    ["cargo", "metadata", "--format-version", "1", "--locked", "--filter-platform", host],
    capture_output=True, text=True, check=True).stdout)
packages = {p["id"]: p for p in meta["packages"]}
nodes = {n["id"]: n for n in meta["resolve"]["nodes"]}
root = next(p["id"] for p in meta["packages"] if p["name"] == "ludo" and p["source"] is None)

# What the game links: normal dependencies (not dev-only, not build scripts), transitively.
seen, todo = set(), [root]
while todo:
    pid = todo.pop()
    if pid in seen:
        continue
    seen.add(pid)
    for dep in nodes[pid]["deps"]:
        if any(k["kind"] is None for k in dep["dep_kinds"]):
            todo.append(dep["pkg"])

crates = sorted((packages[p] for p in seen if packages[p]["source"]), key=lambda p: (p["name"], p["version"]))
out = [
    "Ludo links these crates (from crates.io); each is used under the licence named here.",
    "Their licence files follow the list.",
    "",
]
out += [f"{p['name']} {p['version']}: {p['license'] or p.get('license_file') or 'unstated'}" for p in crates]
for p in crates:
    folder = Path(p["manifest_path"]).parent
    files = sorted(f for f in folder.iterdir()
                   if f.is_file() and f.name.upper().startswith(("LICENSE", "LICENCE", "COPYING", "NOTICE")))
    out += ["", "=" * 78, f"{p['name']} {p['version']} ({p['license'] or 'see below'})", "=" * 78]
    if not files:
        out.append(f"(the package ships no licence file; its manifest says: {p['license']})")
    for f in files:
        out += ["", f"--- {f.name} ---", f.read_text(errors="replace").rstrip()]
Path(sys.argv[1]).write_text("\n".join(out) + "\n")
print(f"{sys.argv[1]}: {len(crates)} crates")
