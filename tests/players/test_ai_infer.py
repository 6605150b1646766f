"""schwer's card inference (``infer.py``): sampled hands follow what the others' play and silence say."""

from __future__ import annotations

import dataclasses
import random

from dokobot.engine import Game, RuleSet
from dokobot.engine.cards import CODE_TO_TYPE
from dokobot.players import bid, infer, search
from tests.engine.helpers import hands_with

HANDS = {0: "SA HA S9 SK HK H9 CK C9 CA DK D9 DJ",
         1: "CQ HT HT SQ HQ DQ CT ST HA SK DK D9",
         2: "CA ST CT C9 CK SJ HJ DJ SQ HQ DT DT",
         3: "CQ DA DA CJ CJ SJ HJ H9 HK S9 SA DQ"}


def _trick(last: str) -> Game:
    """Seat 0 leads DK, seat 1 shows Re with the Kreuz-Dame, seat 2 plays DJ, seat 3 ``last``."""
    g = Game(RuleSet(), [h.split() for h in hands_with(HANDS)], 3)
    while g.phase == "reserve":
        g.apply({"seat": g.to_act, "reserve": "gesund"})
    for c in ["DK", "CQ", "DJ", last]:
        g.apply({"seat": g.to_act, "play": c})
    return g


def _share(g: Game, seat: int, test, hints: infer.Hints | None, n: int = 300) -> float:
    obs = g.observation(seat)
    rng = random.Random(3)
    hits = 0
    for _ in range(n):
        sim = search.sample(obs, rng, hints=hints)
        hits += test(sim)
    return hits / n


def _holds_cq(seat: int):
    return lambda sim: "CQ" in sim.observation(seat).hand


def test_a_fuchs_smeared_onto_a_trick_points_to_the_holders_partner():
    """Seat 3 puts a Fuchs onto Re's trick: seat 0 (Kontra) then deals it the other Kreuz-Dame mostly."""
    g = _trick("DA")
    h = infer.hints(g.observation(0))
    assert [(x.seat, x.top, x.kind) for x in h.helps] == [(3, 1, "smear")]
    blind = _share(g, 0, _holds_cq(3), infer.NO_HINTS)
    seen = _share(g, 0, _holds_cq(3), None)
    assert 0.2 < blind < 0.45  # seat 1, 2 or 3: about even without the hint
    assert seen > blind + 0.12


def test_a_low_card_is_no_help_and_changes_nothing():
    g = _trick("DQ")
    assert infer.hints(g.observation(0)).helps == ()


def test_a_forced_smear_is_no_hint():
    """A seat with no cheaper legal card had no choice: every deal keeps its weight."""
    g = _trick("DA")
    obs = g.observation(0)
    h = dataclasses.replace(infer.hints(obs), silent=())  # the smear alone
    types = lambda s: [CODE_TO_TYPE[c] for c in s.split()]  # noqa: E731
    only_tens = {1: types("HT HT SQ HQ DQ CT ST HA SK DK D9"), 2: types("CA ST CT C9 CK SJ HJ CQ SQ HQ DT"),
                 3: types("DA CA CJ CJ SJ HJ H9 HK S9 SA DQ")}
    assert infer.weight(h, obs, only_tens) == infer.HELP_WEIGHT  # seat 3 had cheap trumps: Kontra is unlikely
    only_tens[3] = types("DT DT CA CK C9 H9 HK S9 SK SA HA")  # its only trumps: two tens
    assert infer.weight(h, obs, only_tens) == 1.0


def test_a_silent_seat_rarely_holds_a_re_or_kontra_hand():
    """Nobody announced after the first trick: seat 2's sampled hands are weaker than without the rule."""
    g = _trick("DQ")
    obs = g.observation(0)
    played = [CODE_TO_TYPE[c] for c in obs.played_by(2)]

    def strong(sim: Game) -> bool:
        dealt = list(sim.observation(2).hand) + [c for c in obs.played_by(2)]
        assert len(dealt) == 12 and played
        return bid.normal_strength(bid.mask_of(dealt), obs.rules) >= infer.SILENT_AT
    blind = _share(g, 0, strong, infer.NO_HINTS, 200)
    seen = _share(g, 0, strong, None, 200)
    assert seen < blind - 0.1  # all three seats are silent: the trumps still go somewhere


def test_no_hints_outside_the_normal_game():
    """In a solo the parties are known: the card play says nothing about them."""
    g = Game(RuleSet(), [h.split() for h in hands_with(HANDS)], 3)
    g.apply({"seat": 0, "reserve": "solo", "solo": "damen"})
    while g.phase == "reserve":
        g.apply({"seat": g.to_act, "reserve": "gesund"})
    assert g.phase == "play" and g.soloist == 0
    for _ in range(4):
        g.apply({"seat": g.to_act, "play": g.legal_plays(g.to_act)[-1]})
    assert infer.hints(g.observation(1)) is infer.NO_HINTS
