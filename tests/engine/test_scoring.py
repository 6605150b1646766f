"""Worked scoring examples, each reasoned from TSR 7 as rules.md states it.

Seats 0 and 2 are Re unless said otherwise; ``augen``/``won`` are per seat.
"""

import pytest

from tests.engine.helpers import finished


def result(**kw):
    return finished(**kw).result()


def labels(r):
    return sorted((x["party"], x["label"], x.get("points")) for x in r["breakdown"])


def split(re_augen, re_tricks=6):
    """Augen and tricks per seat for Re = 0, 2 holding everything on seat 0 and 1."""
    return {"augen": {0: re_augen, 1: 240 - re_augen},
            "won": {0: re_tricks, 1: 12 - re_tricks}}


# (description, kwargs, winner, game value) -- reasoning in the comment of each line
CASES = [
    # 1. Re 151: won 1, Kontra under 90 1 = 2
    ("re 151", dict(**split(151)), "re", 2),
    # 2. Re 121 exactly: won 1
    ("re 121", dict(**split(121)), "re", 1),
    # 3. 120:120, nothing said: Kontra needs 120: won 1 + gegen die Alten 1 = 2
    ("tie goes to kontra", dict(**split(120)), "kontra", 2),
    # 4. Only Kontra said: Re needs 120 -> Re wins: won 1 + Kontra said 2 = 3
    ("only kontra said, re 120", dict(levels=(-1, 0), **split(120)), "re", 3),
    # 5. Only Kontra said, Kontra 121: Kontra wins: won 1 + Kontra 2 + gegen die Alten 1 = 4
    ("only kontra said, kontra 121", dict(levels=(-1, 0), **split(119)), "kontra", 4),
    # 6. Re said, Re 120: Kontra wins: 1 + Re 2 + Alten 1 = 4
    ("re said, re 120", dict(levels=(0, -1), **split(120)), "kontra", 4),
    # 7. Re and Kontra said, Re 130: 1 + 2 + 2 = 5
    ("re and kontra, re 130", dict(levels=(0, 0), **split(130)), "re", 5),
    # 8. Re keine 90, Re 151: 1 + under 90 1 + Re 2 + keine 90 1 = 5
    ("re k90 made", dict(levels=(1, -1), **split(151)), "re", 5),
    # 9. Re keine 90, Re 150: Kontra has 90 and wins: 1 + Re 2 + k90 1 + Alten 1 = 5
    ("re k90 missed by one", dict(levels=(1, -1), **split(150)), "kontra", 5),
    # 10. Re keine 90, Kontra 120: 1 + 2 + 1 + 120 gegen keine 90 1 + Alten 1 = 6
    ("re k90, kontra 120", dict(levels=(1, -1), **split(120)), "kontra", 6),
    # 11. Re keine 60, Kontra 100: 1 + 2 + k90 1 + k60 1 + 90 gegen keine 60 1 + Alten 1 = 7
    ("re k60, kontra 100", dict(levels=(2, -1), **split(140)), "kontra", 7),
    # 12. Re schwarz, Kontra one trick of 0 Augen: Kontra wins: 1 + 2 + 4 steps + Alten 1 = 8
    ("re schwarz, kontra one empty trick", dict(levels=(4, -1), augen={0: 240, 1: 0},
                                                 won={0: 11, 1: 1}), "kontra", 8),
    # 13. Re schwarz made: 1 + under 90/60/30/schwarz 4 + Re 2 + 4 steps = 11
    ("re schwarz made", dict(levels=(4, -1), augen={0: 240}, won={0: 12}), "re", 11),
    # 14. Kontra keine 90 only: Kontra needs 151, Re 90 wins: 1 + Kontra 2 + k90 1 = 4
    ("kontra k90, re 90", dict(levels=(-1, 1), **split(90)), "re", 4),
    # 15. Kontra keine 90, Re 89: Kontra 151 wins: 1 + under 90 1 + 2 + 1 + Alten 1 = 6
    ("kontra k90 made", dict(levels=(-1, 1), **split(89)), "kontra", 6),
    # 16. Re and Kontra said, Re 29 Augen: Kontra: 1 + under 90,60,30 3 + 2 + 2 + Alten 1 = 9
    ("re under 30", dict(levels=(0, 0), **split(29)), "kontra", 9),
    # 17. Re keine 90 and Kontra keine 90, Re 140: no one reaches 151 -> no winner.
    #     Re earned 120 gegen keine 90 (1); Kontra (100) earned nothing: Re ahead by 1.
    ("both k90, no winner", dict(levels=(1, 1), **split(140)), None, 1),
    # 18. Re keine 60 (needs 181) with 170, Kontra keine 30 (needs 211) with 70: no winner.
    #     Re: Kontra under 90 (1), 120/90/60 against k90/k60/k30 (3) = 4; Kontra: 70 vs
    #     Re's k90 (120) no, vs k60 (90) no -> 0. Re ahead by 4.
    ("k60 vs k30, no winner", dict(levels=(2, 3), **split(170)), None, 4),
    # 19. Both keine 90, Re 120 : Kontra 120: each earned 120 gegen keine 90 -> difference 0.
    ("both k90 at 120", dict(levels=(1, 1), **split(120)), None, 0),
]


@pytest.mark.parametrize("name, kw, winner, value", CASES, ids=[c[0] for c in CASES])
def test_worked_examples(name, kw, winner, value):
    r = result(**kw)
    assert r["winner"] == winner
    assert r["game_value"] == value
    # Re (seats 0, 2) gets the value when it wins, or is ahead in every no-winner case here.
    v = value if winner in ("re", None) else -value
    assert r["score"] == [v, -v, v, -v]


def test_no_winner_kontra_ahead_gets_the_difference():
    # Re keine 90 (needs 151) with 100, Kontra keine 60 (needs 181) with 140:
    # Kontra: 120 gegen keine 90 (1); Re: 100 >= 90 gegen keine 60 (1) -> 0; make Kontra 150:
    # Re 90: 90 gegen keine 60 (1); Kontra 150 >= 120 (1) -> 0 too. Re 80 (Kontra 160):
    # Re: 80 < 90 nothing; Kontra: under 90 (1) + 120 gegen keine 90 (1) = 2 -> Kontra +2.
    r = result(levels=(1, 2), **split(80))
    assert r["winner"] is None and r["game_value"] == 2
    assert r["score"] == [-2, 2, -2, 2]


def test_extras_net_against_the_points():
    # Re wins 125 (1). Kontra caught a Fuchs from Re and made a Doppelkopf (trick of 44);
    # Re made Karlchen: 1 + 1 - 2 = 0.
    tricks = [
        (0, [(0, "DA"), (1, "DT"), (2, "D9"), (3, "DK")], 1),           # Fuchs caught by Kontra
        (1, [(1, "CA"), (2, "CA"), (3, "CT"), (0, "CT")], 1),           # 42 Augen: Doppelkopf
        (0, [(0, "CJ"), (1, "D9"), (2, "C9"), (3, "S9")], 0),           # last trick: Karlchen
    ]
    r = result(tricks=tricks, **split(125))
    assert r["winner"] == "re" and r["game_value"] == 0 and r["score"] == [0, 0, 0, 0]
    assert ("kontra", "Fuchs gefangen", 1) in labels(r) and ("kontra", "Doppelkopf", 1) in labels(r)
    assert ("re", "Karlchen", 1) in labels(r)


def test_losers_extras_can_make_the_value_negative():
    tricks = [
        (0, [(0, "DA"), (1, "DT"), (2, "DA"), (3, "DK")], 1),   # two Füchse of Re caught by Kontra
        (1, [(1, "CA"), (2, "CA"), (3, "CT"), (0, "CT")], 1),   # Doppelkopf for Kontra
    ]
    r = result(tricks=tricks, **split(121))
    assert r["winner"] == "re" and r["game_value"] == 1 - 3
    assert r["score"] == [-2, 2, -2, 2]


def test_fuchs_of_own_party_is_no_extra_and_karlchen_needs_the_winning_jack():
    tricks = [
        (0, [(0, "DA"), (1, "D9"), (2, "DT"), (3, "DK")], 2),   # partner takes own Fuchs
        (0, [(0, "CJ"), (1, "SQ"), (2, "C9"), (3, "S9")], 1),   # last: CJ played but SQ wins
    ]
    r = result(tricks=tricks, **split(130))
    assert r["game_value"] == 1


def test_solo_scores_points_only_and_triples_for_the_soloist():
    tricks = [(0, [(0, "CA"), (1, "CA"), (2, "CT"), (3, "CT")], 0)]  # a Doppelkopf: no extra in a solo
    r = result(contract="solo:buben", re=(0,), tricks=tricks, augen={0: 125, 1: 115}, won={0: 6, 1: 6})
    assert r["winner"] == "re" and r["game_value"] == 1 and r["score"] == [3, -1, -1, -1]
    assert r["re"] == [0] and r["kontra"] == [1, 2, 3]


def test_lost_solo_no_gegen_die_alten():
    # Soloist said Re and has 100: Kontra wins: 1 + Re 2 = 3 (no Alten in a solo).
    r = result(contract="solo:karo", re=(1,), levels=(0, -1), augen={1: 100, 0: 140}, won={1: 5, 0: 7})
    assert r["winner"] == "kontra" and r["game_value"] == 3
    assert r["score"] == [3, -9, 3, 3]


def test_stille_hochzeit_and_hochzeit_alone_are_scored_as_solo():
    for contract in ("stille_hochzeit", "hochzeit"):
        r = result(contract=contract, re=(2,), augen={2: 150, 0: 90}, won={2: 8, 0: 4})
        assert r["game_value"] == 1 and r["score"] == [-1, -1, 3, -1], contract


def test_hochzeit_with_partner_and_armut_are_normal_games():
    for contract in ("hochzeit", "armut"):
        r = result(contract=contract, re=(0, 1), augen={0: 100, 2: 140}, won={0: 5, 2: 7})
        assert r["winner"] == "kontra" and r["game_value"] == 2  # won + gegen die Alten
        assert r["score"] == [-2, -2, 2, 2]


def test_base_and_zero_sum_switches():
    assert result(base=2, **split(151))["score"] == [4, -4, 4, -4]
    assert result(zero_sum=False, **split(151))["score"] == [2, 0, 2, 0]
    r = result(contract="solo:damen", re=(3,), zero_sum=False, augen={3: 100, 0: 140}, won={3: 4, 0: 8})
    assert r["score"] == [1, 1, 1, 0]


def test_extras_switched_off_do_not_count():
    tricks = [(1, [(1, "CA"), (2, "CA"), (3, "CT"), (0, "CT")], 1)]
    r = result(tricks=tricks, extras=[], **split(130))
    assert r["game_value"] == 1
    r = result(extras=["doppelkopf"], **split(80))
    assert r["game_value"] == 2  # won + under 90, no gegen die Alten without the switch


def test_steps_scheme_seed_example():
    # Seed 001: Kontra 170, Re 70, one Doppelkopf made by Re: Kontra gets 2
    # (under 120 and under 90 = 2, against the Alten 1, Re's Doppelkopf -1).
    tricks = [(0, [(0, "CA"), (1, "CT"), (2, "CA"), (3, "CT")], 0)]
    for extras in (["gegen_die_alten", "doppelkopf"], ["doppelkopf"]):
        r = result(scoring="steps", extras=extras, tricks=tricks, **split(70))
        assert r["winner"] == "kontra" and r["game_value"] == 2, extras


@pytest.mark.parametrize("levels, pi, six, target", [
    ((-1, -1), 0, False, (121, 0)), ((-1, -1), 1, False, (120, 0)),
    ((0, 0), 0, False, (121, 0)), ((0, 0), 1, False, (120, 0)),
    ((-1, 0), 0, False, (120, 0)), ((-1, 0), 1, False, (121, 0)),  # only Kontra said
    ((1, 0), 0, False, (151, 0)), ((1, 0), 1, False, (90, 0)),  # Re said keine 90
    ((-1, 2), 0, False, (60, 0)), ((4, -1), 0, False, (0, 12)), ((4, -1), 1, False, (0, 1)),
    ((-1, -1), 0, True, (181, 0)), ((-1, -1), 1, True, (180, 0)), ((-1, 0), 0, True, (180, 0)),
    ((1, -1), 0, True, (226, 0)), ((1, -1), 1, True, (135, 0)), ((2, -1), 1, True, (90, 0)),
    ((5, -1), 1, True, (0, 1)),
])
def test_party_target_is_the_winning_rule_at_four_five_and_six(levels, pi, six, target):
    """rules.md "Winning" and reading 25: the one function the scoring and the computers ask."""
    from dokobot.engine.scoring import party_target

    assert party_target(levels, pi, six, 12) == target


@pytest.mark.parametrize("levels", [(-1, -1), (0, -1), (-1, 0), (0, 0), (1, -1), (0, 2), (-1, 4)])
def test_the_scoring_decides_the_winner_by_party_target(levels):
    from dokobot.engine.scoring import Tally, party_target, target_met

    for re_augen in (59, 60, 89, 90, 119, 120, 121, 150, 151, 240):
        g = finished(augen={0: re_augen, 1: 240 - re_augen}, won={0: 6, 1: 6}, levels=levels)
        t = Tally(g)
        for pi in (0, 1):
            augen, tricks = party_target(levels, pi, False, g.n_tricks)
            assert target_met(t, pi) == (t.augen[pi] >= augen and t.tricks[pi] >= tricks)
