"""Kiebitze at any table: who watches which seat of the running game, and what they are shown.

The rules of watching are ``dokobot.table.event.kiebitz`` (``check_watch``, ``Watching``,
``Delay``, ``watch_view``); this module applies them to a ``Table``: the table setting
``kiebitz`` of an event's table (``set_mode``), the delay of the running game (replayed
from its deal, so a restart gives the same), and the watchers' state as one stored value
(``WatchState``, kept with the store's bot facts under ``state_key``).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from dokobot.engine import Game

from .event.kiebitz import Delay, Watching
from .store import KIEBITZ_MODES, OpenHand
from .table import Table, TableError

KEY_PREFIX = "kiebitz:"  # bot facts: "kiebitz:<table id>" -> the JSON of a WatchState


def state_key(table_id: int) -> str:
    return f"{KEY_PREFIX}{table_id}"


async def set_mode(table: Table, mode: str) -> None:
    """The table setting ``kiebitz`` (``off`` / ``consent`` / ``open``) of ``table``, stored with
    its channel's settings (a restart reads it back). For an event's table: the event's
    ``EventSettings.kiebitz``; no host check (the event decides). ``TableError`` on a bad mode."""
    if mode not in KIEBITZ_MODES:
        raise TableError("setting_value", name="kiebitz", value=str(mode)[:32], allowed=", ".join(KIEBITZ_MODES))
    async with table.lock:
        prefs = await table.store.channel_prefs(table.channel_id)
        settings = dataclasses.replace(prefs.settings, kiebitz=mode)
        await table.store.set_channel_prefs(table.channel_id, dataclasses.replace(prefs, settings=settings))
        table.settings = dataclasses.replace(table.settings, kiebitz=mode)


def seated(table: Table) -> frozenset[int]:
    """Everyone seated at the table or playing its game (the dealer sitting out at five too)."""
    return frozenset(s.user_id for s in (*table.seats, *table.game_players))


def delay_of(game: Game) -> Delay:
    """The public moments of ``game`` at its trick boundaries: the game replayed from its deal,
    noted after every step (only public facts are kept, whichever seat's eyes note them)."""
    again = Game(game.rules, [list(game.dealt(s)) for s in range(game.n)], dealer=game.dealer,
                 players=game.players, pflicht=game.pflicht, vorgefuehrt=game.vorgefuehrt, owed=game.owed)
    eyes, delay = again.seats[0], Delay()
    for step in range(len(game.actions) + 1):
        if step:
            again.apply(game.actions[step - 1])
        if delay.wants(again.phase, bool(again.sim_trick), again.tricks_played):  # else ``note`` keeps it as is
            delay = delay.note(again.observation(eyes))
    return delay


@dataclass(frozen=True)
class WatchState:
    """The watchers of one table's game ``game_no``: who follows which seat, who has a seat's
    consent (watcher, seat), and each watcher's open view (its interaction's token edits it
    for 15 minutes, after a restart too; a secret: never logged). A new game starts with none."""

    game_no: int = 0
    watching: Watching = field(default_factory=Watching)
    consents: frozenset[tuple[int, int]] = frozenset()
    views: Mapping[int, OpenHand] = field(default_factory=dict)

    def for_game(self, game_no: int) -> WatchState:
        """This state for game ``game_no``: empty when it belongs to another game."""
        return self if self.game_no == game_no else WatchState(game_no)

    def to_json(self) -> str:
        views = {str(w): {"app": v.application_id, "token": v.token, "at": v.opened_at, "lang": v.lang}
                 for w, v in self.views.items()}
        return json.dumps({"game": self.game_no, "follows": {str(w): s for w, s in self.watching.follows.items()},
                           "consents": sorted([w, s] for w, s in self.consents), "views": views})

    @classmethod
    def from_json(cls, text: str | None, table_id: int = 0) -> WatchState:
        """The stored state; nothing (or anything unreadable) is no watcher."""
        try:
            data = json.loads(text or "{}")
            follows = {int(w): int(s) for w, s in data.get("follows", {}).items()}
            consents = frozenset((int(w), int(s)) for w, s in data.get("consents", []))
            views = {int(w): _view(table_id, int(w), v) for w, v in data.get("views", {}).items()}
            return cls(int(data.get("game", 0)), Watching(follows), consents, views)
        except (ValueError, TypeError, AttributeError, KeyError):
            return cls()


def _view(table_id: int, watcher: int, data: dict[str, Any]) -> OpenHand:
    return OpenHand(table_id, watcher, int(data["app"]), str(data["token"]), float(data["at"]),
                    lang=str(data.get("lang", "de")))
