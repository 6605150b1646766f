"""Issue 43: the pictures' words. No German word on an English picture nor in its
description; every picture described in the reader's language, within Discord's limit;
one wording per concept; the typographic minus."""

from __future__ import annotations

from dataclasses import replace

import pytest

from dokobot.text import picture
from dokobot.text.charts import _num
from dokobot.text.i18n import computer_words
from dokobot.text.learn import curve_alt, rating_alt
from dokobot.text.picture import ALT_MAX, SeatView, summary_alt, table_alt
from tests.text.helpers import german_words
from tests.text.pictures import (
    CURVE,
    CURVE_NAMES,
    FIVE_OUT,
    GERMAN_DECK,
    MID_GAME,
    RATING,
    RESERVE,
    SIX,
    SUMMARY,
    SUMMARY_SIX,
    _read,
    drawn_texts,
    picture_kinds,
)

TABLES = {"four": MID_GAME, "german_deck": GERMAN_DECK, "reserve": RESERVE, "five_out": FIVE_OUT, "six": SIX}


def descriptions(lang: str) -> dict[str, str]:
    out = {k: table_alt(replace(v, lang=lang)) for k, v in TABLES.items()}
    out["summary"] = summary_alt(replace(SUMMARY, lang=lang))
    out["summary_six"] = summary_alt(replace(SUMMARY_SIX, lang=lang, names=_read(SUMMARY_SIX.names, lang)))
    out["curve"] = curve_alt(CURVE, [computer_words(n, lang) for n in CURVE_NAMES], 7, lang)
    out["rating"] = rating_alt(RATING, "Ostwind-Müller", lang)
    return out


@pytest.mark.parametrize("kind", sorted(picture_kinds("en")))
def test_no_german_word_on_an_english_picture(kind):
    drawn, _ = drawn_texts(picture_kinds("en")[kind])
    texts = [d.text for d in drawn if not d.card]
    assert [(x, german_words(x)) for x in texts if german_words(x)] == []


def test_the_word_check_reads_the_pictures():
    """The same pictures in German do carry German words: the check above can fail."""
    drawn, _ = drawn_texts(picture_kinds("de")["table_four"])
    assert any(german_words(d.text) for d in drawn)


def test_no_german_word_in_an_english_description():
    english = descriptions("en")
    assert {k: german_words(v) for k, v in english.items() if german_words(v)} == {}
    german = descriptions("de")
    assert all(german_words(v) for k, v in german.items() if k != "rating"), german


def test_the_table_is_described_in_the_readers_language():
    de, en = table_alt(MID_GAME), table_alt(replace(MID_GAME, lang="en"))
    assert de.startswith("Bild des Tisches: Spiel 7, Stich 5.") and en.startswith("Picture of the table: game 7, trick 5.")
    for seat in MID_GAME.seats:
        assert seat.name in de
    assert "Nord (Re, 2 Stiche)" in de and "West (dealer, 0 tricks)" in en
    assert "Am Zug: Süd." in de and "To act: Süd." in en
    assert "Im Stich: Nord ♥10, Ostwind-Müller ♣D." in de and "In the trick: Nord ♥10, Ostwind-Müller ♣Q." in en
    assert "Letzter Stich an Ostwind-Müller (25 Augen): Ostwind-Müller ♠A, Süd ♠10, West ♠K, Nord ♠9." in de
    said = picture.announcement_name("en", "keine90")
    assert "Ansagen: Süd Re, Süd keine 90." in de and f"Announcements: Süd Re, Süd {said}." in en
    assert "Computer 2 (schwer, Geber, 2 Stiche)" in table_alt(SIX)
    assert "Süd (Geber, setzt aus)" in table_alt(FIVE_OUT)
    assert "Ost (Vorbehalt)" in table_alt(RESERVE)
    assert "Eichel-Unter" in table_alt(GERMAN_DECK)  # the deck's own card names


def test_the_summary_curve_and_rating_are_described():
    assert summary_alt(SUMMARY) == (
        "Bild der Stiche jeder Partei, Spiel 7 (Normalspiel). Re gewinnt · Re 173 : Kontra 67 Augen. "
        "Re: Nord, Süd, 173 Augen, 9 Stiche. Kontra: Ostwind-Müller, West, 67 Augen, 3 Stiche. "
        "Goldener Rand: Trumpf.")
    en = curve_alt(CURVE, [computer_words(n, "en") for n in CURVE_NAMES], 7, "en")
    assert en.startswith("Picture: Game 7: expected points per Re player (Nord, Computer 2 (medium)).")
    assert "+1.20 → −0.80" in en and "Nord: Re" in en and "blue where Re is ahead" in en
    assert rating_alt(RATING, "Ostwind-Müller", "de") == (
        "Spielstärke von Ostwind-Müller über 7 Spiele: 1,50 → 3,25 → 2,00 → −1,00 → 4,50 → 6,00 → 5,50.")


def test_descriptions_keep_discords_limit():
    long = "M" * 32
    seats = tuple(SeatView(f"{long}{i}", 3, "re") for i in range(6))
    view = replace(SIX, seats=seats, announcements=tuple((s, w) for s in range(6) for w in ("re", "keine90", "keine60")))
    text = table_alt(view)
    assert len(text) == ALT_MAX and text.endswith("…")
    assert len(rating_alt([float(i) for i in range(2000)], long, "de")) <= ALT_MAX
    emoji = replace(view, seats=tuple(SeatView("😀" * 16 + str(i), 3, "re") for i in range(6)))
    assert len(table_alt(emoji).encode("utf-16-le")) // 2 <= ALT_MAX  # Discord counts UTF-16 units
    assert all(len(v) <= ALT_MAX for lang in ("de", "en") for v in descriptions(lang).values())


def test_one_wording_per_concept():
    """The tricks are "2 Stiche" on the plaque and the summary (no "Stiche: 0" beside "0 St.")."""
    drawn, _ = drawn_texts(lambda: picture.draw_table(SIX))
    texts = " | ".join(d.text for d in drawn)
    assert "Stiche:" not in texts and " St." not in texts and "2 Stiche" in texts
    drawn, _ = drawn_texts(lambda: picture.draw_summary(SUMMARY))
    texts = " | ".join(d.text for d in drawn)
    assert "173 Augen · 9 Stiche" in texts and "Stiche:" not in texts
    assert "goldener Rand: Trumpf" in texts  # the gold frame is explained
    on_table = [d.text for d in drawn_texts(lambda: picture.draw_table(MID_GAME))[0]]
    assert "= Trumpf" in on_table  # a trump lies on the table: its frame is explained there too
    assert "= Trumpf" not in [d.text for d in drawn_texts(lambda: picture.draw_table(SIX))[0]]  # no trump shown


def test_the_charts_write_a_typographic_minus():
    assert (_num(-1), _num(-0.5), _num(2), _num(0)) == ("\u22121", "\u22120.5", "+2", "0")
    drawn, _ = drawn_texts(picture_kinds("de")["curve"])
    ticks = [d.text for d in drawn if d.text[:1] in "+−-" and d.text[1:].replace(".", "").isdigit()]
    assert any(x.startswith("\u2212") for x in ticks) and not any(x.startswith("-") for x in ticks), ticks


def test_the_curve_keeps_each_computers_number():
    """Cut to the title's width, "Computer 1 (mittel), Computer 2 (mittel)" read "Compute…"."""
    from dokobot.text.learn import curve_picture

    names = ("Computer 1 (mittel)", "Nord", "Computer 2 (mittel)", "West")
    curve = replace(CURVE, re=(0, 2))
    drawn, _ = drawn_texts(lambda: curve_picture(curve, names, 3, "de"))
    title = drawn[0].text
    assert title == "Spiel 3: erwartete Punkte je Re-Spieler (C1, C2)", title
    assert any("(C2)" in d.text for d in drawn)  # the Fuchs caught by seat 2
    assert "Computer 2 (mittel)" in curve_alt(curve, names, 3, "de")  # the description keeps the full name
