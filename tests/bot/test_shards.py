"""Two bot processes with different shard ranges on one PostgreSQL database.

Each "process" is a thread with its own event loop, its own SimCord (its own
servers, on its shards only), its own ``ShardedStore`` with its own pool of
connections and its own lease owner name; SimCord allows one live
environment per event loop, so threads stand in for processes. Process A is
killed in the middle of its games (dropped without closing anything: its
leases are not released, its connections stay open) and started again with
a new owner name; it takes its tables back only after A's leases expire,
while B plays on. Every game of both finishes and is booked exactly once.
"""

from __future__ import annotations

import asyncio
import threading
import time

import pytest
import simcord

from dokobot.bot.client import ShardedDokoBot, make_bot
from dokobot.bot.config import Config
from dokobot.storage import Database
from dokobot.storage.sharded import ShardedStore, shard_of
from tests import pg
from tests.bot.helpers import FAST, Driver
from tests.storage.reads import open_table_in

# the slow lane: the killed process's leases expire on PostgreSQL's real clock
pytestmark = pytest.mark.slow

SHARDS = 2
TTL = 3.0  # lease seconds; production uses 30


class ShardDriver(Driver):
    """The conftest driver, in a server on a given shard."""

    def __init__(self, env, bot, shard: int, name: str) -> None:  # noqa: ANN001
        super().__init__(env, bot, env.create_guild(name, shard_id=shard))

    async def play_cards(self, n: int) -> None:
        for _ in range(n):
            await self.click_hand(self.player(self.table.game.to_act), "play")


async def _process(url: str, shard: int, owner: str) -> tuple[ShardedDokoBot, ShardedStore]:
    store = await ShardedStore.open(url, shard_count=SHARDS, shard_ids=[shard], ttl=TTL, owner=owner)
    bot = make_bot(Config(shard_count=SHARDS, shard_ids=(shard,)), store=store, computer_skill=FAST, computer_delay=0,
                   lease_loop=False)
    assert isinstance(bot, ShardedDokoBot)
    return bot, store


async def _start_games(drivers: list[ShardDriver]) -> None:
    for d in drivers:
        await d.open_and_seat()
        await d.start()
        await d.open_all_hands()
        await d.reserve_all_gesund()
        await d.play_cards(17)  # into the fifth trick


def lease_loop(bot: ShardedDokoBot) -> asyncio.Task:
    """The process's lease loop, as a task of the test: a bot-owned loop would
    sleep on SimCord's virtual clock, while leases expire on the database's."""

    async def loop() -> None:
        while True:
            await asyncio.sleep(TTL / 3)
            await bot.keep_leases()

    return asyncio.get_running_loop().create_task(loop())


class Run:
    def __init__(self, url: str) -> None:
        self.url = url
        self.mid = threading.Barrier(2, timeout=120)
        self.report: dict[str, dict] = {}
        self.stores: list[ShardedStore] = []

    async def killed_and_restarted(self) -> None:
        bot, store = await _process(self.url, 0, "A1")
        self.stores.append(store)
        async with simcord.run(bot) as env:
            leases = lease_loop(bot)
            drivers = [ShardDriver(env, bot, 0, f"a{i}") for i in range(2)]
            await _start_games(drivers)
            await asyncio.to_thread(self.mid.wait)
            # kill: the lease loop dies with the process, which releases nothing;
            # a new process on the same shards starts
            leases.cancel()
            t_kill = time.monotonic()
            bot2, store2 = await _process(self.url, 0, "A2")
            self.stores.append(store2)
            await env.restart_bot(bot2)
            assert bot2.tables.all() == []  # A1's leases still run: hands off
            leases = lease_loop(bot2)
            while len(bot2.tables.all()) < 2:
                assert time.monotonic() - t_kill < 20 * TTL, "tables never taken over"
                await asyncio.sleep(0.05)
            waited = time.monotonic() - t_kill
            for d in drivers:
                assert d.table.state == "playing" and len(d.table.game.record()["actions"]) == 4 + 17
                await d.open_all_hands()  # a new process knows no old private views
                await d.play_out()
                assert d.table.state == "between"
            leases.cancel()
            self.report["A"] = {"waited": waited, "channels": [d.channel.id for d in drivers]}

    async def plays_on(self) -> None:
        bot, store = await _process(self.url, 1, "B1")
        self.stores.append(store)
        # On Discord the commands belong to the application: the process with shard 0
        # syncs them, this one does not (issue 20). Its own SimCord stands for that
        # same Discord, so it finds them registered (strict_sync=False).
        async with simcord.run(bot, strict_sync=False) as env:
            # another SimCord, another Discord: its own ids (snowflakes follow its virtual clock)
            await env.advance_time(86_400)
            leases = lease_loop(bot)
            drivers = [ShardDriver(env, bot, 1, f"b{i}") for i in range(2)]
            await _start_games(drivers)
            await asyncio.to_thread(self.mid.wait)
            for d in drivers:  # while A is dead and coming back
                await d.play_out()
                assert d.table.state == "between"
            self.report["B"] = {"channels": [d.channel.id for d in drivers]}
            leases.cancel()
            await bot.close()  # a clean stop releases B's leases

    def thread(self, name: str, coro) -> threading.Thread:  # noqa: ANN001
        def main() -> None:
            try:
                asyncio.run(coro())
            except BaseException as exc:  # noqa: BLE001 - reported to the test thread
                self.report[name + "_error"] = exc
                self.mid.abort()

        return threading.Thread(target=main, name=name)


@pytest.fixture
async def pg_url():
    name, url = await pg.new_schema()
    yield url
    await pg.drop_schema(name)


async def test_two_processes_kill_one_every_game_booked_once(pg_url):
    run = Run(pg_url)
    threads = [run.thread("A", run.killed_and_restarted), run.thread("B", run.plays_on)]
    for t in threads:
        t.start()
    await asyncio.to_thread(lambda: [t.join(timeout=300) for t in threads])
    errors = [run.report[k] for k in ("A_error", "B_error") if k in run.report]
    errors.sort(key=lambda e: isinstance(e, threading.BrokenBarrierError))  # the cause first
    if errors:
        raise errors[0]
    assert run.report["A"]["waited"] >= TTL * 0.5  # A2 did wait for A1's leases
    assert len(set(run.report["A"]["channels"] + run.report["B"]["channels"])) == 4
    db = await Database.open(pg_url)
    try:
        for proc, shard in (("A", 0), ("B", 1)):
            for channel in run.report[proc]["channels"]:
                table = await open_table_in(db, channel)
                assert shard_of(table.guild_id, SHARDS) == shard
                rows = await db._connection().execute_fetchall(
                    "SELECT status, COUNT(*) FROM games WHERE channel_id = ? GROUP BY status", (channel,)
                )
                assert dict(rows) == {"finished": 1}  # one game, finished once, nothing aborted
                [game_id] = await db.finished_games(channel)
                scores = await db._connection().execute_fetchall(
                    "SELECT COUNT(*) FROM scores WHERE game_id = ?", (game_id,)
                )
                assert scores[0][0] in (0, 4)  # booked once (0 only for a redeal)
                board = await db.leaderboard(channel, limit=10)
                assert sum(r.games for r in board.rows) == scores[0][0]
                actions = (await db.game_record(game_id))["actions"]
                assert len(actions) == 4 + 48 + sum("announce" in a for a in actions)
    finally:
        await db.close()
        for store in run.stores:  # the killed process's connections, closed only now
            await store.inner.close()
