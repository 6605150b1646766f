"""A bot killed after an event's step was saved and before its effects were carried out:
the next bot brings the tables in line with the stored event (threads and tables opened,
a seat handed over, a table closed)."""

from __future__ import annotations

from types import SimpleNamespace

from dokobot.bot.client import DokoBot
from dokobot.bot.config import Config
from dokobot.bot.event.places import serves
from dokobot.engine.actions import Play, Reserve
from dokobot.table.event import flow
from tests.bot.event_driver import EventDriver
from tests.bot.helpers import FAST


async def restart(doko, store) -> None:
    await doko.env.restart_bot(DokoBot(Config(), store=store, rng=doko.bot.tables.rng, computer_skill=FAST,
                                       computer_delay=0))


async def saved_only(ev: EventDriver, step) -> None:
    """The step is stored, as the desk does first; the process dies before the effects."""
    event = await ev.event()
    await ev.store.save_event(event.event_id, step(event.state).state)


async def test_a_round_begun_but_not_opened_is_opened_after_a_restart(doko, store):
    ev = EventDriver(doko, 8)
    await ev.open(runden=1, spiele=1, pflichtsolo=False)
    await ev.sign_up()
    now = doko.env.now().timestamp()
    await saved_only(ev, lambda s: flow.start(s, s.host, now))
    assert ev.threads() == []
    await restart(doko, store)
    await ev.settle()
    assert len(ev.threads()) == 2 and len(ev.tables()) == 2
    assert all(tb.state == "playing" for tb in ev.tables())
    event = await ev.event()
    assert sorted(r.thread_id for r in await store.event_tables(event.event_id)) == [th.id for th in ev.threads()]
    for table in ev.tables():
        await ev.play_game(table)
    assert (await ev.event()).state.phase == "ended"


async def test_a_hand_over_saved_but_not_made_is_made_after_a_restart(doko, store):
    ev = EventDriver(doko, 8)
    await ev.open(runden=1, spiele=1, pflichtsolo=False)
    await ev.sign_up()
    await ev.start()
    table = ev.tables()[0]
    leaver = table.seats[2].user_id
    await saved_only(ev, lambda s: flow.withdraw(s, leaver))
    assert table.seats[2].user_id == leaver
    await restart(doko, store)
    await ev.settle()
    table = next(tb for tb in ev.tables() if tb.channel_id == table.channel_id)
    assert table.seats[2].is_bot and table.seat_of(leaver) is None


async def test_a_table_done_but_not_closed_is_closed_after_a_restart(doko, store):
    ev = EventDriver(doko, 8)
    await ev.open(runden=2, spiele=2, pflichtsolo=False)
    await ev.sign_up()
    await ev.start()
    await saved_only(ev, lambda s: flow.table_done(s, 1, 1))
    await restart(doko, store)
    await ev.settle()
    assert len(ev.tables()) == 1  # table 1 closed, table 2 plays on
    assert (await ev.event()).state.current.table(2).done is False


async def test_a_thread_discord_refused_is_said_and_made_after_a_restart(doko, store):
    ev = EventDriver(doko, 8)
    await ev.open(runden=1, spiele=1, pflichtsolo=False)
    await ev.sign_up()
    doko.env.inject_error("POST", "/channels/*/threads", status=403, code=50013, message="Missing Permissions")
    await ev.start()
    assert len(ev.threads()) == 1
    failed = [m.content for m in ev.channel.history() if m.content.startswith("Tisch ")]
    assert len(failed) == 1 and "konnte nicht geöffnet werden" in failed[0]
    await restart(doko, store)
    await ev.settle()
    assert len(ev.threads()) == 2 and len(ev.tables()) == 2


async def test_a_list_that_ended_unheard_ends_the_table_after_a_restart(doko, store):
    ev = EventDriver(doko, 8)
    await ev.open(runden=2, spiele=1, pflichtsolo=False)
    await ev.sign_up()
    await ev.start()
    first, second = ev.tables()
    while first.state == "playing":  # the last game booked by the table alone: no report reaches the event
        game = first.game
        seat = game.to_act
        move = Reserve("gesund") if game.phase == "reserve" else next(
            m for m in game.legal_actions(seat) if isinstance(m, Play))
        await first.act(first.seats[seat].user_id, None, move)
    assert first.list_over and not (await ev.event()).state.current.table(1).done
    await restart(doko, store)
    await ev.settle()
    event = await ev.event()
    assert event.state.current.table(1).done and len(ev.tables()) == 1


async def test_a_time_limit_another_process_applied_strikes_the_tables_here(doko):
    ev = EventDriver(doko, 8)
    await ev.open(runden=1, spiele=4, pflichtsolo=False, zeitlimit=1)
    await ev.sign_up()
    await ev.start()
    deadline = (await ev.event()).state.current.deadline
    await saved_only(ev, lambda s: flow.time_up(s, deadline))  # stored by another process first
    assert all(tb.event.struck_after is None for tb in ev.tables())
    await doko.env.advance_time(61)
    await ev.settle()
    assert [tb.event.struck_after for tb in ev.tables()] == [1, 1]


def test_a_sharded_process_carries_on_only_its_guilds_events():
    guild = (123456 << 22) + 5  # shard 123456 % 4 == 0
    assert serves(SimpleNamespace(shard_count=4, shard_ids=[0, 1]), guild)
    assert not serves(SimpleNamespace(shard_count=4, shard_ids=[2, 3]), guild)
    assert serves(SimpleNamespace(shard_count=None, shard_ids=None), guild)  # not sharded: every event
