"""Cards: codes, Augen and the compact encodings the engine computes with.

A card *type* is an int: ``suit * 6 + rank`` for the 24 French-deck cards
(suits C S H D, ranks A T K Q J 9) and 24 for the joker ``JO``. Both copies
of a card share a type. A hand is an int holding a 2-bit count per type
(bits ``2t`` and ``2t+1``), so membership, removal and suit filtering are
single integer operations.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

SUITS = "CSHD"
RANKS = "ATKQJ9"
CLUBS, SPADES, HEARTS, DIAMONDS = range(4)
ACE, TEN, KING, QUEEN, JACK, NINE = range(6)
RANK_AUGEN = (11, 10, 4, 3, 2, 0)
JOKER = 24
N_TYPES = 25

CARD_CODES: tuple[str, ...] = tuple(s + r for s in SUITS for r in RANKS) + ("JO",)
CODE_TO_TYPE: dict[str, int] = {c: t for t, c in enumerate(CARD_CODES)}
# The JO replaces a DK and is worth its 4 Augen, so a joker deck keeps 240 (reading 34).
AUGEN: tuple[int, ...] = tuple(RANK_AUGEN[t % 6] for t in range(24)) + (4,)
SUIT_NAMES = ("clubs", "spades", "hearts", "diamonds")


def card_type(suit: int, rank: int) -> int:
    return suit * 6 + rank


def rank_of(t: int) -> int:
    return t % 6


CQ = card_type(CLUBS, QUEEN)
CJ = card_type(CLUBS, JACK)
HT = card_type(HEARTS, TEN)
DA = card_type(DIAMONDS, ACE)
DK = card_type(DIAMONDS, KING)
DQ = card_type(DIAMONDS, QUEEN)

_LOW = sum(1 << (2 * t) for t in range(N_TYPES))  # the low bit of every type


def one(t: int) -> int:
    """The hand value of a single copy of type ``t``."""
    return 1 << (2 * t)


def count(hand: int, t: int) -> int:
    return (hand >> (2 * t)) & 3


def n_cards(hand: int) -> int:
    """How many cards a hand mask holds, copies included: each 2-bit count is bit0 + 2 * bit1."""
    return (hand & _LOW).bit_count() + 2 * (hand >> 1 & _LOW).bit_count()


def type_mask(types: Iterable[int]) -> int:
    """Mask with both bits of every type in ``types`` (for filtering hands)."""
    m = 0
    for t in types:
        m |= 3 << (2 * t)
    return m


def hand_from_types(types: Iterable[int]) -> int:
    h = 0
    for t in types:
        h += 1 << (2 * t)
    return h


def types_in(mask: int) -> Iterator[int]:
    """Distinct card types present in a hand or filtered hand, low type first."""
    return iter(type_list(mask))  # the table lookups below beat a bit loop


def _small_table(offset: int, width: int) -> dict[int, tuple[int, ...]]:
    """Every pattern of ``width`` types' low bits (from type ``offset`` on) -> the types it holds."""
    table = {}
    for pattern in range(1 << width):
        bits = sum(1 << (2 * i) for i in range(width) if pattern >> i & 1)
        table[bits] = tuple(offset + i for i in range(width) if pattern >> i & 1)
    return table


def _chunk_table(offset: int, width: int) -> dict[int, tuple[int, ...]]:
    """The same for a chunk of 12 or 13 types, built from two halves (fast at import)."""
    low_width = width // 2
    low, high = _small_table(offset, low_width), _small_table(offset + low_width, width - low_width)
    shift = 2 * low_width
    return {lb | hb << shift: lt + ht for hb, ht in high.items() for lb, lt in low.items()}


# Two plain dicts (a dict subclass would not get CPython's fast dict subscript): types 0..11
# and 12..24, keyed by their part of the spread mask.
LOW12 = (1 << 24) - 1  # the bits of types 0..11
_CHUNK_LO, _CHUNK_HI = _chunk_table(0, 12), _chunk_table(12, N_TYPES - 12)


def type_list(mask: int) -> tuple[int, ...]:
    """Distinct types in a hand mask, low first: two table lookups instead of a bit loop (hot path)."""
    m = (mask | (mask >> 1)) & _LOW
    return _CHUNK_LO[m & LOW12] + _CHUNK_HI[m >> 24]


def hand_types(hand: int) -> list[int]:
    """All cards of a hand with copies, as a list of types."""
    out = []
    for t in types_in(hand):
        out.extend([t] * count(hand, t))
    return out


def hand_size(hand: int) -> int:
    return n_cards(hand)


def parse_code(code: object) -> int | None:
    """The type of a card code, or None when it is not one."""
    return CODE_TO_TYPE.get(code) if isinstance(code, str) else None
