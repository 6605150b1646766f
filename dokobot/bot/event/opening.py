"""What the host types when opening an event, read into checked values.

``settings_from`` turns the command's options (and the switches text, read as
``/doko regeln schalter`` reads it) into ``EventSettings``; ``start_time`` reads an
optional start. Every refusal is an ``EventError`` naming its catalogue answer.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta, tzinfo
from datetime import time as clock_time
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from dokobot.table import switches
from dokobot.table.event.errors import EventError
from dokobot.table.event.settings import DDV_GAMES, EventSettings
from dokobot.text.markdown import esc

log = logging.getLogger(__name__)

ZONE = "Europe/Berlin"  # a start without a zone is German time: the game's home
MAX_AHEAD = 366 * 24 * 3600.0  # a start at most a year ahead
_STAMP = re.compile(r"<t:(\d{1,12})(?::[tTdDfFR])?>|(\d{9,12})")
_FORMATS = ("%d.%m.%Y %H:%M", "%Y-%m-%d %H:%M", "%d.%m.%y %H:%M")


@dataclass(frozen=True)
class Options:
    """The options of ``/doko turnier eroeffnen`` as typed (None: not given)."""

    rounds: int = 3
    games: int = DDV_GAMES
    pflichtsolo: bool = True
    time_limit: int = 0
    preset: str | None = None
    switches: str | None = None
    computers: bool = False
    kiebitz: str | None = None
    start: str | None = None


def settings_from(options: Options) -> EventSettings:
    """The checked settings; a bad switch or value: ``EventError`` with its answer."""
    try:
        rule_switches, table_settings = switches.split(switches.parse(options.switches or ""))
    except switches.SwitchError as err:
        raise EventError(err.key, name=esc(err.name), value=esc(err.value), allowed=err.allowed) from None
    if table_settings:  # turn_timeout, mentions ...: the tables' own settings, not the event's
        raise EventError("event.err.switch", name=next(iter(table_settings)))
    return EventSettings.make(
        rounds=options.rounds, games=options.games, pflichtsolo=options.pflichtsolo, time_limit=options.time_limit,
        preset=options.preset or "ddv", switches=rule_switches, computers=options.computers,
        kiebitz=options.kiebitz or "consent",
    )


def _zone() -> tzinfo:
    try:
        return ZoneInfo(ZONE)
    except ZoneInfoNotFoundError:  # a system without time zone data: read as UTC
        log.warning("no time zone data for %s: start times are read as UTC", ZONE)
        return UTC


def start_time(text: str | None, now: float) -> float | None:
    """Unix seconds of the start the host gave (None: none given): a Discord timestamp
    ``<t:…>``, ``HH:MM`` (today, or tomorrow once past), or a date with a time."""
    if text is None or not text.strip():
        return None
    raw = text.strip()
    at = _read(raw, now)
    if at is None or not now < at <= now + MAX_AHEAD:
        raise EventError("event.err.start_time", value=esc(raw[:40]))
    return at


def _read(raw: str, now: float) -> float | None:
    stamp = _STAMP.fullmatch(raw)
    if stamp:
        return float(stamp.group(1) or stamp.group(2))
    zone = _zone()
    for fmt in _FORMATS:
        try:
            return datetime.strptime(raw, fmt).replace(tzinfo=zone).timestamp()
        except ValueError:
            continue
    try:
        hour = clock_time.fromisoformat(raw)
    except ValueError:
        return None
    today: date = datetime.fromtimestamp(now, zone).date()
    at = datetime.combine(today, hour, zone).timestamp()
    return at if at > now else datetime.combine(today + timedelta(days=1), hour, zone).timestamp()
