"""The bot on the real SQLite storage: every click is on disk; a restart resumes."""

from __future__ import annotations

import pytest

from dokobot.bot.client import DokoBot
from dokobot.bot.config import Config
from dokobot.engine.record import replay
from dokobot.storage.sql_store import SqlStore
from dokobot.text.i18n import contract_name
from tests.words import signed


@pytest.fixture
async def store(sqlite_path):
    store = await SqlStore.open(sqlite_path)
    yield store
    await store.close()


async def test_game_on_sqlite_survives_a_restart(doko, store, sqlite_path):
    await doko.to_the_first_card()
    for _ in range(10):
        await doko.click_hand(doko.player(doko.table.game.to_act), "play")
    running = await store.db.unfinished_games()
    assert len(running) == 1 and len(running[0].actions) == 14  # 4 reservations + 10 cards, all committed
    before = doko.table.game.record()

    second = await SqlStore.open(sqlite_path)  # a new process would open the file anew
    try:
        await doko.env.restart_bot(DokoBot(Config(), store=second, rng=doko.bot.tables.rng))
        assert doko.table.game.record() == before
        await doko.open_all_hands()
        await doko.play_out()
        game_id = doko.table.game_id
        record = await second.db.game_record(game_id)
        assert replay(record) == doko.table.last.result.replay_json()
        sheet = await second.db.score_sheet(doko.table.table_id)
        assert sheet.totals == doko.table.totals
    finally:
        await doko.env.shutdown()
        await second.close()


async def test_stats_commands_on_sqlite(doko, store):
    await doko.to_the_first_card()
    await doko.play_out()
    nord = doko.players[0]
    res = await nord.slash(doko.channel, "doko rangliste")
    board = res.response.embeds[0]
    assert res.ephemeral and board.title == "Rangliste · alle Spiele · nach Punkten" and "1. " in board.description
    assert board.footer.text.startswith(  # by points: the raw numbers, nothing shrunk (issue 25)
        "Seite 1/1 · Sortiert nach der Summe der Punkte; „pro Spiel“ ist der einfache Schnitt (Punkte / Spiele), "
        "nicht geglättet.")
    assert all(p.name in board.description for p in doko.players)
    res = await nord.slash(doko.channel, "doko statistik", spieler=doko.players[1])
    stats = res.response.embeds[0]
    assert stats.title == "Statistik · Ost" and stats.description.startswith("Spiele: 1 · Punkte: ")
    res = await nord.slash(doko.channel, "doko liste")
    sheet = res.response.embeds[0]
    assert res.ephemeral and sheet.title == "Spielliste · 1 Spiel"
    score = list(doko.table.last.result.score)
    contract = contract_name("de", doko.table.last.result.contract)
    assert sheet.description == f"**1.** {contract}: " + " · ".join(
        f"{p.name} {signed(score[i])} ({signed(score[i])})" for i, p in enumerate(doko.players)
    ) + "\n\nSpiele: " + " · ".join(f"{p.name} 1" for p in doko.players)
    res = await nord.slash(doko.channel, "doko protokoll")
    assert res.ephemeral and res.response.attachments[0].filename.endswith(".json")



async def test_explicit_channel_settings_beat_the_config_defaults(tmp_path):
    """Unset channel settings fall back to the config; an explicit choice always wins."""
    from dokobot.table.store import ChannelPrefs

    store = await SqlStore.open(tmp_path / "prefs.sqlite3")
    try:
        bot = DokoBot(Config(language="en", preset="haus"), store=store)
        assert await store.channel_prefs(1) == ChannelPrefs(None, {}, None)
        assert await bot.channel_lang(1) == "en" and (await bot.tables.rules_for(1))["preset"] == "haus"
        await store.set_channel_prefs(2, ChannelPrefs("ddv", {}, "de"))  # German and DDV, on purpose
        assert await store.channel_prefs(2) == ChannelPrefs("ddv", {}, "de")
        assert await bot.channel_lang(2) == "de" and (await bot.tables.rules_for(2))["preset"] == "ddv"
        await store.set_channel_prefs(2, ChannelPrefs("ddv", {}, None))  # language unset again
        assert (await store.db.get_settings(2)).language is None
        # pictures off and the German deck survive in the store, and a rules change keeps them
        await bot.set_channel_pictures(2, images=False, deck="german")
        assert await store.channel_prefs(2) == ChannelPrefs("ddv", {}, None, images=False, deck="german")
        assert await bot.picture_deck(2) is None
        await bot.set_channel_pictures(2, images=True)
        assert await bot.picture_deck(2) == "german"
        await bot.set_user_deck(7, "german")
        assert await store.user_deck(7) == "german" and await DokoBot(Config(), store=store).user_deck(7) == "german"
        await bot.close()
    finally:
        await store.close()


async def test_failed_write_is_reported_and_changes_nothing(doko, store, caplog, monkeypatch):
    """A write the database refuses: the player hears it in their language; the game is as it was."""
    from dokobot.storage import StorageError
    from tests.bot.helpers import message_text

    await doko.to_the_first_card()
    await doko.click_hand(doko.player(doko.table.game.to_act), "play")
    game_id = doko.table.game_id
    before = doko.table.game.record()
    table_before = message_text(doko.table_message())

    async def refuse(*args, **kwargs):
        raise StorageError("append action: database is locked by another process (busy timeout exceeded)")

    monkeypatch.setattr(store.db, "append_action", refuse)
    actor = doko.player(doko.table.game.to_act)
    res = await doko.click_hand(actor, "play")
    assert res.followups and res.followups[-1].ephemeral
    assert res.followups[-1].content.startswith("Das konnte ich nicht speichern, darum hat sich nichts geändert.")
    assert "Traceback" not in res.followups[-1].content and "locked" not in res.followups[-1].content
    english = doko.players[(doko.players.index(actor) + 1) % 4]
    await english.slash(doko.channel, "doko sprache", sprache="en")
    re_or_kontra = "re" if "re" in doko.table.game.allowed_announcements(doko.table.seat_of(english.id)) else "kontra"
    res = await english.slash(doko.channel, re_or_kontra)
    said = [m.content for m in (res.response, *res.followups) if m is not None]
    assert said == ["I could not save that, so nothing changed. Please try again in a moment."] and res.ephemeral
    # Nothing changed: in memory, on disk, in public.
    assert doko.table.game.record() == before
    assert doko.table.game.announcements == []
    assert len((await store.db.unfinished_games())[0].actions) == len(before["actions"])
    assert message_text(doko.table_message()) == table_before
    assert [r.getMessage() for r in caplog.records if r.levelname == "ERROR"] == [
        f"table {doko.channel.id}: could not save a change: append action: database is locked by another process"
        " (busy timeout exceeded)"
    ] * 2
    caplog.clear()  # the two logged errors are the expected ones
    monkeypatch.undo()
    # Once the database takes writes again, the same click works.
    await doko.click_hand(actor, "play")
    assert len(doko.table.game.record()["actions"]) == len(before["actions"]) + 1
    assert game_id == doko.table.game_id
