"""Issue 21: a table lives in one place only.

A process that loses a table's lease (a database outage or a lock wait
longer than the lease, or another process took it over) forgets it: the
forgotten object's turn timer, computers and presenter stop, and it never
writes or speaks again. Winning the lease back restores a new object from
the database. Under SimCord (virtual time), on SQLite and PostgreSQL: mid-game,
a computer playing for West, the turn timer of the person to act running."""

from __future__ import annotations

import pytest

from dokobot.bot.client import DokoBot
from dokobot.bot.config import Config
from dokobot.engine.actions import Play
from dokobot.storage.sharded import ShardedStore
from dokobot.table.table import Table, Tables
from tests.bot.helpers import FAST

TTL = 30.0

GONE = "war zu lange weg"
NOT_SAVED = "Das konnte ich nicht speichern"


@pytest.fixture
async def store(sqlite_path):
    a = await ShardedStore.open(str(sqlite_path), owner="A", ttl=TTL)
    yield a
    await a.close()


@pytest.fixture
async def other(sqlite_path):
    """Process B on the same database (the table layer only: it gets no Discord here)."""
    b = await ShardedStore.open(str(sqlite_path), owner="B", ttl=10 * TTL)  # not renewed in the test
    yield b
    await b.close()


@pytest.fixture
def simcord_bot(store, deals) -> DokoBot:
    # lease rounds by hand (lease_round): leases expire on the database's clock, set here
    return DokoBot(Config(), store=store, computer_skill=FAST, computer_delay=0, rng=deals, lease_loop=False)


async def expire(store: ShardedStore) -> None:
    """The lease runs out while the process is away (outage, a lock wait longer than the lease)."""
    await store.db._connection().execute("UPDATE table_leases SET expires_ms = 0")


async def lease_round(doko) -> None:
    """One round of the bot's lease loop, run as the bot's own work: the timers and
    computers it starts run on SimCord's virtual clock, as the bot's loop would."""
    with doko.env._bot_scope():
        await doko.bot.keep_leases()
    await doko.env.settle()


async def mid_game(doko) -> Table:
    await doko.open_and_seat()
    res = await doko.players[0].slash(doko.channel, "doko regeln", schalter="turn_timeout=120 on_timeout=computer")
    assert res.ephemeral
    await doko.start()
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    await doko.players[0].slash(doko.channel, "doko platz", nummer=4, aktion="computer")
    for _ in range(5):
        if doko.table.game.to_act == 3:
            break
        await doko.click_hand(doko.player(doko.table.game.to_act), "play")
    table = doko.table
    assert table.computer_to_act() is None and table.turn is not None  # a person's clock runs
    assert table.turn_timer.running
    return table


def assert_dead(old: Table) -> None:
    if CHECK_DEAD:
        # its timer and computers stopped
        assert not old.turn_timer.running and not old.computer_driver.running
        assert old.on_outcome is None and getattr(old, "gone", False)


CHECK_DEAD = True


async def disk_actions(store: ShardedStore, game_id: int) -> list[dict]:
    """The stored actions of a game, running or finished."""
    running = [g for g in await store.db.unfinished_games() if g.game_id == game_id]
    return running[0].actions if running else (await store.db.game_record(game_id))["actions"]


def said(doko, text: str) -> int:
    return sum(text in m.content for m in doko.public())


async def test_a_lease_lost_and_won_back_in_one_round_restores_a_new_table(doko, store):
    old = await mid_game(doko)
    idle = doko.player(old.game.to_act)
    await expire(store)
    await lease_round(doko)  # renewing fails, claiming wins it back: one round
    new = doko.table
    assert new is not old and new.table_id == old.table_id
    assert_dead(old)
    assert new.game.record() == old.game.record()  # from the database, nothing lost
    assert doko.bot.presenter(new).table is new
    await doko.env.advance_time(121)  # the restored clock runs out: once, by the new table
    assert said(doko, GONE) == 1 and idle.id in new.away
    assert not old.away - {doko.players[3].id}  # the dead one did nothing
    await doko.open_all_hands()
    await doko.play_out()
    assert doko.table is new and new.state == "between"
    assert not any(NOT_SAVED in m.content for m in doko.channel.history())
    assert await disk_actions(store, new.game_id) == new.last.record["actions"]  # memory equals disk


async def test_a_lease_lost_to_another_process_leaves_this_one_silent(doko, store, other):
    old = await mid_game(doko)
    channel = doko.channel.id
    await expire(store)
    b = Tables(other, computer_skill=FAST, computer_delay=0, clock=old.clock)
    won, _ = await other.tick()
    assert won == {old.table_id}
    [mine] = await b.restore()  # B plays the table now
    assert mine.game.record() == old.game.record()
    await lease_round(doko)  # A: renewing fails, B holds it
    assert doko.bot.tables.get(channel) is None and old.table_id not in store.held
    assert_dead(old)
    before = len(doko.public())
    await doko.env.advance_time(300)  # A's old clock would have run out long ago
    assert len(doko.public()) == before  # only the owner speaks: A says nothing
    assert said(doko, GONE) == 0
    # B's memory equals the disk, and B goes on: a card of the person to act
    game = mine.game
    seat = game.to_act
    await mine.act(mine.seats[seat].user_id, None, Play(game.legal_plays(seat)[0]))
    await mine.computers_idle()
    assert await disk_actions(other, mine.game_id) == mine.game.record()["actions"]
    assert len(mine.game.actions) > len(old.game.actions)  # A's object stayed where it was
    mine.stop_turn()
    mine.stop_computers()
