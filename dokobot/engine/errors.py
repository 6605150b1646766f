"""Errors the engine raises for actions the rules do not allow, and for rules it cannot build."""

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


# Why a refusal happened (the ``why`` of wrong_phase, reserve_not_allowed, bad_card, bad_bid,
# armut_decline, klopfen, schwein_not_allowed and announce_blocked): code -> English sentence.
# The sentences are what replay output and logs show; the bot words a reason by its code.
REASONS: dict[str, str] = {
    # the phase an action came in
    "phase_reserve": "the Vorbehalt round is not over",
    "phase_bid": "equal solo reservations are being bid",
    "phase_armut_take": "the Armut is being offered",
    "phase_armut_exchange": "the Armut exchange is not complete",
    "phase_play": "the cards are being played",
    "phase_partner": "the found partner of the Hochzeit answers first",
    "phase_done": "the game is over",
    # reservations
    "vorgefuehrt_self": "the seat is vorgeführt: it must play a solo",
    "vorgefuehrt_other": "this game belongs to the vorgeführte solo of another seat",
    "hochzeit_cq": "a Hochzeit needs both queens of clubs",
    "hochzeit_cq_six": "a Hochzeit needs two queens of clubs",
    "solo_off": "solo {solo!r} is not played at this table",
    "klein_six": "a kleines Solo is played only with six at the table",
    "armut_off": "Armut is not played at this table",
    "armut_trumps": "Armut needs at most three trumps, the hand has {n}",
    "schmeissen": "the hand allows no Schmeißen at this table",
    "pflicht_not_owed": "a Pflichtsolo is owed only in a list, once",
    "owes_gross": "the seat owes its großes Pflichtsolo",
    "owes_klein": "the seat owes its kleines Pflichtsolo",
    "lust_before_pflicht": "no Lustsolo before the own Pflichtsoli",
    "card_missing": "the Hochzeit must name a card",
    "card_offer": "name a card other than CQ not held in every copy ({allowed})",
    # bidding at six
    "bid_step": "a bid is a step from re up, or pass",
    "bid_above": "name a step above {step}",
    "bid_first_re": "the first bid is re",
    "bid_hold": "hold {step} or pass",
    # Armut, Klopfen, Schwein
    "armut_before": "the Armut is decided before seeing the cards",
    "klopfen_off": "Klopfen is not played at this table",
    "klopfen_late": "only before the first card",
    "not_playing": "the seat does not play this game",
    "klopfen_four": "four knocks are the most",
    "klopfen_twice": "no seat knocks twice in a row",
    "schwein_off": "Schweine are not played at this table",
    "schwein_trump": "only a Fuchs that is trump can be a Schwein",
    "schwein_every": "a Schwein needs every Fuchs dealt to one hand",
    "schwein_once": "only one Fuchs becomes a Schwein",
    # announcements (announce_blocked)
    "blocked_done": "the game is over",
    "blocked_reserve": "announcements come after the reservations",
    "blocked_hochzeit": "nothing can be announced before the Hochzeit is clarified",
    "blocked_six": "{what} is said only with six at the table",
    "blocked_klopfen": "at this table Klopfen replaces Re and Kontra",
    "blocked_late_reply": "after a late reply the party may make no further step",
}


class Reason:
    """A refusal reason: a stable ``code`` of ``REASONS`` and its ``params``. As text (``str``,
    or ``{why}`` in a message) it is the English sentence, so messages read as before."""

    __slots__ = ("code", "params")

    def __init__(self, code: str, **params: object) -> None:
        if code not in REASONS:
            raise KeyError(f"unknown refusal reason {code!r}")
        self.code = code
        self.params = params

    def __str__(self) -> str:
        return REASONS[self.code].format(**self.params)

    def __repr__(self) -> str:
        return f"Reason({self.code!r}, {self.params!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Reason) and (self.code, self.params) == (other.code, other.params)

    def __hash__(self) -> int:
        return hash(self.code)


# Why a rule set cannot be built (``RuleError``): code -> English sentence, its params naming
# the switch (``name``), the value and what is allowed. The bot words a RuleError by its code.
RULE_MESSAGES: dict[str, str] = {
    "not_object": "rules must be an object",
    "unknown_preset": "unknown preset {preset!r} (known: {known})",
    "six_muenchen": "six at the table play the preset 'muenchen', and 'muenchen' needs six players",
    "fine_steps": "switch 'fine_steps' needs scoring 'doubling' or 'plus' (the other schemes already count each level)",
    "switch_bool": "switch {name!r} must be true or false, not {value!r}",
    "switch_choice": "switch {name!r}: unknown value {value!r} (one of: {allowed})",
    "switch_list": "switch {name!r} must be a list (allowed: {allowed})",
    "switch_list_value": "switch {name!r}: unknown value {value!r} (allowed: {allowed})",
    "switch_number": "switch {name!r} must be a whole number from {lo} to {hi}, not {value!r}",
    "unknown_switch": "unknown switch {name!r}",
}


class RuleError(ValueError):
    """A rule set that cannot be built. ``code`` (of ``RULE_MESSAGES``) is stable and ``params``
    name the switch and value; as text it is the English sentence (replay output, logs)."""

    def __init__(self, code: str, **params: object) -> None:
        if code not in RULE_MESSAGES:
            raise KeyError(f"unknown rule error {code!r}")
        self.code = code
        self.params = params
        super().__init__(RULE_MESSAGES[code].format(**params))


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
