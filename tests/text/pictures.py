"""Fixed views for the golden pictures, and a small perceptual hash (difference hash).

Regenerate the goldens after an intended change of the look:

    PYTHONPATH=$PWD python3 -m tests.text.pictures

and look at them (tests/data/pictures/*.png) before committing.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from dokobot.players.analysis import Curve, Moment
from dokobot.text.i18n import computer_words, t
from dokobot.text.learn import curve_picture, rating_picture
from dokobot.text.picture import (
    Played,
    SeatView,
    SummaryView,
    TableView,
    TrickView,
    draw_summary,
    draw_table,
    render_summary,
    render_table,
)

GOLDEN_DIR = Path(__file__).resolve().parents[1] / "data" / "pictures"
HASH_W, HASH_H = 32, 16  # 512 bits: the layout, the cards and the plaques, not single pixels


def dhash(png: bytes) -> int:
    """Difference hash: grey, shrunk to 33 x 16, one bit per left/right brightness step."""
    im = Image.open(io.BytesIO(png)).convert("L").resize((HASH_W + 1, HASH_H), Image.Resampling.LANCZOS)
    px = im.load()
    bits = 0
    for y in range(HASH_H):
        for x in range(HASH_W):
            bits = (bits << 1) | (px[x, y] > px[x + 1, y])
    return bits


def distance(a: int, b: int) -> int:
    return (a ^ b).bit_count()


NAMES = ("Nord", "Ostwind-Müller", "Süd", "West")


def _p(seat: int, card: str, trump: bool = False) -> Played:
    return Played(seat, card, trump)


MID_GAME = TableView(
    game_no=7,
    seats=(SeatView("Nord", 2, "re"), SeatView("Ostwind-Müller", 1, None), SeatView("Süd", 1, "re"), SeatView("West", 0, None)),
    dealer=3,
    to_act=2,
    phase="play",
    contract="normal",
    trick_no=5,
    trick=(_p(0, "HT", True), _p(1, "CQ", True)),
    last=(_p(1, "SA"), _p(2, "ST"), _p(3, "SK"), _p(0, "S9")),
    last_winner=1,
    last_augen=25,
    announcements=((2, "re"), (2, "keine90")),
    deck="french",
    lang="de",
)

GERMAN_DECK = TableView(
    game_no=3,
    seats=(SeatView("Anna", 0, "kontra"), SeatView("Ben", 0, "re"), SeatView("Carla", 1, "kontra"), SeatView("Dieter", 0, "kontra")),
    dealer=0,
    to_act=0,
    phase="play",
    contract="solo:herz",
    trick_no=2,
    trick=(_p(1, "HA", True), _p(2, "DQ", True), _p(3, "CJ", True)),
    last=(_p(1, "DA"), _p(2, "DT"), _p(3, "D9"), _p(0, "DK")),
    last_winner=2,
    last_augen=25,
    announcements=((1, "re"),),
    deck="german",
    lang="en",
)

RESERVE = TableView(
    game_no=1,
    seats=(SeatView("Nord", said="gesund"), SeatView("Ost", said="vorbehalt"), SeatView("Süd"), SeatView("West")),
    dealer=3,
    to_act=2,
    phase="reserve",
    contract=None,
    trick_no=0,
    trick=(),
    deck="french",
    lang="de",
)


def _summary() -> SummaryView:
    suits = "CSHD"
    tricks = []
    for i in range(12):
        cards = tuple(_p(s, suits[(i + s) % 4] + "AKQJT9"[(i + 2 * s) % 6], (i + s) % 3 == 0) for s in range(4))
        tricks.append(TrickView(winner=(0, 2, 1, 0, 3, 2, 0, 1, 0, 2, 2, 0)[i], cards=cards, augen=10 + 3 * i))
    return SummaryView(
        game_no=7, names=NAMES, contract="normal", winner="re", re=(0, 2), kontra=(1, 3),
        augen_re=173, augen_kontra=67, value=3, tricks=tuple(tricks), deck="french", lang="de",
    )


SUMMARY = _summary()

# Issue 25: five with the dealer sitting out (every card of the trick, the left seat's
# beside the bottom seat's, a computer with its level, Bock and knocks in the panel) ...
FIVE_OUT = TableView(
    game_no=4,
    seats=(SeatView("Nord", 1, "re"), SeatView("Computer 1", 0, None, level="mittel"), SeatView("Süd", 1),
           SeatView("West", 0), SeatView("Computer 2", 0, level="schwer")),
    dealer=2,
    to_act=4,
    phase="play",
    contract="normal",
    trick_no=3,
    trick=(_p(3, "HA"), _p(0, "HK"), _p(1, "HT", True)),
    last=(_p(3, "CA"), _p(4, "CK"), _p(0, "C9"), _p(1, "CT")),
    last_winner=3,
    last_augen=25,
    announcements=((0, "re"),),
    out=2,
    klopfer=3,
    bock=2,
    bock_left=2,
)
# ... five all playing (five cards in the trick) in English (Q and J on the cards) ...
FIVE_ALL_EN = TableView(
    game_no=2,
    seats=(SeatView("Anna"), SeatView("Ben"), SeatView("Carla"), SeatView("Dora"), SeatView("Computer 1", level="leicht")),
    dealer=0,
    to_act=0,
    phase="play",
    contract="normal",
    trick_no=1,
    trick=(_p(1, "CQ", True), _p(2, "SJ", True), _p(3, "DQ", True), _p(4, "HJ", True)),
    lang="en",
)
# ... and six: six cards in two rows, the named Hochzeit card, who is vorgeführt.
SIX = TableView(
    game_no=9,
    seats=tuple(SeatView(n, i % 3, level="schwer" if n.startswith("Computer") else None)
                for i, n in enumerate(("Nord", "Ost", "Computer 1", "Süd", "West", "Computer 2"))),
    dealer=5,
    to_act=5,
    phase="play",
    contract="hochzeit",
    trick_no=4,
    trick=(_p(0, "SA"), _p(1, "ST"), _p(2, "SK"), _p(3, "S9"), _p(4, "SA")),
    last=(_p(0, "HA"), _p(1, "HK"), _p(2, "H9"), _p(3, "HA"), _p(4, "HK"), _p(5, "H9")),
    last_winner=0,
    last_augen=50,
    hochzeit_suit="C",
    vorgefuehrt=3,
)


def _summary_six() -> SummaryView:
    suits = "CSHD"
    tricks = []
    for i in range(12):
        cards = tuple(_p(s, suits[(i + s) % 4] + "AKQJT9"[(i + 2 * s) % 6], (i + s) % 3 == 0) for s in range(6))
        tricks.append(TrickView(winner=(0, 2, 1, 0, 3, 2, 4, 1, 0, 5, 2, 0)[i], cards=cards, augen=10 + 3 * i))
    return SummaryView(
        game_no=9, names=("Nord", "Ost", "C1 (schwer)", "Süd", "West", "Gast"), contract="normal",
        winner="re", re=(0, 2, 4), kontra=(1, 3, 5), augen_re=180, augen_kontra=180, value=2,
        tricks=tuple(tricks), deck="french", lang="de",
    )


SUMMARY_SIX = _summary_six()

# ---- every picture kind, and the texts each one draws -------------------------------------

CURVE = Curve(values=(0.0, 1.2, -0.8, 2.5, 3.0, -1.0, 0.5, 2.0, 2.5, 3.0, 3.0, 3.5, 4.0),
              moments=(Moment(1, "announce", 0, "re"), Moment(3, "extra", 2, "fuchs", 1),
                       Moment(5, "alone", 2, "solo"), Moment(8, "trick", 1)), re=(0, 2))
CURVE_NAMES = ("Nord", "Ostwind-Müller", "Computer 2 (mittel)", "West")
RATING = [1.5, 3.25, 2.0, -1.0, 4.5, 6.0, 5.5]


def _read(names: tuple[str, ...], lang: str) -> tuple[str, ...]:
    """The summary's names as the bot writes them for ``lang``: "C1 (schwer)" -> "C1 (hard)"."""
    return tuple(n.replace("(schwer)", f"({t(lang, 'level.schwer')})") for n in names)


def picture_kinds(lang: str) -> dict[str, Callable[[], Image.Image | bytes]]:
    """Every kind of picture in ``lang``: tables at four, five and six (French and German
    deck), the summaries, the curve and the rating chart (a PIL image or PNG bytes)."""
    def table(view: TableView) -> Callable[[], Image.Image]:
        return lambda: draw_table(replace(view, lang=lang))

    def summary(view: SummaryView) -> Callable[[], Image.Image]:
        return lambda: draw_summary(replace(view, lang=lang))

    return {
        "table_four": table(MID_GAME),
        "table_four_german_deck": table(GERMAN_DECK),
        "table_reserve": table(RESERVE),
        "table_five_out": table(FIVE_OUT),
        "table_five_all": table(FIVE_ALL_EN),
        "table_five_german_deck": table(replace(FIVE_OUT, deck="german")),
        "table_six": table(SIX),
        "table_six_german_deck": table(replace(SIX, deck="german")),
        "summary_four": summary(SUMMARY),
        "summary_six_german_deck": summary(replace(SUMMARY_SIX, deck="german", names=_read(SUMMARY_SIX.names, lang))),
        "curve": lambda: curve_picture(CURVE, [computer_words(n, lang) for n in CURVE_NAMES], 7, lang),
        "rating": lambda: rating_picture(RATING, "Ostwind-Müller", lang),
    }


@dataclass(frozen=True)
class Drawn:
    text: str
    size: float  # font size in the picture's own pixels
    card: bool  # a card's rank letter (drawn on the card face)


def drawn_texts(make: Callable[[], Image.Image | bytes]) -> tuple[list[Drawn], int]:
    """Every string ``make`` draws (Pillow's text drawing, recorded while it runs; caches
    cleared, so nothing is skipped), and the picture's width."""
    from dokobot.text import picture

    drawn: list[Drawn] = []
    original = ImageDraw.ImageDraw.text
    face = picture.card_face
    on_card = [False]

    def record(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        font = kwargs.get("font") or (args[1] if len(args) > 1 else None)
        if isinstance(text, str) and text.strip() and font is not None:
            scale = 1 / picture.SUPER if on_card[0] else 1
            drawn.append(Drawn(text, font.size * scale, on_card[0]))
        original(self, xy, text, *args, **kwargs)

    def card(*args: Any, **kwargs: Any) -> Image.Image:
        on_card[0] = True
        try:
            return face.__wrapped__(*args, **kwargs)
        finally:
            on_card[0] = False

    picture.warm_up()  # the shared palette draws a sample table once: not this picture's text
    picture._stamp.cache_clear()
    ImageDraw.ImageDraw.text = record  # type: ignore[method-assign]
    picture.card_face = card  # type: ignore[assignment]
    try:
        out = make()
    finally:
        ImageDraw.ImageDraw.text = original  # type: ignore[method-assign]
        picture.card_face = face
        picture._stamp.cache_clear()
    im = out if isinstance(out, Image.Image) else Image.open(io.BytesIO(out))
    return drawn, im.size[0]


GOLDENS = {
    "table_mid_game.png": lambda: render_table(MID_GAME),
    "table_german_deck_en.png": lambda: render_table(GERMAN_DECK),
    "table_reserve.png": lambda: render_table(RESERVE),
    "summary.png": lambda: render_summary(SUMMARY),
    "table_five_out.png": lambda: render_table(FIVE_OUT),
    "table_five_all_en.png": lambda: render_table(FIVE_ALL_EN),
    "table_six.png": lambda: render_table(SIX),
    "summary_six.png": lambda: render_summary(SUMMARY_SIX),
}


if __name__ == "__main__":
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for name, make in GOLDENS.items():
        (GOLDEN_DIR / name).write_bytes(make())
        print("wrote", GOLDEN_DIR / name)
