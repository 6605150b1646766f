"""Lines of what happened: a table notice as its public line, and the game record's event
lines; each one ``match`` that mypy checks for every kind (``assert_never``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import assert_never

from dokobot.engine import Game
from dokobot.engine.actions import Play, parse
from dokobot.engine.events import (
    Announced,
    ArmutAnnounced,
    ArmutDeclined,
    ArmutExchanged,
    ArmutGiven,
    ArmutOffered,
    ArmutPassed,
    ArmutTaken,
    BiddingStarted,
    BidMade,
    CardPlayed,
    ContractSet,
    Event,
    GameOver,
    HochzeitCard,
    HochzeitForm,
    Knocked,
    PartnerAnswered,
    PartnerAsked,
    PartnerFound,
    PartyRevealed,
    Redealt,
    Reserved,
    TrickTaken,
)
from dokobot.table import outcome as n
from dokobot.table.table import Table
from dokobot.text.cards import card_text, hochzeit_card_line
from dokobot.text.i18n import announcement_name, contract_name, t, tn
from dokobot.text.markdown import esc


def notice_text(table: Table, notice: n.Notice, lang: str | None) -> str:
    """The public line of a notice, the names as the table's seats have them now."""
    match notice:
        case n.Waiting(name):
            return t(lang, "notice.waiting", name=esc(name, lang))
        case n.HostChanged(_, name):
            return t(lang, "notice.host", name=esc(name, lang))
        case n.Seated(seat, name):
            return t(lang, "notice.seated", name=esc(name, lang), n=(seat or 0) + 1)
        case n.SizeChanged(size):
            form = "lobby.six" if size == 6 else "lobby.five_all" if table.game_rules(5).all_play else "lobby.five"
            return t(lang, "notice.size", form=t(lang, form))
        case n.Aborted(_, user_id):
            return t(lang, "notice.aborted", no=table.game_no, name=f"<@{user_id}>")
        case n.Closed(user_id):
            return t(lang, "notice.closed", name=f"<@{user_id}>")
        case n.HandedOver(_, old, new):
            return t(lang, "notice.handed_over", old=esc(old, lang), new=esc(new, lang))
        case n.ComputerSwitched(seat, on):
            who = table.seats[seat].name if seat < len(table.seats) else "?"
            return t(lang, "notice.computer_on" if on else "notice.computer_off", name=esc(who, lang))
        case _:
            return _game_notice_text([esc(x, lang) for x in table.names], notice, lang)


def _game_notice_text(names: list[str], notice: n.GameNotice, lang: str | None) -> str:
    def name(seat: int | None) -> str:
        return names[seat] if seat is not None and 0 <= seat < len(names) else "?"

    match notice:
        case n.Announced(seat, what):
            return t(lang, "notice.announced", name=name(seat), what=f"**{announcement_name(lang, what)}**")
        case n.SoloDeclared(seat, contract):
            return t(lang, "notice.solo", name=name(seat), contract=contract_name(lang, contract))
        case n.HochzeitDeclared(seat):
            return t(lang, "notice.hochzeit", name=name(seat))
        case n.ArmutOffered(seat):
            return t(lang, "notice.armut", name=name(seat))
        case n.ArmutTaken(seat):
            return t(lang, "notice.armut_taken", name=name(seat))
        case n.ArmutDeclined(seat):
            return t(lang, "notice.armut_declined", name=name(seat))
        case n.ArmutExchanged(_, trumps):
            return tn(lang, "notice.armut_exchanged", trumps)
        case n.Knocked(seat, knocks):
            return t(lang, "notice.klopfen", name=name(seat), n=knocks)
        case n.PartnerFound(None, holder):
            return t(lang, "notice.hochzeit_alone", name=name(holder))
        case n.PartnerFound(partner, holder):
            return t(lang, "notice.hochzeit_partner", partner=name(partner), name=name(holder))
        case n.Redealt(seat, reason):
            return t(lang, "notice.redeal", reason=t(lang, "notice.redeal." + reason, name=name(seat)))
        case n.Thrown(seat, cards, triggers):  # the rules make the thrown hand public
            trigger = ", ".join(t(lang, "value.schmeissen." + x) for x in triggers)
            shown = " ".join(card_text(c, lang=lang) for c in cards)
            return t(lang, "notice.thrown", name=name(seat), trigger=trigger, cards=shown)
        case n.HochzeitForm(seat, form):
            return t(lang, "notice.hochzeit_form", name=name(seat), form=t(lang, "value.hochzeit." + form))
        case n.PartnerAsked(seat, holder):
            return t(lang, "notice.partner_asked", partner=name(seat), name=name(holder))
        case n.PartnerDeclined(seat, holder):
            return t(lang, "notice.partner_declined", partner=name(seat), name=name(holder))
        case _:
            assert_never(notice)


# the events of the play (cards, knocks, announcements, the partner search)
PlayEvent = Knocked | Announced | CardPlayed | TrickTaken | PartnerFound | PartnerAnswered


def record_events(game: Game, events: list[Event], names: list[str], lang: str | None,
                  lines: list[str], row: list[str]) -> list[str]:
    """Append the lines of one action's events (``game``: after the action); ``row``: the
    cards of the open trick so far."""
    def who(seat: int | None) -> str:
        return names[seat] if seat is not None and 0 <= seat < len(names) else "?"

    for ev in events:
        match ev:
            case Reserved(seat, what):
                lines.append(t(lang, "rec.reserved", name=who(seat), what=t(lang, "table." + what)))
            case ContractSet(seat, contract) if contract != "normal":
                key = "rec.contract_by" if seat is not None else "rec.contract"
                lines.append(t(lang, key, contract=contract_name(lang, contract), name=who(seat)))
            case ArmutTaken(seat):
                lines.append(t(lang, "rec.armut_taken", name=who(seat)))
            case ArmutPassed(seat):
                lines.append(t(lang, "rec.armut_passed", name=who(seat)))
            case ArmutExchanged(_, trumps):
                lines.append(tn(lang, "notice.armut_exchanged", trumps))
            case ArmutGiven(seat, n):
                lines.append(t(lang, "rec.armut_given", name=who(seat), trumps=tn(lang, "count.trumps", n)))
            case ArmutDeclined(seat):
                lines.append(t(lang, "notice.armut_declined", name=who(seat)))
            case HochzeitCard(_, card) if card[:1] in "CSHDJ":
                lines.append(hochzeit_card_line(lang, card))
            case HochzeitForm(seat, form):  # hochzeit: choice
                lines.append(t(lang, "notice.hochzeit_form", name=who(seat), form=t(lang, "value.hochzeit." + form)))
            case Knocked() | Announced() | CardPlayed() | TrickTaken() | PartnerFound() | PartnerAnswered():
                _play_lines(game, ev, who, lang, lines, row)
            case (ContractSet() | HochzeitCard() | BiddingStarted() | BidMade() | ArmutOffered() | ArmutAnnounced()
                  | Redealt() | PartnerAsked() | PartyRevealed() | GameOver()):
                pass  # the record's reader sees these in the lines around them
            case _:
                assert_never(ev)
    return row


def _play_lines(game: Game, ev: PlayEvent, who: Callable[[int | None], str], lang: str | None,
                lines: list[str], row: list[str]) -> None:
    def flush() -> None:
        if row:
            lines.append("   " + " · ".join(row))
            row.clear()

    match ev:
        case PartnerAnswered(seat, False) if game.holder is not None:
            flush()
            lines.append(t(lang, "notice.partner_declined", partner=who(seat), name=who(game.holder)))
        case PartnerAnswered():
            pass
        case Knocked(seat):
            flush()
            lines.append(t(lang, "rec.klopfen", name=who(seat)))
        case Announced(seat, what):
            flush()
            lines.append("   " + t(lang, "rec.announced", name=who(seat), what=announcement_name(lang, what)))
        case CardPlayed(seat, card):
            if len(game.current_trick) == 1:  # the lead of a new trick
                flush()
                lines.append(t(lang, "rec.trick", n=len(game.tricks) + 1, name=who(seat)))
            last = parse(game.actions[-1])[1] if game.actions else None  # the move just made
            schwein = isinstance(last, Play) and last.schwein
            row.append(t(lang, "rec.schwein" if schwein else "rec.played", name=who(seat), card=card_text(card, lang=lang)))
        case TrickTaken(winner, augen):
            flush()
            lines.append("   " + t(lang, "rec.won", name=who(winner), augen=augen))
        case PartnerFound(partner):
            lines.append(t(lang, "rec.partner", name=who(partner)) if partner is not None else t(lang, "rec.alone"))
        case _:
            assert_never(ev)
