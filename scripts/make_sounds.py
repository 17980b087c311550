#!/usr/bin/env python3
"""Synthesises the game's sound effects into assets/sounds/ (16-bit mono WAV).

Every sound is made here from sine waves and noise, so nothing is borrowed:
run it again to remake them exactly.
"""
import math
import os
import random
import struct
import wave

RATE = 22050
OUT = os.path.join(os.path.dirname(__file__), "..", "assets", "sounds")


def write(name, samples):
    path = os.path.join(OUT, name)
    with wave.open(path, "wb") as f:
        f.setnchannels(1)
        f.setsampwidth(2)
        f.setframerate(RATE)
        f.writeframes(b"".join(struct.pack("<h", int(max(-1, min(1, s)) * 30000)) for s in samples))


def tone(freq, seconds, decay, volume=0.6):
    n = int(RATE * seconds)
    return [volume * math.sin(2 * math.pi * freq * i / RATE) * math.exp(-decay * i / RATE) for i in range(n)]


def mix(*parts):
    n = max(len(p) for p in parts)
    return [sum(p[i] for p in parts if i < len(p)) for i in range(n)]


def place():
    # A wooden tile knocked on felt: a short low thump with a little noise.
    rng = random.Random(1)
    n = int(RATE * 0.12)
    noise = [0.35 * (rng.random() * 2 - 1) * math.exp(-60 * i / RATE) for i in range(n)]
    return mix(tone(180, 0.12, 35, 0.7), tone(360, 0.08, 55, 0.25), noise)


def reveal():
    # Two rising notes: a tile turned over.
    first = tone(523.25, 0.14, 18, 0.45)
    second = [0.0] * int(RATE * 0.09) + tone(783.99, 0.22, 12, 0.45)
    return mix(first, second)


def win():
    # A bright major arpeggio.
    notes = [523.25, 659.25, 783.99, 1046.5]
    parts = [[0.0] * int(RATE * 0.08 * k) + tone(f, 0.45, 7, 0.32) for k, f in enumerate(notes)]
    return mix(*parts)


def dice():
    # Two dice rattled in a cup and thrown: clicks that come quicker and
    # softer, then the knock of landing.
    rng = random.Random(2)
    out = [0.0] * int(RATE * 0.42)
    t = 0.0
    gap = 0.06
    while t < 0.28:
        start = int(RATE * t)
        for i in range(int(RATE * 0.02)):
            if start + i < len(out):
                out[start + i] += 0.5 * (rng.random() * 2 - 1) * math.exp(-250 * i / RATE)
        t += gap
        gap *= 0.8
    knock = [0.0] * int(RATE * 0.34) + tone(240, 0.08, 60, 0.6)
    return mix(out, knock)


def hit():
    # A block struck: a low thud with a dull crack.
    rng = random.Random(3)
    n = int(RATE * 0.2)
    crack = [0.4 * (rng.random() * 2 - 1) * math.exp(-90 * i / RATE) for i in range(n)]
    return mix(tone(95, 0.25, 20, 0.8), tone(190, 0.12, 40, 0.3), crack)


def lose():
    # A low falling figure: the battle lost.
    notes = [392.0, 311.13, 261.63]
    parts = [[0.0] * int(RATE * 0.16 * k) + tone(f, 0.5, 6, 0.3) for k, f in enumerate(notes)]
    return mix(*parts)


def chips():
    # Chips put down on a stack: two short clinks of clay on clay.
    rng = random.Random(4)
    parts = []
    for k, delay in enumerate([0.0, 0.045]):
        n = int(RATE * 0.07)
        noise = [0.15 * (rng.random() * 2 - 1) * math.exp(-180 * i / RATE) for i in range(n)]
        clink = mix(tone(2900 + 250 * k, 0.07, 70, 0.3), tone(4300 - 300 * k, 0.05, 90, 0.18), noise)
        parts.append([0.0] * int(RATE * delay) + clink)
    return mix(*parts)


def lamp():
    # A small lamp switched off: a dry click.
    rng = random.Random(5)
    n = int(RATE * 0.05)
    noise = [0.4 * (rng.random() * 2 - 1) * math.exp(-220 * i / RATE) for i in range(n)]
    return mix(tone(1400, 0.05, 120, 0.3), noise)


def thud():
    # A round lost: a low thud on felt, softer than a block struck.
    rng = random.Random(6)
    n = int(RATE * 0.08)
    noise = [0.15 * (rng.random() * 2 - 1) * math.exp(-80 * i / RATE) for i in range(n)]
    return mix(tone(110, 0.28, 16, 0.7), tone(165, 0.18, 28, 0.2), noise)


def cadence():
    # The game won: a longer cadence, tonic, subdominant, dominant, tonic.
    chords = [[261.63, 329.63, 392.0], [349.23, 440.0, 523.25], [392.0, 493.88, 587.33], [523.25, 659.25, 783.99]]
    parts = []
    for k, chord in enumerate(chords):
        last = k == len(chords) - 1
        for f in chord:
            parts.append([0.0] * int(RATE * 0.18 * k) + tone(f, 0.6 if last else 0.22, 5 if last else 14, 0.16))
    return mix(*parts)


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    write("place.wav", place())
    write("reveal.wav", reveal())
    write("win.wav", win())
    write("dice.wav", dice())
    write("hit.wav", hit())
    write("lose.wav", lose())
    write("chips.wav", chips())
    write("lamp.wav", lamp())
    write("thud.wav", thud())
    write("cadence.wav", cadence())
