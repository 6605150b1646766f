"""The channel rating (OpenSkill Plackett-Luce): booked with the game, both stores,
the memory store alike, and ``dokobot rerate`` gives the same numbers."""

from __future__ import annotations

import functools
import random

import pytest

import dokobot.players as ai
from dokobot.cli import main
from dokobot.engine import Game, RuleSet, deal
from dokobot.storage import Database, StorageError
from dokobot.storage.memory import MemoryStore
from dokobot.storage.rating import MU, Rating, rate, rating_key
from dokobot.table.store import SeatInfo

QUICK = ai.Skill(scale=0.05)
PEOPLE = [{"user_id": 11 + i, "name": f"P{i}", "is_bot": False} for i in range(6)]
BOTS = [{"user_id": -1 - i, "name": f"Computer {i + 1} ({lv})", "is_bot": True}
        for i, lv in enumerate(("mittel", "schwer", "mittel"))]


@functools.cache
def computer_game(seed: int, players: tuple, config: None = None) -> Game:
    """A game the computers play for ``players`` (cached: the games are only read)."""
    rng = random.Random(seed)
    rules = RuleSet.from_config(config or {"preset": "ddv", "players": len(players)} if len(players) != 6
                                else {"preset": "muenchen"})
    dealer = seed % len(players)
    g = Game(rules, deal(rules, rng, dealer), dealer, [p["name"] for p in players])
    while not g.finished:
        seat = g.to_act
        for a in ai.decide(g.observation(seat), "mittel", rng, QUICK):
            g.act(seat, a)
    return g


async def book(db: Database, table: int, players: list[dict], g: Game) -> int:
    game_id = await db.create_game(table, g.rules.to_config(), players, g.dealer, g.record()["hands"])
    for i, a in enumerate(g.actions[:-1]):
        await db.append_action(game_id, i, a)
    await db.finish_game(game_id, g.game_result(), last=(len(g.actions) - 1, g.actions[-1]))
    return game_id


async def rated(db: Database, channel: int) -> dict[int, tuple[float, float, int]]:
    return {r.user_id: (r.rating.mu, r.rating.sigma, r.rating.games) for r in await db.ratings(channel)}


class frozendict(dict):  # noqa: N801 - a hashable player dict for the cache
    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items())))


FOUR = tuple(map(frozendict, PEOPLE[:4]))
MIXES = [PEOPLE[:4], [PEOPLE[0], BOTS[0], PEOPLE[2], BOTS[1]], PEOPLE[:5], [*PEOPLE[:3], *BOTS]]


async def play_sessions(db: Database) -> dict[int, list[Game]]:
    """Games at four, five (dealer out) and six, with changing partners and computers."""
    out: dict[int, list[Game]] = {}
    for channel, mix in enumerate(MIXES, start=100):
        table = await db.open_table(channel, 7, mix[0]["user_id"], mix)
        out[channel] = []
        for seed in range(4):
            g = computer_game(seed + channel, tuple(map(frozendict, mix)))
            await book(db, table, mix, g)
            out[channel].append(g)
    return out


async def test_the_winners_rise_and_the_losers_fall_in_the_finishing_transaction(db):
    table = await db.open_table(100, 7, 11, PEOPLE[:4])
    g = computer_game(1, FOUR)
    while g.game_result().winner is None or g.game_result().is_redeal:
        g = computer_game(random.randrange(1000), FOUR)
    await book(db, table, PEOPLE[:4], g)
    res = g.game_result()
    ratings = await rated(db, 100)
    winners = res.re if res.winner == "re" else res.kontra
    for seat in range(4):
        mu = ratings[PEOPLE[seat]["user_id"]][0]
        assert (mu > MU) == (seat in winners)
        assert ratings[PEOPLE[seat]["user_id"]][2] == 1
    assert await db.ratings(200) == []
    history = await db.rating_history(100, PEOPLE[0]["user_id"])
    assert [(h.mu, h.sigma) for h in history] == [ratings[PEOPLE[0]["user_id"]][:2]]


async def test_a_throw_in_is_no_game_and_the_dealer_sitting_out_is_not_rated(db):
    players = [{"user_id": 1, "name": "a"}, {"user_id": 2, "name": "b"}, {"user_id": 3, "name": "c"},
               {"user_id": 4, "name": "d"}]
    hands = [["CQ"], ["CJ"], ["HT"], ["SA"]]
    assert rate({}, players, hands, {"contract": "redeal", "re": [], "kontra": [], "winner": None}) == {}
    hands5 = [["CQ"], [], ["HT"], ["SA"], ["DA"]]
    five = [*players, {"user_id": 5, "name": "e"}]
    new = rate({}, five, hands5, {"contract": "normal", "re": [0, 2], "kontra": [3, 4], "winner": "kontra"})
    assert set(new) == {1, 3, 4, 5}
    sessions = await play_sessions(db)
    five_games = sessions[102]
    dealers = {g.dealer for g in five_games}
    counted = {k: v[2] for k, v in (await rated(db, 102)).items()}
    for seat, p in enumerate(MIXES[2]):
        played = sum(1 for g in five_games if g.dealer != seat and not g.game_result().is_redeal)
        assert counted.get(p["user_id"], 0) == played
    assert dealers  # the deal went round


async def test_computers_are_rated_per_level(db):
    await play_sessions(db)
    rows = {r.name: r for r in await db.ratings(103)}
    assert {"Computer (mittel)", "Computer (schwer)"} <= set(rows)
    assert rows["Computer (mittel)"].is_bot and not rows["P0"].is_bot
    assert rating_key(BOTS[0]) == rating_key(BOTS[2]) != rating_key(BOTS[1])
    assert "Computer 1 (mittel)" not in rows


async def test_rerate_gives_the_live_ratings_again(db):
    await play_sessions(db)
    live = {c: await rated(db, c) for c in range(100, 104)}
    history = {c: [await db.rating_history(c, p["user_id"]) for p in PEOPLE] for c in range(100, 104)}
    assert await db.rerate() == 16
    assert {c: await rated(db, c) for c in range(100, 104)} == live
    assert {c: [await db.rating_history(c, p["user_id"]) for p in PEOPLE] for c in range(100, 104)} == history
    assert any(v[0] != MU for v in live[100].values())


async def test_rerate_on_the_command_line(db_path, capsys):
    db = await Database.open(db_path)
    await play_sessions(db)
    live = await rated(db, 101)
    async with db._transaction("spoil") as conn:  # a rating gone wrong: rerate mends it
        await conn.execute("UPDATE ratings SET mu = 1.0")
    await db.close()
    import asyncio

    code = await asyncio.to_thread(main, ["rerate", "--db", str(db_path)])
    assert code == 0 and "16 games" in capsys.readouterr().out
    db = await Database.open(db_path)
    assert await rated(db, 101) == live
    await db.close()


def test_rerate_refuses_a_missing_file(tmp_path, capsys):
    assert main(["rerate", "--db", str(tmp_path / "nope.db")]) == 2
    assert "not found" in capsys.readouterr().err
    assert not (tmp_path / "nope.db").exists()


async def test_the_memory_store_rates_like_the_database(db):
    sessions = await play_sessions(db)
    mem = MemoryStore()
    for channel, mix in enumerate(MIXES, start=100):
        seats = [SeatInfo(p["user_id"], p["name"], p["is_bot"]) for p in mix]
        table = await mem.open_table(channel, 7, seats[0].user_id, seats)
        for n, g in enumerate(sessions[channel], start=1):
            gid = await mem.create_game(table, n, g.rules.to_config(), seats, g.dealer, g.record()["hands"])
            res = g.game_result()
            await mem.finish_game(gid, res, list(res.score), g.moves)
        assert await rated(mem, channel) == await rated(db, channel)  # the score book's ratings, alike


async def test_analyses_and_hints_are_kept(db):
    table = await db.open_table(100, 7, 11, PEOPLE[:4])
    g = computer_game(3, FOUR)
    gid = await book(db, table, PEOPLE[:4], g)
    assert await db.analysis(gid) is None
    await db.save_analysis(gid, {"version": 1, "curve": None, "seats": {}})
    await db.save_analysis(gid, {"version": 1, "curve": {"values": [1.5], "moments": []}, "seats": {}})
    assert (await db.analysis(gid))["curve"]["values"] == [1.5]
    assert await db.add_hint(gid, 11) == 1
    assert await db.add_hint(gid, 11) == 2
    assert await db.add_hint(gid, 12) == 1
    assert await db.hints([gid, gid + 99]) == {gid: {11: 2, 12: 1}}
    with pytest.raises(StorageError):
        await db.add_hint(gid + 99, 11)


def test_rating_ordinal_starts_at_zero():
    assert Rating().ordinal == pytest.approx(0.0)
