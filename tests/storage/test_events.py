"""The events' store (``EventStore``): one contract for the memory store, SQLite and
PostgreSQL. Every write either happens whole or not at all (a fault in any of its
statements leaves everything as it was), one running event per channel, a new store
on the same database reads everything back, and the standings' rows are those
``standings.rows_of`` makes of the same booked games."""

from __future__ import annotations

import random
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any

import pytest

from dokobot.engine import GameResult, RuleSet, deal
from dokobot.engine.actions import Reserve
from dokobot.storage.memory import MemoryStore
from dokobot.storage.sharded import ShardedStore
from dokobot.storage.sql_store import SqlStore
from dokobot.table.event import flow
from dokobot.table.event.settings import EventSettings
from dokobot.table.event.standings import rows_of
from dokobot.table.event.state import EventState
from dokobot.table.event.store import EventTable
from dokobot.table.store import EventMarks, SeatInfo, StoreError
from dokobot.table.table import Tables
from tests import pg
from tests.rigged import RiggedDeals
from tests.table.helpers import finish, play_out

KINDS = ("memory", "sqlite", "postgresql")
T0 = 1_700_000_000.0
USERS = [(11, "Nord"), (12, "Ost"), (13, "Sued"), (14, "West"), (15, "Fünf")]
PEOPLE = [SeatInfo(uid, name) for uid, name in USERS[:4]]


@pytest.fixture(params=KINDS)
async def target(request, tmp_path):
    """Where the store keeps its data: None (memory), a file or a PostgreSQL URL."""
    if request.param == "memory":
        yield None
    elif request.param == "sqlite":
        yield str(tmp_path / "doko.db")
    else:
        schema, url = await pg.migrated_schema()
        yield url
        await pg.give_back(schema)


@pytest.fixture
async def opened(target):
    stores: list[Any] = []

    async def open_store() -> Any:
        store = MemoryStore() if target is None else await SqlStore.open(target)
        stores.append(store)
        return store

    yield open_store
    for store in stores:
        await store.close()


def state_of(n: int = 5, host: int = 1) -> EventState:
    state = flow.open_event(0, host, EventSettings.make(rounds=2, games=4, time_limit=60), seed=9)
    for k in range(n):
        state = flow.sign_up(state, 100 + k, f"P{k}").state
    return state


async def test_events_are_kept_and_read_back(opened):
    store = await opened()
    made = await store.create_event(7, 500, state_of(), T0, starts_at=T0 + 3600)
    assert made.state.event_id == made.event_id and made.channel_id == 500 and made.guild_id == 7
    assert (made.created_at, made.starts_at, made.message_id, made.scheduled_id, made.reminded) == (
        T0, T0 + 3600, None, None, False)
    assert await store.event(made.event_id) == made
    assert await store.event(made.event_id + 999) is None
    started = flow.start(made.state, 1, T0 + 10).state
    await store.save_event(made.event_id, started)
    await store.set_event_message(made.event_id, 9001)
    await store.set_event_scheduled(made.event_id, 9002)
    await store.set_event_reminded(made.event_id)
    got = await store.event(made.event_id)
    assert got == replace(made, state=started, message_id=9001, scheduled_id=9002, reminded=True)
    assert got.state.current is not None and got.state.phase == "playing"
    other = await store.create_event(None, 501, state_of(4), T0 + 1)
    assert [e.event_id for e in await store.running_events()] == [made.event_id, other.event_id]
    assert [e.event_id for e in await store.channel_events(500)] == [made.event_id]


async def test_one_running_event_per_channel(opened):
    store = await opened()
    first = await store.create_event(7, 500, state_of(), T0)
    with pytest.raises(StoreError):
        await store.create_event(7, 500, state_of(), T0 + 1)
    assert [e.event_id for e in await store.channel_events(500)] == [first.event_id]
    await store.save_event(first.event_id, flow.end(first.state, 1).state)
    assert await store.running_events() == []
    second = await store.create_event(7, 500, state_of(), T0 + 2)
    assert [e.event_id for e in await store.channel_events(500)] == [second.event_id, first.event_id]
    assert [e.event_id for e in await store.running_events()] == [second.event_id]
    with pytest.raises(StoreError):  # the ended one cannot run again beside it
        await store.save_event(first.event_id, first.state)
    assert (await store.event(first.event_id)).state.phase == "ended"


async def test_refused_writes_change_nothing(opened):
    store = await opened()
    made = await store.create_event(7, 500, state_of(), T0)
    before = await _snapshot(store, made.event_id)
    refused = [
        lambda: store.save_event(made.event_id + 999, replace(made.state, event_id=made.event_id + 999)),
        lambda: store.save_event(made.event_id, replace(made.state, event_id=made.event_id + 1)),
        lambda: store.set_event_message(made.event_id + 999, 1),
        lambda: store.set_event_scheduled(made.event_id + 999, 1),
        lambda: store.set_event_reminded(made.event_id + 999),
        lambda: store.save_event_table(EventTable(made.event_id + 999, 1, 1, 600)),
        lambda: store.save_event_table(EventTable(made.event_id, 1, 1, 600, table_id=99_999)),
        # another process stored a step since this one read the event: its step is refused
        lambda: store.save_event(made.event_id, flow.sign_up(made.state, 900, "Late").state,
                                 before=flow.sign_up(made.state, 901, "Other").state),
    ]
    for call in refused:
        with pytest.raises(StoreError):
            await call()
        assert await _snapshot(store, made.event_id) == before


async def test_event_tables_are_replaced_by_round_and_table(opened):
    store = await opened()
    made = await store.create_event(7, 500, state_of(), T0)
    table_id = await store.open_table(601, 7, 11, [SeatInfo(11, "Nord")])
    await store.save_event_table(EventTable(made.event_id, 1, 2, 602))
    await store.save_event_table(EventTable(made.event_id, 1, 1, 601))
    await store.save_event_table(EventTable(made.event_id, 1, 1, 601, table_id))
    await store.save_event_table(EventTable(made.event_id, 2, 1, 603))
    assert await store.event_tables(made.event_id) == [
        EventTable(made.event_id, 1, 1, 601, table_id), EventTable(made.event_id, 1, 2, 602),
        EventTable(made.event_id, 2, 1, 603)]
    assert await store.event_tables(made.event_id + 1) == []


# ---- a fault in any statement of a write ----------------------------------------------------


class Faulty:
    """A connection that fails its ``n``-th statement (then works again)."""

    def __init__(self, conn: Any, counter: list[int]) -> None:
        self.conn, self.counter = conn, counter

    def _tick(self) -> None:
        self.counter[0] -= 1
        if self.counter[0] == 0:
            raise ValueError("injected fault")

    async def execute(self, sql: str, params: Any = ()) -> Any:
        self._tick()
        return await self.conn.execute(sql, params)

    async def executemany(self, sql: str, rows: Any) -> Any:
        self._tick()
        return await self.conn.executemany(sql, rows)

    async def execute_fetchall(self, sql: str, params: Any = ()) -> Any:
        self._tick()
        return await self.conn.execute_fetchall(sql, params)


def arm(store: SqlStore, n: int) -> list[int]:
    """Every transaction of the store's database counts its statements; the ``n``-th fails."""
    counter = [n]
    real = store.db._transaction

    @asynccontextmanager
    async def faulty(what: str, *, write: bool = True):
        async with real(what, write=write) as conn:
            yield Faulty(conn, counter) if write else conn

    store.db._transaction = faulty  # type: ignore[method-assign]
    return counter


async def test_a_fault_in_any_statement_of_a_write_changes_nothing(target, opened):
    if target is None:
        pytest.skip("the memory store has no statements to fail")
    store = await opened()
    made = await store.create_event(7, 500, state_of(), T0)
    table_id = await store.open_table(601, 7, 11, [SeatInfo(11, "Nord")])
    started = flow.start(made.state, 1, T0 + 10).state
    writes = [
        lambda: store.create_event(7, 501, state_of(), T0),
        lambda: store.save_event(made.event_id, started),
        lambda: store.set_event_message(made.event_id, 5),
        lambda: store.set_event_reminded(made.event_id),
        lambda: store.save_event_table(EventTable(made.event_id, 1, 1, 601, table_id)),
    ]
    for write in writes:
        for n in range(1, 10):
            before = await _snapshot(store, made.event_id, 501)
            counter = arm(store, n)
            try:
                await write()
            except StoreError:
                assert await _snapshot(store, made.event_id, 501) == before
                continue
            finally:
                del store.db._transaction  # the class's own again
            assert counter[0] > 0  # it had fewer statements than n: done whole, no fault
            break
        else:
            raise AssertionError("a write of more than 9 statements")
        assert await _snapshot(store, made.event_id, 501) != before  # done now


async def _snapshot(store: Any, event_id: int, channel: int = 500) -> tuple[Any, ...]:
    return (await store.event(event_id), await store.channel_events(channel), await store.running_events(),
            await store.event_tables(event_id))


# ---- the standings' rows ------------------------------------------------------------------


async def _booked_tables(store: Any) -> tuple[int, int]:
    """Two tables of an event with real games: at four (two games, a throw-in, an aborted
    game) and at five (the dealer sits out); returns their ids."""
    rules = RuleSet.from_config({"preset": "haus"})
    nines = next(h for h in (deal(rules, random.Random(s)) for s in range(5000)) if sum(c[1] == "9" for c in h[0]) >= 5)
    rng = RiggedDeals(4)
    tables = Tables(store, "haus", rng=rng, computer_delay=0)
    four = await tables.open(601, 7, *USERS[0])
    for uid, name in USERS[1:4]:
        await four.join(uid, name)
    await four.start(11, False)
    await play_out(four)
    rng.rig([nines])
    await four.next_game(11, four.game_no)
    number = four.game_no
    while four.game_no == number:  # seat 0 throws its nines in: the same dealer deals again
        seat = four.game.to_act
        await four.act(four.seats[seat].user_id, number, Reserve("schmeissen" if seat == 0 else "gesund"))
    await play_out(four)  # the game dealt after the throw-in
    await four.next_game(11, four.game_no)
    await four.abort(11, False)
    five = await tables.open(602, 7, *USERS[0])
    for uid, name in USERS[1:5]:
        await five.join(uid, name)
    await five.start(11, False)
    await play_out(five)
    await five.next_game(11, five.game_no)
    await play_out(five)
    return four.table_id, five.table_id


async def test_event_rows_are_rows_of_the_booked_games(opened):
    store = await opened()
    made = await store.create_event(7, 500, state_of(), T0)
    four, five = await _booked_tables(store)
    other = await store.create_event(7, 501, state_of(), T0)
    await store.save_event_table(EventTable(made.event_id, 1, 1, 601, four))
    await store.save_event_table(EventTable(made.event_id, 2, 1, 602, five))
    await store.save_event_table(EventTable(made.event_id, 2, 2, 603))  # no table opened yet
    await store.save_event_table(EventTable(other.event_id, 1, 1, 601, four))
    want = []
    for round_no, table_id in ((1, four), (2, five)):
        for g in await store.finished_games(table_id):
            want += rows_of(made.event_id, round_no, 1, g.players, g.result, g.scores or {})
    got = await store.event_rows(made.event_id)
    assert got == want
    # 2 games at four, 2 at five with the dealer out: 4 rows each; the throw-in and the abort: none
    assert len(got) == 16 and {(r.round, r.table) for r in got} == {(1, 1), (2, 1)}
    assert sum(1 for g in await store.finished_games(four) if g.result.is_redeal) == 1
    assert {r.player for r in got if r.round == 2} == {11, 12, 13, 14, 15}
    assert [r.event_id for r in await store.event_rows(other.event_id)] == [other.event_id] * 8


async def test_event_rows_carry_the_bock_factor_and_the_computer(opened):
    store = await opened()
    made = await store.create_event(7, 500, state_of(), T0)
    seats = [SeatInfo(11, "Nord"), SeatInfo(-5, "Computer 1 (mittel)", True, "mittel"), SeatInfo(13, "Sued"),
             SeatInfo(14, "West")]
    table_id = await store.open_table(601, 7, 11, seats)
    result = GameResult.from_dict({"contract": "normal", "re": [0, 1], "kontra": [2, 3], "winner": "re",
                                   "game_value": 2, "augen": {"re": 151, "kontra": 89}, "score": [2, 2, -2, -2]})
    game = await store.create_game(table_id, 1, {"preset": "ddv"}, seats, 3, [["CQ"], ["SQ"], ["HQ"], ["DQ"]])
    await store.finish_game(game, result, [4, 4, -4, -4], [], bock=2)
    await store.save_event_table(EventTable(made.event_id, 1, 1, 601, table_id))
    rows = await store.event_rows(made.event_id)
    assert [(r.player, r.points, r.is_computer) for r in rows] == [(11, 4, False), (-5, 4, True), (13, -4, False),
                                                                   (14, -4, False)]


# ---- a restart: a new store on the same database -----------------------------------------------


async def test_a_new_store_reads_everything_back(target, opened):
    if target is None:
        pytest.skip("the memory store is its own restart (one object outlives a bot)")
    store = await opened()
    made = await store.create_event(7, 500, state_of(), T0, starts_at=T0 + 60)
    running = flow.start(made.state, 1, T0 + 10).state
    await store.save_event(made.event_id, running)
    await store.set_event_message(made.event_id, 77)
    four, five = await _booked_tables(store)
    await store.save_event_table(EventTable(made.event_id, 1, 1, 601, four))
    await store.save_event_table(EventTable(made.event_id, 1, 2, 602, five))
    ended = await store.create_event(None, 502, state_of(), T0)
    await store.save_event(ended.event_id, flow.end(ended.state, 1).state)
    before = [await store.event(made.event_id), await store.channel_events(500), await store.running_events(),
              await store.event_tables(made.event_id), await store.event_rows(made.event_id),
              await store.channel_events(502)]
    again = await opened()
    after = [await again.event(made.event_id), await again.channel_events(500), await again.running_events(),
             await again.event_tables(made.event_id), await again.event_rows(made.event_id),
             await again.channel_events(502)]
    assert after == before
    assert after[0].state == running and after[0].message_id == 77 and len(after[4]) == 16


async def test_a_damaged_stored_state_is_a_store_error(target, opened):
    if target is None:
        pytest.skip("the memory store keeps what the codec wrote")
    store = await opened()
    made = await store.create_event(7, 500, state_of(), T0)
    await store.db.connection().execute("UPDATE events SET state = '{\"format\": 1}' WHERE id = ?", (made.event_id,))
    with pytest.raises(StoreError, match="damaged"):
        await store.event(made.event_id)


async def test_the_sharded_store_forwards_the_events(target):
    if target is None:
        pytest.skip("a sharded store wraps a database")
    store = await ShardedStore.open(target, owner="me")
    try:
        made = await store.create_event(7, 500, state_of(), T0)
        await store.save_event_table(EventTable(made.event_id, 1, 1, 601))
        assert await store.event(made.event_id) == made and await store.running_events() == [made]
        assert await store.event_tables(made.event_id) == [EventTable(made.event_id, 1, 1, 601)]
    finally:
        await store.close()


# ---- the marks of an event's table (tables.event) -----------------------------------------------


async def test_an_event_tables_marks_are_kept(opened):
    store = await opened()
    plain = await store.open_table(700, 7, 11, [SeatInfo(11, "Nord")])
    marked = await store.open_table(701, 7, 1, PEOPLE, EventMarks())
    await store.set_event_marks(marked, EventMarks(struck_after=3, held=True))
    by_id = {t.table_id: t for t in await store.open_tables()}
    assert by_id[plain].event is None and by_id[marked].event == EventMarks(3, True)
    await store.close_table(marked)
    with pytest.raises(StoreError):
        await store.set_event_marks(marked, EventMarks())


async def test_a_held_struck_event_table_comes_back_so_from_a_new_store(target, opened):
    if target is None:
        pytest.skip("tests/table/test_event_tables.py restarts on the memory store")
    rng = RiggedDeals(8)
    tables = Tables(await opened(), rng=rng, computer_delay=0)
    rules = EventSettings.make(games=6, pflichtsolo=False).rules_config(4)
    table = await tables.open_event_table(600, 7, 1, PEOPLE, rules)
    await finish(table)
    await table.hold(True)
    assert await table.strike() is True
    back = (await Tables(await opened(), rng=rng).restore())[0]
    assert back.event == EventMarks(struck_after=1, held=True) and back.list_over
    assert back.list_settings == table.list_settings and back.rules_config == table.rules_config
    assert back.seats == PEOPLE and back.host_id == 1


async def test_migrate_db_copies_the_events_and_ids_go_on_after_them(tmp_path):
    from dokobot.storage import Database
    from dokobot.storage.migrate import migrate_db

    source = tmp_path / "doko.sqlite3"
    db = await Database.open(source)
    try:
        made = await db.create_event(7, 500, state_of(), T0)
        table_id = await db.open_table(601, 7, 1, PEOPLE, event=EventMarks(struck_after=2).to_dict())
        await db.save_event_table(EventTable(made.event_id, 1, 1, 601, table_id))
        before = (await db.event(made.event_id), await db.event_tables(made.event_id), await db.open_tables())
    finally:
        await db.close()
    schema, url = await pg.new_schema()
    try:
        report = await migrate_db(source, url)
        assert report.counts["events"] == 1 and report.counts["event_tables"] == 1
        db = await Database.open(url)
        try:
            assert (await db.event(made.event_id), await db.event_tables(made.event_id),
                    await db.open_tables()) == before
            assert (await db.create_event(7, 501, state_of(), T0)).event_id > made.event_id
        finally:
            await db.close()
    finally:
        await pg.drop_schema(schema)
