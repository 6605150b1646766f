"""Breakdown lines leave the engine as keys; the text layer words them in German and English."""

import random

from dokobot.engine import RuleSet
from dokobot.engine.randomplay import random_game
from dokobot.text.i18n import breakdown_label
from tests.engine.helpers import PRESET_SWITCHES


def test_every_engine_line_has_a_german_and_english_text():
    seen = set()
    for config in PRESET_SWITCHES:
        for scoring in ("ddv", "steps", "doubling", "tally"):
            rules = RuleSet.from_config({**config, "scoring": scoring, "extras": [
                "gegen_die_alten", "doppelkopf", "fuchs", "karlchen", "karlchen_caught", "alte_caught", "dulle_caught"]})
            rng = random.Random(3)
            for _ in range(15):
                for b in random_game(rules, rng, announce_rate=0.2).game_result().breakdown:
                    # German is the engine's own word, so summaries read as before
                    assert breakdown_label("de", b) == b.label_de
                    en = breakdown_label("en", b)
                    assert en and not en.startswith("bd.")
                    seen.add(b.key)
    assert {"won", "under", "announced", "extra"} <= seen
    assert "text" not in seen


def test_five_and_six_lines_have_keys_and_words():
    """keine 135, under 180, 180 against keine 135, Superdoppelkopf: keys, German and English."""
    from dokobot.engine import GameResult
    from tests.engine.helpers import SIX, SIX_RE_ALL, played

    seen = set()
    for config in ({"preset": "muenchen"}, {"preset": "ddv", "players": 5, "five": "all_play"}):
        rules = RuleSet.from_config(config)
        rng = random.Random(5)
        for _ in range(40):
            res = random_game(rules, rng, announce_rate=0.3).game_result()
            assert GameResult.from_dict(res.to_dict()) == res
            for b in res.breakdown:
                assert breakdown_label("de", b) == b.label_de
                assert not breakdown_label("en", b).startswith("bd.")
                assert b.key != "text", b
                seen.add((b.key, b.param("what"), b.param("limit")))
    assert ("announced", "keine135", None) in seen and ("under", None, 180) in seen
    r = played(SIX, SIX_RE_ALL, dealer=5)
    assert "unter 180" in [x["label"] for x in r["breakdown"]]
    line = {"party": "re", "label": "Superdoppelkopf", "points": 3, "key": "doppelkopf"}
    item = GameResult.from_dict({"contract": "normal", "breakdown": [line]}).breakdown[0]
    assert (item.key, item.param("extra"), item.to_json()) == ("extra", "superdoppelkopf", line)
    assert breakdown_label("en", item) == "Superdoppelkopf"
