#!/usr/bin/env python3
"""Puts a few rated profiles into a room server's database (its schema already made: run it
after the server has started), so that a screenshot of the leaderboard shows a board:
`python3 scripts/demo-leaderboard.py DB`. One name is HTML, which every view must show as text.
"""
import hashlib
import sqlite3
import sys

PLAYERS = [
    ("Ana", 1712.4, 31, 12), ("Budi", 1650.9, 18, 7), ("Chen Wei", 1604.2, 9, 3),
    ("Dalisay", 1588.0, 12, 4), ("<b>Eko</b>", 1531.7, 6, 2), ("Farah", 1498.3, 22, 5),
    ("Gus", 1455.1, 5, 1), ("Hana", 1620.0, 4, 4),
]

db = sqlite3.connect(sys.argv[1])
for name, rating, games, wins in PLAYERS:
    key = hashlib.sha256(f"demo-{name}".encode()).hexdigest()
    db.execute(
        "INSERT OR IGNORE INTO profiles(key_hash, name, rating, games, wins, created) "
        "VALUES(?, ?, ?, ?, ?, 0)", (key, name, rating, games, wins))
db.commit()
