"""Statistics: score sheet, leaderboard, a player's statistics, game records.

Everything is read through the store's score book (``ScoreBook``,
``dokobot.table.scores``). Leaderboards and statistics are kept only by the
database stores (``ScoreBook.ranks``); without one the bot says so. Game numbers
are the ones the Spielliste of the channel's table shows; ``/doko protokoll
spiel:`` takes exactly those.
"""

from __future__ import annotations

import io
import logging
from typing import Any

import discord
from discord.ext import commands

from dokobot.bot.client import DokoBot
from dokobot.bot.components import BoardPage, SheetPage
from dokobot.bot.embeds import add_lines, clamp, compose, fits, units
from dokobot.bot.messages import dynamic_view, embed, record_files
from dokobot.bot.replies import answer, send_ephemeral
from dokobot.storage.rating import rating_key
from dokobot.table.scores import LeaderboardRow, ScoreBook
from dokobot.table.sheet import Sheet
from dokobot.table.store import StoreError
from dokobot.table.table import Table
from dokobot.text import learn as learn_words
from dokobot.text import render
from dokobot.text.board import (
    board_method,
    board_row,
    board_title,
    bots_heading,
    bots_text,
    no_games,
    page_footer,
    people_text,
    size_line,
    skill_text,
    statistics_body,
)
from dokobot.text.i18n import t
from dokobot.text.sheet import SHEET_ROWS, empty_text, footer, hint_line, sheet_pages, sized

log = logging.getLogger(__name__)

PAGE = 10  # leaderboard rows per page
# Computer players stand beside the people while the page fits Discord's 6,000
# characters; else they get pages of their own, of at most this many (a
# description, with room for title and footer).
BOTS_ALONE = 4000


class StatsCog(commands.Cog, name="Stats"):
    def __init__(self, bot: DokoBot) -> None:
        self.bot = bot

    async def lang(self, interaction: discord.Interaction) -> str:
        return await self.bot.lang_of(interaction)

    @property
    def book(self) -> ScoreBook:
        return self.bot.store

    # ---- Spielliste ------------------------------------------------------------------------

    async def send_sheet(self, interaction: discord.Interaction, size: int | None = None) -> None:
        """The Spielliste of the channel's table; after /doko schliessen that of its
        last session (until a new table opens). ``size``: only the games with that
        many players who got cards, totals over those. Deferred first: the database
        answers in bounded time, but on a busy host not always within Discord's 3 s."""
        lang = await self.lang(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        message = await self.sheet_message(interaction.channel_id or 0, lang, size)
        await answer(interaction, **message)

    async def sheet_message(
        self, channel_id: int, lang: str, size: int | None, page: tuple[str, int] | None = None,
        table_id: int | None = None,
    ) -> dict[str, Any]:
        """A page of the sheet as message keywords (``content`` alone when there is none).
        ``page``: ("b", n) the games before number n, ("a", n) those after it; None: the newest."""
        table = self.bot.tables.get(channel_id)
        found = await self.bot.channel_table_id(channel_id)
        if found is None:
            return {"content": t(lang, "err.no_table")}
        if table_id is not None and table_id != found:  # a button of an earlier table of the channel
            return {"content": t(lang, "err.stale")}
        sheet = await self.sheet_page(found, size, page)
        if not sheet.lines:
            return {"content": empty_text(lang, size)}
        marks = await table.list_marks() if table is not None else {}  # Pflichtsolo, vorgeführt
        newest_first = page is None or page[0] == "b"
        running = [table.game_id] if table is not None and table.state == "playing" and table.game_id else []
        # Tipps used in the page's games (and the running one): nobody is fooled by a hinted game
        hints = await self.hint_line(lang, [line.game_id for line in sheet.lines] + running, sheet, table)
        card, shown = _sheet_card(sheet, lang, marks, table is None, newest_first, _bock_marks(table, sheet), hints)
        view = None
        if shown.earlier or shown.later:
            view = dynamic_view()  # stopped: discord.py keeps nothing per page message
            first, last = shown.lines[0].number, shown.lines[-1].number
            view.add_item(SheetPage(found, "b", first, size, disabled=not shown.earlier))
            view.add_item(SheetPage(found, "a", last, size, disabled=not shown.later))
        return {"embed": card, "view": view} if view else {"embed": card}

    async def sheet_page(self, table_id: int, size: int | None, page: tuple[str, int] | None) -> Sheet:
        """The page from the score book, at a cost independent of the table's history."""
        before, after = (page[1], None) if page and page[0] == "b" else (None, page[1] if page else None)
        return await self.book.sheet_page(table_id, size, before, SHEET_ROWS, after=after)

    async def on_sheet_page(
        self, interaction: discord.Interaction, table_id: int, direction: str, number: int, size: int | None,
    ) -> None:
        """A page button of the sheet: the clicked message shows the other page."""
        lang = await self.lang(interaction)
        message = await self.sheet_message(interaction.channel_id or 0, lang, size, (direction, number), table_id)
        if "embed" not in message:
            await send_ephemeral(interaction, message["content"])
            return
        message.setdefault("view", None)
        await interaction.response.edit_message(**message)

    async def hint_line(self, lang: str, game_ids: list[int], sheet: Sheet, table: Table | None) -> str:
        """Who used how many Tipps in these games (nobody is fooled by a hinted game)."""
        try:
            hints = await self.book.hints(game_ids)
        except StoreError as exc:
            log.warning("channel sheet: Tipps not readable: %s", exc)
            return ""
        used: dict[int, int] = {}
        for counts in hints.values():
            for user_id, n in counts.items():
                used[user_id] = used.get(user_id, 0) + n
        names = dict(sheet.names)
        if table is not None:
            names.update({s.user_id: s.name for s in table.seats})
        return hint_line(lang, used, names)

    # ---- Rangliste -------------------------------------------------------------------------

    async def send_leaderboard(
        self, interaction: discord.Interaction, period: str, order: str, size: int | None = None,
    ) -> None:
        lang = await self.lang(interaction)
        if not self.book.ranks:
            await send_ephemeral(interaction, t(lang, "stats.no_db"))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        message = await self.leaderboard_message(interaction.channel_id or 0, period, order, 0, lang, size)
        if message is None:
            await answer(interaction, no_games(lang, size))
            return
        await answer(interaction, **message)

    async def leaderboard_message(
        self, channel_id: int, period: str, order: str, page: int, lang: str, size: int | None = None,
    ) -> dict[str, Any] | None:
        page = max(page, 0)
        board = await self.book.leaderboard(channel_id, period, order, limit=PAGE, offset=page * PAGE, size=size)
        human_pages = max(1, -(-board.total // PAGE))
        if page >= human_pages:  # a page of computer players, or fewer people than when it was drawn
            board = await self.book.leaderboard(
                channel_id, period, order, limit=PAGE, offset=(human_pages - 1) * PAGE, size=size,
            )
        if not board.rows and not board.bots:
            return None
        title = board_title(lang, period, order, size)
        # the rating is one per channel over every size: shown where the board is not filtered on one
        skill = {r.user_id: r.rating.ordinal for r in await self.book.ratings(channel_id)} if size is None else {}
        bots = [board_row(lang, r, order, board.mixed, _skill(r, skill)) for r in board.bots]
        people = people_text(lang, [board_row(lang, r, order, board.mixed, _skill(r, skill)) for r in board.rows])
        method = board_method(lang, order, board.k, board.prior_ppg)
        pages = human_pages
        card = compose(title, people, page_footer(lang, method, board.mixed, min(page, pages - 1), pages, bool(skill)))
        if bots:
            add_lines(card, bots_heading(lang), bots)
        if fits(card):
            page = min(page, pages - 1)
        else:  # too many computer players to show beside the people: pages of their own
            alone = bot_pages(bots)
            pages += len(alone)
            page = min(page, pages - 1)
            body = people if page < human_pages else bots_text(lang, alone[page - human_pages])
            card = compose(title, body, page_footer(lang, method, board.mixed, page, pages, bool(skill)))
        card = clamp(card)
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
        if not self.book.ranks:
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
        if not self.book.ranks:
            await send_ephemeral(interaction, t(lang, "stats.no_db"))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        s = await self.book.statistics(interaction.channel_id or 0, member.id, size=size)
        shown = getattr(member, "display_name", member.name)
        name = render.esc(shown)
        title = t(lang, "stats.title", name=name)
        card = embed(sized(title, lang, size), statistics_body(lang, s), footer(lang, "statistik", s.mixed))
        if s.mixed:  # points per game side by side only where they compare: per table size
            add_lines(card, t(lang, "stats.by_size"), [size_line(lang, p) for p in s.by_size])
        files = [] if size is not None else await self.skill_chart(card, interaction.channel_id or 0, member.id, shown, lang)
        await answer(interaction, embed=clamp(card), files=files)

    async def skill_chart(self, card: discord.Embed, channel_id: int, user_id: int, name: str, lang: str) -> list[discord.File]:
        """The player's rating beside the points, and its history as a small chart (``name`` as
        it is: the picture draws no Markdown)."""
        rows = {r.user_id: r for r in await self.book.ratings(channel_id)}
        row = rows.get(user_id)
        if row is None:
            return []
        r = row.rating
        field, value = skill_text(lang, r.ordinal, r.games)
        card.add_field(name=field, inline=False, value=value)
        history = [h.ordinal for h in await self.book.rating_history(channel_id, user_id)]
        if len(history) < 2:
            return []
        png = learn_words.rating_picture(history, name, lang)
        card.set_image(url="attachment://doko-skill.png")
        return [discord.File(io.BytesIO(png), filename="doko-skill.png",
                             description=learn_words.rating_alt(history, name, lang))]

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
        record: dict[str, Any] | None = None
        names: list[str] = []
        if table is not None and table.last is not None and number in (None, table.last.number):
            record, number = table.last.record, table.last.number
            names = [p.name for p in table.last.players]
        else:
            try:
                booked = await self.book.booked_record(interaction.channel_id or 0, number)
            except StoreError as exc:
                log.error("channel %s: cannot read game %s: %s", interaction.channel_id, number, exc)
                await send_ephemeral(interaction, t(lang, "err.internal"))
                return
            if booked is not None:
                record, number, names = booked.record, booked.number, list(booked.names)
        if record is None:
            key = "stats.no_games" if number is None else "stats.no_such_game"
            await send_ephemeral(interaction, t(lang, key, no=number))
            return
        files = record_files(record, names, number, interaction.channel_id or 0, lang)
        await interaction.response.send_message(t(lang, "rec.file", no=number), files=files, ephemeral=True)
        if number is not None:  # the game's curve follows (computed first if nobody asked before)
            await self.bot.learn.send_curve(interaction, number, lang)


def _bock_marks(table: Table | None, sheet: Sheet) -> dict[int, int]:
    """Game number -> Bock factor of the page's games, for a running table that plays Bock
    (stored with each game: nothing is replayed)."""
    if table is None or table.table_id is None or not table.ruleset.bock:
        return {}
    return sheet.bock


def _sheet_card(
    sheet: Sheet, lang: str, marks: dict[int, str], closed: bool, newest_first: bool,
    bock: dict[int, int] | None = None, hints: str = "",
) -> tuple[discord.Embed, Sheet]:
    """The embed of as many of the page's games as fit (long or emoji names: fewer),
    and the part of the sheet it shows."""
    for title, body, foot, shown in sheet_pages(sheet, lang, marks, closed, newest_first, bock, hints):
        card = compose(title, body, foot)
        if fits(card) or len(shown.lines) == 1:
            return clamp(card), shown
    raise AssertionError("a sheet page has lines")


def _skill(r: LeaderboardRow, skill: dict[int, float]) -> float | None:
    """The team rating of the row's player (a computer: of its level), if rated."""
    return skill.get(rating_key({"user_id": r.user_id, "name": r.name, "is_bot": r.is_bot}))


def bot_pages(lines: list[str]) -> list[list[str]]:
    """The computer players' rows on pages of their own, each within one message's limits."""
    pages: list[list[str]] = [[]]
    used = 0
    for line in lines:
        if pages[-1] and used + 1 + units(line) > BOTS_ALONE:
            pages.append([])
            used = 0
        pages[-1].append(line)
        used += 1 + units(line)
    return pages
