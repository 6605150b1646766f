"""Export of finished games as dokobot-game/1 files, and their round trip."""

from __future__ import annotations

import json
import random
import sys
import types

import pytest

from dokobot.storage import Database, StorageError, export_channel
from tests.engine.helpers import reservations

from .gen import pool, random_game, store_game


async def _fill(db_path, seed=7):
    rng = random.Random(seed)
    players = pool(rng)
    db = await Database.open(db_path)
    t100, t200 = await db.open_table(100, 1, 1000), await db.open_table(200, 1, 1000)
    finished = [await store_game(db, t100, random_game(rng, players)) for _ in range(6)]
    await store_game(db, t200, random_game(rng, players))
    aborted = await db.create_game(t100, {}, players[:4], 0, [["CQ"]] * 4)
    await db.abort_game(aborted)
    running = await db.create_game(t100, {"preset": "haus"}, players[:4], 0, [["CQ"]] * 4)
    await db.append_action(running, 0, {"seat": 1, "reserve": "gesund"})
    return db, finished, running


async def test_export_writes_each_finished_game_once(tmp_path, db_path):
    db, finished, running = await _fill(db_path)
    out = tmp_path / "export" / "nested"
    count = await export_channel(db_path, 100, out, verify=False)  # bot still has the db open
    assert count == len(finished)
    files = sorted(out.iterdir())
    assert [f.name for f in files] == sorted(f"game-{g}.json" for g in finished)
    for game_id in finished:
        on_disk = json.loads((out / f"game-{game_id}.json").read_text("utf-8"))
        assert on_disk == await db.game_record(game_id)
        assert on_disk["format"] == "dokobot-game/1"
        assert set(on_disk) == {"format", "rules", "players", "dealer", "hands", "actions"}
    assert not (out / f"game-{running}.json").exists()  # a running game shows every hand: never exported
    await db.close()
    assert await export_channel(db_path, 555, tmp_path / "none", verify=False) == 0


async def test_export_verifies_by_replay(tmp_path, db_path, monkeypatch):
    db, finished, _ = await _fill(db_path)
    stored = {g: await db.game_result(g) for g in finished}
    await db.close()
    replayed = []

    def fake_replay(record):
        replayed.append(record)
        return next(r for g, r in stored.items() if g == finished[len(replayed) - 1])

    fake = types.ModuleType("dokobot.engine.record")
    fake.replay = fake_replay
    monkeypatch.setitem(sys.modules, "dokobot.engine.record", fake)
    assert await export_channel(db_path, 100, tmp_path / "ok") == len(finished)
    assert len(replayed) == len(finished)

    fake.replay = lambda record: {"score": [99, 0, 0, 0]}
    with pytest.raises(StorageError, match="differs from stored"):
        await export_channel(db_path, 100, tmp_path / "bad")

    def broken(record):
        raise ValueError("seat 2 must follow suit: spades")

    fake.replay = broken
    with pytest.raises(StorageError, match=r"does not replay: seat 2 must follow suit"):
        await export_channel(db_path, 100, tmp_path / "broken")


def _play_engine_game(rng):
    engine = pytest.importorskip("dokobot.engine")
    rules = engine.RuleSet.from_config({"preset": "ddv"})
    hands = engine.deal(rules, rng=rng)
    game = engine.Game(rules, hands, dealer=rng.randrange(4), players=["Nord", "Ost", "Süd", "West"])
    while game.phase != "done":
        seat = game.to_act
        if game.phase == "reserve":
            options = reservations(game, seat)
            action = next((o for o in options if o.get("reserve") == "gesund"), options[0])
        else:
            announcements = game.allowed_announcements(seat)
            if announcements and rng.random() < 0.15:
                game.apply({"seat": seat, "announce": announcements[0]})
            action = {"seat": seat, "play": rng.choice(game.legal_plays(seat))}
        game.apply(action)
    return rules, hands, game


async def test_round_trip_through_the_engine(tmp_path, db_path):
    """Store a real game action by action, export it, replay it: same result."""
    replay = pytest.importorskip("dokobot.engine.record").replay
    db = await Database.open(db_path)
    players = [{"user_id": i + 1, "name": n, "is_bot": False} for i, n in enumerate(["Nord", "Ost", "Süd", "West"])]
    table = await db.open_table(100, 1, 1, players)
    rng = random.Random(3)
    results = {}
    for _ in range(3):
        rules, hands, game = _play_engine_game(rng)
        game_id = await db.create_game(table, rules.to_config(), players, game.dealer, hands)
        for idx, action in enumerate(game.record()["actions"]):
            await db.append_action(game_id, idx, action)
        results[game_id] = game.result()
        await db.finish_game(game_id, results[game_id])
    await db.close()
    out = tmp_path / "out"
    assert await export_channel(db_path, 100, out) == 3  # verify=True: replays each
    for game_id, result in results.items():
        record = json.loads((out / f"game-{game_id}.json").read_text("utf-8"))
        assert replay(record) == result
