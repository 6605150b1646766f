"""The rules page fits one embed within Discord's 6,000 characters, every switch on it; the
short page (the preset, then what differs from it) fits one description, in words.

Every branch added switches and table settings to the page; at about 6,200 characters
the embed helper cut it short and the turn clock's lines fell off the end. The page now
drops the lists of values (autocomplete offers them) before it would overflow.
"""

from __future__ import annotations

import re

import pytest

from dokobot.engine import PRESETS, SWITCHES, RuleError, RuleSet, is_list_switch, switch_values
from dokobot.table.store import TableSettings
from dokobot.text.i18n import t
from dokobot.text.render import RULES_PAGE_BUDGET, rules_page, switch_value
from dokobot.text.rulespage import rules_change_text, summary_page
from tests.discord_limits import DESCRIPTION, EMBED_TOTAL, TITLE, units

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


# ---- the short page: the preset, then only what differs from it (issue 43) ------------------

# Every switch that can differ from its preset at once (the longest short page there is).
EVERYTHING = {
    "preset": "ddv", "nines": False, "dulle": "second_wins_except_last", "schweine": True, "joker": True,
    "overtrump": True, "solos": ["karo", "damen"], "solo_lead": "soloist", "solo_priority": "rank",
    "hochzeit": "first_pure_color_trick", "hochzeit_window": 2, "armut": True, "schmeissen": ["nines", "kings"],
    "announcements": "until_trick_5", "klopfen": True, "scoring": "plus", "fine_steps": True, "zero_sum": False,
    "base": 5, "solo_factor": 4, "extras": ["doppelkopf", "karlchen_caught_any", "dulle_caught"],
    "bock": ["tie", "lost_solo", "heart_trick"], "armut_taker": "partner", "armut_decide": "after",
    "armut_announce": True, "solo_extras": "trumpfsolo_still", "single_limit": True, "klopfen_redeal": True,
    "five": "all_play", "six_lustsolo_lead": "left_of_dealer", "hochzeit_partner": "may",
}
_CODE = re.compile(r"`([^`]*)`")


def _value_codes() -> set[str]:
    """The codes of switch values that are no switch name themselves (``nines`` is both)."""
    return {v for s in SWITCHES for v in switch_values(s) or () if not v.isdigit()} - {"ja", "nein", *SWITCHES}


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("config", [*CONFIGS, EVERYTHING])
def test_the_short_page_fits_a_phone_in_words(lang, config):
    """One embed's description (no fields), no switch value in code: the preset's words,
    each change with the preset's value, the way to the full list."""
    rules = RuleSet.from_config(config)
    title, body = summary_page(rules, TableSettings(turn_timeout=60, tipps=True), lang, 24, True, images=False)
    assert units(title) <= TITLE and units(body) <= DESCRIPTION
    assert units(title) + units(body) + units(t(lang, "rules.next_table")) <= EMBED_TOTAL
    shown = body.replace(t(lang, "rules.how"), "")  # the way to change names `dulle=second_wins` as an example
    assert not [c for c in _CODE.findall(shown) if c in _value_codes()], shown
    changed = [s for s in SWITCHES if s != "players" and getattr(rules, s) != getattr(PRESETS[rules.preset], s)]
    assert [line for line in body.splitlines() if line.startswith("• ")][: len(changed)] == [
        t(lang, "rules.change", label=t(lang, f"switch.{s}"), switch=s, value=switch_value(rules, s, lang),
          default=switch_value(PRESETS[rules.preset], s, lang)) for s in changed]
    assert ("(`turn_timeout`): 60 s" in body) and ("(`tipps`)" in body) and ("(`bilder`)" in body)
    assert "(`mentions`)" not in body  # the default: not listed
    assert t(lang, "rules.all_hint") in body


def test_the_short_page_after_dulle_second_wins():
    """The issue's case: not just "DDV tournament rules" with nothing marked."""
    rules = RuleSet.from_config({"preset": "ddv", "dulle": "second_wins"})
    _, body = summary_page(rules, TableSettings(), "de")
    assert body.splitlines()[:2] == [
        "**DDV-Turnierregeln**, geändert:",
        "• **Zwei Dullen im Stich** (`dulle`): die zweite sticht (Vorgabe: die erste sticht)",
    ]
    _, body = summary_page(rules, TableSettings(), "en")
    assert "• **Two Dullen in a trick** (`dulle`): the second one wins (preset: the first one wins)" in body
    _, plain = summary_page(RuleSet.from_config({"preset": "ddv"}), TableSettings(), "de")
    assert plain.splitlines()[0] == "**DDV-Turnierregeln**, ohne Änderung." and "• " not in plain
    # the full list marks it as well
    _, full = rules_page(rules, TableSettings(), "de")
    assert full.splitlines()[0] == "**DDV-Turnierregeln**, geändert: Zwei Dullen im Stich"
    marked = [line for line in full.splitlines() if line.startswith("✎ ")]
    assert len(marked) == 1 and marked[0].startswith("✎ **Zwei Dullen im Stich** (`dulle`): die zweite sticht – ")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_switch_value_has_words(lang):
    """Each value of each switch is said in words, never as its code, in both languages."""
    for s in SWITCHES:
        for v in switch_values(s) or ():
            if v.isdigit():
                continue
            try:
                rules = RuleSet.from_config({"preset": "muenchen" if s == "players" and v == "6" else "ddv",
                                             s: [v] if is_list_switch(s) else v})
            except RuleError:
                continue  # a value that needs another switch (fine_steps needs plus/doubling)
            words = switch_value(rules, s, lang)
            assert words and words != v and "_" not in words, (s, v, words)


def test_a_rules_change_line_names_who_and_what():
    old = RuleSet.from_config({"preset": "ddv"})
    new = RuleSet.from_config({"preset": "ddv", "dulle": "second_wins"})
    assert rules_change_text("Nord", old, new, "de") == (
        "⚙️ Nord hat die Regeln geändert: **Zwei Dullen im Stich**: die zweite sticht (vorher: die erste sticht)")
    assert rules_change_text("Nord", old, new, "en") == (
        "⚙️ Nord changed the rules: **Two Dullen in a trick**: the second one wins (was: the first one wins)")
    haus = rules_change_text("Ost", old, RuleSet.from_config({"preset": "haus"}), "de")
    assert haus is not None and haus.startswith("⚙️ Ost hat die Regeln geändert: **Regelwerk**: Hausregeln")
    assert "(vorher: DDV-Turnierregeln)" in haus and "**Schweine**: an (vorher: aus)" in haus
    timed = rules_change_text("Nord", old, old, "de", TableSettings(), TableSettings(turn_timeout=60))
    assert timed == "⚙️ Nord hat die Regeln geändert: **Zugzeit**: 60 s (vorher: 300 s)"
    assert rules_change_text("Nord", old, old, "de", TableSettings(), TableSettings()) is None
