"""A picture of the table (PNG, Pillow): seats, the current and the last trick.

Pure and free of Discord. The input is a small frozen value of what the whole
table may know (``TableView``, ``SummaryView``): seat names, dealer, who is to
act, played cards, public parties, announcements, trick counts. It holds no
hand: it is built only from ``public_contract``, ``public_parties()``,
``current_trick``, ``tricks`` and ``announcements``. Equal views draw equal
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
from dokobot.table.ai import DEFAULT_LEVEL
from dokobot.table.store import SeatInfo
from dokobot.table.table import FinishedGame, Table, computer_number
from dokobot.text.i18n import announcement_name, contract_name, t

# Shipped as package data: the same pixels on every machine, under a file name we own.
FONT_FILE = Path(__file__).resolve().parent / "fonts" / "NotoSans[wdth,wght].ttf"

DECKS = ("french", "german")
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
class Played:
    seat: int
    card: str  # card code of game-record.md
    trump: bool


@dataclass(frozen=True, slots=True)
class SeatView:
    name: str
    tricks: int = 0
    party: str | None = None  # only once public
    said: str | None = None  # Vorbehalt round: gesund | vorbehalt
    level: str | None = None  # a computer seat: its level, shown beneath its short name


@dataclass(frozen=True, slots=True)
class TableView:
    """What the whole table may know about a running game, as one hashable value."""

    game_no: int
    seats: tuple[SeatView, ...]
    dealer: int
    to_act: int | None
    phase: str
    contract: str | None  # the public contract
    trick_no: int  # number of the trick being played (1-based)
    trick: tuple[Played, ...]  # the current trick, in play order
    last: tuple[Played, ...] = ()  # the last complete trick, in play order
    last_winner: int | None = None
    last_augen: int = 0
    announcements: tuple[tuple[int, str], ...] = ()
    deck: str = "french"
    lang: str = "de"
    # what the table text says too (issue 25): the seat sitting out (five), knocks, the
    # Bock factor of this game and the Bock games after it, the Hochzeit's named card, vorgeführt
    out: int | None = None
    klopfer: int = 0  # how often was knocked (Klopfen): len(Game.klopfer)
    bock: int = 1
    bock_left: int = 0
    hochzeit_suit: str | None = None  # the suit of the named ace: a card code would read as played
    vorgefuehrt: int | None = None

    def cards(self) -> list[str]:
        """Every card the view shows (the privacy test counts them)."""
        return [p.card for p in (*self.trick, *self.last)]


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


def _played(game: Game, plays: object) -> tuple[Played, ...]:
    return tuple(Played(s, c, game.is_trump(c)) for s, c in plays)  # type: ignore[attr-defined]


def game_view(game: Game, names: list[str], game_no: int, *, deck: str = "french", lang: str = "de",
              bock: int = 1, bock_left: int = 0, levels: list[str | None] | None = None) -> TableView:
    """The public view of a running ``game`` (never a hand); ``bock``: this game's Bock
    factor, ``bock_left``: the Bock games after it; ``levels``: per seat a computer's level."""
    tricks = game.tricks
    won = [0] * len(names)
    for trick in tricks:
        won[trick.winner] += 1
    parties = game.public_parties()
    said = dict(game.reservations) if game.phase == "reserve" else {}
    levels = levels or [None] * len(names)
    seats = tuple(SeatView(names[s], won[s], parties.get(s), said.get(s), levels[s]) for s in range(len(names)))
    last = tricks[-1] if tricks else None
    return TableView(
        game_no=game_no,
        seats=seats,
        dealer=game.dealer,
        to_act=game.to_act if game.phase != "done" else None,
        phase=game.phase,
        contract=game.public_contract,
        trick_no=len(tricks) + (1 if game.phase == "play" else 0),
        trick=_played(game, game.current_trick) if game.phase == "play" else (),
        last=_played(game, last.cards) if last else (),
        last_winner=last.winner if last else None,
        last_augen=last.augen if last else 0,
        announcements=tuple(game.announcements),
        deck=deck if deck in DECKS else "french",
        lang=lang,
        out=next((s for s in range(game.n) if s not in game.seats), None),
        klopfer=len(game.klopfer),
        bock=bock,
        bock_left=bock_left if bock > 1 else 0,
        # named once the clarification is over and play runs, as the table text says it
        hochzeit_suit=game.hochzeit_card[0] if game.hochzeit_card and game.clarify_trick is None
        and game.phase == "play" else None,
        vorgefuehrt=game.vorgefuehrt,
    )


def table_view(table: Table, *, deck: str = "french", lang: str = "de") -> TableView | None:
    """The public view of the table's running game; None when there is none to draw."""
    if table.game is None or len(table.names) != table.game.n:
        return None
    players = table.game_players if len(table.game_players) == table.game.n else table.seats
    names, levels = _seat_names(players) if len(players) == table.game.n else (table.names, None)
    return game_view(table.game, names, table.game_no, deck=deck, lang=lang,
                     bock=table.bock_multiplier, bock_left=table.bock_left, levels=levels)


def _summary_name(p: SeatInfo) -> str:
    """A computer in the summary's party line: "C1 (schwer)", short enough to keep its level."""
    n = computer_number(p.name) if p.is_bot else 0
    return f"C{n} ({p.level or DEFAULT_LEVEL})" if n else p.name


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
    tricks = tuple(TrickView(tr.winner, _played(game, tr.cards), tr.augen) for tr in game.tricks)
    return SummaryView(
        game_no=fin.number,
        names=tuple(_summary_name(p) for p in fin.players),
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
    if f.getlength(text) <= width:
        return text
    while len(text) > 1 and f.getlength(text + "…") > width:
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
        d.text((W * 0.12, H * 0.05), "J", font=font(int(H * 0.2), True), fill=(120, 60, 160))
        return im.resize((w, h), Image.Resampling.LANCZOS)
    suit, rank = code[0], code[1]
    ink = (_GERMAN_INK if deck == "german" else _FRENCH_INK)[suit]
    french = _ENGLISH_RANK if lang == "en" else _FRENCH_RANK
    label = (_GERMAN_RANK if deck == "german" else french)[rank]
    size = int(H * (0.25 if len(label) == 1 else 0.22))
    f = font(size, True)
    x0 = W * 0.1
    d.text((x0, H * 0.03), label, font=f, fill=ink, anchor="la")
    small = W * 0.26
    bbox = d.textbbox((x0, H * 0.03), label, font=f, anchor="la")
    suit_shape(d, suit, deck, x0 + small / 2 - W * 0.01, bbox[3] + small * 0.7, small)
    suit_shape(d, suit, deck, W * 0.58, H * 0.64, W * 0.56)
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

# Discord shows an embed's picture about 400-520 px wide: a compact canvas with large
# type stays readable there (and costs fewer pixels to draw and encode).
WIDTH, HEIGHT = 640, 360
TABLE_W = 440  # the felt; the panel on the right holds the last trick and the announcements
CARD_W, CARD_H = 54, 78
MINI_W, MINI_H = 38, 54
PLAQUE_W, PLAQUE_H = 128, 44


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
    side, edge = 12 + PLAQUE_W / 2, 34
    spots = [(cx, HEIGHT - edge), (side, cy), (cx, edge), (TABLE_W - side, cy)]
    if n == 4:
        return spots
    return [(cx - (cx - side) * math.sin(2 * math.pi * i / n), cy + (cy - edge) * math.cos(2 * math.pi * i / n)) for i in range(n)]


# Five and six: smaller trick cards at fixed spots (centre offsets per seat), so no card
# covers another's rank corner or a plaque whatever the order of play. Five: a bottom
# card, two lower and two upper ones; six: two rows of three, the lower seats below.
_SPOTS = {
    5: ((48, 69), ((0, 88), (-48, 60), (-29, -60), (29, -60), (48, 60))),
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
    x = cx - 46 * math.sin(a) - CARD_W / 2
    y = cy + 78 * math.cos(a) - CARD_H / 2
    return x, y


def _name(seats: tuple[SeatView, ...], seat: int, lang: str, width: int, size: int, bold: bool = True) -> str:
    return shown_name(seats[seat].name, width, size, bold, t(lang, "pic.seat", n=seat + 1))


def _seat_line(view: TableView, seat: int, short: bool = False) -> str:
    s = view.seats[seat]
    lang = view.lang
    parts = []
    if seat == view.dealer:
        parts.append(t(lang, "pic.dealer"))
    if seat == view.out:  # five, the dealer without cards: no "Stiche: 0"
        parts.append(t(lang, "pic.sits_out"))
        return " · ".join(parts)
    if s.level:
        parts.append(s.level)
    if view.phase == "reserve":
        parts.append(t(lang, "table." + s.said) if s.said else "…")
    else:
        parts.append(t(lang, "pic.tricks_short" if short else "pic.tricks", n=s.tricks))
    return " · ".join(parts)


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
        tag_w = int(font(11, True).getlength(word)) + 10
        tx = x0 + PLAQUE_W - tag_w - 5
        d.rounded_rectangle((tx, y0 + 5, tx + tag_w, y0 + 20), 7, fill=PARTY[s.party])
        _text(im, (tx + tag_w / 2, y0 + 13), word, 11, True, WHITE, "mm")
    name = _name(view.seats, seat, view.lang, PLAQUE_W - 16 - (tag_w + 4 if tag_w else 0), 16)
    _text(im, (x0 + 8, y0 + 13), name, 16, True, ink, "lm")
    # a computer dealer has three parts (dealer, level, tricks): the short tricks form, smaller
    fits = [(line, size) for line in (_seat_line(view, seat), _seat_line(view, seat, short=True))
            for size in (12, 11) if font(size).getlength(line) <= PLAQUE_W - 12]
    line, size = fits[0] if fits else (_seat_line(view, seat, short=True), 10)
    _text(im, (x0 + 8, y0 + 32), line, size, False, sub, "lm")


def _short_name(view: TableView, seat: int, width: int) -> str:
    """A name under a small card; a computer as "C1", "C2" (cut, all would read "Comp…")."""
    s = view.seats[seat]
    if s.level and s.name.rsplit(" ", 1)[-1].isdigit():
        return "C" + s.name.rsplit(" ", 1)[-1]
    return _name(view.seats, seat, view.lang, width, 10, False)


def _facts(view: TableView) -> list[tuple[str, tuple[int, ...]]]:
    """The lines the table text has beyond the trick: Bock (this game's factor, then the
    games after it), knocks, the Hochzeit's named card, who is vorgeführt."""
    lang = view.lang
    out: list[tuple[str, tuple[int, ...]]] = []
    if view.bock > 1:
        out.append((t(lang, "pic.bock", m=view.bock), GOLD))
        key = "pic.bock_left" if view.bock_left > 1 else "pic.bock_left_one" if view.bock_left == 1 else "pic.bock_last"
        out.append((t(lang, key, n=view.bock_left), MUTED))
    if view.klopfer:
        out.append((t(lang, "pic.klopfen", n=view.klopfer), GOLD))
    if view.hochzeit_suit in ("C", "S", "H", "D"):
        out.append((t(lang, "pic.hochzeit_card", suit=t(lang, "suit." + view.hochzeit_suit)), MUTED))
    if view.vorgefuehrt is not None and 0 <= view.vorgefuehrt < len(view.seats):
        out.append((t(lang, "pic.vorgefuehrt", name=view.seats[view.vorgefuehrt].name), GOLD))
    return out


def _panel(im: Image.Image, d: ImageDraw.ImageDraw, view: TableView) -> None:
    lang, x0, y = view.lang, TABLE_W + 12, 12
    right = WIDTH - 8 - x0  # the panel's width
    _text(im, (x0, y), t(lang, "pic.game", no=view.game_no), 18, True, WHITE, "la")
    y += 26
    if view.contract and view.contract != "normal":
        _text(im, (x0, y), shown_name(contract_name(lang, view.contract), right, 13), 13, True, GOLD, "la")
        y += 20
    for line, colour in _facts(view):
        _text(im, (x0, y), shown_name(line, right, 12), 12, True, colour, "la")
        y += 17
    if view.phase == "play":
        _text(im, (x0, y), t(lang, "pic.trick", n=view.trick_no), 13, False, MUTED, "la")
        y += 20
    elif view.phase == "reserve":
        _text(im, (x0, y), t(lang, "pic.reserve"), 13, False, MUTED, "la")
        y += 20
    elif view.phase in ARMUT_PHASES:
        _text(im, (x0, y), contract_name(lang, "armut"), 13, False, MUTED, "la")
        y += 20
    if view.to_act is not None:
        label = t(lang, "pic.to_act", name="")
        who = _name(view.seats, view.to_act, lang, right - int(font(13, True).getlength(label)), 13)
        _text(im, (x0, y), t(lang, "pic.to_act", name=who), 13, True, GOLD, "la")
        y += 26
    if view.last and view.last_winner is not None:
        _text(im, (x0, y), t(lang, "pic.last"), 13, True, WHITE, "la")
        y += 19
        winner = _name(view.seats, view.last_winner, lang, right - 70, 12)
        _text(im, (x0, y), t(lang, "pic.last_winner", name=winner, augen=view.last_augen), 12, False, MUTED, "la")
        y += 19
        step = min(MINI_W + 5, (right - MINI_W) // max(1, len(view.last) - 1))
        for i, p in enumerate(view.last):
            x = x0 + i * step
            _paste(im, card_face(p.card, view.deck, MINI_W, MINI_H, p.trump, lang), x, y)
            short = _short_name(view, p.seat, step - 2)
            _text(im, (x + MINI_W / 2, y + MINI_H + 3), short, 10, False, WHITE if p.seat == view.last_winner else MUTED, "ma")
        y += MINI_H + 22
    if view.announcements:
        _text(im, (x0, y), t(lang, "pic.announcements"), 13, True, WHITE, "la")
        y += 19
        room = max(1, (HEIGHT - 8 - y) // 16)  # the facts above may leave less room
        for seat, what in view.announcements[-min(5, room):]:
            who = _name(view.seats, seat, lang, right - 72, 12, False)
            _text(im, (x0, y), announcement_name(lang, what), 12, True, GOLD, "la")
            _text(im, (x0 + 70, y), who, 12, False, MUTED, "la")
            y += 16


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
    _panel(im, d, view)
    return im


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


@lru_cache(maxsize=CACHE_SIZE)
def render_table(view: TableView) -> bytes:
    """The table picture as PNG bytes (cached per distinct public view)."""
    return png(draw_table(view))


# ---- the summary picture -------------------------------------------------------------------

SUM_W = 640
TRICKS_PER_ROW = 6
TRICK_STEP = 16  # overlap of the cards of one trick
TRICK_GAP = 14  # at least this much felt between two tricks
ROW_H = MINI_H + 22  # a row of tricks with their Augen below
MARGIN = 16


def _party_block(im: Image.Image, d: ImageDraw.ImageDraw, view: SummaryView, party: str, y: int) -> int:
    lang = view.lang
    seats = view.re if party == "re" else view.kontra
    augen = view.augen_re if party == "re" else view.augen_kontra
    tricks = [tr for tr in view.tricks if tr.winner in seats]
    won = view.winner == party
    word = t(lang, "party." + party)
    tag = int(font(14, True).getlength(word)) + 16
    d.rounded_rectangle((MARGIN, y, MARGIN + tag, y + 22), 9, fill=PARTY[party], outline=GOLD if won else None, width=2)
    _text(im, (MARGIN + tag / 2, y + 11), word, 14, True, WHITE, "mm")
    names = ", ".join(shown_name(view.names[s], 130, 14, True, t(lang, "pic.seat", n=s + 1)) for s in seats) or "–"
    _text(im, (MARGIN + tag + 10, y + 11), names, 14, True, WHITE, "lm")
    right = t(lang, "pic.party_augen", augen=augen, n=len(tricks))
    _text(im, (SUM_W - MARGIN, y + 11), right, 14, True, GOLD if won else MUTED, "rm")
    y += 30
    if not tricks:
        _text(im, (MARGIN + 10, y + 6), t(lang, "pic.no_tricks"), 13, False, MUTED, "la")
        return y + 34
    per_row, slot = _row_layout(view)
    for i, tr in enumerate(tricks):
        x = MARGIN + (i % per_row) * slot
        row_y = y + (i // per_row) * ROW_H
        for j, p in enumerate(tr.cards):
            _paste(im, card_face(p.card, view.deck, MINI_W, MINI_H, p.trump, lang), x + j * TRICK_STEP, row_y)
        middle = x + (MINI_W + TRICK_STEP * (len(tr.cards) - 1)) / 2
        _text(im, (middle, row_y + MINI_H + 2), t(lang, "pic.trick_augen", augen=tr.augen), 11, False, MUTED, "ma")
    rows = (len(tricks) + per_row - 1) // per_row
    return y + rows * ROW_H + 6


def _row_layout(view: SummaryView) -> tuple[int, int]:
    """Tricks per row and the slot of each: six cards to a trick need wider slots, so
    the tricks stand apart (with a gap) instead of running together in one strip."""
    cards = max((len(tr.cards) for tr in view.tricks), default=4)
    width = MINI_W + TRICK_STEP * (cards - 1)
    per_row = max(1, min(TRICKS_PER_ROW, (SUM_W - 2 * MARGIN + TRICK_GAP) // (width + TRICK_GAP)))
    return per_row, (SUM_W - 2 * MARGIN) // per_row


def _summary_height(view: SummaryView) -> int:
    h = 52
    per_row = _row_layout(view)[0]
    for seats in (view.re, view.kontra):
        n = sum(1 for tr in view.tricks if tr.winner in seats)
        rows = (n + per_row - 1) // per_row
        h += 30 + (rows * ROW_H + 6 if rows else 34) + 12
    return h


def draw_summary(view: SummaryView) -> Image.Image:
    lang = view.lang
    im = Image.new("RGB", (SUM_W, _summary_height(view)), PANEL)
    d = ImageDraw.Draw(im)
    d.rectangle((0, 0, SUM_W, 40), fill=FELT)
    if view.winner:
        head = t(lang, "pic.winner", party=t(lang, "party." + view.winner), re=view.augen_re, kontra=view.augen_kontra)
    else:
        head = t(lang, "pic.no_winner", re=view.augen_re, kontra=view.augen_kontra)
    _text(im, (MARGIN, 20), head, 17, True, WHITE, "lm")
    game = t(lang, "pic.game", no=view.game_no) + " · " + contract_name(lang, view.contract)
    _text(im, (SUM_W - MARGIN, 20), game, 12, False, MUTED, "rm")
    y = 52
    for party in ("re", "kontra"):
        y = _party_block(im, d, view, party, y) + 12
    return im


@lru_cache(maxsize=SUMMARY_CACHE_SIZE)
def render_summary(view: SummaryView) -> bytes:
    """The summary picture (the tricks of each party) as PNG bytes, cached per view."""
    return png(draw_summary(view))
