"""Discord Markdown in player-given text."""

from __future__ import annotations

import re

from dokobot.text.i18n import computer_words

_MD = re.compile(r"([\\*_`~|>#\[\]()])")


def esc(name: str, lang: str | None = None) -> str:
    """A player's name with Markdown switched off; with ``lang``, a computer's level in the
    reader's words."""
    return _MD.sub(r"\\\1", computer_words(name, lang) if lang else name)
