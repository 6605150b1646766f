"""Issue 21: every name a member can choose fits its plaque in the table picture,
at four, five and six seats: long names, emoji, right-to-left scripts, markdown,
mentions, and "zalgo" (combining marks stacked on each letter)."""

from __future__ import annotations

import pytest

from dokobot.text import picture
from dokobot.text.picture import PLAQUE_H, PLAQUE_W, Played, SeatView, TableView

ZALGO = "Z" + "\u0337\u0321\u031b\u0344\u034e\u0349\u0324" * 6 + "a" + "\u0338\u0322\u031b\u0351\u0356\u0339" * 8 + "lgo"
NAMES = [
    ZALGO,
    "M" * 32,  # Discord allows 32 characters
    "Maximiliane von Hohenzollern-Sigmaringen",
    "👑🔥 King of Doko 🔥👑",
    "עברית שלום",  # right-to-left
    "محمد عبد الله",
    "\u202eevil\u202c Nord",  # a right-to-left override
    "**fett** __unter__ ~~weg~~ `code`",
    "<@123456789012345678> @everyone",
    "T\u0308\u0301\u0302\u0303\u0304\u0306\u0307\u030a\u030b\u030c est",  # marks stacked on one letter
    "李小龍",
    "Ågjy Ṩ̂ ǗÇ",  # accents and descenders, as people really have them
]


def _ink(name: str) -> tuple[int, int, int, int]:
    """The box the name's pixels cover, relative to the point it is drawn at (anchor lm)."""
    mask, dx, dy = picture._stamp(name, 16, True, "lm")
    box = mask.getbbox() or (0, 0, 0, 0)
    return dx + box[0], dy + box[1], dx + box[2], dy + box[3]


@pytest.mark.parametrize("n", [4, 5, 6])
@pytest.mark.parametrize("party", [None, "kontra"])
def test_every_name_stays_on_its_plaque(n, party):
    for start in range(0, len(NAMES), n):
        names = (NAMES[start:] + NAMES)[:n]
        seats = tuple(SeatView(name, 1, party) for name in names)
        view = TableView(1, seats, 0, 1, "play", "normal", 2, (Played(0, "CQ", True),))
        picture.render_table(view)  # draws without an error
        for seat, (cx, cy) in enumerate(picture._seat_positions(n)):
            x0, y0 = cx - PLAQUE_W / 2, cy - PLAQUE_H / 2
            assert 0 <= x0 and x0 + PLAQUE_W <= picture.TABLE_W and 0 <= y0 and y0 + PLAQUE_H <= picture.HEIGHT
            tag = 0
            if party:
                tag = int(picture.font(11, True).getlength(picture.t("de", "party." + party))) + 10 + 4
            shown = picture._name(seats, seat, "de", PLAQUE_W - 16 - tag, 16)
            left, top, right, bottom = _ink(shown)
            x, y = x0 + 8, y0 + 13  # where _plaque draws the name
            assert x + left >= x0 and x + right <= x0 + PLAQUE_W - tag, (names[seat], shown)
            # on its own line: above the seat line (drawn 19 px lower in 12 px type), inside the plaque
            assert y + top >= y0 + 1 and y + bottom <= y0 + 26, (names[seat], shown, top, bottom)


def test_stacked_marks_are_cut_to_one_per_letter():
    shown = picture.shown_name(ZALGO, 400, 16)
    assert shown.startswith("Z\u0337a\u0338lgo")  # readable, one mark each
    assert picture._height(picture.font(16, True), shown) <= 16 * picture.NAME_RISE
    assert picture.shown_name("Zoë", 200, 16) == "Zoë" and picture.shown_name("Zoe\u0308", 200, 16) == "Zoë"
