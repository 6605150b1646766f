"""The Spielliste of one table session: every game's points and the running totals.

Built from the store's finished games alone (``TableStore.finished_games``),
so it reads the same for an open table, after a restart and after the table
was closed (the channel's last session). A throw-in keeps its number but is
no game; a seat sitting out (the dealer at five) scores 0 and did not play.
A session may change size (a fifth joins): ``by_size`` keeps each size's games
and points apart, since points per game only compare within one size.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from dokobot.table.store import SeatInfo, StoredGame


@dataclass(frozen=True)
class SheetLine:
    number: int
    contract: str
    players: tuple[SeatInfo, ...]  # who played each seat (who finished it, after a hand-over)
    dealer: int
    points: dict[int, int]  # user id -> points of this game (0 sitting out)
    totals: dict[int, int]  # user id -> running total after this game
    sat_out: tuple[int, ...] = ()  # user ids who sat this game out
    size: int = 4  # players who got cards
    game_id: int = 0  # the stored game (its Tipps, for the sheet)
    bock: int = 1  # the Bock factor it counted with (its points include it)

    @property
    def is_game(self) -> bool:
        return self.contract != "redeal"


@dataclass(frozen=True)
class Sheet:
    lines: tuple[SheetLine, ...]
    names: dict[int, str]  # user id -> latest name, in order of first appearance
    played: dict[int, int]  # user id -> games played (throw-ins and sitting out not counted)
    by_size: dict[int, dict[int, tuple[int, int]]] = field(default_factory=dict)
    # size -> user id -> (games played, points) at that size, sizes ascending
    size: int | None = None  # the table size the sheet is filtered on (None: every size)
    # A page of a long sheet: ``lines`` are a window of it, ``earlier`` lines come
    # before, ``later`` after; ``total`` games in all (None: ``lines`` are all of it).
    earlier: int = 0
    later: int = 0
    total: int | None = None

    @property
    def mixed(self) -> bool:
        """Games of several sizes: points per game only compare per size."""
        return len(self.by_size) > 1

    @property
    def games(self) -> int:
        if self.total is not None:
            return self.total
        return sum(1 for line in self.lines if line.is_game)

    @property
    def totals(self) -> dict[int, int]:
        return dict(self.lines[-1].totals) if self.lines else {}

    @property
    def bock(self) -> dict[int, int]:
        """Game number -> Bock factor, for the lines that counted more than once."""
        return {line.number: line.bock for line in self.lines if line.bock > 1}


def build_sheet(games: list[StoredGame], size: int | None = None) -> Sheet:
    """The sheet of these finished games (in number order); ``size``: only the
    games with that many players who got cards, totals over those alone."""
    names: dict[int, str] = {}
    totals: dict[int, int] = {}
    played: dict[int, int] = {}
    by_size: dict[int, dict[int, tuple[int, int]]] = {}
    lines = []
    for g in sorted(games, key=lambda g: g.number):
        if g.result is None or (size is not None and g.size != size):
            continue
        scores = g.scores or {}
        sat_out = tuple(p.user_id for i, p in enumerate(g.players) if i < len(g.hands) and not g.hands[i])
        for p in g.players:
            names[p.user_id] = p.name
            totals.setdefault(p.user_id, 0)
            played.setdefault(p.user_id, 0)
        points = {p.user_id: int(scores.get(p.user_id, 0)) for p in g.players}
        for user_id, value in points.items():
            totals[user_id] += value
        if not g.result.is_redeal:
            at_size = by_size.setdefault(g.size, {})
            for p in g.players:
                if p.user_id not in sat_out:
                    played[p.user_id] += 1
                    n, sum_ = at_size.get(p.user_id, (0, 0))
                    at_size[p.user_id] = (n + 1, sum_ + points[p.user_id])
        lines.append(SheetLine(
            g.number, g.result.contract, tuple(g.players), g.dealer, points, dict(totals), sat_out, g.size,
            g.game_id, g.bock or 1,
        ))
    return Sheet(tuple(lines), names, played, dict(sorted(by_size.items())), size)


def page_of(sheet: Sheet, before: int | None, count: int, *, after: int | None = None) -> Sheet:
    """A page of a whole sheet: its ``count`` newest lines before game number
    ``before`` (None: the newest), or with ``after`` its ``count`` oldest after that one."""
    lines = list(sheet.lines)
    if after is not None:
        later = [line for line in lines if line.number > after]
        window = tuple(later[:count])
        earlier = len(lines) - len(later)
    else:
        sooner = [line for line in lines if before is None or line.number < before]
        window = tuple(sooner[-count:]) if count > 0 else ()
        earlier = len(sooner) - len(window)
    return replace(sheet, lines=window, earlier=earlier, later=len(lines) - earlier - len(window), total=sheet.games)


def with_start(sheet: Sheet, start: dict[int, int]) -> Sheet:
    """A window's lines with the running totals of the games before it (``start``) added."""
    lines = tuple(
        replace(line, totals={**start, **{u: v + start.get(u, 0) for u, v in line.totals.items()}})
        for line in sheet.lines
    )
    return replace(sheet, lines=lines)
