"""The store is read through its ports only (``TableStore``, ``ScoreBook``): outside
``dokobot/storage`` nothing looks up a store's attributes by name, and the cogs are
type-checked with the rest, so a call the ports do not have fails mypy."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOOKUPS = {"getattr", "hasattr", "setattr"}


def _lookups_on_a_store(path: Path, root: Path = ROOT) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in LOOKUPS and node.args:
            target = ast.unparse(node.args[0])
            if "store" in target.casefold():
                found.append(f"{path.relative_to(root)}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_attribute_lookup_on_a_store_outside_storage():
    files = [*ROOT.joinpath("dokobot").rglob("*.py"), *ROOT.joinpath("cogs").rglob("*.py")]
    storage = ROOT / "dokobot" / "storage"
    found = [hit for path in files if storage not in path.parents for hit in _lookups_on_a_store(path)]
    assert found == []


def test_the_check_finds_a_lookup(tmp_path):
    """The check above can fail: a getattr on a store is found."""
    sample = tmp_path / "stats.py"
    sample.write_text('size = getattr(member, "name")\npaged = getattr(self.bot.store, "sheet_page", None)\n',
                      encoding="utf-8")
    assert _lookups_on_a_store(sample, tmp_path) == ["stats.py:2: getattr(self.bot.store, 'sheet_page', None)"]


def test_mypy_checks_the_cogs():
    config = tomllib.loads(ROOT.joinpath("pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True and {"dokobot", "cogs"} <= set(config["files"])
