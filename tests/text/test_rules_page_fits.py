"""The rules page fits one embed within Discord's 6,000 characters, every switch on it.

Every branch added switches and table settings to the page; at about 6,200 characters
the embed helper cut it short and the turn clock's lines fell off the end. The page now
drops the lists of values (autocomplete offers them) before it would overflow.
"""

from __future__ import annotations

import pytest

from dokobot.engine import SWITCHES, RuleSet
from dokobot.table.store import TableSettings
from dokobot.text.i18n import t
from dokobot.text.render import RULES_PAGE_BUDGET, rules_page

CONFIGS = [
    {"preset": "ddv"}, {"preset": "haus"}, {"preset": "klassisch"}, {"preset": "muenchen"},
    {"preset": "ddv", "scoring": "plus", "fine_steps": True, "joker": True, "klopfen": True},
    {"preset": "haus", "hochzeit": "choice", "hochzeit_partner": "may", "bock": ["tie", "lost_solo", "heart_trick"]},
]


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("config", CONFIGS)
def test_every_switch_and_setting_fits_one_embed(lang, config):
    title, body = rules_page(RuleSet.from_config(config), TableSettings(), lang, 24, True)
    footer = t(lang, "rules.next_table")
    assert len(title) + len(body) <= RULES_PAGE_BUDGET and RULES_PAGE_BUDGET + len(footer) <= 6000
    assert "…" not in body[-200:]
    for name in [*SWITCHES, "list_games", "pflichtsolo", "turn_timeout", "on_timeout", "mentions", "tipps", "bilder"]:
        assert f"(`{name}`)" in body, name


def test_the_values_stay_where_they_fit():
    """The choice switches keep their values on the page while it fits (here all of them)."""
    _, body = rules_page(RuleSet.from_config({"preset": "ddv", "scoring": "plus"}), TableSettings(), "de")
    assert "`plus`" in body and "`second_wins_except_last`" in body
