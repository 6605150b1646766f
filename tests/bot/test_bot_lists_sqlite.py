"""A list on the SQL storage (SQLite and PostgreSQL): the Spielliste marks the Pflichtsolo and the
vorgeführte Solo, and /doko protokoll gives a Pflichtsolo record that replays."""

from __future__ import annotations

import json

import pytest

from dokobot.engine import GameResult
from dokobot.engine.record import replay
from dokobot.storage.sql_store import SqlStore
from tests.bot.helpers import quick_game


@pytest.fixture
async def store(sqlite_path):
    """SQLite, and PostgreSQL where the tests have one (conftest's ``sqlite_path``)."""
    store = await SqlStore.open(sqlite_path)
    yield store
    await store.close()


async def test_spielliste_marks_and_protokoll_of_a_pflichtsolo(doko, store):
    await doko.open_and_seat()
    nord = doko.players[0]
    await nord.slash(doko.channel, "doko regeln", schalter="list_games=3 pflichtsolo=ja")
    await doko.start()
    # 4 owing > 3 games left: Nord (left of the first dealer) is vorgeführt at once
    assert doko.table.game.vorgefuehrt == 0
    await quick_game(doko, {0: "damen"})
    await quick_game(doko, {1: "buben"})  # vorgeführt: Ost
    assert [doko.table.last.list_step.mark] == ["vorgefuehrt"]
    res = await nord.slash(doko.channel, "doko liste")
    sheet = res.response.embeds[0].description
    assert "**1.** Damen-Solo (vorgeführt):" in sheet and "**2.** Buben-Solo (vorgeführt):" in sheet

    res = await nord.slash(doko.channel, "doko protokoll", spiel=1)
    record = json.loads(await res.response.attachments[0].read())
    assert record["rules"] == {"preset": "ddv", "solo_lead": "soloist"}
    assert next(a for a in record["actions"] if "play" in a)["seat"] == 0
    game_id = await store.db.find_game(doko.channel.id, 1)
    assert replay(record) == GameResult.from_dict(await store.db.game_result(game_id)).replay_json()


async def test_spielliste_marks_a_chosen_pflichtsolo(doko, store):
    await doko.open_and_seat()
    nord = doko.players[0]
    await nord.slash(doko.channel, "doko regeln", schalter="list_games=24 pflichtsolo=ja")
    await doko.start()
    await quick_game(doko, {0: "fleischlos"})
    await quick_game(doko)
    res = await nord.slash(doko.channel, "doko liste")
    sheet = res.response.embeds[0].description
    assert "**1.** Fleischloser (Pflichtsolo):" in sheet and "**2.** " in sheet and sheet.count("Pflichtsolo") == 1
