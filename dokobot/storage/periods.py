"""Calendar periods of the leaderboard and the buckets they are summed from.

Periods are calendar periods in the bot's time zone (German tables: a
"Monatsrangliste" starts on the 1st at midnight in Germany), not rolling
windows, so that every period is a whole range of month or day buckets.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta, tzinfo
from typing import Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

Period = Literal["alle", "jahr", "monat", "woche"]
PERIODS: tuple[str, ...] = ("alle", "jahr", "monat", "woche")

log = logging.getLogger(__name__)


def _bot_zone() -> tzinfo:
    # Minimal container images may lack tzdata; storage must still work then.
    try:
        return ZoneInfo("Europe/Berlin")
    except ZoneInfoNotFoundError:
        log.warning("time zone Europe/Berlin not found (install tzdata); leaderboard periods use UTC")
        return UTC


TZ = _bot_zone()


def to_epoch(when: datetime | None) -> int:
    """Seconds since the epoch; naive datetimes are taken as UTC."""
    if when is None:
        when = datetime.now(UTC)
    elif when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return int(when.timestamp())


def from_epoch(seconds: int) -> datetime:
    """A stored time (whole seconds, UTC; the columns read with it are NOT NULL)."""
    return datetime.fromtimestamp(seconds, UTC)


def local_date(epoch: int) -> date:
    return datetime.fromtimestamp(epoch, TZ).date()


def day_bucket(epoch: int) -> int:
    return local_date(epoch).toordinal()


def month_bucket(epoch: int) -> int:
    d = local_date(epoch)
    return d.year * 12 + d.month - 1


@dataclass(frozen=True)
class Window:
    """Which bucket table and inclusive bucket range a period covers."""

    table: Literal["totals_month", "totals_day"]
    column: Literal["month", "day"]
    first: int | None  # None: unbounded ("alle")
    last: int | None
    since: date | None  # first local day of the period, for the embed


def window(period: str, now: datetime | None = None) -> Window:
    """The period containing ``now`` (default: the current time)."""
    today = local_date(to_epoch(now))
    if period == "alle":
        return Window("totals_month", "month", None, None, None)
    if period == "jahr":
        first = today.year * 12
        return Window("totals_month", "month", first, first + 11, date(today.year, 1, 1))
    if period == "monat":
        m = today.year * 12 + today.month - 1
        return Window("totals_month", "month", m, m, today.replace(day=1))
    if period == "woche":
        monday = today - timedelta(days=today.weekday())
        return Window("totals_day", "day", monday.toordinal(), monday.toordinal() + 6, monday)
    raise ValueError(f"unknown period {period!r}; expected one of {', '.join(PERIODS)}")
