"""An event's rounds under SimCord: lists played to their end close the threads' tables and
end the round; a leaver's seat is handed over; a time limit strikes games; pause and resume;
the host ends it; a restart in the middle of a round carries on."""

from __future__ import annotations

import discord

from dokobot.bot.client import DokoBot
from dokobot.bot.config import Config
from dokobot.table.table import computer_id
from dokobot.text.i18n import t
from dokobot.text.markdown import esc
from tests.bot.event_driver import EventDriver
from tests.bot.helpers import FAST, message_text


async def started(doko, n: int = 8, **options) -> EventDriver:
    ev = EventDriver(doko, n)
    await ev.open(pflichtsolo=False, **options)
    await ev.sign_up()
    await ev.start()
    assert len(ev.tables()) == n // 4
    return ev


def thread_texts(ev: EventDriver, thread) -> list[str]:
    return [m.content for m in thread.history()]


async def test_two_rounds_played_to_their_end(doko, store):
    ev = await started(doko, runden=2, spiele=1)
    threads = ev.threads()
    for table in ev.tables():
        await ev.play_game(table)
    event = await ev.event()
    assert event.state.phase == "between" and event.state.rounds_done == 1
    assert ev.tables() == []  # both lists over: their tables closed
    for thread in threads:
        assert t("de", "event.thread.done") in thread_texts(ev, thread)
        # one closing line per table, on the table message's last edit (its buttons gone);
        # the table's own "closed by the host" would repeat it
        done = [m for m in thread.history() if m.content == t("de", "event.thread.done")]
        assert len(done) == 1 and done[0].embeds and not done[0].components, done
        closed = t("de", "notice.closed", name="@")[:10]
        assert not any(c.startswith(closed) for c in thread_texts(ev, thread)), thread_texts(ev, thread)
    assert t("de", "event.line.round_ended", round=1) in [m.content for m in ev.channel.history()]
    rows = await store.event_rows(event.event_id)
    assert len(rows) == 8 and {r.player for r in rows} == {p.id for p in ev.people}
    res = await ev.slash(ev.host, "runde")
    await ev.settle()
    assert res.response.content == t("de", "event.ok.round", round=2)
    assert len(ev.threads()) == 4 and len(ev.tables()) == 2
    for table in ev.tables():
        await ev.play_game(table)
    event = await ev.event()
    assert event.state.phase == "ended" and event.state.rounds_done == 2
    # the event's end is said by its standings message (its last edit), not by a line of its own
    board = await ev.message()
    assert t("de", "board.phase.ended") in message_text(board) and not board.components
    assert t("de", "event.line.ended") not in [m.content for m in ev.channel.history()]
    assert len(await store.event_rows(event.event_id)) == 16


async def test_a_leaver_hands_the_seat_to_a_waiting_entrant_then_to_a_computer(doko, store):
    ev = await started(doko, runden=2, spiele=2)
    late = doko.guild.add_member(doko.env.create_user("Spaet"))
    ev.people.append(late)
    await ev.sign_up([late])  # from round 2: waiting in round 1
    first, second = ev.tables()
    await ev.play_game(first)  # between games: the table's own "Verlassen" button shows
    leaver = ev.person(next(s.user_id for s in first.seats if not s.is_bot))
    seat = first.seat_of(leaver.id)
    res = await leaver.click(ev.table_message(first), label=t("de", "btn.leave"))
    await ev.settle()
    assert res.response is not None and res.response.ephemeral
    assert res.response.content == t("de", "event.ok.left_seat", name="Spaet")
    assert first.seats[seat].user_id == late.id and first.seat_of(leaver.id) is None
    event = await ev.event()
    assert event.state.entrant(leaver.id).left
    assert any(late.mention in c for c in thread_texts(ev, ev.thread_of(first)))
    # mid-game, by command in the thread: nobody waits any more, a computer plays on
    other = ev.person(second.seats[second.game.to_act].user_id)
    seat = second.seat_of(other.id)
    res = await ev.slash(other, "abmelden", where=ev.thread_of(second))
    await ev.settle()
    assert second.seats[seat].is_bot and second.seats[seat].user_id < 0
    assert res.response.content == t("de", "event.ok.left_seat", name=esc(second.seats[seat].name))
    assert computer_id(second.seats[seat].name) == second.seats[seat].user_id
    await ev.play_game(second)  # the computer plays the seat's turns
    assert second.game_no == 1 and second.state == "between" and second.last is not None
    assert (await ev.event()).state.entrant(other.id).left


async def test_a_time_limit_strikes_the_rest_of_the_list(doko, store):
    ev = await started(doko, runden=1, spiele=4, zeitlimit=1)
    event = await ev.event()
    assert event.state.current.deadline is not None
    await doko.env.advance_time(61)
    await ev.settle()
    event = await ev.event()
    assert event.state.current.time_up and all(tb.struck for tb in event.state.current.tables)
    for table in ev.tables():
        assert t("de", "event.thread.struck") in thread_texts(ev, ev.thread_of(table))
        await ev.play_game(table)  # the game in play is finished ...
    event = await ev.event()
    assert event.state.phase == "ended" and ev.tables() == []  # ... and the lists are over
    rows = await store.event_rows(event.event_id)
    assert len(rows) == 8  # one game at each table of the four the list had


async def test_pause_holds_the_tables_and_the_clock(doko):
    ev = await started(doko, runden=1, spiele=2, zeitlimit=10)
    deadline = (await ev.event()).state.current.deadline
    res = await ev.slash(ev.host, "pause")
    await ev.settle()
    assert res.response.content == t("de", "event.ok.paused")
    tables = ev.tables()
    assert all(tb.event.held for tb in tables)
    await ev.play_game(tables[0])  # the game in play is finished
    player = ev.person(next(s.user_id for s in tables[0].seats))
    await player.click(ev.table_message(tables[0]), label=t("de", "btn.next"))
    assert tables[0].state == "between" and tables[0].game_no == 1  # no new game while held
    await doko.env.advance_time(15 * 60)  # longer than the limit: the clock stands
    event = await ev.event()
    assert not event.state.current.time_up
    res = await ev.slash(ev.host, "weiter")
    await ev.settle()
    assert res.response.content == t("de", "event.ok.resumed")
    event = await ev.event()
    assert event.state.current.deadline == deadline + 15 * 60
    assert not any(tb.event.held for tb in tables)
    await ev.play_game(tables[0])
    assert tables[0].game_no == 2


async def test_the_host_ends_the_event_mid_game(doko, store):
    ev = await started(doko, runden=3, spiele=4)
    tables = ev.tables()
    await ev.click(tables[0])  # a game in play
    res = await ev.slash(ev.host, "beenden")
    await ev.settle()
    assert res.response.content == t("de", "event.ok.ended")
    event = await ev.event()
    assert event.state.phase == "ended" and ev.tables() == []
    for thread in ev.threads():
        assert t("de", "event.thread.ended") in thread_texts(ev, thread)
    assert await store.running_events() == [] and await store.event_rows(event.event_id) == []
    res = await ev.slash(ev.host, "runde")
    assert res.response.content == t("de", "event.err.none")


async def test_a_restart_mid_round_carries_on(doko, store):
    ev = await started(doko, runden=1, spiele=2, zeitlimit=30)
    first, second = ev.tables()
    await ev.play_game(first)  # game 1 over at the first table
    await ev.click(second)  # and begun at the second
    before = {tb.channel_id: (tb.game_no, tb.state) for tb in ev.tables()}
    await doko.env.restart_bot(DokoBot(Config(), store=store, rng=doko.bot.tables.rng, computer_skill=FAST,
                                       computer_delay=0))
    assert {tb.channel_id: (tb.game_no, tb.state) for tb in ev.tables()} == before
    event = await ev.event()
    assert ev.bot.events.deadlines.pending(event.event_id)  # the time limit is set again
    assert set(ev.bot.events.places) == {th.id for th in ev.threads()}
    for table in ev.tables():  # the hooks report the games again: the lists end, the round ends
        for _ in range(3):
            if table.state != "closed":
                await ev.play_game(table)
        assert table.state == "closed" and table.game_no == 2
    await ev.settle()
    event = await ev.event()
    assert event.state.phase == "ended" and ev.tables() == []
    assert len(await store.event_rows(event.event_id)) == 16


async def test_a_table_the_host_closes_is_done(doko):
    ev = await started(doko, runden=1, spiele=2)
    first, second = ev.tables()
    await ev.play_game(first)
    await ev.host.click(ev.table_message(first), label=t("de", "btn.close"))
    await ev.settle()
    event = await ev.event()
    assert first.state == "closed" and event.state.current.table(1).done
    assert event.state.phase == "playing"  # the other table still plays its list
    await ev.play_game(second)
    await ev.play_game(second)
    event = await ev.event()
    assert second.state == "closed" and event.state.phase == "ended"


async def test_the_time_limit_fires_after_a_restart(doko, store):
    ev = await started(doko, runden=1, spiele=4, zeitlimit=5)
    await doko.env.restart_bot(DokoBot(Config(), store=store, rng=doko.bot.tables.rng, computer_skill=FAST,
                                       computer_delay=0))
    await doko.env.advance_time(4 * 60)
    assert not (await ev.event()).state.current.time_up
    await doko.env.advance_time(61)
    await ev.settle()
    event = await ev.event()
    assert event.state.current.time_up
    assert all(tb.event.struck_after == 1 for tb in ev.tables())
    for table in ev.tables():
        await ev.play_game(table)
    assert (await ev.event()).state.phase == "ended"


async def test_an_english_host_gets_english_answers(doko, locales):
    ev = EventDriver(doko, 4)
    locales[ev.host.id] = "en-US"
    res = await ev.open(runden=1)
    assert res.response.content.startswith("The event is open")
    res = await ev.slash(ev.host, "starten")
    assert res.response.content == t("en", "event.err.nobody")


async def test_a_start_time_becomes_a_scheduled_event(doko):
    ev = EventDriver(doko, 4)
    await ev.open(beginn=f"<t:{int(doko.env.now().timestamp()) + 3 * 3600}>")
    event = await ev.event()
    assert event.starts_at == int(doko.env.now().timestamp()) + 3 * 3600
    assert event.scheduled_id is not None


async def test_the_events_kiebitz_mode_is_its_tables_setting(doko):
    ev = await started(doko, runden=1, spiele=1, kiebitz="open")
    assert [tb.settings.kiebitz for tb in ev.tables()] == ["open", "open"]


async def test_an_english_channel_gets_english_threads(doko):
    ev = EventDriver(doko, 4)
    wirt = doko.guild.add_member(doko.env.create_user("Wirt"), roles=[
        doko.guild.create_role("Wirt", permissions=discord.Permissions(manage_channels=True))])
    res = await wirt.slash(ev.channel, "doko sprache", sprache="en", kanal=True)
    assert res.response.content == t("en", "ok.lang")
    ev.lang = "en"
    await ev.open(runden=1, spiele=1, pflichtsolo=False)
    await ev.sign_up()
    await ev.start()
    (thread,) = ev.threads()
    assert thread.name == t("en", "event.thread.name", round=1, table=1)
    texts = [m.content for m in thread.history()]
    assert any(c.startswith("Round 1, table 1:") for c in texts), texts
    assert await ev.bot.table_lang(ev.tables()[0]) == "en"


async def test_computers_fill_the_seats_six_cannot_fill(doko):
    ev = EventDriver(doko, 6)
    ev.bot.events.seed = lambda: 7  # a fixed seating: the same tables every run
    await ev.open(runden=1, spiele=1, pflichtsolo=False, computer=True)
    await ev.sign_up()
    await ev.start()
    tables = ev.tables()
    assert [sum(s.is_bot for s in tb.seats) for tb in tables] == [1, 1]  # 6 = 3 + 3, a computer each
    assert sorted(s.user_id for tb in tables for s in tb.seats if not s.is_bot) == sorted(p.id for p in ev.people)
    for table in tables:
        await ev.play_game(table)
    event = await ev.event()
    assert event.state.phase == "ended" and event.state.seed == 7
    rows = await ev.store.event_rows(event.event_id)
    assert len(rows) == 8 and sum(r.is_computer for r in rows) == 2
