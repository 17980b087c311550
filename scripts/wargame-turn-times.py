#!/usr/bin/env python3
"""How long Hard's turns in battle take, as a player waits for them.

    scripts/wargame-turn-times.py BINARY SCENARIO:SEED...

Runs `referee --bot 0=hard --bot 1=normal` for each scenario and seed and
times each of Hard's turns from its `turn_begins` line to its `turn_ended`
line (or the end of the battle), as the lines arrive; prints how many turns,
their mean, median and longest, and how many took over 1.5 s and 2 s (the
limit issue 16 sets). Use a release build. The wall-clock times count the
machine's other load; the processor times (the referee's own, from
/proc, to 10 ms) are what the turns take on one core of their own.
"""
import json
import os
import statistics
import subprocess
import sys
import time


TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    """The processor time `pid` has used so far, user and system."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def turns_of(binary, scenario, seed):
    """(wall seconds, processor seconds) of each of Hard's turns."""
    referee = subprocess.Popen(
        [binary, "referee", "--game", "wargame", "--seed", seed, "--scenario", scenario,
         "--bot", "0=hard", "--bot", "1=normal"],
        stdout=subprocess.PIPE, text=True, bufsize=1)
    began = None
    for line in referee.stdout:
        now = (time.monotonic(), cpu_seconds(referee.pid))
        try:
            message = json.loads(line)
        except ValueError:
            continue
        event = message.get("event")
        if event == "turn_begins" and message.get("player") == 0:
            began = now
        elif began is not None and (event == "turn_ended" and message.get("player") == 0
                                    or event == "game_over"):
            yield now[0] - began[0], now[1] - began[1]
            began = None
    referee.wait()


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    binary = sys.argv[1]
    turns = []
    for run in sys.argv[2:]:
        scenario, seed = run.split(":")
        turns += [(times, run) for times in turns_of(binary, scenario, seed)]
    if not turns:
        sys.exit("no turn of Hard's was seen: is the binary a release build of the game?")
    print(f"{len(turns)} turns of Hard's")
    for name, which in [("wall clock", 0), ("processor", 1)]:
        seconds = [times[which] for times, _ in turns]
        longest, run = max((times[which], run) for times, run in turns)
        print(f"{name}: mean {statistics.mean(seconds) * 1000:.0f} ms, "
              f"median {statistics.median(seconds) * 1000:.0f} ms, longest {longest * 1000:.0f} ms "
              f"({run}); over 1.5 s: {sum(s > 1.5 for s in seconds)}, over 2 s: {sum(s > 2 for s in seconds)}")


main()
