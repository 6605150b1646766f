"""The learning texts (issue 41): the reader's card letters, names escaped once, the curve's
marks worded from the engine's moments."""

from __future__ import annotations

import re

import pytest

from dokobot.engine import CARD_CODES
from dokobot.players.analysis import Curve, Decision, Moment, Tip
from dokobot.text import render
from dokobot.text.cards import card_text
from dokobot.text.learn import analysis_text, curve_text, moment_text, tip_text

GERMAN_LETTER = re.compile(r"[♣♠♥♦][DB](?!\w)")
ENGLISH_LETTER = re.compile(r"[♣♠♥♦][QJ](?!\w)")
CODES = [c for c in CARD_CODES if c != "JO"]


@pytest.mark.parametrize("code", CODES)
def test_analysis_and_tip_use_the_readers_card_letters(code):
    d = Decision(2, code, False, "CQ" if code != "CQ" else "DJ", False, 3.5)
    tip = Tip(code, False, "lead", 0, 1.25)
    for lang, wrong in (("en", GERMAN_LETTER), ("de", ENGLISH_LETTER)):
        texts = [analysis_text([d], lang), tip_text(tip, lang)]
        for text in texts:
            assert card_text(code, lang=lang) in text
            assert not wrong.search(text), text
    assert "♣Q" in analysis_text([Decision(0, "HT", False, "CQ", False, 1.0)], "en")
    assert "♣D" in analysis_text([Decision(0, "HT", False, "CQ", False, 1.0)], "de")


def test_a_german_deck_stays_the_readers_choice():
    assert "Eichel-Ober" in analysis_text([Decision(0, "HT", False, "CQ", False, 1.0)], "en", "german")


NAMES = ["Computer 2 (mittel)", "A_b*c", "Ost", "West"]


def test_names_are_escaped_once_in_words_and_not_at_all_in_the_picture():
    m = Moment(3, "trick", 0)
    assert moment_text(m, NAMES, "de") == "Stich 4 an " + render.esc(NAMES[0]) == r"Stich 4 an Computer 2 \(mittel\)"
    assert moment_text(m, NAMES, "de", markdown=False) == "Stich 4 an Computer 2 (mittel)"
    c = Curve((1.0, -2.0, 3.0), (Moment(0, "announce", 1, "re"), m), (0, 1))
    text = curve_text(c, NAMES, 5, "en")
    assert r"A\_b\*c: Re" in text and r"(Computer 2 \(mittel\), A\_b\*c)" in text
    assert "\\\\" not in text


def test_a_bock_game_is_drawn_in_booked_points():
    c = Curve((1.0, -2.5, 3.0), (), (0,))
    assert curve_text(c, NAMES, 1, "de", 2).splitlines()[1] == "Verlauf für Re: +2,00 → −5,00 → +6,00"


@pytest.mark.parametrize(("moment", "de", "en"), [
    (Moment(2, "extra", 1, "fuchs", 0), "Fuchs gefangen (A_b*c)", "fox caught (A_b*c)"),
    (Moment(2, "extra", 1, "superdoppelkopf"), "Superdoppelkopf (A_b*c)", "Superdoppelkopf (A_b*c)"),
    (Moment(1, "alone", 2, "hochzeit"), "Hochzeit: kein Partner für Ost", "wedding: no partner for Ost"),
    (Moment(1, "partner", 3, "hochzeit"), "Hochzeit: West ist Partner", "wedding: West is the partner"),
    (Moment(4, "alone", 2, "solo"), "kleines Solo: kein Partner für Ost", "small solo: no partner for Ost"),
    (Moment(0, "announce", 3, "keine90"), "West: keine 90", None),
])
def test_moments_are_worded_from_what_the_engine_said(moment, de, en):
    assert moment_text(moment, NAMES, "de", markdown=False) == de
    if en is not None:
        assert moment_text(moment, NAMES, "en", markdown=False) == en
