"""Statistics: score sheet, leaderboard, a player's statistics, game records.

Everything but the sheet reads the SQLite storage (``bot.store.db``) and says
so when the bot runs without it. Game numbers are the ones the Spielliste of
the channel's table shows; ``/doko protokoll spiel:`` takes exactly those.
"""

from __future__ import annotations

import io
import logging
from typing import Any

import discord
from discord.ext import commands

from dokobot.bot.client import DokoBot, send_ephemeral
from dokobot.bot.ui import FIELD_MAX, controls_for, dynamic_view, embed, record_files
from dokobot.storage import StorageError
from dokobot.storage.rating import rating_key
from dokobot.table.sheet import Sheet, build_sheet
from dokobot.table.store import StoreError
from dokobot.text import learn as learn_words
from dokobot.text import render
from dokobot.text.i18n import contract_name, t, tn
from dokobot.text.numbers import decimal, integer, percent, signed, signed_decimal

log = logging.getLogger(__name__)

PAGE = 10  # leaderboard rows per page
SHEET_ROWS = 20  # newest games shown on the score sheet


class StatsCog(commands.Cog, name="Stats"):
    def __init__(self, bot: DokoBot) -> None:
        self.bot = bot

    async def lang(self, interaction: discord.Interaction) -> str:
        return await self.bot.lang_of(interaction)

    @property
    def db(self) -> Any:
        return getattr(self.bot.store, "db", None)

    # ---- Spielliste ------------------------------------------------------------------------

    async def send_sheet(self, interaction: discord.Interaction, size: int | None = None) -> None:
        """The Spielliste of the channel's table; after /doko schliessen that of its
        last session (until a new table opens). ``size``: only the games with that
        many players who got cards, totals over those."""
        lang = await self.lang(interaction)
        channel_id = interaction.channel_id or 0
        table = self.bot.tables.get(channel_id)
        closed = table is None
        table_id = table.table_id if table is not None else None
        if table_id is None:
            last = await self.bot.store.last_table(channel_id)
            table_id = last.table_id if last is not None else None
        if table_id is None:
            await send_ephemeral(interaction, t(lang, "err.no_table"))
            return
        finished = await self.bot.store.finished_games(table_id)
        sheet = build_sheet(finished, size)
        if not sheet.lines:
            empty = t(lang, "sheet.empty") if size is None else t(lang, "sheet.empty_size", size=size_words(lang, size))
            await send_ephemeral(interaction, empty)
            return
        marks = await table.list_marks() if table is not None else {}  # Pflichtsolo, vorgeführt
        title, body = sheet_text(sheet, lang, marks)
        running = [table.game_id] if table is not None and table.state == "playing" and table.game_id else []
        shown = {line.number for line in sheet.lines}
        hints = await self.hint_line(lang, [g.game_id for g in finished if g.number in shown] + running, sheet, table)
        if hints:
            body += "\n" + hints
        if closed:
            title += " " + t(lang, "sheet.closed")
        card = embed(title, body)
        card.set_footer(text=footer(lang, "liste", sheet.mixed))
        await interaction.response.send_message(embed=card, ephemeral=True)

    async def hint_line(self, lang: str, game_ids: list[int], sheet: Sheet, table: Any) -> str:
        """Who used how many Tipps in these games (nobody is fooled by a hinted game)."""
        try:
            hints = await self.bot.store.hints(game_ids)
        except StoreError as exc:
            log.warning("channel sheet: Tipps not readable: %s", exc)
            return ""
        used: dict[int, int] = {}
        for counts in hints.values():
            for user_id, n in counts.items():
                used[user_id] = used.get(user_id, 0) + n
        if not used:
            return ""
        names = dict(sheet.names)
        if table is not None:
            names.update({s.user_id: s.name for s in table.seats})
        parts = [f"{render.esc(names.get(u, str(u)))} {integer(n, lang)}" for u, n in used.items()]
        return t(lang, "sheet.hints", list=" · ".join(parts))

    # ---- Rangliste -------------------------------------------------------------------------

    async def send_leaderboard(
        self, interaction: discord.Interaction, period: str, order: str, size: int | None = None,
    ) -> None:
        lang = await self.lang(interaction)
        if self.db is None:
            await send_ephemeral(interaction, t(lang, "stats.no_db"))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        message = await self.leaderboard_message(interaction.channel_id or 0, period, order, 0, lang, size)
        if message is None:
            await interaction.followup.send(no_games(lang, size), ephemeral=True)
            return
        await interaction.followup.send(ephemeral=True, **message)

    async def leaderboard_message(
        self, channel_id: int, period: str, order: str, page: int, lang: str, size: int | None = None,
    ) -> dict[str, Any] | None:
        page = max(page, 0)
        board = await self.db.leaderboard(channel_id, period, order, limit=PAGE, offset=page * PAGE, size=size)
        pages = max(1, -(-board.total // PAGE))
        if page >= pages:  # fewer players than when the button was drawn: the last page
            page = pages - 1
            board = await self.db.leaderboard(channel_id, period, order, limit=PAGE, offset=page * PAGE, size=size)
        if not board.rows and not board.bots:
            return None
        title = t(lang, "stats.board", period=t(lang, "period." + period), order=t(lang, "order." + order))
        # the rating is one per channel over every size: shown where the board is not filtered on one
        skill = {r.user_id: r.rating.ordinal for r in await self.db.ratings(channel_id)} if size is None else {}
        card = embed(
            sized(title, lang, size),
            "\n".join(_row(lang, r, order, board.mixed, skill) for r in board.rows) or t(lang, "stats.no_humans"),
        )
        if board.bots:
            add_fields(card, t(lang, "stats.bots"), [_row(lang, r, order, board.mixed, skill) for r in board.bots])
        method = t(lang, "stats.method", k=board.k, prior=decimal(board.prior_ppg, lang))
        page_text = t(lang, "stats.page", page=page + 1, pages=pages)
        card.set_footer(text=f"{page_text} · {method} {footer(lang, 'rangliste', board.mixed)}")
        view = None
        if pages > 1:
            view = dynamic_view()  # stopped: discord.py keeps nothing per page message
            view.add_item(BoardPage(period, order, page - 1, "prev", size, disabled=page == 0))
            view.add_item(BoardPage(period, order, page + 1, "next", size, disabled=page >= pages - 1))
        return {"embed": card, "view": view} if view else {"embed": card}

    async def on_board_page(
        self, interaction: discord.Interaction, period: str, order: str, page: int, size: int | None = None,
    ) -> None:
        lang = await self.lang(interaction)
        if self.db is None:
            await send_ephemeral(interaction, t(lang, "stats.no_db"))
            return
        message = await self.leaderboard_message(interaction.channel_id or 0, period, order, page, lang, size)
        if message is None:
            await send_ephemeral(interaction, no_games(lang, size))
            return
        message.setdefault("view", None)
        await interaction.response.edit_message(**message)

    # ---- Statistik -------------------------------------------------------------------------

    async def send_statistics(
        self, interaction: discord.Interaction, member: discord.abc.User, size: int | None = None,
    ) -> None:
        lang = await self.lang(interaction)
        if self.db is None:
            await send_ephemeral(interaction, t(lang, "stats.no_db"))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        s = await self.db.statistics(interaction.channel_id, member.id, size=size)
        body = t(
            lang, "stats.body", games=s.games, points=signed(s.points), ppg=signed_decimal(s.ppg, lang), wins=s.wins,
            re_wins=s.re_wins, re_games=s.re_games, kontra_wins=s.kontra_wins, kontra_games=s.kontra_games,
            re_rate=percent(s.re_wins, s.re_games, lang), kontra_rate=percent(s.kontra_wins, s.kontra_games, lang),
            rate=percent(s.wins, s.games, lang),
            soli_won=s.soli_won, soli=s.soli, hochzeiten=s.hochzeiten, stille=s.stille_hochzeiten,
            ann_won=s.announcements_won, ann=s.announcements, dk=s.doppelkoepfe, fc=s.fuechse_caught,
            fl=s.fuechse_lost, karlchen=s.karlchen,
        )
        name = render.esc(getattr(member, "display_name", member.name))
        title = t(lang, "stats.title", name=name)
        card = embed(sized(title, lang, size), body)
        if s.mixed:  # points per game side by side only where they compare: per table size
            card.add_field(name=t(lang, "stats.by_size"), value="\n".join(_size_line(lang, p) for p in s.by_size), inline=False)
        card.set_footer(text=footer(lang, "statistik", s.mixed))
        files = [] if size is not None else await self.skill_chart(card, interaction.channel_id or 0, member.id, name, lang)
        await interaction.followup.send(embed=card, ephemeral=True, files=files)

    async def skill_chart(self, card: discord.Embed, channel_id: int, user_id: int, name: str, lang: str) -> list[discord.File]:
        """The player's rating beside the points, and its history as a small chart."""
        rows = {r.user_id: r for r in await self.db.ratings(channel_id)}
        row = rows.get(user_id)
        if row is None:
            return []
        r = row.rating
        card.add_field(name=t(lang, "stats.skill_field"), inline=False, value=t(
            lang, "stats.skill_body", rating=decimal(r.ordinal, lang), games=tn(lang, "count.games", r.games),
            mu=decimal(r.mu, lang), sigma=decimal(r.sigma, lang)))
        history = [h.ordinal for h in await self.db.rating_history(channel_id, user_id)]
        if len(history) < 2:
            return []
        png = learn_words.rating_picture(history, name.replace("\\", ""), lang)
        card.set_image(url="attachment://doko-skill.png")
        return [discord.File(io.BytesIO(png), filename="doko-skill.png")]

    # ---- Protokoll -------------------------------------------------------------------------

    async def send_record(self, interaction: discord.Interaction, number: int | None) -> None:
        """Finished game ``number`` of the channel's Spielliste as a dokobot-game/1 file.

        Never a running game: its record would show every hand.
        """
        lang = await self.lang(interaction)
        table = self.bot.tables.get(interaction.channel_id or 0)
        if table is not None and table.state == "playing" and number == table.game_no:
            await send_ephemeral(interaction, t(lang, "stats.running", no=number))
            return
        record, names = None, []
        if table is not None and table.last is not None and number in (None, table.last.number):
            record, number = table.last.record, table.last.number
            names = [p.name for p in table.last.players]
        elif self.db is not None:
            try:
                game_id = await self.db.find_game(interaction.channel_id, number)
                if game_id is not None:
                    record = await self.db.game_record(game_id)
                    info = await self.db.game_info(game_id)
                    number, names = info.number, [str(p.get("name", "?")) for p in info.players]
            except StorageError as exc:
                log.error("channel %s: cannot read game %s: %s", interaction.channel_id, number, exc)
                await send_ephemeral(interaction, t(lang, "err.internal"))
                return
        if record is None:
            key = "stats.no_games" if number is None else "stats.no_such_game"
            await send_ephemeral(interaction, t(lang, key, no=number))
            return
        files = record_files(record, names, number, interaction.channel_id or 0, lang)
        await interaction.response.send_message(t(lang, "rec.file", no=number), files=files, ephemeral=True)
        if number is not None:  # the game's curve follows (computed first if nobody asked before)
            await self.bot.learn.send_curve(interaction, number, lang)


class BoardPage(
    discord.ui.DynamicItem[discord.ui.Button],
    template=(
        r"doko:lb:(?P<period>alle|jahr|monat|woche):(?P<order>punkte|ppg|siege):(?P<page>-?\d+):(?P<dir>prev|next)"
        r"(?::t(?P<size>[456]))?"
    ),
):
    """◀ / ▶ of the leaderboard; works on any old leaderboard message, also after a restart.
    A table-size filter rides at the end (``:t6``); buttons from before it had none."""

    def __init__(
        self, period: str, order: str, page: int, direction: str, size: int | None = None, *, disabled: bool = False,
    ) -> None:
        label = "◀" if direction == "prev" else "▶"
        tail = "" if size is None else f":t{size}"
        super().__init__(discord.ui.Button(
            custom_id=f"doko:lb:{period}:{order}:{page}:{direction}{tail}", label=label,
            style=discord.ButtonStyle.secondary, disabled=disabled,
        ))
        self.period, self.order, self.page, self.size = period, order, page, size

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: Any) -> BoardPage:
        size = int(match["size"]) if match["size"] else None
        return cls(match["period"], match["order"], int(match["page"]), match["dir"], size)

    async def callback(self, interaction: discord.Interaction) -> None:
        controls = await controls_for(interaction)
        if controls is not None:
            await controls.on_board_page(interaction, self.period, self.order, self.page, self.size)


def _row(lang: str, r: Any, order: str, mixed: bool = False, skill: dict[int, float] | None = None) -> str:
    text = t(lang, "stats.row", rank=r.rank, name=render.esc(r.name),
             points=tn(lang, "count.points", r.points, sign=True), games=tn(lang, "count.games", r.games),
             ppg=signed_decimal(r.ppg, lang), wins=tn(lang, "count.wins", r.wins))
    key = rating_key({"user_id": r.user_id, "name": r.name, "is_bot": r.is_bot})  # a computer: its level
    if skill and key in skill:  # the team rating beside the points
        text += " · " + t(lang, "stats.skill", rating=decimal(skill[key], lang))
    if order == "ppg":
        text += " · " + t(lang, "stats.rating", rating=signed_decimal(r.rating, lang))
    if mixed:  # the board sums several table sizes: each size's points per game beneath
        parts = " · ".join(
            f"{size_words(lang, p.size)} {signed_decimal(p.ppg, lang)} ({tn(lang, 'count.games', p.games)})"
            for p in r.by_size
        )
        text += "\n" + t(lang, "stats.size_row", list=parts)
    return text


def add_fields(card: discord.Embed, name: str, lines: list[str]) -> None:
    """Lines under one heading, in as many fields as Discord's 1,024 characters per
    field need (whole lines each): every computer player with its sizes must fit."""
    parts: list[str] = []
    for line in lines:
        if parts and len(parts[-1]) + 1 + len(line) <= FIELD_MAX:
            parts[-1] += "\n" + line
        else:
            parts.append(line[:FIELD_MAX])
    for i, part in enumerate(parts):
        card.add_field(name=name if i == 0 else "\u200b", value=part, inline=False)


def _size_line(lang: str, p: Any) -> str:
    return t(
        lang, "stats.size_line", size=size_words(lang, p.size), games=tn(lang, "count.games", p.games),
        points=tn(lang, "count.points", p.points, sign=True), ppg=signed_decimal(p.ppg, lang),
        wins=tn(lang, "count.wins", p.wins), rate=percent(p.wins, p.games, lang),
    )


def size_words(lang: str, size: int) -> str:
    """A table size as players say it: zu viert, zu fünft, zu sechst."""
    return t(lang, f"size.{size}")


def sized(title: str, lang: str, size: int | None) -> str:
    """A title, with the table size it is filtered on ("Rangliste · zu sechst")."""
    return title if size is None else f"{title} · {size_words(lang, size)}"


def no_games(lang: str, size: int | None) -> str:
    return t(lang, "stats.no_games") if size is None else t(lang, "stats.no_games_size", size=size_words(lang, size))


def footer(lang: str, command: str, mixed: bool) -> str:
    """The redeal rule; where several table sizes are summed, how to see one size alone."""
    text = t(lang, "stats.redeal_rule")
    if mixed:
        name = f"/doko {t(lang, 'name.' + command)} {t(lang, 'opt.tisch')}:"
        text += " " + t(lang, "stats.mixed_note", command=name)
    return text


def sheet_text(sheet: Sheet, lang: str, marks: dict[int, str] | None = None) -> tuple[str, str]:
    """The Spielliste: per game its number, contract, everyone's points and (in
    brackets) running total; at the end the games each person played. In a list a
    Pflichtsolo and a vorgeführtes Solo are marked (``marks``: game number -> kind)."""
    marks = marks or {}
    rows = sheet.lines[-SHEET_ROWS:]
    lines = [tn(lang, "sheet.older", len(sheet.lines) - len(rows))] if len(rows) < len(sheet.lines) else []
    for row in rows:
        parts = []
        for p in row.players:
            name, total = render.esc(p.name), signed(row.totals[p.user_id], lang)
            if p.user_id in row.sat_out:
                parts.append(f"{name} – ({total})")
            else:
                parts.append(f"{name} {signed(row.points[p.user_id], lang)} ({total})")
        mark = f" ({t(lang, 'sheet.' + marks[row.number])})" if row.number in marks else ""
        if sheet.mixed:  # the session changed size: each game says its own
            mark += " · " + size_words(lang, row.size)
        lines.append(f"**{row.number}.** {contract_name(lang, row.contract)}{mark}: {' · '.join(parts)}")
    played = " · ".join(f"{render.esc(sheet.names[uid])} {integer(n, lang)}" for uid, n in sheet.played.items())
    lines += ["", t(lang, "sheet.games_played", list=played)]
    if sheet.mixed:  # points per game only side by side within one size
        for size, by_player in sheet.by_size.items():
            per_game = " · ".join(
                f"{render.esc(sheet.names[uid])} {signed_decimal(points / n, lang)} ({integer(n, lang)})"
                for uid, (n, points) in by_player.items()
            )
            lines.append(t(lang, "sheet.per_game", size=size_words(lang, size), list=per_game))
    return sized(t(lang, "sheet.title", games=tn(lang, "count.games", sheet.games)), lang, sheet.size), "\n".join(lines)
