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
