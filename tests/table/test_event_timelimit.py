"""The TSR time limit on a table's list: the game at the limit is finished, the rest of the
normal games struck, owed Pflichtsoli played vorgeführt, the same marks after a restart."""

from __future__ import annotations

from dokobot.engine import GameResult
from dokobot.table.event.timelimit import cut, done_after_strike, replay_struck
from dokobot.table.lists import ListGame, ListSettings, ListState, before_game, replay_list

PLAYERS = (11, 12, 13, 14)
LIST = ListSettings(24, True)


def normal(no: int, dealer: int) -> ListGame:
    res = GameResult("normal", (0, 1), (2, 3), (130, 110), (7, 5), "re", 1, (1, 1, -1, -1))
    return ListGame(no, PLAYERS, dealer, res, {11: 1, 12: 1, 13: -1, 14: -1})


def solo(no: int, dealer: int, seat: int) -> ListGame:
    score = tuple(3 if s == seat else -1 for s in range(4))
    res = GameResult("solo:damen", (seat,), tuple(s for s in range(4) if s != seat), (150, 90), (8, 4), "re", 1,
                     score, soloist=seat)
    return ListGame(no, PLAYERS, dealer, res, {PLAYERS[s]: p for s, p in enumerate(score)})


def _history_to_limit() -> list[ListGame]:
    """Ten normal games, then seat 2 (player 13) plays its Pflichtsolo on top of the list."""
    games = [normal(n, (n - 1) % 4) for n in range(1, 11)]
    return [*games, solo(11, 10 % 4, 2)]


def test_after_the_limit_only_owed_pflichtsoli_are_played_each_vorgefuehrt():
    history = _history_to_limit()
    steps = replay_struck(LIST, 1, history, after_game=11)
    assert steps[-1].mark == "pflicht" and steps[-1].after.counted == 10
    state = steps[-1].after
    struck = cut(LIST, state)
    assert struck.games == 10 and not done_after_strike(LIST, state, PLAYERS)
    assert [p for p in PLAYERS if state.owes(p)] == [11, 12, 14]
    dealer, no = 10 % 4, 12  # after a chosen Pflichtsolo the same dealer deals again
    while (last := replay_struck(LIST, 1, history, after_game=11)[-1]).ended is None:
        _, vorg = before_game(struck, last.after, PLAYERS, dealer)
        assert vorg is not None  # no normal game any more: an owing seat must play its solo
        history.append(solo(no, dealer, vorg))
        dealer, no = (dealer + 1) % 4, no + 1
    marks = [s.mark for s in replay_struck(LIST, 1, history, after_game=11)[11:]]
    assert marks == ["vorgefuehrt"] * 3 and len(history) == 14  # three owed, then the list is over
    assert replay_list(LIST, 1, history)[-1].ended is None  # the full list would have gone on


def test_games_before_the_cut_keep_their_marks():
    """A restart replays with the cut from the game after the limit on: the games before
    read exactly as the live table saw them."""
    history = _history_to_limit()
    assert replay_struck(LIST, 1, history, after_game=11) == replay_list(LIST, 1, history)


def test_nobody_owing_means_the_table_is_done_at_the_limit():
    state = ListState(1, counted=7, done=frozenset(PLAYERS))
    assert done_after_strike(LIST, state, PLAYERS)
    assert done_after_strike(ListSettings(24, False), ListState(1, counted=3), PLAYERS)
    assert cut(LIST, ListState(1)).games == 1  # a limit in the first game: that game ends the list
