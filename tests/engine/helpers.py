"""Builders for engine tests: readable hands and finished games from chosen facts."""

from __future__ import annotations

import random
from typing import Any

from dokobot.engine import Game, IllegalAction, RuleSet, deal, replay
from dokobot.engine.actions import ArmutDecline, ArmutGive, ArmutTake, Play, Reserve, to_json
from dokobot.engine.cards import CARD_CODES, parse_code
from dokobot.engine.contracts import order_for, order_kind


def game(hands: list[str] | None = None, dealer: int = 3, seed: int = 0, **rules) -> Game:
    """A game from space-separated hands (or a seeded deal) with rule overrides."""
    rs = RuleSet.from_config(rules or None)
    if hands is None:
        dealt = deal(rs, random.Random(seed), dealer)
    else:
        dealt = [h.split() for h in hands]
    return Game(rs, dealt, dealer)


def all_gesund(g: Game) -> None:
    while g.phase == "reserve":
        g.apply({"seat": g.to_act, "reserve": "gesund"})


def play_any(g: Game, n: int | None = None) -> None:
    """Play the first legal card n times (or to the end)."""
    i = 0
    while g.phase == "play" and (n is None or i < n):
        g.apply({"seat": g.to_act, "play": g.legal_plays(g.to_act)[0]})
        i += 1


def finished(contract: str = "normal", re=(0, 2), augen=None, won=None, levels=(-1, -1),
             tricks=(), **rules) -> Game:
    """A game in its final state with the given party totals, to check scoring alone.

    ``augen``/``won`` map seat -> Augen / tricks won; ``tricks`` lists (leader, [(seat, card)],
    winner) for the tricks whose content matters (extras).
    """
    g = game(**rules)
    g.contract = contract
    g._order = order_for(order_kind(contract), g.rules.dullen, g.rules.joker)
    g._re = frozenset(re)
    if contract.startswith("solo:"):
        g.soloist = re[0]
    if contract in ("hochzeit", "stille_hochzeit"):
        g.holder = re[0]
        g.clarify_trick = 0
        g.partner = re[1] if len(re) > 1 else None
    g._augen = [0] * 4
    g._won = [0] * 4
    for s, a in (augen or {}).items():
        g._augen[s] = a
    for s, w in (won or {}).items():
        g._won[s] = w
    g._levels = list(levels)
    g._said_re = [lv >= 0 for lv in levels]
    g._tricks_done = []
    for leader, plays, winner in tricks:
        types = [(s, parse_code(c), False) for s, c in plays]  # a list, as the engine keeps it
        g._tricks_done.append((leader, types, winner, sum(_augen(c) for _, c in plays)))
    g.phase = "done"
    g.to_act = None
    return g


def _augen(code: str) -> int:
    from dokobot.engine.cards import AUGEN

    return AUGEN[CARD_CODES.index(code)]


def hands_with(fixed: dict[int, str], **rules) -> list[str]:
    """Four hands holding the given cards, the rest of the deck filled in seat order."""
    from dokobot.engine import deck

    rs = RuleSet.from_config(rules or None)
    rest = deck(rs)
    hands = {s: cards.split() for s, cards in fixed.items()}
    for cards in hands.values():
        for c in cards:
            rest.remove(c)
    out = []
    for s in range(4):
        h = hands.get(s, [])
        while len(h) < rs.hand_size:
            h.append(rest.pop(0))
        out.append(" ".join(h))
    return out


def winner_of(g: Game, cards: str, leader: int = 0, last: bool = False, schwein: int | None = None) -> int:
    """Seat winning a trick of the given cards, played from ``leader`` on."""
    plays = [((leader + i) % 4, parse_code(c), i == schwein) for i, c in enumerate(cards.split())]
    return g._winner(plays, last)


PRESET_SWITCHES = [
    {"preset": "ddv"}, {"preset": "haus"}, {"preset": "klassisch"},
    {"preset": "haus", "overtrump": True, "joker": True},
    {"preset": "haus", "klopfen": True, "nines": False},
    {"preset": "ddv", "schweine": True, "armut": True, "announcements": "until_trick_5"},
    {"preset": "klassisch", "schweine": True, "hochzeit": "first_trump_trick", "solo_lead": "soloist"},
]


def random_position(rules: RuleSet, rng: random.Random, stop: float = 0.3) -> Game:
    """A random legal game stopped at a random moment (reservations, Armut, play)."""
    from dokobot.engine.randomplay import random_action

    dealer = rng.randrange(rules.players)
    g = Game(rules, deal(rules, rng, dealer), dealer)
    while g.phase != "done" and rng.random() > stop / 10:
        g.act(*random_action(g, rng, announce_rate=0.1, reserve_rate=0.5))
    return g


def swapped(g: Game, seat: int, rng: random.Random) -> Game | None:
    """The same game, with one unplayed card swapped between two other seats.

    Built by replaying the record from the swapped deal; None when no two
    different unplayed cards can be swapped or the actions no longer replay.
    A Kreuz-Dame stays put: it decides a seat's party, which the seat's own
    announcements make public.
    """

    others = [s for s in g.seats if s != seat]
    a, b = rng.sample(others, 2)
    ha, hb = g.hand(a), g.hand(b)
    pairs = [(x, y) for x in dict.fromkeys(ha) for y in dict.fromkeys(hb)
             if x != y and "CQ" not in (x, y)]
    if not pairs:
        return None
    x, y = rng.choice(pairs)
    hands = [[CARD_CODES[t] for t in h] for h in g._dealt]
    hands[a][hands[a].index(x)] = y
    hands[b][hands[b].index(y)] = x
    g2 = replayed_with(g, hands)
    if g2 is None:
        return None
    assert g2.hand(a) != ha
    return g2


def replayed_with(g: Game, hands: list[list[str]]) -> Game | None:
    """``g``'s actions replayed on other hands (None where one of them is illegal there)."""
    g2 = Game(g.rules, hands, g.dealer)
    try:
        for action in g.actions:
            g2.apply(action)
    except IllegalAction:
        return None
    return g2


def reservations(g: Game, seat: int) -> list[dict[str, Any]]:
    """The reservations ``seat`` may make now, as record actions (Game.legal_actions' order)."""
    return [to_json(seat, m) for m in g.legal_actions(seat) if isinstance(m, Reserve)]


def plays(g: Game, seat: int) -> list[dict[str, Any]]:
    """The plays ``seat`` may make now, as record actions (Schwein after the plain Fuchs)."""
    return [to_json(seat, m) for m in g.legal_actions(seat) if isinstance(m, Play)]


def armut_answers(g: Game, seat: int) -> list[dict[str, Any]]:
    """The Armut answers ``seat`` may give now (take or not, the give, a decline), as record actions."""
    return [to_json(seat, m) for m in g.legal_actions(seat) if isinstance(m, ArmutTake | ArmutGive | ArmutDecline)]


def legal_json(g: Game, seat: int) -> list[dict[str, Any]]:
    """Every move ``seat`` may make now, as record actions (Game.legal_actions' order)."""
    return [to_json(seat, m) for m in g.legal_actions(seat)]


def play_first(g: Game) -> None:
    """Play the first legal card (display order) to the end."""
    while g.phase == "play":
        g.apply({"seat": g.to_act, "play": g.legal_plays(g.to_act)[0]})


def split(*hands: str) -> list[list[str]]:
    return [h.split() for h in hands]


SIX = {"preset": "muenchen", "extras": []}


# Six: three Re seats (one CQ each) hold the 36 highest trumps; Kontra the D9s and plain cards.
SIX_RE_ALL = split(
    "CQ HT HT HT SQ SQ SQ HQ HQ HQ DQ DQ",  # seat 0: Re
    "CA CA CA CT CT CT CK CK CK C9 C9 C9",  # seat 1
    "CQ DQ CJ CJ CJ SJ SJ SJ HJ HJ HJ DJ",  # seat 2: Re
    "SA SA SA ST ST ST SK SK SK S9 S9 S9",  # seat 3
    "CQ DJ DJ DA DA DA DT DT DT DK DK DK",  # seat 4: Re
    "HA HA HA HK HK HK H9 H9 H9 D9 D9 D9",  # seat 5
)


# Six: a seat with two CQ says gesund and plays with the third CQ seat (reading 30), 2:4.
SIX_TWO_RE_ALL = split(
    "CQ CQ HT HT HT SQ SQ SQ HQ HQ HQ DQ",  # seat 0: Re (two CQ)
    "CA CA CA CT CT CT CK CK CK C9 C9 C9",  # seat 1
    "CQ DQ DQ CJ CJ CJ SJ SJ SJ HJ HJ HJ",  # seat 2: Re
    "SA SA SA ST ST ST SK SK SK S9 S9 S9",  # seat 3
    "DJ DJ DJ DA DA DA DT DT DT DK DK DK",  # seat 4
    "HA HA HA HK HK HK H9 H9 H9 D9 D9 D9",  # seat 5
)


# Six: seat 0 holds all twelve aces: as a fleischlos soloist it leads and wins every trick.
SIX_ACES = split(
    "CA CA CA SA SA SA HA HA HA DA DA DA",
    "CT CT CT CK CK CK C9 C9 C9 CQ CQ CQ",
    "ST ST ST SK SK SK S9 S9 S9 SQ SQ SQ",
    "HT HT HT HK HK HK H9 H9 H9 HQ HQ HQ",
    "DT DT DT DK DK DK D9 D9 D9 DQ DQ DQ",
    "CJ CJ CJ SJ SJ SJ HJ HJ HJ DJ DJ DJ",
)


def played(rules: dict, hands: list[list[str]], dealer: int, reserves: dict[int, dict] | None = None) -> dict:
    g = Game(RuleSet.from_config(rules), hands, dealer)
    reserves = reserves or {}
    while g.phase == "reserve":
        s = g.to_act
        g.apply({"seat": s, **reserves.get(s, {"reserve": "gesund"})})
    play_first(g)
    result = g.result()
    assert replay(g.record()) == result
    return result


def six(hands: list[list[str]] | None = None, dealer: int = 5, seed: int = 1, **switches: object) -> Game:
    rules = RuleSet.from_config({"preset": "muenchen", **switches})
    return Game(rules, hands or deal(rules, random.Random(seed), dealer), dealer)


def bidding_game() -> Game:
    g = six(dealer=5)
    g.apply({"seat": 0, "reserve": "solo", "solo": "karo"})
    g.apply({"seat": 1, "reserve": "solo", "solo": "buben", "size": "gross"})
    g.apply({"seat": 2, "reserve": "gesund"})
    g.apply({"seat": 3, "reserve": "solo", "solo": "damen"})
    g.apply({"seat": 4, "reserve": "solo", "solo": "herz", "size": "klein"})
    g.apply({"seat": 5, "reserve": "gesund"})
    return g
