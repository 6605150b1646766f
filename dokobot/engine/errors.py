"""Errors the engine raises for actions the rules do not allow."""

from __future__ import annotations

# English sentences for replay output and logs; the bot translates by code.
MESSAGES: dict[str, str] = {
    "malformed": "malformed action: {what}",
    "bad_seat": "there is no seat {seat}",
    "game_over": "the game is over",
    "not_your_turn": "it is not seat {seat}'s turn (seat {expected} is to act)",
    "wrong_phase": "seat {seat} cannot {what} now: {why}",
    "reserve_not_allowed": "seat {seat} cannot declare {what}: {why}",
    "not_in_hand": "seat {seat} does not hold {card}",
    "must_follow": "seat {seat} must follow suit: {suit}",
    "must_overtrump": "seat {seat} must beat the highest trump in the trick",
    "schwein_not_allowed": "seat {seat} cannot play {card} as Schwein: {why}",
    "announce_party": "seat {seat} is not of the {party} party and cannot say {what}",
    "announce_repeat": "the {party} party has already said {what}",
    "announce_too_late": "seat {seat} can no longer say {what}",
    "announce_blocked": "seat {seat} cannot say {what}: {why}",
    "armut_give": "seat {seat} must hand over exactly its trumps: {expected}",
    "armut_return": "seat {seat} must return {n} cards from its hand",
    "klopfen": "seat {seat} cannot knock: {why}",
    "bad_card": "seat {seat} cannot name {card} for the Hochzeit: {why}",
    "armut_decline": "seat {seat} cannot hand the Armut back: {why}",
    "sits_out": "seat {seat} sits out this game (the dealer at five)",
    "out_of_turn": "it is not seat {seat}'s turn to bid (seat {expected} is to bid)",
    "bad_bid": "seat {seat} cannot bid {what}: {why}",
    "single_limit": "seat {seat} cannot say {what}: only one limit step per game",
    "partner_must": "seat {seat} cannot answer: the found partner of a Hochzeit must play with the holder here",
    "vorgefuehrt": "seat {seat} cannot declare {what}: seat {vorgefuehrt} is vorgeführt and plays a solo in this game",
}


class IllegalAction(Exception):
    """An action the rules refuse. ``code`` is stable; ``params`` fill the message."""

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.params = params
        super().__init__(self.message)

    @property
    def message(self) -> str:
        try:
            return MESSAGES[self.code].format(**self.params)
        except (KeyError, IndexError):
            return f"{self.code}: {self.params}"
