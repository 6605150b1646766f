"""After a restart: the tables brought in line with the stored event.

The desk saves an event's new state *before* it carries out the effects, so a process
killed in between leaves effects undone: a table not opened, a seat not handed over, a
strike, a hold or a close not made. The stored state says what should be; ``mend``
compares each table of the running round with it and does what is missing, the same way
the effect would have. The other way round, ``unheard`` finds the tables whose list
ended while the event did not hear of it.
"""

from __future__ import annotations

import logging

from dokobot.bot.event.carry import EventEffects
from dokobot.bot.event.places import Place
from dokobot.table.event import effects as fx
from dokobot.table.event.state import RoundRun, TableRun
from dokobot.table.event.store import EventTable, StoredEvent
from dokobot.table.store import SeatInfo, StoreError
from dokobot.table.table import Table, TableError

log = logging.getLogger(__name__)


async def mend(effects: EventEffects, event: StoredEvent) -> list[fx.StrikeGames]:
    """Do at the running round's tables what the stored state says and they do not show;
    the strikes that ended a list at once come back (the caller reports those tables done)."""
    run = event.state.current
    if run is None:
        return []
    rows = {r.table: r for r in await effects.desk.store.event_tables(event.event_id) if r.round == run.no}
    done: list[fx.StrikeGames] = []
    for table_run in run.tables:
        try:
            if await _mend_table(effects, event, run, table_run, rows.get(table_run.no)):
                done.append(fx.StrikeGames(run.no, table_run.no))
        except (StoreError, TableError) as exc:
            log.warning("event %s: table %s not brought in line: %s", event.event_id, table_run.no, exc)
    return done


async def _mend_table(effects: EventEffects, event: StoredEvent, run: RoundRun, table_run: TableRun,
                      row: EventTable | None) -> bool:
    """One table; True when a strike made now ended its list."""
    settings = event.state.settings
    opening = fx.OpenTable(run.no, table_run.no, table_run.seats, settings.rules_config(len(table_run.seats)),
                           settings.list_for(len(table_run.seats)))
    if table_run.done:
        if row is not None and effects.bot.tables.get(row.thread_id) is not None:
            await effects.close(event, fx.CloseTable(run.no, table_run.no), False)
        return False
    if row is None:  # not even its thread was made
        await effects.open_table(event, opening)
        return False
    table = effects.bot.tables.get(row.thread_id)
    if row.table_id is None and table is None:  # the thread is there, the table was never opened
        await effects.seat(event, opening, row.thread_id)
        return False
    if table is None:  # closed here, or played by another process
        return False
    await _seats(effects, event, run, table_run, table)
    held = event.state.phase == "paused"
    if table.event is not None and table.event.held != held:
        await table.hold(held)
    if table_run.struck and table.event is not None and table.event.struck_after is None:
        return await effects.strike(event, fx.StrikeGames(run.no, table_run.no))
    return False


async def _seats(effects: EventEffects, event: StoredEvent, run: RoundRun, table_run: TableRun, table: Table) -> None:
    """A seat the event handed over that the table still gives the old player."""
    for seat, wanted in zip(list(table.seats), table_run.seats, strict=False):
        if seat.user_id != wanted.key:
            outcome = await table.hand_over_seat(seat.user_id, SeatInfo(wanted.key, wanted.name, wanted.computer))
            effects.bot.presenter(table).update(outcome)
            log.info("event %s: a seat handed over before the restart is handed over now", event.event_id)


def unheard(effects: EventEffects, event: StoredEvent) -> list[Place]:
    """The running round's tables whose list ended while no process heard of it (the
    process killed right after the booking): the caller reports them done."""
    run = event.state.current
    if run is None:
        return []
    out = []
    for thread_id, place in effects.desk.places.items():
        table = effects.bot.tables.get(thread_id)
        known = run.table(place.table)
        if place.event_id != event.event_id or place.round != run.no or table is None or known is None:
            continue
        if table.list_over and table.state != "playing" and not known.done:
            out.append(place)
    return out
