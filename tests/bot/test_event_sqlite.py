"""An event on a real database (SQLite, and PostgreSQL where the CI gives one): the bot killed
in the middle of a round, a new bot on a new connection carries the event on."""

from __future__ import annotations

from dokobot.bot.client import DokoBot
from dokobot.bot.config import Config
from dokobot.storage.sql_store import SqlStore
from tests.bot.event_driver import EventDriver
from tests.bot.helpers import FAST
from tests.bot.ondisk import on_disk_store, on_disk_stores  # noqa: F401 - the fixtures store, stores


async def test_a_killed_bot_carries_the_event_on(doko, sqlite_path, stores):
    ev = EventDriver(doko, 8)
    await ev.open(runden=2, spiele=2, pflichtsolo=False, zeitlimit=60)
    await ev.sign_up()
    await ev.start()
    first, second = ev.tables()
    await ev.play_game(first)
    await ev.click(second)
    before = await ev.event()
    fresh = await SqlStore.open(sqlite_path)
    stores.append(fresh)
    await doko.env.restart_bot(DokoBot(Config(), store=fresh, rng=doko.bot.tables.rng, computer_skill=FAST,
                                       computer_delay=0))
    assert (await ev.event()).state == before.state
    assert ev.bot.events.deadlines.pending(before.event_id)
    for table in ev.tables():
        for _ in range(3):
            if table.state != "closed":
                await ev.play_game(table)
    event = await ev.event()
    assert event.state.phase == "between" and event.state.rounds_done == 1
    assert len(await fresh.event_rows(event.event_id)) == 16
    res = await ev.slash(ev.host, "runde")
    await ev.settle()
    assert len(ev.tables()) == 2 and (await ev.event()).state.current.no == 2
    assert res.response is not None
