"""/doko liste, rangliste, statistik, protokoll on a real SQLite file, checked
against independent computations over the stored games."""

from __future__ import annotations

import json
import random
import re
from collections import defaultdict

import pytest

from dokobot.engine import GameResult
from dokobot.engine.record import replay
from dokobot.storage.sql_store import SqlStore
from tests.storage.gen import pool, random_game, store_game
from tests.words import dec, pct, signed


@pytest.fixture
async def store(tmp_path):
    store = await SqlStore.open(tmp_path / "doko.sqlite3")
    yield store
    await store.close()


async def play_game(doko) -> None:
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    await doko.play_out()


def said(res) -> list[str]:
    return [m.content for m in (res.response, *res.followups) if m is not None]


async def test_protokoll_takes_the_spielliste_number(doko, store):
    nord = doko.players[0]
    # An earlier table in the channel: its game must not shift the numbers of the new one.
    await doko.open_and_seat()
    await doko.start()
    await play_game(doko)
    res = await nord.slash(doko.channel, "doko schliessen")
    assert doko.env.bot.tables.get(doko.channel.id) is None
    await doko.open_and_seat()
    await doko.start()
    await play_game(doko)
    await nord.click(doko.table_message(), label="Nächstes Spiel")
    await play_game(doko)
    table = doko.table
    assert len(await store.db.finished_games(doko.channel.id)) == 3

    res = await nord.slash(doko.channel, "doko liste")
    lines = res.response.embeds[0].description.split("\n")
    assert [line.split(".**")[0] for line in lines if line.startswith("**")] == ["**1", "**2"]

    for number in (1, 2):
        res = await nord.slash(doko.channel, "doko protokoll", spiel=number)
        assert res.ephemeral and res.response.content.startswith(f"Protokoll von Spiel {number}:")
        attachment, readable = res.response.attachments
        assert attachment.filename == f"doko-{doko.channel.id}-{number}.json"
        assert readable.filename == f"doko-{doko.channel.id}-{number}.txt"
        text = (await readable.read()).decode()
        assert text.startswith(f"Protokoll · Spiel {number}\n") and "Stich 12: " in text
        record = json.loads(await attachment.read())
        game_id = await store.db.find_game(doko.channel.id, number)
        info = await store.db.game_info(game_id)
        assert info.table_id == table.table_id and info.number == number
        assert record == await store.db.game_record(game_id)
        assert replay(record) == GameResult.from_dict(await store.db.game_result(game_id)).replay_json()
    assert replay(record) == table.last.result.replay_json()

    res = await nord.slash(doko.channel, "doko protokoll", spiel=3)
    assert said(res) == ["Ein beendetes Spiel 3 steht nicht auf der Spielliste dieses Kanals (/doko liste)."]
    await nord.click(doko.table_message(), label="Nächstes Spiel")  # game 3 runs
    res = await nord.slash(doko.channel, "doko protokoll", spiel=3)
    assert said(res) == ["Spiel 3 läuft noch; ein Protokoll gibt es erst, wenn es beendet ist."]
    assert not res.response.attachments
    res = await nord.slash(doko.channel, "doko protokoll")  # the last finished one
    assert res.response.attachments[0].filename.endswith("-2.json")


async def test_liste_shows_running_totals_after_each_game(doko, store):
    await doko.open_and_seat()
    await doko.start()
    results = []
    for _ in range(3):
        await play_game(doko)
        results.append(doko.table.last.result.replay_json())
        if len(results) < 3:
            await doko.players[0].click(doko.table_message(), label="Nächstes Spiel")
    res = await doko.players[2].slash(doko.channel, "doko liste")
    sheet = res.response.embeds[0]
    assert sheet.title == "Spielliste · 3 Spiele"  # the plural; one game: "1 Spiel"
    running = [0, 0, 0, 0]
    expected = []
    for n, result in enumerate(results, 1):
        running = [a + b for a, b in zip(running, result["score"], strict=True)]
        # each game's points and (in brackets) the running total (issue 11)
        totals = " · ".join(
            f"{p.name} {signed(result['score'][i])} ({signed(running[i])})" for i, p in enumerate(doko.players)
        )
        expected.append(f"**{n}.** {totals}")
    expected += ["", "Spiele: " + " · ".join(f"{p.name} 3" for p in doko.players)]
    shown = [re.sub(r"\*\* [^:]+: ", "** ", line) for line in sheet.description.split("\n")]
    assert shown == expected
    assert running == [doko.table.totals[p.id] for p in doko.players]
    # /doko statistik against the same three results.
    seat = 1
    re_games = [r for r in results if seat in r["re"]]
    kontra_games = [r for r in results if seat in r["kontra"]]
    re_won = sum(r["winner"] == "re" for r in re_games)
    kontra_won = sum(r["winner"] == "kontra" for r in kontra_games)
    res = await doko.players[0].slash(doko.channel, "doko statistik", spieler=doko.players[seat])
    body = res.response.embeds[0].description.split("\n")
    assert body[0] == f"Spiele: 3 · Punkte: {signed(running[seat])} · pro Spiel: {dec(running[seat] / 3, sign=True)}"
    assert body[1] == f"Siege: {re_won + kontra_won} ({pct(re_won + kontra_won, 3)})"
    assert body[2].startswith(f"Re: {re_won}/{len(re_games)} gewonnen")
    assert f"Kontra: {kontra_won}/{len(kontra_games)} gewonnen" in body[2]
    # The end-of-game summary carries the same running totals.
    summary = doko.table_message().embeds[0].description
    assert "Spielliste: " + " · ".join(
        f"{p.name} {signed(running[i])}" for i, p in enumerate(doko.players)
    ) in summary


def _names(text: str) -> list[str]:
    return re.findall(r"^\d+\. (.+?) – ", text, flags=re.M)


async def test_rangliste_pages_bots_apart_and_matches_an_independent_count(doko, store):
    rng = random.Random(3)
    people = pool(rng, humans=14, bots=2)
    db = store.db
    tid = await db.open_table(doko.channel.id, doko.guild.id, 1)
    games = [random_game(rng, people) for _ in range(60)]
    for g in games:
        await store_game(db, tid, g)
    await db.close_table(tid)

    # Independent: sum the stored scores per player, shrink with the channel mean.
    points, played = defaultdict(int), defaultdict(int)
    for g in games:
        if g.result["contract"] == "redeal":
            continue
        for seat, p in enumerate(g.players):
            if g.hands[seat]:
                key = p["name"]
                points[key] += g.points[seat]
                played[key] += 1
    prior = sum(points.values()) / sum(played.values())
    humans = [p["name"] for p in people if not p["is_bot"] and played[p["name"]]]
    robots = [p["name"] for p in people if p["is_bot"] and played[p["name"]]]

    def rating(n):
        return (points[n] + 10 * prior) / (played[n] + 10)

    want = sorted(humans, key=lambda n: (-rating(n), -played[n], n.casefold()))
    want_bots = sorted(robots, key=lambda n: (-rating(n), -played[n], n.casefold()))

    nord = doko.players[0]
    res = await nord.slash(doko.channel, "doko rangliste", ordnung="ppg")
    board = res.response.embeds[0]
    assert board.title == "Rangliste · alle Spiele · nach Punkten pro Spiel"
    assert board.footer.text == (
        f"Seite 1/2 · Punkte pro Spiel werden geglättet: (Punkte + 10 × {dec(prior)}) / (Spiele + 10) – "
        f"10 gedachte Spiele zum Kanalschnitt {dec(prior)}, damit zwei Glücksspiele nicht an die Spitze reichen."
        " Spielstärke: steigt mit Siegen gegen Starke; Computer werden je Stufe bewertet."
        " Neu gegebene Spiele (eingeworfen, Armut nicht genommen) zählen nirgends als Spiel."
    )
    first = _names(board.description)
    assert first == want[:10]
    assert f"gewertet {dec(rating(want[0]), sign=True)}" in board.description.split("\n")[0]
    assert board.fields[0].name == "Computerspieler (eigene Wertung; Spielstärke je Stufe)"
    assert _names(board.fields[0].value) == want_bots
    assert not set(_names(board.fields[0].value)) & set(first)

    message = res.response
    await nord.click(message, label="▶")
    page2 = doko.fetch(message, nord)  # the same message, edited in place
    assert _names(page2.embeds[0].description) == want[10:]
    assert page2.embeds[0].footer.text.startswith("Seite 2/2 · ")
    assert page2.embeds[0].description.startswith("11. ")

    # By points, in English: the footer says what these numbers are, in the viewer's language
    # (raw sums and plain averages: the shrunk value belongs to the ppg order only, issue 25).
    await nord.slash(doko.channel, "doko sprache", sprache="en")
    res = await nord.slash(doko.channel, "doko rangliste", ordnung="punkte")
    board = res.response.embeds[0]
    assert board.title == "Leaderboard · all time · by points"
    assert board.footer.text == (
        "Page 1/2 · Sorted by the sum of points; “per game” is the plain average (points / games), not shrunk."
        " Skill rating: rises with wins against strong players; computers are rated per level."
        " Redealt games (thrown in, poverty not taken) never count as games."
    )
    res = await nord.slash(doko.channel, "doko rangliste", ordnung="ppg")
    assert res.response.embeds[0].footer.text.startswith(
        f"Page 1/2 · Points per game are shrunk: (points + 10 × {dec(prior, 'en')}) / (games + 10) – ")
    res = await nord.slash(doko.channel, "doko rangliste", ordnung="siege")
    assert res.response.embeds[0].footer.text.startswith(
        "Page 1/2 · Sorted by games won; “per game” is the plain average (points / games), not shrunk.")
    assert _names(board.description) == sorted(humans, key=lambda n: (-points[n], played[n], n.casefold()))[:10]
