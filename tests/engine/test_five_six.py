"""Five at the table (all play) and six (Münchener Regeln): settling, contracts, bidding, refusals.

The settling examples are games whose outcome can be checked by hand: one party holds every
card that can win a trick, so it wins all tricks (schwarz) and the value is plain arithmetic.
Extras are switched off there so the value is the ddv points alone.
"""

from __future__ import annotations

import json
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dokobot.engine import SOLO_KINDS, Game, IllegalAction, RuleError, RuleSet, deal, replay
from dokobot.engine.cards import CARD_CODES
from dokobot.engine.randomplay import random_game
from dokobot.engine.record import ReplayError, replay_game
from tests.engine.helpers import (
    SIX,
    SIX_ACES,
    SIX_RE_ALL,
    SIX_TWO_RE_ALL,
    bidding_game,
    legal_json,
    play_first,
    played,
    reservations,
    six,
    split,
)

HOCHZEIT = ["first_trick", "first_color_trick", "first_trump_trick", "named_card", "first_pure_color_trick"]
SCHEMES = ["ddv", "steps", "doubling", "tally"]
DULLE = ["first_wins", "second_wins", "second_wins_except_last"]




def gesund(g: Game) -> None:
    while g.phase == "reserve":
        g.apply({"seat": g.to_act, "reserve": "gesund"})




FIVE = {"preset": "ddv", "players": 5, "five": "all_play", "extras": []}

# Four, with nines: the Re pair holds every trump but the two D9.
FOUR_RE_ALL = split(
    "HT HT CQ SQ SQ HQ HQ DQ DQ CJ CJ SJ",  # seat 0: Re
    "CA CA CT CT CK CK C9 C9 SA SA ST ST",  # seat 1: Kontra
    "CQ SJ HJ HJ DJ DJ DA DA DT DT DK DK",  # seat 2: Re
    "SK SK S9 S9 HA HA HK HK H9 H9 D9 D9",  # seat 3: Kontra
)
# Five, without nines: the two Re seats hold the 16 highest trumps.
FIVE_RE_ALL = split(
    "HT HT CQ SQ SQ HQ HQ DQ",  # seat 0: Re
    "CQ DQ CJ CJ SJ SJ HJ HJ",  # seat 1: Re
    "DJ DJ DA DA DT DT DK DK",  # seat 2
    "CA CA CT CT CK CK SA SA",  # seat 3
    "ST ST SK SK HA HA HK HK",  # seat 4
)




# ---- settling: every party size ------------------------------------------------------------


def test_settling_2_2_four():
    r = played({"preset": "ddv", "extras": []}, FOUR_RE_ALL, dealer=3)
    assert (r["re"], r["tricks"]["re"], r["augen"]["re"]) == ([0, 2], 12, 240)
    # won 1 + Kontra under 90, 60, 30 (3) + schwarz 1 = 5; 2:2 -> 5 each way
    assert r["game_value"] == 5
    assert r["score"] == [5, -5, 5, -5]


def test_settling_1_3_four_keeps_the_solo_factor():
    hands = split("CA CA CT CT SA SA ST ST HA HA DA DA", "CK CK C9 C9 SK SK S9 S9 HK HK H9 H9",
                  "CQ CQ SQ SQ HQ HQ DQ DQ CJ CJ SJ SJ", "HJ HJ DJ DJ DT DT DK DK D9 D9 HT HT")
    r = played({"preset": "ddv", "extras": [], "solo_lead": "soloist"}, hands, dealer=3,
               reserves={0: {"reserve": "solo", "solo": "fleischlos"}})
    assert (r["contract"], r["re"], r["tricks"]["re"]) == ("solo:fleischlos", [0], 12)
    # value 1 + 3 + 1 = 5; the soloist gets solo_factor 3 x 5 = 15, each opponent pays 5
    assert r["game_value"] == 5
    assert r["score"] == [15, -5, -5, -5]


def test_settling_2_3_five_all_play():
    r = played(FIVE, FIVE_RE_ALL, dealer=4)
    assert (r["contract"], r["re"], r["kontra"]) == ("normal", [0, 1], [2, 3, 4])
    assert (r["tricks"]["re"], r["augen"]["re"]) == (8, 240)
    # value: won 1 + under 90, 60, 30 (3) + schwarz 1 = 5. W = 2, L = 3, g = 1:
    # each Re seat gets 5 x 3 = 15, each Kontra seat pays 5 x 2 = 10; 2 x 15 = 3 x 10
    assert r["game_value"] == 5
    assert r["score"] == [15, 15, -10, -10, -10]


def test_settling_1_4_five_all_play():
    hands = split("CA CA SA SA HA HA DA DA", "CT CT CK CK ST ST SK SK", "HT HT HK HK DT DT DK DK",
                  "CQ CQ SQ SQ HQ HQ DQ DQ", "CJ CJ SJ SJ HJ HJ DJ DJ")
    r = played(FIVE, hands, dealer=4, reserves={0: {"reserve": "solo", "solo": "fleischlos"}})
    assert (r["contract"], r["re"], r["tricks"]["re"]) == ("solo:fleischlos", [0], 8)
    # value 1 + 3 + 1 = 5. W = 1, L = 4: the soloist gets 5 x 4 = 20, each opponent pays 5 x 1
    assert r["game_value"] == 5
    assert r["score"] == [20, -5, -5, -5, -5]


def test_settling_3_3_six():
    r = played(SIX, SIX_RE_ALL, dealer=5)
    assert (r["contract"], r["re"], r["kontra"]) == ("normal", [0, 2, 4], [1, 3, 5])
    assert (r["tricks"]["re"], r["augen"]["re"], r["augen"]["kontra"]) == (12, 360, 0)
    # won 1 + Kontra under 180, 135, 90, 60, 30 (5) + schwarz 1 = 7; 3:3 (g = 3) -> 7 each way
    assert r["game_value"] == 7
    labels = [x["label"] for x in r["breakdown"]]
    assert labels == ["gewonnen", "unter 180", "unter 135", "unter 90", "unter 60", "unter 30", "schwarz"]
    assert r["score"] == [7, -7, 7, -7, 7, -7]


def test_settling_2_4_six_two_queens_said_gesund():
    r = played(SIX, SIX_TWO_RE_ALL, dealer=5)
    assert (r["contract"], r["re"], r["kontra"]) == ("normal", [0, 2], [1, 3, 4, 5])
    assert r["tricks"]["re"] == 12
    # value 7 (as in 3:3). W = 2, L = 4, g = 2: each Re seat gets 7 x 4/2 = 14,
    # each Kontra seat pays 7 x 2/2 = 7; 2 x 14 = 4 x 7
    assert r["game_value"] == 7
    assert r["score"] == [14, -7, 14, -7, -7, -7]


def test_settling_1_5_six_grosses_solo():
    r = played(SIX, SIX_ACES, dealer=3,
               reserves={0: {"reserve": "solo", "solo": "fleischlos", "size": "gross", "pflicht": False}})
    assert (r["contract"], r["re"], r["tricks"]["re"], r["augen"]["re"]) == ("solo:fleischlos", [0], 12, 360)
    assert "size" not in r  # a großes Solo has no size key (reading 28)
    # value 7; W = 1, L = 5: the soloist gets 7 x 5 = 35, each opponent pays 7
    assert r["game_value"] == 7
    assert r["score"] == [35, -7, -7, -7, -7, -7]


def test_kleines_solo_without_partner_is_1_5_and_says_klein():
    r = played(SIX, SIX_ACES, dealer=3,
               reserves={0: {"reserve": "solo", "solo": "fleischlos", "size": "klein", "pflicht": True}})
    # the soloist wins every trick, so no other seat wins a clarifying trick: 1:5 (reading 28)
    assert (r["contract"], r["size"], r["re"]) == ("solo:fleischlos", "klein", [0])
    assert r["score"] == [35, -7, -7, -7, -7, -7]


# ---- six: contracts and their parties ------------------------------------------------------




def test_muenchen_deals_six_hands_of_twelve_from_three_decks():
    rules = RuleSet.from_config({"preset": "muenchen"})
    hands = deal(rules, random.Random(2), dealer=1)
    assert [len(h) for h in hands] == [12] * 6
    assert all(sum(h.count(c) for h in hands) == 3 for c in {c for h in hands for c in h})
    assert (rules.overtrump, rules.solo_lead, rules.players, rules.hand_size) == (True, "soloist", 6, 12)


def test_five_all_play_deals_five_hands_of_eight_without_nines():
    rules = RuleSet.from_config({"preset": "haus", "players": 5, "five": "all_play"})
    hands = deal(rules, random.Random(2), dealer=1)
    assert [len(h) for h in hands] == [8] * 5
    assert not any(c.endswith("9") for h in hands for c in h)
    g = Game(rules, hands, 1)
    # reading 22: no Armut, no Schmeißen, Überstich on, whatever the preset says
    assert (g.rules.armut, g.rules.schmeissen, g.rules.overtrump, g.rules.nines) == (False, (), True, False)
    kinds = {a["reserve"] for a in reservations(g, g.to_act)}
    assert "armut" not in kinds and "schmeissen" not in kinds


def test_kleine_hochzeit_finds_a_partner_3_3_with_extras():
    hands = [list(h) for h in SIX_TWO_RE_ALL]
    g = six(hands)
    g.apply({"seat": 0, "reserve": "hochzeit"})
    gesund(g)
    assert g.contract == "hochzeit:klein" and g._re == {0, 2} and g.third == 2
    assert g.public_parties() == {0: "re"}  # the third CQ seat is not public yet
    # seat 0 leads; first legal cards: the first trick another seat wins clarifies (first_trick)
    play_first(g)
    r = g.result()
    assert r["contract"] in ("hochzeit:klein", "hochzeit:gross")
    if g.partner not in (None, 2):
        assert r["contract"] == "hochzeit:klein" and len(r["re"]) == 3
    else:
        assert r["contract"] == "hochzeit:gross" and r["re"] == [0, 2]


def test_kleine_hochzeit_partner_is_the_third_queen_becomes_grosse():
    # seat 1 leads (dealer 0); seat 2 holds the third CQ and wins the first trick with a Dulle
    hands = split(
        "CQ CQ SA SA SA ST ST ST SK SK SK S9",  # seat 0: two CQ
        "CA CA CA CT CT CT CK CK CK C9 C9 C9",  # seat 1
        "CQ HT HT HT HQ HQ HQ DQ DQ DQ SQ SQ",  # seat 2: the third CQ
        "S9 S9 SQ HA HA HA HK HK HK H9 H9 H9",  # seat 3
        "CJ CJ CJ SJ SJ SJ HJ HJ HJ DJ DJ DJ",  # seat 4
        "DA DA DA DT DT DT DK DK DK D9 D9 D9",  # seat 5
    )
    g = six(hands, dealer=0)
    g.apply({"seat": 1, "reserve": "gesund"})
    g.apply({"seat": 2, "reserve": "gesund"})
    g.apply({"seat": 3, "reserve": "gesund"})
    g.apply({"seat": 4, "reserve": "gesund"})
    g.apply({"seat": 5, "reserve": "gesund"})
    g.apply({"seat": 0, "reserve": "hochzeit"})
    assert g.contract == "hochzeit:klein" and g.to_act == 1
    for seat, card in ((1, "CA"), (2, "HT"), (3, "SQ"), (4, "CJ"), (5, "DA"), (0, "CQ")):
        g.apply({"seat": seat, "play": card})
    # HT (seat 2) over CQ (seat 0, played last): the partner is the third CQ seat: große, 2:4
    assert (g.partner, g.clarify_trick, g.contract) == (2, 0, "hochzeit:gross")
    assert g._re == {0, 2}
    assert g.public_parties() == {0: "re", 2: "re", 1: "kontra", 3: "kontra", 4: "kontra", 5: "kontra"}
    play_first(g)
    assert g.result()["contract"] == "hochzeit:gross" and not g.extras_count


def test_three_queens_gesund_is_a_stille_hochzeit_1_5():
    hands = [list(h) for h in SIX_TWO_RE_ALL]
    hands[0][-1], hands[2][0] = hands[2][0], hands[0][-1]  # seat 0: all three CQ
    g = six(hands)
    gesund(g)
    assert g.contract == "stille_hochzeit" and g._re == {0} and g.public_contract == "normal"


def test_three_queens_hochzeit_is_grosse():
    hands = [list(h) for h in SIX_TWO_RE_ALL]
    hands[0][-1], hands[2][0] = hands[2][0], hands[0][-1]
    g = six(hands)
    g.apply({"seat": 0, "reserve": "hochzeit"})
    gesund(g)
    assert g.contract == "hochzeit:gross" and g.third is None and g._re == {0}


def test_any_solo_beats_a_hochzeit_and_the_soloist_leads():
    g = six([list(h) for h in SIX_TWO_RE_ALL])
    g.apply({"seat": 0, "reserve": "hochzeit"})
    g.apply({"seat": 1, "reserve": "gesund"})
    g.apply({"seat": 2, "reserve": "solo", "solo": "damen", "size": "klein"})
    gesund(g)
    assert (g.contract, g.size, g.soloist, g.to_act) == ("solo:damen", "klein", 2, 2)
    assert g.party_of(3) is None  # the partner is still sought
    assert g.allowed_announcements(2) == []  # nothing before the clarification


@pytest.mark.parametrize(("first", "second", "winner"), [
    ({"size": "klein", "pflicht": True}, {"size": "gross", "pflicht": True}, 2),   # großes Pflicht first
    ({"size": "klein", "pflicht": True}, {"size": "gross", "pflicht": False}, 0),  # Pflicht before Lust
    ({"size": "klein", "pflicht": False}, {"size": "gross", "pflicht": False}, 2),
])
def test_reservation_categories(first, second, winner):
    g = six(dealer=5)
    g.apply({"seat": 0, "reserve": "solo", "solo": "karo", **first})
    g.apply({"seat": 1, "reserve": "gesund"})
    g.apply({"seat": 2, "reserve": "solo", "solo": "pik", **second})
    gesund(g)
    assert g.phase == "play" and g.soloist == winner and g.to_act == winner


# ---- six: bidding ----------------------------------------------------------------------------




def test_equal_reservations_bid_like_skat():
    g = bidding_game()
    # großes Lustsolo: seats 0, 1, 3; seat 4 (kleines) is out. The later seat names first,
    # and the first bid is Re (reading 42)
    assert (g.phase, g.to_act, g.allowed_bids(1)) == ("bid", 1, ["re", "pass"])
    g.apply({"seat": 1, "bid": "re"})
    assert g.allowed_bids(0) == ["re", "pass"]
    g.apply({"seat": 0, "bid": "re"})  # holds
    g.apply({"seat": 1, "bid": "keine90"})  # must go higher: skips keine135
    g.apply({"seat": 0, "bid": "pass"})
    # seat 1 stands; it bids as the earlier seat against seat 3, from keine90 on
    assert g.to_act == 3 and g.allowed_bids(3) == ["keine60", "keine30", "schwarz", "pass"]
    g.apply({"seat": 3, "bid": "pass"})
    assert (g.phase, g.contract, g.soloist, g.to_act) == ("play", "solo:buben", 1, 1)
    # the last named step is Re's announcement: keine 90 with every step below it
    assert g.announcements == [(1, "keine90")] and g._levels[0] == 2 and g._said_re[0]
    assert g.allowed_announcements(1) == ["keine60", "keine30", "schwarz"]
    play_first(g)
    r = g.result()
    if r["winner"] is not None:  # every step said counts for the winner, keine 135 included
        assert {"keine 135 angesagt", "keine 90 angesagt"} <= {x["label"] for x in r["breakdown"]}
    assert replay(g.record()) == r


def test_a_seat_that_never_named_a_step_plays_without_announcement():
    g = bidding_game()
    g.apply({"seat": 1, "bid": "pass"})
    g.apply({"seat": 3, "bid": "pass"})
    assert (g.phase, g.soloist, g.announcements) == ("play", 0, [])


@pytest.mark.parametrize(("actions", "code"), [
    ([{"seat": 0, "bid": "re"}], "out_of_turn"),
    ([{"seat": 1, "bid": "kontra"}], "bad_bid"),
    ([{"seat": 1, "bid": "keine100"}], "bad_bid"),
    ([{"seat": 1, "bid": "keine90"}], "bad_bid"),  # reading 42: the first bid is re
    ([{"seat": 1, "bid": "re"}, {"seat": 0, "bid": "keine60"}], "bad_bid"),  # hold = same step
    ([{"seat": 1, "bid": "re"}, {"seat": 0, "bid": "re"}, {"seat": 1, "bid": "re"}], "bad_bid"),
    ([{"seat": 1, "play": "CA"}], "wrong_phase"),
    ([{"seat": 1, "announce": "re"}], "announce_blocked"),
])
def test_refused_bids(actions, code):
    g = bidding_game()
    for a in actions[:-1]:
        g.apply(a)
    before = (g.to_act, g.bidding, len(g.actions))
    with pytest.raises(IllegalAction) as exc:
        g.apply(actions[-1])
    assert exc.value.code == code
    assert (g.to_act, g.bidding, len(g.actions)) == before


def test_replay_names_the_first_bad_bid():
    g = bidding_game()
    rec = g.record()
    rec["actions"] += [{"seat": 1, "bid": "re"}, {"seat": 0, "bid": "keine90"}]
    with pytest.raises(ReplayError) as exc:
        replay_game(rec)
    assert exc.value.action == 7 and "hold re" in exc.value.message


# ---- six: announcements, targets, extras -----------------------------------------------------


def test_keine135_deadline_and_target():
    g = six(SIX_RE_ALL)
    gesund(g)
    assert g.allowed_announcements(0) == ["re", "keine135", "keine90", "keine60", "keine30", "schwarz"]
    g.apply({"seat": 0, "announce": "keine135"})
    assert g._levels[0] == 1
    assert "re" not in g.allowed_announcements(3) and "kontra" in g.allowed_announcements(3)
    play_first(g)
    r = g.result()
    labels = [x["label"] for x in r["breakdown"]]
    # won 1, under 180 .. 30 (5), schwarz 1, Re angesagt 2, keine 135 angesagt 1 = 10
    assert "keine 135 angesagt" in labels and r["game_value"] == 10


def test_deadlines_step_one_card_further_each():
    # H = 12: re needs 11 cards in hand, keine135 10, keine90 9, keine60 8, keine30 7, schwarz 6
    g = six(SIX_RE_ALL)
    gesund(g)
    g.apply({"seat": 0, "announce": "keine90"})  # says re and keine135 with it
    while g.sizes[0] > 8:
        g.apply({"seat": g.to_act, "play": g.legal_plays(g.to_act)[0]})
    assert g.allowed_announcements(0) == ["keine60", "keine30", "schwarz"]
    while g.sizes[0] > 7:
        g.apply({"seat": g.to_act, "play": g.legal_plays(g.to_act)[0]})
    assert g.allowed_announcements(0) == []
    with pytest.raises(IllegalAction) as exc:
        g.apply({"seat": 0, "announce": "schwarz"})
    assert exc.value.code == "announce_too_late" and exc.value.params["step"] == "keine60"


def test_keine135_is_refused_at_four():
    from tests.engine.helpers import game
    g = game(seed=3)
    gesund(g)
    with pytest.raises(IllegalAction) as exc:
        g.apply({"seat": g.to_act, "announce": "keine135"})
    assert exc.value.code == "announce_blocked"


def test_targets_at_six():
    from dokobot.engine.scoring import Tally, target_met
    t = Tally(six(SIX_RE_ALL))  # a six-player table's Tally, its figures set below
    t.steps, t.limits, t.half = ("keine135", "keine90", "keine60", "keine30", "schwarz"), (135, 90, 60, 30, 0), 180
    t.n_tricks = 12
    for levels, augen, re_wins, kontra_wins in [
        ((-1, -1), (181, 179), True, False),
        ((-1, -1), (180, 180), False, True),       # Kontra wins with 180
        ((-1, 0), (180, 180), True, False),        # only Kontra said: Re needs 180
        ((1, -1), (225, 135), False, True),        # keine 135 needs 226; Kontra wins with 135
        ((1, -1), (226, 134), True, False),
        ((2, -1), (270, 90), False, True),         # keine 90: 271
    ]:
        t.levels, t.augen, t.tricks = list(levels), list(augen), [6, 6]
        assert (target_met(t, 0), target_met(t, 1)) == (re_wins, kontra_wins), (levels, augen)


def test_superdoppelkopf_six_volle_is_three_points():
    from dokobot.engine.cards import AUGEN, CODE_TO_TYPE
    from dokobot.engine.result import row_json
    from dokobot.engine.scoring import _extra_lines, extras

    g = six(SIX_RE_ALL, extras=["doppelkopf"])
    gesund(g)
    volle = [(0, "CA"), (1, "CA"), (2, "CA"), (3, "CT"), (4, "CT"), (5, "CT")]
    five = [(0, "CA"), (1, "CA"), (2, "CK"), (3, "CT"), (4, "CT"), (5, "ST")]
    forty = [(0, "HA"), (1, "HA"), (2, "C9"), (3, "CT"), (4, "CK"), (5, "CK")]  # 40 Augen, 3 Volle
    g._tricks_done = [(plays[0][0], [(s, CODE_TO_TYPE[c], False) for s, c in plays], 0,
                      sum(AUGEN[CODE_TO_TYPE[c]] for _, c in plays)) for plays in (volle, five, forty)]
    # six Volle (63 Augen) 3 points, five Volle 1 point, 40 Augen with three Volle nothing
    assert [(e["key"], e["party"], e["points"]) for e in extras(g)] == [("doppelkopf", "re", 3),
                                                                         ("doppelkopf", "re", 1)]
    assert [row_json(x)["label"] for x in _extra_lines(extras(g))] == ["Superdoppelkopf", "Doppelkopf"]


# Re 333 : Kontra 27 with one Superdoppelkopf for Re (tests/superdoppelkopf.py): the seed counts it
# as 3 Wertungspunkte, i.e. 3 levels in every scheme: +3 where levels add, x8 under doubling.
SUPERDOPPELKOPF_VALUES = [
    # scheme, fine_steps, value, the Superdoppelkopf row (points, factor)
    ("ddv", False, 9, (3, None)),       # won 1 + under 180, 135, 90, 60, 30 (5) + 3
    ("steps", False, 8, (3, None)),     # under 180, 135, 90, 60, 30 (5) + 3
    ("tally", False, 8, (3, None)),     # won 1 + under 135, 90, 60, 30 (4) + 3
    ("plus", False, 5, (3, None)),      # won 1 + Schneider (under 90) 1 + 3
    ("plus", True, 8, (3, None)),       # won 1 + under 135, 90, 60, 30 (4) + 3: the example
    ("doubling", False, 16, (None, 8)),  # 1 x 2 (Schneider) x 8
    ("doubling", True, 128, (None, 8)),  # 1 x 16 (under 30: 4 levels) x 8
]


@pytest.mark.parametrize(("scheme", "fine", "value", "row"), SUPERDOPPELKOPF_VALUES)
def test_superdoppelkopf_counts_three_levels_in_every_scheme(scheme, fine, value, row):
    from tests.superdoppelkopf import record

    r = replay(record(scheme, fine))
    assert (r["re"], r["augen"], r["tricks"]["kontra"]) == ([0, 2, 4], {"re": 333, "kontra": 27}, 1)
    sdk = [(b["party"], b.get("points"), b.get("factor")) for b in r["breakdown"] if b["label"] == "Superdoppelkopf"]
    assert sdk == [("re", *row)]
    assert not [b for b in r["breakdown"] if b["label"] == "Doppelkopf"]
    assert r["game_value"] == value
    assert r["score"] == [value, -value] * 3  # 3:3, g = 3: value each way


# ---- records and refusals ----------------------------------------------------------------------


def test_rules_refuse_six_without_muenchen():
    with pytest.raises(RuleError):
        RuleSet.from_config({"preset": "ddv", "players": 6})
    with pytest.raises(RuleError):
        RuleSet.from_config({"preset": "muenchen", "players": 4})


@pytest.mark.parametrize(("rules", "hands", "dealer", "words"), [
    ({"preset": "ddv"}, SIX_ACES, 0, "muenchen"),
    ({"preset": "muenchen"}, FOUR_RE_ALL, 0, "6 players"),
    ({"preset": "ddv", "players": 5}, FOUR_RE_ALL, 0, "5 players"),
    ({"preset": "ddv", "five": "all_play"}, FIVE_RE_ALL[:4] + [[]], 4, "5 seats must hold 8"),
    ({"preset": "ddv", "five": "dealer_sits_out"}, FIVE_RE_ALL, 0, "sits out"),
    ({"preset": "muenchen"}, [h[:-1] + ["CA"] for h in SIX_ACES], 0, "three decks"),
])
def test_bad_headers_are_refused(rules, hands, dealer, words):
    rec = {"format": "dokobot-game/1", "rules": rules, "dealer": dealer, "hands": hands, "actions": []}
    with pytest.raises(ReplayError, match=words) as exc:
        replay_game(rec)
    assert exc.value.action is None


@pytest.mark.parametrize(("action", "code"), [
    ({"seat": 0, "reserve": "solo", "solo": "karo", "size": "mittel"}, "malformed"),
    ({"seat": 0, "reserve": "solo", "solo": "karo", "pflicht": "ja"}, "malformed"),
    ({"seat": 0, "reserve": "solo", "solo": "reines_karo"}, "reserve_not_allowed"),
    ({"seat": 0, "reserve": "armut"}, "reserve_not_allowed"),
    ({"seat": 1, "reserve": "gesund"}, "not_your_turn"),
    ({"seat": 0, "bid": "re"}, "wrong_phase"),
])
def test_refused_reservations_at_six(action, code):
    g = six(dealer=5)
    with pytest.raises(IllegalAction) as exc:
        g.apply(action)
    assert exc.value.code == code and g._reserves == []


def test_kleines_solo_is_refused_at_four():
    from tests.engine.helpers import game
    g = game(seed=1)
    with pytest.raises(IllegalAction) as exc:
        g.apply({"seat": g.to_act, "reserve": "solo", "solo": "karo", "size": "klein"})
    assert exc.value.code == "reserve_not_allowed" and "six" in str(exc.value)


def test_six_offers_sizes_and_pflicht():
    g = six(dealer=5)
    offers = reservations(g, 0)
    solos = [a for a in offers if a["reserve"] == "solo"]
    assert len(solos) == len(g.rules.solos) * 4
    assert {(a["size"], a["pflicht"]) for a in solos} == {("gross", False), ("gross", True),
                                                          ("klein", False), ("klein", True)}
    for a in solos[:4]:
        g2 = g.copy()
        g2.apply(a)  # every offer is accepted


def test_named_card_kleines_solo_names_any_card_not_held_three_times():
    g = six(SIX_ACES, dealer=5, hochzeit="named_card")
    # reading 39: any card but a CQ that the seat does not hold in every copy (three at six)
    offers = {a["card"] for a in reservations(g, 0) if a.get("size") == "klein" and a["solo"] == "karo"}
    assert offers == {c for c in CARD_CODES[:24] if c not in ("CA", "SA", "HA", "DA", "CQ")}
    g.apply({"seat": 0, "reserve": "gesund"})
    offers = {a["card"] for a in reservations(g, 1) if a.get("size") == "klein" and a["solo"] == "karo"}
    assert "DA" in offers and not offers & {"CT", "CK", "C9", "CQ"} and len(offers) == 20
    for card in ("CQ", "CT"):
        with pytest.raises(IllegalAction) as exc:
            g.apply({"seat": 1, "reserve": "solo", "solo": "karo", "size": "klein", "card": card})
        assert exc.value.code == "bad_card"
    g.apply({"seat": 1, "reserve": "solo", "solo": "karo", "size": "klein", "card": "DA"})
    assert g._reserves[-1] == (1, "solo", "karo")


# ---- random games (hypothesis) -----------------------------------------------------------------

BIG_TABLES = st.one_of(
    st.fixed_dictionaries({"preset": st.sampled_from(["ddv", "haus", "klassisch"]), "players": st.just(5),
                           "five": st.just("all_play")},
                          optional={"hochzeit": st.sampled_from(HOCHZEIT), "scoring": st.sampled_from(SCHEMES),
                                    "dulle": st.sampled_from(DULLE), "schweine": st.booleans(),
                                    "klopfen": st.booleans(), "single_limit": st.booleans()}),
    st.fixed_dictionaries({"preset": st.just("muenchen")},
                          optional={"hochzeit": st.sampled_from(HOCHZEIT), "scoring": st.sampled_from(SCHEMES),
                                    "dulle": st.sampled_from(DULLE), "hochzeit_window": st.integers(1, 12),
                                    "solos": st.lists(st.sampled_from(list(SOLO_KINDS)), unique=True, min_size=1),
                                    "single_limit": st.booleans(), "zero_sum": st.booleans()}),
)


@settings(max_examples=250, deadline=None)
@given(config=BIG_TABLES, seed=st.integers(0, 2**32 - 1), announce_rate=st.sampled_from([0.0, 0.05, 0.3]),
       reserve_rate=st.sampled_from([0.0, 0.3, 0.8]))
def test_random_five_and_six_games_keep_the_invariants(config, seed, announce_rate, reserve_rate):
    rules = RuleSet.from_config(config)
    g = random_game(rules, random.Random(seed), announce_rate=announce_rate, reserve_rate=reserve_rate)
    r = g.result()
    n = rules.players
    assert len(r["score"]) == n
    if r["contract"] == "redeal":  # only a knock-less first lead under klopfen_redeal
        assert r["score"] == [0] * n
        return
    assert r["augen"]["re"] + r["augen"]["kontra"] == (360 if n == 6 else 240)
    assert r["tricks"]["re"] + r["tricks"]["kontra"] == (12 if n == 6 else 8)
    assert sorted(r["re"] + r["kontra"]) == list(range(n)) and r["re"] and r["kontra"]
    if rules.zero_sum:
        assert sum(r["score"]) == 0
    # settling (reading 31): Re seats value x |Kontra| / g, Kontra seats value x |Re| / g
    w, lo = len(r["re"]), len(r["kontra"])
    d = math.gcd(w, lo)
    if r["winner"] is not None and r["game_value"] > 0:
        win, lose = ("re", "kontra") if r["winner"] == "re" else ("kontra", "re")
        assert {r["score"][s] for s in r[win]} == {r["game_value"] * len(r[lose]) // d}
        paid = -r["game_value"] * len(r[win]) // d if rules.zero_sum else 0  # zero_sum false: winners only
        assert {r["score"][s] for s in r[lose]} == {paid}
    sizes = {"normal": {(2, n - 2), (3, 3)}, "stille_hochzeit": {(1, n - 1)}, "hochzeit": {(1, 4), (2, 3)},
             "hochzeit:klein": {(3, 3)}, "hochzeit:gross": {(1, 5), (2, 4)}}
    if r["contract"].startswith("solo:"):
        assert (w, lo) in ({(1, n - 1), (2, 4)} if r.get("size") == "klein" else {(1, n - 1)})
    else:
        assert (w, lo) in sizes[r["contract"]]
    assert json.loads(json.dumps(g.record())) == g.record()
    assert replay(g.record()) == r


def test_legal_actions_offer_the_bids():
    g = bidding_game()
    # reading 42: the bid begins with Re; the safe answer (pass) is listed first
    assert legal_json(g, 1) == [{"seat": 1, "bid": b} for b in ("pass", "re")]
    assert g.legal_actions(0) == []  # not its turn
    assert g.observation(1).legal_actions() == g.legal_actions(1)


# ---- five, dealer sits out (TSR 10.1, reading 21) -------------------------------------------


@pytest.mark.parametrize("action", [{"seat": 2, "reserve": "gesund"}, {"seat": 2, "announce": "re"},
                                    {"seat": 2, "play": "CA"}, {"seat": 2, "klopfen": True}])
def test_the_dealer_who_sits_out_cannot_act(action):
    rules = RuleSet.from_config({"preset": "ddv", "players": 5})
    g = Game(rules, deal(rules, random.Random(4), dealer=2), 2)
    assert g._dealt[2] == () and 2 not in g.seats and g.to_act == 3
    with pytest.raises(IllegalAction) as exc:
        g.apply(action)
    assert exc.value.code == "sits_out" and g.actions == []


def test_dealer_sits_out_is_the_four_seat_game_with_solo_factor():
    rules = RuleSet.from_config({"preset": "ddv", "players": 5, "extras": []})
    hands = [h.split() for h in ("CA CA CT CT SA SA ST ST HA HA DA DA", "CK CK C9 C9 SK SK S9 S9 HK HK H9 H9",
                                 "", "CQ CQ SQ SQ HQ HQ DQ DQ CJ CJ SJ SJ",
                                 "HJ HJ DJ DJ DT DT DK DK D9 D9 HT HT")]
    g = Game(rules, hands, dealer=2)
    assert g.seats == (3, 4, 0, 1) and g.rules.hand_size == 12
    g.apply({"seat": 3, "reserve": "gesund"})
    g.apply({"seat": 4, "reserve": "gesund"})
    g.apply({"seat": 0, "reserve": "solo", "solo": "fleischlos", "pflicht": True})  # the soloist leads
    g.apply({"seat": 1, "reserve": "gesund"})
    assert g.to_act == 0
    play_first(g)
    r = g.result()
    # 12 tricks to the soloist: value 1 + 3 + 1 = 5; solo_factor 3 at five with the dealer out
    assert r["score"] == [15, -5, 0, -5, -5]
    assert replay(g.record()) == r


def _legal_by_definition(g: Game, seat: int) -> set[str]:
    """Reading 23 spelled out card by card: follow suit; a trump onto a trump-topped trick must
    beat it when any playable trump can (by the Dulle rule in force)."""
    from dokobot.engine.cards import CODE_TO_TYPE
    from dokobot.engine.contracts import TRUMP

    hand = set(g.hand(seat))
    if not g._trick:
        return hand
    order = g._order
    led = TRUMP if g._trick[0][2] else order.suit[g._trick[0][1]]
    follow = {c for c in hand if order.suit[CODE_TO_TYPE[c]] == led}
    playable = follow or hand
    top = g._top_trump()
    if top is None:
        return playable
    trumps = {c for c in playable if order.suit[CODE_TO_TYPE[c]] == TRUMP}
    beaters = {c for c in trumps if g._beats(CODE_TO_TYPE[c], False, top)}
    return (playable - trumps) | beaters if beaters else playable


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), preset=st.sampled_from(["muenchen", "five"]),
       dulle=st.sampled_from(DULLE))
def test_ueberstich_tables_agree_with_the_definition(seed, preset, dulle):
    config = {"preset": "muenchen"} if preset == "muenchen" else {"preset": "ddv", "players": 5, "five": "all_play"}
    rules = RuleSet.from_config({**config, "dulle": dulle})
    rng = random.Random(seed)
    g = Game(rules, deal(rules, rng, 0), 0)
    gesund(g)
    while g.phase == "play":
        s = g.to_act
        assert set(g.legal_plays(s)) == _legal_by_definition(g, s), (g.current_trick, g.hand(s))
        g.apply({"seat": s, "play": rng.choice(g.legal_plays(s))})


def test_hochzeit_alone_at_five_is_1_4():
    hands = [list(h) for h in FIVE_RE_ALL]
    hands[0][-1], hands[1][0] = hands[1][0], hands[0][-1]  # seat 0: both CQ and the other top trumps
    r = played(FIVE, hands, dealer=4, reserves={0: {"reserve": "hochzeit"}})
    # seat 0 leads and wins the three window tricks itself: no partner, a solo 1 against 4 (reading 22);
    # it wins all 8 tricks: value 1 + 3 + 1 = 5; W = 1, L = 4: +20 and -5 each
    assert (r["contract"], r["re"], r["tricks"]["re"]) == ("hochzeit", [0], 8)
    assert r["score"] == [20, -5, -5, -5, -5]


def test_hochzeit_at_five_finds_a_partner_2_3():
    hands = split("CK CQ CQ HT HT SQ SQ HQ", "CA CA SA SA ST ST HQ DQ", "CT SK SK HA HA HK HK DQ",
                  "CK CJ CJ SJ SJ HJ HJ DJ", "CT DJ DA DA DT DT DK DK")
    g = Game(RuleSet.from_config(FIVE), hands, 0)  # dealer 0: seat 1 reserves and leads first
    for seat in (1, 2, 3, 4):
        g.apply({"seat": seat, "reserve": "gesund"})
    g.apply({"seat": 0, "reserve": "hochzeit"})
    assert g.contract == "hochzeit" and g.to_act == 1
    assert g.allowed_announcements(0) == []  # not before the clarification
    for seat, card in ((1, "CA"), (2, "CT"), (3, "CK"), (4, "CT"), (0, "CK")):
        g.apply({"seat": seat, "play": card})
    # everyone followed clubs, CA (seat 1) won the first trick: the partner, 2 against 3
    assert (g.partner, g.clarify_trick, g._re) == (1, 0, {0, 1})
    assert g.public_parties() == {0: "re", 1: "re", 2: "kontra", 3: "kontra", 4: "kontra"}
    play_first(g)
    r = g.result()
    assert (r["re"], r["kontra"]) == ([0, 1], [2, 3, 4])
    v = r["game_value"] if r["winner"] == "re" else -r["game_value"]
    assert r["score"] == [3 * v, 3 * v, -2 * v, -2 * v, -2 * v]  # 2:3 pays 3 and 2 (reading 22)
