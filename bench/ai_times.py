"""Decision times of a computer level at every table size (issue 14's budget: p95 ≤ 1.0 s, max ≤ 2.0 s).

Plays ``--games`` whole games per table size with the level under test in every
other seat (the rest ``mittel``) and prints, per size, the wall time of the
level's decisions that were not forced: median / p95 / max. Four is ``ddv``,
five ``five: all_play`` (all five decide), six the ``muenchen`` preset.

    python3 bench/ai_times.py --level schwer --games 8
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dokobot.engine import RuleSet, deal  # noqa: E402
from dokobot.players.arena import Timing, play  # noqa: E402

CONFIGS = {
    4: {"preset": "ddv"},
    5: {"preset": "ddv", "players": 5, "five": "all_play"},
    6: {"preset": "muenchen"},
}


def times(level: str, n: int, games: int, seed: int) -> list[float]:
    """The level's unforced decision times (seconds) over ``games`` games at ``n`` seats."""
    rules = RuleSet.from_config(CONFIGS[n])
    kinds = [level if s % 2 == 0 else "mittel" for s in range(n)]
    timing = Timing()
    for i in range(games):
        rng = random.Random(f"{seed}:{n}:{i}")
        dealer = i % n
        play(rules, deal(rules, rng, dealer), dealer, kinds, seed=rng.getrandbits(32), timing=timing)
    return sorted(timing.times.get(level, []))


def line(level: str, n: int, ts: list[float]) -> str:
    if not ts:
        return f"{level} at {n}: no unforced decisions"
    p95 = ts[min(len(ts) - 1, int(0.95 * len(ts)))]
    return (f"{level} at {n}: {len(ts)} decisions, median {1000 * statistics.median(ts):.0f} ms, "
            f"p95 {1000 * p95:.0f} ms, max {1000 * ts[-1]:.0f} ms")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--level", default="schwer", choices=("leicht", "mittel", "schwer"))
    ap.add_argument("--games", type=int, default=8, help="games per table size")
    ap.add_argument("--seats", type=int, action="append", choices=(4, 5, 6), help="table sizes (default all)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    for n in args.seats or (4, 5, 6):
        print(line(args.level, n, times(args.level, n, args.games, args.seed)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
