"""A Doppelkopf night in words: every refusal has its text, the standings fit, both languages."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from dokobot.table.event import flow
from dokobot.table.event.errors import EventError
from dokobot.table.event.kiebitz import WatchView, check_watch
from dokobot.table.event.settings import EventSettings
from dokobot.table.event.standings import GameRow, compute
from dokobot.text import i18n
from dokobot.text.event import (
    error_text,
    settings_text,
    standings_text,
    standings_title,
    watch_text,
    watchers_text,
)
from tests.text.test_catalogue import german_words

EVENT = Path(__file__).resolve().parents[2] / "dokobot" / "table" / "event"


def _keys_in_code() -> set[str]:
    out = set()
    for path in EVENT.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith(
                    ("event.err.", "kiebitz.err.")):
                out.add(node.value)
    return out


def test_every_refusal_of_the_event_has_words_in_both_languages():
    keys = _keys_in_code()
    assert len(keys) >= 18 and all(k in i18n._TEXTS for k in keys), keys - set(i18n._TEXTS)


def _refusals() -> list[EventError]:
    state = flow.open_event(1, 1, EventSettings.make(), 0)
    calls = [
        lambda: EventSettings.make(rounds=12), lambda: EventSettings.make(preset="muenchen"),
        lambda: EventSettings.make(switches={"pflichtsolo": False}), lambda: EventSettings.make(preset="x"),
        lambda: flow.start(state, 2, 0.0), lambda: flow.start(state, 1, 0.0),
        lambda: flow.withdraw(state, 5), lambda: flow.table_done(state, 1, 1),
        lambda: check_watch("off", 3, [1, 2], False, False), lambda: check_watch("consent", 3, [1], False, False),
        lambda: check_watch("open", 1, [1], False, False),
    ]
    out = []
    for call in calls:
        with pytest.raises(EventError) as err:
            call()
        out.append(err.value)
    return out


@pytest.mark.parametrize("lang", ["de", "en"])
def test_refusals_read_whole(lang):
    for err in _refusals():
        text = error_text(lang, err)
        assert text != err.key and "{" not in text, (err.key, text)
        if lang == "en":
            assert german_words(text) == [], text


def test_the_standings_fit_and_name_the_rule():
    rows = [GameRow(1, r, 1, k, (k * 7 + r) % 11 - 5) for r in (1, 2, 3) for k in range(1, 201) if k % 17 or r != 2]
    rows += [GameRow(1, 1, 1, -5, 4, True)]
    names = {k: f"Spieler*in_{k}_mit_einem_langen_Namen" for k in range(1, 201)} | {-5: "Computer 1 (mittel)"}
    table = compute(1, rows, names)
    for lang in ("de", "en"):
        text = standings_text(lang, table)
        assert len(text) <= 4096 and text.startswith("**1.**")
        assert i18n.t(lang, "event.rule") in text and i18n.t(lang, "event.more", n=0)[:5] in text
        assert "\\*" in text and "\\_" in text  # names are escaped
    small = compute(1, rows[:8] + rows[-1:], names)
    de = standings_text("de", small)
    assert "Computer (eigene Wertung)" in de and "Computer 1" in de.split("Computer (eigene Wertung)")[1]
    assert german_words(standings_text("en", small).replace("Spieler", "")) == []
    assert standings_text("de", compute(2, rows, names)) == "Noch ist keine Runde gespielt."


def test_a_missed_round_shows_the_average():
    table = compute(1, [GameRow(1, 1, 1, 7, 4), GameRow(1, 2, 1, 8, 3)], {7: "Anna", 8: "Ben"})
    text = standings_text("de", table)
    assert "R1 +4 · R2 –" in text and "Ø +4,00 je Runde" in text


def test_settings_and_watcher_texts():
    s = EventSettings.make(rounds=4, time_limit=90, computers=True, kiebitz="open")
    de, en = settings_text("de", s), settings_text("en", s)
    assert "4 Runden" in de and "30 am Fünfertisch" in de and "90 Minuten" in de and "offen" in de
    assert german_words(en) == [] and "90 minutes" in en
    title, body = watch_text("de", "Anna", WatchView(0, (), (), True, False))
    assert "Anna" in title and "Stich" in title and body == i18n.t("de", "kiebitz.waiting")
    _, body = watch_text("en", "Anna", WatchView(0, ("CQ", "HT"), (), False, False))
    assert body.startswith("Hand: ") and "Tricks shown: 0" in body
    assert watchers_text("de", 0) == "" and "3" in watchers_text("de", 3)
    assert standings_title("de", 2, 3) == "Doppelkopf-Turnier · Runde 2 von 3 · Stand"
    assert german_words(standings_title("en", 2, 3)) == []
