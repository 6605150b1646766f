"""The message components: every ``custom_id`` the bot sends, in one codec, and the
``DynamicItem``s that carry them.

A ``custom_id`` carries the channel, the game number, the seat and what the click does,
so buttons keep working after a restart and a click on an old message is recognised as
stale. A hand control's move (``dokobot.text.controls``) is written here and read back
here: ``encode`` / ``decode`` for buttons, ``select_id`` / ``option_value`` /
``decode_select`` for selects. The strings are the ones the bot has always sent
(``tests/data/custom_ids_v1.json``): a deploy never breaks the buttons of open messages.

The items call the cogs through ``Controls`` (``DokoBot.controls``), with the channel the
click came from, never one read from the ``custom_id``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, cast, runtime_checkable

import discord

from dokobot.bot.host import Host
from dokobot.bot.replies import send_ephemeral
from dokobot.engine.actions import (
    Announce,
    ArmutDecline,
    ArmutReturn,
    ArmutTake,
    Bid,
    HochzeitPartner,
    Klopfen,
    Play,
    Reserve,
)
from dokobot.engine.cards import CARD_CODES, parse_code
from dokobot.text.controls import AskKsolo, AskSchwein, Control, GiveTrumps, Intent
from dokobot.text.i18n import t

log = logging.getLogger(__name__)

__all__ = [
    "DYNAMIC_ITEMS", "AnalyseButton", "BoardPage", "Click", "Controls", "HandItem", "HandSelect",
    "SheetPage", "TableButton", "TipButton", "controls_for", "decode", "decode_select", "encode",
    "option_value", "select_id", "the_bot",
]

_STYLES = {
    "trump": discord.ButtonStyle.primary,
    "plain": discord.ButtonStyle.secondary,
    "action": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


# ---- the codec ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Click:
    """What a click on the hand does; ``answered``: it came from a private follow-up question."""

    does: Intent
    answered: bool = False


class Malformed(ValueError):
    """A ``custom_id`` or select value no version of the bot sends (forged, or cut off)."""


def encode(does: Intent, answered: bool = False) -> tuple[str, str]:
    """A hand button's kind and value, the middle of its ``custom_id``."""
    match does:
        case Play("DA", schwein) if answered:  # "als Schwein?" is asked of the Füchse, the ♦A
            return "fox", "s" if schwein else "f"
        case Play(card, schwein):
            return "play", f"{card}:s" if schwein else card
        case AskSchwein():
            return "play", "DA:ask"
        case Reserve(kind, None, None, False, None, None):  # the plain kinds; solos and forms are selects
            return "reserve", kind
        case Announce(what):
            return "announce", what
        case Klopfen():
            return "klopfen", "1"
        case Bid(value):
            return "bid", value
        case ArmutTake(take):
            return "armut_take", "1" if take else "0"
        case GiveTrumps():
            return "armut_give", ""
        case ArmutDecline():
            return "armut_decline", "1"
        case HochzeitPartner(accept):
            return "partner", "1" if accept else "0"
    raise ValueError(f"no hand button makes {does!r}")


def decode(kind: str, value: str) -> Click:
    """What a hand button of ``kind`` and ``value`` does (``Malformed`` if nothing)."""
    match kind:
        case "play":
            code, _, schwein = value.partition(":")
            return Click(AskSchwein() if schwein == "ask" else Play(_card(code), schwein=bool(schwein)))
        case "fox":
            return Click(Play("DA", schwein=value == "s"), answered=True)
        case "reserve":
            return Click(Reserve(value))
        case "announce":
            return Click(Announce(value))
        case "klopfen":
            return Click(Klopfen())
        case "bid":
            return Click(Bid(value))
        case "armut_take":
            return Click(ArmutTake(value == "1"))
        case "armut_give":
            return Click(GiveTrumps())
        case "armut_decline":
            return Click(ArmutDecline())
        case "partner":
            return Click(HochzeitPartner(value == "1"))
    raise Malformed(kind)


def select_kind(ctl: Control) -> str:
    """Which of the hand's selects ``ctl`` is, from what its options make."""
    first = ctl.options[0][0] if ctl.options else None
    match first:
        case Reserve(kind="hochzeit"):
            return "hochzeit"
        case AskKsolo() | Reserve(kind="solo", size="klein"):
            return "ksolo"
        case Reserve(kind="solo"):
            return "solo"
        case ArmutReturn():
            return "armut_return"
    raise ValueError(f"no select of the hand offers {first!r}")


def select_part(ctl: Control) -> str:
    """What tells a second select of the kind ("2") and the selects of a private question
    ("3", "4") apart in the ``custom_id``."""
    return str(3 + ctl.slot) if ctl.answered else str(ctl.slot + 1) if ctl.slot else ""


def select_id(channel_id: int, game_no: int, seat: int, ctl: Control) -> str:
    """``doko:KIND[PART]:CH:G:SEAT``."""
    return _select_id(select_kind(ctl), select_part(ctl), channel_id, game_no, seat)


def _select_id(kind: str, part: str, channel_id: int, game_no: int, seat: int) -> str:
    return f"doko:{kind}{part}:{channel_id}:{game_no}:{seat}"


def option_value(does: Intent, index: int) -> str:
    """A select option's value: ``SOLO``; six ``SOLO:p|l`` (Pflicht / Lust), ``SOLO:p:?`` (ask for
    the form and card), ``SOLO:p:FORM``, ``SOLO:p[:named_card]:CARD``; a Hochzeit's ``FORM``,
    ``CARD`` or ``named_card:CARD``; a card handed back ``CARD:INDEX`` (a card held twice is
    two options)."""
    match does:
        case AskKsolo(solo, pflicht):
            return f"{solo}:{'p' if pflicht else 'l'}:?"
        case Reserve("hochzeit", _, _, _, form, card):
            return _named(form, card)
        case Reserve("solo", solo, None, _, None, None):
            return str(solo)
        case Reserve("solo", solo, _, pflicht, form, card):
            named = _named(form, card)
            return f"{solo}:{'p' if pflicht else 'l'}" + (":" + named if named else "")
        case ArmutReturn((card,)):
            return f"{card}:{index}"
    raise ValueError(f"no select option makes {does!r}")


def decode_select(kind: str, part: str, values: list[str]) -> Click:
    """What the chosen ``values`` of the select ``kind`` + ``part`` make."""
    if kind == "armut_return":
        cards = [_card(v.split(":")[0]) for v in values]
        return Click(ArmutReturn(tuple(sorted(cards, key=lambda code: parse_code(code) or 0))))  # the record's order
    if len(values) != 1:
        raise Malformed(f"{kind}: one value expected")
    if kind == "hochzeit":
        form, card = _unnamed(values[0])
        return Click(Reserve("hochzeit", form=form, card=card))
    if kind not in ("solo", "ksolo"):
        raise Malformed(kind)
    solo, _, rest = values[0].partition(":")
    lust, _, named = rest.partition(":")
    answered = part in ("3", "4")
    if named == "?":
        return Click(AskKsolo(solo, lust == "p"), answered)
    form, card = _unnamed(named) if named else (None, None)
    if not lust:  # four and five
        return Click(Reserve("solo", solo, form=form, card=card), answered)
    size = "klein" if kind == "ksolo" else "gross"
    return Click(Reserve("solo", solo, size, lust == "p", form, card), answered)


def _named(form: str | None, card: str | None) -> str:
    return f"{form}:{card}" if form and card else form or card or ""


def _unnamed(value: str) -> tuple[str | None, str | None]:
    """A Hochzeit's ``FORM:CARD``, ``FORM`` (lower case) or ``CARD``."""
    form, _, card = value.partition(":")
    if card:
        return form, _card(card)
    return (value, None) if value.islower() else (None, _card(value))


def _card(code: str) -> str:
    kind = parse_code(code)
    if kind is None:
        raise Malformed(f"unknown card {code!r}")
    return CARD_CODES[kind]


# ---- where the clicks go ------------------------------------------------------------------


class Controls(Protocol):
    """What the dynamic items call: the cogs' typed entry points (``DokoBot.controls``)."""

    async def on_table_button(self, interaction: discord.Interaction, action: str, game_no: int) -> None: ...

    async def check_owner(self, interaction: discord.Interaction, seat: int) -> bool: ...

    async def on_hand_click(self, interaction: discord.Interaction, game_no: int, click: Click) -> None: ...

    async def on_board_page(
        self, interaction: discord.Interaction, period: str, order: str, page: int, size: int | None = None,
    ) -> None: ...

    async def on_sheet_page(
        self, interaction: discord.Interaction, table_id: int, direction: str, number: int, size: int | None,
    ) -> None: ...

    async def on_event_button(self, interaction: discord.Interaction, event_id: int, action: str) -> None:
        """An event's sign-up button (``dokobot.bot.event.buttons``)."""
        ...


class Controlled(Host, Protocol):
    """The bot as the items need it: a ``Host`` with the cogs' entry points."""

    controls: Controls | None


@runtime_checkable
class _DokoClient(Protocol):
    """What marks dokobot's own client: checked by shape (``client`` imports this module,
    so this module never imports ``client``)."""

    controls: Controls | None
    tables: object
    learn: object
    pace: object

    async def lang_of(self, interaction: discord.Interaction) -> str: ...


def the_bot(interaction: discord.Interaction) -> Controlled | None:
    client = interaction.client
    return cast("Controlled", client) if isinstance(client, _DokoClient) else None


async def controls_for(interaction: discord.Interaction, channel_id: int | None = None) -> Controls | None:
    """The bot's controls, or None after a private answer: not ready yet, or the
    button names another channel than the one it was clicked in (forged)."""
    bot = the_bot(interaction)
    controls = bot.controls if bot is not None else None
    lang = await bot.lang_of(interaction) if bot is not None else "de"
    if controls is None:
        await send_ephemeral(interaction, t(lang, "err.internal"))
        return None
    if channel_id is not None and channel_id != interaction.channel_id:
        log.warning("a button of channel %s was clicked in channel %s: refused", channel_id, interaction.channel_id)
        await send_ephemeral(interaction, t(lang, "err.wrong_channel"))
        return None
    return controls


async def _hand_click(interaction: discord.Interaction, channel_id: int, game_no: int,
                      read: Callable[[], Click]) -> None:
    """Decode a hand click (``read()``) and hand it to the play area; a value no bot sends
    is answered as a stale button."""
    controls = await controls_for(interaction, channel_id)
    if controls is None:
        return
    try:
        click = read()
    except Malformed as exc:
        log.warning("a hand control with a malformed value was clicked: %s", exc)
        bot = the_bot(interaction)
        await send_ephemeral(interaction, t(await bot.lang_of(interaction) if bot else "de", "err.stale"))
        return
    await controls.on_hand_click(interaction, game_no, click)


# ---- the items ----------------------------------------------------------------------------


class TableButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"doko:(?P<action>join|leave|start|rules|rules_all|hand|next|record|close|computer_leicht|computer_mittel"
             r"|computer_schwer|computer|nocomputer|takeover|abort):(?P<ch>\d+):(?P<g>\d+)",
):
    """A button of the public table message."""

    def __init__(self, channel_id: int, action: str, game_no: int, **kwargs: Any) -> None:
        super().__init__(discord.ui.Button(custom_id=f"doko:{action}:{channel_id}:{game_no}", **kwargs))
        self.channel_id, self.action, self.game_no = channel_id, action, game_no

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> TableButton:
        return cls(int(match["ch"]), match["action"], int(match["g"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        controls = await controls_for(interaction, self.channel_id)
        if controls is not None:
            await controls.on_table_button(interaction, self.action, self.game_no)


class HandItem(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"doko:(?P<kind>play|fox|reserve|announce|klopfen|bid|armut_take|armut_give|armut_decline|partner)"
             r":(?P<ch>\d+):(?P<g>\d+):(?P<seat>\d):(?P<value>[A-Za-z0-9_:]*?):(?P<pos>\d+)",
):
    """A button of the private hand: a card, a reservation, an announcement. ``pos`` keeps two
    buttons of one message apart that make the same move."""

    def __init__(self, channel_id: int, game_no: int, seat: int, kind: str, value: str, pos: int, **kwargs: Any) -> None:
        custom_id = f"doko:{kind}:{channel_id}:{game_no}:{seat}:{value}:{pos}"
        super().__init__(discord.ui.Button(custom_id=custom_id, **kwargs))
        self.channel_id, self.game_no, self.seat, self.kind, self.value = channel_id, game_no, seat, kind, value

    @staticmethod
    def build(ch: int, game_no: int, seat: int, ctl: Control, row: int, pos: int) -> discord.ui.Item[Any]:
        if ctl.does is None:
            return HandSelect.build(ch, game_no, seat, ctl, row)
        kind, value = encode(ctl.does, ctl.answered)
        return HandItem(
            ch, game_no, seat, kind, value, row * 5 + pos,
            label=ctl.label, style=_STYLES[ctl.style], disabled=ctl.disabled, row=row,
        )

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any) -> HandItem:
        return cls(int(match["ch"]), int(match["g"]), int(match["seat"]), match["kind"], match["value"], int(match["pos"]))

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        controls = await controls_for(interaction, self.channel_id)
        return controls is not None and await controls.check_owner(interaction, self.seat)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _hand_click(interaction, self.channel_id, self.game_no, lambda: decode(self.kind, self.value))


class HandSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"doko:(?P<kind>solo|ksolo|hochzeit|armut_return)(?P<part>\d?):(?P<ch>\d+):(?P<g>\d+):(?P<seat>\d)",
):
    """A select of the private hand: the solo kind, the Hochzeit's named card, the cards returned in an Armut."""

    def __init__(self, ch: int, game_no: int, seat: int, kind: str, part: str,
                 select: discord.ui.Select[Any] | None = None) -> None:
        super().__init__(select or discord.ui.Select(custom_id=_select_id(kind, part, ch, game_no, seat)))
        self.channel_id, self.game_no, self.seat, self.kind, self.part = ch, game_no, seat, kind, part

    @staticmethod
    def build(ch: int, game_no: int, seat: int, ctl: Control, row: int) -> HandSelect:
        kind, part = select_kind(ctl), select_part(ctl)
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=_select_id(kind, part, ch, game_no, seat), row=row, placeholder=ctl.label,
            min_values=max(ctl.count, 1), max_values=max(ctl.count, 1),
        )
        for i, (does, label) in enumerate(ctl.options):
            select.add_option(label=label, value=option_value(does, i))
        return HandSelect(ch, game_no, seat, kind, part, select)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any) -> HandSelect:
        return cls(int(match["ch"]), int(match["g"]), int(match["seat"]), match["kind"], match["part"])

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        controls = await controls_for(interaction, self.channel_id)
        return controls is not None and await controls.check_owner(interaction, self.seat)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = list(self.item.values)
        await _hand_click(interaction, self.channel_id, self.game_no,
                          lambda: decode_select(self.kind, self.part, values))


class AnalyseButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"doko:analyse:(?P<ch>\d+):(?P<g>\d+)",
):
    """The summary's "Analyse": the clicker's own costliest cards of that game, privately."""

    def __init__(self, channel_id: int, game_no: int, **kwargs: Any) -> None:
        super().__init__(discord.ui.Button(custom_id=f"doko:analyse:{channel_id}:{game_no}",
                                           style=discord.ButtonStyle.secondary, **kwargs))
        self.channel_id, self.game_no = channel_id, game_no

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any) -> AnalyseButton:
        return cls(int(match["ch"]), int(match["g"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = the_bot(interaction)
        if bot is not None and await controls_for(interaction, self.channel_id) is not None:
            await bot.learn.on_analyse(interaction, self.game_no)


class TipButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"doko:tipp:(?P<ch>\d+):(?P<g>\d+):(?P<seat>\d)",
):
    """The hand's "Tipp" (table switch ``tipps``): what ``schwer`` would play now and why."""

    def __init__(self, channel_id: int, game_no: int, seat: int, **kwargs: Any) -> None:
        super().__init__(discord.ui.Button(custom_id=f"doko:tipp:{channel_id}:{game_no}:{seat}",
                                           style=discord.ButtonStyle.secondary, **kwargs))
        self.channel_id, self.game_no, self.seat = channel_id, game_no, seat

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any) -> TipButton:
        return cls(int(match["ch"]), int(match["g"]), int(match["seat"]))

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        controls = await controls_for(interaction, self.channel_id)
        return controls is not None and await controls.check_owner(interaction, self.seat)

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = the_bot(interaction)
        if bot is not None:
            await bot.learn.on_tip(interaction, self.game_no, self.seat)


class BoardPage(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
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
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any) -> BoardPage:
        size = int(match["size"]) if match["size"] else None
        return cls(match["period"], match["order"], int(match["page"]), match["dir"], size)

    async def callback(self, interaction: discord.Interaction) -> None:
        controls = await controls_for(interaction)
        if controls is not None:
            await controls.on_board_page(interaction, self.period, self.order, self.page, self.size)


class SheetPage(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
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
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any) -> SheetPage:
        size = int(match["size"]) if match["size"] else None
        return cls(int(match["table"]), match["dir"], int(match["n"]), size)

    async def callback(self, interaction: discord.Interaction) -> None:
        controls = await controls_for(interaction)
        if controls is not None:
            await controls.on_sheet_page(interaction, self.table_id, self.direction, self.number, self.size)


# registered once, in ``DokoBot.setup_hook``
DYNAMIC_ITEMS = (TableButton, HandItem, HandSelect, AnalyseButton, TipButton, BoardPage, SheetPage)
