"""docs/engine-api.md matches the code: every name it imports and every attribute it lists exists."""

import random
import re
from pathlib import Path

import dokobot.engine
from dokobot.engine import Game, RuleSet
from dokobot.engine.game import _SLOTS  # the attribute names (a compiled Game has no __slots__)
from dokobot.engine.randomplay import random_game

DOC = Path(__file__).resolve().parents[2] / "docs" / "engine-api.md"


def _block() -> str:
    text = DOC.read_text(encoding="utf-8")
    return text[text.index("```python") + 9:text.index("```", text.index("```python") + 9)]


def test_every_imported_name_exists():
    names = []
    for line in _block().splitlines():
        if m := re.match(r"from dokobot\.engine import (.+)", line):
            names += [n.strip() for n in m.group(1).split(",")]
    assert len(names) >= 15
    for name in names:
        assert name in dokobot.engine.__all__ and hasattr(dokobot.engine, name), name


def test_every_listed_attribute_exists():
    rules = RuleSet.from_config({"preset": "ddv"})
    g = random_game(rules, random.Random(1))
    objects = {"g": g, "rules": rules, "obs": g.observation(0), "res": g.game_result()}
    code = "\n".join(line.split("#")[0] for line in _block().splitlines())
    found = re.findall(r"\b(g|rules|obs|res)\.(\w+)", code)
    assert len(found) > 60
    for var, attr in found:
        assert hasattr(objects[var], attr), f"{var}.{attr}"
    assert isinstance(g, Game)


def test_every_public_game_attribute_is_documented():
    """Issue 10: internal state is underscore-private; whatever Game shows without an
    underscore (slots, methods, properties) is listed in the doc, and nothing else."""
    text = DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)  # the API and the five/six block
    code = "\n".join(line.split("#")[0] for b in blocks for line in b.splitlines())
    documented = set(re.findall(r"\bg\.(\w+)", code))
    public = {n for n in dir(Game) if not n.startswith("_")}
    assert public - documented == set()
    assert documented - public == set()
    assert "hands" not in public and "_hands" in _SLOTS  # the check sees real names
