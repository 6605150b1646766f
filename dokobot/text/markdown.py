"""Discord Markdown in player-given text."""

from __future__ import annotations

import re

_MD = re.compile(r"([\\*_`~|>#\[\]()])")


def esc(name: str) -> str:
    """A player's name with Markdown switched off."""
    return _MD.sub(r"\\\1", name)
