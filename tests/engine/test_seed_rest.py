"""Issue 22, "Missing from the seeds": readings 37-43, each switch on the same deal two ways."""

from __future__ import annotations

import json

import pytest

from dokobot.engine import Game, IllegalAction, RuleError, RuleSet, replay
from tests.engine.helpers import (
    SIX_RE_ALL,
    SIX_TWO_RE_ALL,
    hands_with,
    legal_json,
    play_first,
    reservations,
    six,
)

# seat 1 holds both CQ; seat 0 (first to lead, dealer 3) both HT: under first_legal it leads
# and wins the first tricks with them, so it is the partner found first.
WEDDING = hands_with({1: "CQ CQ", 0: "HT HT"})


def four(**rules: object) -> Game:
    return Game(RuleSet.from_config({"preset": "ddv", **rules}), [h.split() for h in WEDDING], 3)


def reserve(g: Game, seat_action: dict) -> None:
    """Seat 1 makes the given reservation, the others say gesund."""
    while g.phase == "reserve":
        s = g.to_act
        g.apply({"seat": s, **seat_action} if s == 1 else {"seat": s, "reserve": "gesund"})


def roundtrip(g: Game) -> None:
    assert replay(json.loads(json.dumps(g.record()))) == g.result()


def code_of(g: Game, action: dict) -> str:
    before = list(g.actions)
    with pytest.raises(IllegalAction) as exc:
        g.apply(action)
    assert g.actions == before  # a refusal changes nothing
    return exc.value.code


def play_trick(g: Game) -> None:
    for _ in g.seats:
        g.apply({"seat": g.to_act, "play": g.legal_plays(g.to_act)[0]})


# ---- reading 37: six_lustsolo_lead -------------------------------------------------------------


@pytest.mark.parametrize(("size", "pflicht", "lead_default", "lead_variant"), [
    ("gross", False, 2, 0),  # a großes Lustsolo loses the lead: left of the dealer
    ("gross", True, 2, 2),  # a Pflichtsolo keeps it
    ("klein", False, 2, 2),  # a kleines Solo keeps it
])
def test_six_lustsolo_lead(size, pflicht, lead_default, lead_variant):
    for switch, lead in (("soloist", lead_default), ("left_of_dealer", lead_variant)):
        g = six(seed=3, six_lustsolo_lead=switch)
        while g.phase == "reserve":
            s = g.to_act
            g.apply({"seat": s, "reserve": "solo", "solo": "karo", "size": size, "pflicht": pflicht}
                    if s == 2 else {"seat": s, "reserve": "gesund"})
        assert (g.soloist, g.to_act) == (2, lead)
        play_first(g)
        roundtrip(g)


def test_six_lustsolo_lead_is_a_choice_switch():
    assert RuleSet.from_config({"preset": "muenchen"}).six_lustsolo_lead == "soloist"
    with pytest.raises(RuleError):
        RuleSet.from_config({"preset": "muenchen", "six_lustsolo_lead": "dealer"})


# ---- reading 38: hochzeit choice -------------------------------------------------------------


def test_choice_plays_the_form_the_holder_names():
    table = four(hochzeit="first_trick")
    reserve(table, {"reserve": "hochzeit"})
    play_first(table)
    assert (table.partner, table.clarify_trick) == (0, 0)  # the trump trick 0 clarifies
    chosen = four(hochzeit="choice")
    reserve(chosen, {"reserve": "hochzeit", "form": "first_color_trick"})
    assert chosen.hochzeit_form == "first_color_trick"
    assert chosen.actions[1] == {"seat": 1, "reserve": "hochzeit", "form": "first_color_trick"}
    play_first(chosen)
    first_colour = next(i for i, t in enumerate(chosen.tricks) if not chosen.is_trump(t.cards[0][1]))
    assert chosen.clarify_trick is not None and chosen.clarify_trick >= first_colour > 0
    roundtrip(table)
    roundtrip(chosen)


@pytest.mark.parametrize("action", [
    {"reserve": "hochzeit"}, {"reserve": "hochzeit", "form": "choice"},
    {"reserve": "hochzeit", "form": "erster_stich"}, {"reserve": "hochzeit", "form": 1},
])
def test_choice_without_a_known_form_is_malformed(action):
    g = four(hochzeit="choice")
    g.apply({"seat": 0, "reserve": "gesund"})
    assert code_of(g, {"seat": 1, **action}) == "malformed"


def test_choice_named_card_carries_its_card():
    g = four(hochzeit="choice")
    g.apply({"seat": 0, "reserve": "gesund"})
    assert code_of(g, {"seat": 1, "reserve": "hochzeit", "form": "named_card"}) == "bad_card"
    offers = [a for a in reservations(g, 1) if a["reserve"] == "hochzeit"]
    forms = [a["form"] for a in offers]
    assert set(forms) == {"first_trick", "first_color_trick", "first_trump_trick", "named_card",
                          "first_pure_color_trick"}
    assert all(("card" in a) == (a["form"] == "named_card") for a in offers)
    reserve(g, {"reserve": "hochzeit", "form": "named_card", "card": "HT"})
    assert g.hochzeit_card == "HT" and g.actions[1]["form"] == "named_card"


def test_a_form_at_a_table_without_choice_is_not_recorded():
    g = four(hochzeit="first_trick")
    reserve(g, {"reserve": "hochzeit", "form": "named_card", "card": "SA"})
    assert g.actions[1] == {"seat": 1, "reserve": "hochzeit"} and g.hochzeit_card is None


def test_choice_at_six_names_the_form_of_a_kleines_solo():
    g = six(seed=3, hochzeit="choice")
    offers = [a for a in reservations(g, 0) if a.get("size") == "klein" and a["solo"] == "karo"]
    assert {a["form"] for a in offers if not a["pflicht"]} >= {"first_trick", "named_card"}
    assert all("form" not in a for a in reservations(g, 0) if a.get("size") == "gross")
    g.apply({"seat": 0, "reserve": "solo", "solo": "karo", "size": "klein", "pflicht": False,
             "form": "first_trump_trick"})
    while g.phase == "reserve":
        g.apply({"seat": g.to_act, "reserve": "gesund"})
    assert (g.size, g.hochzeit_form) == ("klein", "first_trump_trick")
    play_first(g)
    roundtrip(g)


# ---- reading 39: named_card names any card ---------------------------------------------------


def test_named_card_finds_the_partner_by_a_trump_too():
    by_ace = four(hochzeit="named_card")
    reserve(by_ace, {"reserve": "hochzeit", "card": "SA"})
    by_trump = four(hochzeit="named_card")
    reserve(by_trump, {"reserve": "hochzeit", "card": "HT"})
    play_trick(by_ace)
    play_trick(by_trump)
    assert (by_trump.partner, by_trump.clarify_trick) == (0, 0)  # seat 0 led the HT
    assert by_ace.clarify_trick is None or by_ace.partner != 0 or by_ace.clarify_trick != 0
    play_first(by_ace)
    play_first(by_trump)
    roundtrip(by_trump)


# ---- reading 40: hochzeit_partner may --------------------------------------------------------


def test_must_finds_the_partner_may_asks_first():
    must = four()
    reserve(must, {"reserve": "hochzeit"})
    play_trick(must)
    assert (must.phase, must.partner, must.clarify_trick) == ("play", 0, 0)
    assert code_of(must, {"seat": 0, "hochzeit_partner": False}) == "partner_must"
    may = four(hochzeit_partner="may")
    reserve(may, {"reserve": "hochzeit"})
    play_trick(may)
    assert (may.phase, may.to_act, may.asking, may.clarify_trick) == ("partner", 0, (0, 0, False), None)
    assert legal_json(may, 0) == [{"seat": 0, "hochzeit_partner": True}, {"seat": 0, "hochzeit_partner": False}]
    assert may.legal_actions(1) == [] and may.observation(2).asking == (0, 0, False)
    assert code_of(may, {"seat": 2, "hochzeit_partner": True}) == "not_your_turn"
    assert code_of(may, {"seat": 0, "play": may.hand(0)[0]}) == "wrong_phase"
    assert code_of(may, {"seat": 1, "announce": "re"}) != ""
    assert code_of(may, {"seat": 0, "hochzeit_partner": "ja"}) == "malformed"
    may.apply({"seat": 0, "hochzeit_partner": True})
    assert (may.phase, may.to_act, may.partner, may.clarify_trick) == ("play", 0, 0, 0)
    play_first(must)
    play_first(may)
    assert may.result() == must.result()
    roundtrip(may)


def test_a_declined_partner_leaves_the_search_open_and_is_asked_again():
    g = four(hochzeit_partner="may")
    reserve(g, {"reserve": "hochzeit"})
    play_trick(g)
    g.apply({"seat": 0, "hochzeit_partner": False})
    assert (g.phase, g.to_act, g.clarify_trick, g.partner) == ("play", 0, None, None)
    assert g.public_parties() == {1: "re"}  # still only the holder is known
    play_trick(g)  # seat 0 leads its second HT and wins again: asked again (trick 1)
    assert g.asking == (0, 1, False)
    g.apply({"seat": 0, "hochzeit_partner": True})
    assert (g.partner, g.clarify_trick) == (0, 1)
    play_first(g)
    roundtrip(g)


def test_declining_in_the_last_trick_of_the_window_leaves_the_holder_alone():
    g = four(hochzeit_partner="may", hochzeit_window=1)
    reserve(g, {"reserve": "hochzeit"})
    play_trick(g)
    assert g.asking == (0, 0, True)
    g.apply({"seat": 0, "hochzeit_partner": False})
    assert (g.partner, g.clarify_trick, g.phase) == (None, 0, "play")
    play_first(g)
    r = g.result()
    assert r["re"] == [1] and len(r["kontra"]) == 3
    roundtrip(g)


# ---- reading 41: a Schmeißen shows the hand ----------------------------------------------------


def test_schmeissen_shows_the_thrown_hand_and_its_trigger():
    hands = hands_with({2: "C9 C9 S9 S9 H9 CK CK SK"}, schmeissen=["nines", "kings"])
    g = Game(RuleSet.from_config({"preset": "ddv", "schmeissen": ["nines", "kings", "top_dj"]}),
             [h.split() for h in hands], 3)
    assert g.thrown is None
    while g.phase == "reserve":
        s = g.to_act
        g.apply({"seat": s, "reserve": "schmeissen" if s == 2 else "gesund"})
    seat, shown, triggers = g.thrown
    assert seat == 2 and sorted(shown) == sorted(hands[2].split()) and triggers == ["nines"]


# ---- reading 43: Armut and Schmeißen at six ----------------------------------------------------


def test_schmeissen_at_six_follows_its_switch():
    off = six(SIX_RE_ALL)  # seat 5 holds six nines
    for _ in range(5):
        off.apply({"seat": off.to_act, "reserve": "gesund"})
    assert code_of(off, {"seat": 5, "reserve": "schmeissen"}) == "reserve_not_allowed"
    on = six(SIX_RE_ALL, schmeissen=["nines"])
    for _ in range(5):
        on.apply({"seat": on.to_act, "reserve": "gesund"})
    on.apply({"seat": 5, "reserve": "schmeissen"})
    assert on.contract == "redeal" and on.thrown is not None and on.thrown[2] == ["nines"]


@pytest.mark.parametrize("hands", [SIX_RE_ALL, SIX_TWO_RE_ALL])
def test_armut_at_six_follows_its_switch(hands):
    off = six(hands)
    off.apply({"seat": 0, "reserve": "gesund"})
    assert code_of(off, {"seat": 1, "reserve": "armut"}) == "reserve_not_allowed"
    on = six(hands, armut=True)  # seat 1 holds no trump; another seat holding two CQ is no redeal at six
    for s in range(6):
        on.apply({"seat": s, "reserve": "armut" if s == 1 else "gesund"})
    assert (on.phase, on.to_act) == ("armut_take", 2)
    on.apply({"seat": 2, "armut_take": True})
    on.apply({"seat": 1, "armut_give": []})
    on.apply({"seat": 2, "armut_return": []})
    assert on.contract == "armut" and on.to_act == 0
    play_first(on)
    r = on.result()
    assert r["re"] == [1, 2] and len(r["kontra"]) == 4
    win = 1 if r["winner"] == "re" else -1
    assert r["score"][1] == win * 2 * r["game_value"] and r["score"][0] == -win * r["game_value"]
    roundtrip(on)
