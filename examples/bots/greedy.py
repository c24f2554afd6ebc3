#!/usr/bin/env python3
"""A small Ludo bot for `ludo-cli tournament --bot greedy="python3 examples/bots/greedy.py"`.

Standard library only. It reads one JSON request per line on stdin and answers one JSON
line on stdout: {"id": <the request's id>, "move": <index into "moves">}. See
docs/BOT_PROTOCOL.md. Its taste: win, capture, reach the goal, leave base, then walk the
piece that is furthest along.
"""
import json
import sys


def score(option):
    events = [e["event"] for e in option["events"]]
    s = 0
    if "game_over" in events:
        s += 1000
    s += 100 * events.count("captured")
    if "reached_goal" in events:
        s += 50
    if "entered" in events:
        s += 40
    to = option["to"]
    s += to if isinstance(to, int) else 0
    return s


def main():
    for line in sys.stdin:
        request = json.loads(line)
        moves = request["moves"]
        best = max(range(len(moves)), key=lambda i: score(moves[i]))
        print(json.dumps({"id": request["id"], "move": best}), flush=True)


if __name__ == "__main__":
    main()
