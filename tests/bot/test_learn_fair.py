"""Fair work for the analyses and the Tipp (issue 41), through Discord on virtual time.

The worker is a fake executor (``Worker``): it counts the analyses and Tipps it is
given and takes ``WORK`` virtual seconds for each, so a queue forms while people
click, and only ``advance_time`` lets the work go on. On a real SQLite file:
``/doko protokoll spiel:N`` of an earlier table's games needs the database.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from dokobot.bot.client import DokoBot
from dokobot.bot.config import Config
from dokobot.bot.learn import WANTED, Learn
from dokobot.engine import Observation
from dokobot.players.analysis import TEST_BUDGET, VERSION, Tip, analyse, tip
from dokobot.storage.sql_store import SqlStore
from dokobot.table.store import StoredGame
from tests.bot.helpers import FAST, cid, components

WORK = 60.0  # virtual seconds per analysis or Tipp: beyond SimCord's settling, so a job waits for advance_time
# the analyses the fake executor computed, by the record without its names (``old_games`` copies
# one game under other names; the names are no part of an analysis): each game's is computed once
ANALYSED: dict[str, str] = {}


class Worker:
    """A fake executor: which analyses and Tipps it did, each ``WORK`` virtual seconds long."""

    def __init__(self) -> None:
        self.jobs: list[tuple[str, ...]] = []  # an analysis' game, by its players' names
        self.tips = 0
        self.busy = self.most = 0  # analyses at once: now, and at most

    def serve(self, learn: Learn) -> Worker:
        learn.compute = self.analysis  # type: ignore[method-assign]
        learn.compute_tip = self.tip  # type: ignore[method-assign]
        return self

    async def analysis(self, record: dict[str, Any]) -> dict[str, Any]:
        self.jobs.append(tuple(record["players"]))
        self.busy += 1
        self.most = max(self.most, self.busy)
        try:
            await asyncio.sleep(WORK)
        finally:
            self.busy -= 1
        key = json.dumps({k: v for k, v in record.items() if k != "players"}, sort_keys=True)
        if key not in ANALYSED:
            ANALYSED[key] = json.dumps(analyse(record, TEST_BUDGET))
        return json.loads(ANALYSED[key])  # a fresh copy each time, as from another process

    async def tip(self, obs: Observation) -> Tip | None:
        self.tips += 1
        await asyncio.sleep(WORK)
        return tip(obs, TEST_BUDGET)


@pytest.fixture
async def store(tmp_path):
    store = await SqlStore.open(tmp_path / "doko.sqlite3")
    yield store
    await store.close()


@pytest.fixture
def simcord_bot(store, deals) -> DokoBot:
    return running_bot(store, deals)


def running_bot(store, rng) -> DokoBot:
    bot = DokoBot(Config(), store=store, computer_skill=FAST, computer_delay=0, rng=rng)
    bot.learn.auto = True  # as the running bot: every game analysed, its curve with the summary
    return bot


def said(res) -> list[str]:
    return [m.content for m in (res.response, *res.followups) if m is not None]


def curves(res) -> list[str]:
    return [a.filename for m in res.followups for a in m.attachments]


def answer(res):
    return res.followups[-1] if res.followups else res.response


async def play(doko) -> None:
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    await doko.play_out()


async def first_game(doko) -> StoredGame:
    """The channel's first game, played and analysed (by the bot's own quick worker)."""
    await doko.open_and_seat()
    await doko.start()
    await play(doko)
    await doko.bot.learn.idle()
    [game] = await doko.bot.store.finished_games(doko.table.table_id)
    return game


async def old_games(store, channel, guild_id: int, source: StoredGame, n: int) -> list[tuple[str, ...]]:
    """An earlier table of ``channel`` with ``n`` finished games, none analysed (as after an
    upgrade): copies of ``source``, each with its own names (the worker tells them apart)."""
    db = store.db
    table_id = await db.open_table(channel.id, guild_id, source.players[0].user_id)
    names = []
    for k in range(1, n + 1):
        players = [{"user_id": p.user_id, "name": f"{p.name}{k}", "is_bot": p.is_bot} for p in source.players]
        game_id = await db.create_game(table_id, source.rules, players, source.dealer, source.hands, number=k)
        for idx, action in enumerate(source.actions):
            await db.append_action(game_id, idx, action)
        await db.finish_game(game_id, source.result, source.scores)
        names.append(tuple(p["name"] for p in players))
    await db.close_table(table_id)
    return names


def names_of(doko) -> tuple[str, ...]:
    return tuple(s.name for s in doko.table.seats)


async def test_one_persons_hundred_requests_delay_another_channels_summary_by_one_analysis(doko, store):
    source = await first_game(doko)
    alt = doko.guild.create_text_channel("alt")
    old = await old_games(store, alt, doko.guild.id, source, 10)
    worker = Worker().serve(doko.bot.learn)

    asked = [await doko.outsider.slash(alt, "doko protokoll", spiel=i % 10 + 1) for i in range(100)]
    assert worker.jobs == [old[0]]  # the first runs; asking for it again waits along
    refusals = [r for r in asked if said(r)[1:] == ["Du wartest schon auf eine Analyse. Frag nach der nächsten,"
                                                    " sobald sie da ist."]]
    assert len(refusals) == 90 and all(r.followups[-1].ephemeral for r in refusals)
    for n, person in enumerate(doko.players[1:], start=1):  # a backlog in that channel: one request each
        res = await person.slash(alt, "doko protokoll", spiel=n + 1)
        assert said(res)[1:] == [f"Deine Analyse wartet, {n} vor dir. Sie kommt hierher, sobald sie fertig ist."]

    await doko.players[0].click(doko.table_message(), label="Nächstes Spiel")  # the table plays on
    await play(doko)
    assert len(worker.jobs) == 1 and "doko-curve.png" not in attachments(doko.table_message())
    await doko.env.advance_time(WORK)  # the one running analysis ends: the table's summary is next
    assert worker.jobs == [old[0], names_of(doko)]
    await doko.env.advance_time(WORK)
    await doko.bot.presenter(doko.table).wait()
    assert "doko-curve.png" in attachments(doko.table_message())

    await doko.env.advance_time(3 * WORK)
    assert worker.jobs == [old[0], names_of(doko), old[1], old[2], old[3]] and worker.most == 1
    assert [curves(r) for r in asked if r not in refusals] == [["doko-curve-1.png"]] * 10  # each asker answered


def attachments(message) -> list[str]:
    return [a.filename for a in message.attachments]


async def test_queued_and_busy_answers_in_german_and_english(doko, store, locales):
    source = await first_game(doko)
    alt = doko.guild.create_text_channel("alt")
    await old_games(store, alt, doko.guild.id, source, 7)
    worker = Worker().serve(doko.bot.learn)
    doko.bot.learn.queue.bound = 2
    nord, ost, sued, west = doko.players
    kiebitz = doko.outsider
    locales[ost.id] = locales[west.id] = "en-US"

    first = await nord.slash(alt, "doko protokoll", spiel=1)  # runs at once: nothing to wait for
    assert len(said(first)) == 1 and said(first)[0].startswith("Protokoll von Spiel 1:") and len(worker.jobs) == 1
    res = await ost.slash(alt, "doko protokoll", spiel=2)
    assert said(res)[1:] == ["Your analysis is queued, 1 ahead of it. It will appear here once it is ready."]
    res = await sued.slash(alt, "doko protokoll", spiel=3)
    assert said(res)[1:] == ["Deine Analyse wartet, 2 vor dir. Sie kommt hierher, sobald sie fertig ist."]
    res = await west.slash(alt, "doko protokoll", spiel=4)
    assert said(res)[1:] == ["Too many analyses are waiting right now. Try again in a few minutes."]
    res = await kiebitz.slash(alt, "doko protokoll", spiel=5)
    assert said(res)[1:] == ["Gerade warten zu viele Analysen. Versuch es in ein paar Minuten noch einmal."]
    res = await ost.slash(alt, "doko protokoll", spiel=6)
    assert said(res)[1:] == ["You are already waiting for an analysis. Ask for the next one once it has arrived."]
    assert all(m.ephemeral for m in res.followups)

    await doko.env.advance_time(3 * WORK)
    assert len(worker.jobs) == 3 and curves(first) == ["doko-curve-1.png"]
    res = await west.slash(alt, "doko protokoll", spiel=4)  # room again: nothing ahead
    assert len(said(res)) == 1 and res.response.attachments
    await doko.env.advance_time(WORK)
    assert curves(res) == ["doko-curve-4.png"] and len(worker.jobs) == 4


def tip_button(doko, actor) -> str:
    [button] = [cid(c) for c in components(doko.hand_view(actor)) if cid(c).startswith("doko:tipp:")]
    return button


async def test_fifty_tipp_clicks_are_one_computation_and_one_count(doko, store):
    await doko.open_and_seat()
    await doko.players[0].slash(doko.channel, "doko regeln", schalter="tipps=ja")
    await doko.start()
    worker = Worker().serve(doko.bot.learn)
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    seat = doko.table.game.to_act
    actor = doko.player(seat)
    clicks = [await actor.click(doko.hand_view(actor), custom_id=tip_button(doko, actor)) for _ in range(50)]
    assert worker.tips == 1 and all(r.deferred for r in clicks)  # each one "thinking", waiting for the one
    await doko.env.advance_time(WORK)
    shown = {answer(r).content for r in clicks}
    assert len(shown) == 1 and shown.pop().endswith("Dein 1. Tipp in diesem Spiel; die Liste zählt mit.")
    again = await actor.click(doko.hand_view(actor), custom_id=tip_button(doko, actor))  # known: at once
    assert answer(again).content == answer(clicks[0]).content and worker.tips == 1
    game_id = doko.table.game_id
    assert await store.hints([game_id]) == {game_id: {actor.id: 1}}

    await doko.click_hand(actor, "play")  # the next decision of that seat is a new Tipp
    while doko.table.game.to_act != seat:
        await doko.click_hand(doko.player(doko.table.game.to_act), "play")
    res = await actor.click(doko.hand_view(actor), custom_id=tip_button(doko, actor))
    await doko.env.advance_time(WORK)
    assert worker.tips == 2 and "Dein 2. Tipp" in answer(res).content
    assert await store.hints([game_id]) == {game_id: {actor.id: 2}}


async def test_a_restart_does_the_interrupted_analyses_again(doko, store):
    source = await first_game(doko)
    alt = doko.guild.create_text_channel("alt")
    old = await old_games(store, alt, doko.guild.id, source, 3)
    worker = Worker().serve(doko.bot.learn)
    res = await doko.players[1].slash(alt, "doko protokoll", spiel=2)  # runs when the bot goes down
    await doko.players[0].click(doko.table_message(), label="Nächstes Spiel")
    await play(doko)  # its summary waits for the worker too
    game_id = await store.db.find_game(alt.id, 2)
    assert worker.jobs == [old[1]] and await store.analysis(game_id) is None
    assert json.loads((await store.bot_states(WANTED))[f"{WANTED}{game_id}"])["number"] == 2
    summary = doko.table.game_id

    bot = running_bot(store, doko.bot.tables.rng)
    after = Worker().serve(bot.learn)
    await doko.env.restart_bot(bot)
    assert len(after.jobs) == 1 and after.jobs[0] in (old[1], names_of(doko))  # one at a time
    await doko.env.advance_time(2 * WORK)
    assert sorted(after.jobs) == sorted([old[1], names_of(doko)])  # nobody asked twice
    assert (await store.analysis(game_id))["version"] == VERSION
    assert (await store.analysis(summary))["version"] == VERSION
    assert await store.bot_states(WANTED) == {}  # answered: not done a third time
    await bot.presenter(doko.table).wait()
    assert "doko-curve.png" in attachments(doko.table_message())
    assert curves(res) == []  # the old process's answer was cut off; the next click finds it stored


async def test_analyse_waits_in_line_with_the_summary_and_says_so(doko, store, locales):
    source = await first_game(doko)
    alt = doko.guild.create_text_channel("alt")
    old = await old_games(store, alt, doko.guild.id, source, 2)
    worker = Worker().serve(doko.bot.learn)
    nord, ost, sued, west = doko.players
    locales[west.id] = "en-US"
    await doko.outsider.slash(alt, "doko protokoll", spiel=1)  # runs
    await ost.slash(alt, "doko protokoll", spiel=2)  # waits: Ost has one waiting
    await nord.click(doko.table_message(), label="Nächstes Spiel")
    await play(doko)  # its summary waits for the running one only
    clicks = {p.id: await p.click(doko.table_message(), label="Analyse") for p in (nord, ost, west)}
    assert [m.content for m in (clicks[nord.id].response, clicks[west.id].response)] == [
        "Deine Analyse wartet, 1 vor dir. Sie kommt hierher, sobald sie fertig ist.",
        "Your analysis is queued, 1 ahead of it. It will appear here once it is ready."]
    refused = clicks[ost.id].response
    assert refused.ephemeral and refused.content.startswith("Du wartest schon auf eine Analyse.")
    assert len(worker.jobs) == 1
    await doko.env.advance_time(2 * WORK)
    assert worker.jobs[1:] == [names_of(doko), old[1]]  # they joined the summary: computed once; Ost's is next
    titles = [clicks[p.id].followups[-1].embeds[0].title for p in (nord, west)]
    assert titles == ["Deine Analyse von Spiel 2", "Your analysis of game 2"]
    again = await sued.click(doko.table_message(), label="Analyse")  # stored: at once
    assert again.response.embeds[0].title == "Deine Analyse von Spiel 2" and len(worker.jobs) == 3
