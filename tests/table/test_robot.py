"""Computer players: always legal, never peeking, clearly better than random play."""

import random

import pytest

from dokobot.engine import Game, RuleSet, deal
from dokobot.engine.randomplay import random_action
from dokobot.table.robot import Skill, announcement, choose_action
from tests.engine.helpers import PRESET_SWITCHES, random_position, swapped

FAST = Skill(playouts=24)


def play_game(rules, rng, robots=(0, 1, 2, 3), skill=FAST):
    dealer = rng.randrange(4)
    g = Game(rules, deal(rules, rng, dealer), dealer)
    while g.phase != "done":
        s = g.to_act
        if s in robots:
            g.apply(choose_action(g.observation(s), rng, skill))
        else:
            g.apply(random_action(g, rng, announce_rate=0.0, reserve_rate=0.0))
    return g


@pytest.mark.parametrize("preset", ["ddv", "haus", "klassisch"])
def test_robots_play_complete_legal_games(preset):
    rules = RuleSet.from_config({"preset": preset})
    rng = random.Random(5)
    for _ in range(6):
        g = play_game(rules, rng)
        assert g.phase == "done" and sum(g.result()["score"]) == 0


def test_robots_with_every_contract_rule():
    rules = RuleSet.from_config({"preset": "haus", "overtrump": True, "solos": [
        "karo", "herz", "pik", "kreuz", "damen", "buben", "fleischlos", "damen_buben", "buben_koenige"]})
    rng = random.Random(8)
    for _ in range(6):
        assert play_game(rules, rng).phase == "done"


def test_decision_does_not_depend_on_hidden_cards():
    """Swap two unplayed cards between two other seats: the robot must decide the same."""
    rules = RuleSet()
    for seed in range(30):
        rng = random.Random(seed)
        g = Game(rules, deal(rules, rng, 3), 3)
        for s in g.seats:
            g.apply({"seat": s, "reserve": "gesund"})
        if g.contract != "normal":
            continue
        me = g.to_act
        a, b = [s for s in g.seats if s != me][:2]
        ca = next(c for c in g.hand(a) if c != "CQ")
        cb = next(c for c in g.hand(b) if c != "CQ" and c != ca)
        swapped = [list(h) for h in g.record()["hands"]]
        swapped[a][swapped[a].index(ca)] = cb
        swapped[b][swapped[b].index(cb)] = ca
        g2 = Game(rules, swapped, 3)
        for s in g2.seats:
            g2.apply({"seat": s, "reserve": "gesund"})
        if g2.contract != "normal":
            continue
        x = choose_action(g.observation(me), random.Random(1), FAST)
        y = choose_action(g2.observation(me), random.Random(1), FAST)
        assert x == y
        return
    pytest.fail("no suitable deal")


def test_robots_beat_random_players():
    """Two robot seats against two random seats: over many games the robots score more."""
    rules = RuleSet()
    rng = random.Random(11)
    robot_total = random_total = 0
    for i in range(40):
        robots = (0, 2) if i % 2 else (1, 3)
        g = play_game(rules, rng, robots=robots, skill=Skill(playouts=40))
        score = g.result()["score"]
        robot_total += sum(score[s] for s in robots)
        random_total += sum(score[s] for s in range(4) if s not in robots)
    assert robot_total > random_total + 40


def test_announcement_only_when_allowed():
    rules = RuleSet()
    rng = random.Random(2)
    g = Game(rules, deal(rules, rng, 0), 0)
    for s in g.seats:
        g.apply({"seat": s, "reserve": "gesund"})
    for s in g.seats:
        a = announcement(g.observation(s), rng, FAST)
        assert a is None or a == g.party_of(s)


@pytest.mark.parametrize("config", PRESET_SWITCHES)
def test_swapping_unplayed_cards_of_others_never_changes_the_decision(config):
    """Decision and random-number use are the same after any swap of two other seats' cards."""
    rules = RuleSet.from_config(config)
    rng = random.Random(21)
    checked = 0
    for _ in range(25):
        g = random_position(rules, rng)
        if g.phase == "done":
            continue
        for seat in g.seats:
            g2 = swapped(g, seat, rng)
            if g2 is None:
                continue
            r1, r2 = random.Random(seat), random.Random(seat)
            if g.phase == "play":
                assert announcement(g.observation(seat), r1, FAST) == announcement(g2.observation(seat), r2, FAST)
            if g.to_act == seat:
                assert choose_action(g.observation(seat), r1, FAST) == choose_action(g2.observation(seat), r2, FAST)
            assert r1.getstate() == r2.getstate()
            checked += 1
    assert checked > 20


def test_armut_exchange_known_cards_go_to_the_known_hand():
    """The poor seat knows the taker holds the trumps it did not get back."""
    from dokobot.table.robot import _sample

    rules = RuleSet.from_config({"preset": "haus"})
    for seed in range(400):
        rng = random.Random(seed)
        g = Game(rules, deal(rules, rng, 3), 3)
        while g.phase == "reserve":
            allowed = g.allowed_reservations(g.to_act)
            g.apply(next((a for a in allowed if a["reserve"] == "armut"), allowed[0]))
        if g.phase != "armut_take":
            continue
        g.apply({"seat": g.to_act, "armut_take": True})
        g.apply(g.legal_actions(g.poor)[0])
        g.apply(g.legal_actions(g.taker)[0])
        obs = g.observation(g.poor)
        kept = [c for c in obs.armut_cards if c not in obs.armut_returned]
        if not kept:
            continue
        for _ in range(5):
            sim = _sample(obs, rng)
            assert all(c in sim.hand(g.taker) for c in kept)
        return
    pytest.fail("no Armut dealt")
def test_knocks_with_a_strong_hand_only():
    from dokobot.table.robot import klopfen
    from tests.engine.helpers import hands_with

    rules = {"klopfen": True, "klopfen_redeal": True}
    strong = hands_with({0: "HT HT CQ SQ SQ HQ HQ DQ DQ CJ CJ SJ"})
    weak = hands_with({0: "C9 C9 S9 S9 H9 H9 CK CK SK SK HK HK"})
    for hands, want in ((strong, True), (weak, False)):
        g = Game(RuleSet.from_config(rules), [h.split() for h in hands], dealer=3)
        for s in range(4):
            g.apply({"seat": s, "reserve": "gesund"})
        assert klopfen(g.observation(0), random.Random(1), FAST) is want
        plain = Game(RuleSet(), [h.split() for h in hands], dealer=3)
        for s in range(4):
            plain.apply({"seat": s, "reserve": "gesund"})
        assert not klopfen(plain.observation(0), random.Random(1), FAST)


def test_robots_play_house_forms():
    rules = RuleSet.from_config({"preset": "haus", "klopfen": True,
                                 "hochzeit": "named_card", "armut_decide": "after", "armut_taker": "partner",
                                 "solos": ["reines_herz", "karo"], "single_limit": True})
    rng = random.Random(8)
    for _ in range(6):
        g = play_game(rules, rng)
        assert g.finished and sum(g.result()["score"]) == 0
