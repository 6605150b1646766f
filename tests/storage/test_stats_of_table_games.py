"""Statistics of games played through the table: Doppelköpfe, Füchse, Karlchen as the summaries show them."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import dokobot.table.table
from dokobot.engine.randomplay import random_action
from dokobot.storage.sql_store import SqlStore
from dokobot.table.table import Tables
from dokobot.text.render import summary_text

USERS = [(11, "Nord"), (12, "Ost"), (13, "Sued"), (14, "West")]
CHANNEL = 300
GAMES = 16


@pytest.fixture(autouse=True)
def seeded(monkeypatch):
    rng = random.Random(6)
    real = dokobot.table.table.deal
    monkeypatch.setattr(dokobot.table.table, "deal", lambda rules, r=None: real(rules, rng))


async def test_extras_of_real_games_reach_the_statistics(tmp_path):
    store = await SqlStore.open(tmp_path / "doko.sqlite3")
    try:
        tables = Tables(store, "ddv")
        table = await tables.open(CHANNEL, 1, *USERS[0])
        for uid, name in USERS[1:]:
            await table.join(uid, name)
        await table.start(USERS[0][0], False)
        rng = random.Random(6)
        expected = {key: Counter() for key in ("doppelkopf", "fuchs_caught", "fuchs_lost", "karlchen")}
        for n in range(GAMES):
            while table.state == "playing":
                game = table.game
                seat, move = random_action(game, rng, announce_rate=0.05, reserve_rate=0.0)
                await table.act(table.seats[seat].user_id, table.game_no, move)
            fin = table.last
            _, summary = summary_text(fin, "de")
            for e in fin.result.extras:
                uid = fin.players[e.seat].user_id if e.seat is not None else None
                if e.key == "doppelkopf":
                    expected["doppelkopf"][uid] += 1
                    assert "Doppelkopf" in summary
                elif e.key == "karlchen":
                    expected["karlchen"][uid] += 1
                    assert "Karlchen" in summary
                elif e.key == "fuchs":
                    expected["fuchs_caught"][uid] += 1
                    expected["fuchs_lost"][fin.players[e.victim].user_id] += 1
                    assert "Fuchs gefangen" in summary
            if n < GAMES - 1:
                await table.next_game(USERS[0][0], table.game_no)
        assert all(sum(c.values()) for c in expected.values())  # every counter has something to count
        for uid, _ in USERS:
            stats = await store.db.statistics(CHANNEL, uid)
            assert stats.doppelkoepfe == expected["doppelkopf"][uid]
            assert stats.fuechse_caught == expected["fuchs_caught"][uid]
            assert stats.fuechse_lost == expected["fuchs_lost"][uid]
            assert stats.karlchen == expected["karlchen"][uid]
    finally:
        await store.close()
