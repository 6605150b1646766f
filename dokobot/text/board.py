"""The Rangliste and a player's Statistik as text.

Pure: the rows come in as values (the storage layer's ``LeaderboardRow`` and
``SizeTotals`` fit the protocols below; this layer does not import storage), strings
go out. The bot builds the embeds and pages them within Discord's limits.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from dokobot.text.i18n import t, tn
from dokobot.text.numbers import decimal, percent, signed, signed_decimal
from dokobot.text.render import esc
from dokobot.text.sheet import footer, size_words, sized


class SizeRow(Protocol):
    """A player's games at one table size."""

    @property
    def size(self) -> int: ...
    @property
    def games(self) -> int: ...
    @property
    def points(self) -> int: ...
    @property
    def wins(self) -> int: ...
    @property
    def ppg(self) -> float: ...


class BoardRow(Protocol):
    """One line of the Rangliste."""

    @property
    def rank(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def games(self) -> int: ...
    @property
    def points(self) -> int: ...
    @property
    def wins(self) -> int: ...
    @property
    def ppg(self) -> float: ...
    @property
    def rating(self) -> float: ...  # the shrunk points per game, what order "ppg" ranks by
    @property
    def by_size(self) -> Sequence[SizeRow]: ...


def no_games(lang: str, size: int | None) -> str:
    return t(lang, "stats.no_games") if size is None else t(lang, "stats.no_games_size", size=size_words(lang, size))


def board_title(lang: str, period: str, order: str, size: int | None) -> str:
    return sized(t(lang, "stats.board", period=t(lang, "period." + period), order=t(lang, "order." + order)), lang, size)


def board_row(lang: str, r: BoardRow, order: str, mixed: bool = False, skill: float | None = None) -> str:
    """A player's line; ``skill``: the team rating shown beside the points (None: none). A
    computer's is its level's: the heading of their field and the footer say so."""
    text = t(lang, "stats.row", rank=r.rank, name=esc(r.name, lang),
             points=tn(lang, "count.points", r.points, sign=True), games=tn(lang, "count.games", r.games),
             ppg=signed_decimal(r.ppg, lang), wins=tn(lang, "count.wins", r.wins))
    if skill is not None:
        text += " · " + t(lang, "stats.skill", rating=decimal(skill, lang))
    if order == "ppg":
        text += " · " + t(lang, "stats.rating", rating=signed_decimal(r.rating, lang))
    if mixed:  # the board sums several table sizes: each size's points per game beneath
        parts = " · ".join(
            f"{size_words(lang, p.size)} {signed_decimal(p.ppg, lang)} ({tn(lang, 'count.games', p.games)})"
            for p in r.by_size
        )
        text += "\n" + t(lang, "stats.size_row", list=parts)
    return text


def people_text(lang: str, rows: Sequence[str]) -> str:
    """The people's lines of a page (a board of computer players alone says so)."""
    return "\n".join(rows) or t(lang, "stats.no_humans")


def bots_heading(lang: str) -> str:
    return t(lang, "stats.bots")


def bots_text(lang: str, rows: Sequence[str]) -> str:
    """A page of computer players alone: their heading, then their lines."""
    return f"**{bots_heading(lang)}**\n" + "\n".join(rows)


def board_method(lang: str, order: str, k: int, prior_ppg: float) -> str:
    """What the numbers shown are, one sentence per sort order (only ppg ranks by the
    shrunk value: its prior is said)."""
    if order == "ppg":
        return tn(lang, "stats.shrunk", k, prior=decimal(prior_ppg, lang))
    return t(lang, "stats.method." + order)


def page_footer(lang: str, method: str, mixed: bool, shown: int, of: int, skill: bool = False) -> str:
    """The footer of page ``shown`` (0-based) of ``of``: the page, the method, the redeal rule;
    ``skill``: the board shows the rating, and says in plain words what it is."""
    page_text = t(lang, "stats.page", page=shown + 1, pages=of)
    note = t(lang, "stats.skill_note") + " " if skill else ""
    return f"{page_text} · {method} {note}{footer(lang, 'rangliste', mixed)}"


def size_line(lang: str, p: SizeRow) -> str:
    """A player's games at one size, for the Statistik of a player who played several."""
    return t(
        lang, "stats.size_line", size=size_words(lang, p.size), games=tn(lang, "count.games", p.games),
        points=tn(lang, "count.points", p.points, sign=True), ppg=signed_decimal(p.ppg, lang),
        wins=tn(lang, "count.wins", p.wins), rate=percent(p.wins, p.games, lang),
    )


class PlayerStats(Protocol):
    """A player's Statistik (the storage layer's ``Statistics`` fits)."""

    @property
    def games(self) -> int: ...
    @property
    def points(self) -> int: ...
    @property
    def ppg(self) -> float: ...
    @property
    def wins(self) -> int: ...
    @property
    def re_games(self) -> int: ...
    @property
    def re_wins(self) -> int: ...
    @property
    def kontra_games(self) -> int: ...
    @property
    def kontra_wins(self) -> int: ...
    @property
    def soli(self) -> int: ...
    @property
    def soli_won(self) -> int: ...
    @property
    def hochzeiten(self) -> int: ...
    @property
    def stille_hochzeiten(self) -> int: ...
    @property
    def announcements(self) -> int: ...
    @property
    def announcements_won(self) -> int: ...
    @property
    def doppelkoepfe(self) -> int: ...
    @property
    def fuechse_caught(self) -> int: ...
    @property
    def fuechse_lost(self) -> int: ...
    @property
    def karlchen(self) -> int: ...


def statistics_body(lang: str, s: PlayerStats) -> str:
    """Games, points, wins per party, soli, Hochzeiten, announcements and extras."""
    return t(
        lang, "stats.body", games=s.games, points=signed(s.points), ppg=signed_decimal(s.ppg, lang), wins=s.wins,
        re_wins=s.re_wins, re_games=s.re_games, kontra_wins=s.kontra_wins, kontra_games=s.kontra_games,
        re_rate=percent(s.re_wins, s.re_games, lang), kontra_rate=percent(s.kontra_wins, s.kontra_games, lang),
        rate=percent(s.wins, s.games, lang),
        soli_won=s.soli_won, soli=s.soli, hochzeiten=s.hochzeiten, stille=s.stille_hochzeiten,
        ann_won=s.announcements_won, ann=s.announcements, dk=s.doppelkoepfe, fc=s.fuechse_caught,
        fl=s.fuechse_lost, karlchen=s.karlchen,
    )


def skill_text(lang: str, ordinal: float, games: int) -> tuple[str, str]:
    """(field name, value): a player's rating beside the points, in plain words (the method
    is in docs/rating.md, not on the board)."""
    return t(lang, "stats.skill_field"), t(
        lang, "stats.skill_body", rating=decimal(ordinal, lang), games=tn(lang, "count.games_dat", games),
        about=t(lang, "stats.skill_about"))
