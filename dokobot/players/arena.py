"""Whole games between levels (benchmarks and tests): every seat decides from its observation.

``random`` is a baseline besides the three levels: gesund, random Armut answers,
a random legal card, no announcements.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from dokobot.engine import Game, Observation, RuleSet
from dokobot.engine.actions import Announce, Klopfen, Move, Reserve

from .players import FULL, Skill, decide

KINDS = ("random", "leicht", "mittel", "schwer")


@dataclass
class Timing:
    """Wall time of each decision that was not forced (seconds), per level."""

    times: dict[str, list[float]] = field(default_factory=dict)

    def add(self, level: str, dt: float) -> None:
        self.times.setdefault(level, []).append(dt)


def random_move(obs: Observation, rng: random.Random) -> Move:
    acts = [m for m in obs.legal if not isinstance(m, Announce | Klopfen)]
    if obs.phase == "reserve":
        return Reserve("gesund")
    return acts[int(rng.random() * len(acts))]


def play(rules: RuleSet, hands: list[list[str]], dealer: int, kinds: Sequence[str], seed: int,
         timing: Timing | None = None, skill: Skill = FULL) -> Game:
    """Play one dealt game to the end, seat ``s`` played by ``kinds[s]``; deterministic for ``seed``."""
    g = Game(rules, hands, dealer)
    base = random.Random(seed)
    while g.phase != "done":
        seat = g.to_act
        assert seat is not None
        obs = g.observation(seat)
        rng = random.Random(base.getrandbits(64))
        kind = kinds[seat]
        t0 = time.perf_counter()
        moves = [random_move(obs, rng)] if kind == "random" else decide(obs, kind, rng, skill)
        dt = time.perf_counter() - t0
        if timing is not None and _choices(obs) > 1:
            timing.add(kind, dt)
        for m in moves:
            g.act(seat, m)
    return g


def _choices(obs: Observation) -> int:
    return sum(1 for m in obs.legal if not isinstance(m, Announce | Klopfen))
