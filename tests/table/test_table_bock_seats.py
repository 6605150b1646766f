"""Bock rounds at five and six (rules.md: "the next round (one game per seat)
counts double"): a round is as many games as seats at the game that set it
off, and keeps that length when people come or go between games (I-sixload-1).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from dokobot.engine import GameResult, RuleSet, deal
from dokobot.storage.memory import MemoryStore
from dokobot.storage.sql_store import SqlStore
from dokobot.table.bock import BockGame, BockState, fired, replay_bock, step
from dokobot.table.table import Table, Tables
from dokobot.text.render import table_text
from tests.rigged import RiggedDeals
from tests.table.helpers import first_card_result as simulate
from tests.table.helpers import play_out

USERS = [(11, "Nord"), (12, "Ost"), (13, "Sued"), (14, "West"), (15, "Fuenf"), (16, "Sechs")]
CHANNEL = 100


def is_tie(res: dict[str, Any]) -> bool:
    """Half the Augen each: 120:120, at six 180:180."""
    return res["augen"]["re"] == res["augen"]["kontra"]


def chosen_deal(rules: RuleSet, dealer: int, tie: bool, seeds: Any) -> list[list[str]]:
    """Hands for a game of ``rules`` dealt by ``dealer``: a tie if ``tie``, else a game
    with points and no tie (never a throw-in, which is dealt again)."""
    for seed in seeds:
        hands = deal(rules, random.Random(seed), dealer)
        res = simulate(rules, hands, dealer)
        if res["contract"] != "redeal" and is_tie(res) == tie and any(res["score"]):
            return hands
    raise AssertionError("no such deal")  # pragma: no cover


@pytest.fixture(params=["memory", "sqlite"])
async def store(request, tmp_path):
    if request.param == "memory":
        yield MemoryStore()
        return
    s = await SqlStore.open(tmp_path / "doko.sqlite3")
    yield s
    await s.close()


async def seated_table(store, config: dict[str, Any], n: int) -> tuple[RiggedDeals, Table]:
    rng = RiggedDeals()
    tables = Tables(store, "ddv", rng=rng)
    await tables.set_channel_rules(CHANNEL, config)
    table = await tables.open(CHANNEL, 1, *USERS[0])
    for user, name in USERS[1:n]:
        await table.join(user, name)
    assert len(table.seats) == n
    return rng, table


async def play_games(table: Table, rng: RiggedDeals, ties: list[bool], seeds: Any) -> list[int]:
    """Play one game per entry (a tie where it says so) at the seats as they are;
    the Bock factor each game was booked with."""
    factors = []
    for tie in ties:
        n = len(table.seats)
        dealer = table._next_dealer() % n
        rng.queue.append(chosen_deal(table.game_rules(n), dealer, tie, seeds))
        if table.game_no == 0:
            await table.start(USERS[0][0], False)
        else:
            await table.next_game(USERS[0][0], table.game_no)
        assert table.game.dealer == dealer and table.game.n == n
        await play_out(table)
        fin = table.last
        assert is_tie(fin.result.replay_json()) == tie
        assert [fin.points[p.user_id] for p in fin.players] == [s * fin.bock for s in fin.result.score]
        factors.append(fin.bock)
    return factors


SIZES = [
    pytest.param({"preset": "haus"}, 4, id="four-haus"),
    pytest.param({"preset": "haus"}, 5, id="five-dealer-sits-out"),
    pytest.param({"preset": "ddv", "bock": ["tie"], "five": "all_play"}, 5, id="five-all-play"),
    pytest.param({"preset": "muenchen", "bock": ["tie"]}, 6, id="six-muenchen"),
]


@pytest.mark.parametrize(("config", "n"), SIZES)
async def test_a_tie_makes_one_game_per_seat_double(store, config, n):
    rng, table = await seated_table(store, config, n)
    seeds = iter(range(200_000))
    factors = await play_games(table, rng, [True], seeds)
    assert table.bock == BockState((n,)) and table.last.bock_fired == ("tie",)
    if n == 6:  # the Münchener Regeln: 360 Augen, the tie is 180:180
        assert table.last.result.augen == (180, 180) and table.game.rules.preset == "muenchen"
    rng.queue.append(chosen_deal(table.game_rules(n), table._next_dealer() % n, False, seeds))
    await table.next_game(11, table.game_no)
    # the table message counts the Bock games after the running one: one per seat, less this one
    assert table_text(table, None)[1].splitlines()[0] == f"**Bock ×2 · noch {n - 1} Bockspiele**"
    await play_out(table)
    factors.append(table.last.bock)
    factors += await play_games(table, rng, [False] * n, seeds)
    # game 1 the tie, then one game per seat doubled (at five with the dealer out too:
    # every seat deals once), then single again; four stays four games
    assert factors == [1] + [2] * n + [1]
    assert table.bock == BockState() and table.bock_multiplier == 1
    # a restart derives the same from the stored games
    [again] = await Tables(store, "ddv", rng=RiggedDeals()).restore()
    assert again.bock == BockState() and again.last.bock == 1


async def test_a_round_keeps_its_length_when_a_fifth_and_a_sixth_sit_down(store):
    """A round set off at four covers four games, though five and then six play them."""
    config = {"preset": "ddv", "bock": ["tie"], "five": "all_play"}
    rng, table = await seated_table(store, config, 4)
    seeds = iter(range(200_000))
    assert await play_games(table, rng, [True, False], seeds) == [1, 2]
    assert table.bock == BockState((3,))
    await table.join(*USERS[4])  # between games: five at the table
    assert table.bock == BockState((3,)) and table.bock_left == 3
    assert await play_games(table, rng, [False], seeds) == [2]
    [again] = await Tables(store, "ddv", rng=rng).restore()  # the stored games know their seats
    assert again.bock == BockState((2,)) == table.bock
    await table.join(*USERS[5])  # six now (bock switched on for the muenchen games too)
    assert await play_games(table, rng, [False, False, False], seeds) == [2, 2, 1]


async def test_a_round_set_off_at_six_stays_six_games_when_two_leave(store):
    rng, table = await seated_table(store, {"preset": "muenchen", "bock": ["tie"]}, 6)
    seeds = iter(range(200_000))
    assert await play_games(table, rng, [True, False], seeds) == [1, 2]
    assert table.bock == BockState((5,))
    await table.leave(16)
    await table.leave(15)  # four again: they play ddv with the table's bock switch
    assert table.bock == BockState((5,)) and table.bock_left == 5
    assert await play_games(table, rng, [False] * 2, seeds) == [2, 2]
    [again] = await Tables(store, "ddv", rng=rng).restore()  # the round's length comes from game 1's seats
    assert again.bock == BockState((3,)) == table.bock and again.bock_left == 3
    assert await play_games(table, rng, [False] * 4, seeds) == [2, 2, 2, 1]


async def test_a_haus_table_grown_to_six_plays_without_bock_and_ends_the_rounds(store):
    """Six play the Münchener Regeln, which have no Bock; haus's Bock does not carry over (I-sixload-2)."""
    rng, table = await seated_table(store, {"preset": "haus"}, 4)
    seeds = iter(range(200_000))
    assert await play_games(table, rng, [True], seeds) == [1]
    assert table.bock == BockState((4,))
    await table.join(*USERS[4])
    await table.join(*USERS[5])
    assert table.bock_multiplier == 1 and table.bock_left == 0  # the next game: six, no Bock
    assert not any(line.startswith("**Bock") for line in table_text(table, None)[1].splitlines())
    assert await play_games(table, rng, [False], seeds) == [1]
    assert table.game.rules.preset == "muenchen" and table.bock == BockState()
    await table.leave(16)
    assert await play_games(table, rng, [False], seeds) == [1]  # five again: haus, nothing pending


async def test_rounds_of_different_lengths_stack(store):
    """A tie at four (4 games) and then a tie at five (5 games): the overlap counts four times."""
    config = {"preset": "ddv", "bock": ["tie"], "five": "all_play"}
    rng, table = await seated_table(store, config, 4)
    seeds = iter(range(200_000))
    assert await play_games(table, rng, [True], seeds) == [1]
    await table.join(*USERS[4])
    factors = await play_games(table, rng, [True] + [False] * 6, seeds)
    # game 2 (a tie, Bock) opens a round of five: games 3-5 are in both rounds, 6-7 in the second only
    assert factors == [2, 4, 4, 4, 2, 2, 1]


# ---- the pure function (dokobot.table.bock) at five and six -------------------------------


def _result(contract: str, re: tuple[int, ...], n: int, augen: tuple[int, int], winner: str | None) -> GameResult:
    kontra = [s for s in range(n) if s not in re]
    gain = {"re": re, "kontra": kontra}.get(winner or "", [])
    score = [0 if not gain else (len(kontra) if s in gain and s in re else 1) * (1 if s in gain else -1)
             for s in range(n)]
    return GameResult.from_dict({
        "contract": contract, "re": list(re), "kontra": kontra, "augen": {"re": augen[0], "kontra": augen[1]},
        "winner": winner, "game_value": 1, "score": score,
    })


def test_the_tie_is_half_the_augen_at_every_size():
    tie = ("tie",)
    assert fired(BockGame(tie, _result("normal", (0, 1, 2), 6, (180, 180), "kontra"), seats=6)) == tie
    assert fired(BockGame(tie, _result("normal", (0, 1, 2), 6, (120, 240), "kontra"), seats=6)) == ()
    assert fired(BockGame(tie, _result("normal", (0, 1), 5, (120, 120), "kontra"), seats=5)) == tie
    assert fired(BockGame(tie, _result("normal", (0, 1), 4, (120, 120), "kontra"))) == tie


def test_a_lost_grosse_hochzeit_at_six_is_a_lost_solo_a_kleine_hochzeit_is_not():
    lost = ("lost_solo",)
    assert fired(BockGame(lost, _result("hochzeit:gross", (0, 3), 6, (150, 210), "kontra"), seats=6)) == lost
    assert fired(BockGame(lost, _result("solo:damen", (2, 4), 6, (170, 190), "kontra"), seats=6)) == lost
    assert fired(BockGame(lost, _result("hochzeit:klein", (0, 2, 4), 6, (150, 210), "kontra"), seats=6)) == ()


def test_a_round_is_one_game_per_seat_of_the_game_that_set_it_off():
    tie = _result("normal", (0, 1, 2), 6, (180, 180), "kontra")
    plain4 = _result("normal", (0, 1), 4, (151, 89), "re")
    assert step(BockState(), BockGame(("tie",), tie, seats=6)).after == BockState((6,))
    steps = replay_bock([BockGame(("tie",), tie, seats=6)] + [BockGame(("tie",), plain4)] * 7)
    assert [s.multiplier for s in steps] == [1] + [2] * 6 + [1]
    assert BockGame.from_record(("tie",), tie, [], seats=5).seats == 5 and BockGame((), None).seats == 4
