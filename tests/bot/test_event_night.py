"""Issue 42's acceptance: a whole Doppelkopf night through SimCord (tests/bot/helpers_night.py),
its standings checked against a computation of their own from the stored game records
(tests/bot/helpers_event.py), and that computation against the live tables' rows."""

from __future__ import annotations

from dokobot.bot.client import DokoBot
from dokobot.bot.config import Config
from dokobot.engine import replay
from dokobot.engine.actions import Play, Reserve
from dokobot.players import Skill
from dokobot.storage.memory import MemoryStore
from dokobot.table.event.standings import GameRow, compute, rows_of
from dokobot.table.event.store import EventTable
from dokobot.table.table import Table, Tables
from tests.bot.helpers import FAST
from tests.bot.helpers_event import play, recompute, record_of
from tests.bot.helpers_night import PEOPLE, Night, said, shown_equals, thread_of, whole_night
from tests.rigged import RiggedDeals


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


# ---- the night through SimCord ----------------------------------------------------------------


async def test_a_night_of_thirteen_people_over_three_rounds(simcord_env, store, deals):
    """Thirteen people, three rounds of three tables in threads, a restart in round 1 (a new
    bot on the same store), a leaver and a time limit in round 2, the thread permissions
    missing before a round; the standings shown equal the recomputed ones (helpers_night)."""

    async def restart() -> DokoBot:
        return DokoBot(Config(), store=store, rng=deals, computer_skill=FAST, computer_delay=0)

    await whole_night(simcord_env, store, restart)


async def test_the_time_limit_leaves_only_the_owed_pflichtsoli(simcord_env, store):
    """A list of six with one Pflichtsolo each: the time runs out in game 1, which is
    finished; the second normal game is struck and the four owed Pflichtsoli are still
    played (vorgeführt), one by each; then the list and the event are over."""
    night = Night(simcord_env, store, people=4)
    await night.open(runden=1, spiele=6, pflichtsolo=True, zeitlimit=1)
    await night.slash(night.host, "starten")
    ((row, table),) = await night.tables(1)
    assert table is not None
    await play(night.env, table, cards=8)
    run = (await night.event()).state.current
    assert run is not None and run.deadline is not None
    await night.env.advance_time(run.deadline - night.env.now().timestamp() + 1)
    await night.settle()
    assert said(thread_of(night, row.thread_id), "Die Zeit ist um")
    await night.play_round(1)
    event = await night.event()
    assert event.state.phase == "ended"
    games = await store.finished_games(row.table_id)
    results = [replay(record_of(g)) for g in games]
    assert [r["contract"].startswith("solo:") for r in results] == [False, True, True, True, True], results
    soloists = {g.players[r["re"][0]].user_id for g, r in zip(games[1:], results[1:], strict=True)}
    assert soloists == {p.id for p in night.people}  # each owed one, each played one
    await shown_equals(night, event, await recompute(store, night.event_id, rounds=1))
