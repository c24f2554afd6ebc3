#!/usr/bin/env python3
"""Makes the art, sounds and font of the "night" theme in assets/themes/night/.

Pictures and sounds use the standard library only and are deterministic (fixed seeds), so
they are made by this project and can be regenerated: `python3 scripts/make-night-theme.py`.
The font is DejaVu Sans Condensed Bold from Debian's fonts-dejavu-core (a free licence, kept
beside it), cut to Latin characters with fontTools (`apt-get install fonts-dejavu-core
python3-fonttools`); without fontTools the font step is skipped and the committed font kept.
"""
import math
import random
import shutil
import struct
import subprocess
import sys
import wave
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "assets" / "themes" / "night"


# ---- pictures -------------------------------------------------------------------------

def write_png(path, w, h, pixel):
    """`pixel(x, y)` gives (r, g, b, a) floats in 0..1 at the pixel's centre."""
    rows = bytearray()
    for y in range(h):
        rows.append(0)  # filter: none
        for x in range(w):
            r, g, b, a = pixel(x + 0.5, y + 0.5)
            rows += bytes(max(0, min(255, round(v * 255))) for v in (r, g, b, a))
    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    png = b"\x89PNG\r\n\x1a\n"
    png += chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(bytes(rows), 9))
    png += chunk(b"IEND", b"")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(png)


def smooth(edge0, edge1, x):
    t = max(0.0, min(1.0, (x - edge0) / (edge1 - edge0)))
    return t * t * (3 - 2 * t)


def over(top, bottom):
    """Porter-Duff `top` over `bottom`, straight alpha."""
    ta, ba = top[3], bottom[3]
    a = ta + ba * (1 - ta)
    if a <= 0:
        return (0.0, 0.0, 0.0, 0.0)
    return tuple((top[i] * ta + bottom[i] * ba * (1 - ta)) / a for i in range(3)) + (a,)


# A standing pawn, 128 wide and 160 high (taller than wide, so the game stands it): a round head,
# a collar, a flared body and a disc for a foot whose bottom is the picture's bottom edge.
# The game draws the owner mark on the body at 30% of the way up and samples the seat's
# colour at the head's middle (a fifth of the way down), so both stay plain white.
PAWN_W, PAWN_H = 128, 160
HEAD = (64.0, 32.0, 26.0)           # centre x, y and radius
COLLAR = (64.0, 61.0, 24.0, 6.5)    # centre x, y and radii
NECK_Y, FOOT_TOP = 61.0, 134.0      # the body runs between them
BASE = (64.0, 136.0, 146.0, 59.0, 11.0)  # x, top and bottom ellipse centres' y, radii


def body_half_width(y):
    t = (y - NECK_Y) / (FOOT_TOP - NECK_Y)
    return 16.0 + 30.0 * max(0.0, t) ** 1.55


def ellipse_inside(x, y, cx, cy, rx, ry):
    """How far (x, y) lies inside the ellipse, in pixels (negative outside): its implicit
    function over the length of its gradient."""
    dx, dy = (x - cx) / rx, (y - cy) / ry
    e = math.hypot(dx, dy)
    if e < 1e-6:
        return min(rx, ry)
    grad = math.hypot(dx / rx, dy / ry) / e
    return (1 - e) / grad


def pawn_parts(x, y):
    """The parts of the pawn at (x, y), front first, each with how far inside it the point
    lies (in pixels): 'head', 'collar', 'body', 'base_top', 'base_side'."""
    hx, hy, hr = HEAD
    cx, cy, crx, cry = COLLAR
    bx, bt, bb, brx, bry = BASE
    parts = [("head", hr - math.hypot(x - hx, y - hy)),
             ("collar", ellipse_inside(x, y, cx, cy, crx, cry))]
    if NECK_Y - 8 <= y <= FOOT_TOP + 4:
        parts.append(("body", min(body_half_width(y) - abs(x - bx), FOOT_TOP + 4 - y)))
    parts.append(("base_top", ellipse_inside(x, y, bx, bt, brx, bry)))
    band = min(brx - abs(x - bx), y - bt, bb - y)
    parts.append(("base_side", max(band, ellipse_inside(x, y, bx, bb, brx, bry))))
    return [(name, d) for name, d in parts if d > -1.5]


def pawn(x, y, edge=0.16, shade_to=0.72, rim=None):
    """The pawn lit from the upper left, cel-shaded (flat white, a band of shade down the
    right side, a dark outline round every part), white so the game tints it. `rim` gives a
    glass edge instead of a dark one (the night theme)."""
    parts = pawn_parts(x, y)
    if not parts:
        return (0.0, 0.0, 0.0, 0.0)
    # The silhouette's alpha from the outermost distance; the front part's own shading, the
    # front part being the first the point is well inside.
    outer = max(d for _, d in parts)
    alpha = smooth(-1.0, 0.6, outer)
    name, d = next(((n, d) for n, d in parts if d > 0.0), parts[-1])
    hx, hy, hr = HEAD
    if name == "head":
        nx, ny = (x - hx) / hr, (y - hy) / hr
        nz = math.sqrt(max(0.0, 1 - nx * nx - ny * ny))
        lit = -0.5 * nx - 0.55 * ny + 0.67 * nz
        v = shade_to + (1 - shade_to) * smooth(0.18, 0.32, lit)
    elif name == "base_top":
        v = 0.94 - 0.12 * smooth(0.3, 1.0, (x - BASE[0]) / BASE[3])
    elif name == "base_side":
        v = 0.80 - 0.16 * smooth(0.0, 1.0, (x - BASE[0]) / BASE[3])
    else:
        hw = body_half_width(y) if name == "body" else COLLAR[2]
        u = (x - BASE[0]) / max(hw, 1.0)
        v = 1.0 - (1 - shade_to) * smooth(0.38, 0.9, u)
    # The outline: near a part's own edge, darker (or a glass rim, lighter).
    line = 1 - smooth(0.8, 2.4, d)
    if rim is None:
        v = v * (1 - line) + edge * line
    else:
        v = v * (1 - line * 0.5) + rim * line * 0.5
    return (v, v, v, alpha)


def piece(x, y):
    """The night theme's pawn: the same standing pawn with a pale glass rim for a dark
    board, and a glint on its head."""
    px = pawn(x, y, shade_to=0.66, rim=1.0)
    hx, hy, hr = HEAD
    g = max(0.0, 1 - math.hypot(x - (hx - hr * 0.42), y - (hy - hr * 0.42)) / (hr * 0.28)) ** 2
    return over((1.0, 1.0, 1.0, 0.8 * g * px[3]), px)


PIPS = {
    1: [(0, 0)],
    2: [(-1, 1), (1, -1)],
    3: [(-1, 1), (0, 0), (1, -1)],
    4: [(-1, 1), (1, -1), (1, 1), (-1, -1)],
    5: [(-1, 1), (1, -1), (1, 1), (-1, -1), (0, 0)],
    6: [(-1, 1), (1, -1), (1, 1), (-1, -1), (-1, 0), (1, 0)],
}


def die_face(n, size=128):
    """A midnight-blue die with a rounded edge and glowing amber pips."""
    half = size / 2
    radius = size * 0.16
    def pixel(x, y):
        # Rounded square: distance outside the inner square, against the corner radius.
        qx = max(abs(x - half) - (half - radius), 0)
        qy = max(abs(y - half) - (half - radius), 0)
        outside = math.hypot(qx, qy) - radius
        alpha = 1 - smooth(-1.5, 0.0, outside)
        edge = smooth(-6.0, -2.0, outside)
        body = (0.09 + 0.25 * edge, 0.11 + 0.45 * edge, 0.22 + 0.55 * edge, alpha)
        for px, py in PIPS[n]:
            d = math.hypot(x - (half + px * size * 0.27), y - (half - py * size * 0.27))
            core = 1 - smooth(size * 0.075, size * 0.09, d)
            glow = max(0.0, 1 - d / (size * 0.16)) ** 2 * 0.6
            body = over((1.0, 0.78, 0.30, max(core, glow) * alpha), body)
        return body
    return pixel


def backdrop(x, y, size=256):
    """Night sky under the board: deep blue, a faint grid of lines, scattered stars."""
    v = y / size
    sky = (0.03 + 0.03 * v, 0.05 + 0.04 * v, 0.13 + 0.06 * v, 1.0)
    return sky


def stars(size, count, seed):
    rnd = random.Random(seed)
    return [(rnd.uniform(0, size), rnd.uniform(0, size), rnd.uniform(0.6, 1.8),
             rnd.uniform(0.3, 0.9)) for _ in range(count)]


def backdrop_pixel(size=256):
    points = stars(size, 90, 7)
    def pixel(x, y):
        c = backdrop(x, y, size)
        for sx, sy, r, bright in points:
            d = math.hypot(x - sx, y - sy)
            if d < r * 2.5:
                c = over((0.85, 0.90, 1.0, bright * max(0.0, 1 - d / (r * 2.5))), c)
        return c
    return pixel


def goal(x, y, size=192):
    """A crescent moon on a round dark disc, transparent corners so the goal's coloured
    triangles show around it."""
    half = size / 2
    d = math.hypot(x - half, y - half) / half
    disc_a = (1 - smooth(0.60, 0.66, d)) * 0.92
    disc = (0.05, 0.07, 0.16, disc_a)
    ring = (1 - smooth(0.01, 0.03, abs(d - 0.63))) * 0.9
    c = over((1.0, 0.80, 0.35, ring), disc)
    moon = math.hypot(x - half * 0.92, y - half) / half
    bite = math.hypot(x - half * 1.12, y - half * 0.9) / half
    lit = (1 - smooth(0.36, 0.39, moon)) * smooth(0.30, 0.33, bite)
    return over((1.0, 0.86, 0.45, lit), c)


# ---- sounds ---------------------------------------------------------------------------

RATE = 22050


def write_wav(name, samples):
    peak = max(1e-9, max(abs(s) for s in samples))
    path = OUT / "sounds" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(24000 * s / peak)) for s in samples))


def bell(freq, secs, decay=3.0):
    """A soft glass bell: a sine with a quiet inharmonic partial, slow decay."""
    n = int(RATE * secs)
    out = []
    for i in range(n):
        t = i / RATE
        a = min(1.0, t / 0.004) * math.exp(-decay * t / secs)
        out.append(a * (math.sin(2 * math.pi * freq * t)
                        + 0.25 * math.sin(2 * math.pi * freq * 2.76 * t)))
    return out


def hush(secs, seed, decay=4.0):
    """Brushed noise, low-passed: a soft tap."""
    rnd = random.Random(seed)
    n = int(RATE * secs)
    out, last = [], 0.0
    for i in range(n):
        last = 0.85 * last + 0.15 * rnd.uniform(-1, 1)
        out.append(last * math.exp(-decay * i / n))
    return out


def seq(*parts, gap=0.0):
    out = []
    for p in parts:
        out += p + [0.0] * int(gap * RATE)
    return out


def mix(*parts):
    n = max(len(p) for p in parts)
    return [sum(p[i] for p in parts if i < len(p)) for i in range(n)]


def make_sounds():
    roll = []
    for k, gap in enumerate([0.06, 0.08, 0.07, 0.1, 0.14]):
        roll += mix(hush(0.05, 20 + k), [0.3 * s for s in bell(300 + 40 * k, 0.05, 6)])
        roll += [0.0] * int(gap * RATE)
    write_wav("roll.wav", roll)
    write_wav("step.wav", mix(bell(440, 0.09, 5), hush(0.03, 2)))
    thump = mix([2.0 * s for s in hush(0.2, 8, 6.0)], [0.8 * s for s in bell(70, 0.2, 4)])
    write_wav("capture.wav", mix(thump, [0.0] * int(0.05 * RATE) + seq(bell(330, 0.12, 4), bell(196, 0.35, 3))))
    write_wav("land.wav", mix(hush(0.04, 31, 5), [0.5 * s for s in bell(220, 0.07, 6)]))
    write_wav("enter.wav", seq(bell(392, 0.05, 5), bell(587, 0.12, 4)))
    write_wav("goal.wav", seq(bell(392, 0.12), bell(494, 0.12), bell(587, 0.35), gap=0.01))
    write_wav("win.wav", seq(bell(392, 0.14), bell(494, 0.14), bell(587, 0.14),
                             mix(bell(784, 0.8, 2.5), bell(587, 0.8, 2.5)), gap=0.02))
    write_wav("click.wav", bell(880, 0.04, 6))
    write_wav("extra_roll.wav", seq(bell(587, 0.08), bell(784, 0.14), gap=0.01))
    write_wav("three_sixes.wav", seq(bell(220, 0.16), bell(175, 0.4, 2.5), gap=0.02))
    write_wav("your_turn.wav", seq(bell(659, 0.1), bell(659, 0.22), gap=0.07))


# ---- font -----------------------------------------------------------------------------

FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf")
LICENCE = Path("/usr/share/doc/fonts-dejavu-core/copyright")


def make_font():
    target = OUT / "fonts" / "DejaVuSansCondensed-Bold-Latin.ttf"
    try:
        from fontTools import subset  # noqa: F401
    except ImportError:
        print("fontTools is missing: the committed font is kept", file=sys.stderr)
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    # Basic Latin, Latin-1, Latin Extended-A (Filipino and Indonesian names), punctuation,
    # arrows and the shapes the game writes (• … → ✚ ○ □ △).
    unicodes = "U+0020-007E,U+00A0-017F,U+2010-2027,U+2030-203A,U+2190-2193,U+25A0-25CF,U+271A"
    subprocess.run([sys.executable, "-m", "fontTools.subset", str(FONT),
                    f"--unicodes={unicodes}", f"--output-file={target}",
                    "--layout-features=kern,liga", "--no-hinting"], check=True)
    shutil.copy(LICENCE, target.parent / "LICENSE-DejaVu.txt")


def main():
    write_png(OUT / "sprites" / "piece.png", PAWN_W, PAWN_H, piece)
    for n in range(1, 7):
        write_png(OUT / "sprites" / f"die-{n}.png", 128, 128, die_face(n))
    write_png(OUT / "sprites" / "backdrop.png", 256, 256, backdrop_pixel())
    write_png(OUT / "sprites" / "goal.png", 192, 192, goal)
    make_sounds()
    make_font()
    for p in sorted(OUT.rglob("*")):
        if p.is_file() and p.suffix in (".png", ".wav", ".ttf"):
            print(f"{p.relative_to(OUT)}: {p.stat().st_size} bytes")


if __name__ == "__main__":
    main()
