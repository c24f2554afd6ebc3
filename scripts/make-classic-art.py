#!/usr/bin/env python3
"""Makes the pictures of the "classic" theme in assets/themes/classic/sprites/: a standing
pawn, drawn white with light and shade so the game tints it with each seat's colour (the
owner mark is drawn on its body by the game), and the goal's emblem, a gold star.

Standard library only and deterministic: `python3 scripts/make-classic-art.py`. The pawn is
white where the screenshot check samples a piece (its head's middle), so the check sees the
seat's colour there (within its tolerance).
"""
import importlib.util
import math
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "themes" / "classic" / "sprites"

# The PNG writer and blending of the night theme's script.
_spec = importlib.util.spec_from_file_location("night", ROOT / "scripts" / "make-night-theme.py")
night = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(night)
smooth, over, write_png = night.smooth, night.over, night.write_png


def pawn(x, y):
    """The standing pawn of the night theme's script, with a dark outline, and a soft glint
    on its head (white, so the tint keeps it the seat's colour)."""
    return night.pawn(x, y)


def emblem(x, y, size=192):
    """The goal's crown: a white five-pointed star with a dark edge and a soft shadow in the
    middle of the goal, the four triangles showing around it (transparent elsewhere)."""
    c = size / 2
    def star_distance(px, py):
        # Inside test of a five-pointed star by its polygon, and the distance to its edge.
        outer, inner = size * 0.15, size * 0.065
        pts = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rr = outer if i % 2 == 0 else inner
            pts.append((c + rr * math.cos(a), c + rr * math.sin(a)))
        inside = False
        best = 1e9
        for i in range(10):
            (x1, y1), (x2, y2) = pts[i], pts[(i + 1) % 10]
            if (y1 > py) != (y2 > py) and px < (x2 - x1) * (py - y1) / (y2 - y1) + x1:
                inside = not inside
            dx, dy = x2 - x1, y2 - y1
            t = max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy)))
            best = min(best, math.hypot(px - x1 - t * dx, py - y1 - t * dy))
        return best if inside else -best
    # A disc of the board's track colour behind the star, so it reads on all four colours.
    d = math.hypot(x - c, y - c) / (size * 0.2)
    disc_a = 1 - smooth(0.94, 1.0, d)
    ring = smooth(0.86, 0.92, d) * (1 - smooth(0.96, 1.0, d))
    shade = 0.97 - 0.75 * ring
    disc = (shade * 0.97, shade * 0.96, shade * 0.93, disc_a)
    sd = star_distance(x - size * 0.008, y - size * 0.012)
    shadow = (0.0, 0.0, 0.0, 0.35 * smooth(-1.5, 1.5, sd))
    s = star_distance(x, y)
    star_a = smooth(-0.8, 0.8, s)
    edge = 1 - smooth(1.2, 2.6, s)
    gold = (0.98 - 0.5 * edge, 0.77 - 0.4 * edge, 0.16 - 0.1 * edge, star_a)
    return over(gold, over(shadow, disc))


def main():
    write_png(OUT / "pawn.png", night.PAWN_W, night.PAWN_H, pawn)
    write_png(OUT / "emblem.png", 192, 192, emblem)
    # Round the check's point (the head's middle) and on the body where the mark goes, the
    # pawn is white, in both themes.
    hx, hy, _ = night.HEAD
    for art in (pawn, night.piece):
        for dx in range(-4, 5):
            for dy in range(-4, 5):
                px = art(hx + dx, hy + dy)
                assert min(px[:3]) > 0.93 and px[3] > 0.99, (dx, dy, px)
    for p in sorted(OUT.glob("*.png")):
        print(f"{p.relative_to(ROOT)}: {p.stat().st_size} bytes")


if __name__ == "__main__":
    main()
