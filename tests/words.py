"""Numbers as the texts must show them, written out by hand (independent of Babel):
a real minus, no sign on zero, German decimal comma, percentages rounded half up."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

MINUS = "\u2212"


def signed(n: int) -> str:
    return "0" if n == 0 else (f"+{n}" if n > 0 else f"{MINUS}{-n}")


def dec(x: float, lang: str = "de", sign: bool = False) -> str:
    q = Decimal(repr(x)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    text = f"{abs(q):.2f}"
    if lang == "de":
        text = text.replace(".", ",")
    if q < 0:
        return MINUS + text
    return "+" + text if sign and q > 0 else text


def pct(part: int, whole: int, lang: str = "de") -> str:
    n = int(Decimal(part * 100) / Decimal(whole) + Decimal("0.5")) if whole else None
    return "–" if n is None else (f"{n}\u00a0%" if lang == "de" else f"{n}%")
