"""Vorbehalt, priorities, soli, Hochzeit, stille Hochzeit, Armut, Schmeißen."""

import random

import pytest

from dokobot.engine import SOLO_KINDS, IllegalAction, replay
from tests.engine.helpers import all_gesund, game, hands_with, reservations, winner_of

BOTH_CQ_1 = hands_with({1: "CQ CQ HT DA", 0: "C9 C9 S9 S9 H9"})
POOR_2 = hands_with({2: "CA CA CT CT CK CK SA SA ST HA HK D9"}, armut=True)  # one trump


def say(g, *answers):
    for a in answers:
        seat = g.to_act
        if a.startswith("solo:"):
            g.apply({"seat": seat, "reserve": "solo", "solo": a[5:]})
        else:
            g.apply({"seat": seat, "reserve": a})


def test_reservations_are_asked_from_left_of_the_dealer():
    g = game(seed=4, dealer=1)
    assert g.to_act == 2
    say(g, "gesund")
    assert g.to_act == 3
    with pytest.raises(IllegalAction) as exc:
        g.apply({"seat": 2, "reserve": "gesund"})
    assert exc.value.code == "not_your_turn"


def test_normal_game_when_all_healthy():
    g = game(seed=4)
    all_gesund(g)
    assert g.contract == "normal" and g.phase == "play" and g.to_act == 0
    assert g._re == frozenset(s for s in range(4) if "CQ" in g.hand(s))


@pytest.mark.parametrize("priority, winner, kind", [("seat", 0, "solo:pik"), ("rank", 2, "solo:karo")])
def test_two_soli(priority, winner, kind):
    g = game(seed=4, solo_priority=priority)
    say(g, "solo:pik", "gesund", "solo:karo", "gesund")
    assert g.contract == kind and g._re == {winner}


def test_rank_priority_tie_goes_to_the_earlier_seat():
    g = game(seed=4, solo_priority="rank")
    say(g, "gesund", "solo:damen", "gesund", "solo:damen")
    assert g._re == {1}


def test_solo_beats_hochzeit():
    g = game(BOTH_CQ_1)
    say(g, "gesund", "hochzeit", "gesund", "solo:fleischlos")
    assert g.contract == "solo:fleischlos" and g._re == {3}


def test_armut_against_hochzeit_is_a_redeal():
    hands = hands_with({1: "CQ CQ", 2: "CA CA CT CT CK CK SA SA ST HA HK D9"})
    for holder_says in ("hochzeit", "gesund"):
        g = game(hands, armut=True)
        say(g, "gesund", holder_says, "armut", "gesund")
        assert g.contract == "redeal" and g.result()["score"] == [0, 0, 0, 0]


def test_solo_beats_armut_and_schmeissen():
    hands = hands_with({0: "C9 C9 S9 S9 H9", 2: "CA CA CT CT CK CK SA SA ST HA HK D9"})
    g = game(hands, armut=True, schmeissen=["nines"])
    say(g, "schmeissen", "gesund", "armut", "solo:karo")
    assert g.contract == "solo:karo"
    g = game(hands, armut=True, schmeissen=["nines"])
    say(g, "gesund", "gesund", "armut", "gesund")
    assert g.phase == "armut_take"
    g = game(hands, armut=True, schmeissen=["nines"])
    say(g, "schmeissen", "gesund", "armut", "gesund")
    assert g.contract == "redeal"


@pytest.mark.parametrize("hands, rules, answers, word", [
    (hands_with({1: "CQ"}), {}, ["gesund", "hochzeit"], "both queens of clubs"),
    (hands_with({0: "HT CQ SQ DJ"}), {"armut": True}, ["armut"], "at most three trumps"),
    (POOR_2, {}, ["gesund", "gesund", "armut"], "not played at this table"),
    (hands_with({}), {"solos": ["karo"]}, ["solo:pik"], "not played at this table"),
    (hands_with({0: "CQ HT"}), {"schmeissen": ["nines"]}, ["schmeissen"], "no Schmeißen"),
    (hands_with({0: "C9 C9 S9 S9 H9"}), {}, ["schmeissen"], "no Schmeißen"),
])
def test_reservation_the_hand_does_not_allow_is_refused(hands, rules, answers, word):
    g = game(hands, **rules)
    say(g, *answers[:-1])
    before = len(g._reserves)
    with pytest.raises(IllegalAction, match=word) as exc:
        say(g, answers[-1])
    assert exc.value.code == "reserve_not_allowed" and len(g._reserves) == before


@pytest.mark.parametrize("trigger, cards", [
    ("nines", "C9 C9 S9 S9 H9"), ("kings", "CK CK SK SK HK"),
    ("top_dj", "DJ DJ DA DT CA CA SA SA HA HA CT CT"),
])
def test_schmeissen_triggers(trigger, cards):
    hands = hands_with({0: cards})
    g = game(hands, schmeissen=[trigger])
    assert {"seat": 0, "reserve": "schmeissen"} in reservations(g, 0)
    say(g, "schmeissen", "gesund", "gesund", "gesund")
    r = g.result()
    assert r["contract"] == "redeal" and r["score"] == [0, 0, 0, 0] and r["winner"] is None
    with pytest.raises(IllegalAction):
        g.apply({"seat": 0, "play": cards.split()[0]})


def test_solo_lead_switch():
    g = game(seed=4)
    say(g, "gesund", "gesund", "solo:herz", "gesund")
    assert g.to_act == 0
    g = game(seed=4, solo_lead="soloist")
    say(g, "gesund", "gesund", "solo:herz", "gesund")
    assert g.to_act == 2


@pytest.mark.parametrize("kind, cards, winner", [
    ("karo", "DA HT CQ D9", 1),
    ("herz", "HA HT D9 CA", 1),        # the Dullen stay in a Herz solo
    ("herz", "D9 DA HK DT", 2),        # hearts are trump, diamonds plain
    ("pik", "CA SA C9 CT", 1),
    ("kreuz", "CA CT CJ HT", 3),
    ("damen", "CJ CA CT CK", 1),       # jacks are plain in a Damen solo
    ("damen", "CA DQ CT CK", 1),
    ("buben", "CQ CA CK C9", 1),       # queens are plain in a Buben solo
    ("buben", "HT DJ HA HK", 1),       # the Heart ten is just a heart
    ("damen_buben", "DJ SQ HJ CA", 1),
    ("buben_koenige", "CJ DK CQ CA", 1),
    ("fleischlos", "CQ CA CJ CK", 1),
    ("fleischlos", "HT HQ HA DA", 2),
])
def test_solo_card_orders(kind, cards, winner):
    g = game(seed=4, solos=[kind])
    say(g, f"solo:{kind}", "gesund", "gesund", "gesund")
    assert winner_of(g, cards) == winner


def test_solo_display_puts_trumps_first():
    g = game(seed=4)
    say(g, "solo:fleischlos", "gesund", "gesund", "gesund")
    assert not any(g.is_trump(c) for c in g.hand(0))
    g = game(seed=4)
    say(g, "solo:damen", "gesund", "gesund", "gesund")
    h = g.hand(0)
    trumps = [c for c in h if c[1] == "Q"]
    assert h[:len(trumps)] == trumps


def _play_hochzeit(mode, seed, window=3):
    """A random Hochzeit: holder is seat 1; returns the game after the window."""
    rng = random.Random(seed)
    g = game(BOTH_CQ_1, hochzeit=mode, hochzeit_window=window)
    say(g, "gesund", "hochzeit", "gesund", "gesund")
    assert g.contract == "hochzeit" and g.public_parties() == {1: "re"}
    while g.phase == "play" and g.clarify_trick is None:
        g.apply({"seat": g.to_act, "play": rng.choice(g.legal_plays(g.to_act))})
    return g


@pytest.mark.parametrize("mode", ["first_trick", "first_color_trick", "first_trump_trick"])
def test_hochzeit_partner_is_the_first_other_winner_of_a_clarifying_trick(mode):
    seen = set()
    for seed in range(400):
        g = _play_hochzeit(mode, seed)
        tricks = g.tricks
        i = g.clarify_trick
        for k, t in enumerate(tricks[: i + 1]):
            lead_trump = g.is_trump(t.cards[0][1])
            clarifying = mode == "first_trick" or (lead_trump == (mode == "first_trump_trick"))
            if k < i:
                assert not clarifying or t.winner == 1
        if g.partner is None:
            if mode == "first_color_trick":  # the window counts colour tricks the holder won
                colour = [t for t in tricks[: i + 1] if not g.is_trump(t.cards[0][1])]
                assert (len(colour) == 3 and all(t.winner == 1 for t in colour)) or i == 11
            else:
                assert i == 2
            assert g._re == {1}
            seen.add("none")
        else:
            assert g.partner == tricks[i].winner != 1 and g._re == {1, g.partner}
            seen.add(i)
        assert set(g.public_parties()) == {0, 1, 2, 3}
    assert seen >= {0, 1, 2, "none"}, seen


def test_hochzeit_no_announcement_before_clarification_and_shifted_deadlines():
    found = {}
    for seed in range(400):
        g = _play_hochzeit("first_color_trick", seed)
        key = "none" if g.partner is None else g.clarify_trick
        if key in found or g.clarify_trick > 6:  # late clarifications leave no step deadline to test
            continue
        found[key] = True
        shift = g.clarify_trick
        # before clarification nobody could announce: replay the same game and check
        rec = g.record()
        h = game(BOTH_CQ_1, hochzeit="first_color_trick")
        for a in rec["actions"][:5]:
            h.apply(a)
        assert h.allowed_announcements(1) == []
        # after: Re needs 11 - shift cards, which every seat still has (12 - tricks played)
        assert g.sizes[1] == 12 - (shift + 1)
        assert "re" in g.allowed_announcements(1)
        kontra = next(s for s in range(4) if s not in g._re)
        assert "kontra" in g.allowed_announcements(kontra)
        if shift == 0:
            continue
        # keine 90 with 11 - shift - 1 cards: allowed exactly at the shifted deadline
        g.apply({"seat": 1, "announce": "re"})
        while g.sizes[1] > 12 - 2 - shift:
            g.apply({"seat": g.to_act, "play": g.legal_plays(g.to_act)[0]})
        assert "keine90" in g.allowed_announcements(1)
        while g.sizes[1] > 12 - 3 - shift:
            g.apply({"seat": g.to_act, "play": g.legal_plays(g.to_act)[0]})
        assert "keine90" not in g.allowed_announcements(1)
    assert set(found) >= {1, 2}


def test_hochzeit_without_partner_is_scored_as_a_solo():
    for seed in range(400):
        g = _play_hochzeit("first_trump_trick", seed)
        if g.partner is None:
            break
    else:
        pytest.fail("no Hochzeit without partner found")
    while g.phase == "play":
        g.apply({"seat": g.to_act, "play": g.legal_plays(g.to_act)[0]})
    r = g.result()
    assert r["contract"] == "hochzeit" and r["re"] == [1]
    assert sum(r["score"]) == 0 and abs(r["score"][1]) == 3 * abs(r["score"][0])


def test_stille_hochzeit_looks_normal_until_both_queens_are_played():
    g = game(BOTH_CQ_1)
    all_gesund(g)
    assert g.contract == "stille_hochzeit" and g.public_contract == "normal"
    assert g._re == {1}
    while g.phase == "play" and len(g.public_parties()) < 4:
        assert g.public_contract == "normal"
        g.apply({"seat": g.to_act, "play": g.legal_plays(g.to_act)[0]})
    r = g.result() if g.phase == "done" else None
    assert g.public_contract == "stille_hochzeit"
    if r:
        assert r["contract"] == "stille_hochzeit"


def _armut(taker_answers=(False, True)):
    g = game(POOR_2, armut=True)
    say(g, "gesund", "gesund", "armut", "gesund")
    assert g.phase == "armut_take" and g.to_act == 3
    for a in taker_answers:
        g.apply({"seat": g.to_act, "armut_take": a})
    return g


def test_armut_exchange():
    g = _armut()
    assert g.phase == "armut_give" and g.taker == 0 and g.to_act == 2
    with pytest.raises(IllegalAction) as exc:
        g.apply({"seat": 2, "armut_give": ["CA"]})
    assert exc.value.code == "armut_give"
    g.apply({"seat": 2, "armut_give": ["D9"]})
    assert g.sizes == [13, 12, 11, 12]
    with pytest.raises(IllegalAction):
        g.apply({"seat": 0, "armut_return": ["D9", "D9"]})
    ret = g.hand(0)[0]
    g.apply({"seat": 0, "armut_return": [ret]})
    assert g.contract == "armut" and g._re == {0, 2} and g.sizes == [12] * 4
    assert g.armut_trumps_back == (1 if g.is_trump(ret) else 0)
    assert g.public_parties() == {0: "re", 1: "kontra", 2: "re", 3: "kontra"}
    assert g.to_act == 0  # left of the dealer leads as usual
    while g.phase == "play":
        g.apply({"seat": g.to_act, "play": g.legal_plays(g.to_act)[0]})
    r = replay(g.record())
    assert r["contract"] == "armut" and r["re"] == [0, 2] and sum(r["score"]) == 0


def test_armut_nobody_takes_is_a_redeal():
    g = _armut((False, False, False))
    assert g.contract == "redeal" and g.phase == "done"


def test_armut_answers_are_asked_clockwise_from_the_poor_seat():
    g = _armut(())
    with pytest.raises(IllegalAction) as exc:
        g.apply({"seat": 0, "armut_take": True})
    assert exc.value.code == "not_your_turn"


CONTRACT_CASES = [
    ("normal", {}, ["gesund"] * 4),
    ("solo:karo", {}, ["solo:karo", "gesund", "gesund", "gesund"]),
    ("solo:herz", {}, ["gesund", "solo:herz", "gesund", "gesund"]),
    ("solo:pik", {}, ["gesund", "gesund", "solo:pik", "gesund"]),
    ("solo:kreuz", {}, ["gesund", "gesund", "gesund", "solo:kreuz"]),
    ("solo:damen", {}, ["solo:damen", "gesund", "gesund", "gesund"]),
    ("solo:buben", {}, ["solo:buben", "gesund", "gesund", "gesund"]),
    ("solo:fleischlos", {}, ["solo:fleischlos", "gesund", "gesund", "gesund"]),
    ("solo:damen_buben", {"solos": ["damen_buben"]}, ["solo:damen_buben"] + ["gesund"] * 3),
    ("solo:buben_koenige", {"solos": ["buben_koenige"]}, ["solo:buben_koenige"] + ["gesund"] * 3),
]


@pytest.mark.parametrize("contract, rules, answers", CONTRACT_CASES, ids=[c[0] for c in CONTRACT_CASES])
def test_every_contract_replays_from_its_record(contract, rules, answers):
    import json

    from dokobot.engine import ReplayError

    g = game(seed=9, **rules)
    say(g, *answers)
    rng = random.Random(3)
    while g.phase == "play":
        for s in g.seats:
            if rng.random() < 0.05 and g.allowed_announcements(s):
                g.apply({"seat": s, "announce": rng.choice(g.allowed_announcements(s))})
        g.apply({"seat": g.to_act, "play": rng.choice(g.legal_plays(g.to_act))})
    rec = json.loads(json.dumps(g.record()))
    assert replay(rec) == g.result() and g.result()["contract"] == contract
    # the same record with one impossible reservation is refused at that action
    bad = json.loads(json.dumps(rec))
    bad["actions"][1] = {"seat": bad["actions"][1]["seat"], "reserve": "solo", "solo": "bubenkoenig"}
    with pytest.raises(ReplayError) as exc:
        replay(bad)
    assert exc.value.action == 1


@pytest.mark.parametrize("hands, rules, answers, bad_index", [
    (hands_with({1: "CQ"}), {}, ["gesund", "hochzeit"], 1),
    (hands_with({2: "HT CQ SQ DJ"}), {"armut": True}, ["gesund", "gesund", "armut"], 2),
    (POOR_2, {}, ["gesund", "gesund", "armut"], 2),
    (hands_with({}), {"solos": ["karo"]}, ["gesund", "solo:pik"], 1),
    (hands_with({3: "CQ HT"}), {"schmeissen": ["nines"]}, ["gesund"] * 3 + ["schmeissen"], 3),
])
def test_impossible_reservation_in_a_record_names_its_index(hands, rules, answers, bad_index):
    from dokobot.engine import ReplayError

    actions = []
    for i, a in enumerate(answers):
        seat = i  # dealer 3: seat 0 answers first
        if a.startswith("solo:"):
            actions.append({"seat": seat, "reserve": "solo", "solo": a[5:]})
        else:
            actions.append({"seat": seat, "reserve": a})
    rec = {"rules": {"preset": "ddv", **rules}, "dealer": 3,
           "hands": [h.split() for h in hands], "actions": actions}
    with pytest.raises(ReplayError) as exc:
        replay(rec)
    assert exc.value.action == bad_index


def test_the_facts_of_a_contract_string():
    """Issue 23: one place reads a contract; a declared solo and 'scored as a solo' differ."""
    from dokobot.engine.contracts import (
        is_armut,
        is_hochzeit,
        is_solo,
        is_stille_hochzeit,
        scores_as_solo,
        solo_kind,
    )

    assert is_solo("solo:damen") and solo_kind("solo:reines_karo") == "reines_karo"
    for c in ("normal", "hochzeit", "hochzeit:gross", "stille_hochzeit", "armut", "redeal", None):
        assert not is_solo(c) and solo_kind(c) is None, c
    assert all(is_hochzeit(c) for c in ("hochzeit", "hochzeit:klein", "hochzeit:gross"))
    assert not is_hochzeit("stille_hochzeit") and is_stille_hochzeit("stille_hochzeit")
    assert is_armut("armut") and not is_armut("normal")
    assert all(scores_as_solo(c) for c in ("solo:karo", "stille_hochzeit", "hochzeit:gross"))
    assert not scores_as_solo("hochzeit") and scores_as_solo("hochzeit", hochzeit_alone=True)
    assert not any(scores_as_solo(c, True) for c in ("normal", "armut", "hochzeit:klein", "redeal"))


CONTRACT_NAMES = [None, "normal", "hochzeit", "hochzeit:klein", "hochzeit:gross", "stille_hochzeit", "armut",
                  "redeal", *(f"solo:{k}" for k in SOLO_KINDS)]


def test_the_normal_kinds_are_the_normal_trumps_without_a_declared_solo():
    from dokobot.engine.contracts import is_normal_kind, is_solo, order_for, order_kind

    normal = order_for("normal").trumps
    kinds = [c for c in CONTRACT_NAMES if is_normal_kind(c)]
    assert kinds == [None, "normal", "hochzeit", "hochzeit:klein", "hochzeit:gross", "stille_hochzeit", "armut"]
    for c in kinds:
        assert order_for(order_kind(c)).trumps == normal and not is_solo(c)


@pytest.mark.parametrize("contract, solo_extras, alone, counts", [
    ("normal", "none", False, True), ("armut", "none", False, True),
    ("hochzeit", "none", False, True), ("hochzeit", "none", True, False),  # alone: scored as a solo
    ("hochzeit:klein", "none", False, True), ("hochzeit:gross", "trumpfsolo_still", False, False),
    ("stille_hochzeit", "none", False, False), ("stille_hochzeit", "trumpfsolo_still", False, True),
    ("solo:karo", "none", False, False), ("solo:karo", "trumpfsolo_still", False, True),
    ("solo:damen", "trumpfsolo_still", False, False), ("redeal", "trumpfsolo_still", False, False),
    (None, "none", False, False),
])
def test_where_the_extras_count(contract, solo_extras, alone, counts):
    """rules.md "Scoring" and readings 13, 28, 29: the one rule the scoring and the computers ask."""
    from dokobot.engine.contracts import extras_count

    assert extras_count(contract, solo_extras, alone) is counts


def test_the_queen_facts_follow_the_copies_of_the_deck():
    """Issue 23: a stille Hochzeit is every CQ copy (two of three at six and gesund is a normal
    2:4, reading 30); the Re seats of a game that looks normal are the CQ seats; a partner is
    sought in every Hochzeit and a kleines Solo."""
    from dokobot.engine import RuleSet
    from dokobot.engine.contracts import normal_re_sizes, plays_stille_hochzeit, seeks_partner

    four, five, six = (RuleSet.from_config(c).copies for c in (
        {"preset": "ddv"}, {"preset": "ddv", "players": 5, "five": "all_play"}, {"preset": "muenchen"}))
    assert plays_stille_hochzeit(2, four) and plays_stille_hochzeit(2, five) and plays_stille_hochzeit(3, six)
    assert not plays_stille_hochzeit(2, six) and not plays_stille_hochzeit(1, four)
    assert [normal_re_sizes(four, q) for q in (0, 1, 2)] == [(1, 2), (2, 2), (1, 1)]
    assert [normal_re_sizes(six, q) for q in (0, 1, 2, 3)] == [(1, 3), (2, 3), (2, 2), (1, 1)]
    assert normal_re_sizes(six, 0, hidden_stille=False) == (2, 3)
    assert all(seeks_partner(c) for c in ("hochzeit", "hochzeit:klein", "hochzeit:gross"))
    assert seeks_partner("solo:damen", "klein") and not seeks_partner("solo:damen")
    assert not any(seeks_partner(c, "klein") for c in ("normal", "stille_hochzeit", "armut", None))


def test_at_six_two_queens_and_gesund_is_a_normal_game_three_a_stille_hochzeit():
    """The engine decides the stille Hochzeit by the same fact (contracts.plays_stille_hochzeit)."""
    from dokobot.engine import Game, RuleSet

    rules = RuleSet.from_config({"preset": "muenchen"})
    two = ["CQ CQ HT HT HT SQ SQ SQ HQ HQ HQ DQ", "CA CA CA CT CT CT CK CK CK C9 C9 C9",
           "CQ DQ DQ CJ CJ CJ SJ SJ SJ HJ HJ HJ", "SA SA SA ST ST ST SK SK SK S9 S9 S9",
           "DJ DJ DJ DA DA DA DT DT DT DK DK DK", "HA HA HA HK HK HK H9 H9 H9 D9 D9 D9"]
    three = [two[0].replace("DQ", "CQ"), two[1], two[2].replace("CQ", "DQ"), *two[3:]]
    for hands, contract, re in ((two, "normal", [0, 2]), (three, "stille_hochzeit", [0])):
        g = Game(rules, [h.split() for h in hands], 5)
        while g.phase == "reserve":
            g.apply({"seat": g.to_act, "reserve": "gesund"})
        assert g.contract == contract and sorted(g.sim_re) == re
