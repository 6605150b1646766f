"""``/doko hilfe`` (``/doko help``): what the bot does, its commands, how to start.

The list of commands is read from the command tree itself, in the member's
language (``name.<command>`` / ``cmd.<command>`` of the catalogue), so a new
command shows up here without touching this file.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from dokobot.text.i18n import has, t

FIELD_LIMIT = 1024  # Discord: a field's value


def _name(lang: str, command: app_commands.Command[Any, ..., Any] | app_commands.Group | app_commands.ContextMenu) -> str:
    key = f"name.{command.name}"
    return t(lang, key) if has(key) else command.name


def _description(lang: str, command: app_commands.Command[Any, ..., Any] | app_commands.Group) -> str:
    key = f"cmd.{command.name}"
    return t(lang, key) if has(key) else command.description


def _chunks(lines: list[str], limit: int = FIELD_LIMIT) -> list[str]:
    """Lines joined into field values of at most ``limit`` characters, never a line split."""
    out: list[str] = []
    for line in lines:
        if out and len(out[-1]) + 1 + len(line) <= limit:
            out[-1] += "\n" + line
        else:
            out.append(line[:limit])
    return out


def help_embed(tree: app_commands.CommandTree, lang: str, guide_url: str = "") -> discord.Embed:
    group = next(c for c in tree.get_commands() if isinstance(c, app_commands.Group) and c.name == "doko")
    doko = _name(lang, group)
    by_name = {c.name: c for c in group.commands}

    def slash(name: str) -> str:
        return f"`/{doko} {_name(lang, by_name[name])}`"

    start = t(lang, "help.start", tisch=slash("tisch"), hand=slash("hand"), join=t(lang, "btn.join"),
              add=t(lang, "btn.add_computer"), start=t(lang, "btn.start"), cards=t(lang, "btn.hand"))
    embed = discord.Embed(title=t(lang, "help.title"), description=t(lang, "help.about"), colour=0x1E6E3A)
    embed.add_field(name=t(lang, "help.start_title"), value=start, inline=False)
    lines = [f"{slash(c.name)}: {_description(lang, c)}" for c in group.commands]
    for i, value in enumerate(_chunks(lines)):
        embed.add_field(name=t(lang, "help.commands_title" if i == 0 else "help.commands_more"), value=value, inline=False)
    announce = " ".join(f"`/{_name(lang, c)}`" for c in tree.get_commands() if not isinstance(c, app_commands.Group))
    if announce:
        embed.add_field(name=t(lang, "help.announce_title"), value=t(lang, "help.announce", commands=announce), inline=False)
    guide = f"[docs/playing.md]({guide_url})" if guide_url else "`docs/playing.md`"
    embed.add_field(name=t(lang, "help.guide_title"), value=t(lang, "help.guide", guide=guide), inline=False)
    embed.set_footer(text=t(lang, "help.footer", regeln=f"/{doko} {_name(lang, by_name['regeln'])}",
                            sprache=f"/{doko} {_name(lang, by_name['sprache'])}"))
    return embed
