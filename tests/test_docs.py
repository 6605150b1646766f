"""The repository documents itself: every preset and switch, the record format, linked."""

from __future__ import annotations

import re
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
    """The Pflichtsolo lists are in the players' guide and docs/rules.md, not only in the readings."""
    from dokobot.table.switches import TABLE_SWITCHES

    rules = (ROOT / "docs" / "rules.md").read_text()
    guide = (ROOT / "docs" / "playing.md").read_text()
    assert [s for s in TABLE_SWITCHES if f"**`{s}`**" not in rules] == []
    assert [s for s in TABLE_SWITCHES if guide.count(f"`{s}=") < 2] == []  # German and English


def test_readme_is_for_the_host_first_and_short():
    """The README: what it is, what you need, the two commands, then configuration; under
    1,200 words; the players' guide is its own page, in German and English."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.split()) < 1200
    heads = re.findall(r"^## (.+)$", readme, re.M)
    assert heads[:3] == ["What you need", "Two commands", "Configuration"]
    assert "(docs/playing.md)" in readme and "(docs/development.md)" in readme
    guide = (ROOT / "docs" / "playing.md").read_text(encoding="utf-8")
    assert "## Deutsch" in guide and "## English" in guide


# ---- citations: the repository stands on its own ------------------------------------------------

_CITED_IN = ("dokobot", "cogs", "tests", "bench", "docs")
_READINGS = re.compile(r"\b[Rr]eadings? (\d+(?:(?:\s*[-–]\s*|,\s*|,? and\s+)\d+)*)")
_ENTRY = re.compile(r"\bI-(?:\d\d|[a-z]+\d*-\d+)\b")
# paths of the machine the project was written on, and spec files kept outside the repository
# (the pattern is built from parts so that a search for these words does not find this file)
_UP = "." + "./"
_OUTSIDE = re.compile("|".join(map(re.escape, ["rules" + "-readings", "/" + "work/", _UP + "shared", "shared" + "/spec"])))


def _texts() -> list[tuple[Path, str]]:
    files = [ROOT / "README.md", ROOT / "CHANGELOG.md"]
    for top in _CITED_IN:
        files += [p for p in (ROOT / top).rglob("*") if p.suffix in (".py", ".md", ".toml", ".sql")]
    here = Path(__file__).resolve()  # this file names the patterns it looks for
    return [(p, p.read_text(encoding="utf-8")) for p in files if p.is_file() and p.resolve() != here]


def _numbers(cited: str) -> set[int]:
    out: set[int] = set()
    for part in re.split(r",\s*|,? and\s+", cited):
        bounds = [int(x) for x in re.split(r"\s*[-–]\s*", part)]
        out.update(range(bounds[0], bounds[-1] + 1))
    return out


def test_every_cited_reading_and_entry_is_written_in_the_repository():
    doc = (ROOT / "docs" / "rules-interpretations.md").read_text(encoding="utf-8")
    missing = []
    for path, text in _texts():
        for m in _READINGS.finditer(text):
            missing += [f"{path.name}: reading {n}" for n in _numbers(m.group(1)) if f"**Reading {n}.**" not in doc]
        missing += [f"{path.name}: {e}" for e in set(_ENTRY.findall(text)) if f"**{e} " not in doc]
    assert missing == []


def test_nothing_cites_a_file_outside_the_repository():
    assert [str(p.relative_to(ROOT)) for p, text in _texts() if _OUTSIDE.search(text)] == []


def test_the_citation_check_would_catch_a_missing_reading():
    assert _numbers("20-24") == {20, 21, 22, 23, 24} and _numbers("13, 28, 29") == {13, 28, 29}
    assert _numbers("19 and 35") == {19, 35}
    assert _READINGS.search("see reading 46") is not None and _OUTSIDE.search(_UP + "shared" + "/spec/x.md")


def test_benchmarks_page_holds_targets_and_todays_figures_with_their_commands():
    """docs/benchmarks.md is a reference (under 300 lines, each benchmark with its command);
    the dated runs live in docs/history/, linked from it."""
    page = (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    assert len(page.splitlines()) < 300
    assert "## Summary" in page and "history/" in page
    for bench in ("engine.py", "db.py", "bot_load.py", "picture.py", "ai_strength.py", "vs_uct.py",
                  "ai_times.py", "analysis.py"):
        assert f"bench/{bench}" in page, bench
    links = re.findall(r"\]\((history/[^)]+)\)", page)
    assert links and all((ROOT / "docs" / link).is_file() for link in links)
