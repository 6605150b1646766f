"""/doko liste, rangliste and statistik with games of several table sizes (issue 13):
the ``tisch`` filter and points per game per size, on a real store (SQLite and
PostgreSQL), checked against the stored games."""

from __future__ import annotations

import random
import re
from collections import defaultdict

import pytest

from dokobot.storage.sql_store import SqlStore
from tests.bot.helpers import seat_more
from tests.storage.gen import pool, random_game, store_game
from tests.words import dec, pct, signed

SIZE = {4: "zu viert", 5: "zu fünft", 6: "zu sechst"}


@pytest.fixture
async def store(sqlite_path):
    store = await SqlStore.open(sqlite_path)
    yield store
    await store.close()


async def play_game(doko) -> None:
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    await doko.play_out()


async def next_game(doko) -> None:
    await doko.players[0].click(doko.table_message(), label="Nächstes Spiel")


async def stored_games(db, channel_id):
    """(size, {user_id: points}) of every scored game of the channel, from the database."""
    out = []
    for game_id in await db.finished_games(channel_id):
        info = await db.game_info(game_id)
        if info.result["contract"] != "redeal":
            out.append((sum(1 for h in info.hands if h), dict(info.points)))
    return out


def per_size(games, user_id):
    """{size: (games, points)} of one player."""
    acc: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for size, points in games:
        if user_id in points:
            acc[size][0] += 1
            acc[size][1] += points[user_id]
    return {s: tuple(v) for s, v in sorted(acc.items())}


def said(res) -> list[str]:
    return [m.content for m in (res.response, *res.followups) if m is not None]


def games_word(n: int) -> str:
    return f"{n} Spiel" if n == 1 else f"{n} Spiele"


async def test_a_session_at_four_then_five_shows_points_per_game_by_size(doko, store):
    nord = doko.players[0]
    await doko.open_and_seat()
    await doko.start()
    await play_game(doko)  # 1: four at the table
    await seat_more(doko, 1)  # a fifth joins between games
    await next_game(doko)
    assert doko.table.game.n == 5 and not doko.table.game.rules.all_play
    await play_game(doko)  # 2: five, the dealer sits out: a game of four
    res = await nord.slash(doko.channel, "doko regeln", schalter="five=all_play")
    assert res.ephemeral and doko.table.rules_config.get("five") == "all_play"
    await next_game(doko)
    assert doko.table.game.rules.all_play
    await play_game(doko)  # 3: all five play
    games = await stored_games(store.db, doko.channel.id)
    assert [size for size, _ in games] == [4, 4, 5]
    assert len(games[1][1]) == 4  # the dealer sitting out has no score row
    names = {p.id: p.name for p in doko.players}

    # /doko liste: each game says its size; points per game per size at the end
    res = await nord.slash(doko.channel, "doko liste")
    card = res.response.embeds[0]
    lines = card.description.split("\n")
    heads = [re.match(r"\*\*(\d)\.\*\* [^:]+ · (zu \w+):", line) for line in lines[:3]]
    assert [(h.group(1), h.group(2)) for h in heads if h] == [("1", "zu viert"), ("2", "zu viert"), ("3", "zu fünft")]
    for size in (4, 5):
        want = " · ".join(
            f"{names[u]} {dec(pts / n, sign=True)} ({n})"
            for u in names for n, pts in [per_size(games, u).get(size, (0, 0))] if n
        )
        assert f"Pro Spiel {SIZE[size]}: {want}" in lines
    assert "Punkte pro Spiel vergleichen sich nur bei gleicher Tischgröße" in card.footer.text
    assert "/doko liste tisch:" in card.footer.text

    # /doko liste tisch:4: only the games of four, totals over those alone
    res = await nord.slash(doko.channel, "doko liste", tisch=4)
    card = res.response.embeds[0]
    assert card.title == "Spielliste · 2 Spiele · zu viert"
    assert [line[:6] for line in card.description.split("\n") if line.startswith("**")] == ["**1.**", "**2.**"]
    assert "Pro Spiel" not in card.description and "Tischgröße" not in card.footer.text
    for u in names:
        total = sum(p.get(u, 0) for s, p in games if s == 4)
        if total:
            assert f"({signed(total)})" in card.description.split("\n")[1]
    res = await nord.slash(doko.channel, "doko liste", tisch=6)
    assert res.response.content == "Noch keine Spiele zu sechst gewertet."

    # /doko rangliste: everyone's points per game per size beneath the row
    res = await nord.slash(doko.channel, "doko rangliste")
    board = res.response.embeds[0]
    rows = board.description.split("\n")
    for u, name in names.items():
        parts = per_size(games, u)
        i = next(i for i, line in enumerate(rows) if re.match(rf"\d+\. {re.escape(name)} – ", line))
        assert rows[i + 1] == "↳ pro Spiel " + " · ".join(
            f"{SIZE[s]} {dec(pts / n, sign=True)} ({games_word(n)})" for s, (n, pts) in parts.items()
        )
        assert f"{games_word(sum(n for n, _ in parts.values()))}" in rows[i]
    assert "/doko rangliste tisch: filtert." in board.footer.text

    # /doko rangliste tisch:5: only the game of five, no breakdown, no note
    res = await nord.slash(doko.channel, "doko rangliste", tisch=5)
    board = res.response.embeds[0]
    assert board.title == "Rangliste · alle Spiele · nach Punkten · zu fünft"
    assert "↳" not in board.description and "Tischgröße" not in board.footer.text
    for u, name in names.items():
        pts = games[2][1][u]
        assert re.search(rf"^\d+\. {re.escape(name)} – {re.escape(signed(pts))} Punkte? · 1 Spiel · ", board.description, re.M)
    res = await nord.slash(doko.channel, "doko rangliste", tisch=6)
    assert said(res) == ["Hier gibt es noch keine beendeten Spiele zu sechst."]

    # /doko statistik: the part by size; with tisch:4 only those games
    gast = doko.players[4]
    res = await nord.slash(doko.channel, "doko statistik", spieler=doko.players[1])
    card = res.response.embeds[0]
    field = next(f for f in card.fields if f.name == "Nach Tischgröße")
    ost = per_size(games, doko.players[1].id)
    wins = await _wins_by_size(store.db, doko.channel.id, doko.players[1].id)
    assert field.value.split("\n") == [
        f"{SIZE[s]}: {games_word(n)} · {signed(pts)} {'Punkt' if abs(pts) == 1 else 'Punkte'} · "
        f"{dec(pts / n, sign=True)} pro Spiel · {wins[s]} {'Sieg' if wins[s] == 1 else 'Siege'} ({pct(wins[s], n)})"
        for s, (n, pts) in ost.items()
    ]
    res = await nord.slash(doko.channel, "doko statistik", spieler=gast, tisch=4)
    card = res.response.embeds[0]
    n4, pts4 = per_size(games, gast.id).get(4, (0, 0))
    assert card.title == f"Statistik · {gast.name} · zu viert"
    assert card.description.split("\n")[0].startswith(f"Spiele: {n4} · Punkte: {signed(pts4)}")
    assert not card.fields


async def _wins_by_size(db, channel_id, user_id):
    stats = await db.statistics(channel_id, user_id)
    return {p.size: p.wins for p in stats.by_size}


async def test_six_at_the_table_count_apart_and_the_filter_survives_paging(doko, store):
    """A six-player game by clicks, then booked games of every size: the
    leaderboard filtered on six pages with ◀ ▶ and stays filtered."""
    await doko.open_and_seat()
    await seat_more(doko, 2)
    await doko.start()
    assert doko.table.game.n == 6
    await play_game(doko)
    played = await stored_games(store.db, doko.channel.id)
    assert [s for s, _ in played] == [6]
    res = await doko.players[0].slash(doko.channel, "doko schliessen")

    rng = random.Random(7)
    people = pool(rng, humans=14, bots=2)
    tid = await store.db.open_table(doko.channel.id, doko.guild.id, 1)
    booked = [random_game(rng, people, 30, big=True) for _ in range(90)]
    for g in booked:
        await store_game(store.db, tid, g)
    await store.db.close_table(tid)
    games = await stored_games(store.db, doko.channel.id)
    assert {s for s, _ in games} == {4, 5, 6}

    six = [p for s, p in games if s == 6]
    points, count = defaultdict(int), defaultdict(int)
    for p in six:
        for u, v in p.items():
            points[u] += v
            count[u] += 1
    humans = {p["user_id"]: p["name"] for p in people if not p["is_bot"]}
    humans.update({p.id: p.name for p in doko.players})
    order = sorted((u for u in count if u in humans), key=lambda u: (-points[u], count[u], humans[u].casefold()))
    assert len(order) > 10

    nord = doko.players[0]
    res = await nord.slash(doko.channel, "doko rangliste", tisch=6)
    message = res.response
    first = message.embeds[0]
    assert first.title.endswith(" · zu sechst") and first.footer.text.startswith("Seite 1/2 · ")
    shown = re.findall(r"^\d+\. (.+?) – (\S+) Punkte?", first.description, flags=re.M)
    assert shown == [(humans[u], signed(points[u])) for u in order[:10]]
    await nord.click(message, label="▶")
    page2 = doko.fetch(message, nord).embeds[0]
    assert page2.title.endswith(" · zu sechst") and page2.footer.text.startswith("Seite 2/2 · ")
    shown = re.findall(r"^\d+\. (.+?) – (\S+) Punkte?", page2.description, flags=re.M)
    assert shown == [(humans[u], signed(points[u])) for u in order[10:]]
    assert "↳" not in page2.description
    # the same command in English: the words of the filter and the note
    await nord.slash(doko.channel, "doko sprache", sprache="en")
    res = await nord.slash(doko.channel, "doko rangliste")
    board = res.response.embeds[0]
    assert "↳ per game 4 players " in board.description
    assert board.footer.text.endswith(
        "Points per game only compare at one table size (a solo at six is settled 1:5); /doko leaderboard table: filters."
    )


async def test_many_computer_players_with_their_sizes_fit_discords_field_limit(doko, store):
    """Every computer player is listed (ranked apart, not paged); with a line per
    size beneath each, the list goes on in further fields of at most 1,024 characters."""
    rng = random.Random(11)
    people = pool(rng, humans=4, bots=24)
    tid = await store.db.open_table(doko.channel.id, doko.guild.id, 1)
    for _ in range(150):
        await store_game(store.db, tid, random_game(rng, people, 30, big=True))
    await store.db.close_table(tid)
    board = await store.db.leaderboard(doko.channel.id, limit=100)
    assert board.mixed and len(board.bots) == 24
    res = await doko.players[0].slash(doko.channel, "doko rangliste")
    card = res.response.embeds[0]
    fields = list(card.fields)
    assert fields[0].name == "Computerspieler (eigene Wertung; Spielstärke je Stufe)" and len(fields) > 1
    assert all(len(f.value) <= 1024 for f in fields) and all(f.name == "\u200b" for f in fields[1:])
    lines = "\n".join(f.value for f in fields).split("\n")
    assert [re.match(r"\d+\. (.+?) – ", line).group(1) for line in lines[::2]] == [r.name for r in board.bots]
    assert all(line.startswith("↳ pro Spiel ") for line in lines[1::2])
    assert len(card) <= 6000  # Discord's limit for the whole embed
