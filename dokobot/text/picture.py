"""A picture of the table (PNG, Pillow): seats, the current and the last trick.

Pure and free of Discord. The input is a small frozen value of what the whole
table may know (``TableView`` of ``dokobot.table.view``, which the table text reads
too, and ``SummaryView``): seat names, dealer, who is to act, played cards, public
parties, announcements, trick counts. It holds no hand. Equal views draw equal
pictures, so ``render_table`` / ``render_summary`` are cached per view (an LRU
keyed by the value itself).

Suits are drawn as shapes, not font glyphs: French (♣♠♥♦, German ranks B D K
A 10 9, English J Q K A 10 9) or German deck (Eichel, Grün, Rot, Schellen; Ober,
Unter). Text uses Noto Sans (Medium and Bold of the upright variable font),
shipped in ``dokobot/text/fonts/`` with its OFL licence: no system font needed,
and no fallback (a missing font file is an error, never Pillow's tiny default font).
"""

from __future__ import annotations

import io
import math
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from dokobot.engine import Game
from dokobot.engine.game import ARMUT_PHASES
from dokobot.players import DEFAULT_LEVEL
from dokobot.table.outcome import FinishedGame
from dokobot.table.store import SeatInfo
from dokobot.table.table import Table, computer_number
from dokobot.table.view import DECKS as DECKS
from dokobot.table.view import Played as Played
from dokobot.table.view import SeatView as SeatView
from dokobot.table.view import TableView as TableView
from dokobot.table.view import game_view as game_view
from dokobot.table.view import played
from dokobot.text.cards import card_text
from dokobot.text.i18n import announcement_name, contract_name, has, t, tn

# Shipped as package data: the same pixels on every machine, under a file name we own.
FONT_FILE = Path(__file__).resolve().parent / "fonts" / "NotoSans[wdth,wght].ttf"

# Pictures kept (~16-22 KB each, whatever the number of tables): a state shown twice
# (an edit repeated, the old summary redrawn when the next game starts, a language
# or rules change) is drawn once. Every card is a new state, so more would only hold memory.
CACHE_SIZE = 32
SUMMARY_CACHE_SIZE = 16

# ---- colours -------------------------------------------------------------------------------

FELT = (30, 110, 58)
FELT_DARK = (22, 84, 44)
RIM = (92, 56, 28)
PANEL = (17, 58, 33)
WHITE = (250, 250, 245)
INK = (28, 28, 28)
MUTED = (190, 214, 196)
GOLD = (246, 201, 69)
CARD = (253, 253, 248)
CARD_EDGE = (150, 150, 150)
TRUMP_EDGE = (212, 160, 23)
PARTY = {"re": (52, 101, 164), "kontra": (178, 50, 50)}
PLAQUE = (12, 48, 26)

_FRENCH_INK = {"C": (25, 25, 25), "S": (25, 25, 25), "H": (205, 35, 35), "D": (205, 35, 35)}
_GERMAN_INK = {"C": (110, 66, 24), "S": (30, 120, 45), "H": (200, 30, 30), "D": (176, 120, 0)}
_FRENCH_RANK = {"A": "A", "T": "10", "K": "K", "Q": "D", "J": "B", "9": "9"}
_ENGLISH_RANK = {**_FRENCH_RANK, "Q": "Q", "J": "J"}  # English members read queen and jack
_GERMAN_RANK = {"A": "A", "T": "10", "K": "K", "Q": "O", "J": "U", "9": "9"}


# ---- the public view -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TrickView:
    winner: int
    cards: tuple[Played, ...]
    augen: int


@dataclass(frozen=True, slots=True)
class SummaryView:
    """A finished game: who won, and the tricks of each party."""

    game_no: int
    names: tuple[str, ...]
    contract: str | None
    winner: str | None  # re | kontra | None
    re: tuple[int, ...]
    kontra: tuple[int, ...]
    augen_re: int
    augen_kontra: int
    value: int
    tricks: tuple[TrickView, ...]
    deck: str = "french"
    lang: str = "de"


def table_view(table: Table, *, deck: str = "french", lang: str = "de") -> TableView | None:
    """The public view of the table's running game; None when there is none to draw."""
    if table.game is None or len(table.names) != table.game.n:
        return None
    players = table.game_players if len(table.game_players) == table.game.n else table.seats
    names, levels = _seat_names(players) if len(players) == table.game.n else (table.names, None)
    return game_view(table.game, names, table.game_no, deck=deck, lang=lang,
                     bock=table.bock_multiplier, bock_left=table.bock_left, levels=levels)


def _summary_name(p: SeatInfo, lang: str) -> str:
    """A computer in the summary's party line: "C1 (schwer)", short enough to keep its level
    (in the reader's words: "C1 (hard)")."""
    n = computer_number(p.name) if p.is_bot else 0
    if not n:
        return p.name
    level = p.level or DEFAULT_LEVEL
    return f"C{n} ({t(lang, 'level.' + level) if has('level.' + level) else level})"


def _seat_names(players: list[SeatInfo]) -> tuple[list[str], list[str | None]]:
    """A computer's name without its level ("Computer 1"): the level goes beneath it, so a
    plaque never cuts "Computer 1 (mittel)" to "Computer 1…" and hides it."""
    names: list[str] = []
    levels: list[str | None] = []
    for p in players:
        bot = p.is_bot and computer_number(p.name) > 0
        names.append(f"Computer {computer_number(p.name)}" if bot else p.name)
        levels.append((p.level or DEFAULT_LEVEL) if bot else None)
    return names, levels


def summary_view(fin: FinishedGame, game: Game, *, deck: str = "french", lang: str = "de") -> SummaryView | None:
    """The summary of finished game ``fin``; ``game`` is that game played to its end."""
    res = fin.result
    if res.is_redeal or game.phase != "done":
        return None
    tricks = tuple(TrickView(tr.winner, played(game, tr.cards), tr.augen) for tr in game.tricks)
    return SummaryView(
        game_no=fin.number,
        names=tuple(_summary_name(p, lang) for p in fin.players),
        contract=res.contract,
        winner=res.winner,
        re=tuple(res.re),
        kontra=tuple(res.kontra),
        augen_re=res.augen[0],
        augen_kontra=res.augen[1],
        value=res.value,
        tricks=tricks,
        deck=deck if deck in DECKS else "french",
        lang=lang,
    )


# ---- fonts ---------------------------------------------------------------------------------


@lru_cache(maxsize=32)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """Noto Sans Medium (Bold) at ``size``; raises OSError if the shipped file is missing.

    Always Pillow's basic layout: raqm is used only where the host has libraqm installed,
    and it places glyphs differently, so the same table would look different per host."""
    f = ImageFont.truetype(str(FONT_FILE), size, layout_engine=ImageFont.Layout.BASIC)
    f.set_variation_by_name("Bold" if bold else "Medium")
    return f


@lru_cache(maxsize=4096)
def _width(text: str, size: int, bold: bool = False) -> float:
    """Pixels ``text`` takes at ``size``: Pillow lays it out anew on each call, and every
    picture measures the same plaque lines, labels and names again."""
    return font(size, bold).getlength(text)


@lru_cache(maxsize=1024)
def _has_glyph(ch: str) -> bool:
    """Whether the text font draws ``ch`` (emoji and CJK in a name would be boxes)."""
    return ch.isspace() or _glyph(font(20), ch) != _notdef()


@lru_cache(maxsize=1)
def _notdef() -> bytes:
    return _glyph(font(20), "\uffff")


def _glyph(f: ImageFont.FreeTypeFont | ImageFont.ImageFont, ch: str) -> bytes:
    im = Image.new("L", (32, 32))
    ImageDraw.Draw(im).text((4, 2), ch, font=f, fill=255)
    return im.tobytes()


NAME_RISE = 1.4  # a drawn name stays within this many font sizes of height (its line)


def _one_mark(text: str) -> str:
    """At most one combining mark per letter: marks stacked on marks ("zalgo") would
    tower over and under the name's line. NFC first, so ordinary accents are letters."""
    out: list[str] = []
    stacked = 0
    for ch in unicodedata.normalize("NFC", text):
        stacked = stacked + 1 if unicodedata.combining(ch) or unicodedata.category(ch) == "Me" else 0
        if stacked <= 1:
            out.append(ch)
    return "".join(out)


def _unmarked(text: str) -> str:
    return "".join(ch for ch in text if not (unicodedata.combining(ch) or unicodedata.category(ch) == "Me"))


@lru_cache(maxsize=2048)
def shown_name(name: str, width: int, size: int, bold: bool = True, fallback: str = "?") -> str:
    """``name`` as drawable text that fits ``width`` pixels (cut with an ellipsis) and
    its line's height (no stacked marks); ``fallback`` when the font has no glyph of it
    at all (a name in emoji, CJK or a right-to-left script)."""
    text = " ".join("".join(ch for ch in _one_mark(name) if _has_glyph(ch)).split())
    f = font(size, bold)
    if text and _height(f, text) > size * NAME_RISE:  # even single marks too tall: letters only
        text = " ".join(_unmarked(text).split())
    text = text or fallback
    if _width(text, size, bold) <= width:
        return text
    while len(text) > 1 and _width(text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _height(f: ImageFont.FreeTypeFont | ImageFont.ImageFont, text: str) -> float:
    top, bottom = f.getbbox(text, anchor="lm")[1::2]
    return bottom - top


# ---- suits as shapes -----------------------------------------------------------------------


def _heart(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, fill: tuple[int, ...]) -> None:
    r = 0.27 * s
    top = cy - 0.42 * s
    for dx in (-0.23 * s, 0.23 * s):
        d.ellipse((cx + dx - r, top, cx + dx + r, top + 2 * r), fill=fill)
    d.polygon([(cx - 0.49 * s, top + 0.36 * s), (cx + 0.49 * s, top + 0.36 * s), (cx, cy + 0.48 * s)], fill=fill)


def _diamond(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, fill: tuple[int, ...]) -> None:
    d.polygon([(cx, cy - 0.5 * s), (cx + 0.38 * s, cy), (cx, cy + 0.5 * s), (cx - 0.38 * s, cy)], fill=fill)


def _spade(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, fill: tuple[int, ...]) -> None:
    r = 0.25 * s
    base = cy + 0.18 * s
    for dx in (-0.22 * s, 0.22 * s):
        d.ellipse((cx + dx - r, base - r, cx + dx + r, base + r), fill=fill)
    d.polygon([(cx - 0.46 * s, base - 0.06 * s), (cx + 0.46 * s, base - 0.06 * s), (cx, cy - 0.5 * s)], fill=fill)
    d.polygon([(cx, cy + 0.1 * s), (cx - 0.17 * s, cy + 0.5 * s), (cx + 0.17 * s, cy + 0.5 * s)], fill=fill)


def _club(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, fill: tuple[int, ...]) -> None:
    r = 0.21 * s
    for x, y in ((cx, cy - 0.25 * s), (cx - 0.24 * s, cy + 0.1 * s), (cx + 0.24 * s, cy + 0.1 * s)):
        d.ellipse((x - r, y - r, x + r, y + r), fill=fill)
    d.ellipse((cx - 0.12 * s, cy - 0.12 * s, cx + 0.12 * s, cy + 0.12 * s), fill=fill)
    d.polygon([(cx, cy), (cx - 0.16 * s, cy + 0.5 * s), (cx + 0.16 * s, cy + 0.5 * s)], fill=fill)


def _acorn(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, fill: tuple[int, ...]) -> None:
    nut = (196, 140, 62)
    d.ellipse((cx - 0.26 * s, cy - 0.2 * s, cx + 0.26 * s, cy + 0.5 * s), fill=nut, outline=fill, width=max(1, int(s * 0.04)))
    d.pieslice((cx - 0.34 * s, cy - 0.42 * s, cx + 0.34 * s, cy + 0.22 * s), 180, 360, fill=fill)
    d.rectangle((cx - 0.34 * s, cy - 0.12 * s, cx + 0.34 * s, cy - 0.06 * s), fill=fill)
    d.line((cx, cy - 0.36 * s, cx + 0.08 * s, cy - 0.5 * s), fill=fill, width=max(1, int(s * 0.07)))
    dots = (130, 86, 40)
    for i in range(-2, 3):
        x = cx + i * 0.12 * s
        d.ellipse((x - 0.025 * s, cy - 0.22 * s, x + 0.025 * s, cy - 0.17 * s), fill=dots)


def _leaf(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, fill: tuple[int, ...]) -> None:
    top, length, half = cy - 0.5 * s, 0.82 * s, 0.36 * s
    right = [(cx + half * math.sin(math.pi * i / 16) ** 0.8, top + length * i / 16) for i in range(17)]
    left = [(2 * cx - x, y) for x, y in reversed(right)]
    d.polygon(right + left, fill=fill)
    vein = (170, 220, 160)
    d.line((cx, top + 0.1 * s, cx, top + length), fill=vein, width=max(1, int(s * 0.04)))
    for i in (0.3, 0.5, 0.7):
        y = top + length * i
        d.line((cx, y + 0.08 * s, cx + 0.18 * s, y - 0.04 * s), fill=vein, width=max(1, int(s * 0.03)))
        d.line((cx, y + 0.08 * s, cx - 0.18 * s, y - 0.04 * s), fill=vein, width=max(1, int(s * 0.03)))
    d.line((cx, top + length, cx, cy + 0.5 * s), fill=fill, width=max(1, int(s * 0.07)))


def _german_heart(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, fill: tuple[int, ...]) -> None:
    _heart(d, cx, cy, s * 1.04, (150, 20, 20))
    _heart(d, cx, cy, s * 0.9, fill)


def _bell(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, fill: tuple[int, ...]) -> None:
    gold, dark = (236, 184, 34), (150, 100, 0)
    w = max(1, int(s * 0.05))
    d.ellipse((cx - 0.08 * s, cy - 0.52 * s, cx + 0.08 * s, cy - 0.36 * s), outline=dark, width=w)
    d.ellipse((cx - 0.4 * s, cy - 0.38 * s, cx + 0.4 * s, cy + 0.42 * s), fill=gold, outline=dark, width=w)
    d.line((cx - 0.38 * s, cy - 0.02 * s, cx + 0.38 * s, cy - 0.02 * s), fill=dark, width=w)
    d.line((cx - 0.34 * s, cy + 0.1 * s, cx + 0.34 * s, cy + 0.1 * s), fill=dark, width=w)
    d.ellipse((cx - 0.07 * s, cy + 0.2 * s, cx + 0.07 * s, cy + 0.3 * s), fill=dark)
    d.line((cx, cy + 0.3 * s, cx, cy + 0.4 * s), fill=dark, width=w)


_SHAPES = {
    "french": {"C": _club, "S": _spade, "H": _heart, "D": _diamond},
    "german": {"C": _acorn, "S": _leaf, "H": _german_heart, "D": _bell},
}


def _star(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, fill: tuple[int, ...]) -> None:
    pts = []
    for i in range(10):
        r = 0.5 * s if i % 2 == 0 else 0.2 * s
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    d.polygon(pts, fill=fill)


def suit_shape(d: ImageDraw.ImageDraw, suit: str, deck: str, cx: float, cy: float, s: float) -> None:
    """Draw the suit ``suit`` (C S H D) of ``deck`` centred at (cx, cy), ``s`` pixels tall."""
    ink = (_GERMAN_INK if deck == "german" else _FRENCH_INK)[suit]
    _SHAPES[deck][suit](d, cx, cy, s, ink)


# ---- cards ---------------------------------------------------------------------------------

SUPER = 3  # faces are drawn three times larger, then scaled down: smooth edges
INDEX = 0.25  # a card's rank letter, in card heights


@lru_cache(maxsize=256)
def card_face(code: str, deck: str, w: int, h: int, trump: bool = False, lang: str = "de") -> Image.Image:
    """One card (RGBA, ``w`` x ``h``): rank and small suit top left, a big suit in the middle."""
    W, H = w * SUPER, h * SUPER
    im = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    radius = max(W // 9, 6)
    d.rounded_rectangle((0, 0, W - 1, H - 1), radius, fill=CARD, outline=TRUMP_EDGE if trump else CARD_EDGE,
                        width=SUPER * (2 if trump else 1))
    if code == "JO":
        _star(d, W / 2, H / 2, W * 0.6, (120, 60, 160))
        d.text((W * 0.12, H * 0.05), "J", font=font(int(H * INDEX), True), fill=(120, 60, 160))
        return im.resize((w, h), Image.Resampling.LANCZOS)
    suit, rank = code[0], code[1]
    ink = (_GERMAN_INK if deck == "german" else _FRENCH_INK)[suit]
    french = _ENGLISH_RANK if lang == "en" else _FRENCH_RANK
    label = (_GERMAN_RANK if deck == "german" else french)[rank]
    size = int(H * INDEX)  # "10" as tall as "A": the smallest card still reads at phone width
    f = font(size, True)
    x0 = W * 0.1
    d.text((x0, H * 0.03), label, font=f, fill=ink, anchor="la")
    small = W * 0.26
    bbox = d.textbbox((x0, H * 0.03), label, font=f, anchor="la")
    suit_shape(d, suit, deck, x0 + small / 2 - W * 0.01, bbox[3] + small * 0.7, small)
    suit_shape(d, suit, deck, W * 0.6, H * 0.67, W * 0.64)  # large: the suit reads at a phone's width
    return im.resize((w, h), Image.Resampling.LANCZOS)


def _paste(base: Image.Image, face: Image.Image, x: float, y: float) -> None:
    base.paste(face, (int(x), int(y)), face)


@lru_cache(maxsize=2048)
def _stamp(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """A rendered text as a mask: names and labels repeat from picture to picture."""
    f = font(size, bold)
    # whole pixels already (basic layout); Pillow's stubs say float for every font kind
    x0, y0, x1, y1 = (int(v) for v in f.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, x1 - x0), max(1, y1 - y0)))
    ImageDraw.Draw(mask).text((-x0, -y0), text, font=f, fill=255, anchor=anchor)
    return mask, x0, y0


def _text(im: Image.Image, xy: tuple[float, float], text: str, size: int, bold: bool = False,
          fill: tuple[int, ...] = WHITE, anchor: str = "la") -> None:
    mask, dx, dy = _stamp(text, size, bold, anchor)
    im.paste(fill, (int(xy[0]) + dx, int(xy[1]) + dy), mask)


# ---- the table picture ---------------------------------------------------------------------

# Discord shows an embed's picture about 400-520 px wide on a desktop and about 340 px wide
# on a phone: every word is drawn at TEXT px or larger, so at 340 px of 640 its capitals
# still stand 6 px tall (Noto Sans: 0.714 of the size; tests/text/test_legible.py).
WIDTH, HEIGHT = 640, 420
TABLE_W = 440  # the felt; the panel on the right holds the last trick and the announcements
TEXT = 16
CARD_W, CARD_H = 54, 78
MINI_W, MINI_H = 38, 54
PLAQUE_W, PLAQUE_H = 148, 52
CAPTION_H = 22  # a name under a small card of the last trick


@lru_cache(maxsize=2)
def _background() -> Image.Image:
    im = Image.new("RGB", (WIDTH, HEIGHT), PANEL)
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((3, 3, TABLE_W - 3, HEIGHT - 4), 48, fill=RIM)
    d.rounded_rectangle((11, 11, TABLE_W - 11, HEIGHT - 12), 42, fill=FELT)
    d.rounded_rectangle((26, 26, TABLE_W - 26, HEIGHT - 27), 32, outline=FELT_DARK, width=2)
    return im


def _seat_positions(n: int) -> list[tuple[float, float]]:
    """Plaque centres, seat 0 at the bottom, then clockwise (left, top, right)."""
    cx, cy = TABLE_W / 2, HEIGHT / 2
    side, edge = 12 + PLAQUE_W / 2, 14 + PLAQUE_H / 2
    spots = [(cx, HEIGHT - edge), (side, cy), (cx, edge), (TABLE_W - side, cy)]
    if n == 4:
        return spots
    out = []
    for i in range(n):
        a = 2 * math.pi * i / n
        # seats at the sides stand at the rim (their plaques are wide), the others on the ellipse
        x = cx - (cx - side) * (math.copysign(1, math.sin(a)) if abs(math.sin(a)) > 0.8 else math.sin(a))
        out.append((x, cy + (cy - edge) * math.cos(a)))
    return out


# Five and six: smaller trick cards at fixed spots (centre offsets per seat), so no card
# covers another's rank corner or a plaque whatever the order of play. Five: a bottom
# card, two lower and two upper ones; six: two rows of three, the lower seats below.
_SPOTS = {
    5: ((48, 69), ((0, 100), (-36, 30), (-29, -60), (29, -60), (36, 30))),
    6: ((40, 58), ((0, 42), (-40, 42), (-40, -42), (0, -42), (40, -42), (40, 42))),
}


def trick_card_size(n: int) -> tuple[int, int]:
    return _SPOTS[n][0] if n in _SPOTS else (CARD_W, CARD_H)


def _card_spot(n: int, seat: int) -> tuple[float, float]:
    """Where the card a seat played lies (top-left corner): in front of that seat."""
    cx, cy = TABLE_W / 2, HEIGHT / 2
    if n in _SPOTS:
        (w, h), offsets = _SPOTS[n]
        dx, dy = offsets[seat]
        return cx + dx - w / 2, cy + dy - h / 2
    a = 2 * math.pi * seat / n
    x = cx - 32 * math.sin(a) - CARD_W / 2  # clear of the side plaques
    y = cy + 80 * math.cos(a) - CARD_H / 2
    return x, y


def _name(seats: tuple[SeatView, ...], seat: int, lang: str, width: int, size: int, bold: bool = True) -> str:
    return shown_name(seats[seat].name, width, size, bold, t(lang, "pic.seat", n=seat + 1))


def computer_no(seat: SeatView) -> int:
    """A computer seat's number ("Computer 2" -> 2); 0 for a person."""
    last = seat.name.rsplit(" ", 1)[-1]
    return int(last) if seat.level and last.isdigit() else 0


def _level(seat: SeatView, lang: str) -> str | None:
    """A computer's level in the reader's words ("medium" for an English reader)."""
    if seat.level is None:
        return None
    return t(lang, "level." + seat.level) if has("level." + seat.level) else seat.level


def _seat_line(view: TableView, seat: int, width: int = PLAQUE_W - 16) -> str:
    """The plaque's second line, the first of these that fits ``width``: dealer, a
    computer's level and the tricks (or what was said); without the level; tricks alone."""
    s, lang = view.seats[seat], view.lang
    dealer = [t(lang, "pic.dealer")] if seat == view.dealer else []
    if seat == view.out:  # five, the dealer without cards: no "0 Stiche"
        return " · ".join([*dealer, t(lang, "pic.sits_out")])
    if view.phase == "reserve":
        what = t(lang, "table." + s.said) if s.said else "…"
    else:
        what = tn(lang, "count.tricks", s.tricks)
    level = [_level(s, lang) or ""] if s.level else []
    for parts in ([*dealer, *level, what], [*dealer, what]):
        line = " · ".join(parts)
        if _width(line, TEXT) <= width:
            return line
    return what


def _plaque_name(view: TableView, seat: int, width: int, line: str) -> str:
    """The name on a plaque; a computer as "Computer 1" or "C1", its number always seen
    (cut to "Comp…" two computers looked the same), with its level if the line below has none."""
    s = view.seats[seat]
    no = computer_no(s)
    if not no:
        return _name(view.seats, seat, view.lang, width, TEXT)
    level = _level(s, view.lang)
    shown = level is not None and level in line.split(" · ")
    for name in ([s.name] if shown else [f"{s.name} · {level}", f"C{no} {level}"]):
        if _width(name, TEXT, True) <= width:
            return name
    return f"C{no}"


def _plaque(im: Image.Image, d: ImageDraw.ImageDraw, view: TableView, seat: int, cx: float, cy: float) -> None:
    s = view.seats[seat]
    turn = view.to_act == seat
    x0, y0 = cx - PLAQUE_W / 2, cy - PLAQUE_H / 2
    fill, ink, sub = (GOLD, INK, (70, 60, 20)) if turn else (PLAQUE, WHITE, MUTED)
    d.rounded_rectangle((x0, y0, x0 + PLAQUE_W, y0 + PLAQUE_H), 10, fill=fill,
                        outline=(255, 236, 160) if turn else FELT_DARK, width=2)
    tag_w = 0
    if s.party:
        word = t(view.lang, "party." + s.party)
        tag_w = int(_width(word, TEXT, True)) + 10
        tx = x0 + PLAQUE_W - tag_w - 4
        d.rounded_rectangle((tx, y0 + 4, tx + tag_w, y0 + 25), 8, fill=PARTY[s.party])
        _text(im, (tx + tag_w / 2, y0 + 15), word, TEXT, True, WHITE, "mm")
    line = _seat_line(view, seat)
    name = _plaque_name(view, seat, PLAQUE_W - 16 - (tag_w + 4 if tag_w else 0), line)
    _text(im, (x0 + 8, y0 + 15), name, TEXT, True, ink, "lm")
    _text(im, (x0 + 8, y0 + 37), line, TEXT, False, sub, "lm")


def _short_name(view: TableView, seat: int, width: int) -> str:
    """A name under a small card; a computer as "C1", "C2" (cut, all would read "Comp…")."""
    no = computer_no(view.seats[seat])
    return f"C{no}" if no else _name(view.seats, seat, view.lang, width, TEXT, False)


def _facts(view: TableView) -> list[tuple[str, tuple[int, ...]]]:
    """The lines the table text has beyond the trick: Bock (this game's factor, then the
    games after it), knocks, the Hochzeit's named card, who is vorgeführt."""
    lang = view.lang
    out: list[tuple[str, tuple[int, ...]]] = []
    if view.bock > 1:
        out.append((t(lang, "pic.bock", m=view.bock), GOLD))
        left = view.bock_left
        out.append((tn(lang, "pic.bock_left", left) if left else t(lang, "pic.bock_last"), MUTED))
    if view.klopfer:
        out.append((t(lang, "pic.klopfen", n=view.klopfer), GOLD))
    if view.hochzeit_suit in ("C", "S", "H", "D"):
        out.append((t(lang, "pic.hochzeit_card", suit=t(lang, "suit." + view.hochzeit_suit)), MUTED))
    if view.vorgefuehrt is not None and 0 <= view.vorgefuehrt < len(view.seats):
        out.append((t(lang, "pic.vorgefuehrt", name=view.seats[view.vorgefuehrt].name), GOLD))
    return out


PANEL_X = TABLE_W + 12
PANEL_W = WIDTH - 8 - PANEL_X
LINE = 22  # a line of TEXT px type in the panel


def _panel_line(im: Image.Image, y: int, text: str, colour: tuple[int, ...], bold: bool = False, wrap: bool = False) -> int:
    """A line of the panel (``wrap``: a second line for what does not fit, not cut)."""
    words = text.split(" ")
    if wrap and _width(text, TEXT, bold) > PANEL_W and len(words) > 1:
        cut = max((i for i in range(1, len(words)) if _width(" ".join(words[:i]), TEXT, bold) <= PANEL_W), default=1)
        y = _panel_line(im, y, " ".join(words[:cut]), colour, bold)
        text = "  " + " ".join(words[cut:])
    _text(im, (PANEL_X, y), shown_name(text, PANEL_W, TEXT, bold), TEXT, bold, colour, "la")
    return y + LINE


def _panel(im: Image.Image, d: ImageDraw.ImageDraw, view: TableView) -> None:
    lang, y = view.lang, 12
    head = t(lang, "pic.game", no=view.game_no)
    if view.phase == "play":
        head += " · " + t(lang, "pic.trick", n=view.trick_no)
    _text(im, (PANEL_X, y), shown_name(head, PANEL_W, 18), 18, True, WHITE, "la")
    y += 28
    if view.contract and view.contract != "normal":
        y = _panel_line(im, y, contract_name(lang, view.contract), GOLD, True)
    for line, colour in _facts(view):
        y = _panel_line(im, y, line, colour, True, wrap=True)
    if view.phase == "reserve":
        y = _panel_line(im, y, t(lang, "pic.reserve"), MUTED)
    elif view.phase in ARMUT_PHASES:
        y = _panel_line(im, y, contract_name(lang, "armut"), MUTED)
    if view.to_act is not None:
        label = t(lang, "pic.to_act", name="")
        who = _name(view.seats, view.to_act, lang, PANEL_W - int(_width(label, TEXT, True)), TEXT)
        y = _panel_line(im, y, t(lang, "pic.to_act", name=who), GOLD, True) + 4
    if view.last and view.last_winner is not None:
        y = _last_trick(im, view, y)
    if view.announcements:
        _announcements(im, view, y)


def _last_trick(im: Image.Image, view: TableView, y: int) -> int:
    """The last trick in rows (two at four, three at five and six), each card with its
    player's name beneath it in full-size type; the winner's name in white."""
    lang = view.lang
    y = _panel_line(im, y, t(lang, "pic.last"), WHITE, True)
    rest = _width(t(lang, "pic.last_winner", name="", augen=view.last_augen), TEXT)
    winner = _name(view.seats, view.last_winner or 0, lang, PANEL_W - int(rest), TEXT, False)
    y = _panel_line(im, y, t(lang, "pic.last_winner", name=winner, augen=view.last_augen), MUTED)
    cols = 2 if len(view.last) <= 4 else 3
    cell = PANEL_W // cols
    for i, p in enumerate(view.last):
        x = PANEL_X + (i % cols) * cell + (cell - MINI_W) // 2
        top = y + (i // cols) * (MINI_H + CAPTION_H + 2)
        _paste(im, card_face(p.card, view.deck, MINI_W, MINI_H, p.trump, lang), x, top)
        short = _short_name(view, p.seat, cell - 4)
        colour = WHITE if p.seat == view.last_winner else MUTED
        _text(im, (x + MINI_W / 2, top + MINI_H + 1), short, TEXT, p.seat == view.last_winner, colour, "ma")
    rows = (len(view.last) + cols - 1) // cols
    return y + rows * (MINI_H + CAPTION_H + 2) + 2


def _announcements(im: Image.Image, view: TableView, y: int) -> None:
    """The newest announcements that fit below the rest (the facts may leave less room)."""
    lang = view.lang
    room = (HEIGHT - 8 - y - LINE) // 20
    if room < 1:
        return
    y = _panel_line(im, y, t(lang, "pic.announcements"), WHITE, True)
    for seat, what in view.announcements[-min(5, room):]:
        said = announcement_name(lang, what)
        width = int(_width(said, TEXT, True)) + 8
        who = _short_name(view, seat, PANEL_W - width)
        _text(im, (PANEL_X, y), said, TEXT, True, GOLD, "la")
        _text(im, (PANEL_X + width, y), who, TEXT, False, MUTED, "la")
        y += 20


def draw_table(view: TableView) -> Image.Image:
    im = _background().copy()
    d = ImageDraw.Draw(im)
    n = len(view.seats)
    for seat, (cx, cy) in enumerate(_seat_positions(n)):
        _plaque(im, d, view, seat, cx, cy)
    w, h = trick_card_size(n)
    for p in view.trick:
        x, y = _card_spot(n, p.seat)
        _paste(im, card_face(p.card, view.deck, w, h, p.trump, view.lang), x, y)
    if view.phase == "reserve":
        _text(im, (TABLE_W / 2, HEIGHT / 2), t(view.lang, "pic.reserve"), 20, True, MUTED, "mm")
    if any(p.trump for p in (*view.trick, *view.last)):
        _trump_key(im, d, view.lang, 40, HEIGHT - 66)
    _panel(im, d, view)
    return im


def _trump_key(im: Image.Image, d: ImageDraw.ImageDraw, lang: str, x: int, y: int) -> None:
    """In the felt's lower left corner (free at four, five and six): a gold frame is a trump."""
    d.rounded_rectangle((x, y, x + 16, y + 22), 3, fill=CARD, outline=TRUMP_EDGE, width=3)
    _text(im, (x + 22, y + 11), t(lang, "pic.trump_key"), TEXT, False, MUTED, "lm")


_ALL_CARDS = tuple(s + r for s in "CSHD" for r in "AKQJT9") + ("JO",)


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """One 256-colour palette for every picture, taken from a sample of all they draw.

    A paletted PNG needs no per-row filter search and a quarter of the bytes:
    mapping to a fixed palette and encoding take ~3 ms, an RGB PNG ~9 ms.
    """
    names = ("Nord", "Ost", "Süd", "West")
    seats = tuple(SeatView(n, i, ("re", "kontra", None, "re")[i]) for i, n in enumerate(names))
    sample = Image.new("RGB", (WIDTH, HEIGHT + 2 * (CARD_H + MINI_H) + 20), PANEL)
    view = TableView(1, seats, 0, 1, "play", "normal", 2, (Played(0, "CQ", True),),
                     (Played(1, "HA", False),), 1, 11, ((0, "re"), (1, "kontra")))
    sample.paste(draw_table(view), (0, 0))
    y = HEIGHT
    for deck in DECKS:
        for trump in (False, True):
            for i, code in enumerate(_ALL_CARDS):
                _paste(sample, card_face(code, deck, MINI_W, MINI_H, trump), (i * 32) % WIDTH, y)
            y += 10
        y += MINI_H
    felt = Image.new("RGB", (WIDTH, CARD_H), FELT)
    for i, code in enumerate(_ALL_CARDS[:12]):
        _paste(felt, card_face(code, "french", CARD_W, CARD_H, i % 2 == 0), i * CARD_W, 0)
    sample.paste(felt, (0, y))
    return sample.quantize(256, method=Image.Quantize.FASTOCTREE)


def png(im: Image.Image) -> bytes:
    """PNG bytes on the shared palette, without dithering (flat colours, crisp text)."""
    out = io.BytesIO()
    im.quantize(palette=_palette(), dither=Image.Dither.NONE).save(out, "PNG", compress_level=1)
    return out.getvalue()


def warm_up() -> None:
    """Load the fonts and build the palette ahead of the first card (start-up)."""
    _palette()


# ---- what a picture shows, in words --------------------------------------------------------

ALT_MAX = 1024  # Discord's limit for an attachment's description


def _units(text: str) -> int:
    """A length as Discord counts it: UTF-16 code units (an emoji in a name counts 2)."""
    return len(text.encode("utf-16-le")) // 2


def alt_text(parts: list[str]) -> str:
    """Sentences as one description, cut to Discord's limit (the start says the most)."""
    text = ". ".join(p[:1].upper() + p[1:].rstrip(".") for p in parts if p) + "."
    if _units(text) <= ALT_MAX:
        return text
    cut = text[:ALT_MAX - 1]
    while _units(cut) > ALT_MAX - 1:
        cut = cut[:-1]
    return cut.rstrip() + "…"


def _seat_words(view: TableView, seat: int) -> str:
    """A seat as the plaque shows it: "Nord (Re, Geber, 2 Stiche)", "Computer 1 (mittel, 0 Stiche)"."""
    s, lang = view.seats[seat], view.lang
    parts = [_level(s, lang) or ""] if s.level else []
    parts += [t(lang, "party." + s.party)] if s.party else []
    parts += [t(lang, "pic.dealer")] if seat == view.dealer else []
    if seat == view.out:
        parts.append(t(lang, "pic.sits_out"))
    elif view.phase == "reserve":
        parts += [t(lang, "table." + s.said)] if s.said else []
    else:
        parts.append(tn(lang, "count.tricks", s.tricks))
    return f"{s.name} ({', '.join(parts)})" if parts else s.name


def _cards_words(view: TableView, plays: tuple[Played, ...]) -> str:
    return ", ".join(f"{view.seats[p.seat].name} {card_text(p.card, view.deck, view.lang)}" for p in plays)


def table_alt(view: TableView) -> str:
    """What the table picture shows, in the reader's language (the file's description)."""
    lang = view.lang
    play = view.phase == "play"
    head = t(lang, "alt.table_trick" if play else "alt.table", no=view.game_no, n=view.trick_no)
    if view.contract and view.contract != "normal":
        head += ", " + contract_name(lang, view.contract)
    parts = [head, t(lang, "alt.seats", list="; ".join(_seat_words(view, i) for i in range(len(view.seats))))]
    if view.to_act is not None:
        parts.append(t(lang, "pic.to_act", name=view.seats[view.to_act].name))
    parts += [line for line, _ in _facts(view)]
    if play:
        parts.append(t(lang, "alt.trick", cards=_cards_words(view, view.trick)) if view.trick else t(lang, "alt.no_trick"))
    if view.last and view.last_winner is not None:
        parts.append(t(lang, "alt.last", name=view.seats[view.last_winner].name, augen=view.last_augen,
                       cards=_cards_words(view, view.last)))
    if view.announcements:
        said = ", ".join(f"{view.seats[s].name} {announcement_name(lang, w)}" for s, w in view.announcements)
        parts.append(t(lang, "alt.announcements", list=said))
    return alt_text(parts)


def summary_alt(view: SummaryView) -> str:
    """What the summary picture shows, in the reader's language (the file's description)."""
    lang = view.lang
    parts = [t(lang, "alt.summary", no=view.game_no, contract=contract_name(lang, view.contract)), _summary_head(view)]
    for party, seats, augen in (("re", view.re, view.augen_re), ("kontra", view.kontra, view.augen_kontra)):
        won = sum(1 for tr in view.tricks if tr.winner in seats)
        parts.append(t(lang, "alt.party", party=t(lang, "party." + party), augen=augen,
                       names=", ".join(view.names[s] for s in seats) or "–", tricks=tn(lang, "count.tricks", won)))
    return alt_text([*parts, t(lang, "pic.legend_trump")])


@lru_cache(maxsize=CACHE_SIZE)
def render_table(view: TableView) -> bytes:
    """The table picture as PNG bytes (cached per distinct public view)."""
    return png(draw_table(view))


# ---- the summary picture -------------------------------------------------------------------

SUM_W = 640
TRICKS_PER_ROW = 6
TRICK_STEP = 16  # overlap of the cards of one trick
TRICK_GAP = 14  # at least this much felt between two tricks
ROW_H = MINI_H + 26  # a row of tricks with their Augen below
MARGIN = 16
LEGEND_H = 30


def _party_names(view: SummaryView, seats: tuple[int, ...], width: float) -> str:
    """The party's names, each cut to its share of ``width``."""
    if not seats:
        return "–"
    share = int((width - _width(", ", TEXT, True) * (len(seats) - 1)) / len(seats))
    return ", ".join(shown_name(view.names[s], share, TEXT, True, t(view.lang, "pic.seat", n=s + 1)) for s in seats)


def _party_block(im: Image.Image, d: ImageDraw.ImageDraw, view: SummaryView, party: str, y: int) -> int:
    lang = view.lang
    seats = view.re if party == "re" else view.kontra
    augen = view.augen_re if party == "re" else view.augen_kontra
    tricks = [tr for tr in view.tricks if tr.winner in seats]
    won = view.winner == party
    word = t(lang, "party." + party)
    tag = int(_width(word, TEXT, True)) + 16
    d.rounded_rectangle((MARGIN, y, MARGIN + tag, y + 24), 9, fill=PARTY[party], outline=GOLD if won else None, width=2)
    _text(im, (MARGIN + tag / 2, y + 12), word, TEXT, True, WHITE, "mm")
    right = t(lang, "pic.party_augen", augen=augen, tricks=tn(lang, "count.tricks", len(tricks)))
    right_w = _width(right, TEXT, True)
    names = _party_names(view, seats, SUM_W - 2 * MARGIN - tag - right_w - 24)
    _text(im, (MARGIN + tag + 10, y + 12), names, TEXT, True, WHITE, "lm")
    _text(im, (SUM_W - MARGIN, y + 12), right, TEXT, True, GOLD if won else MUTED, "rm")
    y += 32
    if not tricks:
        _text(im, (MARGIN + 10, y + 6), t(lang, "pic.no_tricks"), TEXT, False, MUTED, "la")
        return y + 34
    per_row, slot = _row_layout(view)
    for i, tr in enumerate(tricks):
        x = MARGIN + (i % per_row) * slot
        row_y = y + (i // per_row) * ROW_H
        for j, p in enumerate(tr.cards):
            _paste(im, card_face(p.card, view.deck, MINI_W, MINI_H, p.trump, lang), x + j * TRICK_STEP, row_y)
        middle = x + (MINI_W + TRICK_STEP * (len(tr.cards) - 1)) / 2
        _text(im, (middle, row_y + MINI_H + 2), t(lang, "pic.trick_augen", augen=tr.augen), TEXT, False, MUTED, "ma")
    rows = (len(tricks) + per_row - 1) // per_row
    return y + rows * ROW_H + 6


def _row_layout(view: SummaryView) -> tuple[int, int]:
    """Tricks per row and the slot of each: a trick's cards or its Augen beneath, whichever
    is wider, and a gap, so tricks and their labels stand apart (six cards: wider slots)."""
    cards = max((len(tr.cards) for tr in view.tricks), default=4)
    label = max((_width(t(view.lang, "pic.trick_augen", augen=tr.augen), TEXT) for tr in view.tricks), default=0)
    width = max(MINI_W + TRICK_STEP * (cards - 1), int(label) + 1)
    per_row = max(1, min(TRICKS_PER_ROW, (SUM_W - 2 * MARGIN + TRICK_GAP) // (width + TRICK_GAP)))
    return per_row, (SUM_W - 2 * MARGIN) // per_row


def _summary_height(view: SummaryView) -> int:
    h = 52
    per_row = _row_layout(view)[0]
    for seats in (view.re, view.kontra):
        n = sum(1 for tr in view.tricks if tr.winner in seats)
        rows = (n + per_row - 1) // per_row
        h += 32 + (rows * ROW_H + 6 if rows else 34) + 12
    return h + LEGEND_H


def _legend(im: Image.Image, d: ImageDraw.ImageDraw, lang: str, y: int) -> None:
    """What the colours mean: a gold frame is a trump (nothing else said so)."""
    d.rounded_rectangle((MARGIN, y + 2, MARGIN + 16, y + 24), 3, fill=CARD, outline=TRUMP_EDGE, width=3)
    _text(im, (MARGIN + 24, y + 13), t(lang, "pic.legend_trump"), TEXT, False, MUTED, "lm")


def draw_summary(view: SummaryView) -> Image.Image:
    lang = view.lang
    im = Image.new("RGB", (SUM_W, _summary_height(view)), PANEL)
    d = ImageDraw.Draw(im)
    d.rectangle((0, 0, SUM_W, 40), fill=FELT)
    game = t(lang, "pic.game", no=view.game_no) + " · " + contract_name(lang, view.contract)
    game_w = _width(game, TEXT)
    _text(im, (SUM_W - MARGIN, 20), game, TEXT, False, MUTED, "rm")
    _text(im, (MARGIN, 20), shown_name(_summary_head(view), int(SUM_W - 3 * MARGIN - game_w), 18), 18, True, WHITE, "lm")
    y = 52
    for party in ("re", "kontra"):
        y = _party_block(im, d, view, party, y) + 12
    _legend(im, d, lang, im.height - LEGEND_H)
    return im


def _summary_head(view: SummaryView) -> str:
    lang = view.lang
    if view.winner:
        return t(lang, "pic.winner", party=t(lang, "party." + view.winner), re=view.augen_re, kontra=view.augen_kontra)
    return t(lang, "pic.no_winner", re=view.augen_re, kontra=view.augen_kontra)


@lru_cache(maxsize=SUMMARY_CACHE_SIZE)
def render_summary(view: SummaryView) -> bytes:
    """The summary picture (the tricks of each party) as PNG bytes, cached per view."""
    return png(draw_summary(view))
