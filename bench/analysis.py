"""Analysis time of one finished game (``dokobot.players.analysis.analyse``, full budget):
the curve and every seat's judged card decisions, on one core (one process).

    python3 bench/analysis.py [--games N] [--seats 4|5|6] [--seed S]

Games are played by ``mittel`` computers (ddv at four, five with the dealer out,
Münchener Regeln at six). CPU time of the analysing process is reported, so the
figure is the one-core time whatever else the machine runs; the budget is
iterations, so the result of each game is the same on every machine.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import dokobot.players as ai  # noqa: E402
from dokobot.engine import Game, RuleSet, deal  # noqa: E402
from dokobot.players.analysis import DEFAULT_BUDGET, analyse  # noqa: E402

LIMIT = 10.0  # seconds per four-player game on one core (issue 24)


def game(seed: int, seats: int) -> Game:
    rng = random.Random(seed)
    config = {"preset": "muenchen"} if seats == 6 else {"preset": "ddv", "players": seats}
    rules = RuleSet.from_config(config)
    dealer = seed % seats
    g = Game(rules, deal(rules, rng, dealer), dealer, [f"P{i}" for i in range(seats)])
    while not g.finished:
        seat = g.to_act
        for move in ai.decide(g.observation(seat), "mittel", rng):
            g.act(seat, move)
    return g


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seats", type=int, choices=(4, 5, 6), default=4)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    cpu, wall = [], []
    for i in range(args.games):
        record = game(args.seed * 1000 + i, args.seats).record()
        c, w = time.process_time(), time.perf_counter()
        analyse(record, DEFAULT_BUDGET)
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    verdict = "ok" if max(cpu) <= LIMIT or args.seats != 4 else f"OVER {LIMIT:.0f} s"
    print(f"analysis at {args.seats} seats, {platform.python_implementation()} {platform.python_version()}, "
          f"load {load:.1f}: CPU median {statistics.median(cpu):.2f} s, max {max(cpu):.2f} s "
          f"(wall median {statistics.median(wall):.2f} s) over {len(cpu)} games; {verdict}")


if __name__ == "__main__":
    main()
