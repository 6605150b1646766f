"""Every embed the bot sends is built here, within Discord's limits.

Discord refuses a message (400, code 50035) when one part of an embed or the
total of all its embeds is too long, and counts lengths in UTF-16 code
units: a character outside the Basic Multilingual Plane (most emoji, e.g. in
a display name) counts 2. ``build`` spreads a long body over description and
fields (whole lines each); ``fits`` tells a caller whether a page is small
enough, so what does not fit goes on another page (the score sheet and the
leaderboard page with buttons); ``clamp`` is the last guard: it cuts
whatever still would be refused, with a warning in the log.
"""

from __future__ import annotations

import logging

import discord

log = logging.getLogger(__name__)

TITLE, DESCRIPTION, FIELDS, FIELD_NAME, FIELD_VALUE = 256, 4096, 25, 256, 1024
FOOTER, AUTHOR, TOTAL, EMBEDS = 2048, 256, 6000, 10  # TOTAL: over all embeds of one message
BLANK = "\u200b"  # a field needs a name: an invisible one continues the one above
COLOUR = discord.Colour(0x2E7D32)  # card-table green
ELLIPSIS = "…"


def units(text: str | None) -> int:
    """A length as Discord counts it: UTF-16 code units."""
    return len(text.encode("utf-16-le")) // 2 if text else 0


def cut(text: str, limit: int) -> str:
    """``text`` within ``limit`` UTF-16 units; a cut one ends in "…" (never half an emoji)."""
    if units(text) <= limit:
        return text
    out, used = [], units(ELLIPSIS)
    for ch in text:
        used += units(ch)
        if used > limit:
            break
        out.append(ch)
    return "".join(out) + ELLIPSIS


def size(card: discord.Embed) -> int:
    """The embed's characters as Discord sums them for the 6,000 of a message."""
    return (units(card.title) + units(card.description) + units(card.footer.text) + units(card.author.name)
            + sum(units(f.name) + units(f.value) for f in card.fields))


def fits(*cards: discord.Embed) -> bool:
    """Every part of every embed and their total within Discord's limits."""
    if len(cards) > EMBEDS or sum(size(c) for c in cards) > TOTAL:
        return False
    return all(
        units(c.title) <= TITLE and units(c.description) <= DESCRIPTION and units(c.footer.text) <= FOOTER
        and units(c.author.name) <= AUTHOR and len(c.fields) <= FIELDS
        and all(units(f.name) <= FIELD_NAME and units(f.value) <= FIELD_VALUE for f in c.fields)
        for c in cards
    )


def build(title: str, body: str, footer: str | None = None) -> discord.Embed:
    """An embed; a body longer than a description may be goes on in fields, whole lines each."""
    return clamp(compose(title, body, footer))


def compose(title: str, body: str, footer: str | None = None) -> discord.Embed:
    """``build`` without the last guard: a pager asks ``fits`` of it to know how much goes on a page."""
    card = discord.Embed(title=cut(title, TITLE), colour=COLOUR)
    if units(body) <= DESCRIPTION:
        card.description = body
    else:
        parts = _chunks(body.split("\n"), DESCRIPTION)
        card.description = parts[0]
        for part in _chunks("\n".join(parts[1:]).split("\n"), FIELD_VALUE) if len(parts) > 1 else []:
            card.add_field(name=BLANK, value=part or BLANK, inline=False)
    if footer:
        card.set_footer(text=footer)
    return card


def add_lines(card: discord.Embed, name: str, lines: list[str]) -> None:
    """Lines under one heading, in as many fields as Discord's 1,024 units per field need
    (whole lines each)."""
    for i, part in enumerate(_chunks(lines, FIELD_VALUE)):
        card.add_field(name=cut(name, FIELD_NAME) if i == 0 else BLANK, value=part or BLANK, inline=False)


def _chunks(lines: list[str], limit: int) -> list[str]:
    """Whole lines joined into parts of at most ``limit`` units (a longer line is cut)."""
    parts: list[str] = []
    used = 0
    for line in lines:
        line = cut(line, limit)
        if parts and used + 1 + units(line) <= limit:
            parts[-1] += "\n" + line
            used += 1 + units(line)
        else:
            parts.append(line)
            used = units(line)
    return parts


def clamp(card: discord.Embed) -> discord.Embed:
    """The last guard: cut each part to its limit and drop trailing fields past the
    total. Pages are built to fit (``fits``); this only keeps a mistake from
    costing the whole message."""
    if fits(card):
        return card
    log.warning("an embed beyond Discord's limits was cut (%d characters, %d fields)", size(card), len(card.fields))
    if card.title:
        card.title = cut(card.title, TITLE)
    if card.description:
        card.description = cut(card.description, DESCRIPTION)
    if card.footer.text:
        card.set_footer(text=cut(card.footer.text, FOOTER), icon_url=card.footer.icon_url)
    fields = [(cut(f.name or BLANK, FIELD_NAME), cut(f.value or BLANK, FIELD_VALUE), f.inline) for f in card.fields]
    card.clear_fields()
    for name, value, inline in fields[:FIELDS]:
        card.add_field(name=name, value=value, inline=inline)
    while card.fields and size(card) > TOTAL:
        card.remove_field(len(card.fields) - 1)
    if size(card) > TOTAL and card.description:
        room = TOTAL - (size(card) - units(card.description))
        card.description = cut(card.description, max(room, 1))
    return card
