import pytest

from dokobot.engine import AUGEN, CARD_CODES, PRESETS, RuleError, RuleSet, deal, deck
from dokobot.engine.cards import count, hand_from_types, hand_types, parse_code, types_in
from dokobot.engine.contracts import TRUMP, order_for


def test_deck_has_each_card_twice_and_240_augen():
    d = deck(RuleSet())
    assert len(d) == 48 and all(d.count(c) == 2 for c in set(d))
    assert sum(AUGEN[CARD_CODES.index(c)] for c in d) == 240


def test_deck_without_nines_has_40_cards_and_240_augen():
    d = deck(RuleSet.from_config({"nines": False}))
    assert len(d) == 40 and not any(c.endswith("9") for c in d)
    assert sum(AUGEN[CARD_CODES.index(c)] for c in d) == 240


def test_joker_replaces_one_diamond_king():
    d = deck(RuleSet.from_config({"joker": True}))
    assert d.count("DK") == 1 and d.count("JO") == 1


def test_deal_gives_twelve_each_and_five_seats_leave_the_dealer_out():
    import random

    hands = deal(RuleSet(), random.Random(3), dealer=2)
    assert [len(h) for h in hands] == [12] * 4
    hands5 = deal(RuleSet(), random.Random(3), dealer=2, n_seats=5)
    assert [len(h) for h in hands5] == [12, 12, 0, 12, 12]


def test_codes_are_case_sensitive():
    assert parse_code("CQ") is not None
    assert parse_code("cq") is None and parse_code("Cq") is None and parse_code(7) is None


def test_hand_bitmask_counts_copies():
    cq, da = parse_code("CQ"), parse_code("DA")
    h = hand_from_types([cq, cq, da])
    assert count(h, cq) == 2 and count(h, da) == 1
    assert sorted(types_in(h)) == sorted([cq, da])
    assert sorted(hand_types(h)) == sorted([cq, cq, da])


def test_normal_trump_order():
    o = order_for("normal")
    assert [CARD_CODES[t] for t in o.trumps] == (
        "HT CQ SQ HQ DQ CJ SJ HJ DJ DA DT DK D9".split())
    assert o.suit[parse_code("HT")] == TRUMP
    # hearts without the ten; clubs A T K 9
    hearts = [CARD_CODES[t] for t in o.display if o.suit[t] == 2]
    assert hearts == ["HA", "HK", "H9"]


def test_presets_match_rules_md():
    assert PRESETS["ddv"].dulle == "first_wins" and not PRESETS["ddv"].armut
    haus = PRESETS["haus"]
    assert haus.dulle == "second_wins_except_last" and haus.schweine and haus.armut
    assert haus.schmeissen == ("nines",) and haus.bock == ("tie",)
    k = PRESETS["klassisch"]
    assert not k.dullen and k.solo_priority == "rank" and k.hochzeit == "first_color_trick"
    assert k.schmeissen == ("nines", "kings") and k.scoring == "doubling" and k.extras == ("doppelkopf",)
    assert k.solos == ("karo", "damen", "buben", "fleischlos") and k.announcements == "first_trick"


@pytest.mark.parametrize("config, word", [
    ({"preset": "skat"}, "skat"),
    ({"dulle": "third_wins"}, "third_wins"),
    ({"fuchs": True}, "fuchs"),
    ({"solos": ["karo", "bock"]}, "bock"),
    ({"nines": "yes"}, "nines"),
    ({"base": 0}, "base"),
])
def test_unknown_switch_or_value_is_named(config, word):
    with pytest.raises(RuleError, match=word):
        RuleSet.from_config(config)


def test_to_config_round_trips():
    r = RuleSet.from_config({"preset": "haus", "dulle": "second_wins", "solos": ["karo"]})
    assert RuleSet.from_config(r.to_config()) == r
    assert r.to_config() == {"preset": "haus", "dulle": "second_wins", "solos": ["karo"]}
