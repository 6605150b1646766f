"""Cards as text: suit symbol + rank (``♣D``, ``♥10``, ``♦A``; in English ``♣Q``, ``♦J``).

Pure helpers shared by the table layer and the bot. Card codes are those of
game-record.md (``CQ``, ``HT``, ``JO``).
"""

from __future__ import annotations

from dokobot.text.i18n import t

SUIT_SYMBOLS = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}
RANKS = {"A": "A", "T": "10", "K": "K", "Q": "D", "J": "B", "9": "9"}
# English texts say queen and jack: their letters (Q, J), so a rank never reads as another word's
ENGLISH_RANKS = {**RANKS, "Q": "Q", "J": "J"}
# German deck (Eichel/Grün/Rot/Schellen; Ober/Unter) for the deck setting.
GERMAN_DECK_SUITS = {"C": "Eichel", "S": "Grün", "H": "Rot", "D": "Schellen"}
GERMAN_DECK_RANKS = {"A": "Ass", "T": "Zehn", "K": "König", "Q": "Ober", "J": "Unter", "9": "Neun"}
JOKER = "JO"


def card_text(code: str, deck: str = "french", lang: str | None = None) -> str:
    """``CQ`` -> ``♣D`` (``lang="en"``: ``♣Q``); with ``deck="german"`` -> ``Eichel-Ober``."""
    if code == JOKER:
        return "🃏"
    suit, rank = code[0], code[1]
    if deck == "german":
        return f"{GERMAN_DECK_SUITS[suit]}-{GERMAN_DECK_RANKS[rank]}"
    return SUIT_SYMBOLS[suit] + (ENGLISH_RANKS if lang and lang.startswith("en") else RANKS)[rank]


def hochzeit_card_line(lang: str | None, card: str) -> str:
    """Who marries under ``named_card``, the card in words (any card, not only an ace)."""
    if card[1:] == "A" and card[:1] in "CSH":
        return t(lang, "table.hochzeit_card", suit=t(lang, "suit." + card[0]))
    return t(lang, "table.hochzeit_named", card=card_words(lang, card))


def card_words(lang: str | None, card: str) -> str:
    """A card in words (``Herz-Zehn``), for public lines where a symbol would read as played."""
    if card == "JO":
        return t(lang, "cardword.JO")
    return t(lang, "cardword.card", suit=t(lang, "suit." + card[0]), rank=t(lang, "cardword." + card[1]))
