"""The rating through Discord (issue 24): games at four, five and six with
computers on a real store (SQLite and PostgreSQL); /doko rangliste shows it
beside the points, /doko statistik with its chart; ``rerate`` agrees."""

from __future__ import annotations

import pytest

from dokobot.storage.rating import rating_key
from dokobot.storage.sql_store import SqlStore
from dokobot.text.numbers import decimal
from tests.bot.helpers import message_text, play_with_computers


@pytest.fixture
async def store(sqlite_path):
    store = await SqlStore.open(sqlite_path)
    yield store
    await store.close()


async def ratings(db, channel_id):
    return {r.user_id: (r.name, r.rating.mu, r.rating.sigma, r.rating.games) for r in await db.ratings(channel_id)}


async def test_rating_after_games_at_four_five_and_six_with_computers(doko, store):
    nord = doko.players[0]
    await nord.slash(doko.channel, "doko tisch")
    for level in ("mittel", "schwer", "leicht"):
        await nord.click(doko.table_message(), label=f"Computer dazu: {level}")
    await doko.start()
    sizes = []
    for extra in (None, "mittel", "schwer"):
        if extra is not None:  # between games the host seats one more computer
            res = await nord.slash(doko.channel, "doko computer", stufe=extra)
            assert res.ephemeral
            await nord.click(doko.table_message(), label="Nächstes Spiel")
        sizes.append(len(doko.table.seats))
        await play_with_computers(doko)
    assert sizes == [4, 5, 6]
    db = store.db
    live = await ratings(db, doko.channel.id)
    games = [await db.game_info(g) for g in await db.finished_games(doko.channel.id)]
    rated = [g for g in games if g.result["contract"] != "redeal"]
    nord_games = sum(1 for g in rated if any(p["user_id"] == nord.id and g.hands[i] for i, p in enumerate(g.players)))
    assert live[nord.id][0] == "Nord" and live[nord.id][3] == nord_games
    levels = {name for name, *_ in live.values() if name.startswith("Computer")}
    assert levels == {"Computer (leicht)", "Computer (mittel)", "Computer (schwer)"}
    assert await db.rerate() == len(games)
    assert await ratings(db, doko.channel.id) == live  # recomputed from the records: the same

    res = await nord.slash(doko.channel, "doko rangliste")
    board = message_text(res.followups[-1] if res.followups else res.response)
    skill = {r.user_id: r.rating.ordinal for r in await db.ratings(doko.channel.id)}
    assert f"Spielstärke {decimal(skill[nord.id], 'de')}" in board
    mittel = rating_key({"is_bot": True, "name": "Computer 1 (mittel)"})
    assert f"Spielstärke {decimal(skill[mittel], 'de')}" in board  # the computers by their level
    # in plain words: no model names or Greek letters; it says that computers share their level's
    footer = (res.followups[-1] if res.followups else res.response).embeds[0].footer.text
    assert "Computer werden je Stufe bewertet" in footer and "Spielstärke je Stufe" in board
    assert not [w for w in ("μ", "σ", "OpenSkill", "Plackett") if w in board + footer]

    res = await nord.slash(doko.channel, "doko statistik")
    shown = res.followups[-1] if res.followups else res.response
    text = message_text(shown)
    assert f"nach {nord_games} Spiel" in text and "steigt mit Siegen (mehr gegen Starke)" in text
    assert not [w for w in ("μ", "σ", "OpenSkill", "Plackett") if w in text]
    if nord_games >= 2:
        assert [a.filename for a in shown.attachments] == ["doko-skill.png"]
        assert shown.attachments[0].description.startswith("Spielstärke von Nord über ")  # issue 43
