"""Issue 22: every slash-command text (names, descriptions, options, choices) has one source,
the catalogue: Discord's default (German) and the English localization are one entry."""

from __future__ import annotations

import ast
from pathlib import Path

from dokobot.text import i18n

ROOT = Path(__file__).resolve().parents[2]
TEXTS = i18n._TEXTS


def _pairs(node, out):
    """(default, English) of every name and description in a command payload."""
    for field in ("name", "description"):
        if field in node:
            out.append((field, node[field], node.get(f"{field}_localizations", {}).get("en-US")))
    for child in node.get("options", []) + node.get("choices", []):
        _pairs(child, out)
    return out


async def test_every_command_text_is_one_catalogue_entry(doko):
    bot = doko.bot
    translator = bot.tree.translator
    pairs = []
    for command in bot.tree.get_commands():
        _pairs(await command.get_translated_payload(bot.tree, translator), pairs)
    assert len(pairs) > 100
    entries = set(TEXTS.values())
    german = {de for de, _ in entries}
    drifted = [(f, de, en) for f, de, en in pairs
               if (de, en) not in entries and not (en is None and de in german)]
    assert drifted == []
    descriptions = {de for f, de, _ in pairs if f == "description"}
    assert "Klopft (vor dem ersten Ausspiel, wo die Regeln Klopfen spielen)" in descriptions
    assert "Klopft" not in descriptions


def test_the_cogs_write_no_command_text_inline():
    """No locale_str in the cogs: each text is a catalogue key (command_text)."""
    for path in (ROOT / "cogs").glob("*.py"):
        src = path.read_text()
        assert "locale_str" not in src, path.name
        for node in ast.walk(ast.parse(src)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "_":
                assert len(node.args) == 1 and not node.keywords, (path.name, node.lineno)
                arg = node.args[0]
                if isinstance(arg, ast.Constant):
                    assert arg.value in TEXTS, (path.name, arg.value)
