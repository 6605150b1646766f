"""Dealing: a shuffled double deck (three decks at six), the same number of cards to each playing seat."""

from __future__ import annotations

import random
import secrets
from dataclasses import replace
from functools import cache

from .cards import CARD_CODES, DK, NINE, rank_of
from .rules import RuleSet


def table_rules(rules: RuleSet, n_seats: int) -> RuleSet:
    """The rules as played by ``n_seats`` seats: the number of hands decides (reading 20)."""
    if rules.players != n_seats:
        rules = replace(rules, players=n_seats)
    return rules if n_seats == 4 else rules.for_table()


def deck(rules: RuleSet) -> list[str]:
    """The card codes of the deck: each card twice (three times at six), without nines when
    ``nines`` is off or all five play; one DK becomes JO with the joker."""
    if rules.players != 4:
        rules = rules.for_table()
    return list(_deck(rules.nines, rules.joker, rules.copies))


@cache
def _deck(nines: bool, joker: bool, copies: int = 2) -> tuple[str, ...]:
    cards = [CARD_CODES[t] for t in range(24) if nines or rank_of(t) != NINE] * copies
    if joker:
        cards.remove(CARD_CODES[DK])
        cards.append("JO")
    return tuple(cards)


def deal(rules: RuleSet, rng: random.Random | None = None, dealer: int = 0,
         n_seats: int | None = None) -> list[list[str]]:
    """Shuffle and deal to ``rules.players`` seats (or ``n_seats``); with five and
    ``five: dealer_sits_out`` the dealer gets an empty hand."""
    n = n_seats or rules.players
    rules = table_rules(rules, n)
    rng = rng or secrets.SystemRandom()
    cards = deck(rules)
    rng.shuffle(cards)
    k = rules.hand_size
    playing = [s for s in range(n) if n != 5 or rules.all_play or s != dealer]
    hands: list[list[str]] = [[] for _ in range(n)]
    for i, s in enumerate(playing):
        hands[s] = cards[i * k:(i + 1) * k]
    return hands


def next_dealer(dealer: int, n_seats: int = 4) -> int:
    return (dealer + 1) % n_seats
