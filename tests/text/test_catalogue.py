"""The catalogue: every key in both languages with the same parameters, no dead key,
everything the engine can name has its words, and no German word in an English text."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from dokobot.engine import SOLO_KINDS, SWITCHES, switch_values
from dokobot.engine.errors import MESSAGES, RULE_MESSAGES
from dokobot.engine.result import _FIXED
from dokobot.engine.rules import EXTRAS
from dokobot.text import i18n
from tests.text.helpers import german_words

ROOT = Path(__file__).resolve().parents[2]
CODE = [*sorted((ROOT / "dokobot").rglob("*.py")), *sorted((ROOT / "cogs").rglob("*.py"))]
TEXTS = i18n._TEXTS





def params(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("key", sorted(TEXTS))
def test_every_key_in_both_languages_with_the_same_parameters(key):
    de, en = TEXTS[key]
    assert de.strip() and en.strip(), key
    assert params(de) == params(en), (key, params(de), params(en))


@pytest.mark.parametrize("key", sorted(TEXTS))
def test_no_german_word_in_an_english_text(key):
    assert german_words(TEXTS[key][1]) == [], (key, TEXTS[key][1])


def test_the_word_list_finds_german():
    assert german_words("Kontra gewinnt · Re 173 : Kontra 67 Augen") == ["gewinnt", "Augen"]
    assert german_words("keine 90 angesagt (Kontra) +1") == ["angesagt"]
    assert german_words("Neunen / nines: aus") == ["Neunen", "aus"]
    assert german_words("Re wins · Re 173 : Kontra 67 card points; set `armut=ja` with /doko tisch") == []


# ---- no dead key ------------------------------------------------------------------------


def _catalogue_keys(tree: ast.AST) -> set[int]:
    """The key nodes of the catalogue itself (``_TEXTS = {...}``): they are no use."""
    for node in ast.walk(tree):
        if isinstance(node, ast.AnnAssign | ast.Assign) and isinstance(node.value, ast.Dict):
            targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
            if any(isinstance(t, ast.Name) and t.id == "_TEXTS" for t in targets):
                return {id(k) for k in node.value.keys}
    return set()


def _literals() -> tuple[set[str], set[str]]:
    """String constants of the code, and the leading constant of each f-string or ``"x." + ...``."""
    whole: set[str] = set()
    prefixes: set[str] = set()
    for path in CODE:
        tree = ast.parse(path.read_text(), str(path))
        skip = _catalogue_keys(tree)
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                whole.add(node.value)
            elif isinstance(node, ast.JoinedStr) and node.values:
                first = node.values[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    prefixes.add(first.value)
            elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
                if isinstance(node.left, ast.Constant) and isinstance(node.left.value, str):
                    prefixes.add(node.left.value)
    return whole, {p for p in prefixes if p.endswith(".") and re.fullmatch(r"[a-z_.0-9]+", p)}


def test_no_dead_key():
    """Each key is named in the code, or belongs to a family the code builds (``"bd." + key``,
    ``f"switch.{name}"``), or is a plural form of a key ``tn`` is given."""
    whole, prefixes = _literals()
    dead = []
    for key in TEXTS:
        base = key.rsplit(".", 1)[0] if key.endswith((".one", ".other")) and key.rsplit(".", 1)[0] + ".one" in TEXTS else None
        if key in whole or (base and base in whole):
            continue
        if any(key.startswith(p) and len(key) > len(p) for p in prefixes):
            continue
        dead.append(key)
    assert dead == []


# ---- everything the engine names has its words ------------------------------------------


def test_every_switch_value_and_name_has_words():
    missing = []
    for name in SWITCHES:
        missing += [k for k in (f"switch.{name}", f"switch.{name}.help") if k not in TEXTS]
        if name in ("solos", "extras"):
            continue  # named as solos and Sonderpunkte
        for value in switch_values(name) or ():
            if f"value.{name}.{value}" not in TEXTS:
                missing.append(f"value.{name}.{value}")
    missing += [f"solo.{k}" for k in SOLO_KINDS if f"solo.{k}" not in TEXTS]
    missing += [f"bd.extra.{k}" for k in EXTRAS if f"bd.extra.{k}" not in TEXTS]
    assert missing == []


def test_every_engine_refusal_and_breakdown_line_has_words():
    missing = [f"illegal.{code}" for code in MESSAGES if f"illegal.{code}" not in TEXTS]
    keys = {*_FIXED, "under", "announced", "against", "reached", "extra"}
    missing += [f"bd.{k}" for k in keys - {"extra"} if f"bd.{k}" not in TEXTS]
    missing += [f"ann.{a}" for a in ("re", "kontra", "keine90", "keine60", "keine30", "schwarz") if f"ann.{a}" not in TEXTS]
    assert missing == []


def test_plural_families_are_complete():
    bases = {k.rsplit(".", 1)[0] for k in TEXTS if k.endswith(".one")}
    assert bases and all(f"{b}.one" in TEXTS and f"{b}.other" in TEXTS for b in bases)


def test_counts_take_the_right_form():
    assert i18n.tn("de", "count.wins", 1) == "1 Sieg" and i18n.tn("de", "count.wins", 2) == "2 Siege"
    assert i18n.tn("en", "count.games", 1) == "1 game" and i18n.tn("en", "count.games", 0) == "0 games"
    assert i18n.tn("de", "count.points", -4, sign=True) == "\u22124 Punkte"
    assert i18n.tn("de", "count.points", 0, sign=True) == "0 Punkte"
    assert i18n.tn("de", "count.points", 1, sign=True) == "+1 Punkt"
    assert i18n.tn("de", "count.games", 1234) == "1.234 Spiele"


def test_families_name_only_what_exists():
    """A key of a family the code builds from the engine's names (``f"switch.{name}"``)
    is dead when the engine no longer has that name: each family checked against its source."""
    from dokobot.engine import PRESETS
    from dokobot.engine.contracts import NORMAL_KINDS

    values = {f"{s}.{v}" for s in SWITCHES for v in switch_values(s) or ()}
    families = {
        "switch.": {*SWITCHES, *(f"{s}.help" for s in SWITCHES)},
        "value.": values,
        "solo.": set(SOLO_KINDS),
        "bd.extra.": set(EXTRAS),
        "illegal.": {*MESSAGES, "not_your_turn_nobody", "unknown"},
        "err.rule.": set(RULE_MESSAGES),
        "contract.": {*NORMAL_KINDS, "redeal"},
        "preset.": set(PRESETS),
        "rules.preset.": set(PRESETS),
        "sum.bock.": set(switch_values("bock") or ()),
        "suit.": {"C", "S", "H", "D", "trump"},
    }
    stale = [
        key for key in TEXTS for prefix, names in families.items()
        if key.startswith(prefix) and key[len(prefix):] not in names
    ]
    assert stale == []


def test_a_computers_level_in_the_readers_words():
    """The stored name keeps the German level (the rating's key); English readers read theirs."""
    words = i18n.computer_words
    assert [words(n, "en") for n in ("Computer 1 (mittel)", "Computer 12 (schwer)", "Computer (leicht)")] == [
        "Computer 1 (medium)", "Computer 12 (hard)", "Computer (easy)"]
    assert words("Computer 1 (mittel)", "de") == "Computer 1 (mittel)"
    assert words("Anna (mittel)", "en") == "Anna (mittel)" and words("Computer 1 (zäh)", "en") == "Computer 1 (zäh)"
