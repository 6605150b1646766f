"""The play area: the private hand ("Meine Karten") and everything clicked in it."""

from __future__ import annotations

import logging
from typing import Any, cast

import discord
from discord.ext import commands

from dokobot.bot.changes import perform
from dokobot.bot.client import DokoBot
from dokobot.bot.components import Click
from dokobot.bot.messages import hand_message, ksolo_message, schwein_message
from dokobot.bot.replies import send_ephemeral
from dokobot.engine.actions import ArmutGive, Move, Play
from dokobot.table.store import StoreError
from dokobot.table.table import Table
from dokobot.text.controls import AskKsolo, AskSchwein, GiveTrumps, Intent
from dokobot.text.i18n import t

log = logging.getLogger(__name__)


class PlayCog(commands.Cog, name="Play"):
    def __init__(self, bot: DokoBot) -> None:
        self.bot = bot

    async def lang(self, interaction: discord.Interaction) -> str:
        return await self.bot.lang_of(interaction)

    async def _my_seat(self, interaction: discord.Interaction, lang: str) -> tuple[Table, int] | None:
        """The table of this channel and the clicker's seat there; None (with the reason said)."""
        table = self.bot.tables.get(interaction.channel_id or 0)
        if table is None:
            await send_ephemeral(interaction, t(lang, "err.no_table"))
            return None
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            await send_ephemeral(interaction, t(lang, "err.not_seated"))
            return None
        return table, seat

    async def send_hand(self, interaction: discord.Interaction, game_no: int | None) -> None:
        """Open a fresh private hand view; always possible, whatever expired before."""
        lang = await self.lang(interaction)
        found = await self._my_seat(interaction, lang)
        if found is None:
            return
        table, seat = found
        if table.broken:
            await send_ephemeral(interaction, t(lang, "err.broken"))
            return
        if table.game is None or table.state not in ("playing", "between"):
            await send_ephemeral(interaction, t(lang, "err.no_game"))
            return
        if game_no is not None and game_no != table.game_no:
            await send_ephemeral(interaction, t(lang, "err.stale"))
            return
        if interaction.user.id in table.away:  # any click: the computer gives the seat back
            try:
                await table.come_back(interaction.user.id)
            except StoreError as exc:  # the computer keeps playing; the hand still opens
                log.warning("table %s: could not give a seat back: %s", table.channel_id, exc)
            self.bot.presenter(table).update()
        deck = await self.bot.user_deck(interaction.user.id)
        message = _without_embed(hand_message(table, seat, lang, deck))
        sent = await interaction.response.send_message(ephemeral=True, **message)
        self.bot.presenter(table).open_hand(interaction.user.id, interaction, sent.message_id, message["content"])

    async def check_owner(self, interaction: discord.Interaction, seat: int) -> bool:
        """interaction_check of the hand items: the table of this channel is open, this
        is the clicker's seat, and the click came from a private hand."""
        if not _private(interaction):
            # a hand button forged onto the public table message: never make it a hand
            await send_ephemeral(interaction, t(await self.lang(interaction), "err.stale"))
            return False
        table = self.bot.tables.get(interaction.channel_id or 0)
        if table is None:
            await send_ephemeral(interaction, t(await self.lang(interaction), "err.no_table"))
            return False
        own = table.seat_of(interaction.user.id)
        if own is None:
            await send_ephemeral(interaction, t(await self.lang(interaction), "err.not_seated"))
            return False
        if own != seat:
            await send_ephemeral(interaction, t(await self.lang(interaction), "err.stale"))
            return False
        return True

    async def ask_schwein(self, interaction: discord.Interaction, game_no: int) -> None:
        """The ♦A button when a Schwein may be played: a private question with two
        buttons ("als Schwein" / "als Fuchs"); the answer is played like any card."""
        lang = await self.lang(interaction)
        found = await self._seat_in_game(interaction, game_no, lang)
        if found is not None:
            await interaction.response.send_message(ephemeral=True, **schwein_message(*found, lang))

    async def ask_ksolo(self, interaction: discord.Interaction, game_no: int, ask: AskKsolo) -> None:
        """A kleines Solo at six that names its form or card: the choices in a private question."""
        lang = await self.lang(interaction)
        found = await self._seat_in_game(interaction, game_no, lang)
        if found is not None:
            table, seat = found
            await interaction.response.send_message(ephemeral=True, **ksolo_message(table, seat, ask, lang))

    async def _seat_in_game(self, interaction: discord.Interaction, game_no: int, lang: str) -> tuple[Table, int] | None:
        """The clicker's table and seat while game ``game_no`` runs; else it was told why."""
        found = await self._my_seat(interaction, lang)
        if found is None:
            return None
        table, _ = found
        if table.state != "playing" or game_no != table.game_no:
            await send_ephemeral(interaction, t(lang, "err.stale"))
            return None
        return found

    async def on_hand_click(self, interaction: discord.Interaction, game_no: int, click: Click) -> None:
        if not _private(interaction):
            await send_ephemeral(interaction, t(await self.lang(interaction), "err.stale"))
            return
        match click.does:
            case AskSchwein():  # the one ♦A button: "als Schwein?" before anything is played
                await self.ask_schwein(interaction, game_no)
                return
            case AskKsolo() as ask:  # six: a kleines Solo names its form / card in a private question
                await self.ask_ksolo(interaction, game_no, ask)
                return
        await interaction.response.defer()  # acknowledged at once; the hand is edited in place
        table = self.bot.tables.get(interaction.channel_id or 0)
        if table is None:
            await send_ephemeral(interaction, t(await self.lang(interaction), "err.no_table"))
            return
        user_id = interaction.user.id
        if not click.answered:  # a follow-up question is no hand: the open hand stays the one kept current
            clicked = interaction.message
            self.bot.presenter(table).open_hand(
                user_id, interaction, clicked.id if clicked is not None else None, clicked.content if clicked else "",
            )
        move = _move(table, user_id, click.does)
        outcome = await perform(self.bot, interaction, table, lambda: table.act(user_id, game_no, move), actor=user_id)
        if click.answered and outcome is not None:
            await self._close_question(interaction, move)

    async def _close_question(self, interaction: discord.Interaction, move: Move) -> None:
        """The answered follow-up question says what was done, without its controls."""
        lang = await self.lang(interaction)
        key = ("hand.schwein_played" if move.schwein else "hand.fuchs_played") if isinstance(move, Play) else "hand.reserved"
        try:
            await interaction.edit_original_response(content=t(lang, key), view=None)
        except discord.HTTPException as exc:
            log.warning("could not close the Schwein question: %s", exc)


def _move(table: Table, user_id: int, does: Intent) -> Move:
    """The move a click makes; "hand over the trumps" is the one ``ArmutGive`` the game allows
    now (none: an empty one, which the game refuses with its own reason)."""
    if not isinstance(does, GiveTrumps):
        return cast(Move, does)
    seat = table.seat_of(user_id)
    legal = table.game.legal_actions(seat) if table.game is not None and seat is not None else []
    return next((m for m in legal if isinstance(m, ArmutGive)), ArmutGive(()))


def _without_embed(message: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in message.items() if k != "embed"}


def _private(interaction: discord.Interaction) -> bool:
    """The clicked message is an ephemeral one (a private hand), not the public table."""
    message = interaction.message
    return message is not None and message.flags.ephemeral
