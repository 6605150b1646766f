"""Computer players at the table layer: seats, moves through the store, staleness, restore."""

from __future__ import annotations

import asyncio
import logging
import threading

import pytest

import dokobot.players.bid
import dokobot.table.computers
from dokobot.engine.actions import ArmutTake, Play, Reserve
from dokobot.engine.record import replay
from dokobot.players import Skill
from dokobot.storage.memory import MemoryStore
from dokobot.table.store import player_key
from dokobot.table.table import Table, TableError, Tables, computer_id
from tests.rigged import RiggedDeals

HOST, OTHER = (11, "Nord"), (12, "Ost")
FAST = Skill(scale=0.05)


DEALS = RiggedDeals(11)


@pytest.fixture(autouse=True)
def seeded():
    """Every Tables of a test deals from one seeded random source."""
    global DEALS
    DEALS = RiggedDeals(11)


def make_tables(store: MemoryStore | None = None) -> Tables:
    return Tables(store or MemoryStore(), computer_skill=FAST, computer_delay=0, rng=DEALS)


async def table_with_computers(n: int, store: MemoryStore | None = None) -> tuple[Tables, Table]:
    tables = make_tables(store)
    table = await tables.open(100, 1, *HOST)
    table.computer_rng.seed(5)
    for uid, name in [OTHER][: 3 - n]:
        await table.join(uid, name)
    for _ in range(n):
        await table.add_computer(HOST[0], False)
    return tables, table


async def human_move(table: Table) -> None:
    """The human to act answers gesund / takes no Armut / plays the first legal card."""
    game = table.game
    seat = game.to_act
    user = table.seats[seat].user_id
    if game.phase == "reserve":
        action = Reserve("gesund")
    elif game.phase == "armut_take":
        action = ArmutTake(False)
    else:
        action = Play(game.legal_plays(seat)[0])
    await table.act(user, table.game_no, action)


async def play_to_end(table: Table) -> None:
    while True:
        await table.computers_idle()
        if table.state != "playing":
            return
        assert not table.seats[table.game.to_act].is_bot, "a computer seat is to act but idle"
        await human_move(table)


def stored_record(store: MemoryStore, game_id: int) -> dict:
    g = store.games[game_id]
    return {"rules": g.rules, "dealer": g.dealer, "hands": g.hands, "actions": g.actions}


async def test_add_and_remove_computers():
    tables = make_tables()
    table = await tables.open(100, 1, *HOST)
    await table.join(*OTHER)
    with pytest.raises(TableError, match="not_host"):
        await table.add_computer(OTHER[0], False)
    with pytest.raises(TableError, match="bad_level"):
        await table.add_computer(HOST[0], False, "unbesiegbar")
    await table.add_computer(HOST[0], False)
    await table.add_computer(OTHER[0], can_manage=True, level="schwer")  # Manage Channels may act for the host
    assert [(s.name, s.is_bot) for s in table.seats[2:]] == [("Computer 1 (mittel)", True), ("Computer 2 (schwer)", True)]
    assert [s.level for s in table.seats[2:]] == ["mittel", "schwer"]
    # the leaderboard's id for a computer player without a user id: the same number
    name = "Computer 1 (mittel)"
    assert table.seats[2].user_id == computer_id(name) == player_key(None, name) < 0
    await table.add_computer(HOST[0], False, "leicht")  # computers fill seats up to six
    await table.add_computer(HOST[0], False, "leicht")
    assert [s.name for s in table.seats[4:]] == ["Computer 3 (leicht)", "Computer 4 (leicht)"]
    with pytest.raises(TableError, match="table_full"):
        await table.add_computer(HOST[0], False)
    await table.remove_computer(HOST[0], False)
    await table.remove_computer(HOST[0], False)
    with pytest.raises(TableError, match="not_host"):
        await table.remove_computer(OTHER[0], False)
    await table.remove_computer(HOST[0], False, "computer 1")
    assert [s.name for s in table.seats] == ["Nord", "Ost", "Computer 2 (schwer)"]
    await table.add_computer(HOST[0], False, "leicht")
    assert [s.name for s in table.seats] == ["Nord", "Ost", "Computer 2 (schwer)", "Computer 1 (leicht)"]  # distinct
    assert table.store.tables[table.table_id].seats == table.seats
    await table.start(HOST[0], False)
    with pytest.raises(TableError, match="game_running"):
        await table.remove_computer(HOST[0], False)
    await table.abort(HOST[0], False)
    await table.remove_computer(HOST[0], False)
    await table.remove_computer(HOST[0], False)
    with pytest.raises(TableError, match="no_computer"):
        await table.remove_computer(HOST[0], False)


async def test_no_table_of_computers_alone():
    tables = make_tables()
    table = await tables.open(100, 1, *HOST)
    await table.join(*OTHER)
    await table.add_computer(HOST[0], False)
    await table.leave(HOST[0])
    assert table.host_id == OTHER[0]  # a person hosts, never a computer
    await table.leave(OTHER[0])
    assert table.seats == []  # the computers leave with the last person
    with pytest.raises(TableError, match="need_human"):
        await table.add_computer(OTHER[0], can_manage=True)


async def test_three_computers_and_one_human_play_to_the_end():
    store = MemoryStore()
    seen = []
    tables = make_tables(store)
    tables.on_outcome = lambda table, outcome: seen.append(outcome)
    table = await tables.open(100, 1, *HOST)
    for _ in range(3):
        await table.add_computer(HOST[0], False)
    await table.start(HOST[0], False)
    await play_to_end(table)
    assert table.state == "between" and table.last is not None
    stored = store.games[table.game_id]
    assert replay(stored_record(store, stored.game_id)) == table.last.result.replay_json()
    assert table.last.result == stored.result
    assert len(stored.actions) == len(table.last.record["actions"])
    assert set(stored.scores) == {s.user_id for s in table.seats} and sum(stored.scores.values()) == 0
    # the bot hears of every computer move, one outcome each
    moves = [a for a in stored.actions if table.seats[a["seat"]].is_bot and "announce" not in a]
    assert len(seen) == len(moves) > 0
    await table.next_game(HOST[0], table.game_no)  # the one person deals on
    await play_to_end(table)
    assert table.game_no >= 2 and table.totals == {
        s.user_id: sum(g.scores[s.user_id] for g in store.games.values() if g.scores) for s in table.seats
    }


async def test_computer_announces_through_the_table(monkeypatch):
    def eager(obs, *thresholds):
        allowed = [a for a in obs.may_announce if a in ("re", "kontra")]
        return allowed[0] if allowed and obs.phase == "play" else None

    monkeypatch.setattr(dokobot.players.bid, "announce", eager)
    store = MemoryStore()
    _, table = await table_with_computers(3, store)
    await table.start(HOST[0], False)
    await play_to_end(table)
    said = [a for a in store.games[table.game_id].actions if "announce" in a]
    assert said and all(table.seats[a["seat"]].is_bot for a in said)
    assert replay(stored_record(store, table.game_id)) == table.last.result.replay_json()


async def test_stale_decision_is_dropped(monkeypatch, caplog):
    release = threading.Event()
    real = dokobot.table.computers._decide

    def slow(*args):
        release.wait(5)
        return real(*args)

    monkeypatch.setattr(dokobot.table.computers, "_decide", slow)
    store = MemoryStore()
    _, table = await table_with_computers(3, store)
    await table.start(HOST[0], False)
    await human_move(table)  # seat 0 answers; Computer 1 starts thinking
    game_id = table.game_id
    await asyncio.sleep(0.05)
    await table.abort(HOST[0], False)  # meanwhile the host aborts
    release.set()
    with caplog.at_level(logging.INFO, "dokobot.table.table"):
        await table.computers_idle()
    assert len(store.games[game_id].actions) == 1 and store.games[game_id].aborted
    assert any("stale decision" in r.getMessage() for r in caplog.records)


async def test_refused_move_becomes_the_first_legal_one(monkeypatch, caplog):
    def wrong(obs, seed, level, skill):
        return [{"seat": obs.seat, "announce": "schwarz"}, {"seat": obs.seat, "play": "XX"}]

    monkeypatch.setattr(dokobot.table.computers, "_decide", wrong)
    store = MemoryStore()
    _, table = await table_with_computers(3, store)
    with caplog.at_level(logging.WARNING, "dokobot.table.table"):
        await table.start(HOST[0], False)
        await play_to_end(table)
    assert table.state == "between"
    refused = [r.getMessage() for r in caplog.records if "engine refused" in r.getMessage()]
    assert refused and not any("XX" in m for m in refused)
    assert replay(stored_record(store, table.game_id)) == table.last.result.replay_json()


async def test_restart_resumes_a_game_waiting_on_a_computer():
    store = MemoryStore()
    _, table = await table_with_computers(2, store)
    await table.start(HOST[0], False)
    while table.state == "playing" and table.computer_to_act() is None:
        await human_move(table)
        table.stop_computers()  # the bot "stops" before any computer moved
        await asyncio.sleep(0)
    assert table.computer_to_act() is not None
    before = len(store.games[table.game_id].actions)
    again = await make_tables(store).restore()
    [restored] = again
    await restored.computers_idle()
    assert len(store.games[restored.game_id].actions) > before
    assert restored.state != "playing" or restored.computer_to_act() is None
