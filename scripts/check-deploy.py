#!/usr/bin/env python3
"""Checks the recipes in deploy/ as far as this machine can: the systemd unit with
`systemd-analyze verify` (where installed; its ExecStart pointed at the server binary given),
the Dockerfile's instructions and stages, compose.yaml's services, files and networks, and
that every flag the three pass to ludo-server is one `ludo-server --help` lists. Building
the image and starting the containers needs a container engine, which is not checked here.

    python3 scripts/check-deploy.py PATH/TO/ludo-server
"""
import json
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
INSTRUCTIONS = {"FROM", "RUN", "COPY", "WORKDIR", "USER", "VOLUME", "EXPOSE", "STOPSIGNAL",
                "ENTRYPOINT", "CMD", "ENV", "ARG", "LABEL", "HEALTHCHECK", "ADD", "SHELL"}


def fail(msg):
    sys.exit(f"check-deploy: {msg}")


def flags_known(server):
    text = subprocess.run([server, "--help"], capture_output=True, text=True, check=True).stdout
    return set(re.findall(r"--[a-z][a-z-]+", text))


def check_flags(where, args, known):
    for a in args:
        if a.startswith("--") and a.split("=")[0] not in known:
            fail(f"{where}: ludo-server has no flag {a}")


def unit(server, known):
    text = (DEPLOY / "ludo-server.service").read_text()
    joined = text.replace("\\\n", " ")
    exec_start = next(l for l in joined.splitlines() if l.startswith("ExecStart="))
    args = shlex.split(exec_start.split("=", 1)[1])
    check_flags("ludo-server.service", args[1:], known)
    if not shutil.which("systemd-analyze"):
        print("deploy: systemd-analyze is not installed: the unit's flags checked, not the unit")
        return
    with tempfile.TemporaryDirectory() as d:
        copy = Path(d) / "ludo-server.service"
        binary = str(Path(server).resolve())
        copy.write_text(text.replace(f"ExecStart={args[0]}", f"ExecStart={binary}", 1))
        r = subprocess.run(["systemd-analyze", "verify", "--man=no", str(copy)],
                           capture_output=True, text=True)
        said = (r.stdout + r.stderr).strip()
        if r.returncode != 0 or "ludo-server.service" in said:
            fail(f"systemd-analyze verify: {said}")
    print("deploy: systemd-analyze verify passes the unit")


def dockerfile(known):
    lines = (DEPLOY / "Dockerfile").read_text().replace("\\\n", " ").splitlines()
    stages, entry = [], []
    for l in lines:
        l = l.strip()
        if not l or l.startswith("#"):
            continue
        word, _, rest = l.partition(" ")
        if word not in INSTRUCTIONS:
            fail(f"Dockerfile: {word} is not an instruction")
        if not stages and word not in ("FROM", "ARG"):
            fail("Dockerfile: the first instruction is not FROM")
        if word == "FROM":
            m = re.search(r"\bAS\s+(\S+)", rest, re.I)
            stages.append(m.group(1) if m else None)
        if word == "COPY" and "--from=" in rest:
            stage = re.search(r"--from=(\S+)", rest).group(1)
            if stage not in stages[:-1]:
                fail(f"Dockerfile: COPY --from={stage}: no earlier stage of that name")
        if word in ("ENTRYPOINT", "CMD"):
            entry += json.loads(rest)
    check_flags("Dockerfile", entry[1:], known)
    print(f"deploy: the Dockerfile's {len(stages)} stages and instructions hold together")


def compose(known):
    c = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    services = c["services"]
    for name, s in services.items():
        if "image" not in s and "build" not in s:
            fail(f"compose.yaml: {name} has neither image nor build")
        b = s.get("build")
        if b and not (DEPLOY / b["context"] / b["dockerfile"]).is_file():
            fail(f"compose.yaml: {name}: no {b['dockerfile']} in {b['context']}")
        deps = s.get("depends_on", [])
        for d in (deps if isinstance(deps, list) else deps.keys()):
            if d not in services:
                fail(f"compose.yaml: {name} depends on {d}, which is no service")
        for v in s.get("volumes", []):
            src = v.split(":")[0]
            if src.startswith(".") and not (DEPLOY / src).exists():
                fail(f"compose.yaml: {name}: no {src}")
            if not src.startswith((".", "/")) and src not in c.get("volumes", {}):
                fail(f"compose.yaml: {name}: volume {src} is not declared")
        if b:
            check_flags(f"compose.yaml {name}", s.get("command", []), known)
    proxy = services["proxy"]["networks"]["default"]["ipv4_address"]
    for name, s in services.items():
        if s.get("build") and proxy not in s.get("command", []):
            fail(f"compose.yaml: {name} does not name the proxy {proxy} in --proxies")
    print(f"deploy: compose.yaml's {len(services)} services hold together")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    known = flags_known(sys.argv[1])
    unit(sys.argv[1], known)
    dockerfile(known)
    compose(known)
    print("deploy: not checked here: building the image and running it (no container engine)")


if __name__ == "__main__":
    main()
