"""Killing the bot at any moment loses nothing (real SQLite file, no clean shutdown).

Every scenario plays the same script twice from the same deals: once without
interruption (in one server), once with the bot dropped and a new bot on a
new connection to the same database file (in another server). The results,
the dealers and the score sheets must be equal, and the buttons of messages
sent before the restart (the table message and the private hands) must work.
"""

from __future__ import annotations

import random

from dokobot.bot.client import DokoBot
from dokobot.bot.config import Config
from dokobot.engine import GameResult, RuleSet, deal
from dokobot.engine.record import replay
from dokobot.storage.sql_store import SqlStore
from tests.bot.helpers import Driver, cid, components, message_text
from tests.bot.ondisk import on_disk_store, on_disk_stores  # noqa: F401 - the fixtures store, stores


def hands(seed: int) -> list[list[str]]:
    return deal(RuleSet.from_config({"preset": "ddv"}), random.Random(seed))


class Run:
    """One play-through of the script; ``crash_at`` names the points where the bot dies."""

    def __init__(self, doko: Driver, path, stores: list[SqlStore], crash_at: set[str]) -> None:
        self.doko, self.path, self.stores, self.crash_at = doko, path, stores, crash_at
        self.crashed: list[str] = []

    async def point(self, name: str) -> bool:
        """At a crash point: drop the bot as it is and start a new one on the same file."""
        if name not in self.crash_at:
            return False
        fresh = await SqlStore.open(self.path)  # a new process opens the file anew
        self.stores.append(fresh)
        await self.doko.env.restart_bot(DokoBot(Config(), store=fresh, rng=self.doko.bot.tables.rng))
        self.crashed.append(name)
        return True

    async def click(self, prefix: str, value: str | None = None, seat: int | None = None, *, after_crash: bool) -> None:
        """One hand click; right after a crash it goes to the hand message opened before it."""
        doko = self.doko
        seat = doko.table.game.to_act if seat is None else seat
        before = len(doko.table.game.record()["actions"])
        await doko.click_hand(doko.player(seat), prefix, value)
        assert len(doko.table.game.record()["actions"]) == before + 1  # the old button did act
        if after_crash:
            await doko.open_all_hands()  # a new bot keeps no old hand views up to date

    async def game(self, *, announce: bool = False) -> dict:
        """One game: reservations, (announcements), every card; returns the result."""
        doko = self.doko
        await doko.open_all_hands()
        for i in range(4):
            crashed = await self.point(f"vorbehalt{i}")
            await self.click("reserve", "gesund", after_crash=crashed)
        await self.click("play", after_crash=await self.point("first_card"))
        if announce:
            game = doko.table.game
            re_seat = next(s for s in range(4) if "re" in game.allowed_announcements(s))
            res = await doko.player(re_seat).slash(doko.channel, "re")
            assert res.ephemeral and doko.table.game.announcements == [(re_seat, "re")]
            crashed = await self.point("announced")
            game = doko.table.game
            kontra_seat = next(s for s in range(4) if "kontra" in game.allowed_announcements(s))
            await self.click("announce", "kontra", seat=kontra_seat, after_crash=crashed)
        while doko.table.state == "playing":
            game = doko.table.game
            played = sum(len(t.cards) for t in game.tricks) + len(game.current_trick)
            await self.click("play", after_crash=await self.point(f"card{played}"))
        return doko.table.last.result.replay_json()

    async def next_game(self) -> None:
        before = self.doko.table.game_no
        await self.doko.players[0].click(self.doko.table_message(), label="Nächstes Spiel")
        assert self.doko.table.game_no == before + 1 and self.doko.table.state == "playing"


async def both(doko, simcord_env, store, stores, sqlite_path, rig_deal, crash_at, script, games=1):
    """Play ``script`` (``games`` deals) without and then with the crashes; return both runs."""
    rig_deal([hands(seed) for seed in range(11, 11 + games)] * 2)
    reference = Run(doko, sqlite_path, stores, set())
    await doko.open_and_seat()
    await doko.start()
    ref = await script(reference)
    crashing = Run(Driver(simcord_env, simcord_env.bot), sqlite_path, stores, crash_at)
    await crashing.doko.open_and_seat()
    await crashing.doko.start()
    got = await script(crashing)
    assert set(crashing.crashed) == crash_at, "every crash point was reached"
    assert got == ref
    assert seat_totals(crashing) == seat_totals(reference)
    return reference, crashing


def seat_totals(run: Run) -> list[int]:
    table = run.doko.table
    return [table.totals[s.user_id] for s in table.seats]


async def assert_stored_like(run: Run, store: SqlStore) -> None:
    """What the database holds replays to what the table shows."""
    db = run.stores[-1].db
    table = run.doko.table
    game_id = table.game_id
    record = await db.game_record(game_id)
    assert replay(record) == table.last.result.replay_json()
    assert GameResult.from_dict(await db.game_result(game_id)) == table.last.result
    sheet = await db.score_sheet(table.table_id)
    assert sheet.totals == table.totals


async def test_crash_mid_trick(doko, simcord_env, store, stores, sqlite_path, rig_deal):
    async def script(run: Run) -> dict:
        return await run.game()

    _, crash = await both(doko, simcord_env, store, stores, sqlite_path, rig_deal, {"card6"}, script)
    assert crash.doko.table_message().embeds[0].title.startswith("Spiel 1 · ")  # the same message, now the summary
    await assert_stored_like(crash, store)


async def test_crash_in_the_vorbehalt_round(doko, simcord_env, store, stores, sqlite_path, rig_deal):
    async def script(run: Run) -> dict:
        return await run.game()

    _, crash = await both(doko, simcord_env, store, stores, sqlite_path, rig_deal, {"vorbehalt0", "vorbehalt2"}, script)
    await assert_stored_like(crash, store)


async def test_crash_with_announcements_pending(doko, simcord_env, store, stores, sqlite_path, rig_deal):
    async def script(run: Run) -> dict:
        return await run.game(announce=True)

    _, crash = await both(doko, simcord_env, store, stores, sqlite_path, rig_deal, {"announced", "card9"}, script)
    result = crash.doko.table.last.result.replay_json()
    labels = {b.get("label") for b in result["breakdown"]}
    assert {"Re angesagt", "Kontra angesagt"} <= labels  # both announcements count after the restart
    assert [a for _, a in crash.doko.table.game.announcements] == ["re", "kontra"]
    await assert_stored_like(crash, store)


async def test_crash_between_games_and_right_after_dealing(doko, simcord_env, store, stores, sqlite_path, rig_deal):
    dealers: dict[str, list[int]] = {}

    async def script(run: Run) -> dict:
        results = [await run.game()]
        await run.next_game()
        results.append(await run.game())
        summary_id = run.doko.table.message_id
        if await run.point("between"):
            # The summary message of game 2 survived the restart with its buttons.
            message = run.doko.table_message()
            assert message.id == summary_id and message.embeds[0].title.startswith("Spiel 2 · ")
            assert "geht weiter" in (message.embeds[0].footer.text or "")
            res = await run.doko.players[1].click(message, label="Protokoll")
            assert res.ephemeral and res.response.attachments[0].filename.endswith("-2.json")
        await run.next_game()
        old = next(m for m in run.doko.channel.history() if m.id == summary_id)
        assert old.embeds[0].title.startswith("Spiel 2 · ") and not components(old)  # kept its summary
        await run.point("dealt")
        results.append(await run.game())
        dealers.setdefault("crash" if run.crash_at else "ref", []).append(run.doko.table.dealer)
        return {"results": results, "totals": seat_totals(run)}

    _, crash = await both(doko, simcord_env, store, stores, sqlite_path, rig_deal, {"between", "dealt"}, script, games=3)
    assert dealers["ref"] == dealers["crash"] == [1]  # game 3: the dealer moves on from game 2's
    await assert_stored_like(crash, store)
    sheet = await crash.stores[-1].db.score_sheet(crash.doko.table.table_id)
    assert [r.number for r in sheet.rows] == [1, 2, 3]


async def test_restart_notice_and_old_buttons(doko, store, stores, sqlite_path):
    await doko.open_and_seat()
    await doko.start()
    run = Run(doko, sqlite_path, stores, {"now"})
    await doko.open_all_hands()
    await run.click("reserve", "gesund", after_crash=False)
    message_id = doko.table.message_id
    assert not doko.table_message().embeds[0].footer.text
    await run.point("now")
    message = doko.table_message()
    assert message.id == message_id
    assert "das Spiel geht weiter" in message.embeds[0].footer.text
    assert any(cid(c).startswith("doko:hand:") for c in components(message))
    # The old private hand of the next player still plays.
    await run.click("reserve", "gesund", after_crash=True)
    res = await doko.players[2].click(message, label="Meine Karten")
    assert res.ephemeral and "Deine Karten" in res.response.content
    assert "Geber" in message_text(doko.table_message())
