"""Bock rounds at the table: booked points, totals, score sheet, texts, restore."""

from __future__ import annotations

import random

import pytest

from dokobot.engine import RuleSet, deal
from dokobot.engine.record import replay
from dokobot.storage.memory import MemoryStore
from dokobot.storage.sql_store import SqlStore
from dokobot.table.bock import BockState
from dokobot.table.table import FIRST_DEALER, SEATS, Table, Tables
from dokobot.text.render import summary_text, table_text
from tests.rigged import RiggedDeals
from tests.table.helpers import first_card_result as simulate
from tests.table.helpers import play_out, step

USERS = [(11, "Nord"), (12, "Ost"), (13, "Sued"), (14, "West")]


def is_tie(res: dict) -> bool:
    return res["augen"] == {"re": 120, "kontra": 120}


def chosen_deals(preset: str, wanted: list[bool]) -> list[list[list[str]]]:
    """Hands for consecutive games (dealers FIRST_DEALER, +1, ...): a 120:120 tie where
    ``wanted`` says so, else a plain game with points and no tie."""
    rules = RuleSet.from_config({"preset": preset})
    out, seeds = [], iter(range(100_000))
    for i, tie in enumerate(wanted):
        dealer = (FIRST_DEALER + i) % SEATS
        for seed in seeds:
            hands = deal(rules, random.Random(seed))
            res = simulate(rules, hands, dealer)
            if res["contract"] != "redeal" and is_tie(res) == tie and any(res["score"]):
                out.append(hands)
                break
    return out


DEALS = RiggedDeals()


@pytest.fixture
def rig():
    """The queue of deals every Tables of the test deals from, in order."""
    global DEALS
    DEALS = RiggedDeals()
    return DEALS.queue


async def full_table(store, preset: str) -> tuple[Tables, Table]:
    tables = Tables(store, preset, rng=DEALS)
    table = await tables.open(100, 1, *USERS[0])
    for user, name in USERS[1:]:
        await table.join(user, name)
    return tables, table




def booked_of(table: Table) -> list[int]:
    return [table.last.points[p.user_id] for p in table.last.players]


@pytest.fixture(params=["memory", "sqlite"])
async def store(request, tmp_path):
    if request.param == "memory":
        yield MemoryStore()
        return
    s = await SqlStore.open(tmp_path / "doko.sqlite3")
    yield s
    await s.close()


async def test_tie_makes_the_next_four_games_double(rig, store):
    rig += chosen_deals("haus", [True, False, False, False, False, False])
    tables, table = await full_table(store, "haus")
    await table.start(11, False)
    assert table.bock_multiplier == 1 and "Bock" not in table_text(table, None)[1]
    factors, expected_totals = [], {u: 0 for u, _ in USERS}
    for number in range(1, 7):
        if number > 1:
            await table.next_game(11, number - 1)
        if number == 2:  # the public table message shows the Bock game
            body = table_text(table, None)[1]
            assert body.splitlines()[0] == "**Bock ×2 · noch 3 Bockspiele**"
            assert table_text(table, "en")[1].splitlines()[0] == "**Bock ×2 · 3 more Bock games**"
        if number == 5:
            assert table_text(table, None)[1].splitlines()[0] == "**Bock ×2 · letztes Bockspiel**"
        await play_out(table)
        fin = table.last
        score = list(fin.result.score)
        assert fin.result.replay_json() == replay(fin.record)  # the engine's result stays the plain game
        assert booked_of(table) == [p * fin.bock for p in score]
        factors.append(fin.bock)
        for i, p in enumerate(fin.players):
            expected_totals[p.user_id] += score[i] * fin.bock
        assert table.totals == expected_totals == fin.totals
        if number == 1:
            assert fin.bock_fired == ("tie",) and table.bock == BockState((4,))
            body = summary_text(fin, None)[1]
            assert "Gleichstand 120:120 – die nächste Runde ist Bock" in body
            assert "Tie 120:120 – the next round is Bock" in summary_text(fin, "en")[1]
        if number == 2:
            body = summary_text(fin, None)[1]
            assert "Punkte (Bock ×2): " in body and "Gleichstand" not in body
            assert f"{_minus(score[0] * 2)}" in body
    assert factors == [1, 2, 2, 2, 2, 1]
    assert table.bock == BockState() and table.bock_multiplier == 1
    assert await store.totals(table.table_id) == expected_totals  # the score sheet books the factor
    if isinstance(store, SqlStore):
        sheet = await store.db.score_sheet(table.table_id)
        assert [sum(abs(v) for v in row.points.values()) for row in sheet.rows] == [
            sum(abs(v) for v in g.result["score"]) * f
            for g, f in zip([await store.db.game_info(r.game_id) for r in sheet.rows], factors, strict=True)
        ]


def _minus(n: int) -> str:
    return f"{n:+d}".replace("-", "−") if n else "0"


async def test_bock_state_survives_restarts(rig, store):
    rig += chosen_deals("haus", [True, False, False, False, False])
    _, table = await full_table(store, "haus")
    await table.start(11, False)
    await play_out(table)  # game 1: the tie
    await table.next_game(11, 1)
    await play_out(table)  # game 2: Bock
    # restart between games: the summary of game 2 and the pending Bock games come back
    [again] = await Tables(store, "haus", rng=DEALS).restore()
    assert again.bock == BockState((3,)) and again.bock_multiplier == 2 and again.bock_left == 3
    assert again.last.bock == 2 and again.last.points == table.last.points
    await again.next_game(12, 2)
    # restart in the middle of game 3
    for _ in range(6):
        await step(again)
    [third] = await Tables(store, "haus", rng=DEALS).restore()
    assert third.state == "playing" and third.bock == BockState((3,)) and third.bock_left == 2
    assert table_text(third, None)[1].splitlines()[0] == "**Bock ×2 · noch 2 Bockspiele**"
    await play_out(third)
    assert third.last.bock == 2 and booked_of(third) == [p * 2 for p in third.last.result.score]
    assert third.bock == BockState((2,))
    # an aborted game consumes no Bock game
    await third.next_game(13, 3)
    await third.abort(11, False)
    [fourth] = await Tables(store, "haus", rng=DEALS).restore()
    assert fourth.bock == BockState((2,)) and fourth.last is None


async def test_ddv_has_no_bock(rig, store):
    rig += chosen_deals("ddv", [True, False])
    _, table = await full_table(store, "ddv")
    await table.start(11, False)
    await play_out(table)
    assert is_tie(table.last.result.replay_json()) and table.last.bock_fired == () and table.bock == BockState()
    assert "Bock" not in summary_text(table.last, None)[1]
    await table.next_game(11, 1)
    assert "Bock" not in table_text(table, None)[1]
    await play_out(table)
    assert table.last.bock == 1 and booked_of(table) == list(table.last.result.score)
