"""Properties over random legal games, presets and switches (hypothesis)."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from dokobot.engine import SOLO_KINDS, RuleSet, replay
from dokobot.engine.randomplay import random_game
from dokobot.engine.rules import EXTRAS

CONFIGS = st.fixed_dictionaries(
    {"preset": st.sampled_from(["ddv", "haus", "klassisch"])},
    optional={
        "nines": st.booleans(),
        "dulle": st.sampled_from(["first_wins", "second_wins", "second_wins_except_last"]),
        "schweine": st.booleans(),
        "armut": st.booleans(),
        "hochzeit": st.sampled_from(["first_trick", "first_color_trick", "first_trump_trick", "named_card",
                                     "first_pure_color_trick"]),
        "hochzeit_window": st.integers(1, 12),
        "armut_taker": st.sampled_from(["volunteer", "partner"]),
        "armut_decide": st.sampled_from(["before", "after"]),
        "armut_announce": st.booleans(),
        "solo_extras": st.sampled_from(["none", "trumpfsolo_still"]),
        "solos": st.lists(st.sampled_from(list(SOLO_KINDS)), unique=True),
        "extras": st.lists(st.sampled_from(list(EXTRAS)), unique=True),
        "single_limit": st.booleans(),
        "klopfen": st.booleans(),
        "klopfen_redeal": st.booleans(),
        "solo_priority": st.sampled_from(["seat", "rank"]),
        "solo_lead": st.sampled_from(["left_of_dealer", "soloist"]),
        "announcements": st.sampled_from(["ddv", "first_trick", "before_play", "until_trick_5"]),
        "scoring": st.sampled_from(["ddv", "steps", "doubling", "tally", "plus"]),
        "overtrump": st.booleans(),
        "joker": st.booleans(),
        "schmeissen": st.lists(st.sampled_from(["nines", "kings", "top_dj", "top_da"]), unique=True),
    },
)


@settings(max_examples=300, deadline=None)
@given(config=CONFIGS, seed=st.integers(0, 2**32 - 1),
       announce_rate=st.sampled_from([0.0, 0.05, 0.3]), reserve_rate=st.sampled_from([0.0, 0.3, 0.8]))
def test_random_games_keep_the_invariants(config, seed, announce_rate, reserve_rate):
    rules = RuleSet.from_config(config)
    g = random_game(rules, random.Random(seed), announce_rate=announce_rate, reserve_rate=reserve_rate)
    r = g.result()
    if r["contract"] == "redeal":
        assert r["score"] == [0, 0, 0, 0]
        return
    # 240, also with the joker: it is worth the 4 Augen of the Karo-König it replaces (reading 34)
    assert r["augen"]["re"] + r["augen"]["kontra"] == 240
    assert r["tricks"]["re"] + r["tricks"]["kontra"] == rules.hand_size
    assert sorted(r["re"] + r["kontra"]) == [0, 1, 2, 3] and r["re"]
    assert len(r["re"]) == (1 if g.is_solo else 2)
    assert sum(r["score"]) == 0
    assert len({x % 2 for x in r["score"]}) == 1
    if g.is_solo and r["game_value"]:
        soloist = r["re"][0]
        assert all(r["score"][soloist] == -3 * r["score"][s] for s in r["kontra"])
    if r["winner"] is None:
        assert r["game_value"] >= 0
    assert replay(json.loads(json.dumps(g.record()))) == r


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), cut=st.integers(0, 60))
def test_copy_is_independent_and_replay_of_a_prefix_is_unfinished(seed, cut):
    rules = RuleSet.from_config({"preset": "haus"})
    g = random_game(rules, random.Random(seed), announce_rate=0.1, reserve_rate=0.3)
    rec = g.record()
    prefix = dict(rec, actions=rec["actions"][:cut])
    r = replay(prefix)
    if cut < len(rec["actions"]):
        assert r.get("finished") is False and "score" not in r
    c = g.copy()
    assert c.result() == g.result() and c._hands == g._hands and c._hands is not g._hands
