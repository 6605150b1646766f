"""Statistics: score sheet, leaderboard, a player's statistics, game records.

Everything but the sheet reads the SQLite storage (``bot.store.db``) and says
so when the bot runs without it. Game numbers are the ones the Spielliste of
the channel's table shows; ``/doko protokoll spiel:`` takes exactly those.
"""

from __future__ import annotations

import io
import logging
from dataclasses import replace
from typing import Any, cast

import discord
from discord.ext import commands

from dokobot.bot.client import DokoBot, answer, send_ephemeral
from dokobot.bot.embeds import add_lines, clamp, compose, fits, units
from dokobot.bot.ui import controls_for, dynamic_view, embed, record_files
from dokobot.storage import StorageError
from dokobot.storage.rating import rating_key
from dokobot.table.sheet import Sheet, build_sheet, page_of
from dokobot.table.store import StoreError
from dokobot.table.table import Table, bock_factors
from dokobot.text import learn as learn_words
from dokobot.text import render
from dokobot.text.i18n import contract_name, t, tn
from dokobot.text.numbers import decimal, integer, percent, signed, signed_decimal

log = logging.getLogger(__name__)

PAGE = 10  # leaderboard rows per page
# Computer players stand beside the people while the page fits Discord's 6,000
# characters; else they get pages of their own, of at most this many (a
# description, with room for title and footer).
BOTS_ALONE = 4000
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
            empty = t(lang, "sheet.empty") if size is None else t(lang, "sheet.empty_size", size=size_words(lang, size))
            return {"content": empty}
        marks = await table.list_marks() if table is not None else {}  # Pflichtsolo, vorgeführt
        newest_first = page is None or page[0] == "b"
        running = [table.game_id] if table is not None and table.state == "playing" and table.game_id else []
        # Tipps used in the page's games (and the running one): nobody is fooled by a hinted game
        hints = await self.hint_line(lang, [line.game_id for line in sheet.lines] + running, sheet, table)
        card, shown = _sheet_card(sheet, lang, marks, table is None, newest_first, await self.bock_marks(table), hints)
        view = None
        if shown.earlier or shown.later:
            view = dynamic_view()  # stopped: discord.py keeps nothing per page message
            first, last = shown.lines[0].number, shown.lines[-1].number
            view.add_item(SheetPage(found, "b", first, size, disabled=not shown.earlier))
            view.add_item(SheetPage(found, "a", last, size, disabled=not shown.later))
        return {"embed": card, "view": view} if view else {"embed": card}

    async def bock_marks(self, table: Table | None) -> dict[int, int]:
        """Game number -> Bock factor, for a running table that plays Bock. Bock is a running
        state, so this replays the table's games: only where the rules have Bock at all."""
        if table is None or table.table_id is None or not table.ruleset.bock:
            return {}
        return bock_factors(await self.bot.store.finished_games(table.table_id))

    async def sheet_page(self, table_id: int, size: int | None, page: tuple[str, int] | None) -> Sheet:
        """The page from the store, at a cost independent of the table's history."""
        before, after = (page[1], None) if page and page[0] == "b" else (None, page[1] if page else None)
        paged = getattr(self.bot.store, "sheet_page", None)
        if paged is None:  # a store without pages: the whole sheet, cut here
            whole = build_sheet(await self.bot.store.finished_games(table_id), size)
            return page_of(whole, before, SHEET_ROWS, after=after)
        return cast(Sheet, await paged(table_id, size, before, SHEET_ROWS, after=after))

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
            await answer(interaction, no_games(lang, size))
            return
        await answer(interaction, **message)

    async def leaderboard_message(
        self, channel_id: int, period: str, order: str, page: int, lang: str, size: int | None = None,
    ) -> dict[str, Any] | None:
        page = max(page, 0)
        board = await self.db.leaderboard(channel_id, period, order, limit=PAGE, offset=page * PAGE, size=size)
        human_pages = max(1, -(-board.total // PAGE))
        if page >= human_pages:  # a page of computer players, or fewer people than when it was drawn
            board = await self.db.leaderboard(
                channel_id, period, order, limit=PAGE, offset=(human_pages - 1) * PAGE, size=size,
            )
        if not board.rows and not board.bots:
            return None
        title = sized(t(lang, "stats.board", period=t(lang, "period." + period), order=t(lang, "order." + order)), lang, size)
        # the rating is one per channel over every size: shown where the board is not filtered on one
        skill = {r.user_id: r.rating.ordinal for r in await self.db.ratings(channel_id)} if size is None else {}
        bots = [_row(lang, r, order, board.mixed, skill) for r in board.bots]
        people = "\n".join(_row(lang, r, order, board.mixed, skill) for r in board.rows) or t(lang, "stats.no_humans")
        # one footer per sort order: what the numbers shown are (only ppg ranks by the shrunk value)
        if order == "ppg":
            method = t(lang, "stats.method", k=board.k, prior=decimal(board.prior_ppg, lang))
        else:
            method = t(lang, "stats.method." + order)

        def page_footer(shown: int, of: int) -> str:
            page_text = t(lang, "stats.page", page=shown + 1, pages=of)
            return f"{page_text} · {method} {footer(lang, 'rangliste', board.mixed)}"

        pages = human_pages
        card = compose(title, people, page_footer(min(page, pages - 1), pages))
        if bots:
            add_lines(card, t(lang, "stats.bots"), bots)
        if fits(card):
            page = min(page, pages - 1)
        else:  # too many computer players to show beside the people: pages of their own
            alone = bot_pages(bots)
            pages += len(alone)
            page = min(page, pages - 1)
            body = people if page < human_pages else (
                f"**{t(lang, 'stats.bots')}**\n" + "\n".join(alone[page - human_pages]))
            card = compose(title, body, page_footer(page, pages))
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
        card = embed(sized(title, lang, size), body, footer(lang, "statistik", s.mixed))
        if s.mixed:  # points per game side by side only where they compare: per table size
            add_lines(card, t(lang, "stats.by_size"), [_size_line(lang, p) for p in s.by_size])
        files = [] if size is not None else await self.skill_chart(card, interaction.channel_id or 0, member.id, name, lang)
        await answer(interaction, embed=clamp(card), files=files)

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


class SheetPage(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"doko:sh:(?P<table>\d+):(?P<dir>[ab])(?P<n>\d+)(?::t(?P<size>[456]))?",
):
    """◀ / ▶ of a long Spielliste: the games before (``b``) or after (``a``) game
    number ``n`` of table ``table``; works on any old sheet message, also after a restart."""

    def __init__(
        self, table_id: int, direction: str, number: int, size: int | None = None, *, disabled: bool = False,
    ) -> None:
        tail = "" if size is None else f":t{size}"
        super().__init__(discord.ui.Button(
            custom_id=f"doko:sh:{table_id}:{direction}{number}{tail}", label="◀" if direction == "b" else "▶",
            style=discord.ButtonStyle.secondary, disabled=disabled,
        ))
        self.table_id, self.direction, self.number, self.size = table_id, direction, number, size

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: Any) -> SheetPage:
        size = int(match["size"]) if match["size"] else None
        return cls(int(match["table"]), match["dir"], int(match["n"]), size)

    async def callback(self, interaction: discord.Interaction) -> None:
        controls = await controls_for(interaction)
        if controls is not None:
            await controls.on_sheet_page(interaction, self.table_id, self.direction, self.number, self.size)


def _sheet_card(
    sheet: Sheet, lang: str, marks: dict[int, str], closed: bool, newest_first: bool,
    bock: dict[int, int] | None = None, hints: str = "",
) -> tuple[discord.Embed, Sheet]:
    """The embed of as many of the page's games as fit (long or emoji names: fewer),
    and the part of the sheet it shows."""
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
        card = compose(title, body, footer(lang, "liste", sheet.mixed))
        if fits(card) or n == 1:
            return clamp(card), shown
    raise AssertionError("a sheet page has lines")


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


def sheet_text(
    sheet: Sheet, lang: str, marks: dict[int, str] | None = None, bock: dict[int, int] | None = None,
) -> tuple[str, str]:
    """The Spielliste: per game its number, contract, everyone's points and (in
    brackets) running total; at the end the games each person played. In a list a
    Pflichtsolo and a vorgeführtes Solo are marked (``marks``: game number -> kind);
    a Bock game says its factor (``bock``: game number -> factor), its points include it."""
    marks, bock = marks or {}, bock or {}
    rows = sheet.lines[-SHEET_ROWS:]
    older = sheet.earlier + len(sheet.lines) - len(rows)  # a page of a long sheet: the games before it
    lines = [tn(lang, "sheet.older", older)] if older else []
    for row in rows:
        parts = []
        for p in row.players:
            name, total = render.esc(p.name), signed(row.totals[p.user_id], lang)
            if p.user_id in row.sat_out:
                parts.append(f"{name} – ({total})")
            else:
                parts.append(f"{name} {signed(row.points[p.user_id], lang)} ({total})")
        mark = f" ({t(lang, 'sheet.' + marks[row.number])})" if row.number in marks else ""
        if row.number in bock:
            mark += " · " + t(lang, "sheet.bock", m=bock[row.number])
        if sheet.mixed:  # the session changed size: each game says its own
            mark += " · " + size_words(lang, row.size)
        lines.append(f"**{row.number}.** {contract_name(lang, row.contract)}{mark}: {' · '.join(parts)}")
    if sheet.later:  # an earlier page: the newer games are one click away
        lines.append(tn(lang, "sheet.newer", sheet.later))
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
