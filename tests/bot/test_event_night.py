"""Issue 42's acceptance: a whole Doppelkopf night through SimCord, its standings checked
against a computation of their own from the stored game records (tests/bot/helpers_event.py)."""

from __future__ import annotations

from dokobot.engine.actions import Play, Reserve
from dokobot.players import Skill
from dokobot.storage.memory import MemoryStore
from dokobot.table.event.standings import GameRow, compute, rows_of
from dokobot.table.event.store import EventTable
from dokobot.table.table import Table, Tables
from tests.bot.helpers_event import recompute
from tests.rigged import RiggedDeals

PEOPLE = [(101 + i, f"Spieler {i + 1:02d}") for i in range(13)]


class _Stored:
    """The two reads the recomputation makes, over a memory store and a list of event tables."""

    def __init__(self, store: MemoryStore, tables: list[EventTable]) -> None:
        self.store, self.tables = store, tables

    async def event_tables(self, event_id: int) -> list[EventTable]:
        return [t for t in self.tables if t.event_id == event_id]

    async def finished_games(self, table_id: int) -> list[object]:
        return list(await self.store.finished_games(table_id))


async def _play_games(table: Table, games: int, rows: list[GameRow], round_no: int, table_no: int) -> None:
    """Play ``games`` games through the table (people: gesund and the first legal card; the
    computers move themselves); note each booked game's rows as the live table reports them."""
    for n in range(games):
        if n:
            await table.next_game(table.humans[0].user_id, table.game_no)
        else:
            await table.start(table.host_id, False)
        while table.state == "playing":
            await table.computers_idle()
            if table.state != "playing":
                break
            game, seat = table.game, table.game.to_act
            if table.seats[seat].is_bot:
                continue
            move = Reserve("gesund") if game.phase == "reserve" else next(
                m for m in game.legal_actions(seat) if isinstance(m, Play))
            await table.act(table.seats[seat].user_id, table.game_no, move)
        last = table.last
        assert last is not None
        rows += rows_of(7, round_no, table_no, last.players, last.result, last.points)


async def test_the_recomputation_from_stored_records_agrees_with_the_live_rows():
    """The independent computation (replaying each stored record) and the event core's
    ``compute`` over the rows the live tables report give the same standings: rank, points
    per round, totals, games and games won, people and computers apart. Round 2 leaves out
    two people (ranked by their average), a table of five sits its dealer out, a computer plays."""
    store = MemoryStore()
    tables = Tables(store, rng=RiggedDeals(11), computer_skill=Skill(scale=0.05), computer_delay=0)
    rows: list[GameRow] = []
    stored: list[EventTable] = []
    draws = {1: [PEOPLE[0:5], PEOPLE[5:9], PEOPLE[9:13]], 2: [PEOPLE[0:4], PEOPLE[4:7] + [None], PEOPLE[9:13]]}
    channel = 500
    for round_no, draw in draws.items():
        for table_no, seats in enumerate(draw, start=1):
            channel += 1
            people = [s for s in seats if s is not None]
            table = await tables.open(channel, 1, *people[0])
            for user, name in people[1:]:
                await table.join(user, name)
            if None in seats:
                await table.add_computer(people[0][0], False)
            stored.append(EventTable(7, round_no, table_no, channel, table.table_id))
            await _play_games(table, 3, rows, round_no, table_no)
            await table.close(people[0][0], False)
    names = {**dict(PEOPLE), **{r.player: f"C{r.player}" for r in rows if r.is_computer}}
    mine = await recompute(_Stored(store, stored), 7, names)
    core = compute(7, rows, names)
    assert mine.rounds == core.rounds == 2
    for got, want in ((mine.people, core.people), (mine.computers, core.computers)):
        assert [(s.rank, s.player, tuple(s.rounds), s.total, s.games, s.won) for s in got] == [
            (s.rank, s.player, s.rounds, s.total, s.games, s.won) for s in want]
    assert len(mine.people) == 13 and len(mine.computers) == 1
    assert sorted(b.player for b in mine.booked if b.round == 1) == sorted(r.player for r in rows if r.round == 1)
    games: dict[tuple[int, int, int], list[int]] = {}
    for b in mine.booked:
        games.setdefault((b.round, b.table, b.number), []).append(b.player)
    assert all(len(seats) == 4 for seats in games.values())  # at the five the dealer sat out
    assert len({p for (r, t, _), seats in games.items() if (r, t) == (1, 1) for p in seats}) == 5
