"""The Spielliste as text: a page of a table's games, and the headings the statistics
pages share (the table size a page is filtered on, the footer with the redeal rule).

Pure: typed values in, strings out. The bot puts them into embeds and asks whether
they fit Discord's limits (``dokobot.bot.embeds``); the cog only reads the store.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace

from dokobot.table.sheet import Sheet, SheetLine
from dokobot.text.i18n import contract_name, t, tn
from dokobot.text.numbers import integer, signed, signed_decimal
from dokobot.text.render import esc

SHEET_ROWS = 20  # newest games shown on the score sheet


def size_words(lang: str, size: int) -> str:
    """A table size as players say it: zu viert, zu fünft, zu sechst."""
    return t(lang, f"size.{size}")


def sized(title: str, lang: str, size: int | None) -> str:
    """A title, with the table size it is filtered on ("Rangliste · zu sechst")."""
    return title if size is None else f"{title} · {size_words(lang, size)}"


def footer(lang: str, command: str, mixed: bool) -> str:
    """The redeal rule; where several table sizes are summed, how to see one size alone."""
    text = t(lang, "stats.redeal_rule")
    if mixed:
        name = f"/doko {t(lang, 'name.' + command)} {t(lang, 'opt.tisch')}:"
        text += " " + t(lang, "stats.mixed_note", command=name)
    return text


def empty_text(lang: str, size: int | None) -> str:
    """What the sheet says before the table's first game (of that size)."""
    return t(lang, "sheet.empty") if size is None else t(lang, "sheet.empty_size", size=size_words(lang, size))


def hint_line(lang: str, used: Mapping[int, int], names: Mapping[int, str]) -> str:
    """Who used how many Tipps (``used``: user id -> Tipps; nobody is fooled by a hinted game)."""
    if not used:
        return ""
    parts = [f"{esc(names.get(u, str(u)), lang)} {integer(n, lang)}" for u, n in used.items()]
    return t(lang, "sheet.hints", list=" · ".join(parts))


def sheet_pages(
    sheet: Sheet, lang: str, marks: Mapping[int, str], closed: bool, newest_first: bool,
    bock: Mapping[int, int] | None = None, hints: str = "",
) -> Iterator[tuple[str, str, str, Sheet]]:
    """(title, body, footer, the part of the sheet shown) with all of the page's games,
    then one game fewer each, down to one: the bot shows the first that fits (long or
    emoji names: fewer). ``newest_first``: the games dropped are the oldest."""
    for n in range(len(sheet.lines), 0, -1):
        kept = sheet.lines[-n:] if newest_first else sheet.lines[:n]
        dropped = len(sheet.lines) - n
        shown = replace(
            sheet, lines=kept, earlier=sheet.earlier + (dropped if newest_first else 0),
            later=sheet.later + (0 if newest_first else dropped),
        )
        title, body = sheet_text(shown, lang, marks, bock)
        if hints:
            body += "\n" + hints
        if closed:
            title += " " + t(lang, "sheet.closed")
        yield title, body, footer(lang, "liste", sheet.mixed), shown


def sheet_text(
    sheet: Sheet, lang: str, marks: Mapping[int, str] | None = None, bock: Mapping[int, int] | None = None,
) -> tuple[str, str]:
    """The Spielliste: per game its number, contract, everyone's points and (in
    brackets) running total; at the end the games each person played. In a list a
    Pflichtsolo and a vorgeführtes Solo are marked (``marks``: game number -> kind);
    a Bock game says its factor (``bock``: game number -> factor), its points include it."""
    marks, bock = marks or {}, bock or {}
    rows = sheet.lines[-SHEET_ROWS:]
    older = sheet.earlier + len(sheet.lines) - len(rows)  # a page of a long sheet: the games before it
    lines = [tn(lang, "sheet.older", older)] if older else []
    lines += [_game_line(sheet, row, lang, marks, bock) for row in rows]
    if sheet.later:  # an earlier page: the newer games are one click away
        lines.append(tn(lang, "sheet.newer", sheet.later))
    played = " · ".join(f"{esc(sheet.names[uid], lang)} {integer(n, lang)}" for uid, n in sheet.played.items())
    lines += ["", t(lang, "sheet.games_played", list=played)]
    if sheet.mixed:  # points per game only side by side within one size
        for size, by_player in sheet.by_size.items():
            per_game = " · ".join(
                f"{esc(sheet.names[uid], lang)} {signed_decimal(points / n, lang)} ({integer(n, lang)})"
                for uid, (n, points) in by_player.items()
            )
            lines.append(t(lang, "sheet.per_game", size=size_words(lang, size), list=per_game))
    return sized(t(lang, "sheet.title", games=tn(lang, "count.games", sheet.games)), lang, sheet.size), "\n".join(lines)


def _game_line(
    sheet: Sheet, row: SheetLine, lang: str, marks: Mapping[int, str], bock: Mapping[int, int],
) -> str:
    """One game of the sheet: number, contract and its marks, everyone's points (total)."""
    parts = []
    for p in row.players:
        name, total = esc(p.name, lang), signed(row.totals[p.user_id], lang)
        if p.user_id in row.sat_out:
            parts.append(f"{name} – ({total})")
        else:
            parts.append(f"{name} {signed(row.points[p.user_id], lang)} ({total})")
    mark = f" ({t(lang, 'sheet.' + marks[row.number])})" if row.number in marks else ""
    if row.number in bock:
        mark += " · " + t(lang, "sheet.bock", m=bock[row.number])
    if sheet.mixed:  # the session changed size: each game says its own
        mark += " · " + size_words(lang, row.size)
    return f"**{row.number}.** {contract_name(lang, row.contract)}{mark}: {' · '.join(parts)}"
