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


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    write("place.wav", place())
    write("reveal.wav", reveal())
    write("win.wav", win())
