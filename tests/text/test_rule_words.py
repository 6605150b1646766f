"""Issue 22: the rules page and docs/rules.md say what a knock is worth in the table's
scheme (reading 45), and name the schemes plus and fine_steps and the joker's Augen."""

from __future__ import annotations

from pathlib import Path

import pytest

from dokobot.engine import RuleSet
from dokobot.table.store import TableSettings
from dokobot.text.render import rules_page, switch_line

ROOT = Path(__file__).resolve().parents[2]
WORTH = {
    "ddv": ("2 Punkte mehr", "2 more points"),
    "steps": ("1 Punkt mehr", "1 more point"),
    "plus": ("1 Punkt mehr", "1 more point"),
    "doubling": ("verdoppelt den Spielwert", "doubles the game value"),
    "tally": ("ab dem zweiten vervierfacht", "from the second they are quadrupled"),
}


@pytest.mark.parametrize("scheme", sorted(WORTH))
def test_the_knock_line_says_what_a_knock_is_worth_in_the_scheme(scheme):
    rules = RuleSet.from_config({"preset": "ddv", "klopfen": True, "scoring": scheme})
    de, en = switch_line(rules, "klopfen", "de"), switch_line(rules, "klopfen", "en")
    assert WORTH[scheme][0] in de and WORTH[scheme][1] in en
    assert "jedes Klopfen verdoppelt" not in de and "each knock doubles" not in en
    if scheme not in ("doubling", "tally"):
        assert "verdoppel" not in de and "doubl" not in en


def test_docs_say_what_a_knock_is_worth():
    text = " ".join((ROOT / "docs" / "rules.md").read_text().split())
    assert "every knock doubles" not in text
    assert "A knock counts like one Re or Kontra of the `scoring` scheme" in text


@pytest.mark.parametrize("lang", ["de", "en"])
def test_rules_page_words_plus_fine_steps_and_the_joker(lang):
    rules = RuleSet.from_config({"preset": "ddv", "scoring": "plus", "fine_steps": True, "joker": True})
    _, body = rules_page(rules, TableSettings(), lang)
    assert "`plus`" in body and "`fine_steps`" in body
    assert ("Plus eins" if lang == "de" else "plus one") in body
    assert ("Feine Stufen" if lang == "de" else "Fine steps") in body
    assert ("4 Augen" if lang == "de" else "4 card points") in body
