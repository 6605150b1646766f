"""The picture font ships with dokobot (issue 20): Noto Sans under dokobot/text/fonts
with its OFL licence, loaded by a file name dokobot owns. A missing font is an error,
never a silent fallback to Pillow's tiny default font."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from PIL import ImageFont

from dokobot.text import picture

ROOT = Path(__file__).resolve().parents[2]


def test_the_shipped_font_loads_in_medium_and_bold():
    assert picture.FONT_FILE.is_file() and picture.FONT_FILE.parent == ROOT / "dokobot/text/fonts"
    medium, bold = picture.font(20), picture.font(20, True)
    assert isinstance(medium, ImageFont.FreeTypeFont) and isinstance(bold, ImageFont.FreeTypeFont)
    assert medium.getname() == ("Noto Sans", "Medium") and bold.getname() == ("Noto Sans", "Bold")
    assert bold.getlength("Doppelkopf") > medium.getlength("Doppelkopf")  # the weights differ
    assert picture._has_glyph("ß") and picture._has_glyph("Ü")  # German names draw, no boxes


def test_the_layout_is_the_same_on_every_host():
    # raqm only where libraqm is installed: with it the goldens moved 9-16 bits on the
    # CI machine against a fresh Debian 12, which has no libraqm
    assert picture.font(20).layout_engine == ImageFont.Layout.BASIC
    assert picture.font(14, True).layout_engine == ImageFont.Layout.BASIC


def test_the_licence_ships_next_to_the_fonts_and_only_used_weights():
    fonts = ROOT / "dokobot/text/fonts"
    assert "SIL Open Font License" in (fonts / "OFL.txt").read_text(encoding="utf-8")
    # one upright variable file holds Medium and Bold; no italic, nothing unused
    assert sorted(p.name for p in fonts.glob("*.ttf")) == ["NotoSans[wdth,wght].ttf"]


def test_a_missing_font_is_an_error_not_a_fallback(tmp_path, monkeypatch):
    monkeypatch.setattr(picture, "FONT_FILE", tmp_path / "gone.ttf")
    picture.font.cache_clear()
    try:
        with pytest.raises(OSError):
            picture.font(20)
    finally:
        monkeypatch.undo()
        picture.font.cache_clear()
    assert picture.font(20).getname()[0] == "Noto Sans"


def test_no_code_imports_fontpkg():
    for path in (ROOT / "dokobot").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        names += [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        assert not any(name.startswith("fontpkg") for name in names), path
