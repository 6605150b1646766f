"""A Doppelkopf night in words: every refusal has its text, the standings fit, both languages."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from dokobot.engine.events import Trick
from dokobot.table.event import flow
from dokobot.table.event.errors import EventError
from dokobot.table.event.kiebitz import Moment, WatchView, check_watch
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
from tests.text.helpers import german_words

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
        assert i18n.t(lang, "event.rule") in text and i18n.tn(lang, "event.more", 2)[:5] in text
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


def _moment(n_tricks: int) -> Moment:
    deck = ["CQ", "HT", "DA", "SA", "CJ", "DT", "HK", "S9"]
    tricks = tuple(Trick(i % 4, tuple(((i + k) % 4, deck[(i * 4 + k) % 8]) for k in range(4)), (i + 1) % 4, 20 + i)
                   for i in range(n_tricks))
    points = [0] * 4
    for x in tricks:
        points[x.winner] += x.augen
    return Moment(tricks, ((0, "re"), (2, "kontra"), (0, "keine90")), ("re", None, "kontra", None), tuple(points))


def test_a_watcher_reads_the_tricks_who_played_what_and_the_parties():
    names = ["Anna", "Ben", "Computer 1 (mittel)", "Dora"]
    c = r"Computer 1 \(mittel\)"  # escaped for Markdown
    title, body = watch_text("de", names, WatchView(0, _moment(2), False))
    assert "einen Stich zurück" in title
    assert body.splitlines()[:2] == [f"Stich 1: Anna ♣D · Ben ♥10 · {c} ♦A · Dora ♠A → Ben (20)",
                                     f"Stich 2: Ben ♣B · {c} ♦10 · Dora ♥K · Anna ♠9 → {c} (21)"]
    assert "Anna hat gespielt: ♣D ♠9" in body and "Anna hat angesagt: Re, keine 90" in body
    assert f"Re: Anna · Kontra: {c}" in body and f"Augen bisher: Ben 20 · {c} 21" in body
    title, en = watch_text("en", names, WatchView(2, _moment(0), True))
    assert "game over" in title and r"Computer 1 \(medium\)" in title and german_words(en) == []
    assert en.startswith("No trick to show yet.") and r"Computer 1 \(medium\) announced: Kontra" in en
    _, cut = watch_text("en", [n * 8 for n in names], WatchView(1, _moment(12), False), limit=1600)
    assert len(cut) <= 1600 and cut.startswith("… ") and "Trick 12:" in cut and "Trick 1:" not in cut


def test_settings_and_watcher_texts():
    s = EventSettings.make(rounds=4, time_limit=90, computers=True, kiebitz="open")
    de, en = settings_text("de", s), settings_text("en", s)
    assert "4 Runden" in de and "30 am Fünfertisch" in de and "90 Minuten" in de and "offen" in de
    assert german_words(en) == [] and "90 minutes" in en
    names = ["Anna", "Ben", "Computer 1 (mittel)", "Dora"]
    title, body = watch_text("de", names, WatchView(0, None, False))
    assert "Anna" in title and "Stich" in title and body == i18n.t("de", "kiebitz.waiting")
    assert watchers_text("de", 0) == "" and "3" in watchers_text("de", 3)
    assert standings_title("de", 2, 3) == "Doppelkopf-Turnier · Runde 2 von 3 · Stand"
    assert german_words(standings_title("en", 2, 3)) == []
