"""The computer levels: always legal under every rule set, never peeking, deterministic, sensible."""

from __future__ import annotations

import random

import pytest

from dokobot.engine import Game, RuleSet, deal
from dokobot.engine.actions import Klopfen, Play
from dokobot.engine.rules import SOLO_KINDS
from dokobot.players import LEVELS, Skill, decide
from dokobot.players.arena import play
from tests.engine.helpers import PRESET_SWITCHES, game, hands_with, random_position, swapped

QUICK = Skill(scale=0.05)  # schwer thinks little in tests; the rules are the same

# every preset and every switch the engine knows, in a few combinations
CONFIGS = [*PRESET_SWITCHES,
           {"preset": "ddv", "solos": list(SOLO_KINDS), "solo_priority": "rank", "solo_lead": "soloist"},
           {"preset": "haus", "dulle": "second_wins", "hochzeit": "first_color_trick", "hochzeit_window": 1,
            "schmeissen": ["nines", "kings", "top_dj"], "announcements": "before_play", "scoring": "steps"},
           {"preset": "klassisch", "dullen": True, "armut": True, "announcements": "first_trick", "scoring": "tally",
            "zero_sum": False, "base": 5, "solo_factor": 2, "extras": ["fuchs", "karlchen", "karlchen_caught",
                                                                       "alte_caught", "dulle_caught"]},
           {"preset": "ddv", "joker": True, "overtrump": True, "schweine": True, "nines": False,
            "bock": ["tie", "lost_solo", "lost_announcement"], "scoring": "doubling"},
           {"preset": "haus", "klopfen": True, "hochzeit": "first_trump_trick", "announcements": "until_trick_5"},
           # the house forms
           {"preset": "haus", "klopfen": True, "klopfen_redeal": True, "hochzeit": "named_card",
            "armut_decide": "after", "armut_taker": "partner", "armut_announce": True, "single_limit": True,
            "solos": ["reines_herz", "reines_kreuz", "karo", "damen"], "solo_extras": "trumpfsolo_still"},
           {"preset": "klassisch", "hochzeit": "first_pure_color_trick", "schmeissen": ["top_da", "nines"],
            "solos": ["reines_pik", "reines_karo", "fleischlos"], "nines": False,
            "extras": ["fuchs", "karlchen", "karlchen_caught_any"], "bock": ["heart_trick", "tie"]}]


@pytest.mark.parametrize("config", CONFIGS)
def test_every_level_plays_legal_games_under_every_rule_set(config):
    """Random deals, every level in every seat (mixed tables): every action the engine accepts."""
    rules = RuleSet.from_config(config)
    rng = random.Random(repr(config))
    for i in range(4):
        kinds = [LEVELS[(i + s) % 3] for s in range(4)]
        dealer = rng.randrange(4)
        g = play(rules, deal(rules, rng, dealer), dealer, kinds, seed=i, skill=QUICK)  # apply() checks each action
        assert g.phase == "done"
        if g.contract != "redeal":
            assert sum(g.result()["score"]) == 0 or not rules.zero_sum


def test_the_levels_use_reservations_armut_and_announcements():
    """Over many haus-rule games the levels reserve solos, Hochzeiten, Armut, and announce."""
    rules = RuleSet.from_config({"preset": "haus"})
    rng = random.Random(3)
    seen: set[str] = set()
    for i in range(120):
        dealer = i % 4
        g = play(rules, deal(rules, rng, dealer), dealer, ["mittel"] * 4, seed=i, skill=QUICK)
        seen |= {a["reserve"] for a in g.actions if "reserve" in a}
        seen |= {"announce" for a in g.actions if "announce" in a}
        seen |= {"armut_take" for a in g.actions if a.get("armut_take")}
    assert {"gesund", "hochzeit", "armut", "armut_take", "announce", "solo"} <= seen


@pytest.mark.parametrize("config", PRESET_SWITCHES)
@pytest.mark.parametrize("level", LEVELS)
def test_swapping_hidden_cards_never_changes_a_decision(config, level):
    """Swap two unplayed cards between two other seats: same decision, same random-number use."""
    rules = RuleSet.from_config(config)
    rng = random.Random(f"{level}{config}")
    checked = 0
    for _ in range(40):
        g = random_position(rules, rng)
        seat = g.to_act
        if g.phase == "done" or seat is None:
            continue
        g2 = swapped(g, seat, rng)
        if g2 is None:
            continue
        r1, r2 = random.Random(seat), random.Random(seat)
        assert decide(g.observation(seat), level, r1, QUICK) == decide(g2.observation(seat), level, r2, QUICK)
        assert r1.getstate() == r2.getstate()
        checked += 1
        if checked >= 8:
            break
    assert checked >= 5


@pytest.mark.parametrize("level", LEVELS)
def test_decisions_are_deterministic_for_a_seed(level):
    rules = RuleSet.from_config({"preset": "haus"})
    rng = random.Random(9)
    for _ in range(10):
        g = random_position(rules, rng)
        if g.to_act is None:
            continue
        obs = g.observation(g.to_act)
        assert decide(obs, level, random.Random(4), QUICK) == decide(obs, level, random.Random(4), QUICK)


def test_forced_card_is_played_at_once():
    """schwer does not search when the card is forced: no sampling, no random numbers used."""
    g = game(seed=5)
    while g.phase == "reserve":
        g.apply({"seat": g.to_act, "reserve": "gesund"})
    while g.phase == "play" and (len(g.legal_plays(g.to_act)) > 1 or g.allowed_announcements(g.to_act)):
        g.apply({"seat": g.to_act, "play": g.legal_plays(g.to_act)[0]})
    assert g.phase == "play"
    seat = g.to_act
    rng = random.Random(1)
    state = rng.getstate()
    assert decide(g.observation(seat), "schwer", rng) == [Play(g.legal_plays(seat)[0])]
    assert rng.getstate() == state


def _after(g: Game, plays: list[str]) -> Game:
    while g.phase == "reserve":
        g.apply({"seat": g.to_act, "reserve": "gesund"})
    for c in plays:
        g.apply({"seat": g.to_act, "play": c})
    return g


def test_mittel_smears_a_fuchs_onto_the_partners_sure_trick():
    """Seat 3 last to play; its partner (seat 1, shown by the Kreuz-Dame) takes the trick: the Fuchs goes on."""
    hands = hands_with({0: "SA HA S9 SK HK H9 CK C9 CA DK D9 DJ",
                        1: "CQ HT HT SQ HQ DQ CT ST HA SK DK D9",
                        2: "CA ST CT C9 CK SJ HJ DJ SQ HQ DT DT",
                        3: "CQ DA DA CJ CJ SJ HJ H9 HK S9 SA DQ"})
    g = _after(Game(RuleSet(), [h.split() for h in hands], 3), ["DK", "CQ", "DT"])
    seat = g.to_act
    assert seat == 3 and g.public_parties()[1] == "re"
    actions = decide(g.observation(3), "mittel", random.Random(0))
    assert actions[-1].card == "DA"


def test_leicht_throws_its_lowest_card_when_the_trick_is_lost():
    hands = hands_with({0: "CA CA SA SA HA HA CT CT ST ST DA DA",
                        3: "C9 CK D9 DK DJ HJ SJ CJ DQ HQ SQ S9"})
    g = _after(Game(RuleSet(), [h.split() for h in hands], 3), ["CA"])
    seat = g.to_act
    actions = decide(g.observation(seat), "leicht", random.Random(0))
    play = actions[-1].card
    assert g.is_trump(play) is False or all(g.is_trump(c) for c in g.legal_plays(seat))
    from dokobot.engine import AUGEN
    from dokobot.engine.cards import CODE_TO_TYPE

    low = min(AUGEN[CODE_TO_TYPE[c]] for c in g.legal_plays(seat))
    assert AUGEN[CODE_TO_TYPE[play]] == low


def test_mittel_keeps_the_karlchen_for_the_last_trick():
    """Over whole games the mittel seats keep a Kreuz-Bube for the last trick (Karlchen)."""
    rules = RuleSet()
    rng = random.Random(4)
    last_trick_karlchen = 0
    for i in range(40):
        g = play(rules, deal(rules, rng, 0), 0, ["mittel"] * 4, seed=i, skill=QUICK)
        if g.contract in ("normal", "hochzeit") and g.tricks:
            last = g.tricks[-1]
            last_trick_karlchen += any(c == "CJ" for _, c in last.cards)
    assert last_trick_karlchen >= 10  # random play would put a CJ in the last trick about 1 game in 6


@pytest.mark.parametrize("level", ["mittel", "schwer"])
def test_strong_hands_reserve_a_solo_and_weak_ones_do_not(level):
    strong = "HT HT CQ CQ SQ SQ HQ CJ DA DT DK CA"
    weak = "D9 DK S9 SK H9 HK C9 CK SA HA ST CT"
    for hand, want in ((strong, "solo"), (weak, "gesund")):
        hands = hands_with({0: hand})
        g = Game(RuleSet(), [h.split() for h in hands], 3)
        action = decide(g.observation(0), level, random.Random(0), QUICK)[-1]
        assert action.kind == want, (hand, action)


def test_knocks_with_a_strong_hand_only():
    """Where Klopfen replaces Re/Kontra, mittel and schwer knock with the hands they would announce."""
    rules = RuleSet.from_config({"klopfen": True, "klopfen_redeal": True})
    strong = hands_with({0: "HT HT CQ SQ SQ HQ HQ DQ DQ CJ CJ SJ"})
    weak = hands_with({0: "C9 C9 S9 S9 H9 H9 CK CK SK SK HK HK"})
    for hands, want in ((strong, True), (weak, False)):
        g = Game(rules, [h.split() for h in hands], dealer=3)
        for s in range(4):
            g.apply({"seat": s, "reserve": "gesund"})
        for level in ("mittel", "schwer"):
            actions = decide(g.observation(0), level, random.Random(1), QUICK)
            assert (Klopfen() in actions) is want, (level, actions)
        assert Klopfen() not in decide(g.observation(0), "leicht", random.Random(1))


def test_mittel_says_re_or_kontra_when_clearly_ahead_after_the_first_trick():
    """A known party leading by AHEAD Augen after a trick announces with a hand a little below the Re strength."""
    from dokobot.players import bid

    rules = RuleSet.from_config({"preset": "ddv"})
    rng = random.Random(7)
    ahead = behind = 0
    for i in range(80):
        g = Game(rules, deal(rules, rng, 0), 0)
        while g.phase != "done":
            obs = g.observation(g.to_act)
            if obs.phase == "play" and obs.tricks and obs.party in obs.may_announce and obs.contract == "normal":
                ours, theirs = bid.party_augen(obs)
                strength = bid.normal_strength(bid.mask_of(obs.hand), rules)
                if ours < 120:
                    said = bid.announce(obs, strength + 2, 99.0, -9.0, -9.0)  # Re strength not quite reached
                    if ours - theirs >= bid.AHEAD:
                        assert said == obs.party
                        ahead += 1
                    else:
                        assert said is None
                        behind += 1
                    assert bid.announce(obs, strength + 9, 99.0, -9.0, -9.0) is None  # a weak hand stays quiet
            for a in decide(obs, "leicht", random.Random(i)):
                g.act(obs.seat, a)
    assert ahead >= 3 and behind >= 3


SIX_TWO_CQ = [  # seat 0 holds two CQ (a kleine Hochzeit when it says so), seat 2 the third
    "CQ CQ HT HT HT SQ SQ SQ HQ HQ HQ DQ", "CA CA CA CT CT CT CK CK CK C9 C9 C9",
    "CQ DQ DQ CJ CJ CJ SJ SJ SJ HJ HJ HJ", "SA SA SA ST ST ST SK SK SK S9 S9 S9",
    "DJ DJ DJ DA DA DA DT DT DT DK DK DK", "HA HA HA HK HK HK H9 H9 H9 D9 D9 D9"]


@pytest.mark.parametrize("config, hands, reserve, contract, counts", [
    ({"preset": "muenchen"}, SIX_TWO_CQ, {0: "hochzeit"}, "hochzeit:klein", True),
    ({"preset": "ddv", "solo_extras": "trumpfsolo_still"}, hands_with({0: "CQ CQ"}), {}, "stille_hochzeit", True),
    ({"preset": "ddv"}, hands_with({0: "CQ CQ"}), {}, "stille_hochzeit", False),
    ({"preset": "ddv", "solo_extras": "trumpfsolo_still"}, None, {0: "solo:karo"}, "solo:karo", True),
    ({"preset": "ddv"}, None, {0: "solo:karo"}, "solo:karo", False),
])
def test_mittel_keeps_fuchs_and_karlchen_where_the_engine_counts_the_extras(config, hands, reserve, contract, counts):
    """The card rules value a Fuchs or the Karlchen exactly where the engine scores the extras
    (contracts.extras_count): a kleine Hochzeit at six, trumpfsolo_still's Karo solo and stille
    Hochzeit, and nowhere a solo without it."""
    from dokobot.players import play as card_rules
    from dokobot.players.core import pos_from_obs

    rules = RuleSet.from_config(config)
    dealt = [h.split() for h in hands] if hands else deal(rules, random.Random(5), rules.players - 1)
    g = Game(rules, dealt, rules.players - 1)
    while g.phase == "reserve":
        said = reserve.get(g.to_act, "gesund")
        g.apply({"seat": g.to_act, "reserve": "solo", "solo": said[5:]} if said.startswith("solo:")
                else {"seat": g.to_act, "reserve": said})
    seen = 0
    while g.phase == "play":
        pos = pos_from_obs(g.observation(g.to_act))
        if pos.contract == contract == g.contract:
            assert g.extras_count is counts
            assert (card_rules._fuchs_counts(pos), card_rules._karlchen(pos)) == (counts, counts)
            seen += 1
        g.apply({"seat": g.to_act, "play": g.legal_plays(g.to_act)[0]})
    assert seen


def test_a_kleine_hochzeit_is_open_until_its_partner_is_found():
    """At six the kleine Hochzeit seeks its partner as the Hochzeit does (contracts.is_hochzeit)."""
    from dokobot.players.core import pos_from_game, pos_from_obs

    g = Game(RuleSet.from_config({"preset": "muenchen"}), [h.split() for h in SIX_TWO_CQ], 5)
    g.apply({"seat": 0, "reserve": "hochzeit"})
    while g.phase == "reserve":
        g.apply({"seat": g.to_act, "reserve": "gesund"})
    assert g.contract == "hochzeit:klein" and g.clarify_trick is None
    assert pos_from_obs(g.observation(0)).seeking and pos_from_game(g, 0).seeking
    while g.clarify_trick is None:
        g.apply({"seat": g.to_act, "play": g.legal_plays(g.to_act)[0]})
    seat = g.to_act
    assert not pos_from_obs(g.observation(seat)).seeking and not pos_from_game(g, seat).seeking


def test_schwer_reads_an_early_announcement_as_strength_in_a_kleine_hochzeit():
    """Sampling weighs an early Kontra by the announcer's normal-game strength in every contract
    of the normal trumps (contracts.is_normal_kind), the kleine Hochzeit at six too."""
    from dataclasses import replace

    from dokobot.engine.cards import CODE_TO_TYPE
    from dokobot.players import search

    g = Game(RuleSet.from_config({"preset": "muenchen"}), [h.split() for h in SIX_TWO_CQ], 5)
    g.apply({"seat": 0, "reserve": "hochzeit"})
    while g.phase == "reserve":
        g.apply({"seat": g.to_act, "reserve": "gesund"})
    obs = g.observation(1)
    assert obs.contract == "hochzeit:klein"
    hands = {s: [CODE_TO_TYPE[c] for c in g.hand(s)] for s in g.seats if s != 1}
    quiet = search._likelihood(obs, hands, {})
    said = search._likelihood(replace(obs, announcements=((3, "kontra"),)), hands, {})
    assert said < quiet  # seat 3 holds no trump: an early Kontra with it is unlikely


@pytest.mark.parametrize("config, levels, party, augen, said", [
    ({"preset": "ddv"}, (-1, -1), "re", 120, None), ({"preset": "ddv"}, (-1, -1), "re", 121, "re"),
    ({"preset": "ddv"}, (-1, -1), "kontra", 120, None),  # Kontra alone needs 121
    ({"preset": "ddv"}, (0, -1), "kontra", 120, "kontra"),
    ({"preset": "ddv"}, (1, -1), "kontra", 95, "kontra"),  # against keine 90, 90 win
    ({"preset": "haus", "players": 5}, (-1, -1), "re", 121, "re"),
    ({"preset": "ddv", "players": 5, "five": "all_play"}, (-1, -1), "re", 120, None),
    ({"preset": "muenchen"}, (-1, -1), "re", 150, None),  # six: 360 Augen, Re needs 181
    ({"preset": "muenchen"}, (-1, -1), "re", 181, "re"),
    ({"preset": "muenchen"}, (0, -1), "kontra", 180, "kontra"),
    ({"preset": "muenchen"}, (1, -1), "kontra", 140, "kontra"),  # against keine 135
])
def test_announces_once_the_party_has_won_by_the_engines_target(config, levels, party, augen, said):
    """bid asks the engine what the party needs once it says its Re/Kontra, at every table size."""
    from dataclasses import replace

    from dokobot.engine import Trick
    from dokobot.players import bid

    rules = RuleSet.from_config(config)
    g = Game(rules, deal(rules, random.Random(3), 0), 0)
    while g.phase == "reserve":
        g.apply({"seat": g.to_act, "reserve": "gesund"})
    obs = g.observation(g.seats[0])
    won = (Trick(obs.seat, (), obs.seat, augen - augen // 2), Trick(obs.seat, (), obs.seat, augen // 2))
    obs = replace(obs, contract="normal", party=party, levels=levels, tricks=won, may_announce=(party,),
                  parties=tuple(party if s == obs.seat else None for s in range(obs.n)))
    assert bid.announce(obs, 99.0, 99.0, -9.0, -9.0) == said  # no hand strength: the Augen alone


@pytest.mark.parametrize("trick, card", [("DJ D9 DK", "D9"), ("DJ DA DK", "HT")])
def test_mittel_last_keeps_its_dulle_off_a_cheap_trick_of_a_possible_partner(trick, card):
    """Last to play as Kontra (no Kreuz-Dame), parties still hidden: a 6-Augen trick is not worth
    the Dulle (the leader may be the partner), a 17-Augen one is."""
    hands = hands_with({0: trick.split()[0], 1: trick.split()[1], 2: trick.split()[2],
                        3: "HT D9 SA SA S9 HK HK H9 CK CK C9 C9"})
    g = _after(Game(RuleSet(), [h.split() for h in hands], 3), trick.split())
    assert g.to_act == 3 and not g.public_parties()
    actions = decide(g.observation(3), "mittel", random.Random(0))
    assert actions[-1].card == card


@pytest.mark.parametrize("lead, card", [("D9", "DK"), ("DA", "HT")])
def test_mittel_spends_no_dulle_on_a_cheap_trick_it_could_take_for_sure(lead, card):
    """Second to play holding both Dullen: a led Karo-9 goes to the cheaper Karo-König, a led Fuchs is caught."""
    hands = hands_with({0: lead, 1: "HT HT DK SA SA ST HK HK H9 CK CK C9"})
    g = _after(Game(RuleSet(), [h.split() for h in hands], 3), [lead])
    assert g.to_act == 1
    actions = decide(g.observation(1), "mittel", random.Random(0))
    assert actions[-1].card == card


def test_mittel_takes_over_the_partners_ten_that_would_not_hold():
    """The partner (shown by the Kreuz-Dame) leads a Kreuz-Zehn while both Kreuz-Asse are out; seat 1,
    void in Kreuz and without a sure trump (both Dullen out), takes it over with its highest trump
    instead of letting the other party take 21 Augen."""
    hands = hands_with({0: "CQ CT", 1: "CQ SQ DK SJ HA HA HK SA SA S9 SK H9", 2: "D9 CA", 3: "D9 CA"})
    g = _after(Game(RuleSet(), [h.split() for h in hands], 3), ["CQ", "DK", "D9", "D9", "CT"])
    assert g.to_act == 1 and g.public_parties()[0] == "re"
    actions = decide(g.observation(1), "mittel", random.Random(0))
    assert actions[-1].card == "CQ"


@pytest.mark.parametrize("wins, opp_augen, gain, said", [
    (48, 40, 1.5, "keine90"),  # every world won with the opponents under 60, clearly better: lowered
    (48, 40, 0.5, None),  # sure but not worth it
    (40, 40, 3.0, None),  # worth it on average but lost in 8 of 48 worlds: too unsure
    (44, 40, 1.5, "keine90"),  # 44 of 48 is above nine in ten
    (48, 75, 1.5, None),  # every world won, but the opponents kept 60 or more: no step to spare
    (44, 59, 1.5, "keine90"),  # 59 is under 60
])
def test_schwer_lowers_only_when_nearly_every_world_wins_and_it_pays(monkeypatch, wins, opp_augen, gain, said):
    """keine 90 and lower need lower_sure of the sampled worlds won with the next step made too
    (keine 90: the opponents under 60) and lower_margin gained on average (against the UCT player
    schwer's lowerings lost more than they won)."""
    from dokobot.players import search

    rules = RuleSet.from_config({"preset": "ddv"})
    g = Game(rules, deal(rules, random.Random(5), 0), 0)
    while g.phase == "reserve":
        g.apply({"seat": g.to_act, "reserve": "gesund"})
    seat = g.to_act
    obs = g.observation(seat)
    g.apply({"seat": seat, "announce": obs.party})
    obs = g.observation(seat)
    assert obs.may_announce[0] == "keine90"  # the next step after its own Re or Kontra
    budget = search.Budget()
    n = budget.announce_worlds
    # play-outs come in pairs, announced first; each world gains exactly `gain` by announcing
    pairs = [(2.0 + gain, 2.0) if i < wins else (-4.0, -4.0 - gain) for i in range(n)]
    scores = iter(x for pair in pairs for x in pair)

    party = obs.party
    other = "kontra" if party == "re" else "re"

    class Out:
        def __init__(self, v: float) -> None:
            self.v = v

        def result(self) -> dict:
            opp = opp_augen if self.v > 0 else 200  # a lost world leaves the opponents most Augen
            return {"score": {s: self.v for s in range(4)}, "augen": {party: 240 - opp, other: opp},
                    "tricks": {party: 9, other: 3}}

    monkeypatch.setattr(search, "rollout", lambda _g: Out(next(scores)))
    assert search._announcement(obs, random.Random(1), budget) == said


def test_a_lowering_needs_the_next_step_made_in_the_play_out():
    """keine 90 needs the opponents under 60, keine 30 needs them schwarz, at six keine 135 needs
    them under 90; schwarz and Re/Kontra need no cushion."""
    from dokobot.engine.announce import STEPS, STEPS_SIX
    from dokobot.players.search import _with_a_step_to_spare as spare

    def res(kontra_augen: int, kontra_tricks: int = 2) -> dict:
        return {"augen": {"re": 240 - kontra_augen, "kontra": kontra_augen},
                "tricks": {"re": 12 - kontra_tricks, "kontra": kontra_tricks}}

    assert spare(res(59), "re", "keine90", STEPS) and not spare(res(60), "re", "keine90", STEPS)
    assert spare(res(29), "re", "keine60", STEPS) and not spare(res(30), "re", "keine60", STEPS)
    assert spare(res(0, 0), "re", "keine30", STEPS) and not spare(res(0, 1), "re", "keine30", STEPS)
    assert spare(res(10), "re", "schwarz", STEPS) and spare(res(200), "re", "re", STEPS)
    assert spare(res(89), "re", "keine135", STEPS_SIX) and not spare(res(90), "re", "keine135", STEPS_SIX)
    # the Kontra party's opponents are Re
    assert spare({"augen": {"re": 50, "kontra": 190}, "tricks": {"re": 2, "kontra": 10}}, "kontra", "keine90", STEPS)
