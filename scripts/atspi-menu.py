#!/usr/bin/python3
"""Reads the game's window through AT-SPI, as a screen reader on Linux does: waits for an
application with a window named Ludo, walks its accessibility tree and prints every button's
name as JSON. Exits non-zero if none of NAMES (the menu's English buttons) is there in time.

Run by scripts/atspi-test.sh inside its own D-Bus session, beside the game.
"""
import json
import sys
import time

import pyatspi

NAMES = sys.argv[1:]
DEADLINE = time.time() + 60


def walk(node, depth=0):
    if node is None or depth > 40:
        return
    yield node
    for i in range(node.childCount):
        try:
            yield from walk(node.getChildAtIndex(i), depth + 1)
        except Exception:  # a node gone while walking: the next pass sees the new tree
            continue


def buttons():
    desktop = pyatspi.Registry.getDesktop(0)
    found = []
    for app in desktop:
        if app is None:
            continue
        for node in walk(app):
            try:
                if node.getRole() == pyatspi.ROLE_PUSH_BUTTON:
                    found.append(node.name)
            except Exception:
                continue
    return found


seen = []
while time.time() < DEADLINE:
    seen = buttons()
    if all(n in seen for n in NAMES):
        print(json.dumps({"buttons": seen}))
        sys.exit(0)
    time.sleep(1)
print(json.dumps({"buttons": seen, "missing": [n for n in NAMES if n not in seen]}))
sys.exit(1)
