"""The picture renderer: golden pictures (perceptual hash), the public view, privacy, the cache."""

from __future__ import annotations

import io
import random
from collections import Counter
from dataclasses import fields, is_dataclass, replace

import pytest
from PIL import Image

from dokobot.engine import CARD_CODES, Game, RuleSet, deal
from dokobot.table.store import SeatInfo
from dokobot.table.table import FinishedGame
from dokobot.text import picture
from tests.text.pictures import GOLDEN_DIR, GOLDENS, MID_GAME, dhash, distance

# Bits of 512 a picture may differ from its golden: font rasterising may change a
# little between Pillow/FreeType versions (a 0.7 px blur moves 4 bits); a card
# missing, another seat lit, the last trick lost, the other language or deck move
# 9 to 65 (checked below, so the test can fail). Details this small hash cannot
# see (which card, a party tag) are checked on the view and by the SimCord test.
THRESHOLD = 8
NAMES = ["Nord", "Ost", "Süd", "West"]


@pytest.mark.parametrize("name", sorted(GOLDENS))
def test_golden_pictures(name):
    golden = (GOLDEN_DIR / name).read_bytes()
    now = GOLDENS[name]()
    d = distance(dhash(golden), dhash(now))
    assert d <= THRESHOLD, f"{name} differs from its golden by {d} bits: run python3 -m tests.text.pictures and look"
    assert Image.open(io.BytesIO(now)).size == Image.open(io.BytesIO(golden)).size


@pytest.mark.parametrize("change", [
    lambda v: replace(v, trick=v.trick[:1]),  # a card missing from the trick
    lambda v: replace(v, to_act=3),  # the wrong seat lit as "to act"
    lambda v: replace(v, last=(), last_winner=None),  # the last trick lost
    lambda v: replace(v, lang="en"),  # the labels in the other language
    lambda v: replace(v, deck="german"),
])
def test_the_hash_sees_a_broken_picture(change):
    golden = (GOLDEN_DIR / "table_mid_game.png").read_bytes()
    assert distance(dhash(golden), dhash(picture.render_table(change(MID_GAME)))) > THRESHOLD


def _game(seed: int) -> Game:
    rules = RuleSet.from_config({"preset": "ddv"})
    return Game(rules, deal(rules, random.Random(seed)), dealer=3, players=NAMES)


def _step(game: Game, rng: random.Random) -> None:
    seat = game.to_act
    if game.phase == "reserve":
        game.apply({"seat": seat, "reserve": "gesund"})
        return
    said = game.allowed_announcements(seat)
    if said and rng.random() < 0.1:
        game.apply({"seat": seat, "announce": said[0]})
    game.apply({"seat": seat, "play": rng.choice(game.legal_plays(seat))})


def _strings(value: object) -> list[str]:
    """Every string inside a view, however deep."""
    if isinstance(value, str):
        return [value]
    if is_dataclass(value):
        return [s for f in fields(value) for s in _strings(getattr(value, f.name))]
    if isinstance(value, (tuple, list)):
        return [s for v in value for s in _strings(v)]
    return []


@pytest.mark.parametrize("seed", range(6))
def test_the_view_holds_no_unplayed_card(seed):
    """Privacy: the picture's input names only played cards, at every moment of a game."""
    game, rng = _game(seed), random.Random(seed)
    views = 0
    while game.phase != "done":
        view = picture.game_view(game, NAMES, 1)
        played = Counter(c for tr in game.tricks for _, c in tr.cards)
        played.update(c for _, c in game.current_trick)
        cards = Counter(s for s in _strings(view) if s in CARD_CODES)
        assert not cards - played, (cards - played, view)
        assert Counter(view.cards()) == cards
        views += 1
        _step(game, rng)
    assert views >= 48


def test_the_view_is_what_the_table_sees():
    game, rng = _game(11), random.Random(11)
    while game.phase == "reserve":
        _step(game, rng)
    view = picture.game_view(game, NAMES, 4)
    assert (view.phase, view.trick, view.last, view.trick_no, view.to_act) == ("play", (), (), 1, game.to_act)
    while len(game.tricks) < 3 or len(game.current_trick) != 2:
        _step(game, rng)
    view = picture.game_view(game, NAMES, 4, deck="german", lang="en")
    assert [(p.seat, p.card) for p in view.trick] == game.current_trick
    assert all(p.trump == game.is_trump(p.card) for p in view.trick)
    last = game.tricks[-1]
    assert [(p.seat, p.card) for p in view.last] == list(last.cards)
    assert (view.last_winner, view.last_augen, view.trick_no) == (last.winner, last.augen, 4)
    assert sum(s.tricks for s in view.seats) == 3
    assert [s.party for s in view.seats] == [game.public_parties().get(i) for i in range(4)]
    assert view.announcements == tuple(game.announcements)
    assert (view.deck, view.lang, view.dealer) == ("german", "en", 3)
    assert picture.game_view(game, NAMES, 4, deck="klingonisch").deck == "french"


def test_summary_view_and_picture():
    game, rng = _game(5), random.Random(5)
    while game.phase != "done":
        _step(game, rng)
    res = game.game_result()
    fin = FinishedGame(9, [SeatInfo(i + 1, n) for i, n in enumerate(NAMES)], 3, res, {}, {}, game.record())
    view = picture.summary_view(fin, game)
    assert view is not None and len(view.tricks) == 12
    assert (view.augen_re, view.augen_kontra) == res.augen
    assert (view.winner, view.value) == (res.winner, res.value)
    assert sum(t.augen for t in view.tricks) == 240
    assert set(view.re) | set(view.kontra) == {0, 1, 2, 3}
    im = Image.open(io.BytesIO(picture.render_summary(view)))
    assert im.format == "PNG" and im.size[0] == picture.SUM_W
    redeal = replace(fin, result=replace(res, contract="redeal"))
    assert picture.summary_view(redeal, game) is None


def test_rendering_is_cached_per_view():
    picture.render_table.cache_clear()
    a = picture.render_table(MID_GAME)
    b = picture.render_table(replace(MID_GAME))  # an equal value: the same picture, from the cache
    assert a is b
    info = picture.render_table.cache_info()
    assert (info.hits, info.misses) == (1, 1)
    assert picture.render_table(replace(MID_GAME, to_act=0)) != a


def test_names_that_do_not_fit_or_have_no_glyph():
    assert picture.shown_name("Nord", 200, 17) == "Nord"
    long = picture.shown_name("Maximiliane von Hohenzollern-Sigmaringen", 120, 17)
    assert long.endswith("…") and picture.font(17, True).getlength(long) <= 120
    assert picture.shown_name("West 😀", 200, 17) == "West"  # no box for a glyph the font lacks
    assert picture.shown_name("😀😀", 200, 17) == "?"
    assert picture.shown_name("李小龍", 200, 17, True, "Platz 2") == "Platz 2"


# ---- issue 25: five and six, what the text says, computers ---------------------------------

from dokobot.text.picture import SeatView  # noqa: E402
from tests.text.pictures import FIVE_OUT, SIX, SUMMARY_SIX  # noqa: E402


def _boxes_overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    """More than half a pixel in common (edges that touch are apart)."""
    return min(a[2], b[2]) - max(a[0], b[0]) > 0.5 and min(a[3], b[3]) - max(a[1], b[1]) > 0.5


@pytest.mark.parametrize("n", [4, 5, 6])
def test_no_trick_card_covers_another_cards_rank_or_a_plaque(n):
    """At five the left seat's card covered the bottom seat's rank: whatever the order of
    play, no card lies on another's rank corner, nor on a seat's plaque."""
    w, h = picture.trick_card_size(n)
    cards = [(x, y, x + w, y + h) for x, y in (picture._card_spot(n, s) for s in range(n))]
    ranks = [(x0, y0, x0 + 0.4 * w, y0 + 0.45 * h) for x0, y0, _, _ in cards]
    plaques = [(x - picture.PLAQUE_W / 2, y - picture.PLAQUE_H / 2, x + picture.PLAQUE_W / 2, y + picture.PLAQUE_H / 2)
               for x, y in picture._seat_positions(n)]
    assert [(i, j) for i in range(n) for j in range(n) if i != j and _boxes_overlap(cards[i], ranks[j])] == []
    assert [(i, j) for i in range(n) for j in range(n) if _boxes_overlap(cards[i], plaques[j])] == []


def test_at_six_the_summary_tricks_stand_apart_with_their_augen():
    per_row, slot = picture._row_layout(SUMMARY_SIX)
    width = picture.MINI_W + picture.TRICK_STEP * 5
    assert per_row == 4 and slot - width >= picture.TRICK_GAP  # not six tricks of six cards in one strip
    assert picture._row_layout(replace(SUMMARY_SIX, tricks=SUMMARY_SIX.tricks[:1]))[0] == 4
    four = picture.SummaryView(1, ("a", "b", "c", "d"), "normal", "re", (0,), (1,), 121, 119, 1, ())
    assert picture._row_layout(four)[0] == 6  # four cards a trick: six tricks a row, as before


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_augen_beneath_the_tricks_never_run_into_each_other(lang):
    """Full-size labels ("125 card points") are wider than a trick of four cards: the slot
    holds the wider of the two and a gap."""
    view = replace(picture.SummaryView(1, ("a", "b", "c", "d"), "normal", "re", (0,), (1,), 121, 119, 1, ()),
                   tricks=tuple(picture.TrickView(0, (), a) for a in (0, 44, 125)), lang=lang)
    slot = picture._row_layout(view)[1]
    widest = max(picture.font(picture.TEXT).getlength(picture.t(lang, "pic.trick_augen", augen=a)) for a in (0, 44, 125))
    assert slot - widest >= picture.TRICK_GAP


def test_the_panel_says_bock_knocks_hochzeit_card_and_vorgefuehrt():
    assert [line for line, _ in picture._facts(FIVE_OUT)] == [
        "Dieses Spiel: Bock ×2", "danach noch 2 Bockspiele", "3× geklopft"]
    assert [line for line, _ in picture._facts(replace(FIVE_OUT, bock_left=0, klopfer=0, lang="en"))] == [
        "This game: Bock ×2", "the last Bock game"]
    assert [line for line, _ in picture._facts(SIX)] == ["Partner: erstes Kreuz-Ass", "Süd ist vorgeführt"]


def test_the_dealer_sitting_out_and_a_computers_level_on_the_plaques():
    assert picture._seat_line(FIVE_OUT, 2) == "Geber · setzt aus"  # not "0 Stiche"
    assert picture._seat_line(FIVE_OUT, 1) == "mittel · 0 Stiche"
    assert picture._seat_line(replace(FIVE_OUT, lang="en"), 1) == "medium · 0 tricks"  # the level in the reader's words
    # a computer dealer: the level moves up beside its number, the tricks keep one wording
    assert picture._seat_line(SIX, 5) == "Geber · 2 Stiche"
    assert picture._plaque_name(SIX, 5, picture.PLAQUE_W - 16, "Geber · 2 Stiche") == "C2 schwer"
    assert picture._plaque_name(SIX, 2, picture.PLAQUE_W - 16, picture._seat_line(SIX, 2)) == "Computer 1"
    assert picture._short_name(SIX, 2, 30) == "C1"


def test_a_computers_number_stays_visible_beside_a_party_badge():
    """With a Kontra badge both computers were cut to "Comp…" and looked the same."""
    seats = (SeatView("Nord"), SeatView("Computer 1", 0, "kontra", level="mittel"), SeatView("Süd"),
             SeatView("Computer 2", 0, "kontra", level="mittel"))
    view = replace(FIVE_OUT, seats=seats, out=None, dealer=0, to_act=1, trick=(), last=(), last_winner=None)
    tag = int(picture.font(picture.TEXT, True).getlength("Kontra")) + 14
    shown = [picture._plaque_name(view, s, picture.PLAQUE_W - 16 - tag, picture._seat_line(view, s)) for s in (1, 3)]
    assert shown[0] != shown[1] and "1" in shown[0] and "2" in shown[1], shown
    assert all("…" not in name for name in shown)


def test_english_pictures_draw_q_and_j():
    de = picture.card_face("CQ", "french", 54, 78, False, "de").tobytes()
    en = picture.card_face("CQ", "french", 54, 78, False, "en").tobytes()
    assert de != en and picture.card_face("CA", "french", 54, 78, False, "en").tobytes() == \
        picture.card_face("CA", "french", 54, 78, False, "de").tobytes()
