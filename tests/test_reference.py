"""Worked scoring examples (seeds, TSR 7) checked against the reference itself."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from reference.gen import ref_random_illegal, ref_random_record  # noqa: E402
from reference.ref import Ctx, RefError, RefGame, make_rules, ref_replay, score_game  # noqa: E402


def _game(config, levels, tricks, contract="normal", re=(0, 1)):
    """A finished game stub: tricks = [(winner, augen)], filler cards only."""
    g = RefGame.__new__(RefGame)
    g.rules = make_rules(config)
    g.contract = contract
    g.re = set(re)
    g.n = 4
    g.order = [0, 1, 2, 3]
    g.knocks = []
    g.level = dict(levels)
    g.ctx = Ctx(g.rules, contract)
    g.tricks = [{"winner": w, "augen": a, "plays": [(w, "S9", False)], "win_card": "S9"}
                for w, a in tricks]
    aug = {"re": 0, "kontra": 0}
    cnt = {"re": 0, "kontra": 0}
    for w, a in tricks:
        p = "re" if w in g.re else "kontra"
        aug[p] += a
        cnt[p] += 1
    return g, aug, cnt


def _score(*args, **kw):
    g, aug, cnt = _game(*args, **kw)
    return score_game(g, aug, cnt)


def test_re_wins_with_re_announced():
    # won 1, Kontra under 90 +1, Re announced +2
    r = _score({"preset": "ddv"}, {"re": 1, "kontra": 0}, [(0, 151)] + [(2, 89)])
    assert (r["winner"], r["game_value"], r["score"]) == ("re", 4, [4, 4, -4, -4])


def test_kontra_beats_keine90():
    # Kontra 120 against "keine 90": won 1, gegen die Alten 1, Re 2, keine 90 1, 120 vs k90 1
    r = _score({"preset": "ddv"}, {"re": 2, "kontra": 0}, [(0, 120), (2, 120)])
    assert (r["winner"], r["game_value"]) == ("kontra", 6)


def test_only_kontra_announced_re_wins_with_120():
    r = _score({"preset": "ddv"}, {"re": 0, "kontra": 1}, [(0, 120), (2, 120)])
    assert (r["winner"], r["game_value"]) == ("re", 3)  # won 1 + Kontra announced 2


def test_seed_001_steps_example():
    # seed 001: Kontra 170, Re 70 with one Doppelkopf made by Re: Kontra gets 2
    r = _score({"preset": "ddv", "scoring": "steps"}, {"re": 0, "kontra": 0},
               [(0, 40), (0, 30)] + [(2, 34)] * 5)
    assert (r["winner"], r["game_value"]) == ("kontra", 2)


def test_no_winner_difference():
    # both said keine 90: Re 140 (120 vs Kontra's keine 90), Kontra 100: Re ahead by 1
    r = _score({"preset": "ddv"}, {"re": 2, "kontra": 2}, [(0, 140), (2, 100)])
    assert (r["winner"], r["game_value"], r["score"]) == (None, 1, [1, 1, -1, -1])


def test_solo_factor_and_schwarz():
    # soloist wins every trick: won 1, under 90/60/30 3, schwarz 1 -> 5, soloist 15
    r = _score({"preset": "ddv"}, {"re": 0, "kontra": 0}, [(0, 240)], contract="solo:damen",
               re=(0,))
    assert (r["winner"], r["game_value"], r["score"]) == ("re", 5, [15, -5, -5, -5])


def test_generated_records_are_legal_and_mutations_are_caught():
    rng = random.Random(1)
    for preset in ("ddv", "haus", "klassisch"):
        for _ in range(20):
            rec = ref_random_record(rng, {"preset": preset})
            res = ref_replay(rec)
            assert res["finished"] and sum(res["score"]) == 0
            bad, idx = ref_random_illegal(rng, rec)
            with pytest.raises(RefError) as e:
                ref_replay(bad)
            assert e.value.action == idx
