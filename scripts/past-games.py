#!/usr/bin/env python3
"""Past games for the pictures of the Past games window: every record of `ludo-cli record` in
DIR (N.json) becomes a game file there (DIR/game-NN.json) as played by Ana at the first seat,
finished an hour after the one before. `python3 scripts/past-games.py DIR`
"""
import json
import sys
from pathlib import Path

# 2026-12-05 06:00 UTC: the first game's end.
FIRST = 1_796_450_400


def main():
    out = Path(sys.argv[1])
    records = sorted(out.glob("[0-9]*.json"), key=lambda p: int(p.stem))
    if not records:
        sys.exit(f"{out}: no records (N.json)")
    for n, path in enumerate(records):
        record = json.loads(path.read_text())
        record["players"][0] = "Ana"
        game = {"record": record, "finished": FIRST + 3600 * n}
        (out / f"game-{n:02}.json").write_text(json.dumps(game))
        path.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main())
