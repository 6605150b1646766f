"""The event's transitions: each takes the state and returns the new state with the effects
the bot layer carries out (``Step``); a step that is not allowed raises ``EventError`` and
changes nothing. Times are Unix seconds passed in (``now``): no clock is read here."""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from dokobot.players import DEFAULT_LEVEL
from dokobot.table.table import computer_id, computer_name

from . import effects as fx
from .errors import EventError
from .seating import draw, plan
from .settings import EventSettings
from .state import MAX_ENTRANTS, Entrant, EventState, Phase, RoundRun, Seat, TableRun

SEED_STRIDE = 1009  # each round's draw gets its own seed from the event's


class Step(NamedTuple):
    state: EventState
    effects: tuple[fx.Effect, ...]


def open_event(event_id: int, host: int, settings: EventSettings, seed: int) -> EventState:
    return EventState(event_id, host, settings, seed)


def _host(state: EventState, by: int) -> None:
    if by != state.host:
        raise EventError("event.err.not_host")


def _not_ended(state: EventState) -> None:
    if state.phase == "ended":
        raise EventError("event.err.ended")


def sign_up(state: EventState, key: int, name: str) -> Step:
    """An entrant signs up: before the start for round 1, later from the next round."""
    _not_ended(state)
    known = state.entrant(key)
    if known is not None and not known.left:
        raise EventError("event.err.already")
    first = 1 if state.phase == "signup" else state.next_round()
    if first > state.settings.rounds:
        raise EventError("event.err.last_round")
    if known is None and len(state.entrants) >= MAX_ENTRANTS:
        raise EventError("event.err.full", n=MAX_ENTRANTS)
    entrant = Entrant(key, name, first)
    entrants = tuple(e for e in state.entrants if e.key != key) + (entrant,)
    return Step(replace(state, entrants=entrants), (fx.EntrantAdded(key, first), fx.StandingsChanged()))


def withdraw(state: EventState, key: int) -> Step:
    """An entrant leaves the event: before the start they are gone; seated in a running
    round their seat is handed over (``_hand_over``); later rounds do not draw them."""
    _not_ended(state)
    known = state.entrant(key)
    if known is None or known.left:
        raise EventError("event.err.not_entrant")
    if state.phase == "signup":
        return Step(replace(state, entrants=tuple(e for e in state.entrants if e.key != key)), (fx.EntrantLeft(key),))
    left = replace(state, entrants=tuple(replace(e, left=True) if e.key == key else e for e in state.entrants))
    run = state.current
    table = next((t for t in run.tables if not t.done and any(s.key == key for s in t.seats)), None) if run else None
    if run is None or table is None:
        return Step(left, (fx.EntrantLeft(key),))
    return _hand_over(left, run, table, key)


def _hand_over(state: EventState, run: RoundRun, table: TableRun, key: int) -> Step:
    """The seat goes to the first waiting entrant (signed up, not seated this round), else
    to a computer: the table plays on, the leaver keeps the points made so far."""
    seated = run.seated()
    waiting = next((e for e in state.entrants if not e.left and e.key not in seated), None)
    count = state.computers
    if waiting is not None:
        new = Seat(waiting.key, waiting.name)
    else:
        count += 1
        name = computer_name(count, DEFAULT_LEVEL)
        new = Seat(computer_id(name), name, True)
    seats = tuple(new if s.key == key else s for s in table.seats)
    tables = tuple(replace(t, seats=seats) if t.no == table.no else t for t in run.tables)
    after = replace(state, current=replace(run, tables=tables), computers=count)
    return Step(after, (fx.EntrantLeft(key), fx.HandOverSeat(run.no, table.no, key, new)))


def start(state: EventState, by: int, now: float) -> Step:
    """The host starts the event: round 1 is drawn and its tables open."""
    _host(state, by)
    if state.phase != "signup":
        raise EventError("event.err.started")
    return _begin(replace(state, phase="between"), now)


def begin_round(state: EventState, by: int, now: float) -> Step:
    """The host begins the next round (after a round is over)."""
    _host(state, by)
    if state.phase != "between":
        raise EventError("event.err.not_between")
    return _begin(state, now)


def _begin(state: EventState, now: float) -> Step:
    no = state.rounds_done + 1
    people = state.eligible(no)
    sizes = plan(len(people), state.settings.computers)
    if sizes is None:
        raise EventError("event.err.numbers" if people else "event.err.nobody", n=len(people))
    names = {e.key: e.name for e in people}
    drawn = draw([e.key for e in people], sizes, state.drawn, state.seed * SEED_STRIDE + no).tables
    tables, count = [], state.computers
    for i, group in enumerate(drawn):
        seats = [Seat(k, names[k]) for k in group]
        while len(seats) < 4:
            count += 1
            name = computer_name(count, DEFAULT_LEVEL)
            seats.append(Seat(computer_id(name), name, True))
        tables.append(TableRun(i + 1, tuple(seats)))
    seconds = state.settings.round_seconds
    run = RoundRun(no, tuple(tables), now + seconds if seconds else None)
    after = replace(state, phase="playing", current=run, drawn=(*state.drawn, drawn), computers=count)
    opened = [fx.OpenTable(no, t.no, t.seats, state.settings.rules_config(len(t.seats)),
                           state.settings.list_for(len(t.seats))) for t in run.tables]
    return Step(after, (fx.RoundBegun(no, run.deadline), *opened, fx.StandingsChanged()))


def _running(state: EventState, round_no: int, table_no: int) -> tuple[RoundRun, TableRun]:
    run = state.current
    table = run.table(table_no) if run is not None and run.no == round_no else None
    if run is None or table is None or table.done:
        raise EventError("event.err.stale", round=round_no, table=table_no)
    return run, table


def game_finished(state: EventState, round_no: int, table_no: int) -> Step:
    """A game of a running table was booked: the standings change."""
    _running(state, round_no, table_no)
    return Step(state, (fx.StandingsChanged(),))


def table_done(state: EventState, round_no: int, table_no: int) -> Step:
    """A table's list is over: it closes; when it was the round's last, the round ends (and
    after the last round the event)."""
    run, _ = _running(state, round_no, table_no)
    tables = tuple(replace(t, done=True) if t.no == table_no else t for t in run.tables)
    out: list[fx.Effect] = [fx.CloseTable(round_no, table_no), fx.StandingsChanged()]
    if not all(t.done for t in tables):
        return Step(replace(state, current=replace(run, tables=tables)), tuple(out))
    out.append(fx.RoundEnded(round_no))
    last = round_no >= state.settings.rounds
    if last:
        out.append(fx.EventEnded())
    phase: Phase = "ended" if last else "between"
    if state.phase == "paused" and not last:
        return Step(replace(state, current=None, rounds_done=round_no, paused_from=phase), tuple(out))
    return Step(replace(state, phase=phase, current=None, rounds_done=round_no, paused_from=None,
                        paused_at=None), tuple(out))


def time_up(state: EventState, now: float) -> Step:
    """The round's time limit has passed: every table still playing finishes the game in
    play and then only the Pflichtsoli still owed (``timelimit``). Early, paused or
    already done: no effect."""
    run = state.current
    if state.phase != "playing" or run is None or run.deadline is None or now < run.deadline or run.time_up:
        return Step(state, ())
    tables = tuple(t if t.done else replace(t, struck=True) for t in run.tables)
    strikes = tuple(fx.StrikeGames(run.no, t.no) for t in run.tables if not t.done)
    return Step(replace(state, current=replace(run, tables=tables, time_up=True)), strikes)


def pause(state: EventState, by: int, now: float) -> Step:
    """The host holds the event: games in play are finished, no new game is dealt and no
    round begun, and the round's time stands still."""
    _host(state, by)
    if state.phase not in ("playing", "between"):
        raise EventError("event.err.not_running")
    hold: tuple[fx.Effect, ...] = (fx.HoldTables(state.current.no),) if state.current else ()
    return Step(replace(state, phase="paused", paused_from=state.phase, paused_at=now), hold)


def resume(state: EventState, by: int, now: float) -> Step:
    _host(state, by)
    if state.phase != "paused" or state.paused_from is None:
        raise EventError("event.err.not_paused")
    run = state.current
    if run is None or state.paused_from != "playing":
        return Step(replace(state, phase=state.paused_from, paused_from=None, paused_at=None), ())
    held = now - (state.paused_at if state.paused_at is not None else now)
    deadline = run.deadline + max(0.0, held) if run.deadline is not None else None
    after = replace(state, phase="playing", current=replace(run, deadline=deadline), paused_from=None, paused_at=None)
    return Step(after, (fx.ResumeTables(run.no, deadline),))


def end(state: EventState, by: int) -> Step:
    """The host ends the event: open tables close (a game in play is aborted as at any
    table), the standings stay as they are."""
    _host(state, by)
    _not_ended(state)
    run = state.current
    closing = tuple(fx.CloseTable(run.no, t.no) for t in run.tables if not t.done) if run else ()
    return Step(replace(state, phase="ended", current=None, paused_from=None, paused_at=None),
                (*closing, fx.StandingsChanged(), fx.EventEnded()))
