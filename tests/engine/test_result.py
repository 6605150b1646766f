"""GameResult: typed, and its replay JSON byte-identical to the engine's result dict."""

import json
import random

import pytest

from dokobot.engine import GameResult, RuleSet
from dokobot.engine.randomplay import random_game
from dokobot.engine.result import BreakdownItem
from tests.engine.helpers import PRESET_SWITCHES

SCHEMES = [{**c, "scoring": s} for c in PRESET_SWITCHES[:3] for s in ("ddv", "steps", "doubling", "tally")]


@pytest.mark.parametrize("config", PRESET_SWITCHES + SCHEMES)
def test_replay_json_is_the_result_byte_for_byte(config):
    rules = RuleSet.from_config({**config, "extras": ["gegen_die_alten", "doppelkopf", "fuchs", "karlchen",
                                                      "karlchen_caught", "alte_caught", "dulle_caught"]})
    rng = random.Random(7)
    keys = set()
    for _ in range(60):
        g = random_game(rules, rng, announce_rate=0.2, reserve_rate=0.3)
        res = g.game_result()
        assert json.dumps(res.replay_json(), ensure_ascii=False) == json.dumps(g.result(), ensure_ascii=False)
        stored = res.to_dict()
        assert stored.pop("breakdown_keys") == [[b.key, dict(b.params)] for b in res.breakdown]
        assert stored == g.summary()
        assert GameResult.from_dict(res.to_dict()) == res
        assert GameResult.from_dict(stored) == res  # stored before the keys: the labels read back
        keys |= {b.key for b in res.breakdown}
    assert "text" not in keys  # every engine label has a key


def test_breakdown_labels_are_keys_with_parameters():
    item = BreakdownItem.from_json({"party": "re", "label": "120 gegen keine 90", "points": 1})
    assert (item.key, item.param("augen"), item.param("what")) == ("against", 120, "keine90")
    said = BreakdownItem.from_json({"party": "kontra", "label": "keine 60 angesagt", "points": 1})
    assert (said.key, said.param("what")) == ("announced", "keine60")
    fuchs = BreakdownItem.from_json({"party": "re", "label": "Fuchs gefangen", "points": 1, "key": "fuchs"})
    assert (fuchs.key, fuchs.param("extra"), fuchs.extra) == ("extra", "fuchs", "fuchs")
    odd = BreakdownItem.from_json({"party": "re", "label": "Hausregel", "points": 2})
    assert odd.key == "text" and odd.to_json() == {"party": "re", "label": "Hausregel", "points": 2}


def test_a_running_game_has_no_result():
    from tests.engine.helpers import game

    with pytest.raises(ValueError):
        game(seed=1).game_result()


def test_from_dict_refuses_what_is_no_result():
    with pytest.raises(ValueError):
        GameResult.from_dict({"re": [0]})


def test_labels_of_the_house_forms_have_keys():
    knock = BreakdownItem.from_json({"party": "re", "label": "geklopft", "factor": 2})
    reached = BreakdownItem.from_json({"party": "kontra", "label": "keine 60 erreicht", "factor": 2})
    assert (knock.key, reached.key, reached.param("what")) == ("knocked", "reached", "keine60")
    assert reached.to_json() == {"party": "kontra", "label": "keine 60 erreicht", "factor": 2}
    shared = {"party": "re", "label": "Karlchen gefangen", "points": 1, "key": "karlchen_caught"}
    assert BreakdownItem.from_json(shared).param("extra") == "karlchen_caught"


def test_the_result_names_the_soloist_outside_the_replay_json():
    """GameResult.soloist is the engine's seat: stored by to_dict, never in the replay JSON,
    and read from a row stored before it was (the one Re seat of a solo)."""
    rules = RuleSet.from_config({"preset": "ddv"})
    rng = random.Random(3)
    seen = 0
    for _ in range(200):
        g = random_game(rules, rng, reserve_rate=0.6)
        res = g.game_result()
        assert "soloist" not in res.replay_json()
        if not res.contract.startswith("solo:"):
            assert res.soloist is None
            continue
        seen += 1
        assert res.soloist == g.soloist and res.re == (g.soloist,)
        assert res.to_dict()["soloist"] == g.soloist
        old = {k: v for k, v in res.to_dict().items() if k != "soloist"}
        assert GameResult.from_dict(old).soloist == g.soloist
    assert seen


def test_an_old_six_row_reads_its_soloist_from_the_record():
    from dokobot.engine.record import declared_soloist

    old = GameResult.from_dict({"contract": "solo:damen", "size": "klein", "re": [4, 2], "kontra": [0, 1, 3, 5]})
    assert old.soloist is None  # two Re seats: the row alone cannot say
    actions = [{"seat": 4, "reserve": "solo", "solo": "damen", "size": "klein", "pflicht": True},
               {"seat": 0, "reserve": "solo", "solo": "damen", "size": "gross", "pflicht": False},
               {"seat": 2, "reserve": "solo", "solo": "buben", "size": "klein", "pflicht": True},
               {"seat": 2, "bid": "re"}, {"seat": 4, "bid": "pass"}]
    assert declared_soloist(actions) == 2
    assert declared_soloist([{"seat": 1, "reserve": "gesund"}]) is None


def test_the_declarer_of_a_six_solo_is_the_soloist_even_with_a_partner():
    """Game.declarer (what the table message names) is the engine's soloist, not a seat
    read back from the parties or the first Vorbehalt."""
    rules = RuleSet.from_config({"preset": "muenchen"})
    rng = random.Random(5)
    seen = 0
    for _ in range(150):
        g = random_game(rules, rng, reserve_rate=0.7)
        if g.contract and g.contract.startswith("solo:"):
            seen += 1
            assert g.declarer == g.soloist == g.game_result().soloist
            assert g.observation(0).declarer == g.soloist
    assert seen
