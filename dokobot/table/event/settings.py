"""What the host sets for a Doppelkopf night, checked once when the event is opened.

Every table of the event plays the same rules (a preset and switches) and the
same list (``dokobot.table.lists``): ``games`` list games per round at a table
of four, with one Pflichtsolo each by default (the DDV list, 24 games). A table
of five plays ``games * 5 // 4`` (30 for 24), so each person plays about as many
games as at four: the dealer sits out at five.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, get_args

from dokobot.engine import RuleError, RuleSet
from dokobot.table.lists import LIST_KEYS, ListSettings
from dokobot.table.switches import SETTINGS, build

from .errors import EventError

Kiebitz = Literal["off", "consent", "open"]
KIEBITZ: tuple[str, ...] = get_args(Kiebitz)
ROUNDS = (1, 8)  # rounds of an evening
GAMES = (1, 99)  # list games per round at a table of four
TIME_LIMIT = (0, 600)  # minutes per round (0: none)
DDV_GAMES = 24  # the DDV list at four (TSR 8.5)
SIX_PRESETS = ("muenchen",)  # six at a table: not drawn by an event


@dataclass(frozen=True)
class EventSettings:
    """The event's settings; build with ``EventSettings.make`` (it checks every value)."""

    rounds: int = 3
    games: int = DDV_GAMES
    pflichtsolo: bool = True
    time_limit: int = 0  # minutes per round, 0: no limit
    preset: str = "ddv"
    switches: tuple[tuple[str, Any], ...] = ()  # rule switches for every table, sorted by name
    computers: bool = False  # computers may fill seats (tables of four only, see ``seating``)
    kiebitz: Kiebitz = "consent"

    @classmethod
    def make(cls, rounds: int = 3, games: int = DDV_GAMES, pflichtsolo: bool = True, time_limit: int = 0,
             preset: str = "ddv", switches: Mapping[str, Any] | None = None, computers: bool = False,
             kiebitz: str = "consent") -> EventSettings:
        """Checked settings; ``EventError`` names the first bad value (``SwitchError`` a bad switch)."""
        _within("rounds", rounds, ROUNDS)
        _within("games", games, GAMES)
        _within("time_limit", time_limit, TIME_LIMIT)
        if kiebitz not in KIEBITZ:
            raise EventError("event.err.value", name="kiebitz", value=str(kiebitz)[:32], allowed=", ".join(KIEBITZ))
        mode: Kiebitz = "off" if kiebitz == "off" else "open" if kiebitz == "open" else "consent"
        pairs = tuple(sorted((switches or {}).items()))
        made = cls(rounds, games, pflichtsolo, time_limit, preset, pairs, computers, mode)
        made.rules_config(4)  # raises on a bad preset or switch
        return made

    def list_for(self, size: int) -> ListSettings:
        """The list a table of ``size`` plays in one round (starting at its game 1)."""
        games = self.games * size // 4 if size > 4 else self.games
        return ListSettings(games, self.pflichtsolo)

    def rules_config(self, size: int) -> dict[str, Any]:
        """A table's rules config: the preset, the switches and the list (as stored with a table)."""
        if self.preset in SIX_PRESETS:
            raise EventError("event.err.preset", preset=self.preset)
        clash = next((k for k, _ in self.switches if k in LIST_KEYS or k in SETTINGS), None)
        if clash is not None:
            raise EventError("event.err.switch", name=clash)
        try:
            config = build(self.preset, dict(self.switches))
            RuleSet.from_config(config)
        except RuleError as exc:
            raise EventError(f"err.rule.{exc.code}", **exc.params) from None
        return {**config, **self.list_for(size).overrides()}

    @property
    def round_seconds(self) -> int | None:
        return self.time_limit * 60 if self.time_limit else None


def _within(name: str, value: object, bounds: tuple[int, int]) -> None:
    lo, hi = bounds
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise EventError("event.err.value", name=name, value=str(value)[:32], allowed=f"{lo}..{hi}")
