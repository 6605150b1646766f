"""Rule switches typed by a host: ``dulle=second_wins armut=ja solos=karo,damen``.

Parsed and checked one switch at a time, so an error names the switch in the
player's language instead of a Python message.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dokobot.engine import SWITCHES, RuleError, RuleSet
from dokobot.table.store import TableSettings

# Switches that need table features the bot does not offer yet: not settable.
UNSETTABLE: tuple[str, ...] = ()
_TRUE = ("true", "ja", "yes", "an", "on")
_FALSE = ("false", "nein", "no", "aus", "off")
_LISTS = ("solos", "schmeissen", "extras", "bock")
# Table settings typed like switches (not rules of the game): see ``TableSettings``.
SETTINGS = ("turn_timeout", "on_timeout", "mentions")
MAX_TIMEOUT = 24 * 3600


SHOWN = 32  # at most this many characters of what was typed come back in an answer
MAX_DIGITS = 6  # no switch takes a bigger number; longer digit strings are no number


def shorten(text: str, limit: int = SHOWN) -> str:
    """What a player typed, cut to ``limit`` characters for an answer."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass(frozen=True)
class SwitchError(Exception):
    """``key`` is an i18n key (``err.switch_unknown`` / ``err.switch_value`` / ``err.switch_syntax``).

    ``name`` and ``value`` are already cut to a few dozen characters: the
    answer never repeats a long input."""

    key: str
    name: str
    value: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", shorten(self.name))
        object.__setattr__(self, "value", shorten(self.value))


def parse(text: str) -> dict[str, Any]:
    """``name=value`` pairs separated by spaces; lists with commas; booleans ja/nein or true/false."""
    out: dict[str, Any] = {}
    for token in text.split():
        name, sep, raw = token.partition("=")
        name = name.strip().lower()
        if not sep or not name:
            raise SwitchError("err.switch_syntax", token)
        if (name not in SWITCHES and name not in SETTINGS) or name in UNSETTABLE:
            raise SwitchError("err.switch_unknown", name)
        out[name] = _value(name, raw.strip())
    return out


# Switches of the channel's look, not of its rules: they change no game, so they
# apply at once (even during a game) and are stored with the channel's prefs.
LOOK = ("bilder",)


def split_look(text: str) -> tuple[dict[str, Any], str]:
    """Take ``bilder=ja|nein`` (pictures of the table) out of ``text``; the rest are rule switches."""
    look: dict[str, Any] = {}
    rest = []
    for token in text.split():
        name, sep, raw = token.partition("=")
        if sep and name.strip().lower() in LOOK:
            low = raw.strip().lower()
            if low not in _TRUE + _FALSE:
                raise SwitchError("err.switch_value", name.strip().lower(), raw.strip())
            look[name.strip().lower()] = low in _TRUE
        else:
            rest.append(token)
    return look, " ".join(rest)


def _value(name: str, raw: str) -> Any:
    low = raw.lower()
    if name in _LISTS:
        return [] if low in ("", "-", "keine", "none") else [v for v in low.split(",") if v]
    if low in _TRUE:
        return True
    if low in _FALSE:
        return False
    # isdecimal, not isdigit: "²" is a digit but no number int() reads
    return int(low) if low.isdecimal() and len(low) <= MAX_DIGITS else low


def build(preset: str, overrides: dict[str, Any]) -> dict[str, Any]:
    """The rules config for ``preset`` with ``overrides``; SwitchError names a bad value."""
    for name, value in overrides.items():
        try:
            RuleSet.from_config({"preset": preset, name: value})
        except (RuleError, ValueError, TypeError):
            shown = ",".join(value) if isinstance(value, list) else str(value).lower()
            raise SwitchError("err.switch_value", name, shown) from None
    return {"preset": preset, **overrides}


def split(parsed: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Parsed switches as (rule switches, table settings)."""
    rules = {k: v for k, v in parsed.items() if k not in SETTINGS}
    return rules, {k: v for k, v in parsed.items() if k in SETTINGS}


def settings(values: dict[str, Any], base: TableSettings) -> TableSettings:
    """``base`` with the typed table settings; SwitchError names a bad value."""
    timeout, on_timeout, mentions = base.turn_timeout, base.on_timeout, base.mentions
    for name, value in values.items():
        shown = str(value).lower()
        if name == "turn_timeout":
            if isinstance(value, bool) and value is False:
                value = 0  # turn_timeout=aus
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_TIMEOUT:
                raise SwitchError("err.setting_value", name, shown)
            timeout = value
        elif name == "on_timeout":
            if value not in ("wait", "computer"):
                raise SwitchError("err.setting_value", name, shown)
            on_timeout = value
        elif name == "mentions":
            if not isinstance(value, bool):
                raise SwitchError("err.setting_value", name, shown)
            mentions = value
    return TableSettings(timeout, on_timeout, mentions)
