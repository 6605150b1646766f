"""Never stall, never lose a game (issue 9) at the table layer: a write that fails
at the wrong moment changes nothing, and a retry or a restart books every
finished game exactly once, with the dealer the uninterrupted game would have.
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
from typing import Any

import pytest

from dokobot.engine import CARD_CODES, RuleSet, deal
from dokobot.engine.actions import Move, Play, Reserve
from dokobot.players import Skill
from dokobot.storage.memory import MemoryStore
from dokobot.table.store import SeatInfo, StoreError
from dokobot.table.table import Table, TableError, Tables, computer_id
from tests.rigged import RiggedDeals
from tests.table.helpers import first_card

USERS = [(11, "Nord"), (12, "Ost"), (13, "Sued"), (14, "West")]
FAST = Skill(scale=0.05)
CARD = re.compile(r"\b(" + "|".join(sorted(set(CARD_CODES) | {"JO"})) + r")\b")


class FlakyMemory(MemoryStore):
    """A MemoryStore whose named writes fail the next ``n`` times (like a locked database)."""

    def __init__(self) -> None:
        super().__init__()
        self.failing: dict[str, int] = {}
        self.calls: dict[str, int] = {}

    def fail(self, method: str, times: int = 1) -> None:
        self.failing[method] = times

    def _check(self, method: str) -> None:
        self.calls[method] = self.calls.get(method, 0) + 1
        if self.failing.get(method, 0) > 0:
            self.failing[method] -= 1
            raise StoreError(f"{method}: database is locked by another process (busy timeout exceeded)")

    async def append_action(self, game_id: int, idx: int, action: dict[str, Any]) -> None:
        self._check("append_action")
        await super().append_action(game_id, idx, action)

    async def finish_game(self, game_id, result, points, moves, last=None, **kw) -> None:  # noqa: ANN001, ANN003
        self._check("finish_game")
        await super().finish_game(game_id, result, points, moves, last, **kw)

    async def create_game(self, *args: Any) -> int:
        self._check("create_game")
        return await super().create_game(*args)

    async def close_table(self, table_id: int) -> None:
        self._check("close_table")
        await super().close_table(table_id)

    async def abort_game(self, game_id: int) -> None:
        self._check("abort_game")
        await super().abort_game(game_id)


async def full_table(store: MemoryStore, preset: str = "ddv", deals: RiggedDeals | None = None) -> tuple[Tables, Table]:
    tables = Tables(store, preset, rng=deals or RiggedDeals(5), computer_skill=FAST, computer_delay=0)
    table = await tables.open(100, 1, *USERS[0])
    for user_id, name in USERS[1:]:
        await table.join(user_id, name)
    return tables, table


def uid(table: Table, seat: int) -> int:
    return table.seats[seat].user_id


def next_action(table: Table) -> tuple[int, Move]:
    seat = table.game.to_act
    return uid(table, seat), first_card(table.game, seat)


async def play_until_last_card(table: Table) -> None:
    game = table.game
    while sum(len(t.cards) for t in game.tricks) + len(game.current_trick) < 47 or game.phase == "reserve":
        await table.act(*_with_no(table, *next_action(table)))
        game = table.game


def _with_no(table: Table, user_id: int, action: Move) -> tuple[int, int, Move]:
    return user_id, table.game_no, action


async def test_failed_booking_of_the_last_card_changes_nothing_and_a_retry_books_once():
    store = FlakyMemory()
    _, table = await full_table(store)
    await table.start(11, False)
    await play_until_last_card(table)
    before = table.game.record()
    user_id, action = next_action(table)
    store.fail("finish_game")
    with pytest.raises(StoreError):
        await table.act(user_id, 1, action)
    # Nothing changed: the last card is still in hand, in memory and on disk.
    assert table.state == "playing" and table.game.record() == before
    assert store.games[table.game_id].actions == before["actions"] and store.games[table.game_id].result is None
    await table.act(user_id, 1, action)  # the fault cleared: the same click books the game
    stored = store.games[table.game_id]
    assert table.state == "between" and stored.result == table.last.result and len(stored.actions) == 52
    assert store.calls["finish_game"] == 2 and sum(1 for g in store.games.values() if g.result) == 1
    await table.next_game(12, 1)
    assert table.state == "playing" and table.game_no == 2 and table.dealer == 0


async def test_a_game_ended_on_disk_but_unbooked_is_booked_once_at_restore():
    """The process died between the last card and the booking (an older version, or
    a store writing them apart): the restart books the game, and play goes on."""
    store = MemoryStore()
    _, table = await full_table(store)
    await table.start(11, False)
    await play_until_last_card(table)
    user_id, action = next_action(table)
    trial = table.game.copy()
    trial.act(table.game.to_act, action)
    await store.append_action(table.game_id, 51, dict(trial.actions[-1]))  # the first of two writes only
    [again] = await Tables(store, rng=RiggedDeals(5)).restore()
    assert again.state == "between" and again.last is not None and again.last.result == trial.game_result()
    assert store.games[again.game_id].result == trial.game_result()
    assert again.totals == {p.user_id: again.last.points[p.user_id] for p in again.seats}
    [third] = await Tables(store, rng=RiggedDeals(5)).restore()  # a second restart books nothing again
    assert third.totals == again.totals and sum(1 for g in store.games.values() if g.result) == 1
    await third.next_game(11, 1)
    assert third.game_no == 2 and third.dealer == 0


async def test_closing_mid_game_is_one_write():
    store = FlakyMemory()
    _, table = await full_table(store)
    await table.start(11, False)
    await table.act(*_with_no(table, *next_action(table)))
    store.fail("close_table")
    with pytest.raises(StoreError):
        await table.close(11, False)
    # Memory and disk agree: the game still runs, and the next click works.
    assert table.state == "playing" and not store.games[table.game_id].aborted
    await table.act(*_with_no(table, *next_action(table)))
    await table.close(11, False)
    assert table.state == "closed" and store.games[table.game_id].aborted and table.table_id in store.closed


def nines_deal() -> list[list[str]]:
    rules = RuleSet.from_config({"preset": "haus"})
    return next(h for h in (deal(rules, random.Random(s)) for s in range(5000)) if sum(c[1] == "9" for c in h[0]) >= 5)


async def throw_in(table: Table) -> None:
    await table.act(11, table.game_no, Reserve("schmeissen"))
    for seat in (1, 2, 3):
        await table.act(uid(table, seat), table.game_no, Reserve("gesund"))


@pytest.mark.parametrize("restart", [False, True])
async def test_dealing_again_after_a_throw_in_fails_then_the_same_dealer_deals(restart):
    deals = RiggedDeals(5)
    deals.rig([nines_deal()])
    store = FlakyMemory()
    _, table = await full_table(store, "haus", deals)
    await table.start(11, False)
    dealer = table.dealer
    store.fail("create_game")  # booked the throw-in, then the deal fails (or the process dies)
    await throw_in(table)
    assert table.state == "between" and table.last.result.is_redeal and table.game_no == 1
    if restart:
        [table] = await Tables(store, "haus", rng=deals).restore()
        assert table.state == "between"
    await table.next_game(12, 1)
    assert table.game_no == 2 and table.dealer == dealer  # as if the deal had gone through at once


async def test_host_rights_pass_to_someone_seated():
    store = MemoryStore()
    tables = Tables(store, rng=RiggedDeals(1))
    table = await tables.open(100, 1, 11, "Nord")
    await table.leave(11)  # the host leaves the empty table
    await table.join(12, "Ost")
    await table.join(13, "Sued")
    assert table.host_id == 12 and store.tables[table.table_id].host_id == 12
    await table.add_computer(12, False)  # the new host may do host things
    [again] = await Tables(store).restore()
    assert again.host_id == 12


async def test_a_game_that_no_longer_replays_is_restored_broken_and_the_host_can_abort(caplog):
    caplog.set_level(logging.INFO)
    store = MemoryStore()
    _, table = await full_table(store)
    await table.start(11, False)
    for _ in range(6):
        await table.act(*_with_no(table, *next_action(table)))
    stored = store.games[table.game_id]
    # Edited database: seat 0's hand no longer holds the card it played first.
    first = stored.actions[4]["play"]
    stored.hands[0] = [c for c in stored.hands[0] if c != first] + [c for c in stored.hands[1] if c != first][:1]
    [again] = await Tables(store, rng=RiggedDeals(5)).restore()
    assert again.broken and again.state == "playing" and again.game is None and again.game_no == 1
    with pytest.raises(TableError, match="broken"):
        await again.act(12, 1, Play("CQ"))
    with pytest.raises(TableError, match="game_running"):
        await again.next_game(12, 1)
    with pytest.raises(TableError, match="not_host"):
        await again.abort(12, False)
    await again.abort(11, False)
    assert not again.broken and again.state == "between" and store.games[again.game_id].aborted
    await again.next_game(12, 1)
    assert again.game_no == 2 and again.state == "playing"
    assert_no_card_logged(caplog)


def assert_no_card_logged(caplog: Any) -> None:
    """Logs at INFO and above never name a card (played or not: the safe rule)."""
    for r in caplog.records:
        if r.levelno >= logging.INFO and r.name.startswith("dokobot"):
            assert not CARD.search(r.getMessage()), r.getMessage()


# ---- computer players ---------------------------------------------------------------


async def computer_table(store: MemoryStore, retry: float, seed: int = 3) -> Table:
    tables = Tables(store, rng=RiggedDeals(seed), computer_skill=FAST, computer_delay=0, computer_retry=retry)
    table = await tables.open(100, 1, 11, "Nord")
    table.computer_rng.seed(seed)
    for _ in range(3):
        await table.add_computer(11, False)
    return table


async def wait_for(cond: Any, timeout: float = 20.0) -> None:
    async def poll() -> None:
        while not cond():
            await asyncio.sleep(0.005)

    await asyncio.wait_for(poll(), timeout)


async def play_the_person(table: Table) -> bool:
    """Play seat 0 (the person) until the game is over; True if its card was the last."""
    while table.state == "playing":
        if table.game.to_act == 0:
            try:
                await table.act(*_with_no(table, *next_action(table)))
            except StoreError:
                return True
        await asyncio.sleep(0.001)
    return False


async def test_a_computer_never_gives_up_and_books_the_last_card(caplog):
    """A computer plays the last card; the booking fails ten times (more than the
    five tries of old): it keeps trying and books the game exactly once."""
    for seed in range(3, 40):  # a deal where a computer is to play the last card
        store = FlakyMemory()
        table = await computer_table(store, retry=0.001, seed=seed)
        await table.start(11, False)
        store.fail("finish_game", 10)  # only the last card books
        try:  # a computer that gave up would stall the table here
            person_last = await asyncio.wait_for(play_the_person(table), 30)
        finally:
            table.stop_computers()
        if not person_last:
            break
    assert table.seats[table.game.tricks[-1].cards[-1][0]].is_bot  # a computer played the last card
    assert store.calls["finish_game"] == 11 and store.games[table.game_id].result == table.last.result
    assert sum(1 for g in store.games.values() if g.result) == 1
    assert_no_card_logged(caplog)


async def test_a_persons_action_wakes_a_waiting_computer():
    store = FlakyMemory()
    table = await computer_table(store, retry=3600)  # it would wait an hour on its own
    await table.start(11, False)
    await wait_for(lambda: table.game.to_act == 0)
    await table.act(11, 1, Reserve("gesund"))
    store.fail("append_action", 1)
    await wait_for(lambda: store.calls.get("append_action", 0) >= 2)  # gesund, then the failed computer move
    await asyncio.sleep(0.05)
    assert store.failing["append_action"] == 0 and len(table.game.actions) == 1  # waiting
    with pytest.raises(TableError):  # any click of the person, even a refused one
        await table.act(11, 1, Reserve("gesund"))
    await wait_for(lambda: len(table.game.actions) > 1, timeout=5)
    table.stop_computers()


async def test_a_computer_stops_trying_once_the_table_is_closed():
    store = FlakyMemory()
    table = await computer_table(store, retry=0.001)
    await table.start(11, False)
    await wait_for(lambda: table.game.to_act == 0)
    await table.act(11, 1, Reserve("gesund"))
    store.fail("append_action", 10**9)  # the database never comes back
    await wait_for(lambda: store.calls.get("append_action", 0) > 8)  # backing off, still trying
    await table.close(11, False)
    await asyncio.wait_for(table.computers_idle(), 5)
    assert table.state == "closed"


def test_seat_info_is_what_the_store_gets():
    assert SeatInfo(computer_id("Computer 1"), "Computer 1", True).is_bot
