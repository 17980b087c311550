#!/usr/bin/env python3
"""How long Hard's turns in battle take, as a player waits for them.

    scripts/wargame-turn-times.py BINARY SCENARIO:SEED...

Runs `referee --bot 0=hard --bot 1=normal` for each scenario and seed and
times each of Hard's turns from its `turn_begins` line to its `turn_ended`
line (or the end of the battle), as the lines arrive; prints how many turns,
their mean, median and longest, and how many took over 1.5 s and 2 s (the
limit issue 16 sets). Use a release build; the machine's other load counts.
"""
import json
import statistics
import subprocess
import sys
import time


def turns_of(binary, scenario, seed):
    referee = subprocess.Popen(
        [binary, "referee", "--game", "wargame", "--seed", seed, "--scenario", scenario,
         "--bot", "0=hard", "--bot", "1=normal"],
        stdout=subprocess.PIPE, text=True, bufsize=1)
    began = None
    for line in referee.stdout:
        now = time.monotonic()
        try:
            message = json.loads(line)
        except ValueError:
            continue
        event = message.get("event")
        if event == "turn_begins" and message.get("player") == 0:
            began = now
        elif began is not None and (event == "turn_ended" and message.get("player") == 0
                                    or event == "game_over"):
            yield now - began
            began = None
    referee.wait()


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    binary = sys.argv[1]
    turns = []
    for run in sys.argv[2:]:
        scenario, seed = run.split(":")
        turns += [(seconds, run) for seconds in turns_of(binary, scenario, seed)]
    if not turns:
        sys.exit("no turn of Hard's was seen: is the binary a release build of the game?")
    seconds = [s for s, _ in turns]
    longest = max(turns)
    print(f"{len(turns)} turns of Hard's: mean {statistics.mean(seconds) * 1000:.0f} ms, "
          f"median {statistics.median(seconds) * 1000:.0f} ms, longest {longest[0] * 1000:.0f} ms "
          f"({longest[1]}); over 1.5 s: {sum(s > 1.5 for s in seconds)}, over 2 s: {sum(s > 2 for s in seconds)}")


main()
