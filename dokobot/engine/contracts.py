"""Contracts and their card orders: which cards are trump and what beats what.

An ``Order`` is plain precomputed data per (contract kind, dullen, joker):
``suit[t]`` is 0-3 for a plain suit (C S H D) or ``TRUMP``; ``power[t]``
compares cards of the same suit; ``masks[s]`` selects a suit from a hand.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cache
from typing import Any

from .cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    HEARTS,
    JACK,
    JOKER,
    KING,
    N_TYPES,
    NINE,
    QUEEN,
    SPADES,
    TEN,
    card_type,
    type_mask,
)

TRUMP = 4
ALL_RANKS = (ACE, TEN, KING, QUEEN, JACK, NINE)
SUIT_SOLOS = {"karo": DIAMONDS, "herz": HEARTS, "pik": SPADES, "kreuz": CLUBS}
# Pure suit solos: only the named suit is trump, A T K Q J 9, no Dullen.
REINE_SOLOS = {"reines_kreuz": CLUBS, "reines_pik": SPADES, "reines_herz": HEARTS, "reines_karo": DIAMONDS}
# Contracts played with the normal game's trumps.
NORMAL_KINDS = ("normal", "hochzeit", "stille_hochzeit", "armut", "hochzeit:klein", "hochzeit:gross")


@dataclass(frozen=True, slots=True)
class Order:
    kind: str
    trumps: tuple[int, ...]  # highest first
    suit: tuple[int, ...]  # per type
    power: tuple[int, ...]  # per type
    masks: tuple[int, ...]  # per suit 0..4
    display: tuple[int, ...]  # types in display order
    position: tuple[int, ...]  # per type: its index in ``display`` (sort key)
    has_dulle: bool = False  # whether HT is a Dulle (the Dulle rule applies to two of them)
    # Überstich by table lookups: ``tpow[t]`` the power of a trump type (-1 for plain cards),
    # ``above[p]`` the mask of the trumps with power above p (p up to 1000), ``dulle_power``
    # the power of HT when it is a Dulle (else -2)
    tpow: tuple[int, ...] = ()
    above: tuple[int, ...] = ()
    dulle_power: int = -2

    def is_trump(self, t: int) -> bool:
        return self.suit[t] == TRUMP

    def __reduce__(self) -> tuple[Any, ...]:
        # as Trick's: copies of a compiled (mypyc) frozen dataclass go through __init__
        return (Order, tuple(getattr(self, f.name) for f in fields(self)))


def _suit_run(suit: int, ranks: tuple[int, ...]) -> list[int]:
    return [card_type(suit, r) for r in ranks]


def _trumps(kind: str, dullen: bool) -> tuple[list[int], tuple[int, ...]]:
    """Trumps (highest first) and the ranks left in the plain suits."""
    queens = _suit_run_all(QUEEN)
    jacks = _suit_run_all(JACK)
    if kind in NORMAL_KINDS or kind in SUIT_SOLOS:
        low_suit = SUIT_SOLOS.get(kind, DIAMONDS)
        dulle = [card_type(HEARTS, TEN)] if dullen else []
        low = [card_type(low_suit, r) for r in (ACE, TEN, KING, NINE)]
        low = [t for t in low if t not in dulle]
        return dulle + queens + jacks + low, (ACE, TEN, KING, NINE)
    if kind == "damen":
        return queens, (ACE, TEN, KING, JACK, NINE)
    if kind == "buben":
        return jacks, (ACE, TEN, KING, QUEEN, NINE)
    if kind == "damen_buben":
        return queens + jacks, (ACE, TEN, KING, NINE)
    if kind == "buben_koenige":
        return _suit_run_all(KING) + jacks, (ACE, TEN, QUEEN, NINE)
    if kind == "fleischlos":
        return [], (ACE, TEN, KING, QUEEN, JACK, NINE)
    if kind in REINE_SOLOS:
        return _suit_run(REINE_SOLOS[kind], ALL_RANKS), ALL_RANKS
    raise ValueError(f"unknown contract kind {kind!r}")


def _suit_run_all(rank: int) -> list[int]:
    return [card_type(s, rank) for s in (CLUBS, SPADES, HEARTS, DIAMONDS)]


@cache
def order_for(kind: str, dullen: bool = True, joker: bool = False) -> Order:
    """The card order of a contract kind (``normal``, ``hochzeit``, ``karo``, ``damen``, ...)."""
    trumps, plain_ranks = _trumps(kind, dullen)
    # Reading 34: the JO tops the normal game and the Trumpfsoli, is the lowest trump of
    # reines_karo, and elsewhere the lowest diamond (a plain card under the 9).
    joker_on_top = joker and (kind in NORMAL_KINDS or kind in SUIT_SOLOS)
    if joker_on_top:
        trumps = [JOKER] + trumps
    elif joker and kind == "reines_karo":
        trumps = trumps + [JOKER]
    suit = [TRUMP] * N_TYPES
    power = [0] * N_TYPES
    for i, t in enumerate(trumps):
        power[t] = 100 + len(trumps) - i
    if joker_on_top:
        power[JOKER] = 1000  # above a Schwein (900)
    display = list(trumps)
    for s in (CLUBS, SPADES, HEARTS, DIAMONDS):
        run = [t for t in _suit_run(s, plain_ranks) if t not in trumps]
        if joker and s == DIAMONDS and JOKER not in trumps:
            run.append(JOKER)
        for i, t in enumerate(run):
            suit[t] = s
            power[t] = len(run) - i
        display += run
    if not joker:
        suit[JOKER] = -1  # not in the deck
    masks = tuple(type_mask(t for t in range(N_TYPES) if suit[t] == s) for s in range(5))
    position = [len(display)] * N_TYPES
    for i, t in enumerate(display):
        position[t] = i
    has_dulle = dullen and kind not in REINE_SOLOS and suit[card_type(HEARTS, TEN)] == TRUMP
    tpow = tuple(power[t] if suit[t] == TRUMP else -1 for t in range(N_TYPES))
    above = [0] * 1002
    mask = 0
    for p in range(1001, -1, -1):  # a Schwein is 900, the joker 1000
        above[p] = mask
        mask |= type_mask(t for t in trumps if power[t] == p)
    dulle_power = power[card_type(HEARTS, TEN)] if has_dulle else -2
    return Order(kind, tuple(trumps), tuple(suit), tuple(power), masks, tuple(display), tuple(position),
                 has_dulle, tpow, tuple(above), dulle_power)


def order_kind(contract: str | None) -> str:
    """Map a contract name (``solo:damen``, ``armut``, None...) to its order kind."""
    if not contract or contract == "redeal":
        return "normal"
    if is_hochzeit(contract) and contract != "hochzeit":  # kleine / große Hochzeit at six
        return "hochzeit"
    return solo_kind(contract) or contract


# ---- what a contract is --------------------------------------------------------------------
# The contract strings of game-record.md (``normal``, ``hochzeit``, ``hochzeit:klein``,
# ``hochzeit:gross``, ``stille_hochzeit``, ``armut``, ``solo:KIND``, ``redeal``) stay the
# wire form; these pure functions are the one place that reads them, so no layer parses a
# contract itself. Plain functions over the string rather than a parsed value type: every
# layer already holds and stores the string, and a wrapper would need converting at each
# boundary for the few yes/no questions asked.


def is_solo(contract: str | None) -> bool:
    """A solo declared in the Vorbehalt round (``solo:KIND``, at six either size). The stille
    Hochzeit and the große Hochzeit at six are not: see ``scores_as_solo``."""
    return contract is not None and contract.startswith("solo:")


def solo_kind(contract: str | None) -> str | None:
    """The kind of a declared solo (``damen`` of ``solo:damen``), None for any other contract."""
    return contract[5:] if contract is not None and is_solo(contract) else None


def is_hochzeit(contract: str | None) -> bool:
    """An announced Hochzeit: ``hochzeit``, or at six ``hochzeit:klein`` / ``hochzeit:gross``
    (not the stille Hochzeit, which nobody announces)."""
    return contract == "hochzeit" or is_six_hochzeit(contract)


def is_six_hochzeit(contract: str | None) -> bool:
    """A Hochzeit at six, ``hochzeit:klein`` (two CQ: holder, third-CQ seat and the partner
    found, 3:3) or ``hochzeit:gross`` (2:4 or 1:5, scored like a kleines Solo): reading 29."""
    return contract is not None and contract.startswith("hochzeit:")


def is_stille_hochzeit(contract: str | None) -> bool:
    """The silent solo of a seat that holds every CQ and said gesund."""
    return contract == "stille_hochzeit"


def is_armut(contract: str | None) -> bool:
    return contract == "armut"


def seeks_partner(contract: str | None, size: str | None = None) -> bool:
    """A contract whose declarer seeks a partner by the ``hochzeit`` rule: every announced
    Hochzeit, and at six a kleines Solo (``size`` ``"klein"``, reading 28). Whether the
    partner is found yet is the game's ``clarify_trick``."""
    return is_hochzeit(contract) or (is_solo(contract) and size == "klein")


def found_nobody(clarify_trick: int | None, partner: int | None) -> bool:
    """The partner search is over and found nobody: the holder plays alone (``hochzeit_alone``
    of ``scores_as_solo`` and ``extras_count``)."""
    return clarify_trick is not None and partner is None


def plays_stille_hochzeit(queens: int, copies: int) -> bool:
    """Whether a seat dealt ``queens`` CQ that says gesund plays a stille Hochzeit (alone): it
    holds every copy, two at four and five, three at six (``RuleSet.copies``). At six two of
    three CQ and gesund is a normal game, 2:4 (reading 30)."""
    return queens == copies


def normal_re_sizes(copies: int, queens: int, hidden_stille: bool = True) -> tuple[int, int]:
    """(least, most) Re seats of a game that looks normal, as a seat holding ``queens`` CQ can
    know them: Re are the seats with a CQ (rules.md; reading 30), so two at four and five, two
    or three at six; a seat with every copy plays a stille Hochzeit alone. Kontra is the rest of
    the playing seats. ``hidden_stille=False`` leaves out another seat's stille Hochzeit (which
    looks normal until its holder has played every CQ)."""
    if plays_stille_hochzeit(queens, copies):
        return 1, 1
    if queens:  # the other copies are with one to copies - queens other seats
        return 2, 1 + copies - queens
    return (1 if hidden_stille else 2), copies


def scores_as_solo(contract: str | None, hochzeit_alone: bool = False) -> bool:
    """Whether the game is scored as a solo (the solo factor, "Solo gewonnen", Bock's
    ``lost_solo``): a declared solo, a stille Hochzeit, a große Hochzeit at six (a kleines
    Solo, rules.md), or a Hochzeit whose holder found no partner (``hochzeit_alone``)."""
    return is_solo(contract) or contract in ("stille_hochzeit", "hochzeit:gross") or (
        hochzeit_alone and contract == "hochzeit")


def is_normal_kind(contract: str | None) -> bool:
    """One of ``NORMAL_KINDS``: played with the normal game's trumps and not declared as a
    solo (the normal game, every Hochzeit, at six either size, the stille Hochzeit, the Armut;
    a Karo solo has the same trumps but is a solo). None (not decided yet) counts as normal."""
    return contract is None or contract in NORMAL_KINDS


def extras_count(contract: str | None, solo_extras: str = "none", hochzeit_alone: bool = False) -> bool:
    """Whether the Sonderpunkte count (rules.md "Scoring"; readings 13, 28, 29): a game of the
    normal parties (normal, a Hochzeit with its partner, at six the kleine, the Armut), not one
    scored as a solo (``scores_as_solo``); with ``solo_extras: trumpfsolo_still`` also the
    Karo solo and the stille Hochzeit."""
    if contract in NORMAL_KINDS and not scores_as_solo(contract, hochzeit_alone):
        return True
    return solo_extras == "trumpfsolo_still" and contract in ("solo:karo", "stille_hochzeit")
