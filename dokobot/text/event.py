"""A Doppelkopf night in words: refusals, the settings, the standings, a watcher's view.

Pure: the event's values in, strings out (German or English). The bot puts them
into messages and embeds; ``standings_text`` keeps to a length it is given
(an embed description: 4,096 characters).
"""

from __future__ import annotations

from collections.abc import Sequence

from dokobot.engine.events import Trick
from dokobot.table.event.errors import EventError
from dokobot.table.event.kiebitz import WatchView
from dokobot.table.event.settings import EventSettings
from dokobot.table.event.standings import Standing, Standings
from dokobot.text.cards import card_text
from dokobot.text.i18n import announcement_name, t, tn
from dokobot.text.markdown import esc
from dokobot.text.numbers import signed, signed_decimal
from dokobot.text.render import preset_name

DESCRIPTION = 4096  # Discord's limit of an embed description


def error_text(lang: str | None, err: EventError) -> str:
    return t(lang, err.key, **err.params)


def settings_text(lang: str | None, s: EventSettings) -> str:
    """One line of what the host set: rounds, list, time, computers, Kiebitz."""
    parts = [t(lang, "event.settings", rounds=tn(lang, "event.rounds", s.rounds),
               games=tn(lang, "event.games", s.games), five=s.list_for(5).games, preset=preset_name(lang, s.preset))]
    if s.pflichtsolo:
        parts.append(t(lang, "event.pflichtsolo"))
    if s.time_limit:
        parts.append(t(lang, "event.time_limit", minutes=s.time_limit))
    if s.computers:
        parts.append(t(lang, "event.computers"))
    parts.append(t(lang, f"event.kiebitz.{s.kiebitz}"))
    return " · ".join(parts)


def standing_row(lang: str | None, s: Standing, name: str | None = None) -> str:
    """One entrant's line: rank, name (``name``: already escaped, else ``s.name`` escaped here),
    points per round, total, games, and the average when a round was missed."""
    rounds = " · ".join(t(lang, "event.missed", n=i + 1) if p is None else
                        t(lang, "event.round_short", n=i + 1, points=signed(p, lang))
                        for i, p in enumerate(s.rounds))
    shown = esc(s.name, lang) if name is None else name
    line = t(lang, "event.row", rank=s.rank, name=shown, rounds=rounds, total=signed(s.total, lang),
             games=tn(lang, "count.games", s.games))
    if s.played < len(s.rounds):  # ranked by the average: say it
        line += " · " + t(lang, "event.average", average=signed_decimal(float(s.average), lang))
    return line


def standings_text(lang: str | None, table: Standings, limit: int = DESCRIPTION) -> str:
    """The standings, people first, computers apart, then the ranking rule; rows that do
    not fit ``limit`` are summed up in one line."""
    if not table.people and not table.computers:
        return t(lang, "event.standings_empty")
    rows = [standing_row(lang, s) for s in table.people]
    if table.computers:
        rows += ["", f"**{t(lang, 'event.computers_apart')}**", *(standing_row(lang, s) for s in table.computers)]
    tail = ["", t(lang, "event.rule")]
    for shown in range(len(rows), -1, -1):
        more = [tn(lang, "event.more", len(rows) - shown)] if shown < len(rows) else []
        text = "\n".join([*rows[:shown], *more, *tail])
        if len(text) <= limit:
            return text
    return t(lang, "event.rule")[:limit]


def watch_text(lang: str | None, names: Sequence[str], view: WatchView,
               limit: int = DESCRIPTION) -> tuple[str, str]:
    """(title, body) of a watcher's private view of seat ``view.seat`` (``names``: every
    seat's name by seat): the tricks shown, who played what, the seat's plays and
    announcements, the parties as public then, the Augen so far. Only played cards: the
    view holds no other. The oldest tricks give way when the body would pass ``limit``."""
    name = esc(names[view.seat], lang)
    late = t(lang, "kiebitz.end" if view.finished else "kiebitz.late")
    title = f"{t(lang, 'kiebitz.title', name=name)} · {late}"
    if view.shown is None:
        return title, t(lang, "kiebitz.waiting")
    tricks = [_trick_line(lang, names, i, trick) for i, trick in enumerate(view.shown.tricks)]
    tail = _watch_facts(lang, names, view)
    for kept in range(len(tricks), -1, -1):
        more = [tn(lang, "kiebitz.more", len(tricks) - kept)] if kept < len(tricks) else []
        lines = [*more, *tricks[len(tricks) - kept:]] or [t(lang, "kiebitz.none")]
        body = "\n".join([*lines, *tail])
        if len(body) <= limit:
            return title, body
    return title, t(lang, "kiebitz.none")


def _trick_line(lang: str | None, names: Sequence[str], i: int, trick: Trick) -> str:
    cards = " · ".join(f"{esc(names[s], lang)} {card_text(c, lang=lang)}" for s, c in trick.cards)
    return t(lang, "kiebitz.trick", n=i + 1, cards=cards, winner=esc(names[trick.winner], lang), augen=trick.augen)


def _watch_facts(lang: str | None, names: Sequence[str], view: WatchView) -> list[str]:
    """The lines under the tricks: the seat's plays and announcements, the public parties, the Augen."""
    shown = view.shown
    assert shown is not None
    name = esc(names[view.seat], lang)
    out = [""]
    if view.played():
        out.append(t(lang, "kiebitz.played", name=name, cards=" ".join(card_text(c, lang=lang) for c in view.played())))
    if view.said():
        out.append(t(lang, "kiebitz.said", name=name, what=", ".join(announcement_name(lang, w) for w in view.said())))
    parties = [f"{t(lang, 'party.' + p)}: {', '.join(esc(names[s], lang) for s, q in enumerate(shown.parties) if q == p)}"
               for p in ("re", "kontra") if p in shown.parties]
    if parties:
        out.append(" · ".join(parties))
    won = [f"{esc(names[s], lang)} {a}" for s, a in enumerate(shown.points) if a]
    if won:
        out.append(t(lang, "kiebitz.points", points=" · ".join(won)))
    return out if len(out) > 1 else []


def watchers_text(lang: str | None, n: int) -> str:
    """What the table shows of its watchers (nothing when nobody watches)."""
    return t(lang, "kiebitz.count", n=n) if n else ""


def standings_title(lang: str | None, round_no: int, rounds: int) -> str:
    """The standings message's title: the event, the round, "Stand"."""
    return f"{t(lang, 'event.title', round=round_no, rounds=rounds)} · {t(lang, 'event.standings')}"
