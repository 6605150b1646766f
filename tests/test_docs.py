"""The repository documents itself: every preset and switch, the record format, linked."""

from __future__ import annotations

from pathlib import Path

from dokobot.engine import PRESETS, SWITCHES, switch_values
from dokobot.table.switches import SETTINGS

ROOT = Path(__file__).resolve().parents[1]


def test_rules_page_explains_every_preset_switch_and_value():
    text = (ROOT / "docs" / "rules.md").read_text()
    missing = [p for p in PRESETS if f"**`{p}`**" not in text]
    missing += [s for s in SWITCHES if f"**`{s}`**" not in text]
    missing += [s for s in SETTINGS if f"**`{s}`**" not in text]  # the table settings (issue 11)
    missing += [f"on_timeout={v}" for v in ("computer", "wait") if f"`{v}`" not in text]
    missing += [f"{s}={v}" for s in SWITCHES for v in switch_values(s) or () if f"`{v}`" not in text]
    assert missing == []


def test_record_page_and_readme_links():
    record = (ROOT / "docs" / "game-record.md").read_text()
    for word in ("dokobot-game/1", "dokobot replay", "Exit status", '"finished": false', "/doko protokoll"):
        assert word in record
    readme = (ROOT / "README.md").read_text()
    assert "(docs/rules.md)" in readme and "(docs/game-record.md)" in readme and "dokobot --version" in readme


def test_the_table_switches_of_lists_are_documented():
    """Issue 25: the Pflichtsolo lists are in the README and docs/rules.md, not only in the readings."""
    from dokobot.table.switches import TABLE_SWITCHES

    rules = (ROOT / "docs" / "rules.md").read_text()
    readme = (ROOT / "README.md").read_text()
    assert [s for s in TABLE_SWITCHES if f"**`{s}`**" not in rules] == []
    assert [s for s in TABLE_SWITCHES if f"`{s}=" not in readme] == []
