"""What a Doppelkopf night shows (issue 42): the event message's embed in German and
English within every embed limit at 1, 13 and 200 entrants, the standings picture legible
at a phone's width with its alt text, the past events' list and the entrants' reminder."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from dokobot.table.event import flow
from dokobot.table.event.settings import EventSettings
from dokobot.table.event.standings import GameRow, Standings, compute
from dokobot.table.event.store import StoredEvent
from dokobot.text import eventboard as eb
from dokobot.text.numbers import MINUS
from dokobot.text.picture import font
from tests import discord_limits as limits
from tests.text.helpers import german_words
from tests.text.pictures import drawn_texts

EVENT_ID = 7
PHONE, CAP_MIN = 340, 6.0  # the legibility rule of tests/text/test_legible.py: 6 px capitals at 340 px wide


def cap_ratio() -> float:
    """Noto Sans' capital height per pixel of font size."""
    top, bottom = font(1000).getbbox("H", anchor="ls")[1::2]
    return (bottom - top) / 1000


def _event(n: int, *, computers: bool = True, started: bool = True) -> StoredEvent:
    state = flow.open_event(EVENT_ID, 1, EventSettings.make(rounds=3, computers=computers, time_limit=90), 42)
    for k in range(n):
        state = flow.sign_up(state, 1000 + k, f"Spieler {k}").state
    if started:
        state = flow.start(state, 1, 1000.0).state
    return StoredEvent(EVENT_ID, 5, 9, state, 100.0, starts_at=5000.0)


def _standings(event: StoredEvent, rounds: int = 2, seed: int = 1) -> Standings:
    """Three games per seat and round, random points (every table of round 1 replayed)."""
    rng = random.Random(seed)
    run = event.state.current
    assert run is not None
    rows = [GameRow(EVENT_ID, r, tab.no, s.key, rng.randint(-9, 9), s.computer)
            for r in range(1, rounds + 1) for tab in run.tables for s in tab.seats for _ in range(3)]
    return compute(EVENT_ID, rows, eb.names_of(event.state), rounds)


def _embed(b: eb.Board) -> dict:
    return {"title": b.title, "description": b.description, "footer": {"text": b.footer},
            "fields": [{"name": n, "value": v} for n, v in b.fields]}


def _threads(event: StoredEvent) -> dict[int, int]:
    run = event.state.current
    return {tab.no: 900_000_000_000_000_000 + tab.no for tab in run.tables} if run else {}


# ---- words in both languages --------------------------------------------------------------


def test_sign_up_names_the_entrants_their_count_and_the_start():
    event = _event(6, started=False)
    de = eb.board("de", event, compute(EVENT_ID, [], {}))
    assert de.title == "Doppelkopf-Turnier · Anmeldung"
    assert de.fields[0][0] == "Angemeldet: 6"
    assert de.fields[0][1] == ", ".join(f"Spieler {k}" for k in range(6))
    assert "<t:5000:F>" in de.description and "Melde dich" in de.description
    en = eb.board("en", event, compute(EVENT_ID, [], {}))
    assert en.title == "Doppelkopf event · sign-up" and en.fields[0][0] == "Signed up: 6"
    assert "No round has been played yet." in en.description


def test_playing_shows_the_round_the_tables_with_their_threads_and_the_standings():
    event = _event(13)
    table = _standings(event)
    de = eb.board("de", event, table, _threads(event))
    assert de.title == "Doppelkopf-Turnier · Runde 1 von 3"
    assert "Runde 1 läuft an 3 Tischen." in de.description
    name, value = de.fields[0]
    assert name == "Tische der Runde 1"
    for tab in event.state.current.tables:
        line = next(x for x in value.split("\n") if x.startswith(f"**Tisch {tab.no}**"))
        assert f"<#{900_000_000_000_000_000 + tab.no}>" in line
        assert all(s.name in line for s in tab.seats)
    lines = de.description.split("\n")
    first = table.people[0]
    assert f"**1.** {first.name} · R1 " in de.description
    assert sum(1 for x in lines if re.match(r"\*\*\d+\.\*\*", x)) == 13  # every entrant ranked
    assert "gleicher Rang" in de.footer and "gewonnene Spiele" in de.footer
    en = eb.board("en", event, table, _threads(event))
    assert en.title == "Doppelkopf event · round 1 of 3" and "same rank" in en.footer


@pytest.mark.parametrize("phase,de,en", [("paused", "angehalten", "paused"), ("ended", "Endstand", "final standings")])
def test_paused_and_ended(phase, de, en):
    event = _event(8)
    event = replace(event, state=replace(event.state, phase=phase))
    table = _standings(event)
    assert de in eb.board("de", event, table).title
    assert en in eb.board("en", event, table).title
    assert ("Tische der Runde 1" in [n for n, _ in eb.board("de", event, table).fields]) == (phase == "paused")


def test_computers_are_ranked_apart_under_the_people():
    event = _event(6)  # 6 people: two tables of three and a computer each
    table = _standings(event)
    assert table.computers
    text = eb.board("de", event, table).description
    apart = text.index("**Computer (eigene Wertung)**")
    assert all(text.index(f"** {s.name} ·") < apart for s in table.people)
    assert all(text.index(s.name.split(" (")[0]) > apart for s in table.computers)
    assert r"\(mittel\)" in text and r"\(medium\)" in eb.board("en", event, table).description


def test_negative_points_use_the_typographic_minus():
    event = _event(13)
    table = _standings(event)
    assert any(s.total < 0 for s in table.people)
    for text in (eb.board("de", event, table).description, eb.standings_alt("de", table, "T")):
        assert MINUS in text
        assert not re.search(r"(?<![\w])-\d", text)


# ---- limits -----------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("n", [1, 13, 200])
@pytest.mark.parametrize("started", [False, True])
def test_every_embed_limit_holds(n, lang, started):
    event = _event(n, started=started)
    table = _standings(event, rounds=3) if started else compute(EVENT_ID, [], {})
    b = eb.board(lang, event, table, _threads(event))
    assert limits.message_problems({"embeds": [_embed(b)]}) == []
    assert b.size() <= limits.EMBED_TOTAL


def test_two_hundred_entrants_are_summed_up_and_the_count_is_right():
    event = _event(200)
    table = _standings(event, rounds=3)
    b = eb.board("de", event, table, _threads(event))
    shown = len(re.findall(r"^\*\*\d+\.\*\* ", b.description, re.M))
    more = re.search(r"… und (\d+) weitere Spieler", b.description)
    assert more is not None and 20 < shown < 200
    assert shown + int(more.group(1)) == len(table.people) + len(table.computers)
    tables = re.search(r"… und (\d+) weitere Tische", b.fields[0][1])
    assert tables is not None
    assert b.fields[0][1].count("**Tisch ") + int(tables.group(1)) == 50
    sign_up = eb.board("de", _event(200, started=False), compute(EVENT_ID, [], {}))
    listed = re.search(r"… und (\d+) weitere Spieler", sign_up.fields[0][1])
    assert listed is not None and len(sign_up.fields[0][1].split(", ")) - 1 + int(listed.group(1)) == 200


def test_long_emoji_names_count_as_discord_counts():
    event = _event(200)
    state = event.state
    wide = "😀" * 40  # 80 UTF-16 units: cut to 32 characters, counted as 64 units
    entrants = tuple(replace(e, name=wide) for e in state.entrants)
    event = replace(event, state=replace(state, entrants=entrants))
    table = _standings(event, rounds=3)
    b = eb.board("en", event, table, _threads(event))
    assert wide[:32] in b.description
    assert limits.message_problems({"embeds": [_embed(b)]}) == []


def test_fit_keeps_what_fits_and_counts_the_rest():
    lines = [f"line {i}" for i in range(10)]
    out = eb.fit(lines, 30, lambda n: f"+{n}")
    assert out == "line 0\nline 1\nline 2\n+7"
    assert eb.fit(lines, 1000, lambda n: f"+{n}") == "\n".join(lines)


# ---- English has no German ---------------------------------------------------------------------


def test_no_german_in_english():
    for started in (False, True):
        event = _event(13, started=started)
        table = _standings(event) if started else compute(EVENT_ID, [], {})
        for phase in ("signup", "playing", "between", "paused", "ended") if started else ("signup",):
            ev = replace(event, state=replace(event.state, phase=phase, rounds_done=1))
            b = eb.board("en", ev, table, _threads(ev))
            words = [b.title, b.description.replace("Spieler", ""), b.footer, *(x.replace("Spieler", "") for f in b.fields for x in f)]
            assert [german_words(w) for w in words if german_words(w)] == []
    table = _standings(_event(6))
    assert german_words(eb.standings_alt("en", table, "Doppelkopf event").replace("Spieler", "")) == []
    assert german_words(eb.past_list("en", [_event(4)]).replace("Spieler", "")) == []
    assert german_words(eb.reminder_texts("en", 5000.0, [1, 2])[0]) == []


# ---- the picture ---------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("n,rounds", [(6, 1), (13, 3), (200, 8)])
def test_the_picture_reads_at_phone_width(lang, n, rounds):
    event = _event(n)
    table = _standings(event, rounds=rounds)
    drawn, width = drawn_texts(lambda: eb.standings_png(lang, table, "Doppelkopf · Runde 2 von 3"))
    assert len(drawn) >= 5 * min(n, 10)
    small = [(d.text, d.size) for d in drawn if d.size * cap_ratio() * PHONE / width < CAP_MIN]
    assert small == []
    texts = [d.text for d in drawn]
    assert table.people[0].name in texts or any(x.startswith(table.people[0].name[:6]) for x in texts)
    assert any(MINUS in x for x in texts)
    assert not any(re.search(r"-\d", x) for x in texts)


def test_the_picture_cuts_long_names_to_their_column():
    event = _event(8)
    long = replace(event, state=replace(event.state, entrants=tuple(
        replace(e, name="Ostwind-Müller-Lüdenscheidt " * 2) for e in event.state.entrants)))
    table = _standings(long, rounds=8)
    drawn, _ = drawn_texts(lambda: eb.standings_png("de", table, "T"))
    cut = [d.text for d in drawn if d.text.startswith("Ostwind")]
    assert cut and all(d.endswith("…") for d in cut)
    width = eb.name_width(8)
    assert all(font(eb.SIZE, True).getlength(d) <= width for d in cut)


@pytest.mark.parametrize("lang,word", [("de", "Summe"), ("en", "total")])
def test_the_alt_text_says_the_ranking_within_discords_limit(lang, word):
    table = _standings(_event(13))
    alt = eb.standings_alt(lang, table, "Doppelkopf")
    first = table.people[0]
    assert alt.startswith("Doppelkopf: ") and f"1. {first.name}: R1 " in alt and word in alt
    big = eb.standings_alt(lang, _standings(_event(200), rounds=8), "Doppelkopf")
    assert limits.units(big) <= limits.ATTACHMENT_DESCRIPTION and big.endswith("…")
    emoji = replace(table, people=tuple(replace(s, name="😀" * 32) for s in table.people) * 10)
    assert limits.units(eb.standings_alt(lang, emoji, "T")) <= limits.ATTACHMENT_DESCRIPTION


# ---- past events, the reminder ----------------------------------------------------------------------


def test_past_events_list_newest_first_within_the_limit():
    events = [replace(_event(4), event_id=i, created_at=1_700_000_000.0 + i) for i in range(300, 0, -1)]
    text = eb.past_list("de", events)
    assert text.startswith("**#300** · <t:1700000300:d> · läuft · 4 Personen")
    assert limits.units(text) <= limits.DESCRIPTION
    more = re.search(r"… und (\d+) ältere Turniere", text)
    assert more is not None and text.count("**#") + int(more.group(1)) == 300
    assert eb.past_list("en", []) == "This channel has had no event yet."


def test_the_reminder_mentions_every_entrant_once_within_2000_characters():
    people = [10**17 + k for k in range(200)]
    texts = eb.reminder_texts("de", 5000.0, people)
    assert len(texts) > 1 and all(limits.units(x) <= limits.CONTENT for x in texts)
    assert all(x.startswith("⏰ Das Doppelkopf-Turnier beginnt um <t:5000:t>") for x in texts)
    mentioned = [int(m) for x in texts for m in re.findall(r"<@(\d+)>", x)]
    assert mentioned == people
    assert eb.reminder_texts("en", 5000.0, [1]) == ["⏰ The Doppelkopf event starts at <t:5000:t> (<t:5000:R>): <@1>"]
