"""Whether two versions of the computer players decide alike: fixed games, a hash of their records.

    python3 bench/ai_same.py [--games N] [--scale S]

Plays ``--games`` seeded games under each of five rule sets (ddv, haus,
klassisch, five all playing, muenchen at six), ``schwer`` in the even seats and
``mittel`` in the odd ones, and prints one line per game (its record's hash and
scores) and the hash of all records. Run it in two checkouts: the same last
line means the same decisions, the check for a change meant only to be faster.
``--scale`` shrinks ``schwer``'s budget (1 = as at the table).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dokobot.engine import RuleSet, deal  # noqa: E402
from dokobot.players import Skill  # noqa: E402
from dokobot.players.arena import play  # noqa: E402

CONFIGS = ({"preset": "ddv"}, {"preset": "haus"}, {"preset": "klassisch"},
           {"preset": "ddv", "players": 5, "five": "all_play"}, {"preset": "muenchen"})


def records(games: int, scale: float) -> list[tuple[str, str, list[int]]]:
    """(label, hash of the record's actions, scores) per game."""
    skill = Skill(scale=scale)
    out = []
    for ci, config in enumerate(CONFIGS):
        rules = RuleSet.from_config(config)
        n = rules.players
        kinds = ["schwer" if s % 2 == 0 else "mittel" for s in range(n)]
        for i in range(games):
            rng = random.Random(f"ident:{ci}:{i}")
            g = play(rules, deal(rules, rng, i % n), i % n, kinds, seed=rng.getrandbits(32), skill=skill)
            blob = json.dumps(g.record()["actions"], sort_keys=True)
            out.append((f"{ci} {i}", hashlib.sha256(blob.encode()).hexdigest(), g.result()["score"]))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2, help="games per rule set")
    ap.add_argument("--scale", type=float, default=1.0, help="schwer's budget, 1 = as at the table")
    args = ap.parse_args(argv)
    total = hashlib.sha256()
    for label, digest, score in records(args.games, args.scale):
        total.update(digest.encode())
        print(label, digest[:12], score, flush=True)
    print("ALL", total.hexdigest())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
