#!/usr/bin/env python3
"""Draws the browser build's app icons (web/icons/icon-192.png, icon-512.png): the board's four
yards in the classic theme's colours around a light cross, the home triangle in the middle.
Everything a phone's launcher crops to a circle or a rounded square stays inside the middle
80 %, so the same picture serves as a maskable icon. Run again after changing the colours."""
import struct
import sys
import zlib
from pathlib import Path

YARDS = {  # the classic theme's seat colours, by corner (top-left first, clockwise)
    "tl": (0xDB, 0x38, 0x2B), "tr": (0x29, 0x99, 0x4D),
    "br": (0xED, 0xB8, 0x0D), "bl": (0x21, 0x70, 0xDB),
}
TRACK = (0xF4, 0xF1, 0xE8)
BACK = (0x1B, 0x1B, 0x1B)


def pixel(x: float, y: float) -> tuple:
    """The colour at (x, y), both in 0..1 across the icon."""
    # The board: a square inset so that it sits in the maskable safe zone.
    m = 0.12
    if not (m <= x <= 1 - m and m <= y <= 1 - m):
        return BACK
    u, v = (x - m) / (1 - 2 * m), (y - m) / (1 - 2 * m)
    a, b = 6 / 15, 9 / 15  # the cross is three squares wide of fifteen
    if a <= u <= b and a <= v <= b:
        # Home: four triangles meeting in the middle, each at the end of its colour's home
        # column (red's the left arm, green's the top, yellow's the right, blue's the bottom).
        du, dv = u - 0.5, v - 0.5
        if abs(du) >= abs(dv):
            return YARDS["br"] if du > 0 else YARDS["tl"]
        return YARDS["bl"] if dv > 0 else YARDS["tr"]
    if a <= u <= b or a <= v <= b:
        return TRACK
    corner = ("t" if v < a else "b") + ("l" if u < a else "r")
    colour = YARDS[corner]
    # A light yard in each corner, with a piece in it.
    cu, cv = (0.2 if u < a else 0.8), (0.2 if v < a else 0.8)
    d = ((u - cu) ** 2 + (v - cv) ** 2) ** 0.5
    if d < 0.07:
        return colour
    if d < 0.13:
        return TRACK
    return colour


def png(size: int) -> bytes:
    ss = 3  # samples per pixel side, for smooth edges
    rows = bytearray()
    for py in range(size):
        rows.append(0)
        for px in range(size):
            acc = [0, 0, 0]
            for sy in range(ss):
                for sx in range(ss):
                    c = pixel((px + (sx + 0.5) / ss) / size, (py + (sy + 0.5) / ss) / size)
                    for i in range(3):
                        acc[i] += c[i]
            rows.extend(round(a / (ss * ss)) for a in acc)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b""))


out = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).parent.parent / "web" / "icons")
out.mkdir(parents=True, exist_ok=True)
for size in (192, 512):
    (out / f"icon-{size}.png").write_bytes(png(size))
    print(out / f"icon-{size}.png")
