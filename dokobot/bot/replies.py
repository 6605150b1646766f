"""The private answers of the bot: an interaction answered in the form Discord wants for its
state, and a refused table change worded for the player.

Its own module so that ``client``, ``components``, ``learn`` and ``permissions`` can all import
it at the top: before, ``send_ephemeral`` lived in ``client`` and the others reached it by imports
inside functions, an import circle through the client.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from dokobot.table.table import Table, TableError
from dokobot.text import render
from dokobot.text.i18n import illegal_text, t

log = logging.getLogger(__name__)

ANSWERED = "doko_answered"  # interaction.extras: the "thinking" response already holds an answer


async def answer(interaction: discord.Interaction, content: str | None = None, **kwargs: Any) -> None:
    """The private answer to an interaction, in the form Discord wants for its state.

    Not acknowledged yet: the response itself. Deferred with "thinking": the
    first answer edits that response (a followup in its place is the form
    Discord calls deprecated); any later one, or one after a silent defer of a
    click (the clicked message is the hand, never to be overwritten), follows up.
    """
    if not interaction.response.is_done():
        await interaction.response.send_message(content, ephemeral=True, **kwargs)
    elif interaction.response.type == discord.InteractionResponseType.deferred_channel_message \
            and not interaction.extras.get(ANSWERED):
        interaction.extras[ANSWERED] = True
        if "files" in kwargs:  # an edit attaches them as attachments
            kwargs["attachments"] = kwargs.pop("files")
        await interaction.edit_original_response(content=content, **kwargs)
    else:
        await interaction.followup.send(content, ephemeral=True, **kwargs)  # type: ignore[arg-type]


async def send_ephemeral(interaction: discord.Interaction, text: str) -> None:
    """Answer privately, whether or not the interaction was acknowledged yet."""
    try:
        await answer(interaction, text)
    except discord.HTTPException as exc:
        log.warning("could not answer an interaction: %s", exc)


def error_text(err: TableError, table: Table | None, lang: str) -> str:
    if err.code == "illegal" and err.engine is not None:
        names = table.names if table else []
        # the engine's deadline card includes the shift of a late Hochzeit clarification
        ddv = bool(table and table.ruleset.announcements == "ddv")
        mode = table.ruleset.announcements if table else None
        said = render.party_said(table.game, err.engine.params.get("seat")) if table and table.game else None
        return illegal_text(
            lang, err.engine.code, err.engine.params, names=names, ddv_deadlines=ddv, mode=mode, said=said,
        )
    params = dict(err.params)
    if err.code == "not_host":
        host = next((s.name for s in table.seats if s.user_id == table.host_id), None) if table else None
        params["host"] = render.esc(host) if host else f"<@{params.get('host_id')}>"
    if err.code == "not_host" and params.get("former"):  # a seat handed over took the host rights along
        return t(lang, "err.not_host_former", **params)
    return t(lang, "err." + err.code, **params)
