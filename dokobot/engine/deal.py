"""Dealing: a shuffled double deck, 12 (or 10) cards to each playing seat."""

from __future__ import annotations

import random
import secrets
from functools import cache

from .cards import CARD_CODES, DK, NINE, rank_of
from .rules import RuleSet


def deck(rules: RuleSet) -> list[str]:
    """The 48 (40 without nines) card codes, each twice; one DK becomes JO with the joker."""
    return list(_deck(rules.nines, rules.joker))


@cache
def _deck(nines: bool, joker: bool) -> tuple[str, ...]:
    cards = [CARD_CODES[t] for t in range(24) if nines or rank_of(t) != NINE] * 2
    if joker:
        cards.remove(CARD_CODES[DK])
        cards.append("JO")
    return tuple(cards)


def deal(rules: RuleSet, rng: random.Random | None = None, dealer: int = 0,
         n_seats: int = 4) -> list[list[str]]:
    """Shuffle and deal; with five seats the dealer sits out with an empty hand."""
    rng = rng or secrets.SystemRandom()
    cards = deck(rules)
    rng.shuffle(cards)
    k = rules.hand_size
    playing = [s for s in range(n_seats) if n_seats == 4 or s != dealer]
    hands: list[list[str]] = [[] for _ in range(n_seats)]
    for i, s in enumerate(playing):
        hands[s] = cards[i * k:(i + 1) * k]
    return hands


def next_dealer(dealer: int, n_seats: int = 4) -> int:
    return (dealer + 1) % n_seats
