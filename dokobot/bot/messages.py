"""The bot's messages as discord.py arguments: the lobby, the table and its summary, the
private hands and their questions, and a game's record files.

Views hold only dynamic items (``dokobot.bot.components``, the one codec of their
``custom_id``s) and are stopped before they are sent (``dynamic_view``): clicks reach the
dynamic items through the bot's registry, and discord.py keeps nothing per message (an
ephemeral hand would otherwise get a 15-minute timeout task holding it).
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
from collections.abc import Callable
from typing import Any, TypeVar

import discord

from dokobot.bot import embeds
from dokobot.bot.components import AnalyseButton, HandItem, TableButton, TipButton
from dokobot.bot.learn import curve_file
from dokobot.engine import ReplayError, replay_game
from dokobot.players import LEVELS
from dokobot.table.table import MAX_SEATS, SEATS, FinishedGame, Table
from dokobot.text import learn as learn_words
from dokobot.text import picture, render
from dokobot.text.controls import AskKsolo, Control
from dokobot.text.i18n import computer_words, t

log = logging.getLogger(__name__)
_T = TypeVar("_T")  # what a wrapped call gives back

NO_MENTIONS = discord.AllowedMentions.none()
COLOUR = embeds.COLOUR



def dynamic_view() -> discord.ui.View:
    """A view for dynamic items only, already stopped: discord.py stores and times nothing.

    discord.py gives a view sent with an ephemeral response a 15-minute
    timeout (a task per private hand, holding the view); a finished view is
    sent as components only. Dynamic items are dispatched by their
    ``custom_id`` template, not through a stored view, so clicks still work.
    """
    view = discord.ui.View(timeout=None)
    view.stop()
    return view


DESCRIPTION_MAX = embeds.DESCRIPTION  # Discord's limits of an embed (dokobot.bot.embeds has them all)
FIELD_MAX = embeds.FIELD_VALUE


def embed(title: str, body: str, footer: str | None = None) -> discord.Embed:
    """An embed within Discord's limits (``dokobot.bot.embeds.build``): a long body goes on in fields."""
    return embeds.build(title, body, footer)


def lobby_message(table: Table, lang: str, *, active: bool = True) -> dict[str, Any]:
    title, body = render.lobby_text(table, lang)
    view = None
    if active and table.state == "lobby":
        view = dynamic_view()
        ch = table.channel_id
        view.add_item(TableButton(ch, "join", 0, label=t(lang, "btn.join"), style=discord.ButtonStyle.success))
        view.add_item(TableButton(ch, "leave", 0, label=t(lang, "btn.leave"), style=discord.ButtonStyle.secondary))
        view.add_item(TableButton(
            ch, "start", 0, label=t(lang, "btn.start"), style=discord.ButtonStyle.primary,
            disabled=not SEATS <= len(table.seats) <= MAX_SEATS,
        ))
        view.add_item(TableButton(ch, "rules", 0, label=t(lang, "btn.rules"), style=discord.ButtonStyle.secondary))
        for level in LEVELS:  # one button per level of computer player
            view.add_item(TableButton(
                ch, f"computer_{level}", 0, style=discord.ButtonStyle.secondary, disabled=len(table.seats) >= MAX_SEATS, row=1,
                label=t(lang, "btn.add_computer_level", level=t(lang, f"level.{level}")),
            ))
        if any(s.is_bot for s in table.seats):
            view.add_item(TableButton(
                ch, "nocomputer", 0, label=t(lang, "btn.remove_computer"), style=discord.ButtonStyle.secondary, row=1,
            ))
    return {"embed": embed(title, body), "view": view}


def game_message(
    table: Table, lang: str, game_no: int, *, active: bool = True, deck: str | None = "french",
) -> dict[str, Any]:
    """The public message of game ``game_no``: running table, or its summary.

    ``files`` holds the picture of the table (or of the summary) unless the
    channel turned pictures off (``deck=None``); the text is complete without it.
    """
    ch = table.channel_id
    finished = table.last if table.last and table.last.number == game_no else None
    if finished is not None and (table.state != "playing" or table.game_no != game_no):
        game = table.game if table.game_no == game_no else None  # the finished game: its last trick
        title, body = render.summary_text(finished, lang, game)
        view = _between_view(table, lang, game_no, record=True) if active else None
        png = _safely(table, lambda: _summary_png(table, finished, deck, lang))
        return _with_curve(_with_picture(embed(title, body), view, png, "summary"), table, finished, deck, lang)
    if table.broken and table.game_no == game_no:  # restored, but no longer replays: only abort helps
        title = t(lang, "table.title", no=game_no, preset=render.preset_name(lang, table.preset))
        return {"embed": embed(title, t(lang, "table.broken", no=game_no)), "view": None, "files": []}
    if table.game is None:  # aborted: nothing to show but the way on
        title = t(lang, "table.title", no=game_no, preset=render.preset_name(lang, table.preset))
        # the aborted game's dealer: the seats may have changed since (someone left)
        players = table.game_players or table.seats
        dealer = players[table.dealer].name if table.dealer < len(players) else "–"
        body = t(lang, "table.aborted", no=game_no, dealer=render.esc(dealer, lang))
        view = _between_view(table, lang, game_no, record=False) if active else None
        return {"embed": embed(title, body), "view": view, "files": []}
    title, body = render.table_text(table, lang)
    view = None
    if active and table.state == "playing":
        view = dynamic_view()
        view.add_item(TableButton(ch, "hand", game_no, label=t(lang, "btn.hand"), style=discord.ButtonStyle.primary))
        view.add_item(TableButton(ch, "rules", game_no, label=t(lang, "btn.rules"), style=discord.ButtonStyle.secondary))
        # someone new waits for the next free seat
        view.add_item(TableButton(ch, "join", game_no, label=t(lang, "btn.join"), style=discord.ButtonStyle.secondary))
        if table.stalled is not None:  # on_timeout wait: the host decides
            view.add_item(TableButton(ch, "takeover", game_no, label=t(lang, "btn.take_over"),
                                      style=discord.ButtonStyle.primary, row=1))
            view.add_item(TableButton(ch, "abort", game_no, label=t(lang, "btn.abort"),
                                      style=discord.ButtonStyle.danger, row=1))
    png = _safely(table, lambda: _table_png(table, deck, lang))
    return _with_picture(embed(title, body), view, png, "table")


def _table_png(table: Table, deck: str | None, lang: str) -> tuple[bytes, str] | None:
    """The table picture and its description (what a screen reader says)."""
    pic = picture.table_view(table, deck=deck, lang=lang) if deck is not None else None
    return (picture.render_table(pic), picture.table_alt(pic)) if pic is not None else None


def _safely(table: Table, draw: Callable[[], _T | None]) -> _T | None:
    """A picture that cannot be drawn is left out: the text says everything, and it must go out."""
    try:
        return draw()
    except Exception:
        log.exception("table %s: the picture could not be drawn", table.channel_id)
        return None


def _with_picture(e: discord.Embed, view: discord.ui.View | None, pic: tuple[bytes, str] | None,
                  name: str) -> dict[str, Any]:
    """The embed shows the picture (PNG, description) inside it; ``files`` is empty without one."""
    if pic is None:
        return {"embed": e, "view": view, "files": []}
    filename = f"doko-{name}.png"
    e.set_image(url=f"attachment://{filename}")
    return {"embed": e, "view": view, "files": [discord.File(io.BytesIO(pic[0]), filename=filename, description=pic[1])]}


def _with_curve(message: dict[str, Any], table: Table, fin: FinishedGame, deck: str | None, lang: str) -> dict[str, Any]:
    """The summary with the game's curve once it is analysed: a second picture, or
    (pictures off) its numbers in words."""
    curve = learn_words.curve_of(fin.analysis) if fin.analysis else None
    if curve is None:
        return message
    if deck is None:
        text = learn_words.curve_text(curve, [computer_words(p.name, lang) for p in fin.players], fin.number, lang,
                                         fin.bock)
        message["embed"].add_field(name="\u200b", value=text[:FIELD_MAX], inline=False)
        return message
    file = _safely(table, lambda: curve_file(fin, lang))
    if file is not None:
        message["files"] = [*message["files"], file]
    return message


def _summary_png(table: Table, fin: FinishedGame, deck: str | None, lang: str) -> tuple[bytes, str] | None:
    """The summary picture and its description: the finished game is the table's own, or
    rebuilt from its record."""
    if deck is None:
        return None
    game = table.game if table.game is not None and table.game_no == fin.number else None
    if game is None or game.phase != "done":
        try:
            game = replay_game(fin.record)
        except ReplayError:
            log.warning("table %s: game %s cannot be replayed for its picture", table.channel_id, fin.number)
            return None
    view = picture.summary_view(fin, game, deck=deck, lang=lang)
    return (picture.render_summary(view), picture.summary_alt(view)) if view is not None else None


def _between_view(table: Table, lang: str, game_no: int, *, record: bool) -> discord.ui.View | None:
    """Between two games: next game, the record of a finished one, close the table."""
    if table.state != "between":
        return None
    ch = table.channel_id
    view = dynamic_view()
    view.add_item(TableButton(ch, "next", game_no, label=t(lang, "btn.next"), style=discord.ButtonStyle.success))
    if record:
        view.add_item(TableButton(ch, "record", game_no, label=t(lang, "btn.record"), style=discord.ButtonStyle.secondary))
    view.add_item(TableButton(ch, "close", game_no, label=t(lang, "btn.close"), style=discord.ButtonStyle.danger))
    # between games anyone may take a free seat (or wait for one) and anyone seated may leave
    view.add_item(TableButton(ch, "join", game_no, label=t(lang, "btn.join"), style=discord.ButtonStyle.secondary, row=1))
    view.add_item(TableButton(ch, "leave", game_no, label=t(lang, "btn.leave"), style=discord.ButtonStyle.secondary, row=1))
    if record:  # each player's own costliest cards, privately
        view.add_item(AnalyseButton(ch, game_no, label=t(lang, "btn.analyse"), row=1))
    return view


def record_files(record: dict[str, Any], names: list[str], number: int | None, channel_id: int, lang: str) -> list[discord.File]:
    """The record (``dokobot-game/1``, for ``dokobot replay``) and the same game to read,
    trick by trick, in the reader's language."""
    data = json.dumps(record, ensure_ascii=False, indent=1).encode()
    text = render.record_text(record, names, lang, number).encode()
    stem = f"doko-{channel_id}-{number}"
    return [discord.File(io.BytesIO(data), filename=f"{stem}.json"), discord.File(io.BytesIO(text), filename=f"{stem}.txt")]


def schwein_message(table: Table, seat: int, lang: str) -> dict[str, Any]:
    """The private question of the ♦A button: two buttons, "als Schwein" / "als Fuchs"."""
    content, controls = render.schwein_question(lang)
    view = dynamic_view()
    for i, ctl in enumerate(controls):
        view.add_item(HandItem.build(table.channel_id, table.game_no, seat, ctl, 0, i))
    return {"content": content, "view": view}


def ksolo_message(table: Table, seat: int, ask: AskKsolo, lang: str) -> dict[str, Any]:
    """The private question of a kleines Solo that names its form or card (six, ``choice`` / ``named_card``)."""
    content, rows = render.ksolo_question(table, seat, ask, lang)
    view = dynamic_view()
    for r, row in enumerate(rows):
        for i, ctl in enumerate(row):
            view.add_item(HandItem.build(table.channel_id, table.game_no, seat, ctl, r, i))
    return {"content": content, "view": view}


def hand_message(table: Table, seat: int, lang: str, deck: str = "french") -> dict[str, Any]:
    """The private hand of ``seat`` (content and controls) for its owner only, in the owner's deck."""
    game = table.game
    # one observation for the text and the buttons: the engine works it out anew on each call
    obs = game.observation(seat) if game is not None and not table.sits_out(seat) else None
    content = render.hand_text(table, seat, lang, deck, obs)
    view = dynamic_view()
    rows = render.hand_controls(table, seat, lang, deck, obs)
    for r, row in enumerate(rows):
        for i, ctl in enumerate(row):
            view.add_item(HandItem.build(table.channel_id, table.game_no, seat, ctl, r, i))
    if table.settings.tipps and game is not None and game.phase == "play" and game.to_act == seat:
        free = next((r for r, items in enumerate(rows) if len(items) < 5 and not _selects(items)), len(rows))
        if free < 5:  # Discord's five rows: a hand that fills them all has no room (none does at present)
            view.add_item(TipButton(table.channel_id, table.game_no, seat, label=t(lang, "btn.tipp"), row=free))
    return {"content": content, "view": view, "embed": None}


def _selects(row: list[Control]) -> bool:
    """A row holding a select has no room for a button."""
    return any(ctl.is_select for ctl in row)



def as_edit(message: dict[str, Any]) -> dict[str, Any]:
    """An edit replaces the picture: its new attachment, or none (pictures turned off)."""
    if "files" in message:
        message = dict(message)
        message["attachments"] = message.pop("files")
    return message


def digest(message: dict[str, Any]) -> tuple[str | None, str | None]:
    """What a rendered message shows (text, embed, components) and its picture, as digests."""
    view = message.get("view")
    e = message.get("embed")
    shown = {
        "content": message.get("content"),
        "embed": e.to_dict() if e is not None else None,
        "components": view.to_components() if view is not None else [],
    }
    body = hashlib.sha256(json.dumps(shown, sort_keys=True, default=str).encode()).hexdigest()
    files = message.get("files") or []
    png = None
    if files:
        png = hashlib.sha256(b"".join(f.fp.getvalue() for f in files if isinstance(f.fp, io.BytesIO))).hexdigest()
    return body, png

