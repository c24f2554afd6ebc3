#!/usr/bin/env python3
"""Takes every picture scripts/screenshots.toml lists, in order, and checks each one.

`python3 scripts/screenshots.py TABLE GAME SERVER ARTIFACTS` runs GAME (the built `ludo`) once
per shot, size and language under xvfb-run, with `--screenshot ARTIFACTS/NAME.png`; the game's
own check of its picture fails the run with its exit code, and then check-png.py's (missing,
tiny or blank). A shot that names {server} gets a room server (SERVER) of the run's own on
127.0.0.1 with a scratch SQLite database, started once and stopped at the end. `ONLY` (a
substring of the picture's name) takes only the shots whose names have it.
Standard library only.
"""
import os
import shlex
import socket
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
check_png = __import__("check-png")

DEFAULT_SCREEN = "1280x720"


def expand(shot: dict) -> list[tuple[str | None, str | None]]:
    """The (size, lang) pairs of one shot: its `shots`, else its sizes × its langs."""
    if "shots" in shot:
        return [tuple(pair.split()) for pair in shot["shots"]]
    return [(s, l) for s in shot.get("sizes", [None]) for l in shot.get("langs", [None])]


def fill(template: str, **values: str) -> str:
    for key, value in values.items():
        template = template.replace("{" + key + "}", value)
    return template


class RoomServer:
    """A room server on a free loopback port, started on first use."""

    def __init__(self, binary: str, artifacts: Path):
        self.binary, self.artifacts = binary, artifacts
        self.process = None
        self.folder = tempfile.TemporaryDirectory(prefix="ludo-shots-")
        self.db = str(Path(self.folder.name) / "lobby.sqlite")
        self.url = ""

    def start(self) -> None:
        if self.process:
            return
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        log = open(self.artifacts / "lobby-server.log", "w")
        self.process = subprocess.Popen(
            [self.binary, "--addr", "127.0.0.1", "--port", str(port), "--db", self.db],
            stdout=log, stderr=subprocess.STDOUT)
        self.url = f"ws://127.0.0.1:{port}/ws"
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise SystemExit(f"the room server exited ({self.process.returncode}): "
                                 f"see {self.artifacts / 'lobby-server.log'}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.1)
        raise SystemExit(f"the room server did not listen on 127.0.0.1:{port} within 20 s")

    def stop(self) -> None:
        if self.process:
            self.process.terminate()
            self.process.wait(timeout=10)
        self.folder.cleanup()


def main(table: str, game: str, server_binary: str, artifacts: str) -> int:
    artifacts_dir = Path(artifacts).resolve()
    artifacts_dir.mkdir(parents=True, exist_ok=True)
    try:
        shots = tomllib.loads(Path(table).read_text())["shot"]
    except (OSError, tomllib.TOMLDecodeError, KeyError) as e:
        print(f"{table}: expected a table of [[shot]]s: {e}", file=sys.stderr)
        return 2
    only = os.environ.get("ONLY", "")
    xauth = Path(os.environ.get("XDG_RUNTIME_DIR", tempfile.gettempdir())) / "Xauthority"
    server = RoomServer(server_binary, artifacts_dir)
    taken, started = 0, time.monotonic()
    try:
        for number, shot in enumerate(shots, 1):
            if "name" not in shot or "args" not in shot:
                print(f"{table}: shot {number} needs a name and args", file=sys.stderr)
                return 2
            pairs = [(s, l) for s, l in expand(shot)
                     if only in fill(shot["name"], size=s or "", lang=l or "")]
            if not pairs:
                continue
            needs_server = "{server}" in shot["args"] + shot.get("before", "")
            if needs_server:
                server.start()
            places = dict(artifacts=str(artifacts_dir), server=server.url, db=server.db)
            if "before" in shot:
                before = fill(shot["before"], **places)
                if subprocess.run(before, shell=True).returncode != 0:
                    print(f"{table}: shot {shot['name']}: `{before}` failed", file=sys.stderr)
                    return 1
            for size, lang in pairs:
                name = fill(shot["name"], size=size or "", lang=lang or "")
                png = artifacts_dir / f"{name}.png"
                args = shlex.split(fill(shot["args"], **places))
                args = (["--size", size] if size else []) + (["--lang", lang] if lang else []) + args
                command = ["xvfb-run", "-a", "-f", str(xauth),
                           "-s", f"-screen 0 {size or DEFAULT_SCREEN}x24",
                           game, *args, "--screenshot", str(png)]
                print(f"screenshot {name}: ludo {shlex.join(args)}", flush=True)
                code = subprocess.run(command).returncode
                if code != 0:
                    print(f"screenshot {name}: the game exited {code}", file=sys.stderr)
                    return 1
                if check_png.main(str(png)) != 0:
                    return 1
                taken += 1
    finally:
        server.stop()
    print(f"screenshots: {taken} taken and checked in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 5:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(*sys.argv[1:]))
