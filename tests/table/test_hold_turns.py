"""Issue 21 in the table layer: the turn clock belongs to a seat's turn and to
its person. A hand-over gives the newcomer a fresh clock (also after a
``wait`` clock ran out); an announcement keeps the clock of the seat to act."""

from __future__ import annotations

from dokobot.engine.actions import Announce
from dokobot.table.store import TableSettings
from dokobot.table.table import Table
from tests.table.helpers import Clock, seated, step


async def playing(clock: Clock, on_timeout: str) -> Table:
    _, table = await seated(4, clock=clock)
    table.settings = TableSettings(turn_timeout=60, on_timeout=on_timeout)
    await table.start(11, False)
    while table.game.phase == "reserve":
        await step(table)
    table.stop_turn()  # fired by hand here (the SimCord tests run the real timer)
    return table


async def test_a_seat_handed_over_on_its_turn_gets_a_fresh_clock():
    clock = Clock()
    table = await playing(clock, "computer")
    seat = table.game.to_act
    clock.now += 50  # the old person used 50 of 60 seconds
    new_id = 15 if table.seats[seat].user_id != 11 else 16
    await table.hand_over(11, False, seat, new_id, "Neu")
    assert table.turn.seat == seat and table.turn.deadline == clock.now + 60
    assert not table.turn.reminded
    assert table.store.tables[table.table_id].turn.clock == table.turn  # stored, a restart keeps it
    table.stop_turn()


async def test_with_wait_an_expired_seat_handed_over_is_timed_again():
    clock = Clock()
    table = await playing(clock, "wait")
    seat = table.game.to_act
    clock.now += 60
    await table.turn_timer.fire(table.turn, final=True)
    assert table.turn.expired and table.stalled == seat
    new_id = 15 if table.seats[seat].user_id != 11 else 16
    await table.hand_over(11, False, seat, new_id, "Neu")
    assert not table.turn.expired and table.stalled is None
    assert table.turn.deadline == clock.now + 60
    table.stop_turn()


async def test_another_seat_handed_over_keeps_the_clock_of_the_seat_to_act():
    clock = Clock()
    table = await playing(clock, "computer")
    before = table.turn
    clock.now += 20
    other = next(s for s in range(4) if s != table.game.to_act and table.seats[s].user_id != 11)
    await table.hand_over(11, False, other, 15, "Neu")
    assert table.turn == before
    table.stop_turn()


async def test_an_announcement_keeps_the_clock_and_sends_no_new_reminder():
    clock = Clock()
    table = await playing(clock, "computer")
    events: list = []
    table.on_outcome = lambda t, o: events.append(o.turn.kind) if o.turn else None
    seat = table.game.to_act
    clock.now += 30
    await table.turn_timer.fire(table.turn, final=False)  # half time: the reminder went out
    reminded = table.turn
    assert reminded.reminded and events == ["reminder"]
    game = table.game
    announcer = next(s for s in range(4) if s != seat and game.allowed_announcements(s))
    what = game.allowed_announcements(announcer)[0]
    clock.now += 5
    await table.act(table.seats[announcer].user_id, table.game_no, Announce(what))
    assert len(table.game.actions) == len(game.actions) + 1 and table.game.to_act == seat
    assert table.turn == reminded  # same deadline, still reminded: no second reminder
    assert table.store.tables[table.table_id].turn.clock == reminded
    # the seat to act announcing itself keeps its clock too
    if table.game.allowed_announcements(seat):
        await table.act(table.seats[seat].user_id, table.game_no,
                        Announce(table.game.allowed_announcements(seat)[0]))
        assert table.turn == reminded
    # a card moves the turn on: the next seat gets its own full clock
    await step(table)
    assert table.turn.seat == table.game.to_act != seat and table.turn.deadline == clock.now + 60
    table.stop_turn()
