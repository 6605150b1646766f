"""Kiebitz: who may watch, and a watcher's view one trick late, never another seat's card."""

from __future__ import annotations

import random

import pytest

from dokobot.engine import Game, RuleSet
from dokobot.engine.cards import CARD_CODES
from dokobot.engine.randomplay import random_action
from dokobot.table.event.errors import EventError
from dokobot.table.event.kiebitz import Watching, check_watch, watch_view
from tests.engine.helpers import PRESET_SWITCHES, random_position, swapped

CONFIGS = [*PRESET_SWITCHES, {"preset": "ddv", "players": 5}, {"preset": "ddv", "players": 5, "five": "all_play"}]


def _positions(config: dict, n: int, seed: int):
    """Games stopped in the play (at least one trick done) or over."""
    rules = RuleSet.from_config(config)
    rng = random.Random(seed)
    for _ in range(n):
        g = random_position(rules, rng, stop=0.1)
        if g.phase == "done" or (g.phase == "play" and g.tricks):
            yield g, rng


def _replayed(g: Game) -> Game:
    return Game(g.rules, [[CARD_CODES[t] for t in h] for h in g._dealt], g.dealer)


def _a_trick_ago(g: Game) -> Game:
    """The game when the trick before the latest complete one began (the start of the play for
    the first): replayed from the deal, stopped at the first such moment."""
    want = len(g.tricks) - 1
    g2 = _replayed(g)
    for action in g.actions:
        if g2.phase == "play" and len(g2.tricks) == want and not g2.sim_trick:
            break
        g2.apply(action)
    assert g2.phase == "play" and len(g2.tricks) == want and not g2.sim_trick
    return g2


# ---- who may watch ----------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["off", "consent", "open"])
def test_nobody_seated_in_the_game_may_watch(mode):
    seated = [11, 12, 13, 14, 15]  # at five: the dealer sitting out is seated too
    for who in seated:
        with pytest.raises(EventError) as err:
            check_watch(mode, who, seated, computer=True, consented=True)
        assert err.value.key == "kiebitz.err.seated"


def test_the_switch_says_who_else_may_watch():
    seated = [11, 12, 13, 14]
    with pytest.raises(EventError, match="kiebitz.err.off"):
        check_watch("off", 99, seated, computer=True, consented=True)
    with pytest.raises(EventError, match="kiebitz.err.consent"):
        check_watch("consent", 99, seated, computer=False, consented=False)
    check_watch("consent", 99, seated, computer=False, consented=True)
    check_watch("consent", 99, seated, computer=True, consented=False)  # a computer has no say
    check_watch("open", 99, seated, computer=False, consented=False)


def test_a_watcher_who_takes_a_seat_stops_watching():
    w = Watching().follow(21, 0).follow(22, 3).follow(21, 1)
    assert w.count() == 2 and w.follows[21] == 1
    after, gone = w.without_seated([11, 22, 13, 14])
    assert gone == (22,) and after.follows == {21: 1} and after.stop(21).count() == 0


# ---- what a watcher is shown ------------------------------------------------------------------


@pytest.mark.parametrize("config", CONFIGS)
def test_the_view_is_the_seat_a_trick_ago(config):
    checked = 0
    for g, _ in _positions(config, 60, 11):
        for seat in g.seats:
            view = watch_view(g.observation(seat))
            if g.phase == "done":
                assert view.finished and view.tricks == tuple(g.tricks) and view.hand == ()
                continue
            before = _a_trick_ago(g)
            assert view.hand == tuple(before.hand(seat)) and view.tricks == tuple(before.tricks)
            assert not view.waiting and len(view.tricks) == len(g.tricks) - 1
            checked += 1
    assert checked > 40


def test_nothing_is_shown_before_the_first_trick_is_done():
    rules = RuleSet.from_config({"preset": "ddv"})
    rng = random.Random(3)
    g = random_position(rules, rng, stop=0.0)
    g = _replayed(g)
    while not (g.phase == "play" and g.sim_trick):
        g.act(*random_action(g, rng))
    for seat in g.seats:
        view = watch_view(g.observation(seat))
        assert view.waiting and view.hand == () and view.tricks == ()


@pytest.mark.parametrize("config", CONFIGS)
def test_swapping_other_seats_unplayed_cards_leaves_the_view_equal(config):
    checked = 0
    for g, rng in _positions(config, 60, 12):
        if g.phase == "done":
            continue
        for seat in g.seats:
            g2 = swapped(g, seat, rng)
            if g2 is None:
                continue
            assert watch_view(g2.observation(seat)) == watch_view(g.observation(seat))
            checked += 1
    assert checked > 30


@pytest.mark.parametrize("config", CONFIGS)
def test_what_the_delay_hides_never_changes_the_view(config):
    """The same game up to a trick ago, then other cards played (by the followed seat too):
    the view is the same, though the latest trick differs."""
    checked = differed = 0
    for g, rng in _positions(config, 60, 13):
        if g.phase != "play":
            continue
        for seat in g.seats:
            other = _a_trick_ago(g)
            while other.phase == "play" and len(other.tricks) < len(g.tricks):
                other.act(*random_action(other, rng, announce_rate=0.0))
            for _ in range(rng.randrange(4)):
                if other.phase != "play" or len(other.tricks) > len(g.tricks):
                    break
                trial = other.copy()
                trial.act(*random_action(trial, rng, announce_rate=0.0))
                if len(trial.tricks) > len(g.tricks):
                    break
                other = trial
            if other.phase != "play" or len(other.tricks) != len(g.tricks):
                continue
            assert watch_view(other.observation(seat)) == watch_view(g.observation(seat))
            checked += 1
            differed += other.tricks[-1] != g.tricks[-1]
    assert checked > 30 and differed > 10


@pytest.mark.parametrize("config", CONFIGS)
def test_a_watcher_only_ever_sees_the_followed_seats_cards(config):
    """The hand shown and the seat's cards in the tricks shown are exactly the seat's own
    cards (its hand now and what it played): none of another seat's."""
    checked = 0
    for g, _ in _positions(config, 30, 14):
        if g.phase != "play":
            continue
        for seat in g.seats:
            obs = g.observation(seat)
            view = watch_view(obs)
            shown = [*view.hand, *(c for t in view.tricks for s, c in t.cards if s == seat)]
            assert sorted(shown) == sorted([*obs.hand, *obs.played_by(seat)])
            checked += 1
    assert checked > 20
