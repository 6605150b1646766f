"""The hand's "Tipp": what ``schwer`` would play now and why, computed and counted once per
seat, decision and person (a click again shows the same Tipp), in a thread."""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any

import discord

from dokobot.bot.replies import answer, send_ephemeral
from dokobot.engine import Observation
from dokobot.players.analysis import Tip
from dokobot.table.store import StoreError
from dokobot.text import learn as words
from dokobot.text.i18n import t

if TYPE_CHECKING:
    from dokobot.bot.host import Host

log = logging.getLogger(__name__)

TIPS_KEPT = 256  # Tipps remembered (seat and decision): a click again shows the same one, counted once
Decision = tuple[int, int, int, int]  # game id, seat, actions so far, the person asking
Spawn = Callable[[Coroutine[Any, Any, Any], str], "asyncio.Task[Any]"]


class Tips:
    """The Tipps of the bot's tables. ``compute`` is the one place a Tipp is computed (the
    owner's, so a test may count it); ``spawn`` keeps the work's task with the owner's."""

    def __init__(self, bot: Host, compute: Callable[[Observation], Awaitable[Tip | None]], spawn: Spawn) -> None:
        self.bot = bot
        self._compute = compute
        self._spawn = spawn
        self._tips: OrderedDict[Decision, asyncio.Future[tuple[Tip | None, int]]] = OrderedDict()

    async def on_tip(self, interaction: discord.Interaction, game_no: int, seat: int) -> None:
        """The hand's "Tipp": what schwer would play now and why, counted on the score sheet."""
        lang = await self.bot.lang_of(interaction)
        table = self.bot.tables.get(interaction.channel_id or 0)
        if table is None:
            await send_ephemeral(interaction, t(lang, "err.no_table"))
            return
        if not table.settings.tipps:
            await send_ephemeral(interaction, t(lang, "tip.off"))
            return
        game = table.game
        if (table.state != "playing" or game is None or table.game_no != game_no or game.phase != "play"
                or game.to_act != seat or table.game_id is None):
            await send_ephemeral(interaction, t(lang, "tip.not_now"))
            return
        # this seat's decision now (the actions so far) and who asks: one Tipp, one count
        decision = (table.game_id, seat, len(game.actions), interaction.user.id)
        shared = self._tip(decision, game.observation(seat))  # immutable: the game goes on meanwhile
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            hint, n = await asyncio.shield(shared)
        except StoreError as exc:
            log.error("table %s: a Tipp could not be counted: %s", table.channel_id, exc)
            await answer(interaction, t(lang, "err.storage"))
            return
        if hint is None:
            await answer(interaction, t(lang, "tip.not_now"))
            return
        deck = await self.bot.user_deck(interaction.user.id)
        text = words.tip_text(hint, lang, deck) + "\n-# " + t(lang, "tip.count", n=n)
        await answer(interaction, text)

    def _tip(self, decision: Decision, obs: Observation) -> asyncio.Future[tuple[Tip | None, int]]:
        """The Tipp of a decision: being computed (clicks meanwhile wait for it), or known;
        a failed one is tried again."""
        shared = self._tips.get(decision)
        if shared is not None and not (shared.done() and (shared.cancelled() or shared.exception() is not None)):
            self._tips.move_to_end(decision)
            return shared
        shared = self._spawn(self._counted(decision, obs), f"doko-tipp-{decision[0]}")
        self._tips[decision] = shared
        while len(self._tips) > TIPS_KEPT:
            self._tips.popitem(last=False)
        return shared

    async def _counted(self, decision: Decision, obs: Observation) -> tuple[Tip | None, int]:
        hint = await self._compute(obs)
        if hint is None:
            return None, 0
        game_id, _, _, user_id = decision
        return hint, await self.bot.store.add_hint(game_id, user_id)  # counted before it is shown
