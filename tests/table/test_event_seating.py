"""Seating a Doppelkopf night: table sizes, everyone once, and as few repeat meetings as can be."""

from __future__ import annotations

import functools
import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dokobot.table.event.seating import REPEAT, Tables, draw, meetings, odd_seats, plan


def _rounds(people: list[int], rounds: int, seed: int = 7) -> list[Tables]:
    history: list[Tables] = []
    for r in range(rounds):
        sizes = plan(len(people), False)
        assert sizes is not None
        history.append(draw(people, sizes, history, seed + r).tables)
    return history


def _cost(groups: Tables, history: list[Tables]) -> int:
    """The documented cost, computed again from the history (not by the module's matrix)."""
    met, odd = meetings(history), odd_seats(history)
    pairs = sum(met.get(frozenset(p), 0) ** 2 for g in groups for p in combinations(g, 2))
    return REPEAT * pairs + sum(odd.get(k, 0) for g in groups if len(g) != 4 for k in g)


def _cheapest(people: list[int], sizes: tuple[int, ...], history: list[Tables]) -> int:
    """The least documented cost over every way to split ``people`` into tables of ``sizes``,
    table by table (each table any group of the people left): exhaustive, with the least cost
    of the people left after the first tables remembered (the same groups, priced once)."""
    met, odd = meetings(history), odd_seats(history)
    keys = sorted(people)

    @functools.cache
    def price(group: tuple[int, ...]) -> int:
        pairs = sum(met.get(frozenset((keys[a], keys[b])), 0) ** 2 for a, b in combinations(group, 2))
        return REPEAT * pairs + (sum(odd.get(keys[i], 0) for i in group) if len(group) != 4 else 0)

    @functools.cache
    def least(left: int, k: int) -> int:  # left: a bit per index of ``keys``
        if k == len(sizes):
            return 0
        free = [i for i in range(len(keys)) if left >> i & 1]
        return min(price(g) + least(left & ~sum(1 << i for i in g), k + 1) for g in combinations(free, sizes[k]))

    return least((1 << len(keys)) - 1, 0)


def test_table_sizes_people_first_computers_only_where_needed():
    assert [n for n in range(1, 41) if plan(n, False) is None] == [1, 2, 3, 6, 7, 11]
    for n in range(4, 41):
        sizes = plan(n, False)
        if sizes is not None:
            assert sum(sizes) == n and set(sizes) <= {4, 5} and len(sizes) == n // 4
    assert plan(13, True) == (5, 4, 4)  # fives before computers
    assert plan(6, True) == (3, 3) and plan(7, True) == (4, 3) and plan(11, True) == (4, 4, 3)
    assert plan(2, True) == (2,) and plan(0, True) is None


@settings(max_examples=40, deadline=None)
@given(n=st.integers(4, 40), computers=st.booleans(), rounds=st.integers(0, 3), seed=st.integers(0, 10**6))
def test_every_entrant_is_seated_exactly_once_at_valid_tables(n, computers, rounds, seed):
    people = random.Random(seed).sample(range(10**5, 10**6), n)
    sizes = plan(n, computers)
    if sizes is None:
        assert not computers and n in (6, 7, 11)
        return
    history: list[Tables] = []
    for r in range(rounds + 1):
        tables = draw(people, sizes, history, seed + r).tables
        seated = [k for t in tables for k in t]
        assert sorted(seated) == sorted(people)
        assert [len(t) for t in tables] == list(sizes)
        assert all(len(t) in (4, 5) for t in tables) or computers
        history.append(tables)


def test_sixteen_over_three_rounds_never_meet_twice():
    history = _rounds(list(range(100, 116)), 3)
    assert max(meetings(history).values()) == 1
    assert len(meetings(history)) == 3 * 4 * 6


def test_twelve_reach_the_least_possible_repeats():
    """Twelve at three tables: round 2 must seat two people of one round-1 table together at
    every table (four people from three tables), so three repeats is the least; no pair
    meets a third time in three rounds."""
    history = _rounds(list(range(12)), 3)
    assert _cost(history[1], history[:1]) == 3 * REPEAT
    assert max(meetings(history).values()) <= 2


@pytest.mark.parametrize("n", [8, 9, 10, 12])
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), past=st.integers(1, 3))
def test_the_draw_finds_the_cheapest_seating(n, seed, past):
    """Against every possible seating: the draw's cost is the least there is."""
    rng = random.Random(seed)
    people = list(range(n))
    sizes = plan(n, False)
    assert sizes is not None
    history: list[Tables] = []
    for _ in range(past):  # a random history, not the module's own
        rng.shuffle(people)
        cut = [0]
        for s in sizes:
            cut.append(cut[-1] + s)
        history.append(tuple(tuple(people[a:b]) for a, b in zip(cut, cut[1:], strict=False)))
    got = draw(people, sizes, history, seed)
    best = _cheapest(people, sizes, history)
    assert _cost(got.tables, history) == best == got.repeats * REPEAT + got.odd


def test_the_same_seed_and_history_give_the_same_tables():
    people = list(range(20, 40))
    first = _rounds(people, 2, seed=3)
    assert _rounds(people, 2, seed=3) == first
    assert _rounds(people, 2, seed=4) != first


def test_the_five_goes_round():
    """Thirteen people (5, 4, 4): round 2 can keep the repeats at their least (four) with only
    one person of round 1's five at the five again, and so it does."""
    history = _rounds(list(range(13)), 2)
    five_1 = next(t for t in history[0] if len(t) == 5)
    five_2 = next(t for t in history[1] if len(t) == 5)
    assert _cost(history[1], history[:1]) == 4 * REPEAT + 1
    assert len(set(five_1) & set(five_2)) == 1


def test_draw_refuses_sizes_that_do_not_seat_everyone():
    with pytest.raises(ValueError):
        draw([1, 2, 3, 4, 5], (4,), [], 0)
