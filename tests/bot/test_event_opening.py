"""The options of /doko turnier eroeffnen read into settings and a start time (no Discord)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from dokobot.bot.event.opening import Options, settings_from, start_time
from dokobot.table.event.errors import EventError

NOW = datetime(2026, 12, 5, 18, 0, tzinfo=ZoneInfo("Europe/Berlin")).timestamp()


def test_switches_and_values_become_settings():
    s = settings_from(Options(rounds=2, games=12, switches="schweine=ja", kiebitz="open", computers=True))
    assert (s.rounds, s.games, s.kiebitz, s.computers) == (2, 12, "open", True)
    assert dict(s.switches) == {"schweine": True}


@pytest.mark.parametrize(("text", "key"), [
    ("turn_timeout=60", "event.err.switch"), ("list_games=8", "event.err.switch"), ("nix=1", "err.switch_unknown"),
])
def test_a_switch_the_event_does_not_take_is_refused(text, key):
    with pytest.raises(EventError) as err:
        settings_from(Options(switches=text))
    assert err.value.key == key


@pytest.mark.parametrize(("text", "hours"), [
    ("20:00", 2.0), ("17:00", 23.0), ("06.12.2026 18:00", 24.0), ("2026-12-05 19:30", 1.5),
    (f"<t:{int(NOW) + 3600}:F>", 1.0), (str(int(NOW) + 7200), 2.0),
])
def test_start_times(text, hours):
    assert start_time(text, NOW) == pytest.approx(NOW + hours * 3600)


@pytest.mark.parametrize("text", ["morgen", "25:00", "01.01.2020 10:00", f"<t:{int(NOW) - 5}>", "2099-01-01 10:00"])
def test_bad_start_times_are_refused(text):
    with pytest.raises(EventError) as err:
        start_time(text, NOW)
    assert err.value.key == "event.err.start_time"


def test_no_start_time():
    assert start_time(None, NOW) is None and start_time("  ", NOW) is None
