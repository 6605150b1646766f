"""What a Doppelkopf night shows in its channel: the event's message as words and a picture.

Pure: the event's values in, words and PNG bytes out (German or English). ``board`` is the
embed of the event's one public message (title, settings, phase, the tables of the round or
the entrants, the standings, the ranking rule), held within every embed limit however many
entrants there are: rows that do not fit are summed up ("… und 187 weitere Spieler"; the
export has them all). ``standings_png`` draws the standings for a phone's width, and
``standings_alt`` says what it shows. The past events' list and the entrants' reminder are
here too. Lengths count as Discord counts them: UTF-16 code units.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from dokobot.players import DEFAULT_LEVEL
from dokobot.table.event.standings import Standing, Standings
from dokobot.table.event.state import EventState
from dokobot.table.event.store import StoredEvent
from dokobot.table.table import computer_id, computer_name
from dokobot.text.event import settings_text, standing_row
from dokobot.text.i18n import computer_words, t, tn
from dokobot.text.markdown import esc
from dokobot.text.numbers import signed
from dokobot.text.picture import (
    FELT_DARK,
    GOLD,
    MUTED,
    PANEL,
    WHITE,
    alt_text,
    font,
    png,
    shown_name,
)

TITLE, DESCRIPTION, FIELD_VALUE, FOOTER, TOTAL = 256, 4096, 1024, 2048, 6000  # Discord's embed limits
CONTENT = 2000  # a message's content
NAME_MAX = 32  # a name in the texts (Discord's display names are no longer)


def units(text: str) -> int:
    """A length as Discord counts it: UTF-16 code units (an emoji counts 2)."""
    return len(text.encode("utf-16-le")) // 2


@dataclass(frozen=True)
class Board:
    """The event message's embed, in words."""

    title: str
    description: str
    fields: tuple[tuple[str, str], ...]  # (name, value)
    footer: str

    def size(self) -> int:
        """Its size in Discord's count (all of it must stay within 6,000)."""
        return sum(units(s) for s in (self.title, self.description, self.footer, *(x for f in self.fields for x in f)))


def names_of(state: EventState) -> dict[int, str]:
    """Every name the standings may need: the entrants, the seats of the round, and each
    computer the event handed a seat (their keys follow from their names)."""
    names: dict[int, str] = {}
    for n in range(1, state.computers + 1):
        name = computer_name(n, DEFAULT_LEVEL)
        names[computer_id(name)] = name
    if state.current is not None:
        names.update((s.key, s.name) for table in state.current.tables for s in table.seats)
    names.update((e.key, e.name) for e in state.entrants)  # a person's name as they signed up
    return names


def fit(lines: Sequence[str], limit: int, more: Callable[[int], str], sep: str = "\n") -> str:
    """As many of ``lines`` as fit ``limit`` units, the rest summed up by ``more(n)``."""
    whole = sep.join(lines)
    if units(whole) <= limit:
        return whole
    used, shown = 0, 0
    for line in lines:
        tail = units(more(len(lines) - shown - 1)) + units(sep) * 2
        if used + units(line) + tail > limit:
            break
        used += units(line) + units(sep)
        shown += 1
    out = sep.join([*lines[:shown], more(len(lines) - shown)])
    return out if units(out) <= limit else ""


def _name(name: str, lang: str | None) -> str:
    return esc(name[:NAME_MAX], lang)


# ---- the event's message --------------------------------------------------------------------


def board(lang: str | None, event: StoredEvent, table: Standings, threads: Mapping[int, int] | None = None) -> Board:
    """The embed of the event's message. ``threads``: table number -> thread id, for the
    tables of the round in play (their links)."""
    state = event.state
    title = _title(lang, state)[:TITLE]
    footer = t(lang, "board.rule")
    fields = _fields(lang, state, threads or {})
    head = "\n".join(x for x in (settings_text(lang, state.settings), _start(lang, event), _phase(lang, state)) if x)
    used = units(title) + units(footer) + sum(units(a) + units(b) for a, b in fields) + units(head) + 2
    room = min(DESCRIPTION - units(head) - 2, TOTAL - used)
    return Board(title, f"{head}\n\n{standings_lines(lang, table, room)}".rstrip(), fields, footer)


def _title(lang: str | None, state: EventState) -> str:
    rounds = state.settings.rounds
    if state.phase == "signup":
        return t(lang, "board.title.signup")
    if state.phase in ("paused", "ended"):
        return t(lang, f"board.title.{state.phase}")
    if state.phase == "between":
        return t(lang, "board.title.between", round=state.rounds_done, rounds=rounds)
    run = state.current
    return t(lang, "event.title", round=run.no if run else state.rounds_done, rounds=rounds)


def _start(lang: str | None, event: StoredEvent) -> str:
    if event.starts_at is None or event.state.phase != "signup":
        return ""
    at = int(event.starts_at)
    return t(lang, "board.starts", at=f"<t:{at}:F>", rel=f"<t:{at}:R>")


def _phase(lang: str | None, state: EventState) -> str:
    run = state.current
    if state.phase == "signup":
        return t(lang, "board.phase.signup")
    if state.phase == "playing" and run is not None:
        line = t(lang, "board.phase.playing", round=run.no, tables=tn(lang, "board.tables", len(run.tables)))
        if run.deadline is not None and not run.time_up:
            line += " " + t(lang, "board.deadline", at=f"<t:{int(run.deadline)}:t>")
        return line
    if state.phase == "between":
        return t(lang, "board.phase.between", round=state.rounds_done)
    return t(lang, f"board.phase.{state.phase}")


def _fields(lang: str | None, state: EventState, threads: Mapping[int, int]) -> tuple[tuple[str, str], ...]:
    """The entrants (before the start) or the round's tables with their threads."""
    if state.phase == "signup":
        people = [e for e in state.entrants if not e.left]
        if not people:
            return ((t(lang, "board.entrants", n=0), t(lang, "board.nobody")),)
        names = [_name(e.name, lang) for e in people]
        return ((t(lang, "board.entrants", n=len(people)), fit(names, FIELD_VALUE, _more_people(lang), ", ")),)
    run = state.current
    if run is None or state.phase == "ended":
        return ()
    lines = []
    for tab in run.tables:
        thread = f"<#{threads[tab.no]}>" if tab.no in threads else "–"
        seats = ", ".join(_name(s.name, lang) for s in tab.seats)
        done = f" · {t(lang, 'board.done')}" if tab.done else ""
        lines.append(t(lang, "board.table", no=tab.no, thread=thread, seats=seats) + done)

    def more(n: int) -> str:
        return tn(lang, "board.more_tables", n)

    return ((t(lang, "board.tables_title", round=run.no), fit(lines, FIELD_VALUE, more)),)


def _more_people(lang: str | None) -> Callable[[int], str]:
    return lambda n: tn(lang, "event.more", n)


def standings_lines(lang: str | None, table: Standings, limit: int = DESCRIPTION) -> str:
    """The standings as lines, people first, computers apart, within ``limit`` units."""
    if not table.people and not table.computers:
        return t(lang, "event.standings_empty")
    rows = [f"**{t(lang, 'event.standings')}**", *(_row(lang, s) for s in table.people)]
    if table.computers:
        rows += [f"**{t(lang, 'event.computers_apart')}**", *(_row(lang, s) for s in table.computers)]
    return fit(rows, limit, _more_people(lang))


def _row(lang: str | None, s: Standing) -> str:
    return standing_row(lang, s, _name(s.name, lang))


# ---- past events ------------------------------------------------------------------------------


def past_list(lang: str | None, events: Sequence[StoredEvent], limit: int = DESCRIPTION) -> str:
    """The channel's events, newest first: number, date, phase, entrants."""
    if not events:
        return t(lang, "board.past.none")
    lines = [t(lang, "board.past.line", id=e.event_id, at=f"<t:{int(e.created_at)}:d>",
               phase=t(lang, f"board.past.{e.state.phase}"), entrants=tn(lang, "board.people", len(e.state.entrants)))
             for e in events]
    return fit(lines, limit, lambda n: tn(lang, "board.more_events", n))


# ---- the reminder before the start ------------------------------------------------------------


MENTIONS = 100  # users one message may allow to be pinged (Discord's allowed_mentions.users)
_MENTION = re.compile(r"<@(\d+)>")


def reminder_texts(lang: str | None, starts_at: float, people: Sequence[int]) -> list[str]:
    """The entrants' reminder: each message within Discord's 2,000 characters and 100
    mentions, every entrant mentioned once (more than fit: several messages)."""
    head = t(lang, "board.reminder", at=f"<t:{int(starts_at)}:t>", rel=f"<t:{int(starts_at)}:R>")
    out: list[str] = []
    line, count = head, 0
    for key in people:
        mention = f"<@{key}>"
        if units(line) + 1 + units(mention) > CONTENT or count == MENTIONS:
            out.append(line)
            line, count = head, 0
        line, count = f"{line} {mention}", count + 1
    if count or not out:
        out.append(line)
    return out


def mentioned(text: str) -> list[int]:
    """The users a text mentions (``<@id>``), in order."""
    return [int(m) for m in _MENTION.findall(text)]


# ---- the standings as a picture -----------------------------------------------------------------

# 600 px wide: at a phone's 340 px, 16 px type keeps capitals 6.5 px tall (tests/text/test_legible.py)
W = 600
SIZE, TITLE_SIZE = 16, 20
ROW_H, PAD = 26, 16
PICTURE_ROWS = 30  # rows drawn; the rest summed up in one line (the text and the export hold them all)
RANK_W, ROUND_W, TOTAL_W, GAMES_W = 40, 50, 64, 44
NAME_MIN = 140  # px a name keeps; more rounds than leave it that go to a second line


@dataclass(frozen=True)
class _Columns:
    """Where each column ends (right-aligned numbers). Up to five rounds stand in one line
    beside the name; more go to a second line under it, so a name keeps its room."""

    rounds: int

    @property
    def two_lines(self) -> bool:
        return W - 2 * PAD - RANK_W - self.rounds * ROUND_W - TOTAL_W - GAMES_W - 8 < NAME_MIN

    @property
    def inline(self) -> int:  # round columns beside the name
        return 0 if self.two_lines else self.rounds

    @property
    def name_w(self) -> int:
        return W - 2 * PAD - RANK_W - self.inline * ROUND_W - TOTAL_W - GAMES_W - 8

    @property
    def row_h(self) -> int:
        return ROW_H * 2 if self.two_lines else ROW_H

    def round_x(self, i: int) -> int:  # the right edge of round column i (in the name's line)
        return PAD + RANK_W + self.name_w + 8 + (i + 1) * ROUND_W

    @property
    def total_x(self) -> int:
        return PAD + RANK_W + self.name_w + 8 + self.inline * ROUND_W + TOTAL_W

    @property
    def games_x(self) -> int:
        return self.total_x + GAMES_W


def name_width(rounds: int) -> int:
    """Pixels a name may take in the picture of ``rounds`` rounds (longer names are cut)."""
    return _Columns(rounds).name_w


def _picture_rows(lang: str, table: Standings) -> list[tuple[str, Standing | None]]:
    rows: list[tuple[str, Standing | None]] = [("", s) for s in table.people[:PICTURE_ROWS]]
    hidden = len(table.people) - len(rows)
    if hidden > 0:
        rows.append((tn(lang, "event.more", hidden), None))
    if table.computers:
        rows.append((t(lang, "event.computers_apart"), None))
        rows += [("", s) for s in table.computers[:8]]
        if len(table.computers) > 8:
            rows.append((tn(lang, "event.more", len(table.computers) - 8), None))
    return rows


def standings_png(lang: str, table: Standings, title: str) -> bytes:
    """The standings as a picture: rank, name, points per round, total, games."""
    rows = _picture_rows(lang, table)
    cols = _Columns(table.rounds)
    height = PAD * 2 + 36 + ROW_H + sum(ROW_H if s is None else cols.row_h for _, s in rows)
    im = Image.new("RGB", (W, height), PANEL)
    d = ImageDraw.Draw(im)
    d.text((PAD, PAD), shown_name(title, W - 2 * PAD, TITLE_SIZE, fallback=""), font=font(TITLE_SIZE, True), fill=WHITE)
    y = PAD + 36
    _header(d, lang, cols, y)
    y += ROW_H
    for i, (words, s) in enumerate(rows):
        if s is None:
            d.text((PAD, y + ROW_H / 2), words, font=font(SIZE, True), fill=GOLD, anchor="lm")
            y += ROW_H
            continue
        if i % 2 == 0:
            d.rectangle((PAD - 6, y, W - PAD + 6, y + cols.row_h), fill=FELT_DARK)
        _standing_row(d, lang, cols, s, y + ROW_H / 2)
        y += cols.row_h
    return png(im)


def _header(d: ImageDraw.ImageDraw, lang: str, cols: _Columns, y: float) -> None:
    small, mid = font(SIZE), y + ROW_H / 2
    d.text((PAD, mid), "#", font=small, fill=MUTED, anchor="lm")
    d.text((PAD + RANK_W, mid), t(lang, "board.pic.name"), font=small, fill=MUTED, anchor="lm")
    for i in range(cols.inline):
        d.text((cols.round_x(i), mid), t(lang, "board.pic.round", n=i + 1), font=small, fill=MUTED, anchor="rm")
    d.text((cols.total_x, mid), "Σ", font=small, fill=MUTED, anchor="rm")
    d.text((cols.games_x, mid), t(lang, "board.pic.games"), font=small, fill=MUTED, anchor="rm")


def _standing_row(d: ImageDraw.ImageDraw, lang: str, cols: _Columns, s: Standing, mid: float) -> None:
    f, bold = font(SIZE), font(SIZE, True)
    d.text((PAD, mid), f"{s.rank}.", font=f, fill=WHITE, anchor="lm")
    name = shown_name(computer_words(s.name, lang), cols.name_w, SIZE)
    d.text((PAD + RANK_W, mid), name, font=bold, fill=WHITE, anchor="lm")
    points = ["–" if p is None else signed(p, lang) for p in s.rounds]
    if cols.two_lines:  # "R1 +6   R2 −3 ...", under the name
        line = "  ".join(f"{t(lang, 'board.pic.round', n=i + 1)} {p}" for i, p in enumerate(points))
        d.text((PAD + RANK_W, mid + ROW_H), line, font=f, fill=MUTED, anchor="lm")
    else:
        for i, p in enumerate(points):
            d.text((cols.round_x(i), mid), p, font=f, fill=MUTED, anchor="rm")
    d.text((cols.total_x, mid), signed(s.total, lang), font=bold, fill=GOLD, anchor="rm")
    d.text((cols.games_x, mid), str(s.games), font=f, fill=WHITE, anchor="rm")


def standings_alt(lang: str, table: Standings, title: str) -> str:
    """What the picture shows, in the reader's language, within 1,024 UTF-16 units."""
    def say(s: Standing) -> str:
        rounds = ", ".join(t(lang, "event.missed", n=i + 1) if p is None else
                           t(lang, "event.round_short", n=i + 1, points=signed(p, lang)) for i, p in enumerate(s.rounds))
        return t(lang, "board.alt.row", rank=s.rank, name=computer_words(s.name[:NAME_MAX], lang), rounds=rounds,
                 total=signed(s.total, lang), games=tn(lang, "count.games", s.games))

    parts = [t(lang, "board.alt", title=title, people=tn(lang, "board.people", len(table.people)))]
    parts += [say(s) for s in table.people]
    if table.computers:
        parts += [t(lang, "event.computers_apart"), *(say(s) for s in table.computers)]
    return alt_text(parts)
