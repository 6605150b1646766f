"""One table change made for a click or a command: run it, answer a refusal privately in the
player's language, and let the presenter show the change.

Its own module, beside ``replies`` (the answers) and ``presenter``: the cogs make
every change through here, so no cog answers a refusal its own way."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord

from dokobot.bot import permissions
from dokobot.bot.replies import error_text, send_ephemeral
from dokobot.table.store import StoreError
from dokobot.table.table import Outcome, Table, TableError
from dokobot.text.i18n import t

if TYPE_CHECKING:
    from dokobot.bot.host import Host

log = logging.getLogger(__name__)


async def perform(bot: Host, interaction: discord.Interaction, table: Table, op: Callable[[], Awaitable[Outcome]], *, actor: int | None = None) -> Outcome | None:
    """Run one table change for an (already acknowledged) interaction.

    Bad input, or a permission the bot lacks in the channel: a private reason,
    nothing changed. A failure of ours (e.g. the
    database): logged, and the player hears that it did not work - never
    silence, never a traceback. Success: the presenter shows the change.
    """
    presenter = bot.presenter(table)
    lang = await bot.lang_of(interaction)
    if await permissions.refused(interaction, lang):  # the table could not show it: nothing happens
        return None
    try:
        outcome = await op()
    except TableError as err:
        await send_ephemeral(interaction, error_text(err, table, lang))
    except StoreError as exc:  # the write failed, so the table did not change
        log.error("table %s: could not save a change: %s", table.channel_id, exc)
        await send_ephemeral(interaction, t(lang, "err.storage"))
    except Exception:
        log.exception("table %s: change failed", table.channel_id)
        await send_ephemeral(interaction, t(lang, "err.internal"))
    else:
        presenter.update(outcome, actor=actor, via=interaction)
        bot.learn.finished(table, outcome.finished)
        bot.table_changed(table, outcome)
        return outcome
    if actor is not None:
        presenter.update(actor=actor)  # show the current state in place of the stale one
    return None
