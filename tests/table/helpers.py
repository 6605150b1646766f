"""Helpers of the table tests: tables seated on a memory store, a settable clock, games
played through the table."""

from __future__ import annotations

import functools
from typing import Any

from dokobot.engine import Game, RuleSet
from dokobot.engine.actions import Announce, Klopfen, Play, Reserve
from dokobot.storage.memory import MemoryStore
from dokobot.table.outcome import Outcome
from dokobot.table.table import Table, Tables
from tests.rigged import RiggedDeals

USERS = [(11, "Nord"), (12, "Ost"), (13, "Sued"), (14, "West"), (15, "Fünf"), (16, "Sechs")]


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


async def seated(n: int = 4, store: MemoryStore | None = None, clock: Clock | None = None) -> tuple[Tables, Table]:
    tables = Tables(store or MemoryStore(), rng=RiggedDeals(3), computer_delay=0, clock=clock or Clock())
    table = await tables.open(100, 1, *USERS[0])
    for uid, name in USERS[1:n]:
        await table.join(uid, name)
    return tables, table


async def step(table: Table) -> None:
    """One action of whoever is to act: ``first_card``."""
    seat = table.game.to_act
    await table.act(table.seats[seat].user_id, table.game_no, first_card(table.game, seat))


def first_card(game: Game, seat: int) -> Reserve | Play:
    """What ``play_out`` and ``first_card_result`` do for ``seat``: gesund, then the first legal card."""
    return Reserve("gesund") if game.phase == "reserve" else Play(game.legal_plays(seat)[0])


async def play_out(table: Table) -> None:
    while table.state == "playing":
        await step(table)


async def list_table(store: MemoryStore, rng: RiggedDeals, **switches: object) -> tuple[Tables, Table]:
    tables = Tables(store, "ddv", rng=rng)
    table = await tables.open(100, 1, *USERS[0])
    for user, name in USERS[1:4]:
        await table.join(user, name)
    await table.set_rules(11, False, {"preset": "ddv", **switches})
    return tables, table


async def move(table: Table) -> Outcome:
    """One move of the person to act: the first legal one that is no announcement
    (gesund, and a vorgeführte seat the solo it must play)."""
    game = table.game
    seat = game.to_act
    action = next(m for m in game.legal_actions(seat) if not isinstance(m, Announce | Klopfen))
    return await table.act(table.seats[seat].user_id, table.game_no, action)


async def finish(table: Table) -> Outcome:
    """The game on the table played to its end by ``move``; the outcome that booked it."""
    number, out = table.game_no, Outcome()
    while table.state == "playing" and table.game_no == number:
        out = await move(table)
    assert out.finished is not None and out.finished.number == number
    return out


def first_card_result(rules: RuleSet, hands: list[list[str]], dealer: int) -> dict[str, Any]:
    """The result when everybody says gesund and plays the first legal card (as ``play_out``);
    read only: the Bock tests search the same seeded deals again and again (every test from
    seed 0, on both stores), so each deal is played out once per session."""
    return _first_card_result(rules, tuple(map(tuple, hands)), dealer)


@functools.cache
def _first_card_result(rules: RuleSet, hands: tuple[tuple[str, ...], ...], dealer: int) -> dict[str, Any]:
    g = Game(rules, [list(h) for h in hands], dealer=dealer)
    while g.phase != "done":
        s = g.to_act
        assert s is not None
        g.act(s, first_card(g, s))
    return g.result()
