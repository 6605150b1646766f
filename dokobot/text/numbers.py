"""Numbers as a player reads them, by Babel (CLDR data for German and English).

- ``signed``: points with their sign, a real minus (U+2212) and no sign on
  zero: ``+5``, ``−4``, ``0``.
- ``decimal``: two places, German decimal comma (``8,00``; ``8.00`` in English).
- ``percent``: a share of counts, rounded half up (12.5 % → 13 %), which is
  what people expect from a table and not Babel's default (half even).
- ``plural_form``: CLDR's plural category (``one`` / ``other``) for a count;
  the catalogue keeps one text per category (``i18n.tn``).
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import lru_cache

from babel import Locale
from babel.numbers import format_decimal, format_percent

MINUS = "\u2212"
_LOCALES = {"de": "de_DE", "en": "en_US"}


def _locale(lang: str | None) -> str:
    return _LOCALES.get(lang or "de", "de_DE")


def _minus(text: str) -> str:
    return text.replace("-", MINUS)


# Babel parses the locale and the pattern anew on every call; a hand, a sheet or a picture asks
# for the same few counts again and again: the answers are pure, so they are remembered.
@lru_cache(maxsize=4096, typed=True)
def integer(n: int, lang: str | None) -> str:
    """A count: ``1.234`` in German, ``1,234`` in English."""
    return _minus(format_decimal(n, locale=_locale(lang)))


@lru_cache(maxsize=4096, typed=True)
def signed(n: int, lang: str | None = None) -> str:
    """Points: ``+5``, ``−4``, ``0`` (zero has no sign)."""
    if n == 0:
        return "0"
    return ("+" if n > 0 else MINUS) + format_decimal(abs(n), locale=_locale(lang))


def decimal(x: float, lang: str | None, places: int = 2) -> str:
    """``8,00`` / ``−1,25`` (German), ``8.00`` (English); rounded half up."""
    q = Decimal(repr(x)).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    if q == 0:
        q = abs(q)  # never "−0,00"
    pattern = "#,##0." + "0" * places if places else "#,##0"
    return _minus(format_decimal(q, pattern, locale=_locale(lang), decimal_quantization=False))


def signed_decimal(x: float, lang: str | None, places: int = 2) -> str:
    """Points per game with their sign: ``+1,25``, ``−0,50``; zero as ``0,00``."""
    text = decimal(x, lang, places)
    positive = Decimal(repr(x)).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP) > 0
    return "+" + text if positive else text


def percent(part: int, whole: int, lang: str | None) -> str:
    """``part / whole`` as a whole percentage, rounded half up (``–`` for no games)."""
    if whole <= 0:
        return "–"
    exact = Fraction(part * 100, whole)
    rounded = int(exact + Fraction(1, 2)) if exact >= 0 else -int(-exact + Fraction(1, 2))
    return _minus(format_percent(Decimal(rounded) / 100, locale=_locale(lang)))


@lru_cache(maxsize=4096, typed=True)
def plural_form(n: int, lang: str | None) -> str:
    """CLDR plural category of ``n``: ``one`` or ``other`` for German and English."""
    form = Locale.parse(_locale(lang)).plural_form(abs(n))
    return form if form in ("one", "other") else "other"
