"""Kiebitz: who may watch, and a watcher's view one trick late: only played cards, never one still in a hand."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from dokobot.engine import Game, RuleSet
from dokobot.engine.cards import CARD_CODES
from dokobot.engine.randomplay import random_action
from dokobot.table.event.errors import EventError
from dokobot.table.event.kiebitz import Delay, Moment, Watching, WatchView, check_watch, watch_view
from tests.engine.helpers import PRESET_SWITCHES, random_position, replayed_with

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


def _noted(g: Game) -> tuple[Game, Delay]:
    """``g`` replayed from the deal, the delay noted after every step (as the table does)."""
    g2 = _replayed(g)
    delay = Delay().note(g2.observation(g2.seats[0]))
    for action in g.actions:
        g2.apply(action)
        delay = delay.note(g2.observation(g2.seats[0]))
    return g2, delay


def _views(g: Game) -> dict[int, WatchView]:
    """Every seat's view of ``g`` (the delay noted once: the replay does not depend on the seat)."""
    g2, delay = _noted(g)
    return {seat: watch_view(seat, g2.observation(seat), delay) for seat in g.seats}


def _view(g: Game, seat: int) -> WatchView:
    return _views(g)[seat]


def _public(g: Game) -> Moment:
    points = [0] * g.n
    for trick in g.tricks:
        points[trick.winner] += trick.augen
    return Moment(tuple(g.tricks), tuple(g.announcements), tuple(g.public_parties().get(s) for s in range(g.n)),
                  tuple(points))


@pytest.mark.parametrize("config", CONFIGS)
def test_the_view_is_the_game_a_trick_ago(config):
    checked = 0
    for g, _ in _positions(config, 60, 11):
        views = _views(g)
        before = _a_trick_ago(g) if g.phase != "done" else None
        for seat in g.seats:
            view = views[seat]
            if before is None:
                assert view.finished and view.shown == _public(g)
                continue
            assert view.shown == _public(before) and not view.finished
            assert len(view.shown.tricks) == len(g.tricks) - 1
            assert view.played() == tuple(c for t in before.tricks for s, c in t.cards if s == seat)
            assert view.said() == tuple(w for s, w in before.announcements if s == seat)
            checked += 1
    assert checked > 40


def test_every_seats_observation_notes_the_same_delay():
    """The delay keeps public facts only: noted through any seat's eyes it is the same."""
    for g, _ in _positions({"preset": "ddv", "players": 5}, 10, 16):
        g2 = _replayed(g)
        delays = [Delay() for _ in range(g2.n)]
        for action in g.actions:
            g2.apply(action)
            delays = [d.note(g2.observation(s)) for s, d in enumerate(delays)]
        assert all(d == delays[0] for d in delays) and len(delays[0].moments) >= min(len(g.tricks), 1)


def test_nothing_is_shown_before_the_first_trick_is_done():
    rules = RuleSet.from_config({"preset": "ddv"})
    rng = random.Random(3)
    g = random_position(rules, rng, stop=0.0)
    g = _replayed(g)
    while not (g.phase == "play" and g.sim_trick):
        g.act(*random_action(g, rng))
    for seat in g.seats:
        view = _view(g, seat)
        assert view.waiting and view.shown is None and view.played() == () and view.said() == ()


def _all_unplayed_permuted(g: Game, rng: random.Random) -> Game | None:
    """The same game with every unplayed card (the followed seat's too) dealt anew among all
    seats, each keeping its number of cards; replayed from the changed deal. None when the
    permutation changes nothing, the record no longer replays (a reservation or an
    announcement the new hands do not allow) or the table would have heard otherwise (an
    announcement said for the other party once a Kreuz-Dame moved: a different public game)."""
    held = {s: g.hand(s) for s in g.seats}
    pool = [c for s in g.seats for c in held[s]]
    rng.shuffle(pool)
    new, i = {}, 0
    for s in g.seats:
        new[s], i = pool[i:i + len(held[s])], i + len(held[s])
    if all(sorted(new[s]) == sorted(held[s]) for s in g.seats):
        return None
    hands = []
    for s, dealt in enumerate(g._dealt):
        cards = Counter(CARD_CODES[t] for t in dealt)
        if s in held:
            cards.subtract(held[s])
            if min(cards.values(), default=0) < 0:  # an Armut hand: cards held it was not dealt
                return None
            cards.update(new[s])
        hands.append(sorted(cards.elements()))
    g2 = replayed_with(g, hands)
    if g2 is None:
        return None
    same = g2.public_contract == g.public_contract and g2.public_parties() == g.public_parties()
    return g2 if same else None


@pytest.mark.parametrize("config", CONFIGS)
def test_dealing_all_unplayed_cards_anew_leaves_the_view_equal(config):
    """Any permutation of the unplayed cards among all seats, the followed seat's own
    included: the watcher sees the same."""
    checked = own = 0
    for g, rng in _positions(config, 60, 12):
        if g.phase == "done":
            continue
        views = _views(g)
        for seat in g.seats:
            g2 = next((x for x in (_all_unplayed_permuted(g, rng) for _ in range(6)) if x is not None), None)
            if g2 is None:
                continue
            assert _view(g2, seat) == views[seat]
            checked += 1
            own += sorted(g2.hand(seat)) != sorted(g.hand(seat))
    assert checked > 30 and own > 15


@pytest.mark.parametrize("config", CONFIGS)
def test_no_card_in_the_view_was_unplayed_at_the_point_shown(config):
    """Every card the view names was played by then: none of them is still in a hand at
    the delayed point (the followed seat's or any other), and together with those hands
    they make up the deal exactly."""
    checked = 0
    for g, _ in _positions(config, 40, 14):
        if g.phase != "play":
            continue
        before = _a_trick_ago(g)
        held = Counter(c for s in before.seats for c in before.hand(s))
        views = _views(g)
        for seat in g.seats:
            view = views[seat]
            shown = Counter(c for t in view.shown.tricks for _, c in t.cards)
            assert not set(shown) - {c for t in before.tricks for _, c in t.cards}
            assert shown + held == Counter(c for s in before.seats for c in _in_play(before, s))
            checked += 1
    assert checked > 20


def _in_play(g: Game, seat: int) -> list[str]:
    """The cards ``seat`` played or holds (after any Armut exchange)."""
    return [*g.hand(seat), *(c for t in g.tricks for s, c in t.cards if s == seat)]


@pytest.mark.parametrize("config", CONFIGS)
def test_what_the_delay_hides_never_changes_the_view(config):
    """The same game up to a trick ago, then other cards played and other announcements
    (by the followed seat too): the view is the same, though the latest trick differs."""
    checked = differed = 0
    for g, rng in _positions(config, 60, 13):
        if g.phase != "play":
            continue
        views, ago = _views(g), _a_trick_ago(g)
        for seat in g.seats:
            other = ago.copy()
            while other.phase == "play" and len(other.tricks) < len(g.tricks):
                other.act(*random_action(other, rng))
            for _ in range(rng.randrange(4)):
                if other.phase != "play" or len(other.tricks) > len(g.tricks):
                    break
                trial = other.copy()
                trial.act(*random_action(trial, rng))
                if len(trial.tricks) > len(g.tricks):
                    break
                other = trial
            if other.phase != "play" or len(other.tricks) != len(g.tricks):
                continue
            assert _view(other, seat) == views[seat]
            checked += 1
            differed += other.tricks[-1] != g.tricks[-1]
    assert checked > 30 and differed > 10


def test_a_step_not_noted_shows_nothing_rather_than_a_guess():
    for g, _ in _positions({"preset": "ddv"}, 20, 15):
        if g.phase == "play" and len(g.tricks) >= 2:
            g2, delay = _noted(g)
            short = Delay(delay.moments[:len(g.tricks) - 1])
            assert watch_view(0, g2.observation(0), short).waiting
            assert not watch_view(0, g2.observation(0), delay).waiting
            return
    raise AssertionError("no position with two tricks")
