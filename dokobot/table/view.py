"""What the whole table may know about a running game, as one hashable value (``TableView``).

The table text (``dokobot.text.render``) and the picture (``dokobot.text.picture``) both
read it, as a computer player reads its ``Observation``: never the live ``Game``. It holds
no hand: it is built only from public facts (``public_contract``, ``public_parties()``,
played cards, announcements, reservations as heard, the list). Equal views draw equal
pictures, so the picture caches per view.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from dokobot.engine import ArmutInfo, Game, RuleSet
from dokobot.engine.events import Trick

DECKS = ("french", "german")


@dataclass(frozen=True, slots=True)
class Played:
    seat: int
    card: str  # card code of game-record.md
    trump: bool


@dataclass(frozen=True, slots=True)
class SeatView:
    name: str
    tricks: int = 0
    party: str | None = None  # only once public
    said: str | None = None  # Vorbehalt round: gesund | vorbehalt
    level: str | None = None  # a computer seat: its level, shown beneath its short name


@dataclass(frozen=True, slots=True)
class TableView:
    """What the whole table may know about a running game, as one hashable value."""

    game_no: int
    seats: tuple[SeatView, ...]
    dealer: int
    to_act: int | None
    phase: str
    contract: str | None  # the public contract
    trick_no: int  # number of the trick being played (1-based)
    trick: tuple[Played, ...]  # the current trick, in play order
    last: tuple[Played, ...] = ()  # the last complete trick, in play order
    last_winner: int | None = None
    last_augen: int = 0
    announcements: tuple[tuple[int, str], ...] = ()
    deck: str = "french"
    lang: str = "de"
    # what the table text says too (issue 25): the seat sitting out (five), knocks, the
    # Bock factor of this game and the Bock games after it, the Hochzeit's named card, vorgeführt
    out: int | None = None
    klopfer: int = 0  # how often was knocked (Klopfen): len(Game.klopfer)
    bock: int = 1
    bock_left: int = 0
    hochzeit_suit: str | None = None  # the suit of the named ace: a card code would read as played
    vorgefuehrt: int | None = None
    # the rest of what the table text says (issue 39)
    rules: RuleSet | None = None  # the running game's (six play the Münchener Regeln)
    order: tuple[int, ...] = ()  # the seats with cards, from the one after the dealer
    declarer: int | None = None  # public soloist / Hochzeit holder / poor seat
    knockers: tuple[int, ...] = ()  # who knocked, in order
    schwein: int | None = None  # index in ``trick`` of a Fuchs played as Schwein
    last_schwein: int | None = None  # the same in ``last``
    named_card: str | None = None  # the Hochzeit's named card while the partner is sought
    hochzeit_form: str | None = None  # under ``hochzeit: choice``, while the partner is sought
    armut_told: ArmutInfo | None = None  # armut_announce, until the game is done
    first_vorbehalt: int | None = None  # the first seat that said Vorbehalt
    pflichtsolo: int | None = None  # the soloist of a Pflichtsolo being played
    pflicht: tuple[int, ...] = ()  # the seats whose solo is their Pflichtsolo (the list)
    owed: tuple[tuple[int, tuple[str, ...]], ...] = ()  # six: the sizes each seat still owes

    def cards(self) -> list[str]:
        """Every card the view shows (the privacy test counts them)."""
        return [p.card for p in (*self.trick, *self.last)]

    def parties(self) -> dict[int, str]:
        """The parties made public so far, by seat."""
        return {s: v.party for s, v in enumerate(self.seats) if v.party}

    def owes(self, seat: int) -> tuple[str, ...]:
        return next((sizes for s, sizes in self.owed if s == seat), ())


def played(game: Game, plays: tuple[tuple[int, str], ...] | list[tuple[int, str]]) -> tuple[Played, ...]:
    return tuple(Played(s, c, game.is_trump(c)) for s, c in plays)


def game_view(game: Game, names: list[str], game_no: int, *, deck: str = "french", lang: str = "de",
              bock: int = 1, bock_left: int = 0, levels: list[str | None] | None = None) -> TableView:
    """The public view of a running ``game`` (never a hand); ``bock``: this game's Bock
    factor, ``bock_left``: the Bock games after it; ``levels``: per seat a computer's level."""
    tricks = game.tricks
    won = [0] * max(len(names), game.n)
    for trick in tricks:
        won[trick.winner] += 1
    parties = game.public_parties()
    said = dict(game.reservations) if game.phase == "reserve" else {}
    levels = levels or [None] * len(names)
    seats = tuple(SeatView(names[s], won[s], parties.get(s), said.get(s), levels[s]) for s in range(len(names)))
    last = tricks[-1] if tricks else None
    return _with_text_facts(game, last, TableView(
        game_no=game_no,
        seats=seats,
        dealer=game.dealer,
        to_act=game.to_act if game.phase != "done" else None,
        phase=game.phase,
        contract=game.public_contract,
        trick_no=len(tricks) + (1 if game.phase == "play" else 0),
        trick=played(game, game.current_trick) if game.phase == "play" else (),
        last=played(game, last.cards) if last else (),
        last_winner=last.winner if last else None,
        last_augen=last.augen if last else 0,
        announcements=tuple(game.announcements),
        deck=deck if deck in DECKS else "french",
        lang=lang,
        out=next((s for s in range(game.n) if s not in game.seats), None),
        klopfer=len(game.klopfer),
        bock=bock,
        bock_left=bock_left if bock > 1 else 0,
        # named once the clarification is over and play runs, as the table text says it
        hochzeit_suit=game.hochzeit_card[0] if game.hochzeit_card and game.clarify_trick is None
        and game.phase == "play" else None,
        vorgefuehrt=game.vorgefuehrt,
    ))


def _with_text_facts(game: Game, last: Trick | None, view: TableView) -> TableView:
    """The fields only the table text reads."""
    seeking = game.clarify_trick is None and game.phase in ("play", "partner")
    form = game.hochzeit_form if game.rules.hochzeit == "choice" and seeking else None
    n = game.n
    return replace(
        view,
        rules=game.rules,
        order=tuple(s for s in ((game.dealer + 1 + i) % n for i in range(n)) if s in game.seats),
        declarer=game.declarer,
        knockers=tuple(game.klopfer),
        schwein=game.current_schwein if game.phase == "play" else None,
        last_schwein=last.schwein if last else None,
        named_card=game.hochzeit_card if seeking else None,
        hochzeit_form=form,
        armut_told=game.armut_announced if game.phase != "done" else None,
        first_vorbehalt=next((s for s, r in game.reservations if r == "vorbehalt"), None),
        pflichtsolo=game.soloist if game.is_pflichtsolo else None,
        pflicht=tuple(sorted(game.pflicht)),
        owed=tuple(sorted((s, tuple(sorted(k))) for s, k in (game.owed or {}).items())),
    )
