"""Cards as text: suit symbol + rank (``♣D``, ``♥10``, ``♦A``; in English ``♣Q``, ``♦J``).

Pure helpers shared by the table layer and the bot. Card codes are those of
game-record.md (``CQ``, ``HT``, ``JO``).
"""

from __future__ import annotations

from collections.abc import Iterable

SUIT_SYMBOLS = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}
RANKS = {"A": "A", "T": "10", "K": "K", "Q": "D", "J": "B", "9": "9"}
# English texts say queen and jack: their letters (Q, J), so a rank never reads as another word's
ENGLISH_RANKS = {**RANKS, "Q": "Q", "J": "J"}
# German deck (Eichel/Grün/Rot/Schellen; Ober/Unter) for the deck setting.
GERMAN_DECK_SUITS = {"C": "Eichel", "S": "Grün", "H": "Rot", "D": "Schellen"}
GERMAN_DECK_RANKS = {"A": "Ass", "T": "Zehn", "K": "König", "Q": "Ober", "J": "Unter", "9": "Neun"}
JOKER = "JO"

_SYMBOL_TO_SUIT = {v: k for k, v in SUIT_SYMBOLS.items()}
_RANK_TO_CODE = {v: k for k, v in (*RANKS.items(), *ENGLISH_RANKS.items())}  # both languages' letters


def card_text(code: str, deck: str = "french", lang: str | None = None) -> str:
    """``CQ`` -> ``♣D`` (``lang="en"``: ``♣Q``); with ``deck="german"`` -> ``Eichel-Ober``."""
    if code == JOKER:
        return "🃏"
    suit, rank = code[0], code[1]
    if deck == "german":
        return f"{GERMAN_DECK_SUITS[suit]}-{GERMAN_DECK_RANKS[rank]}"
    return SUIT_SYMBOLS[suit] + (ENGLISH_RANKS if lang and lang.startswith("en") else RANKS)[rank]


def cards_text(codes: Iterable[str], sep: str = " ", deck: str = "french", lang: str | None = None) -> str:
    return sep.join(card_text(c, deck, lang) for c in codes)


def parse_card(text: str) -> str | None:
    """Accept a card code (``CQ``) or its text (``♣D``, ``♥10``); None if unknown."""
    text = text.strip()
    if text.upper() == JOKER or text == "🃏":
        return JOKER
    if len(text) == 2 and text[0].upper() in SUIT_SYMBOLS and text[1].upper() in RANKS:
        return text.upper()
    if text and text[0] in _SYMBOL_TO_SUIT:
        rank = _RANK_TO_CODE.get(text[1:].upper())
        if rank:
            return _SYMBOL_TO_SUIT[text[0]] + rank
    return None
