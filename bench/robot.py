"""Computer-player decision time: one card choice of a level (default ``schwer``, its full budget).

    python3 bench/robot.py [--positions N] [--level leicht|mittel|schwer]

Mid-game positions of random haus games (Schweine, Armut on) where the seat
to act has a choice; each decision builds the seat's observation and decides
from it alone (sampled hidden hands, play-outs on the engine's fast path).
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dokobot.engine import Game, RuleSet, deal  # noqa: E402
from dokobot.engine.randomplay import random_action  # noqa: E402
from dokobot.players import LEVELS, decide  # noqa: E402


def positions(n: int, rng: random.Random) -> list[Game]:
    rules = RuleSet.from_config({"preset": "haus"})
    out: list[Game] = []
    while len(out) < n:
        g = Game(rules, deal(rules, rng, 3), 3)
        while g.phase != "done":
            s = g.to_act
            if g.phase == "play" and s is not None and rng.random() < 0.1 and len(g.legal_plays(s)) > 1:
                out.append(g.copy())
            g.act(*random_action(g, rng, announce_rate=0.0, reserve_rate=0.0))
    return out[:n]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--level", choices=LEVELS, default="schwer")
    args = ap.parse_args()
    times = []
    for g in positions(args.positions, random.Random(4)):
        s = g.to_act
        assert s is not None
        t = time.perf_counter()
        decide(g.observation(s), args.level, random.Random(1))
        times.append((time.perf_counter() - t) * 1000)
    print(f"{args.level}, {platform.python_implementation()} {platform.python_version()}: "
          f"median {statistics.median(times):.0f} ms, max {max(times):.0f} ms per decision "
          f"({len(times)} positions)")


if __name__ == "__main__":
    main()
