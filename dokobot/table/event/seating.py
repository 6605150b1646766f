"""Drawing the tables of a round: fours, fives where needed, computers where allowed,
and from round two as few repeat meetings as possible (docs/tournament.md "Seating").

Table sizes (``plan``): people sit with people. Fours when the number divides by
four; otherwise as many tables of five as the remainder needs (the dealer sits
out at five, as at any table of five). Only when fours and fives cannot seat
everyone (1, 2, 3, 6, 7 or 11 people) do computers fill: ``ceil(n/4)`` tables,
the people spread evenly, a computer in every free seat; without computers
allowed such a number is refused.

The draw (``draw``): the cost of a seating is, over every table, the sum over
its pairs of people of the square of how often that pair has met before (two
pairs meeting a second time cost less than one pair meeting a third time),
times ``REPEAT``, plus, at a table of five or one with a computer, how often
each of its people already sat at such a table (so sitting out and the
computer seats go round). The search: a greedy fill, a steepest descent over
swaps of two people at different tables, then ``KICKS`` times two random swaps
and the descent again (kept unless dearer), from ``RESTARTS`` shuffles of one
seeded random source; the cheapest seating wins, so the same seed and history
give the same tables.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

SEATS = 4
FIVE = 5
REPEAT = 1_000_000  # one repeat meeting outweighs all odd seats there can be (200 people, 8 rounds)
RESTARTS = 8
KICKS = 40  # perturbations per restart (iterated local search)
MAX_STEPS = 500  # swaps per descent (each lowers the cost, so it ends far earlier)

Tables = tuple[tuple[int, ...], ...]  # per table the people's keys, in seat order


def plan(people: int, computers: bool) -> tuple[int, ...] | None:
    """People per table (seats: ``max(4, people)``); None when it cannot be done."""
    tables, rest = divmod(people, SEATS)
    if people > 0 and rest <= tables:
        return (FIVE,) * rest + (SEATS,) * (tables - rest)
    if not computers or people <= 0:
        return None
    count = -(-people // SEATS)
    return tuple(people // count + (1 if i < people % count else 0) for i in range(count))


@dataclass(frozen=True)
class Draw:
    tables: Tables
    repeats: int  # pairs seated together that met before, each weighted by the square of how often
    odd: int  # people at a five or a computer table, counted once for each time they sat at one before


def meetings(history: Sequence[Tables]) -> dict[frozenset[int], int]:
    """How often each pair of people sat at one table in the rounds so far."""
    met: dict[frozenset[int], int] = {}
    for tables in history:
        for table in tables:
            for a, b in combinations(table, 2):
                pair = frozenset((a, b))
                met[pair] = met.get(pair, 0) + 1
    return met


def odd_seats(history: Sequence[Tables]) -> dict[int, int]:
    """How often each person sat at a table that was not four people."""
    out: dict[int, int] = {}
    for tables in history:
        for table in tables:
            if len(table) != SEATS:
                for key in table:
                    out[key] = out.get(key, 0) + 1
    return out


def draw(people: Sequence[int], sizes: Sequence[int], history: Sequence[Tables], seed: int) -> Draw:
    """The round's tables for ``people`` (keys) at tables of ``sizes`` people (``plan``)."""
    if sum(sizes) != len(people) or len(set(people)) != len(people):
        raise ValueError("sizes must seat every person once")
    keys = sorted(people)
    cost = _Cost(keys, sizes, meetings(history), odd_seats(history))
    rng = random.Random(seed)
    best: list[list[int]] | None = None
    for _ in range(RESTARTS):
        order = list(range(len(keys)))
        rng.shuffle(order)
        groups = cost.search(cost.greedy(order), rng)
        if best is None or cost.total(groups) < cost.total(best):
            best = groups
        if cost.total(best) == 0:
            break  # nothing can be cheaper
    assert best is not None
    repeats, odd = divmod(cost.total(best), REPEAT)
    return Draw(tuple(tuple(keys[i] for i in g) for g in best), repeats, odd)


class _Cost:
    """Costs over people's indices 0..n-1: a matrix of weighted meetings, so a swap is
    priced from each person's running sum towards each table."""

    def __init__(self, keys: Sequence[int], sizes: Sequence[int], met: dict[frozenset[int], int],
                 odd: dict[int, int]) -> None:
        n = len(keys)
        self.sizes = list(sizes)
        self.odd_table = [s != SEATS for s in sizes]
        self.met = [[REPEAT * met.get(frozenset((keys[i], keys[j])), 0) ** 2 for j in range(n)] for i in range(n)]
        self.odd = [odd.get(k, 0) for k in keys]

    def total(self, groups: Sequence[Sequence[int]]) -> int:
        pairs = sum(self.met[a][b] for g in groups for a, b in combinations(g, 2))
        return pairs + sum(self.odd[p] for t, g in enumerate(groups) if self.odd_table[t] for p in g)

    def added(self, t: int, group: Sequence[int], p: int) -> int:
        return sum(self.met[p][q] for q in group) + (self.odd[p] if self.odd_table[t] else 0)

    def greedy(self, order: list[int]) -> list[list[int]]:
        """Fill table after table, each seat with the waiting person who adds the least."""
        waiting, groups = list(order), []
        for t, size in enumerate(self.sizes):
            group: list[int] = []
            while len(group) < size:
                pick = min(waiting, key=lambda p: self.added(t, group, p))
                waiting.remove(pick)
                group.append(pick)
            groups.append(group)
        return groups

    def search(self, groups: list[list[int]], rng: random.Random) -> list[list[int]]:
        """Descend, then ``KICKS`` times: two random swaps and descend again, kept unless
        dearer (so equal seatings are walked across too)."""
        now = self.descend(self.seating(groups))
        for _ in range(KICKS if len(groups) > 1 else 0):
            if now.cost == 0:
                break
            tried = now.copy()
            for _ in range(2):
                t, u = rng.sample(range(len(tried.groups)), 2)
                i, j = rng.randrange(len(tried.groups[t])), rng.randrange(len(tried.groups[u]))
                self.swap(tried, t, i, u, j)
            tried = self.descend(tried)
            if tried.cost <= now.cost:
                now = tried
        return now.groups

    def seating(self, groups: list[list[int]]) -> _Seating:
        return _Seating(groups, [[sum(row[q] for q in g) for g in groups] for row in self.met], self.total(groups))

    def descend(self, s: _Seating) -> _Seating:
        """Make the best swap of two people at different tables while one lowers the cost."""
        for _ in range(MAX_STEPS):
            move = self.best_swap(s.groups, s.near)
            if move is None:
                break
            self.swap(s, *move)
        return s

    def swap(self, s: _Seating, t: int, i: int, u: int, j: int) -> None:
        """Swap person ``i`` of table ``t`` with person ``j`` of table ``u``: the meetings
        towards both tables and the cost follow (the cost falls by the swap's gain)."""
        a, b = s.groups[t][i], s.groups[u][j]
        s.cost -= self.gain(s.near, t, a, u, b)
        s.groups[t][i], s.groups[u][j] = b, a
        for p, row in enumerate(self.met):
            s.near[p][t] += row[b] - row[a]
            s.near[p][u] += row[a] - row[b]

    def gain(self, near: list[list[int]], t: int, a: int, u: int, b: int) -> int:
        """How much cheaper the seating gets when ``a`` (at table t) and ``b`` (at u) swap."""
        odd = self.odd_table[t] - self.odd_table[u]
        return (near[a][t] + near[b][u] - near[b][t] - near[a][u] + 2 * self.met[a][b]
                + odd * (self.odd[a] - self.odd[b]))

    def best_swap(self, groups: list[list[int]], near: list[list[int]]) -> tuple[int, int, int, int] | None:
        """The swap with the largest gain (the first of equal ones), None when none gains.
        The gain of ``gain``, split into a's part, b's part and their meetings."""
        best, move = 0, None
        for t, u in combinations(range(len(groups)), 2):
            odd = self.odd_table[t] - self.odd_table[u]
            at_u = groups[u]
            theirs = [near[b][u] - near[b][t] - odd * self.odd[b] for b in at_u]
            for i, a in enumerate(groups[t]):
                na, ma = near[a], self.met[a]
                mine = na[t] - na[u] + odd * self.odd[a]
                for j, b in enumerate(at_u):
                    gain = mine + theirs[j] + 2 * ma[b]
                    if gain > best:
                        best, move = gain, (t, i, u, j)
        return move


@dataclass
class _Seating:
    """A seating being improved: the people per table, ``near[p][t]`` (p's weighted meetings
    with the people at table t) and its cost, both kept current swap by swap."""

    groups: list[list[int]]
    near: list[list[int]]
    cost: int

    def copy(self) -> _Seating:
        return _Seating([g[:] for g in self.groups], [r[:] for r in self.near], self.cost)
