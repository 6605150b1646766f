"""The event's standings: the ranking rule with its tie-break, computers apart, the export."""

from __future__ import annotations

import csv
import io
import json
from collections import defaultdict
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from dokobot.table.event.standings import GameRow, compute, to_csv, to_json

NAMES = {1: "Anna", 2: "Ben", 3: "Cleo", 4: "Dora", 5: "Emil", -9: "Computer 1 (mittel)"}


def rows(event: int, round_no: int, table: int, points: dict[int, int], computer: tuple[int, ...] = ()) -> list[GameRow]:
    return [GameRow(event, round_no, table, k, p, k in computer) for k, p in points.items()]


def test_total_ranks_those_who_played_every_round_and_the_average_those_who_missed_one():
    data = [
        *rows(7, 1, 1, {1: 3, 2: -1, 3: -1, 4: -1}),
        *rows(7, 1, 1, {1: 1, 2: 1, 3: -1, 4: -1}),
        *rows(7, 2, 1, {1: -2, 2: 6, 3: -2, 5: -2}),  # Dora missed round 2, Emil round 1
        *rows(8, 1, 1, {1: 100, 2: 0, 3: 0, 4: 0}),  # another event
    ]
    table = compute(7, data, NAMES)
    assert table.rounds == 2
    got = [(s.rank, s.name, s.rounds, s.total, s.games) for s in table.people]
    assert got == [
        (1, "Ben", (0, 6), 6, 3),  # average 3
        (2, "Anna", (4, -2), 2, 3),  # average 1
        (3, "Cleo", (-2, -2), -4, 3),  # average -2 over two rounds: before those with one
        (4, "Dora", (-2, None), -2, 2),  # average -2, one round, no game won ...
        (4, "Emil", (None, -2), -2, 1),  # ... the same: a shared rank, listed by name
    ]
    assert table.people[2].average == Fraction(-2) and table.people[0].average == Fraction(3)


def test_equal_average_more_rounds_first_then_more_games_won():
    data = [
        *rows(1, 1, 1, {1: 2, 2: 2, 3: -2, 4: -2}),
        *rows(1, 2, 1, {1: 2, 3: -2, 4: -2, 5: 2}),
        *rows(1, 2, 1, {1: 0, 3: 4, 4: -4, 5: 0}),
    ]
    # Anna 4 over 2 rounds (avg 2), Ben 2 over 1 round (avg 2): Anna first (more rounds)
    # Emil 2 over 1 round (avg 2) and Ben 2 over 1 round, both one win: shared
    table = compute(1, data, NAMES)
    assert [(s.name, s.rank) for s in table.people[:3]] == [("Anna", 1), ("Ben", 2), ("Emil", 2)]
    data += rows(1, 1, 2, {5: 0})  # Emil plays in round 1 too: two rounds, avg 1
    table = compute(1, data, NAMES)
    assert [s.name for s in table.people[:3]] == ["Anna", "Ben", "Emil"]
    won = [*rows(2, 1, 1, {1: 2, 2: 1, 3: 0}), *rows(2, 1, 1, {1: -1, 2: 0, 3: 1})]
    # each 1 point in one round with one game won: all equal, all first
    table = compute(2, won, NAMES)
    assert [s.rank for s in table.people] == [1, 1, 1]
    more = [*rows(3, 1, 1, {1: 1, 2: 2}), *rows(3, 1, 1, {1: 1, 2: -1})]  # equal 2: Anna won twice
    assert [s.name for s in compute(3, more, NAMES).people] == ["Anna", "Ben"]


def test_computers_are_ranked_apart_and_a_leaver_keeps_the_points():
    data = [
        *rows(5, 1, 1, {1: 1, 2: 1, 3: -1, 4: -1}),
        *rows(5, 1, 1, {-9: 9, 2: -3, 3: -3, 4: -3}, computer=(-9,)),  # Anna left, a computer took over
    ]
    table = compute(5, data, NAMES)
    assert [s.name for s in table.people][-1] != "Computer 1 (mittel)"
    assert [(s.rank, s.name, s.total, s.games) for s in table.computers] == [(1, "Computer 1 (mittel)", 9, 1)]
    anna = next(s for s in table.people if s.name == "Anna")
    assert (anna.total, anna.games) == (1, 1)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 3), st.integers(1, 6), st.integers(-12, 12)), max_size=60))
def test_ranks_follow_the_written_rule(raw):
    """Computed again without the module: rank = 1 + the number of people strictly better."""
    data = [GameRow(1, r, 1, k, p) for r, k, p in raw]
    table = compute(1, data, {})
    per: dict[int, dict[int, int]] = defaultdict(dict)
    won: dict[int, int] = defaultdict(int)
    for r, k, p in raw:
        per[k][r] = per[k].get(r, 0) + p
        won[k] += p > 0
    key = {k: (-Fraction(sum(v.values()), len(v)), -len(v), -won[k]) for k, v in per.items()}
    assert {s.player for s in table.people} == set(per)
    for s in table.people:
        assert s.rank == 1 + sum(1 for other in key.values() if other < key[s.player])
        assert s.total == sum(per[s.player].values()) and s.games == sum(1 for _, k, _ in raw if k == s.player)
    assert [s.rank for s in table.people] == sorted(s.rank for s in table.people)


def test_csv_and_json_carry_the_same_standings():
    data = [*rows(4, 1, 1, {1: 2, 2: -2, 3: 2, 4: -2}), *rows(4, 2, 1, {1: 1, 2: 1, 3: -1, -9: -1}, computer=(-9,))]
    names = {**NAMES, 2: "=SUM(A1)", 3: "Cleo, the \"quick\""}
    table = compute(4, data, names)
    lines = list(csv.reader(io.StringIO(to_csv(table))))
    assert lines[0] == ["rank", "name", "player", "round_1", "round_2", "total", "average", "games", "won", "computer"]
    assert lines[1] == ["1", "Anna", "1", "2", "1", "3", "1.50", "2", "2", "0"]
    assert "'=SUM(A1)" in [line[1] for line in lines] and 'Cleo, the "quick"' in [line[1] for line in lines]
    assert lines[-1][1] == "Computer 1 (mittel)" and lines[-1][-1] == "1"
    assert [line[3] for line in lines if line[1] == "Dora"] == ["-2"]
    assert [line[4] for line in lines if line[1] == "Dora"] == [""]  # did not play round 2
    data_json = json.loads(to_json(table))
    assert data_json["event"] == 4 and data_json["rounds"] == 2 and "average" in data_json["ranking"]
    assert [p["name"] for p in data_json["people"]] == [line[1].lstrip("'") for line in lines[1:-1]]
    assert data_json["people"][0]["rounds"] == [2, 1] and data_json["computers"][0]["total"] == -1
    assert next(p for p in data_json["people"] if p["name"] == "Dora")["rounds"] == [-2, None]


def test_rows_of_a_booked_game_leave_out_the_seat_sitting_out_and_redeals():
    from dokobot.engine import GameResult
    from dokobot.table.event.standings import rows_of
    from dokobot.table.store import SeatInfo

    players = [SeatInfo(1, "Anna"), SeatInfo(2, "Ben"), SeatInfo(3, "Cleo"), SeatInfo(-9, "Computer 1", True),
               SeatInfo(5, "Emil")]
    res = GameResult("normal", (0, 1), (3, 4), (130, 110), (7, 5), "re", 2, (2, 2, 0, -2, -2))  # seat 2 sits out
    got = rows_of(3, 2, 1, players, res, {1: 4, 2: 4, 3: 0, -9: -4, 5: -4})
    assert got == [GameRow(3, 2, 1, 1, 4), GameRow(3, 2, 1, 2, 4), GameRow(3, 2, 1, -9, -4, True),
                   GameRow(3, 2, 1, 5, -4)]
    redeal = GameResult("redeal", (), (), (0, 0), (0, 0), None, 0, (0, 0, 0, 0, 0))
    assert rows_of(3, 2, 1, players, redeal, {}) == []
    table = compute(3, got, {1: "Anna", 2: "Ben", 5: "Emil", -9: "Computer 1"})
    assert [s.name for s in table.people] == ["Anna", "Ben", "Emil"] and table.computers[0].total == -4
