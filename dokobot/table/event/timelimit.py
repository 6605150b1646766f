"""The TSR time limit on a table's list (docs/tournament.md "Time limit").

When a round's time is up, a game already started is played to its end; the
list's remaining normal games are struck; players who still owe a Pflichtsolo
play it, vorgeführt one after another (the TSR carries owed Pflichtsoli on
past the limit). That is the list cut to the list games counted once the game
running at the limit is over: ``lists.before_game`` then finds no games left,
so the first owing seat from the dealer's left is vorgeführt, and the list
ends as soon as nobody owes (``lists.step``).

The cut holds from the game after ``after_game`` on: games before it replay
with the full list, so a restart derives the same marks as the live table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from dokobot.table.lists import ListGame, ListSettings, ListState, ListStep, step


def cut(settings: ListSettings, state: ListState) -> ListSettings:
    """The list after the limit: no more games than counted (at least one, so it stays a list)."""
    return replace(settings, games=max(1, min(settings.games, state.counted)))


def replay_struck(settings: ListSettings, table_id: int, history: Iterable[ListGame],
                  after_game: int) -> list[ListStep]:
    """``lists.replay_list`` with the list cut after game ``after_game`` (the game running,
    or the last one finished, when the time was up)."""
    if not settings.active:
        return []
    first = settings.start_for(table_id)
    state, now, out = ListState(first), settings, []
    for game in history:
        if game.number < first:
            continue
        if game.number > after_game and now is settings:
            now = cut(settings, state)
        s = step(now, state, game)
        out.append(s)
        state = s.after
        if s.ended is not None:
            break  # the struck list is over: the table plays no more games this round
    return out


def done_after_strike(settings: ListSettings, state: ListState, players: Sequence[int]) -> bool:
    """Whether the table is done once the game at the limit is over: nobody there owes a Pflichtsolo."""
    if not (settings.active and settings.pflichtsolo):
        return True
    return not any(state.owes(p, len(players)) for p in players)
