"""House forms of seed 000 (rules.md "House forms", readings 1-19 of docs/rules-interpretations.md).

Each new switch value is shown on the same deal under two settings with two
different results; refused actions carry their stable codes; records with the
new action shapes replay to the same result.
"""

from __future__ import annotations

import json
import random

import pytest

from dokobot.engine import IllegalAction, ReplayError, replay
from dokobot.engine.cards import CARD_CODES
from dokobot.engine.events import ArmutAnnounced, ArmutDeclined
from dokobot.engine.record import replay_game
from tests.engine.helpers import armut_answers, finished, game, hands_with, reservations, winner_of

HOLDER_1 = hands_with({1: "CQ CQ HT CA DA", 0: "SA SA C9 C9 S9 S9 H9"})  # holder holds one CA, no SA/HA


def say(g, *answers):
    for a in answers:
        seat = g.to_act
        if isinstance(a, dict):
            g.apply({"seat": seat, **a})
        elif a.startswith("solo:"):
            g.apply({"seat": seat, "reserve": "solo", "solo": a[5:]})
        else:
            g.apply({"seat": seat, "reserve": a})


def first_legal(g):
    """Play the first legal card to the end (the same cards under every Hochzeit form)."""
    while g.phase == "play":
        g.apply({"seat": g.to_act, "play": g.legal_plays(g.to_act)[0]})
    return g


def code_of(g, action):
    with pytest.raises(IllegalAction) as exc:
        g.apply(action)
    return exc.value.code


def roundtrip(g):
    assert replay(json.loads(json.dumps(g.record()))) == g.result()


# ---- Hochzeit: named_card ------------------------------------------------------------------

def test_named_card_offers_any_card_but_cq_not_held_twice():
    """Reading 39: any card of the deck, trumps too, but no CQ and none the holder holds twice."""
    g = game(HOLDER_1, hochzeit="named_card")
    say(g, "gesund")
    offers = [a["card"] for a in reservations(g, 1) if a["reserve"] == "hochzeit"]
    hand = g.hand(1)
    assert set(offers) == {c for c in CARD_CODES[:24] if c != "CQ" and hand.count(c) < 2}
    assert {"CA", "SA", "HA", "DA", "HT", "D9"} <= set(offers) and len(offers) == len(set(offers))
    assert offers.index("HT") < offers.index("DA") < offers.index("CA")  # trumps first, in display order
    g = game(hands_with({1: "CQ CQ HA HA"}), hochzeit="named_card")
    say(g, "gesund")
    offers = [a.get("card") for a in reservations(g, 1) if a["reserve"] == "hochzeit"]
    assert "HA" not in offers and "CQ" not in offers and {"CA", "SA", "DA"} <= set(offers)


@pytest.mark.parametrize("mode, action, code", [
    ("named_card", {"reserve": "hochzeit"}, "bad_card"),                 # no card named
    ("named_card", {"reserve": "hochzeit", "card": "CQ"}, "bad_card"),   # never a CQ (reading 39)
    ("named_card", {"reserve": "hochzeit", "card": "JO"}, "bad_card"),   # not in this deck
    ("named_card", {"reserve": "hochzeit", "card": "XX"}, "bad_card"),
])
def test_named_card_refusals(mode, action, code):
    g = game(HOLDER_1, hochzeit=mode)
    say(g, "gesund")
    assert code_of(g, {"seat": 1, **action}) == code
    assert len(g._reserves) == 1 and g.to_act == 1


def test_card_on_another_reservation_or_form_is_ignored():
    g = game(HOLDER_1, hochzeit="named_card")
    g.apply({"seat": 0, "reserve": "gesund", "card": "SA"})
    assert g.actions == [{"seat": 0, "reserve": "gesund"}]
    g = game(HOLDER_1, hochzeit="first_trick")
    say(g, "gesund", {"reserve": "hochzeit", "card": "XX"})
    assert g.actions[1] == {"seat": 1, "reserve": "hochzeit"}


def test_named_card_held_twice_is_refused():
    g = game(hands_with({1: "CQ CQ HA HA"}), hochzeit="named_card")
    say(g, "gesund")
    assert code_of(g, {"seat": 1, "reserve": "hochzeit", "card": "HA"}) == "bad_card"


def _named_partner(g, card):
    for i, t in enumerate(g.tricks):
        for s, c in t.cards:
            if c == card and s != g.holder:
                return s, i
    return None, None


@pytest.mark.parametrize("card", ["CA", "SA", "HA"])
def test_named_card_partner_is_the_first_other_seat_to_play_it(card):
    g = game(HOLDER_1, hochzeit="named_card")
    say(g, "gesund", {"reserve": "hochzeit", "card": card}, "gesund", "gesund")
    assert g.contract == "hochzeit" and g.hochzeit_card == card
    first_legal(g)
    seat, i = _named_partner(g, card)
    assert seat is not None and g.partner == seat and g.clarify_trick == i
    assert g.result()["re"] == sorted({1, seat})
    roundtrip(g)


def test_named_card_against_first_trick_same_deal_two_results():
    results = {}
    for mode, reserve in (("first_trick", {"reserve": "hochzeit"}),
                          ("named_card", {"reserve": "hochzeit", "card": "SA"})):
        g = game(HOLDER_1, hochzeit=mode)
        say(g, "gesund", reserve, "gesund", "gesund")
        results[mode] = first_legal(g).result()
    assert results["first_trick"]["re"] != results["named_card"]["re"]
    assert results["first_trick"]["score"] != results["named_card"]["score"]


def test_named_card_nothing_announced_before_its_trick_is_complete():
    g = game(HOLDER_1, hochzeit="named_card")
    say(g, "gesund", {"reserve": "hochzeit", "card": "SA"}, "gesund", "gesund")
    while g.clarify_trick is None:
        assert all(g.allowed_announcements(s) == [] for s in range(4))
        g.apply({"seat": g.to_act, "play": g.legal_plays(g.to_act)[0]})
    k = g.clarify_trick + 1  # trick k clarified: deadlines move k - 1 cards
    assert g.sizes[1] == 12 - k
    if 11 - (k - 1) <= g.sizes[1]:
        assert "re" in g.allowed_announcements(1)


# ---- Hochzeit: first_pure_color_trick and the corrected first_color_trick --------------------

def _seeds_with_hochzeit(mode, n=600):
    """Random Hochzeit games (holder: the seat dealt both CQ) over seeded deals."""
    for seed in range(n):
        rng = random.Random(seed)
        g = game(seed=seed, hochzeit=mode)
        holders = [s for s in range(4) if g.hand(s).count("CQ") == 2]
        if not holders:
            continue
        while g.phase == "reserve":
            g.apply({"seat": g.to_act, "reserve": "hochzeit" if g.to_act == holders[0] else "gesund"})
        while g.phase == "play":
            g.apply({"seat": g.to_act, "play": rng.choice(g.legal_plays(g.to_act))})
        yield seed, g


def test_first_pure_color_trick_partner_is_the_winner_of_the_first_trick_without_trump():
    seen = set()
    for _, g in _seeds_with_hochzeit("first_pure_color_trick"):
        pure = [i for i, t in enumerate(g.tricks) if not any(g.is_trump(c) for _, c in t.cards)
                and t.schwein is None]
        if not pure:
            assert g.clarify_trick == 11 and g.partner is None
            seen.add("none")
            continue
        i = pure[0]
        assert g.clarify_trick == i
        if g.tricks[i].winner == g.holder:
            assert g.partner is None and len(g.result()["re"]) == 1
            seen.add("holder")
        else:
            assert g.partner == g.tricks[i].winner
            seen.add("partner")
        roundtrip(g)
    assert seen >= {"partner", "holder"}, seen


def test_first_color_trick_window_counts_colour_tricks_only():
    """Old reading: alone after trick 3 whatever was led. Now trump-led tricks don't count."""
    later = 0
    for _, g in _seeds_with_hochzeit("first_color_trick"):
        leads_trump = [g.is_trump(t.cards[0][1]) or t.schwein == 0 for t in g.tricks]
        i = g.clarify_trick
        colour_before = sum(1 for x in leads_trump[:i] if not x)
        if g.partner is not None:
            assert not leads_trump[i] and colour_before == sum(
                1 for t, x in zip(g.tricks[:i], leads_trump[:i], strict=True) if not x and t.winner == g.holder)
        else:
            assert i == 11 or colour_before + (not leads_trump[i]) == 3
        if i >= 3:
            later += 1
    assert later, "no clarification after the third trick found"


def test_hochzeit_window_larger_than_the_tricks_clarifies_with_the_last_trick():
    hands = hands_with({1: "CQ CQ"}, nines=False)
    for mode in ("first_trick", "first_trump_trick", "first_color_trick"):
        g = game(hands, hochzeit=mode, hochzeit_window=12, nines=False)
        say(g, "gesund", "hochzeit", "gesund", "gesund")
        first_legal(g)
        assert g.clarify_trick is not None and g.finished
        roundtrip(g)


# ---- Armut ---------------------------------------------------------------------------------

POOR_WITH_CQ = hands_with({2: "CQ CA CA CT CT CK CK SA SA ST HA HK"}, armut=True)
POOR_NO_CQ = hands_with({2: "D9 CA CA CT CT CK CK SA SA ST HA HK"}, armut=True)


def cq_seats(hands):
    return [s for s, h in enumerate(hands) if "CQ" in h.split()]


def test_armut_partner_asks_only_the_other_alte():
    other = next(s for s in cq_seats(POOR_WITH_CQ) if s != 2)
    g = game(POOR_WITH_CQ, armut=True, armut_taker="partner")
    say(g, "gesund", "gesund", "armut", "gesund")
    assert g.phase == "armut_take" and g.to_act == other
    wrong = next(s for s in range(4) if s not in (2, other))
    assert code_of(g, {"seat": wrong, "armut_take": True}) == "not_your_turn"
    g.apply({"seat": other, "armut_take": False})
    assert g.contract == "redeal"


def test_armut_partner_without_alte_is_the_other_seat_without_one():
    no_cq = [s for s in range(4) if s != 2 and s not in cq_seats(POOR_NO_CQ)]
    assert len(no_cq) == 1
    g = game(POOR_NO_CQ, armut=True, armut_taker="partner")
    say(g, "gesund", "gesund", "armut", "gesund")
    assert g.to_act == no_cq[0] and armut_answers(g, no_cq[0]) == [
        {"seat": no_cq[0], "armut_take": False}, {"seat": no_cq[0], "armut_take": True}]


def test_armut_partner_against_volunteer_same_deal_two_results():
    # volunteer: seat 3 (left of the poor seat 2) takes; partner: only the other Alte is asked.
    other = next(s for s in cq_seats(POOR_WITH_CQ) if s != 2)
    assert other != 3
    out = {}
    for taker in ("volunteer", "partner"):
        g = game(POOR_WITH_CQ, armut=True, armut_taker=taker)
        say(g, "gesund", "gesund", "armut", "gesund")
        g.apply({"seat": g.to_act, "armut_take": True})
        g.apply({"seat": 2, "armut_give": ["CQ"]})
        g.apply({"seat": g.to_act, "armut_return": [g.hand(g.to_act)[-1]]})
        out[taker] = first_legal(g).result()
        roundtrip(g)
    assert out["volunteer"]["re"] == [2, 3] and out["partner"]["re"] == sorted({2, other})


def test_armut_poor_seat_with_both_alten_has_no_partner():
    hands = hands_with({2: "CQ CQ CA CA CT CT CK CK SA SA ST HA"}, armut=True)
    g = game(hands, armut=True, armut_taker="partner")
    say(g, "gesund", "gesund", "armut", "gesund")
    assert g.contract == "redeal"


def test_armut_after_give_then_decline_then_the_next_seat_takes():
    g = game(POOR_NO_CQ, armut=True, armut_decide="after")
    say(g, "gesund", "gesund", "armut", "gesund")
    assert g.phase == "armut_give" and g.to_act == 2 and g.taker == 3
    assert code_of(g, {"seat": 3, "armut_take": True}) == "wrong_phase"  # no armut_take in after mode
    g.apply({"seat": 2, "armut_give": ["D9"]})
    assert "D9" in g.hand(3) and armut_answers(g, 3) == [{"seat": 3, "armut_decline": True}]
    before = g.hand(3).count("D9")
    ev = g.apply({"seat": 3, "armut_decline": True})
    assert ev[0] == ArmutDeclined(3) and "D9" in g.hand(2) and g.hand(3).count("D9") == before - 1
    assert g.phase == "armut_give" and g.to_act == 2 and g.taker == 0 and g.sizes == [12] * 4
    g.apply({"seat": 2, "armut_give": ["D9"]})
    g.apply({"seat": 0, "armut_return": ["D9"]})
    assert g.contract == "armut" and g._re == {0, 2} and g.armut_trumps_back == 1
    first_legal(g)
    roundtrip(g)


def test_armut_after_everybody_declines_is_a_redeal():
    g = game(POOR_NO_CQ, armut=True, armut_decide="after")
    say(g, "gesund", "gesund", "armut", "gesund")
    for seat in (3, 0, 1):
        g.apply({"seat": 2, "armut_give": ["D9"]})
        g.apply({"seat": seat, "armut_decline": True})
    assert g.contract == "redeal" and g.result()["score"] == [0, 0, 0, 0]
    roundtrip(g)


def test_armut_after_against_before_same_deal_two_results():
    out = {}
    for decide in ("before", "after"):
        g = game(POOR_NO_CQ, armut=True, armut_decide=decide)
        say(g, "gesund", "gesund", "armut", "gesund")
        if decide == "before":
            g.apply({"seat": 3, "armut_take": True})
        else:
            g.apply({"seat": 2, "armut_give": ["D9"]})
            g.apply({"seat": 3, "armut_decline": True})  # seen the cards: no thanks
            g.apply({"seat": 2, "armut_give": ["D9"]})
            g.apply({"seat": 0, "armut_return": ["D9"]})
            out[decide] = first_legal(g).result()
            continue
        g.apply({"seat": 2, "armut_give": ["D9"]})
        g.apply({"seat": 3, "armut_return": ["D9"]})
        out[decide] = first_legal(g).result()
    assert out["before"]["re"] == [2, 3] and out["after"]["re"] == [0, 2]


def test_armut_decline_refused_when_deciding_before():
    g = game(POOR_NO_CQ, armut=True)
    say(g, "gesund", "gesund", "armut", "gesund")
    g.apply({"seat": 3, "armut_take": True})
    g.apply({"seat": 2, "armut_give": ["D9"]})
    assert code_of(g, {"seat": 3, "armut_decline": True}) == "armut_decline"
    assert code_of(g, {"seat": 3, "armut_decline": False}) == "malformed"


def test_armut_announce_tells_trumps_and_alte_and_changes_nothing_else():
    out = []
    for announce in (False, True):
        g = game(POOR_WITH_CQ, armut=True, armut_announce=announce)
        say(g, "gesund", "gesund", "armut")
        events = g.apply({"seat": g.to_act, "reserve": "gesund"})
        told = [e for e in events if isinstance(e, ArmutAnnounced)]
        if announce:
            assert told and told[0] == ArmutAnnounced(2, (2, 1, True)) and told[0].info == g.armut_announced
            assert (g.armut_announced.seat, g.armut_announced.trumps, g.armut_announced.alte) == (2, 1, True)
        else:
            assert not told and g.armut_announced is None
        g.apply({"seat": 3, "armut_take": True})
        g.apply({"seat": 2, "armut_give": ["CQ"]})
        g.apply({"seat": 3, "armut_return": [g.hand(3)[-1]]})
        out.append(first_legal(g).result())
    assert out[0] == out[1]
    g = game(POOR_NO_CQ, armut=True, armut_announce=True)
    say(g, "gesund", "gesund", "armut", "gesund")
    assert g.armut_announced == (2, 1, False)


# ---- Solos ---------------------------------------------------------------------------------

@pytest.mark.parametrize("kind, cards, winner", [
    ("reines_herz", "HA HT HK H9", 0),       # HT is just a heart, below the ace
    ("reines_herz", "HT HT HK H9", 0),       # no Dulle rule: the first of two equal wins
    ("reines_herz", "CA H9 CT CK", 1),       # any heart trumps
    ("reines_herz", "CQ DA CJ C9", 0),       # queens and jacks are plain
    ("reines_kreuz", "HA CQ HT HK", 1),      # CQ is a low club trump here
    ("reines_kreuz", "CJ CQ CK CA", 3),      # clubs A T K Q J 9
    ("reines_pik", "DA DT SA D9", 2),
    ("reines_karo", "DA DQ HT CQ", 0),       # no Dulle, no queen above the Karo ace
])
def test_reine_solo_orders(kind, cards, winner):
    g = game(seed=4, solos=[kind], dulle="second_wins")
    say(g, f"solo:{kind}", "gesund", "gesund", "gesund")
    assert winner_of(g, cards) == winner


def test_reine_solo_against_suit_solo_same_deal_two_results():
    out = {}
    for kind in ("herz", "reines_herz"):
        g = game(seed=11, solos=[kind])
        say(g, f"solo:{kind}", "gesund", "gesund", "gesund")
        out[kind] = first_legal(g).result()
        roundtrip(g)
    assert out["herz"]["augen"] != out["reines_herz"]["augen"]


@pytest.mark.parametrize("first, second, winner", [
    ("reines_kreuz", "herz", 1), ("herz", "reines_kreuz", 0), ("reines_karo", "reines_kreuz", 1),
    ("reines_pik", "reines_herz", 0), ("reines_herz", "reines_karo", 0), ("fleischlos", "reines_kreuz", 0),
])
def test_rank_priority_puts_the_reine_soli_after_herz(first, second, winner):
    from dokobot.engine.rules import SOLO_KINDS

    g = game(seed=4, solo_priority="rank", solos=list(SOLO_KINDS))
    say(g, f"solo:{first}", f"solo:{second}", "gesund", "gesund")
    assert g._re == {winner}
    g = game(seed=4, solo_priority="seat", solos=list(SOLO_KINDS))
    say(g, f"solo:{first}", f"solo:{second}", "gesund", "gesund")
    assert g._re == {0}


def _extras_case():
    """A Karo solo (seat 0) whose tricks hold a Doppelkopf, a caught Fuchs or a Karlchen."""
    for seed in range(200):
        g = game(seed=seed, solo_extras="trumpfsolo_still")
        say(g, "solo:karo", "gesund", "gesund", "gesund")
        first_legal(g)
        if g.summary()["extras"]:
            return seed
    raise AssertionError("no Karo solo with extras")


def test_trumpfsolo_still_counts_extras_in_a_karo_solo():
    seed = _extras_case()
    out = {}
    for mode in ("none", "trumpfsolo_still"):
        g = game(seed=seed, solo_extras=mode)
        say(g, "solo:karo", "gesund", "gesund", "gesund")
        first_legal(g)
        out[mode] = g.summary()
    assert out["none"]["extras"] == [] and out["trumpfsolo_still"]["extras"]
    assert out["none"]["game_value"] != out["trumpfsolo_still"]["game_value"]
    r = out["trumpfsolo_still"]
    assert sum(r["score"]) == 0 and abs(r["score"][0]) == 3 * abs(r["score"][1])
    # in a Damen solo the extras stay out
    g = game(seed=seed, solo_extras="trumpfsolo_still")
    say(g, "solo:damen", "gesund", "gesund", "gesund")
    assert first_legal(g).summary()["extras"] == []


def test_trumpfsolo_still_counts_extras_in_a_stille_hochzeit():
    for seed in range(400):
        rs = {}
        for mode in ("none", "trumpfsolo_still"):
            g = game(seed=seed, solo_extras=mode)
            say(g, "gesund", "gesund", "gesund", "gesund")
            if g.contract != "stille_hochzeit":
                break
            rs[mode] = first_legal(g).summary()
        if rs and rs["trumpfsolo_still"]["extras"]:
            assert rs["none"]["extras"] == []
            assert rs["none"]["game_value"] != rs["trumpfsolo_still"]["game_value"]
            return
    pytest.fail("no stille Hochzeit with extras found")


# ---- Schmeißen -----------------------------------------------------------------------------

def test_top_da_against_top_dj():
    dj_top = hands_with({0: "DJ DA DT CA CA SA SA HA HA CT CT SK"})
    da_top = hands_with({0: "DA DT CA CA SA SA HA HA CT CT SK SK"})
    for hands, top_dj, top_da in ((dj_top, True, False), (da_top, True, True)):
        for trigger, ok in (("top_dj", top_dj), ("top_da", top_da)):
            g = game(hands, schmeissen=[trigger])
            assert ({"seat": 0, "reserve": "schmeissen"} in reservations(g, 0)) == ok
            if not ok:
                assert code_of(g, {"seat": 0, "reserve": "schmeissen"}) == "reserve_not_allowed"
    g = game(hands_with({0: "DA DA CA CA SA SA HA HA CT CT SK SK"}), schmeissen=["top_da"], schweine=True)
    assert {"seat": 0, "reserve": "schmeissen"} not in reservations(g, 0)  # a Schwein is high


def test_nines_trigger_counts_kings_without_nines():
    kings = "CK CK SK SK HK"
    for nines, ok in ((False, True), (True, False)):
        g = game(hands_with({0: kings}, nines=nines), nines=nines, schmeissen=["nines"])
        assert ({"seat": 0, "reserve": "schmeissen"} in reservations(g, 0)) == ok


# ---- Extras --------------------------------------------------------------------------------

LAST_CJ = [(1, [(1, "CJ"), (2, "HT"), (3, "C9"), (0, "S9")], 2)]  # Kontra's CJ under Re's Dulle


def test_karlchen_caught_any_against_karlchen_caught():
    base = dict(**{"augen": {0: 150, 1: 90}, "won": {0: 6, 1: 6}}, tricks=LAST_CJ)
    any_ = finished(extras=["karlchen_caught_any"], **base).summary()
    dq_only = finished(extras=["karlchen_caught"], **base).summary()
    assert [e["key"] for e in any_["extras"]] == ["karlchen_caught_any"]
    assert any_["extras"][0]["party"] == "re" and any_["extras"][0]["victim"] == 1
    assert dq_only["extras"] == []
    assert any_["game_value"] == dq_only["game_value"] + 1
    # a CJ of the winning party itself scores nothing
    own = finished(extras=["karlchen_caught_any"], tricks=[(0, [(0, "CJ"), (1, "C9"), (2, "HT"), (3, "S9")], 2)],
                   **{"augen": {0: 150, 1: 90}, "won": {0: 6, 1: 6}}).summary()
    assert own["extras"] == []


# ---- Bock heart trick (the flag the table reads) -------------------------------------------

def test_heart_trick_flag_needs_a_game_without_nines():
    hands = ["HA CQ CQ SQ SQ HQ HQ DQ DQ CJ", "HA CJ SJ SJ HJ HJ DJ DJ DA DA",
             "HK DT DT DK DK CA CA CT CT CK", "HK CK SA SA ST ST SK SK HT HT"]
    g = game(hands, nines=False)
    say(g, "gesund", "gesund", "gesund", "gesund")
    for c in ("HA", "HA", "HK", "HK"):
        g.apply({"seat": g.to_act, "play": c})
    assert g.heart_trick
    g = game(seed=3)
    say(g, "gesund", "gesund", "gesund", "gesund")
    assert not first_legal(g).heart_trick  # with nines the trigger does not exist


# ---- single_limit --------------------------------------------------------------------------

def _normal(seed=4, **rules):
    g = game(seed=seed, **rules)
    say(g, "gesund", "gesund", "gesund", "gesund")
    assert g.contract == "normal"
    return g


def test_single_limit_one_step_per_game():
    for single, ok in ((False, True), (True, False)):
        g = _normal(single_limit=single)
        re = min(g._re)
        kontra = min(s for s in range(4) if s not in g._re)
        g.apply({"seat": re, "announce": "keine90"})
        assert ("keine90" in g.allowed_announcements(kontra)) == ok
        assert ("keine60" in g.allowed_announcements(re)) == ok
        assert "kontra" in g.allowed_announcements(kontra)
        if not ok:
            assert code_of(g, {"seat": kontra, "announce": "keine90"}) == "single_limit"
    g = _normal(single_limit=True)
    g.apply({"seat": min(g._re), "announce": "keine60"})  # one announcement may skip
    assert g._levels[0] == 2


# ---- Klopfen -------------------------------------------------------------------------------

def test_klopfen_redeal_when_nobody_knocked():
    for redeal in (False, True):
        g = _normal(klopfen=True, klopfen_redeal=redeal)
        lead = {"seat": g.to_act, "play": g.legal_plays(g.to_act)[0]}
        g.apply(lead)
        if redeal:
            assert g.contract == "redeal" and g.finished and g.current_trick == []
            assert code_of(g, {"seat": g.seats[1], "play": "CA"}) == "game_over"
            assert g.result()["score"] == [0, 0, 0, 0]
        else:
            assert g.contract == "normal" and len(g.current_trick) == 1
        roundtrip(g)
    g = _normal(klopfen=True, klopfen_redeal=True)
    g.apply({"seat": 2, "klopfen": True})
    g.apply({"seat": g.to_act, "play": g.legal_plays(g.to_act)[0]})
    assert g.contract == "normal"
    # a bad first lead is refused before anything else happens
    g = _normal(klopfen=True, klopfen_redeal=True)
    assert code_of(g, {"seat": g.seats[1], "play": g.hand(g.seats[1])[0]}) == "not_your_turn"
    assert g.phase == "play"


def test_klopfen_refusals():
    g = _normal(klopfen=True)
    assert g.can_klopfen(1)
    g.apply({"seat": 1, "klopfen": True})
    assert not g.can_klopfen(1) and code_of(g, {"seat": 1, "klopfen": True}) == "klopfen"
    assert code_of(g, {"seat": min(g._re), "announce": "re"}) == "announce_blocked"
    for s in (2, 1, 2):
        g.apply({"seat": s, "klopfen": True})
    assert code_of(g, {"seat": 3, "klopfen": True}) == "klopfen"  # four knocks are the most
    g = _normal()
    assert code_of(g, {"seat": 0, "klopfen": True}) == "klopfen"


def _knocked(scheme, knocks, **kw):
    g = finished(scoring=scheme, **kw)
    g.klopfer = list(knocks)
    return g.result()


@pytest.mark.parametrize("scheme, values", [
    ("ddv", (2, 4, 6, 8)),        # won 1 + under 90 1, +2 per knock
    ("steps", (2, 3, 4, 5)),      # loser under 120 and under 90, +1 per knock
    ("doubling", (1, 2, 4, 8)),   # Re wins 1, x2 per knock
    ("tally", (2, 4, 8, 8)),      # won 1 + under 90 1, x2 for one knock, x4 from the second
])
def test_knock_value_per_scheme(scheme, values):
    base = {"augen": {0: 151, 1: 89}, "won": {0: 6, 1: 6}}
    got = tuple(_knocked(scheme, [0, 1, 0][:k], **base)["game_value"] for k in range(4))
    assert got == values


def test_knock_in_ddv_counts_only_with_a_winner():
    base = {"augen": {0: 125, 1: 115}, "won": {0: 6, 1: 6}, "levels": (1, 1)}  # both said keine 90, both missed
    r0, r2 = _knocked("ddv", [], **base), _knocked("ddv", [1, 2], **base)
    assert r0["winner"] is None and r0 == r2


# ---- doubling: reached announced steps ---------------------------------------------------------

@pytest.mark.parametrize("levels, augen, winner, value", [
    ((0, -1), 160, "re", 2),      # Re said: 1 x2
    ((1, -1), 160, "re", 4),      # Re keine 90 reached (Kontra 80): x2 more
    ((2, -1), 185, "re", 16),     # keine 90, keine 60 reached; Kontra 55 under 60: Schneider x2
    ((3, -1), 200, "kontra", 16),  # Re missed keine 30 (needs 211): Kontra wins 2, Re said x2, Re's
                                   # reached keine 90 and keine 60 x2 each (a losing party's step counts)
])
def test_doubling_reached_steps(levels, augen, winner, value):
    r = finished(scoring="doubling", levels=levels, extras=[],
                 **{"augen": {0: augen, 1: 240 - augen}, "won": {0: 6, 1: 6}}).result()
    assert (r["winner"], r["game_value"]) == (winner, value)


def test_doubling_with_no_winner_counts_only_the_extras():
    kw = {"augen": {0: 140, 1: 100}, "won": {0: 6, 1: 6}, "levels": (1, 1)}  # both said keine 90, both missed
    tricks = [(0, [(0, "CA"), (1, "C9"), (2, "CK"), (3, "DA")], 0)]  # Re catches Kontra's Fuchs
    r = finished(scoring="doubling", extras=["fuchs"], tricks=tricks, **kw).result()
    assert r["winner"] is None and r["game_value"] == 1 and r["score"] == [1, -1, 1, -1]
    r = finished(scoring="doubling", extras=[], tricks=tricks, **kw).result()
    assert r["winner"] is None and r["game_value"] == 0


# ---- replay names the first bad action -------------------------------------------------------

def test_replay_names_the_first_bad_new_action():
    g = game(POOR_NO_CQ, armut=True, armut_decide="after")
    say(g, "gesund", "gesund", "armut", "gesund")
    g.apply({"seat": 2, "armut_give": ["D9"]})
    g.apply({"seat": 3, "armut_decline": True})
    rec = g.record()
    assert rec["actions"][-1] == {"seat": 3, "armut_decline": True}
    bad = dict(rec, rules={"preset": "ddv", "armut": True})  # decide before: no decline
    with pytest.raises(ReplayError) as exc:
        replay_game(bad)
    assert exc.value.action == 4  # the armut_give comes before any armut_take in 'before'
    g = game(HOLDER_1, hochzeit="named_card")
    say(g, "gesund", {"reserve": "hochzeit", "card": "SA"}, "gesund", "gesund")
    rec = g.record()
    assert rec["actions"][1] == {"seat": 1, "reserve": "hochzeit", "card": "SA"}
    rec["actions"][1]["card"] = "CQ"
    with pytest.raises(ReplayError) as exc:
        replay_game(rec)
    assert exc.value.action == 1 and "CQ" in exc.value.message
