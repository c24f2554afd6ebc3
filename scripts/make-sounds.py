#!/usr/bin/env python3
"""Generates the game's sound effects as small 16-bit mono WAV files in assets/sounds/.

Standard library only, deterministic (fixed seeds), so the sounds are made by this project
and can be regenerated: `python3 scripts/make-sounds.py`.
"""
import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"


def write(name, samples):
    OUT.mkdir(parents=True, exist_ok=True)
    peak = max(1e-9, max(abs(s) for s in samples))
    with wave.open(str(OUT / name), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(30000 * s / peak)) for s in samples))


def env(i, n, attack=0.005, release=0.6):
    t = i / RATE
    a = min(1.0, t / attack) if attack > 0 else 1.0
    return a * math.exp(-t / (release * n / RATE + 1e-9) * 3)


def tone(freq, secs, shape=math.sin, release=0.6, glide=0.0):
    n = int(RATE * secs)
    out = []
    phase = 0.0
    for i in range(n):
        f = freq * (1 + glide * i / n)
        phase += 2 * math.pi * f / RATE
        out.append(shape(phase) * env(i, n, release=release))
    return out


def mix(*parts):
    n = max(len(p) for p in parts)
    return [sum(p[i] for p in parts if i < len(p)) for i in range(n)]


def seq(*parts, gap=0.0):
    out = []
    for p in parts:
        out += p + [0.0] * int(gap * RATE)
    return out


def noise(secs, seed, release=0.3):
    rnd = random.Random(seed)
    n = int(RATE * secs)
    return [rnd.uniform(-1, 1) * env(i, n, attack=0.001, release=release) for i in range(n)]


def rattle():
    # A die tumbling: a few wooden knocks with falling spacing.
    out = []
    for k, secs in enumerate([0.05, 0.07, 0.06, 0.09, 0.12]):
        knock = mix(noise(0.03, 10 + k, 0.2), tone(420 + 60 * k, 0.03, release=0.3))
        out += knock + [0.0] * int(secs * RATE)
    return out


def thump():
    # A low body blow: a sine falling from 90 to 45 Hz under a short burst of noise.
    return mix(tone(90, 0.2, release=0.35, glide=-0.5), [0.5 * x for x in noise(0.05, 7, 0.15)])


def main():
    write("roll.wav", rattle())
    write("step.wav", mix(tone(660, 0.06, release=0.25), noise(0.02, 3, 0.1)))
    # The hit first, then the captured piece's fall.
    write("capture.wav", mix(thump(), [0.0] * int(0.05 * RATE) + seq(
        tone(520, 0.09, release=0.5, glide=-0.4), tone(260, 0.22, release=0.7, glide=-0.5))))
    # The die comes to rest: one knock, lower than the rattle's.
    write("land.wav", mix(noise(0.03, 21, 0.15), tone(300, 0.06, release=0.25), tone(150, 0.08, release=0.3)))
    # A piece leaves its base: a quick rising pop.
    write("enter.wav", mix(tone(330, 0.14, release=0.5, glide=0.9), [0.3 * x for x in noise(0.02, 5, 0.1)]))
    write("goal.wav", seq(tone(523, 0.1), tone(659, 0.1), tone(784, 0.22), gap=0.01))
    write("win.wav", seq(tone(523, 0.12), tone(659, 0.12), tone(784, 0.12), mix(tone(1047, 0.5), tone(784, 0.5)), gap=0.02))
    write("click.wav", tone(1200, 0.03, release=0.2))
    write("extra_roll.wav", seq(tone(880, 0.06), tone(1175, 0.09), gap=0.01))
    write("three_sixes.wav", seq(tone(300, 0.12, glide=-0.2), tone(240, 0.25, glide=-0.3), gap=0.02))
    # The same note twice, like a knock: unlike every other sound, which rises or falls.
    write("your_turn.wav", seq(mix(tone(988, 0.08), tone(1976, 0.08, release=0.3)),
                               mix(tone(988, 0.16), tone(1976, 0.16, release=0.3)), gap=0.07))
    for p in sorted(OUT.glob("*.wav")):
        print(f"{p.name}: {p.stat().st_size} bytes")


if __name__ == "__main__":
    main()
