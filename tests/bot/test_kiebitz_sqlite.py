"""Kiebitze on a real database (SQLite, and PostgreSQL where the tests have one): the table
setting and who watches whom outlive a killed bot, and the view goes on updating."""

from __future__ import annotations

from dokobot.bot.client import DokoBot
from dokobot.bot.config import Config
from dokobot.storage.sql_store import SqlStore
from dokobot.table.kiebitz import WatchState, state_key
from tests.bot.helpers import FAST, cid, components, message_text
from tests.bot.ondisk import on_disk_store, on_disk_stores  # noqa: F401 - the fixtures store, stores


async def test_the_setting_and_the_watchers_outlive_a_killed_bot(doko, store, stores, sqlite_path):
    await doko.open_and_seat()
    res = await doko.players[0].slash(doko.channel, "doko regeln", schalter="kiebitz=offen")
    assert res.ephemeral
    await doko.start()
    watcher = doko.outsider
    pick = await watcher.click(doko.table_message(), label="Zuschauen")
    select = next(c for c in components(pick.response) if cid(c).startswith("doko:kw:seat:"))
    view = (await watcher.select(pick.response, ["2"], custom_id=cid(select))).response
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    for _ in range(8):
        await doko.click_hand(doko.player(doko.table.game.to_act), "play")
    fresh = await SqlStore.open(sqlite_path)  # a new process on the same database
    stores.append(fresh)
    stored = WatchState.from_json(await fresh.bot_state(state_key(doko.table.table_id)))
    assert stored.watching.follows == {watcher.id: 2} and set(stored.views) == {watcher.id}
    await doko.env.restart_bot(DokoBot(Config(), store=fresh, rng=doko.bot.tables.rng, computer_skill=FAST,
                                       computer_delay=0))
    assert doko.table.settings.kiebitz == "open"
    await doko.open_all_hands()
    for _ in range(4):
        await doko.click_hand(doko.player(doko.table.game.to_act), "play")
    shown = message_text(doko.fetch(view, watcher))
    assert "Stich 2:" in shown and "Stich 3:" not in shown
    assert doko.table_message().embeds[0].footer.text.endswith("👀 1 schaut zu")
    await doko.play_out()
    assert await fresh.bot_state(state_key(doko.table.table_id)) is None  # the watching ended with the game
