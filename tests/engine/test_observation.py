"""A seat's observation: everything it may know, nothing of the other seats' unplayed cards."""

import dataclasses
import random

import pytest

from dokobot.engine import Game, IllegalAction, RuleSet
from dokobot.engine.announce import ANNOUNCEMENTS
from dokobot.engine.cards import CARD_CODES, DA
from dokobot.engine.observation import Observation
from dokobot.engine.randomplay import playout
from dokobot.engine.rules import SOLO_KINDS
from tests.engine.helpers import (
    PRESET_SWITCHES,
    all_gesund,
    game,
    legal_json,
    random_position,
    swapped,
)

# five all playing and six (Münchener Regeln): kleine/große Hochzeit, kleines Solo, bidding, three decks
FIVE_SIX = [{"preset": "ddv", "players": 5, "five": "all_play"}, {"preset": "haus", "players": 5},
            {"preset": "muenchen"}, {"preset": "muenchen", "hochzeit": "named_card"},
            {"preset": "muenchen", "hochzeit": "first_color_trick", "dulle": "second_wins"}]


def _positions(config, n, seed):
    rules = RuleSet.from_config(config)
    rng = random.Random(seed)
    for _ in range(n):
        g = random_position(rules, rng)
        if g.phase != "done":
            yield g, rng


@pytest.mark.parametrize("config", PRESET_SWITCHES + FIVE_SIX)
def test_swapping_other_seats_unplayed_cards_leaves_the_observation_equal(config):
    checked = 0
    for g, rng in _positions(config, 80, 1):
        for seat in g.seats:
            g2 = swapped(g, seat, rng)
            if g2 is None:
                continue
            assert g2.observation(seat) == g.observation(seat)
            checked += 1
    assert checked > 100


def test_who_was_dealt_both_fuechse_does_not_leak():
    """haus: a Fuchs moved to the other opponent changes that seat's Schwein, not my view."""
    hands = [
        "CQ CQ HT HT SQ SQ HQ HQ DQ DQ CJ CJ",
        "DA DA SJ SJ HJ HJ DJ DJ DT DT DK DK",
        "CA CA CT CT CK CK C9 C9 SA SA ST ST",
        "SK SK S9 S9 HA HA H9 H9 HK HK D9 D9",
    ]
    g = game(hands, dealer=3, preset="haus")
    all_gesund(g)
    moved = [h.split() for h in hands]
    moved[1][1], moved[2][0] = "CA", "DA"  # now nobody holds both Füchse
    g2 = game([" ".join(h) for h in moved], dealer=3, preset="haus")
    all_gesund(g2)
    assert g._schwein_problem(1, DA) is None and g2._schwein_problem(1, DA) is not None
    for seat in (0, 3):
        assert g.observation(seat) == g2.observation(seat)
    assert g.observation(1).dealt != g2.observation(1).dealt


def test_observation_is_immutable_and_hashable():
    g = game(seed=4)
    obs = g.observation(0)
    assert isinstance(obs, Observation)
    with pytest.raises(dataclasses.FrozenInstanceError):
        obs.phase = "play"  # type: ignore[misc]
    assert hash(obs) == hash(g.observation(0))
    assert obs.hand == tuple(g.hand(0)) and obs.legal_actions() == g.legal_actions(0)


def _candidates(g: Game, seat: int) -> list[dict]:
    """Every action worth trying for the seat, legal or not."""
    out: list[dict] = [{"seat": seat, "reserve": k} for k in ("gesund", "hochzeit", "armut", "schmeissen")]
    out += [{"seat": seat, "reserve": "solo", "solo": k} for k in SOLO_KINDS]
    out += [{"seat": seat, "armut_take": v} for v in (True, False)]
    out += [{"seat": seat, "klopfen": True}]
    out += [{"seat": seat, "announce": a} for a in ANNOUNCEMENTS]
    out += [{"seat": seat, "play": c} for c in CARD_CODES]
    out += [{"seat": seat, "play": c, "schwein": True} for c in CARD_CODES]
    return out


def _accepted(g: Game, action: dict) -> bool:
    try:
        g.copy().apply(action)
    except IllegalAction:
        return False
    return True


@pytest.mark.parametrize("config", PRESET_SWITCHES)
def test_legal_actions_are_exactly_what_the_engine_accepts(config):
    for g, _ in _positions(config, 40, 2):
        for seat in g.seats:
            legal = legal_json(g, seat)
            assert all(_accepted(g, a) for a in legal), legal
            keyed = [a for a in legal if "armut_give" not in a and "armut_return" not in a]
            accepted = [a for a in _candidates(g, seat) if _accepted(g, a)]
            assert sorted(map(repr, keyed)) == sorted(map(repr, accepted))
            if g.phase == "armut_give" and seat == g.to_act:
                assert len(legal) == 1
            if g.phase == "armut_return" and seat == g.to_act:
                n = len(g.armut_given)
                assert len(legal) == len({tuple(a["armut_return"]) for a in legal}) > 0
                assert all(len(a["armut_return"]) == n for a in legal)


@pytest.mark.parametrize("config", PRESET_SWITCHES + FIVE_SIX)
def test_a_game_built_from_the_observation_with_the_true_hands_plays_out_alike(config):
    checked = 0
    for g, rng in _positions(config, 60, 3):
        if g.phase != "play":
            continue
        seat = g.to_act
        hidden = {s: [t for t in range(25) for _ in range((g._hands[s] >> 2 * t) & 3)]
                  for s in g.seats if s != seat}
        built = Game.from_observation(g.observation(seat), hidden)
        assert built.observation(seat) == g.observation(seat)
        seed = rng.random()
        real = playout(g.copy(), random.Random(seed))
        sim = playout(built, random.Random(seed))
        if g.poor is None:  # Armut: a guessed dealt hand may differ (the Schwein)
            assert sim.result() == real.result()
        checked += 1
    assert checked > 10
