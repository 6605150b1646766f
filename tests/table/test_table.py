"""The discord-free table layer: lobby, lock, persistence order, restore."""

from __future__ import annotations

import asyncio
import random

import pytest

from dokobot.engine import RuleSet, deal
from dokobot.engine.actions import ArmutGive, ArmutReturn, ArmutTake, Play, Reserve
from dokobot.engine.record import replay
from dokobot.storage.memory import MemoryStore
from dokobot.table.outcome import ArmutExchanged, ArmutTaken, Redealt, Thrown
from dokobot.table.table import Table, TableError, Tables
from tests.rigged import RiggedDeals
from tests.table.helpers import step

USERS = [(11, "Nord"), (12, "Ost"), (13, "Sued"), (14, "West")]


DEALS = RiggedDeals(7)


@pytest.fixture(autouse=True)
def seeded():
    """Every Tables of a test deals from one seeded, riggable random source."""
    global DEALS
    DEALS = RiggedDeals(7)


async def full_table(store: MemoryStore | None = None, preset: str = "ddv") -> tuple[Tables, Table]:
    tables = Tables(store or MemoryStore(), preset, rng=DEALS)
    table = await tables.open(100, 1, *USERS[0])
    for uid, name in USERS[1:]:
        await table.join(uid, name)
    return tables, table


def uid(table: Table, seat: int) -> int:
    return table.seats[seat].user_id


async def test_lobby_rules():
    tables, table = await full_table()
    await table.join(99, "Fünfter")  # issue 11: five at the table, the dealer sits out
    await table.join(98, "Sechster")  # issue 13: six at the table, the Münchener Regeln
    await table.join(97, "Siebter")  # the seventh waits for a free seat
    assert len(table.seats) == 6 and [w.user_id for w in table.waiting] == [97]
    with pytest.raises(TableError, match="already_waiting"):
        await table.join(97, "Siebter")
    with pytest.raises(TableError, match="already_seated"):
        await table.join(12, "Ost")
    with pytest.raises(TableError, match="not_host"):
        await table.start(12, can_manage=False)
    with pytest.raises(TableError, match="table_exists"):
        await tables.open(100, 1, 99, "Zweiter")
    await table.start(12, can_manage=True)  # Manage Channels may act for the host
    with pytest.raises(TableError, match="leave_running"):
        await table.leave(13)


async def test_host_leaves_and_need_four():
    _, table = await full_table()
    await table.leave(11)
    assert table.host_id == 12 and len(table.seats) == 3
    with pytest.raises(TableError) as info:
        await table.start(12, False)
    assert info.value.code == "need_four" and info.value.params == {"n": 3}


async def test_simultaneous_clicks_apply_once():
    class SlowStore(MemoryStore):
        async def append_action(self, game_id, idx, action):
            await asyncio.sleep(0.01)  # a real database yields here
            await super().append_action(game_id, idx, action)

    _, table = await full_table(SlowStore())
    await table.start(11, False)
    while table.game.phase == "reserve":
        await step(table)
    seat = table.game.to_act
    card = table.game.legal_plays(seat)[0]
    results = await asyncio.gather(
        table.act(uid(table, seat), 1, Play(card)),
        table.act(uid(table, seat), 1, Play(card)),
        return_exceptions=True,
    )
    errors = [r for r in results if isinstance(r, TableError)]
    assert len(errors) == 1 and errors[0].engine.code == "not_your_turn"
    assert [a for a in table.game.record()["actions"] if "play" in a] == [{"seat": seat, "play": card}]


async def test_failed_write_changes_nothing():
    class BrokenStore(MemoryStore):
        fail = False

        async def append_action(self, game_id, idx, action):
            if self.fail:
                raise OSError("disk full")
            await super().append_action(game_id, idx, action)

    store = BrokenStore()
    _, table = await full_table(store)
    await table.start(11, False)
    store.fail = True
    with pytest.raises(OSError):
        await step(table)
    assert table.game.record()["actions"] == [] and table.game.to_act == 0
    store.fail = False
    await step(table)
    assert len(table.game.record()["actions"]) == 1


async def test_whole_game_is_stored_and_replays():
    store = MemoryStore()
    _, table = await full_table(store)
    await table.start(11, False)
    while table.state == "playing":
        await step(table)
    stored = store.games[table.game_id]
    record = {"rules": stored.rules, "dealer": stored.dealer, "hands": stored.hands, "actions": stored.actions}
    assert replay(record) == table.last.result.replay_json() and table.last.result == stored.result
    assert stored.scores == table.last.points and sum(stored.scores.values()) == 0
    with pytest.raises(TableError) as info:
        await table.act(11, 1, Play("CQ"))
    assert info.value.engine.code == "game_over"
    await table.next_game(13, 1)
    assert table.dealer == 0 and table.game_no == 2


async def test_restore_running_game_after_restart():
    store = MemoryStore()
    _, table = await full_table(store)
    await table.start(11, False)
    for _ in range(9):
        await step(table)
    await table.set_message(555)
    tables = Tables(store, rng=DEALS)
    [again] = await tables.restore()
    assert again.state == "playing" and again.message_id == 555 and again.game_no == 1
    assert again.game.record() == table.game.record()
    while again.state == "playing":
        await step(again)
    assert again.last.result.replay_json() == replay(again.last.record)
    assert again.last.record["actions"] == store.games[again.game_id].actions


async def test_restore_between_games_keeps_dealer_and_summary():
    store = MemoryStore()
    _, table = await full_table(store)
    await table.start(11, False)
    for number in (1, 2):
        while table.state == "playing":
            await step(table)
        if number == 1:
            await table.next_game(11, 1)
    assert (table.state, table.game_no, table.dealer) == ("between", 2, 0)
    [again] = await Tables(store, rng=DEALS).restore()
    assert (again.state, again.game_no, again.dealer) == ("between", 2, 0)
    assert again.last.number == 2 and again.last.result == table.last.result
    assert again.last.record == table.last.record and again.last.points == table.last.points
    assert again.totals == table.totals == again.last.totals
    await again.next_game(12, 2)
    assert again.game_no == 3 and again.dealer == 1  # the deal moves on from game 2's dealer
    await again.abort(11, False)
    [third] = await Tables(store, rng=DEALS).restore()
    assert (third.state, third.game_no, third.dealer, third.last) == ("between", 3, 1, None)
    await third.next_game(13, 3)
    assert third.dealer == 1  # the aborted game did not count: its dealer deals again


async def test_schmeissen_redeals_with_the_same_dealer(monkeypatch):
    rules = RuleSet.from_config({"preset": "haus"})
    nines = next(
        h for h in (deal(rules, random.Random(s)) for s in range(5000))
        if sum(c[1] == "9" for c in h[0]) >= 5
    )
    DEALS.rig([nines])
    _, table = await full_table(preset="haus")
    await table.start(11, False)
    out = await table.act(11, 1, Reserve("schmeissen"))
    for seat in (1, 2, 3):
        out = await table.act(uid(table, seat), 1, Reserve("gesund"))
    assert out.finished.result.contract == "redeal" and out.new_game
    assert table.game_no == 2 and table.dealer == 3 and table.state == "playing"
    redeal, thrown = out.notices
    assert redeal == Redealt(0, "schmeissen")
    # reading 41: the thrown hand and its trigger go to the table
    assert isinstance(thrown, Thrown) and thrown.seat == 0 and sorted(thrown.cards) == sorted(nines[0])
    assert thrown.triggers == ("nines",)


async def test_armut_through_the_table(monkeypatch):
    rules = RuleSet.from_config({"preset": "haus"})

    def trumps(hand):
        from dokobot.engine import Game

        g = Game(rules, [hand, [], [], []])
        return sum(g.is_trump(c) for c in hand)

    def fits(h):
        return trumps(h[0]) <= 3 and all(h[s].count("CQ") < 2 for s in (1, 2, 3)) and not any(
            sum(c[1] == "9" for c in x) >= 5 for x in h
        )

    poor = next(h for h in (deal(rules, random.Random(s)) for s in range(20000)) if fits(h))
    DEALS.rig([poor] * 10)
    _, table = await full_table(preset="haus")
    await table.start(11, False)
    await table.act(11, 1, Reserve("armut"))
    for seat in (1, 2, 3):
        await table.act(uid(table, seat), 1, Reserve("gesund"))
    assert table.game.phase == "armut_take" and table.game.to_act == 1
    out = await table.act(12, 1, ArmutTake(True))
    assert out.notices == [ArmutTaken(1, 0)]
    given = [c for c in table.game.hand(0) if table.game.is_trump(c)]
    await table.act(11, 1, ArmutGive(tuple(given)))
    back = table.game.hand(1)[-len(given):]
    out = await table.act(12, 1, ArmutReturn(tuple(back)))
    assert isinstance(out.notices[0], ArmutExchanged) and table.game.public_contract == "armut"
    while table.state == "playing":
        await step(table)
    assert sorted(table.last.result.re) == [0, 1]
