"""Small line charts as pictures: a game's curve (Re's expected score trick by
trick, its biggest moments marked) and a player's rating over the games.

Pure drawing from plain numbers and already-worded labels; the numbers come
from ``dokobot.table.analysis`` and the stores. Colours and font are those of
the table pictures (``picture.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from .picture import FELT_DARK, GOLD, MUTED, PANEL, PARTY, WHITE, font, png

W, H = 720, 300
PAD_L, PAD_R, PAD_T, PAD_B = 56, 20, 44, 40


@dataclass(frozen=True)
class Mark:
    index: int  # the point the mark stands at (after the move it names)
    label: str  # already in the reader's language, short


def curve_png(values: Sequence[float], marks: Sequence[Mark], title: str, x_label: str, *,
              zero: bool = True, party_colours: bool = True) -> bytes:
    """A line chart of ``values`` (one point per x step), with ``marks`` named."""
    im = Image.new("RGB", (W, H), PANEL)
    d = ImageDraw.Draw(im)
    d.text((PAD_L, 10), title, font=font(18, True), fill=WHITE)
    lo, hi = _range(values, zero)
    x0, x1, y0, y1 = PAD_L, W - PAD_R, PAD_T, H - PAD_B
    d.rectangle((x0, y0, x1, y1), fill=FELT_DARK)

    def xy(i: int, v: float) -> tuple[float, float]:
        x = x0 + (x1 - x0) * (i / max(1, len(values) - 1))
        return x, y1 - (y1 - y0) * ((v - lo) / (hi - lo))

    small = font(13)
    for v in _ticks(lo, hi):
        y = xy(0, v)[1]
        d.line((x0, y, x1, y), fill=MUTED if v == 0 and zero else (40, 100, 60), width=1)
        d.text((x0 - 6, y), _num(v), font=small, fill=MUTED, anchor="rm")
    for i in range(len(values)):
        d.text((xy(i, lo)[0], y1 + 6), str(i), font=small, fill=MUTED, anchor="mt")
    d.text(((x0 + x1) / 2, H - 4), x_label, font=small, fill=MUTED, anchor="mb")
    points = [xy(i, v) for i, v in enumerate(values)]
    for a, b, v in zip(points, points[1:], values[1:], strict=False):
        colour = (PARTY["re"] if v >= 0 else PARTY["kontra"]) if party_colours else GOLD
        d.line((a, b), fill=_light(colour), width=4)
    for x, y in points:
        d.ellipse((x - 3, y - 3, x + 3, y + 3), fill=WHITE)
    for k, m in enumerate(marks):
        if 0 <= m.index < len(points):
            x, y = points[m.index]
            d.ellipse((x - 7, y - 7, x + 7, y + 7), outline=GOLD, width=3)
            ty = y - 16 if (k % 2 == 0 and y - 30 > y0) or y + 30 > y1 else y + 16
            d.text((min(max(x, x0 + 60), x1 - 60), ty), m.label, font=font(13, True), fill=GOLD, anchor="mm")
    return png(im)


def _range(values: Sequence[float], zero: bool) -> tuple[float, float]:
    lo, hi = min(values, default=0.0), max(values, default=1.0)
    if zero:
        top = max(abs(lo), abs(hi), 1.0)
        return -top * 1.1, top * 1.1
    if hi - lo < 1:
        lo, hi = lo - 0.5, hi + 0.5
    span = hi - lo
    return lo - span * 0.1, hi + span * 0.1


def _ticks(lo: float, hi: float) -> list[float]:
    span = hi - lo
    step = next(s for s in (0.5, 1, 2, 5, 10, 20, 50, 100, 1e9) if span / s <= 6)
    first = int(lo // step) + 1
    return [k * step for k in range(first, int(hi // step) + 1)]


def _num(v: float) -> str:
    return f"{v:+.0f}" if v == int(v) and v else ("0" if v == 0 else f"{v:+.1f}")


def _light(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    r, g, b = colour
    return (min(255, r + 60), min(255, g + 60), min(255, b + 60))
