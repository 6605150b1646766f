"""Issue 11 in the table layer: waiting list, five at the table, seats handed
over mid-game, a computer on a person's seat, the turn clock and its faults."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from dokobot.engine.actions import Reserve
from dokobot.storage.memory import MemoryStore
from dokobot.table.sheet import build_sheet
from dokobot.table.store import StoreError, TableSettings, TurnClock
from dokobot.table.table import MAX_WAITING, Table, TableError, Tables
from tests.rigged import RiggedDeals
from tests.table.helpers import USERS, Clock, seated, step


class Failing(MemoryStore):
    """A MemoryStore whose named writes fail while listed in ``broken``."""

    def __init__(self) -> None:
        super().__init__()
        self.broken: set[str] = set()

    def _check(self, name: str) -> None:
        if name in self.broken:
            raise StoreError(f"{name}: database is locked")

    async def set_turn(self, *args: Any) -> None:
        self._check("set_turn")
        await super().set_turn(*args)

    async def set_game_players(self, *args: Any) -> None:
        self._check("set_game_players")
        await super().set_game_players(*args)

    async def set_seats(self, *args: Any) -> None:
        self._check("set_seats")
        await super().set_seats(*args)

    async def set_waiting(self, *args: Any) -> None:
        self._check("set_waiting")
        await super().set_waiting(*args)








async def finish(table: Table) -> None:
    while table.state == "playing":
        if table.computer_to_act() is not None:
            await table.computers_idle()
            continue
        await step(table)


async def test_waiting_list_during_a_game_and_at_a_full_table():
    _, table = await seated(4)
    await table.start(11, False)
    await table.join(15, "Fünf")  # a game runs: waits
    assert len(table.seats) == 4 and [w.user_id for w in table.waiting] == [15]
    with pytest.raises(TableError, match="already_waiting"):
        await table.join(15, "Fünf")
    await table.leave(15)  # off the list again
    assert table.waiting == []
    for uid in range(20, 20 + MAX_WAITING):
        await table.join(uid, f"W{uid}")
    with pytest.raises(TableError, match="table_full"):
        await table.join(99, "Zu viele")
    with pytest.raises(TableError, match="game_running"):
        await table.join(98, "Computer", is_bot=True)  # computers never wait
    await finish(table)
    # booked: the first two waiting take the fifth and sixth seats (issue 13), the others wait on
    assert [s.user_id for s in table.seats][-2:] == [20, 21] and len(table.waiting) == MAX_WAITING - 2
    assert table.state == "between"


async def test_waiting_list_survives_a_restart_and_a_seated_person_is_not_listed_twice():
    store = MemoryStore()
    _, table = await seated(6, store)
    await table.join(17, "Sieben")  # six seated (issue 13): the seventh waits
    store.tables[table.table_id].waiting.append(store.tables[table.table_id].seats[1])  # a torn write
    [again] = await Tables(store, rng=RiggedDeals(3)).restore()
    assert [w.user_id for w in again.waiting] == [17]


async def test_five_at_the_table_the_dealer_sits_out_and_the_deal_goes_round():
    _, table = await seated(5)
    await table.start(11, False)
    dealers = []
    while len(dealers) < 5:
        game = table.game
        assert game.n == 5 and not game.record()["hands"][game.dealer] and table.sits_out(game.dealer)
        with pytest.raises(TableError) as info:  # the sitting-out dealer has nothing to do
            await table.act(table.seats[game.dealer].user_id, table.game_no, Reserve("gesund"))
        assert info.value.code == "illegal"
        await finish(table)
        if table.last.result.is_redeal:
            continue
        dealers.append(game.dealer)
        assert table.last.points[table.seats[game.dealer].user_id] == 0
        if len(dealers) < 5:
            await table.next_game(11, table.game_no)
    assert dealers == [3, 4, 0, 1, 2]
    sheet = build_sheet(await table.store.finished_games(table.table_id))
    assert sheet.played == {uid: 4 for uid, _ in USERS[:5]} and sheet.games == 5
    assert all(line.points[line.players[line.dealer].user_id] == 0 for line in sheet.lines)


async def test_hand_over_mid_game_rules_and_faults():
    store = Failing()
    _, table = await seated(4, store)
    await table.start(11, False)
    await step(table)
    with pytest.raises(TableError, match="not_host"):
        await table.hand_over(12, False, 1, 15, "Fünf")
    with pytest.raises(TableError, match="already_seated_other"):
        await table.hand_over(11, False, 1, 13, "Sued")
    with pytest.raises(TableError, match="no_seat"):
        await table.hand_over(11, False, 4, 15, "Fünf")
    for broken in ("set_game_players", "set_seats"):  # a failed write changes nothing
        store.broken = {broken}
        with pytest.raises(StoreError):
            await table.hand_over(11, False, 1, 15, "Fünf")
        assert table.seats[1].user_id == 12 and table.game_players[1].user_id == 12
        assert store.games[table.game_id].players[1].user_id == 12 and table.game.players[1] == "Ost"
    store.broken = set()
    outcome = await table.hand_over(11, False, 1, 15, "Fünf")
    assert outcome.gone == [12] and table.seats[1].user_id == 15
    with pytest.raises(TableError, match="not_seated"):
        await table.act(12, table.game_no, Reserve("gesund"))
    await finish(table)
    assert table.last.players[1].user_id == 15 and table.last.record["players"][1] == "Fünf"
    assert store.games[table.game_id].scores.keys() == {11, 13, 14, 15}


async def test_a_computer_on_a_seat_and_the_person_back_by_clicking():
    store = Failing()
    _, table = await seated(4, store)
    await table.start(11, False)
    with pytest.raises(TableError, match="no_computer"):
        await table.set_computer(11, False, 2, False)
    with pytest.raises(TableError, match="not_host"):
        await table.set_computer(12, False, 2, True)
    store.broken = {"set_turn"}
    with pytest.raises(StoreError):
        await table.set_computer(11, False, 2, True)
    assert table.away == set()  # nothing changed
    store.broken = set()
    await table.set_computer(11, False, 2, True)
    with pytest.raises(TableError, match="computer_already"):
        await table.set_computer(11, False, 2, True)
    assert store.tables[table.table_id].turn.away == (13,)
    while table.game.to_act != 2:
        await step(table)
    await table.computers_idle()
    assert table.game.to_act != 2 or table.game.phase != "reserve"  # the computer said gesund for Sued
    assert await table.come_back(13) and table.away == set()
    assert store.tables[table.table_id].turn.away == ()
    assert not await table.come_back(13)
    # any click takes the seat back, even one the engine refuses
    other = next(s for s in range(4) if s != table.game.to_act)
    await table.set_computer(11, False, other, True)
    with pytest.raises(TableError, match="illegal"):
        await table.act(table.seats[other].user_id, table.game_no, Reserve("gesund"))
    assert table.away == set() and store.tables[table.table_id].turn.away == ()


async def test_the_turn_clock_is_stored_kept_and_restored():
    store, clock = Failing(), Clock()
    tables, table = await seated(4, store, clock)
    table.settings = TableSettings(turn_timeout=120)
    await table.start(11, False)
    first = table.turn
    assert first == TurnClock(1, table.game.to_act, 0, clock.now + 120)
    assert store.tables[table.table_id].turn.clock == first
    clock.now += 30
    await step(table)  # the next person: a new clock from now
    assert table.turn.seat == table.game.to_act and table.turn.deadline == clock.now + 120
    stored = store.tables[table.table_id].turn.clock
    table.stop_turn()
    [again] = await Tables(store, rng=RiggedDeals(3), clock=clock).restore()
    assert again.turn == stored  # the deadline survives
    again.stop_turn()
    # the deadline passed while the bot was down: it fires at once after the restore
    clock.now = stored.deadline + 1
    events = []
    tables = Tables(store, rng=RiggedDeals(3), clock=clock, computer_delay=0)
    tables.on_outcome = lambda t, o: events.append(o.turn.kind) if o.turn else None
    [late] = await tables.restore()
    for _ in range(50):
        if "computer" in events:
            break
        await asyncio.sleep(0)
    assert events[:1] == ["computer"] and late.seats[stored.seat].user_id in late.away  # no late reminder
    await late.computers_idle()
    late.stop_turn()


async def test_a_failed_turn_write_is_logged_and_the_game_goes_on(caplog):
    store = Failing()
    _, table = await seated(4, store)
    await table.start(11, False)
    store.broken = {"set_turn"}
    caplog.set_level(logging.WARNING)
    await step(table)
    assert table.turn is not None and table.turn.seat == table.game.to_act  # timed in memory
    assert any("turn timer not stored" in r.getMessage() for r in caplog.records)
    table.stop_turn()


async def test_the_timer_fires_reminder_then_computer_or_wait():
    clock = Clock()
    _, table = await seated(4, MemoryStore(), clock)
    table.settings = TableSettings(turn_timeout=60, on_timeout="wait")
    events = []
    table.on_outcome = lambda t, o: events.append(o.turn) if o.turn else None
    await table.start(11, False)
    table.stop_turn()  # fired by hand here (the SimCord tests run the real timer)
    clock.now += 30
    await table.turn_timer.fire(table.turn, final=False)
    assert table.turn.reminded and [e.kind for e in events] == ["reminder"]
    clock.now += 30
    await table.turn_timer.fire(table.turn, final=True)
    assert table.turn.expired and table.stalled == table.game.to_act and table.away == set()
    table.settings = TableSettings(turn_timeout=60, on_timeout="computer")
    table.turn = TurnClock(1, table.game.to_act, len(table.game.actions), clock.now, reminded=True)
    seat = table.game.to_act
    await table.turn_timer.fire(table.turn, final=True)
    assert table.seats[seat].user_id in table.away and [e.kind for e in events][-1] == "computer"
    await table.computers_idle()
    table.stop_turn()


async def test_table_settings_are_checked():
    from dokobot.table import switches

    base = TableSettings()
    assert switches.settings({"turn_timeout": 0}, base).turn_timeout == 0
    assert switches.settings({"turn_timeout": False}, base).turn_timeout == 0
    for name, value in (("turn_timeout", -1), ("turn_timeout", "bald"), ("turn_timeout", 10**6),
                        ("on_timeout", "später"), ("mentions", 3)):
        with pytest.raises(switches.SwitchError) as info:
            switches.settings({name: value}, base)
        assert info.value.key == "err.setting_value"
    assert TableSettings.from_dict({"turn_timeout": "x", "on_timeout": "y"}) == TableSettings()


@pytest.mark.parametrize("kind", ["memory", "sqlite"])
async def test_the_sheet_keeps_table_sizes_apart_on_both_stores(kind, tmp_path):
    """Four, then five with the dealer out (a game of four), then five all
    playing: each finished game knows its size, the same on MemoryStore and on
    SQLite, and the sheet sums points per game per size (issue 13)."""
    from dokobot.storage.sql_store import SqlStore

    store = MemoryStore() if kind == "memory" else await SqlStore.open(tmp_path / "doko.db")
    try:
        _, table = await seated(4, store)
        await table.start(11, False)
        sizes: list[int] = []
        while len(sizes) < 3:
            await finish(table)
            if not table.last.result.is_redeal:
                sizes.append(sum(1 for hand in table.last.record["hands"] if hand))
                if len(sizes) == 1:
                    await table.join(*USERS[4])  # a fifth: the dealer sits out
                elif len(sizes) == 2:
                    await table.set_rules(11, False, {"preset": "ddv", "five": "all_play"})
            if len(sizes) < 3:
                await table.next_game(11, table.game_no)
        assert sizes == [4, 4, 5]
        games = await store.finished_games(table.table_id)
        scored = [g for g in games if not g.result.is_redeal]
        assert [g.size for g in scored] == [4, 4, 5] and [len(g.players) for g in scored] == [4, 5, 5]
        sheet = build_sheet(games)
        assert sheet.mixed and list(sheet.by_size) == [4, 5]
        for size in (4, 5):
            want: dict[int, tuple[int, int]] = {}
            for g in scored:
                if g.size == size:
                    for i, p in enumerate(g.players):
                        if g.hands[i]:
                            n, pts = want.get(p.user_id, (0, 0))
                            want[p.user_id] = (n + 1, pts + g.scores[p.user_id])
            assert sheet.by_size[size] == want
            alone = build_sheet(games, size)
            assert not alone.mixed and alone.size == size and list(alone.by_size) == [size]
            assert alone.games == sum(1 for g in scored if g.size == size)
            assert alone.totals == {u: want.get(u, (0, 0))[1] for u in alone.totals}
        assert build_sheet(games, 6).lines == ()
    finally:
        if kind == "sqlite":
            await store.close()
