"""Lines of what happened: the game record's event lines, one ``match`` over the engine's
events that mypy checks for every kind."""

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
from dokobot.text.cards import card_text, hochzeit_card_line
from dokobot.text.i18n import announcement_name, contract_name, t, tn

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
