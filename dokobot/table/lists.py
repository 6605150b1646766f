"""Lists and Pflichtsoli (rules.md "Lists and Pflichtsoli", TSR 4.2 and 8.6): a table matter.

A list is ``games`` list games long. With ``pflichtsolo`` every seated player
owes one Pflichtsolo in it. Like Bock, the state is never stored: ``replay_list``
derives it from the table's finished games in order (live and at a restore),
starting at the game the host set the list up for.

Readings (docs/rules-interpretations.md I-lists-*):

- A player's first declared solo (``solo:*``) in the list is the Pflichtsolo;
  a stille Hochzeit or a Hochzeit without partner is none. So no seat plays a
  Lustsolo before its own Pflichtsolo: an owing seat's solo is booked as the
  Pflichtsolo, and the hand offers it as such.
- A Pflichtsolo the seat chose is played on top of the list: it is no list
  game, and the same dealer deals again. A vorgeführtes Solo is one of the
  list's games: the deal moves on after it.
- Vorführen: when the players of the next game still owing a Pflichtsolo are
  at least as many as the list games left, the first of them from the
  dealer's left is vorgeführt in that game.
- A redeal or an aborted game is no game: it changes nothing.
- The list is over when its games are played and nobody owes a Pflichtsolo;
  the next game starts a new list.

Six at the table (I-sixlist-*): every seat owes a großes and a kleines
Pflichtsolo. A seat that owes reserves only a size it owes, and as Pflicht (the
engine's ``owed``); a seat that owes none only a Lustsolo. The soli owed (two
per seat at most) count against the games left; the vorgeführte seat plays a
size it still owes. The soloist comes from the record's reservations and bids.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from dokobot.engine import GameResult
from dokobot.engine.contracts import is_solo
from dokobot.engine.record import declared_soloist

SEATS = 4
SIX = 6
SIZES = ("gross", "klein")  # the two Pflichtsoli of a seat at six
ONE = ("solo",)  # the one Pflichtsolo of a seat at four and five
LIST_KEYS = ("list_games", "pflichtsolo", "list_start")  # kept with a channel's rule switches


@dataclass(frozen=True)
class ListSettings:
    """The table switches ``list_games`` and ``pflichtsolo`` and where the list began."""

    games: int = 0  # 0: open end, no list
    pflichtsolo: bool = False
    start_table: int = 0  # the table the list was set up at ...
    start_game: int = 1  # ... and its first game number there (another table: from its game 1)

    @property
    def active(self) -> bool:
        return self.games > 0

    def start_for(self, table_id: int) -> int:
        return self.start_game if self.start_table == table_id else 1

    def overrides(self) -> dict[str, Any]:
        """As stored with the channel's rule switches."""
        if not self.active and not self.pflichtsolo:
            return {}
        return {"list_games": self.games, "pflichtsolo": self.pflichtsolo,
                "list_start": [self.start_table, self.start_game]}

    @classmethod
    def split(cls, config: Mapping[str, Any]) -> tuple[dict[str, Any], ListSettings]:
        """A table's config into the engine's rules and the list settings."""
        rules = {k: v for k, v in config.items() if k not in LIST_KEYS}
        games = config.get("list_games", 0)
        start = config.get("list_start", [0, 1])
        try:
            table, first = int(start[0]), int(start[1])
        except (TypeError, ValueError, IndexError):
            table, first = 0, 1
        ok = isinstance(games, int) and not isinstance(games, bool) and games >= 0
        return rules, cls(games if ok else 0, config.get("pflichtsolo") is True, table, first)


@dataclass(frozen=True)
class ListGame:
    """One game of the table, as the list needs it."""

    number: int
    players: tuple[int, ...]  # user ids by seat
    dealer: int
    result: GameResult | None  # None: aborted (no game)
    points: Mapping[int, int] = field(default_factory=dict)  # user id -> booked points
    actions: Sequence[Mapping[str, Any]] = ()  # the record's actions (a result stored without its soloist)
    all_play: bool = False  # five with ``five: all_play``: the dealer plays too


@dataclass(frozen=True)
class ListState:
    """The running list before the next game."""

    start: int = 1  # the first game number of this list
    counted: int = 0  # list games played
    done: frozenset[int] = frozenset()  # players who played their Pflichtsolo (at six: both)
    totals: tuple[tuple[int, int], ...] = ()  # (user id, points in this list)
    same_dealer: bool = False  # the last game was a chosen Pflichtsolo: the dealer deals again
    played: frozenset[tuple[int, str]] = frozenset()  # six: (player, size) of Pflichtsoli played

    def points(self) -> dict[int, int]:
        return dict(self.totals)

    def owes(self, user: int, n: int = SEATS) -> tuple[str, ...]:
        """The Pflichtsoli the player still owes: ``SIZES`` at six, ``ONE`` elsewhere."""
        if user in self.done:
            return ()
        return tuple(k for k in SIZES if (user, k) not in self.played) if n == SIX else ONE


@dataclass(frozen=True)
class ListStep:
    """What one game was in the list."""

    number: int
    pflicht: frozenset[int]  # seats whose solo is their Pflichtsolo in this game
    vorgefuehrt: int | None  # the seat that must play its Pflichtsolo in this game
    mark: str | None  # "pflicht" | "vorgefuehrt" | None
    list_game: int  # its number in the list (0: a game on top of the list or no game)
    after: ListState
    ended: tuple[tuple[int, int], ...] | None = None  # the final ranking when this game ended the list
    total: int = 0  # the list's length
    size: str | None = None  # six: the size of the Pflichtsolo played ("gross" | "klein")


def seat_order(dealer: int, n: int = SEATS, all_play: bool = False) -> list[int]:
    """The seats playing a game, from the dealer's left (at five the dealer sits out unless all play)."""
    order = [(dealer + 1 + i) % n for i in range(n)]
    return order[:-1] if n == SEATS + 1 and not all_play else order


def owing(settings: ListSettings, state: ListState, players: Sequence[int], dealer: int,
          all_play: bool = False) -> list[int]:
    """The seats playing this game whose player still owes a Pflichtsolo, from the dealer's left."""
    if not (settings.active and settings.pflichtsolo):
        return []
    return [s for s in seat_order(dealer, len(players), all_play) if state.owes(players[s], len(players))]


def owed_sizes(settings: ListSettings, state: ListState, players: Sequence[int]) -> dict[int, tuple[str, ...]]:
    """Six: seat -> the sizes its player still owes (empty: no Pflichtsolo list), the engine's ``owed``."""
    if not (settings.active and settings.pflichtsolo):
        return {}
    return {s: k for s, p in enumerate(players) if (k := state.owes(p, SIX))}


def before_game(settings: ListSettings, state: ListState, players: Sequence[int],
                dealer: int, all_play: bool = False) -> tuple[frozenset[int], int | None]:
    """The Pflichtsolo seats and the vorgeführte seat of a game dealt now."""
    owe = owing(settings, state, players, dealer, all_play)
    if not owe:
        return frozenset(), None
    # the owing players of the table (one sitting out at five owes as well) against the games left
    owing_all = sum(len(state.owes(p, len(players))) for p in players)
    left = settings.games - state.counted
    vorg = owe[0] if owing_all >= left else None
    return frozenset(owe), vorg


def _soloist(game: ListGame) -> tuple[int, str] | None:
    """The seat that declared a solo and its size ("solo" at four and five); a Hochzeit is none."""
    res = game.result
    if res is None or not is_solo(res.contract):
        return None
    seat = res.soloist
    if seat is None:  # a result stored before it carried the soloist: the engine reads the record
        seat = declared_soloist(game.actions)
    if seat is None or seat not in res.re:
        return None
    return seat, (res.size or "gross") if len(game.players) == SIX else ONE[0]


def step(settings: ListSettings, state: ListState, game: ListGame) -> ListStep:
    pflicht, vorg = before_game(settings, state, game.players, game.dealer, game.all_play)
    res = game.result
    if res is None or res.is_redeal:
        return ListStep(game.number, pflicht, vorg, None, 0, replace(state, same_dealer=False), None, settings.games)
    solo = _soloist(game)
    mark = size = None
    done, played, n = state.done, state.played, len(game.players)
    if solo is not None and solo[0] in pflicht:
        user = game.players[solo[0]]
        if solo[1] in state.owes(user, n):
            mark = "vorgefuehrt" if solo[0] == vorg else "pflicht"
            size = solo[1] if n == SIX else None
            played = played | {(user, solo[1])}
            if all((user, k) in played for k in state.owes(user, n)):
                done, played = done | {user}, frozenset(x for x in played if x[0] != user)
    counted = state.counted + (0 if mark == "pflicht" else 1)
    totals = state.points()
    for user, pts in game.points.items():
        totals[user] = totals.get(user, 0) + int(pts)
    after = ListState(state.start, counted, done, tuple(totals.items()), mark == "pflicht", played)
    number = 0 if mark == "pflicht" else counted
    seated = set(game.players)
    if counted >= settings.games and not (settings.pflichtsolo and seated - done):
        ranking = tuple(sorted(totals.items(), key=lambda kv: -kv[1]))
        return ListStep(game.number, pflicht, vorg, mark, number, ListState(game.number + 1), ranking,
                        settings.games, size)
    return ListStep(game.number, pflicht, vorg, mark, number, after, None, settings.games, size)


def replay_list(settings: ListSettings, table_id: int, history: Iterable[ListGame]) -> list[ListStep]:
    """Every list game's step in order (games before the list's start are left out)."""
    if not settings.active:
        return []
    first = settings.start_for(table_id)
    state, out = ListState(first), []
    for game in history:
        if game.number < first:
            continue
        s = step(settings, state, game)
        out.append(s)
        state = s.after
    return out


def state_after(steps: Sequence[ListStep], settings: ListSettings, table_id: int) -> ListState:
    return steps[-1].after if steps else ListState(settings.start_for(table_id))
