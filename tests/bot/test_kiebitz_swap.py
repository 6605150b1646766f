"""The swap test of the Kiebitz (SimCord): exchanging cards not yet played between the hands
never changes any payload a watcher receives. Two tables play the same moves, one on a deal
and one on the same deal with unplayed cards exchanged between two seats; everything sent to
the watcher (the answers to the clicks, every edit of the view) is the same, byte for byte."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
import simcord.http.router

from dokobot.engine import Game, RuleSet, deal
from dokobot.engine.actions import Play, Reserve
from dokobot.table.table import FIRST_DEALER
from tests.bot.helpers import Driver, cid, components
from tests.engine.helpers import replayed_with

KEEP = ("CQ",)  # the Kreuz-Damen stay where they are: who is Re stays the same game


class Sent:
    """Every interaction answer and webhook edit the bot sends while ``on`` (the watcher's only)."""

    def __init__(self) -> None:
        self.on = False
        self.payloads: list[tuple[str, str]] = []

    def record(self, method: str, path: str, body: Any, channel_id: int) -> None:
        if self.on and path.startswith(("/interactions/", "/webhooks/")):
            text = json.dumps(body, sort_keys=True, ensure_ascii=False).replace(str(channel_id), "CH")
            self.payloads.append((method, text))


async def _step(doko: Driver, seat: int, move: Any) -> None:
    table = doko.table
    outcome = await table.act(table.seats[seat].user_id, None, move)
    presenter = doko.bot.presenter(table)
    presenter.update(outcome)
    await presenter.wait()


async def _watched(doko: Driver, sent: Sent, seat: int, moves: list[tuple[int, Any]],
                   dealt: list[list[str]]) -> list[tuple[str, str]]:
    """Open the table (kiebitz open), start on ``dealt``, let the outsider watch ``seat``, make
    ``moves``: what the watcher was sent."""
    await doko.open_and_seat()
    res = await doko.players[0].slash(doko.channel, "doko regeln", schalter="kiebitz=offen")
    assert res.ephemeral
    await doko.start()
    assert [list(doko.table.game.dealt(s)) for s in range(4)] == dealt
    sent.on, sent.payloads = True, []
    pick = await doko.outsider.click(doko.table_message(), label="Zuschauen")
    select = next(c for c in components(pick.response) if cid(c).startswith("doko:kw:seat:"))
    await doko.outsider.select(pick.response, [str(seat)], custom_id=cid(select))
    for who, move in moves:
        await _step(doko, who, move)
    sent.on = False
    return sent.payloads


def _first_moves(game: Any, rng: random.Random, cards: int) -> list[tuple[int, Any]]:
    """Everyone healthy, then ``cards`` legal cards chosen at random, on a copy of ``game``."""
    g, moves = game.copy(), []
    while g.phase == "reserve":
        moves.append((g.to_act, Reserve("gesund")))
        g.act(*moves[-1])
    for _ in range(cards):
        seat = g.to_act
        moves.append((seat, rng.choice([m for m in g.legal_actions(seat) if isinstance(m, Play)])))
        g.act(*moves[-1])
    return moves


def _swapped(game: Any, rng: random.Random) -> list[list[str]] | None:
    """The deal of ``game`` with some unplayed cards exchanged between two seats (each keeps its
    number of cards, the Kreuz-Damen stay); None when the moves made are not legal on it."""
    a, b = rng.sample(list(game.seats), 2)
    left = [c for c in game.hand(a) if c not in KEEP]
    right = [c for c in game.hand(b) if c not in KEEP]
    k = min(len(left), len(right), rng.randint(1, 3))
    give, take = rng.sample(left, k), rng.sample(right, k)
    if sorted(give) == sorted(take):
        return None
    hands = [list(game.dealt(s)) for s in range(game.n)]
    for card in give:
        hands[a].remove(card)
    for card in take:
        hands[b].remove(card)
    hands[a] += take
    hands[b] += give
    return hands if replayed_with(game, hands) is not None else None


class Recorder:
    """Wraps SimCord's dispatch: the payloads sent while a ``Sent`` is on, its channel's id hidden."""

    def __init__(self) -> None:
        self.now: tuple[Sent, int] | None = None
        self.original = simcord.http.router.dispatch

    def dispatch(self, backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        if self.now is not None:
            self.now[0].record(method, path, kwargs.get("json"), self.now[1])
        return self.original(backend, method, path, **kwargs)


def _plan(seed: int) -> tuple[list[list[str]], list[list[str]], list[tuple[int, Any]], int]:
    """A deal, the same deal with unplayed cards exchanged, the moves made on both (the first
    ``cards`` of a game played at random), and the seat watched."""
    rng = random.Random(seed)
    rules = RuleSet.from_config({"preset": "ddv"})
    while True:
        hands = deal(rules, rng)
        game = Game(rules, [list(h) for h in hands], dealer=FIRST_DEALER)
        moves = _first_moves(game, rng, rng.randrange(9, 40))
        for seat, move in moves:
            game.act(seat, move)
        other = _swapped(game, rng)
        if other is not None:
            return hands, other, moves, rng.randrange(4)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
async def test_exchanging_unplayed_cards_never_changes_what_a_watcher_receives(
        simcord_env, simcord_bot, rig_deal, monkeypatch, seed):
    hands, other, moves, seat = _plan(seed)
    assert other != hands and sorted(map(sorted, other)) != sorted(map(sorted, hands))
    rig_deal([hands, other])
    recorder = Recorder()
    monkeypatch.setattr(simcord.http.router, "dispatch", recorder.dispatch)
    seen = []
    for dealt in (hands, other):
        doko, sent = Driver(simcord_env, simcord_bot), Sent()
        recorder.now = (sent, doko.channel.id)
        seen.append(await _watched(doko, sent, seat, moves, dealt))
        recorder.now = None
    assert seen[0] == seen[1]
    views = [text for _, text in seen[0] if "Du schaust" in text]
    assert len(views) >= 2 and any("Stich 1:" in text for text in views)  # the watcher was shown tricks
