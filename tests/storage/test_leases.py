"""Table leases: one writer per table, taken over only after expiry.

Expiry runs on the test's clock (``clock.advance``), not by waiting: leases are timed by
the database's ``doko_now_ms()``, which the ``clock`` fixture puts on a clock of its own."""

from __future__ import annotations

import asyncio
import time

import pytest

import dokobot.storage.core
from dokobot.storage import Database, StorageError
from dokobot.storage.sharded import ShardedStore, shard_of
from dokobot.table.store import SeatInfo, StoreError

from .reads import lease_holder

FOUR = [{"user_id": i, "name": f"P{i}"} for i in (1, 2, 3, 4)]
HANDS = [["CQ"], ["HT"], ["CJ"], ["HA"]]


class LeaseClock:
    """The database's clock for leases, moved only by ``advance``. SQLite asks Python for
    ``doko_now_ms()`` on every connection; PostgreSQL gets, in the test's own schema, a
    ``doko_now_ms()`` that reads this clock from a table (``install``, after the schema
    exists: opening a database installs the real one)."""

    def __init__(self, url: str | None) -> None:
        self.ms = int(time.time() * 1000)  # leases taken before install stay valid
        self.url = url
        self.conn = None
        self.real = ""  # the real doko_now_ms(), as its CREATE statement

    def now_ms(self) -> int:
        return self.ms

    async def install(self) -> None:
        if self.url is None:
            return
        import asyncpg

        self.conn = await asyncpg.connect(self.url)
        self.real = await self.conn.fetchval("SELECT pg_get_functiondef('doko_now_ms()'::regprocedure)")
        await self.conn.execute("CREATE TABLE doko_test_clock (ms bigint NOT NULL)")
        await self.conn.execute("INSERT INTO doko_test_clock VALUES ($1)", self.ms)
        await self.conn.execute("CREATE OR REPLACE FUNCTION doko_now_ms() RETURNS bigint LANGUAGE sql"
                                " VOLATILE AS $$ SELECT ms FROM doko_test_clock $$")

    async def uninstall(self) -> None:
        """The real clock back and the table gone: the schema as it was (it can be lent again)."""
        if self.conn is not None:
            await self.conn.execute(self.real)
            await self.conn.execute("DROP TABLE doko_test_clock")
            await self.conn.close()

    async def advance(self, seconds: float) -> None:
        self.ms += int(seconds * 1000)
        if self.conn is not None:
            await self.conn.execute("UPDATE doko_test_clock SET ms = $1", self.ms)


@pytest.fixture
async def clock(dialect, db_path, monkeypatch):
    lease_clock = LeaseClock(None if dialect == "sqlite" else str(db_path))
    monkeypatch.setattr(dokobot.storage.core, "_now_ms", lease_clock.now_ms)
    yield lease_clock
    await lease_clock.uninstall()


async def test_lease_is_exclusive_until_it_expires(clock, db):
    await clock.install()
    t = await db.open_table(100, 7, 1, FOUR)
    assert await db.acquire_lease(t, "A", 400)
    assert not await db.acquire_lease(t, "B", 400)
    assert await db.acquire_lease(t, "A", 400)  # the owner extends
    assert await db.renew_leases("A", [t], 400) == {t}
    assert await db.renew_leases("B", [t], 400) == set()
    holder, left = await lease_holder(db, t)
    assert holder == "A" and 0 < left <= 400
    await clock.advance(0.399)
    assert not await db.acquire_lease(t, "B", 400)  # not yet
    await clock.advance(0.001)
    assert await db.renew_leases("A", [t], 400) == set()  # expired: not renewed
    assert await db.acquire_lease(t, "B", 400)  # and taken over
    assert not await db.acquire_lease(t, "A", 400)
    await db.release_leases("B")
    assert await lease_holder(db, t) is None
    await db.close_table(t)
    assert not await db.acquire_lease(t, "A", 400)  # closed tables are not leased


async def test_two_claimants_never_both_write(clock, db_path):
    a = await Database.open(db_path, owner="A")
    b = await Database.open(db_path, owner="B")
    await clock.install()
    try:
        t = await a.open_table(100, 7, 1, FOUR)
        g = await a.create_game(t, {}, FOUR, 0, HANDS)
        assert await a.acquire_lease(t, "A", 500)
        assert not await b.acquire_lease(t, "B", 500)
        await a.append_action(g, 0, {"seat": 1, "reserve": "gesund"})
        with pytest.raises(StorageError, match="leased to another process"):
            await b.append_action(g, 1, {"seat": 2, "reserve": "gesund"})
        with pytest.raises(StorageError, match="leased to another process"):
            await b.set_seats(t, FOUR[:3], 1)
        with pytest.raises(StorageError, match="leased to another process"):
            await b.abort_game(g)
        await clock.advance(0.5)
        # A's lease ran out: A may not write any more, even before anyone took over
        with pytest.raises(StorageError, match="leased to another process"):
            await a.append_action(g, 1, {"seat": 2, "reserve": "gesund"})
        assert await b.acquire_lease(t, "B", 5000)
        await b.append_action(g, 1, {"seat": 2, "reserve": "gesund"})
        for write in (
            a.append_action(g, 2, {"seat": 3, "reserve": "gesund"}),
            a.finish_game(g, {"contract": "normal", "winner": None, "score": [0, 0, 0, 0]}),
            a.close_table(t),
        ):
            with pytest.raises(StorageError, match="leased to another process"):
                await write
        [running] = await b.unfinished_games()
        assert len(running.actions) == 2  # exactly one write of each claimant went in
    finally:
        await a.close()
        await b.close()


async def test_racing_claimants_get_each_table_once(db_path):
    db = await Database.open(db_path)
    tables = [await db.open_table(100 + i, 7, 1, FOUR) for i in range(10)]
    others = [await Database.open(db_path) for _ in range(3)]
    try:
        results = await asyncio.gather(*(
            o.acquire_lease(t, f"owner{i}", 10_000) for t in tables for i, o in enumerate(others)
        ))
        per_table = [sum(results[k * 3:(k + 1) * 3]) for k in range(len(tables))]
        assert per_table == [1] * len(tables)
    finally:
        for o in others:
            await o.close()
        await db.close()


def _guild(shard: int, count: int) -> int:
    """A snowflake-like server id on the given shard."""
    return ((1000 * count + shard) << 22) + 12345


async def test_sharded_store_restores_only_its_shards_and_leases(clock, db_path):
    db = await Database.open(db_path)
    await clock.install()
    tables = {shard: await db.open_table(500 + shard, _guild(shard, 4), 1, FOUR) for shard in range(4)}
    assert [shard_of(_guild(s, 4), 4) for s in range(4)] == [0, 1, 2, 3]
    await db.create_game(tables[1], {}, FOUR, 0, HANDS)
    await db.create_game(tables[2], {}, FOUR, 0, HANDS)
    low = await ShardedStore.open(str(db_path), shard_count=4, shard_ids=[0, 1], owner="low", ttl=1.0)
    high = await ShardedStore.open(str(db_path), shard_count=4, shard_ids=[2, 3], owner="high", ttl=1.0)
    wrong = await ShardedStore.open(str(db_path), shard_count=4, shard_ids=[1, 2], owner="wrong", ttl=1.0)
    try:
        assert [g.table_id for g in await low.running_games()] == [tables[1]]
        assert sorted(t.table_id for t in await low.open_tables()) == [tables[0], tables[1]]
        assert sorted(t.table_id for t in await high.open_tables()) == [tables[2], tables[3]]
        # a misconfigured third process sees its shards' tables taken
        assert await wrong.running_games() == [] and await wrong.open_tables() == []
        # new tables are leased by the process that opens them
        t_new = await low.open_table(600, _guild(0, 4), 1, [SeatInfo(1, "P1")])
        assert (await lease_holder(db, t_new))[0] == "low"
        # the owners keep renewing; the other side stays out
        await clock.advance(0.5)
        assert await low.tick() == (set(), set()) and await high.tick() == (set(), set())
        await clock.advance(0.6)  # past the first expiry, not the renewed one
        assert (await wrong.tick())[0] == set()
        await high.tick()
        # "low" dies without releasing: once its leases expire, "wrong" takes its shard-1 table
        await clock.advance(0.6)
        await high.tick()
        won, _ = await wrong.tick()
        assert won == {tables[1]}
        assert [t.table_id for t in await wrong.open_tables()] == [tables[1]]
        _, lost = await low.tick()
        assert tables[1] in lost
        # a clean stop releases at once
        await high.stop()
        assert await lease_holder(db, tables[2]) is None
    finally:
        for s in (low, high, wrong):
            await s.close()
        await db.close()



async def test_tables_opened_during_a_lease_round_are_neither_lost_nor_claimed_again(db_path):
    store = await ShardedStore.open(str(db_path), owner="me", ttl=5.0)
    try:
        assert await store.open_tables() == []
        done = await asyncio.gather(
            *(store.open_table(700 + i, _guild(0, 1), 1, [SeatInfo(1, "P1")]) for i in range(6)),
            *(store.tick() for _ in range(6)),
        )
        opened, ticks = done[:6], done[6:]
        assert all(tick == (set(), set()) for tick in ticks)
        assert store.held == set(opened)
        assert await store.open_tables() == []  # nothing to restore: all opened here
    finally:
        await store.close()


async def test_the_lease_loop_keeps_going_and_stops(db_path):
    store = await ShardedStore.open(str(db_path), owner="me", ttl=0.15)
    calls: list[int] = []
    third = asyncio.Event()

    async def tick() -> None:
        calls.append(1)
        if len(calls) == 1:
            raise StoreError("database away for a moment")
        if len(calls) == 2:
            raise RuntimeError("a bug while restoring")
        third.set()

    try:
        store.start(tick)
        await asyncio.wait_for(third.wait(), 5)  # a round every 0.05 s: the third at 0.15 s
        assert len(calls) >= 3  # neither error ended the loop
        await store.stop()
        seen = len(calls)
        await asyncio.sleep(0.2)
        assert len(calls) == seen
    finally:
        await store.close()
