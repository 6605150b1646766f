"""Reading a table's past back from the store: its finished games, Bock and list.

``Table.restored`` builds a table from what is here: the running totals, the
game count, the Bock rounds and the Pflichtsolo list replayed from the finished
games (``history``), and the running or last game replayed from its actions
(``replay``). Everything here reads values and returns values; only the table
writes its own fields, so this module never imports the table (no cycle).
"""

from __future__ import annotations

from dataclasses import dataclass

from dokobot.engine import Game, RuleError, RuleSet
from dokobot.table import lists
from dokobot.table.bock import BockGame, BockState, BockStep, replay_bock
from dokobot.table.event.timelimit import replay_struck
from dokobot.table.lists import ListGame, ListSettings, ListState, ListStep
from dokobot.table.store import StoredGame, TableStore


@dataclass(frozen=True)
class History:
    """A table's finished games as the store has them, replayed for Bock and the list."""

    totals: dict[int, int]  # user_id -> running total at this table
    game_no: int  # the number of the last game dealt (finished, aborted or running)
    finished: list[StoredGame]
    bock_steps: list[BockStep]
    list_steps: list[ListStep]
    list_state: ListState  # the list before the next game

    @property
    def bock(self) -> BockState:
        """The pending Bock rounds before the running / next game."""
        return self.bock_steps[-1].after if self.bock_steps else BockState()

    def steps_of(self, last: StoredGame) -> tuple[BockStep | None, ListStep | None]:
        """The Bock and list steps of ``last`` (None when it is not the last finished game:
        an aborted one, or a game played before a list began)."""
        bock = self.bock_steps[-1] if self.bock_steps and self.finished[-1].game_id == last.game_id else None
        steps = self.list_steps
        return bock, steps[-1] if steps and steps[-1].number == last.number else None


async def history(store: TableStore, table_id: int, now: ListSettings, settings: ListSettings,
                  struck_after: int | None = None) -> History:
    """The history of table ``table_id``; ``now``: the list settings that count
    (``Table.list_settings_now``), ``settings``: the table's own; ``struck_after``: an
    event's time limit cut the list after that game."""
    totals = await store.totals(table_id)
    game_no = await store.last_game_number(table_id)
    finished = await store.finished_games(table_id)
    bock_steps = replay_bock(bock_game(g) for g in finished)
    list_steps = list_steps_of(now, table_id, [list_game(g) for g in finished], struck_after)
    state = lists.state_after(list_steps, settings, table_id)
    return History(totals, game_no, finished, bock_steps, list_steps, state)


def list_steps_of(now: ListSettings, table_id: int, games: list[ListGame], struck_after: int | None) -> list[ListStep]:
    """The list's steps of the finished ``games``; cut by the time limit after game
    ``struck_after`` (``event.timelimit``) when it struck."""
    if struck_after is None:
        return lists.replay_list(now, table_id, games)
    return replay_struck(now, table_id, games, struck_after)


def state_at(steps: list[ListStep], settings: ListSettings, table_id: int, number: int) -> ListState:
    """The list after game ``number`` (the game at a time limit) and the games before it."""
    before = [s for s in steps if s.number <= number]
    return before[-1].after if before else ListState(settings.start_for(table_id))


def replay(stored: StoredGame, rules: RuleSet, pflicht: frozenset[int] = frozenset(), vorgefuehrt: int | None = None,
           owed: dict[int, tuple[str, ...]] | None = None) -> Game:
    """The stored game rebuilt from its deal and actions (raises what the engine raises
    on a game that no longer replays)."""
    game = Game(rules, stored.hands, dealer=stored.dealer, players=[p.name for p in stored.players],
                pflicht=pflicht, vorgefuehrt=vorgefuehrt, owed=owed)
    for action in stored.actions:
        game.apply(action)
    return game


def bock_factors(finished: list[StoredGame]) -> dict[int, int]:
    """Game id -> the Bock factor it counted with, replayed from the table's finished games
    in order (for games stored before the factor was: the store keeps it once replayed)."""
    steps = replay_bock(bock_game(g) for g in finished)
    return {g.game_id: s.multiplier for g, s in zip(finished, steps, strict=True)}


def bock_game(stored: StoredGame) -> BockGame:
    """A stored finished game as Bock needs it (its own rules' triggers)."""
    try:
        triggers = RuleSet.from_config(stored.rules).bock
    except RuleError:
        triggers = ()
    heart = stored.result is not None and stored.result.heart_trick
    return BockGame.from_record(triggers, stored.result, stored.actions, heart, len(stored.players))


def list_game(stored: StoredGame) -> ListGame:
    """A stored finished game as the Pflichtsolo list needs it."""
    points = {int(k): int(v) for k, v in (stored.scores or {}).items()}
    all_play = len(stored.players) == 5 and stored.rules.get("five") == "all_play"
    return ListGame(stored.number, tuple(p.user_id for p in stored.players), stored.dealer, stored.result, points,
                    stored.actions, all_play)
