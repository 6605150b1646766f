"""Counts in the catalogue take their plural form by CLDR's rules (Babel), in German and English.

Every plural family (``key.one`` / ``key.other``) is rendered at 0, 1, 2 and 5 in both
languages: a few against their exact text, all against the grammar (the noun after the count
agrees with it: no "1 Spiele", no "2 Spiel "). No other entry writes a counted noun after a
number placeholder: such a count would not pass through the plural rules at all.
"""

from __future__ import annotations

import re

import pytest

from dokobot.text import i18n
from dokobot.text.i18n import tn

TEXTS = i18n._TEXTS
FAMILIES = sorted(k[: -len(".one")] for k in TEXTS if k.endswith(".one") and k[: -len(".one")] + ".other" in TEXTS)
COUNTS = (0, 1, 2, 5)
PARAMS = {"name": "Nord", "m": 2, "alte": "", "prior": "0,50"}

# noun after a count: (singular, plural[, more plural forms, e.g. the German dative])
NOUNS = {
    "de": [("Spiel", "Spiele", "Spielen"), ("Listenspiel", "Listenspielen"), ("Bockspiel", "Bockspiele"),
           ("Karte", "Karten"), ("Punkt", "Punkte"), ("Sieg", "Siege"), ("Stich", "Stiche"),
           ("Trumpf", "Trümpfe"), ("Runde", "Runden"), ("weiterer", "weitere"), ("älteres", "ältere"), ("neueres", "neuere"), ("gedachtes", "gedachte"),
           ("Person", "Personen"), ("Tisch", "Tische", "Tischen"), ("Turnier", "Turniere"), ("schaut", "schauen")],
    "en": [("game", "games"), ("card", "cards"), ("point", "points"), ("win", "wins"), ("trick", "tricks"),
           ("trump", "trumps"), ("round", "rounds"), ("player", "players"), ("Bock game", "Bock games"), ("list game", "list games"),
           ("imagined game", "imagined games"), ("earlier game", "earlier games"), ("later game", "later games"),
           ("person", "people"), ("table", "tables"), ("event", "events"), ("older event", "older events"),
           ("watcher", "watchers")],
}


def _after_count(text: str, n: int) -> str | None:
    """The word (or the two words of a compound noun) right after the count ``n`` in ``text``."""
    m = re.search(rf"(?<![\d.,]){n}(?![\d.,]) (?:more )?([A-Za-zÄÖÜäöüß]+(?: [a-z]+)?)", text)
    return m.group(1) if m else None


def _noun_forms(lang: str, word: str) -> tuple[str, bool] | None:
    """(the noun found, whether it is the singular) for the first noun ``word`` starts with."""
    for forms in sorted(NOUNS[lang], key=lambda f: -len(f[0])):
        for i, form in enumerate(forms):
            if word == form or word.startswith(form + " ") or word.split(" ")[0] == form:
                return form, i == 0
    return None


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("family", FAMILIES)
def test_every_family_agrees_with_its_count(family, lang):
    for n in COUNTS:
        text = tn(lang, family, n, **PARAMS)
        assert "{" not in text, (family, text)
        word = _after_count(text, n)
        if word is None:  # "… 1 älteres Spiel" keeps its 1 in the text; others have no noun
            continue
        found = _noun_forms(lang, word)
        assert found is not None, f"{family} ({lang}, {n}): unknown noun after the count: {text!r}"
        assert found[1] == (n == 1), f"{family} ({lang}, {n}): {text!r}"


@pytest.mark.parametrize(("lang", "family", "n", "text"), [
    ("de", "count.games", 1, "1 Spiel"),
    ("de", "count.games", 2, "2 Spiele"),
    ("de", "count.games", 0, "0 Spiele"),
    ("de", "count.games_dat", 2, "2 Spielen"),
    ("de", "count.games_dat", 1, "1 Spiel"),
    ("en", "count.games_dat", 5, "5 games"),
    ("de", "table.bock", 1, "Bock ×2 · noch 1 Bockspiel"),
    ("de", "table.bock", 5, "Bock ×2 · noch 5 Bockspiele"),
    ("en", "table.bock", 1, "Bock ×2 · 1 more Bock game"),
    ("de", "pic.bock_left", 2, "danach noch 2 Bockspiele"),
    ("de", "rules.list", 1, "Liste: 1 Spiel"),
    ("en", "rules.list", 0, "List: 0 games"),
    ("de", "sum.list_end", 1, "Die Liste (1 Spiel) ist zu Ende. Endstand:"),
    ("de", "table.armut_announced", 2, "Nord hat 2 Trümpfe."),
    ("de", "table.armut_announced", 1, "Nord hat einen Trumpf."),
    ("en", "table.armut_announced", 1, "Nord holds one trump."),
    ("en", "table.list_pflicht", 1, "Pflichtsolo of Nord: on top of the 1 list game, Nord leads"),
    ("de", "table.list_pflicht", 24, "Pflichtsolo von Nord: zusätzlich zu den 24 Listenspielen, Nord spielt aus"),
])
def test_exact_counts(lang, family, n, text):
    assert tn(lang, family, n, **PARAMS) == text


def test_the_rating_says_nach_2_spielen():
    from dokobot.text.board import skill_text

    assert "nach 2 Spielen" in skill_text("de", 3.0, 2)[1]
    assert "nach 1 Spiel." in skill_text("de", 3.0, 1)[1]
    assert "after 2 games" in skill_text("en", 3.0, 2)[1]


# Augen are exempt: no trick and no party ever holds exactly 1 Auge (cards count 0, 2, 3, 4,
# 10 or 11), and the plural stands for 0 and every other count in both languages. So are
# decimals ({min}: "0,50 Punkte", "1.00 points"): a decimal takes the plural in both languages.
_COUNTED = re.compile(r"\{(?!min\})(\w+)\} (Spiele|Spielen|Listenspielen|Bockspiele|Karten|Punkte|Siege|Stiche|"
                      r"Trümpfe|games|cards|points|tricks|trumps|more)\b")


@pytest.mark.parametrize("key", sorted(k for k in TEXTS if not k.endswith((".one", ".other"))))
def test_no_count_outside_a_plural_family(key):
    for text in TEXTS[key]:
        assert not _COUNTED.search(text), (key, text)


def test_the_grammar_check_finds_a_wrong_form():
    assert _noun_forms("de", _after_count("nach 1 Spiele", 1) or "") == ("Spiele", False)
    assert _noun_forms("de", _after_count("noch 2 Spiel und", 2) or "") == ("Spiel", True)
    assert _noun_forms("en", _after_count("then 1 more Bock games", 1) or "") == ("Bock games", False)
    assert _noun_forms("de", _after_count("nach 2 Spielen", 2) or "") == ("Spielen", False)
