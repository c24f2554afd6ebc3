#!/usr/bin/env python3
"""Takes every picture scripts/screenshots.toml lists, in order, and checks each one.

`python3 scripts/screenshots.py TABLE GAME SERVER ARTIFACTS` runs GAME (the built `ludo`) once
per shot, size and language under xvfb-run, with `--screenshot ARTIFACTS/NAME.png`; the game's
own check of its picture fails the run with its exit code, and then check-png.py's (missing,
tiny or blank). A shot that names {server} gets a room server (SERVER) of the run's own on
127.0.0.1 with a scratch SQLite database, started once and stopped at the end. `ONLY` (a
substring of the picture's name) takes only the shots whose names have it.

`SHOTS_JOBS` games run at a time (default: the number of cores), each under its own virtual
display: a game spends much of its run starting (Vulkan in software, shaders, fonts) on one
core. Each game's output goes to ARTIFACTS/NAME.log, printed when it fails. A shot's `before`
waits for the games running to end and runs before any later game starts, so a later shot
sees what it made. The first failure stops the run once the games running have ended.
Standard library only.
"""
import os
import shlex
import threading
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


def display_ranges(count: int) -> list[int]:
    """The first X display number of each worker's own range: each run looks for a free one
    from there (`xvfb-run -n N -a`), so two workers never race for one, and a worker's next game
    need not wait for the last one's display to be let go."""
    return [200 + 100 * i for i in range(count)]


class Runner:
    """Runs the games of the shots, `jobs` at a time, each worker on a display of its own."""

    def __init__(self, game: str, artifacts: Path, jobs: int):
        self.game, self.artifacts = game, artifacts
        runtime = Path(os.environ.get("XDG_RUNTIME_DIR", tempfile.gettempdir()))
        self.free = [(n, runtime / f"Xauthority-{n}") for n in display_ranges(jobs)]
        self.lock = threading.Condition()
        self.running = 0
        self.failed: str | None = None
        self.taken = 0

    def wait_idle(self) -> None:
        with self.lock:
            self.lock.wait_for(lambda: self.running == 0)

    def submit(self, name: str, size: str | None, args: list[str]) -> bool:
        """Starts the shot when a display is free; False once a shot has failed."""
        with self.lock:
            self.lock.wait_for(lambda: self.free or self.failed)
            if self.failed:
                return False
            display = self.free.pop()
            self.running += 1
        print(f"screenshot {name}: ludo {shlex.join(args)}", flush=True)
        threading.Thread(target=self.take, args=(name, size, args, display)).start()
        return True

    def take(self, name: str, size: str | None, args: list[str], display) -> None:
        number, xauth = display
        png = self.artifacts / f"{name}.png"
        log_path = self.artifacts / f"{name}.log"
        command = ["xvfb-run", "-n", str(number), "-a", "-f", str(xauth),
                   "-s", f"-screen 0 {size or DEFAULT_SCREEN}x24",
                   self.game, *args, "--screenshot", str(png)]
        began = time.monotonic()
        with open(log_path, "w") as log:
            code = subprocess.run(command, stdout=log, stderr=subprocess.STDOUT).returncode
        print(f"screenshot {name}: {time.monotonic() - began:.1f} s", flush=True)
        problem = None
        if code != 0:
            problem = f"screenshot {name}: the game exited {code}"
        elif check_png.main(str(png)) != 0:
            problem = f"screenshot {name}: the picture is missing, tiny or blank"
        if problem:
            tail = log_path.read_text(errors="replace").splitlines()[-40:]
            print("\n".join([f"--- {log_path} (last lines)", *tail, "---"]), file=sys.stderr)
            print(problem, file=sys.stderr, flush=True)
        with self.lock:
            self.running -= 1
            self.free.append(display)
            if problem and not self.failed:
                self.failed = problem
            if not problem:
                self.taken += 1
            self.lock.notify_all()


def main(table: str, game: str, server_binary: str, artifacts: str) -> int:
    artifacts_dir = Path(artifacts).resolve()
    artifacts_dir.mkdir(parents=True, exist_ok=True)
    try:
        shots = tomllib.loads(Path(table).read_text())["shot"]
    except (OSError, tomllib.TOMLDecodeError, KeyError) as e:
        print(f"{table}: expected a table of [[shot]]s: {e}", file=sys.stderr)
        return 2
    only = os.environ.get("ONLY", "")
    jobs = max(1, int(os.environ.get("SHOTS_JOBS", "0")) or os.cpu_count() or 1)
    server = RoomServer(server_binary, artifacts_dir)
    runner = Runner(game, artifacts_dir, jobs)
    started = time.monotonic()
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
                runner.wait_idle()
                if runner.failed:
                    break
                before = fill(shot["before"], **places)
                if subprocess.run(before, shell=True).returncode != 0:
                    print(f"{table}: shot {shot['name']}: `{before}` failed", file=sys.stderr)
                    return 1
            for size, lang in pairs:
                name = fill(shot["name"], size=size or "", lang=lang or "")
                args = shlex.split(fill(shot["args"], **places))
                args = (["--size", size] if size else []) + (["--lang", lang] if lang else []) + args
                if not runner.submit(name, size, args):
                    break
            if runner.failed:
                break
        runner.wait_idle()
    finally:
        runner.wait_idle()
        server.stop()
    if runner.failed:
        return 1
    print(f"screenshots: {runner.taken} taken and checked in {time.monotonic() - started:.0f} s "
          f"({jobs} at a time)")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 5:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(*sys.argv[1:]))
