"""Small line charts as pictures: a game's curve (Re's expected score trick by
trick, its biggest moments marked) and a player's rating over the games.

Pure drawing from plain numbers and already-worded labels; the numbers come
from ``dokobot.players.analysis`` and the stores. Colours and font are those of
the table pictures (``picture.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from .numbers import MINUS
from .picture import FELT_DARK, GOLD, MUTED, PANEL, PARTY, WHITE, font, png

# 600 px wide: at a phone's 340 px its 15 px words keep capitals 6 px tall (as the table picture)
W, H = 600, 360
PAD_L, PAD_R, PAD_T, PAD_B = 56, 20, 44, 64


@dataclass(frozen=True)
class Mark:
    index: int  # the point the mark stands at (after the move it names)
    label: str  # already in the reader's language, short


Point = tuple[float, float]
Box = tuple[float, float, float, float]  # left, top, right, bottom in pixels
PLOT: Box = (PAD_L, PAD_T, W - PAD_R, H - PAD_B)
LABEL_SIZE = 15
TICK_SIZE = 15
LABEL_PAD = 3  # pixels of the label's plate around its text
LINE_CLEAR = 5  # pixels a label keeps from the curve's line (4 wide) and from a point's dot
MARK_R = 9  # the gold ring around a marked point, with its stroke
BAND = 52  # pixels kept free above and below the curve for labels (two rows of plates)
NEAR = 40  # a label further from its point than this gets a thin line to it


Legend = Sequence[tuple[str, tuple[int, int, int]]]


def curve_png(values: Sequence[float], marks: Sequence[Mark], title: str, x_label: str, *,
              zero: bool = True, party_colours: bool = True, legend: Legend = ()) -> bytes:
    """A line chart of ``values`` (one point per x step), with ``marks`` named; ``legend``:
    what each colour of the line means (words already in the reader's language)."""
    im = Image.new("RGB", (W, H), PANEL)
    d = ImageDraw.Draw(im)
    d.text((PAD_L, 10), title, font=font(18, True), fill=WHITE)
    lo, hi = _bounds(values, bool(marks), zero)
    x0, y0, x1, y1 = PLOT
    d.rectangle((x0, y0, x1, y1), fill=FELT_DARK)
    small = font(TICK_SIZE)
    for v in _ticks(lo, hi):
        y = _xy(0, v, len(values), lo, hi)[1]
        d.line((x0, y, x1, y), fill=MUTED if v == 0 and zero else (40, 100, 60), width=1)
        d.text((x0 - 6, y), _num(v), font=small, fill=MUTED, anchor="rm")
    for i in range(len(values)):
        d.text((_xy(i, lo, len(values), lo, hi)[0], y1 + 6), str(i), font=small, fill=MUTED, anchor="mt")
    d.text(((x0 + x1) / 2, y1 + 26), x_label, font=small, fill=MUTED, anchor="mt")
    _legend(d, legend)
    points, boxes = curve_layout(values, marks, zero=zero)
    for a, b, v in zip(points, points[1:], values[1:], strict=False):
        colour = (PARTY["re"] if v >= 0 else PARTY["kontra"]) if party_colours else GOLD
        d.line((a, b), fill=_light(colour), width=4)
    for x, y in points:
        d.ellipse((x - 3, y - 3, x + 3, y + 3), fill=WHITE)
    _draw_marks(d, points, marks, boxes)
    return png(im)


def _legend(d: ImageDraw.ImageDraw, legend: Legend) -> None:
    """A short stroke of each colour and its meaning, in the bottom line."""
    x = float(PAD_L)
    for words, colour in legend:
        d.line((x, H - 12, x + 22, H - 12), fill=_light(colour), width=4)
        d.text((x + 28, H - 12), words, font=font(TICK_SIZE), fill=MUTED, anchor="lm")
        x += 28 + font(TICK_SIZE).getlength(words) + 24


def _draw_marks(d: ImageDraw.ImageDraw, points: Sequence[Point], marks: Sequence[Mark],
                boxes: Sequence[Box | None]) -> None:
    bold = font(LABEL_SIZE, True)
    for m, box in zip(marks, boxes, strict=True):
        if not 0 <= m.index < len(points):
            continue
        x, y = points[m.index]
        d.ellipse((x - 7, y - 7, x + 7, y + 7), outline=GOLD, width=3)
        if box is None:
            continue
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        if _far((x, y), box):
            d.line(((x, y), _nearest(box, (x, y))), fill=GOLD, width=1)
        d.rounded_rectangle(box, radius=4, fill=PANEL, outline=GOLD, width=1)
        d.text((cx, cy), m.label, font=bold, fill=GOLD, anchor="mm")


def curve_layout(values: Sequence[float], marks: Sequence[Mark], *, zero: bool = True
                 ) -> tuple[list[Point], list[Box | None]]:
    """The points of the curve in the picture and each mark's label plate: inside the plot,
    never on the line, a point or another plate (None: no free place; the ring stays)."""
    lo, hi = _bounds(values, bool(marks), zero)
    points = [_xy(i, v, len(values), lo, hi) for i, v in enumerate(values)]
    segments = list(zip(points, points[1:], strict=False))
    rings = [points[m.index] for m in marks if 0 <= m.index < len(points)]
    bold = font(LABEL_SIZE, True)
    placed: list[Box] = []
    out: list[Box | None] = []
    for m in marks:
        box = None
        if 0 <= m.index < len(points):
            left, top, right, bottom = bold.getbbox(m.label, anchor="mm")
            size = (left - LABEL_PAD, top - LABEL_PAD, right + LABEL_PAD, bottom + LABEL_PAD)
            box = _place(points[m.index], size, segments, points, rings, placed)
        if box is not None:
            placed.append(box)
        out.append(box)
    return points, out


def _place(at: Point, size: Box, segments: Sequence[tuple[Point, Point]], dots: Sequence[Point],
           rings: Sequence[Point], placed: Sequence[Box]) -> Box | None:
    """The free plate nearest its point: first just above or below it, then anywhere in the plot."""
    x, y = at
    half_h = (size[3] - size[1]) / 2
    offsets = sorted(((dy, sign, dx) for dy in (MARK_R + 4, 20, 30, 42) for sign in (-1, 1)
                      for dx in (0, -30, 30, -60, 60, -100, 100)), key=lambda o: o[0] + abs(o[2]) / 2)
    near = [(x + dx, y + sign * (dy + half_h)) for dy, sign, dx in offsets]
    grid = sorted(((gx, gy) for gx in range(int(PLOT[0]), int(PLOT[2]), 6)
                   for gy in range(int(PLOT[1]), int(PLOT[3]), 4)),
                  key=lambda c: (c[0] - x) ** 2 + (c[1] - y) ** 2)
    for cx, cy in [*near, *grid]:
        box = (cx + size[0], cy + size[1], cx + size[2], cy + size[3])
        if _free(box, segments, dots, rings, placed):
            return box
    return None


def _free(box: Box, segments: Sequence[tuple[Point, Point]], dots: Sequence[Point], rings: Sequence[Point],
          placed: Sequence[Box]) -> bool:
    left, top, right, bottom = box
    if left < PLOT[0] + 2 or top < PLOT[1] + 2 or right > PLOT[2] - 2 or bottom > PLOT[3] - 2:
        return False
    if any(overlap(box, other, 2) for other in placed):
        return False
    if any(overlap(box, (px - r, py - r, px + r, py + r)) for (px, py), r in
           [*((d, 3 + LINE_CLEAR) for d in dots), *((c, MARK_R + 2) for c in rings)]):
        return False
    grown = (left - LINE_CLEAR, top - LINE_CLEAR, right + LINE_CLEAR, bottom + LINE_CLEAR)
    return not any(crosses(a, b, grown) for a, b in segments)


def overlap(a: Box, b: Box, gap: float = 0) -> bool:
    """Whether two boxes overlap (or come closer than ``gap`` pixels)."""
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def crosses(a: Point, b: Point, box: Box) -> bool:
    """Whether the segment a-b enters the box (Liang-Barsky clipping)."""
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for p, q in ((-dx, a[0] - box[0]), (dx, box[2] - a[0]), (-dy, a[1] - box[1]), (dy, box[3] - a[1])):
        if p == 0:
            if q < 0:
                return False
            continue
        r = q / p
        if p < 0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
        if t0 > t1:
            return False
    return True


def _far(at: Point, box: Box) -> bool:
    nx, ny = _nearest(box, at)
    return (nx - at[0]) ** 2 + (ny - at[1]) ** 2 > NEAR ** 2


def _nearest(box: Box, at: Point) -> Point:
    return min(max(at[0], box[0]), box[2]), min(max(at[1], box[1]), box[3])


def _xy(i: int, v: float, n: int, lo: float, hi: float) -> Point:
    x0, y0, x1, y1 = PLOT
    return x0 + (x1 - x0) * (i / max(1, n - 1)), y1 - (y1 - y0) * ((v - lo) / (hi - lo))


def _bounds(values: Sequence[float], marked: bool, zero: bool) -> tuple[float, float]:
    """The value range of the plot; with marks a band of BAND pixels above and below the
    curve stays free, so every label finds a place off the line however the curve runs."""
    lo, hi = _range(values, zero)
    if not marked:
        return lo, hi
    height = PLOT[3] - PLOT[1]
    extra = (hi - lo) * BAND / (height - 2 * BAND)
    return lo - extra, hi + extra


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
    text = f"{v:+.0f}" if v == int(v) and v else ("0" if v == 0 else f"{v:+.1f}")
    return text.replace("-", MINUS)  # the typographic minus, as in every text


def _light(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    r, g, b = colour
    return (min(255, r + 60), min(255, g + 60), min(255, b + 60))
