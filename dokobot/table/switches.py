"""Rule switches typed by a host: ``dulle=second_wins armut=ja solos=karo,damen``.

Parsed and checked one switch at a time, so an error names the switch in the
player's language instead of a Python message.
"""

from __future__ import annotations

import dataclasses
import difflib
from dataclasses import dataclass
from typing import Any

from dokobot.engine import SWITCHES, RuleError, RuleSet, is_list_switch, switch_range, switch_values
from dokobot.engine.rules import check_switch
from dokobot.table.lists import LIST_KEYS
from dokobot.table.store import TableSettings

# Switches that need table features the bot does not offer yet: not settable.
# ``players`` is the number seated, never typed.
UNSETTABLE: tuple[str, ...] = ("players",)
_TRUE = ("true", "ja", "yes", "an", "on")
_FALSE = ("false", "nein", "no", "aus", "off")
_LISTS = ("solos", "schmeissen", "extras", "bock")
# Table settings typed like switches (not rules of the game): see ``TableSettings``.
SETTINGS = ("turn_timeout", "on_timeout", "mentions", "tipps", "kiebitz")
MAX_TIMEOUT = 24 * 3600
SETTING_VALUES: dict[str, tuple[str, ...]] = {
    "turn_timeout": (f"0..{MAX_TIMEOUT}",), "on_timeout": ("wait", "computer"), "mentions": ("ja", "nein"),
    "tipps": ("ja", "nein"), "kiebitz": ("aus", "zustimmung", "offen"),
}
# ``kiebitz`` typed in either language -> the stored mode (``aus`` / ``off`` are read as False first)
KIEBITZ_WORDS = {"zustimmung": "consent", "consent": "consent", "offen": "open", "open": "open"}


# Switches of the table, not of the engine's rules (rules.md "Lists and Pflichtsoli"):
# name -> the values offered (a number switch: examples, any whole number in ``TABLE_NUMBERS``).
TABLE_SWITCHES: dict[str, tuple[str, ...]] = {
    "list_games": ("0", "24", "30", "36"),
    "pflichtsolo": ("ja", "nein"),
}
TABLE_NUMBERS: dict[str, tuple[int, int]] = {"list_games": (0, 999)}
# Switches the engine judges together: fine_steps only with scoring doubling or plus (reading 36).
JUDGED_WITH: dict[str, tuple[str, ...]] = {"fine_steps": ("scoring",), "scoring": ("fine_steps",)}
MAX_CHOICES = 25  # Discord shows at most 25 autocomplete choices
MAX_CHOICE = 100  # characters of one choice's value

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
    allowed: str = ""  # the allowed values (or switch names), already joined for an answer

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
        if name not in names():
            near = difflib.get_close_matches(name, names(), n=4, cutoff=0.6)
            raise SwitchError("err.switch_unknown_near" if near else "err.switch_unknown", name, allowed=", ".join(near))
        out[name] = _value(name, raw.strip())
        if name in TABLE_SWITCHES:
            _check_table_switch(name, out[name], raw.strip())
    return out


def names() -> tuple[str, ...]:
    """Every switch a host may set: the engine's, the table settings, the list."""
    return tuple(n for n in SWITCHES if n not in UNSETTABLE) + SETTINGS + tuple(TABLE_SWITCHES) + LOOK


def allowed(name: str) -> tuple[str, ...]:
    """The values ``name`` takes, as typed after ``=``."""
    if name in TABLE_SWITCHES:
        return TABLE_SWITCHES[name]
    if name in SETTING_VALUES:
        return SETTING_VALUES[name]
    values, numbers = switch_values(name), switch_range(name)
    if values:
        return values
    if numbers:
        return (f"{numbers[0]}..{numbers[1]}",)
    return ("ja", "nein")  # a yes/no switch


def allowed_text(name: str) -> str:
    return ", ".join(allowed(name))


def _check_table_switch(name: str, value: Any, raw: str) -> None:
    if name in TABLE_NUMBERS:
        lo, hi = TABLE_NUMBERS[name]
        ok = isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi
        hint = f"{lo}..{hi}"
    else:
        ok, hint = isinstance(value, bool), ", ".join(TABLE_SWITCHES[name])
    if not ok:
        raise SwitchError("err.switch_value", name, raw, allowed=hint)


# English members type yes/no as on/off (their rules page says so; every form is accepted)
_ENGLISH_YES_NO = {"ja": "on", "nein": "off", "aus": "off", "zustimmung": "consent", "offen": "open"}


def complete(current: str, lang: str = "de") -> list[str]:
    """Autocomplete for the ``schalter`` option: the whole text with its last token
    completed (a switch name before ``=``, a value after it; in a list switch the
    value after the last comma). At most ``MAX_CHOICES`` choices, each the full text.
    ``lang``: the yes/no words offered (``ja``/``nein``, in English ``on``/``off``)."""
    head, _, last = current.rpartition(" ")
    prefix = head + " " if head else ""
    name, sep, typed = last.partition("=")
    name = name.strip().lower()
    if not sep:
        out = [f"{prefix}{n}=" for n in names() if n.startswith(name)]
    elif name not in names():
        return []
    else:
        done, comma, part = typed.rpartition(",")
        before = done + comma if is_list_switch(name) else ""
        part = part if is_list_switch(name) else typed
        values = [v for v in allowed(name) if ".." not in v]
        if lang == "en":
            values = [_ENGLISH_YES_NO.get(v, v) for v in values]
        if not values:  # a number switch: what was typed if it is a number, else the range
            lo, hi = allowed(name)[0].split("..")
            values = [part] if part.isdecimal() else [lo, hi]
        out = [f"{prefix}{name}={before}{v}" for v in values if v.startswith(part.lower())]
    return [c for c in out if len(c) <= MAX_CHOICE][:MAX_CHOICES]


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
        if name in TABLE_SWITCHES or name in LIST_KEYS:
            continue  # checked by ``parse``; the table keeps them apart from the engine's rules
        shown = ",".join(value) if isinstance(value, list) else str(value).lower()
        try:
            check_switch(name, value)
        except (RuleError, ValueError, TypeError):
            raise SwitchError("err.switch_value", name, shown, allowed=allowed_text(name)) from None
        together = {k: overrides[k] for k in JUDGED_WITH.get(name, ()) if k in overrides}
        try:  # a value fine alone may not go with the other switches of the same rules
            RuleSet.from_config({"preset": preset, **together, name: value})
        except RuleError as exc:
            if exc.code != "fine_steps":
                raise  # another clash (six seats without muenchen, ...): its own code says which
            raise SwitchError("err.fine_steps", name, shown) from None
        except (ValueError, TypeError):
            raise SwitchError("err.fine_steps", name, shown) from None
    return {"preset": preset, **overrides}


def split(parsed: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Parsed switches as (rule switches, table settings)."""
    rules = {k: v for k, v in parsed.items() if k not in SETTINGS}
    return rules, {k: v for k, v in parsed.items() if k in SETTINGS}


def settings(values: dict[str, Any], base: TableSettings) -> TableSettings:
    """``base`` with the typed table settings; SwitchError names a bad value."""
    fields: dict[str, Any] = {}
    for name, value in values.items():
        fields[name] = _setting(name, value)
    return dataclasses.replace(base, **fields)


def _setting(name: str, value: Any) -> Any:
    """One typed table setting as ``TableSettings`` keeps it; SwitchError names a bad value."""
    bad = SwitchError("err.setting_value", name, str(value).lower(), allowed=allowed_text(name))
    if name == "turn_timeout":
        if isinstance(value, bool) and value is False:
            value = 0  # turn_timeout=aus
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_TIMEOUT:
            raise bad
        return value
    if name == "on_timeout":
        if value not in ("wait", "computer"):
            raise bad
        return value
    if name == "kiebitz":
        if isinstance(value, bool) and not value:
            return "off"
        if not isinstance(value, str) or value not in KIEBITZ_WORDS:  # ja/on: consent or open? unclear
            raise bad
        return KIEBITZ_WORDS[value]
    if not isinstance(value, bool):  # mentions, tipps
        raise bad
    return value
