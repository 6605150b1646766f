"""The rules page that fits a phone, and the public line when the rules change.

The short page names the preset, then only what differs from it, in the game's words (no
switch values in code); every rule with its explanation is one click away (``render.rules_page``).
"""

from __future__ import annotations

from dokobot.engine import SWITCHES, RuleSet
from dokobot.table.store import TableSettings
from dokobot.table.table import MAX_SEATS, Table
from dokobot.text.i18n import t, tn
from dokobot.text.render import (
    changed_switches,
    preset_name,
    preset_words,
    setting_words,
    size_line,
    switch_value,
)

DEFAULT_SETTINGS = TableSettings()


def shown_rules(table: Table) -> RuleSet:
    """The rules the page shows: the running game's, else those of the size seated."""
    if table.state == "playing" and table.game is not None:
        return table.game.rules
    n = len(table.seats)
    return table.game_rules(n) if 4 <= n <= MAX_SEATS else table.ruleset


def rules_summary(table: Table, lang: str | None, images: bool = True) -> tuple[str, str]:
    """The table's short rules page (title, body)."""
    return summary_page(shown_rules(table), table.settings, lang, table.list_settings.games, table.pflicht_on,
                        images, size_line(table, lang))


def summary_page(r: RuleSet, settings: TableSettings, lang: str | None, list_games: int = 0,
                 pflichtsolo: bool = False, images: bool = True, size: str | None = None) -> tuple[str, str]:
    """The preset's name, then each switch and table setting that differs from it (with the
    preset's value), the size line, and where the full list is."""
    changes = [t(lang, "rules.change", label=t(lang, f"switch.{name}"), switch=name, value=switch_value(r, name, lang),
                 default=switch_value(_preset(r), name, lang)) for name in changed_switches(r)]
    changes += _table_lines(settings, lang, list_games, pflichtsolo, images)
    words = preset_words(r.preset, lang)
    lines = [t(lang, "rules.changed", preset=words), *changes] if changes else [t(lang, "rules.unchanged", preset=words)]
    if size is None:
        size = t(lang, "lobby.five_all" if r.five == "all_play" else "lobby.five")
    lines += [size, "", t(lang, "rules.all_hint"), t(lang, "rules.how")]
    return t(lang, "rules.title", preset=preset_name(lang, r.preset)), "\n".join(lines)


def _preset(r: RuleSet) -> RuleSet:
    """The preset ``r`` starts from, at ``r``'s number of players (the size line says it)."""
    return RuleSet.from_config({"preset": r.preset, "players": r.players})


def _table_lines(settings: TableSettings, lang: str | None, list_games: int, pflichtsolo: bool,
                 images: bool) -> list[str]:
    """The table's list and its settings, where they are not the defaults."""
    lines = []
    if list_games:
        value = tn(lang, "count.games", list_games) + (", " + t(lang, "rules.pflichtsolo") if pflichtsolo else "")
        lines.append(t(lang, "rules.setting", label=t(lang, "rules.sw.list_games"), switch="list_games", value=value))
    now = setting_words(settings, lang, images)
    default = setting_words(DEFAULT_SETTINGS, lang, True)
    lines += [t(lang, "rules.setting", label=t(lang, f"setting.{name}"), switch=name, value=value)
              for name, (value, _) in now.items() if value != default[name][0]]
    return lines


def rules_change_text(name: str, old: RuleSet, new: RuleSet, lang: str | None,
                      before: TableSettings | None = None, after: TableSettings | None = None) -> str | None:
    """The public line after the host changed the rules: who, and each change with what it was;
    None when nothing changed (the same rules set again)."""
    changes = []
    if old.preset != new.preset:
        changes.append(_was(lang, t(lang, "rules.sw.preset"), preset_words(new.preset, lang),
                            preset_words(old.preset, lang)))
    changes += [_was(lang, t(lang, f"switch.{s}"), switch_value(new, s, lang), switch_value(old, s, lang))
                for s in SWITCHES if s != "players" and getattr(old, s) != getattr(new, s)]
    if before is not None and after is not None:
        was, now = setting_words(before, lang), setting_words(after, lang)
        changes += [_was(lang, t(lang, f"setting.{s}"), now[s][0], was[s][0]) for s in now if now[s][0] != was[s][0]]
    if not changes:
        return None
    return t(lang, "notice.rules_changed", name=name, list="; ".join(changes))


def _was(lang: str | None, label: str, value: str, was: str) -> str:
    return t(lang, "notice.rules_change", label=label, value=value, was=was)
