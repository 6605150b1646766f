"""Issue 22: the joker's Augen and rank (reading 34), Karlchen caught by a higher card only
(reading 44), and the schemes ``plus`` (reading 35) and ``fine_steps`` (reading 36)."""

from __future__ import annotations

import random

import pytest

from dokobot.engine import RuleError, RuleSet
from dokobot.engine.contracts import order_for
from dokobot.engine.randomplay import random_game
from tests.engine.helpers import finished, game, winner_of

# ---- joker ---------------------------------------------------------------------------------


@pytest.mark.parametrize("n_seats, preset", [(4, "ddv"), (5, "ddv"), (6, "muenchen")])
def test_joker_games_keep_every_augen_and_always_have_a_winner(n_seats, preset):
    """Without announcements one party always wins: the JO's 4 Augen keep the deck at 240
    (360 at six), so 117-120 for Re can no longer leave both short of their target."""
    cfg = {"preset": preset, "joker": True, "players": n_seats}
    if n_seats == 5:
        cfg["five"] = "all_play"
    rules = RuleSet.from_config(cfg)
    total = 360 if n_seats == 6 else 240
    rng = random.Random(34)
    for _ in range(150):
        r = random_game(rules, rng, announce_rate=0.0, reserve_rate=0.0).result()
        if r["contract"] == "redeal":
            continue
        assert r["augen"]["re"] + r["augen"]["kontra"] == total
        assert r["winner"] is not None, r


def test_joker_ranks_by_contract():
    """Top trump in the normal game and the Trumpfsoli, lowest trump of reines_karo, else the
    lowest diamond: it must follow a diamond lead and loses to the 9."""
    g = game(seed=1, joker=True)
    assert winner_of(g, "HT JO CQ SQ") == 1
    for contract, cards, winner in [
        ("solo:herz", "HT JO CQ SQ", 1),
        ("solo:damen", "DA JO D9 DK", 0),  # plain diamond, under the 9
        ("solo:fleischlos", "D9 JO C9 S9", 0),
        ("solo:reines_karo", "D9 JO C9 S9", 0),  # the lowest trump: under the D9
        ("solo:reines_karo", "C9 JO CA CT", 1),  # still a trump
        ("solo:reines_pik", "DA JO D9 DK", 0),
    ]:
        g = game(seed=1, joker=True)
        g._order = order_for(contract[5:], g.rules.dullen, True)
        assert winner_of(g, cards) == winner, (contract, cards)


# ---- Karlchen caught (any card) ------------------------------------------------------------

def test_karlchen_caught_any_needs_a_higher_card_not_the_other_cj():
    """Reading 44: Re leads its CJ, Kontra adds its CJ later and Re's first CJ takes the
    trick: equal cards, nothing caught. Under a Dulle it is caught."""
    base = {"augen": {0: 150, 1: 90}, "won": {0: 6, 1: 6}}
    equal = [(0, [(0, "CJ"), (1, "CJ"), (2, "C9"), (3, "S9")], 0)]
    r = finished(extras=["karlchen_caught_any"], tricks=equal, **base).summary()
    assert r["extras"] == []
    higher = [(0, [(0, "CJ"), (1, "CJ"), (2, "HT"), (3, "S9")], 2)]
    r = finished(extras=["karlchen_caught_any"], tricks=higher, **base).summary()
    assert [(e["key"], e["victim"]) for e in r["extras"]] == [("karlchen_caught_any", 1)]


# ---- plus and fine_steps -------------------------------------------------------------------

def _value(scheme, re_augen, re_tricks=6, levels=(-1, -1), fine=False, klopfer=(), **kw):
    g = finished(scoring=scheme, fine_steps=fine, levels=levels, extras=kw.pop("extras", []),
                 **{"augen": {0: re_augen, 1: 240 - re_augen}, "won": {0: re_tricks, 1: 12 - re_tricks}},
                 **kw)
    g.klopfer = list(klopfer)
    r = g.result()
    return r["winner"], r["game_value"]


@pytest.mark.parametrize("re_augen, re_tricks, levels, knocks, expected", [
    (130, 6, (-1, -1), (), ("re", 1)),          # Re wins 1
    (100, 6, (-1, -1), (), ("kontra", 2)),      # Kontra wins 2
    (190, 6, (-1, -1), (), ("re", 2)),          # Kontra 50: Schneider +1
    (240, 12, (-1, -1), (), ("re", 3)),         # Schwarz +2 instead
    (160, 6, (0, 0), (), ("re", 3)),            # Re and Kontra said +1 each
    (160, 6, (1, -1), (), ("re", 3)),           # Re said +1, keine 90 reached (Kontra 80) +1
    (130, 6, (-1, -1), (0, 1), ("re", 3)),      # two knocks +1 each
])
def test_plus_values(re_augen, re_tricks, levels, knocks, expected):
    assert _value("plus", re_augen, re_tricks, levels, klopfer=knocks) == expected


def test_plus_doppelkopf_trick_adds_one_and_the_other_extras_are_netted():
    tricks = [(0, [(0, "CA"), (1, "CT"), (2, "HA"), (3, "DA")], 0)]  # 42 Augen, Kontra's Fuchs caught
    assert _value("plus", 130, extras=["doppelkopf", "fuchs"], tricks=tricks) == ("re", 3)
    assert _value("plus", 130, extras=["fuchs"], tricks=tricks) == ("re", 2)
    assert _value("plus", 130, extras=["doppelkopf"], tricks=tricks) == ("re", 2)
    # no gegen_die_alten in plus: Kontra's 2 holds it already
    assert _value("plus", 100, extras=["gegen_die_alten"]) == ("kontra", 2)


@pytest.mark.parametrize("kontra_augen, kontra_tricks, doubling, plus", [
    (100, 6, 1, 1),       # nothing: Re wins 1
    (85, 6, 2, 2),        # under 90: x2 / +1 (Schneider alone would count nothing)
    (55, 6, 4, 3),        # under 60: x4 / +2
    (25, 3, 8, 4),        # under 30: x8 / +3
    (0, 0, 16, 5),        # no trick: x16 / +4
])
def test_fine_steps_same_deal_two_settings(kontra_augen, kontra_tricks, doubling, plus):
    """Reading 36: the fine levels against Schneider/Schwarz, on the same final state."""
    re_augen, re_tricks = 240 - kontra_augen, 12 - kontra_tricks
    coarse_d = {100: 1, 85: 1, 55: 2, 25: 2, 0: 4}[kontra_augen]
    coarse_p = {100: 1, 85: 1, 55: 2, 25: 2, 0: 3}[kontra_augen]
    assert _value("doubling", re_augen, re_tricks) == ("re", coarse_d)
    assert _value("doubling", re_augen, re_tricks, fine=True) == ("re", doubling)
    assert _value("plus", re_augen, re_tricks) == ("re", coarse_p)
    assert _value("plus", re_augen, re_tricks, fine=True) == ("re", plus)


def test_fine_steps_breakdown_names_the_level():
    g = finished(scoring="doubling", fine_steps=True, extras=[],
                 **{"augen": {0: 215, 1: 25}, "won": {0: 9, 1: 3}})
    assert {"party": "re", "label": "unter 30", "factor": 8} in g.result()["breakdown"]
    g = finished(scoring="plus", fine_steps=True, extras=[], **{"augen": {0: 240, 1: 0}, "won": {0: 12, 1: 0}})
    assert {"party": "re", "label": "schwarz", "points": 4} in g.result()["breakdown"]


def test_fine_steps_at_six_start_under_135():
    rules = RuleSet.from_config({"preset": "muenchen", "scoring": "plus", "fine_steps": True,
                                 "extras": ["doppelkopf"]})
    rng = random.Random(36)
    seen = set()
    for _ in range(200):
        r = random_game(rules, rng, announce_rate=0.0, reserve_rate=0.0).result()
        if r["winner"] is None:
            continue
        loser = "kontra" if r["winner"] == "re" else "re"
        aug, tricks = r["augen"][loser], r["tricks"][loser]
        level = 5 if tricks == 0 else sum(aug < x for x in (135, 90, 60, 30))
        assert r["game_value"] == (1 if r["winner"] == "re" else 2) + level + _doppelkopf_levels(r), r
        seen.add(level)
    assert {0, 1} <= seen


def _doppelkopf_levels(r):
    """A Doppelkopf adds 1, a Superdoppelkopf 3 (its row's points)."""
    levels = {"Doppelkopf": 1, "Superdoppelkopf": 3}
    assert all(b["points"] == levels[b["label"]] for b in r["breakdown"] if b["label"] in levels)
    return sum(levels.get(b["label"], 0) for b in r["breakdown"])


@pytest.mark.parametrize("scheme", ["ddv", "steps", "tally"])
def test_fine_steps_refused_where_every_level_counts(scheme):
    with pytest.raises(RuleError, match="fine_steps"):
        RuleSet.from_config({"preset": "ddv", "scoring": scheme, "fine_steps": True})
    assert RuleSet.from_config({"preset": "ddv", "scoring": "plus", "fine_steps": True}).fine_steps


# ---- same deal, two settings; dokobot replay -------------------------------------------------

def test_plus_against_doubling_same_deal_two_results():
    """One recorded game replayed under doubling and plus: same parties, Augen and winner;
    the values follow each scheme's own count (x2 per level against +1)."""
    from dokobot.engine import replay

    rng = random.Random(35)
    compared = 0
    for _ in range(60):
        g = random_game(RuleSet.from_config({"preset": "ddv", "scoring": "doubling", "extras": []}), rng,
                        announce_rate=0.1, reserve_rate=0.0)
        rec = g.record()
        a = replay(rec)
        b = replay(dict(rec, rules=dict(rec["rules"], scoring="plus")))
        assert {k: a[k] for k in ("re", "kontra", "augen", "tricks", "winner")} == \
            {k: b[k] for k in ("re", "kontra", "augen", "tricks", "winner")}
        if a["winner"] is None:
            continue
        doublings = [x["factor"] for x in a["breakdown"] if "factor" in x]
        levels = sum(f.bit_length() - 1 for f in doublings)  # each x2^n is n levels
        assert b["game_value"] == (1 if a["winner"] == "re" else 2) + levels
        compared += 1
    assert compared > 30


def test_dokobot_replay_prints_plus_and_fine_steps_results(capsys, monkeypatch):
    import io
    import json
    import sys

    from dokobot.cli import main

    g = random_game(RuleSet.from_config({"preset": "ddv", "scoring": "plus", "fine_steps": True}),
                    random.Random(36), announce_rate=0.1)
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(g.record())))
    assert main(["replay", "-"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and json.loads(out) == g.result()
    bad = dict(g.record(), rules={"preset": "ddv", "fine_steps": True})  # ddv scoring: refused
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(bad)))
    assert main(["replay", "-"]) == 2
    out, err = capsys.readouterr()
    assert json.loads(err)["action"] is None and "fine_steps" in json.loads(err)["error"]
