#!/usr/bin/env python3
"""Generates the classic theme's music: a quiet loop of eight bars (a soft mallet melody over
chords and a bass, a light shaker), 20 s at 96 beats a minute, that joins its end to its start
without a seam. Written as Ogg Vorbis (assets/sounds/music.ogg) by `oggenc` (Debian's
vorbis-tools), after a 16-bit mono WAV made with the standard library alone.

Deterministic (a fixed seed), so the music is made by this project and can be made again:
`python3 scripts/make-music.py` (needs `apt-get install vorbis-tools`).
"""
import math
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

RATE = 22050
BPM = 96
BARS = 8
BEAT = 60.0 / BPM
LENGTH = int(RATE * BEAT * 4 * BARS)
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds" / "music.ogg"

# C major, I–vi–IV–V twice: the chords' notes as MIDI numbers.
CHORDS = [[60, 64, 67], [57, 60, 64], [53, 57, 60], [55, 59, 62]] * 2
SCALE = [60, 62, 64, 67, 69, 72, 74, 76]  # the pentatonic notes the melody walks on


def freq(note):
    return 440.0 * 2 ** ((note - 69) / 12)


def add(buf, start, samples, gain):
    """Adds `samples` at `start`, wrapping round the loop's end to its start."""
    for i, s in enumerate(samples):
        buf[(start + i) % LENGTH] += gain * s


def mallet(note, secs):
    """A soft struck bar: a sine and its octave, quick to sound, slow to fade."""
    n, f = int(RATE * secs), freq(note)
    out = []
    for i in range(n):
        t = i / RATE
        env = min(1.0, t / 0.004) * math.exp(-t * 3.2)
        out.append(env * (math.sin(2 * math.pi * f * t) + 0.3 * math.sin(4 * math.pi * f * t)))
    return out


def pad(notes, secs):
    """A chord held softly: its notes' sines, swelling in and out."""
    n = int(RATE * secs)
    fs = [freq(m) for m in notes]
    out = []
    for i in range(n):
        t = i / RATE
        env = math.sin(math.pi * i / n) ** 2
        out.append(env * sum(math.sin(2 * math.pi * f * t) for f in fs) / len(fs))
    return out


def bass(note, secs):
    n, f = int(RATE * secs), freq(note - 24)
    return [min(1.0, (i / RATE) / 0.01) * math.exp(-(i / RATE) * 2.0)
            * math.sin(2 * math.pi * f * i / RATE) for i in range(n)]


def shaker(rnd, secs):
    n = int(RATE * secs)
    return [rnd.uniform(-1, 1) * math.exp(-(i / RATE) * 60) for i in range(n)]


def render():
    rnd = random.Random(7)
    buf = [0.0] * LENGTH
    beat = int(RATE * BEAT)
    at = 0
    for bar, chord in enumerate(CHORDS):
        start = bar * 4 * beat
        add(buf, start, pad(chord, 4 * BEAT), 0.18)
        add(buf, start, bass(chord[0], 1.6 * BEAT), 0.35)
        add(buf, start + 2 * beat, bass(chord[0] + 7 if chord[0] < 57 else chord[0] - 5, 1.6 * BEAT), 0.3)
        for half in range(8):
            add(buf, start + half * beat // 2, shaker(rnd, 0.08), 0.05 if half % 2 else 0.08)
        # The melody: a note on most half beats, near the last, leaning on the chord.
        for half in range(8):
            if rnd.random() < 0.3 and half not in (0, 4):
                continue
            if half in (0, 4) or rnd.random() < 0.4:
                note = rnd.choice(chord) + 12
            else:
                at = max(0, min(len(SCALE) - 1, at + rnd.choice([-1, 1, 1, 2, -2])))
                note = SCALE[at] + 12
            add(buf, start + half * beat // 2, mallet(note, 1.2), 0.28)
    peak = max(abs(s) for s in buf)
    return [0.8 * s / peak for s in buf]


def main():
    if shutil.which("oggenc") is None:
        print("oggenc is missing: apt-get install vorbis-tools", file=sys.stderr)
        return 1
    samples = render()
    with tempfile.TemporaryDirectory() as tmp:
        wav = Path(tmp) / "music.wav"
        with wave.open(str(wav), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(RATE)
            w.writeframes(b"".join(struct.pack("<h", int(32000 * s)) for s in samples))
        subprocess.run(["oggenc", "-Q", "-q", "1", "-o", str(OUT), str(wav)], check=True)
    print(f"{OUT.name}: {LENGTH / RATE:.1f} s, {OUT.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
