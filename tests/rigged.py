"""A random source for ``Tables`` that deals chosen hands (tests only).

``deal`` shuffles the deck once per game and cuts it into hands in seat
order, so a shuffle that lays out the chosen hands deals exactly them.
Tables take their random source as ``rng``: no module attribute is patched.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, MutableSequence
from typing import Any


class RiggedDeals(random.Random):
    """Deals the queued hands first, then shuffles like ``random.Random(seed)``."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.queue: list[list[list[str]]] = []

    def rig(self, deals: Iterable[list[list[str]]]) -> None:
        self.queue.extend([list(h) for h in hands] for hands in deals)

    def shuffle(self, x: MutableSequence[Any]) -> None:  # type: ignore[override]
        if not self.queue:
            super().shuffle(x)
            return
        cards = [c for hand in self.queue.pop(0) for c in hand]
        assert sorted(cards) == sorted(x), "a rigged deal must use the rules' deck"
        x[:] = cards
