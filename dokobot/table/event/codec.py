"""``EventState`` as JSON and back: how the stores keep an event's state (one value, whole).

``dumps`` writes every field (settings, entrants, the running round with its tables and
seats, the tables drawn in every round, the pause); ``loads`` reads exactly that back
and checks each value's type on the way, so a damaged or foreign stored value raises
``CodecError`` (one line naming the field) instead of a state that breaks later. The
stores turn that into their ``StoreError``. ``FORMAT`` is written with the value: a
later change of the layout reads the old one by its number.
"""

from __future__ import annotations

import json
from typing import Any, cast, get_args

from .seating import Tables
from .settings import KIEBITZ, EventSettings, Kiebitz
from .state import Entrant, EventState, Phase, RoundRun, Seat, TableRun

FORMAT = 1
PHASES: tuple[str, ...] = get_args(Phase)


class CodecError(ValueError):
    """A stored event state that is not one: ``str()`` names the field."""


def to_json(state: EventState) -> dict[str, Any]:
    """The state as plain JSON values."""
    s = state.settings
    return {
        "format": FORMAT, "event_id": state.event_id, "host": state.host, "seed": state.seed,
        "settings": {"rounds": s.rounds, "games": s.games, "pflichtsolo": s.pflichtsolo,
                     "time_limit": s.time_limit, "preset": s.preset, "switches": [[k, v] for k, v in s.switches],
                     "computers": s.computers, "kiebitz": s.kiebitz},
        "phase": state.phase,
        "entrants": [[e.key, e.name, e.from_round, e.left] for e in state.entrants],
        "current": None if state.current is None else _round_json(state.current),
        "rounds_done": state.rounds_done,
        "drawn": [[list(t) for t in tables] for tables in state.drawn],
        "paused_from": state.paused_from, "paused_at": state.paused_at, "computers": state.computers,
    }


def _round_json(run: RoundRun) -> dict[str, Any]:
    return {"no": run.no, "deadline": run.deadline, "time_up": run.time_up,
            "tables": [{"no": t.no, "done": t.done, "struck": t.struck,
                        "seats": [[s.key, s.name, s.computer] for s in t.seats]} for t in run.tables]}


def dumps(state: EventState) -> str:
    """Compact JSON text (what the stores keep)."""
    return json.dumps(to_json(state), ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def loads(text: str | bytes) -> EventState:
    """The state ``dumps`` wrote; ``CodecError`` for anything else."""
    try:
        data = json.loads(text)
    except (ValueError, TypeError) as exc:
        raise CodecError(f"event state is no JSON: {exc}") from None
    return from_json(data)


def from_json(data: Any) -> EventState:
    d = _obj(data, "event state")
    if d.get("format") != FORMAT:
        raise CodecError(f"event state: unknown format {str(d.get('format'))[:20]!r}")
    current = d.get("current")
    return EventState(
        _int(d, "event_id"), _int(d, "host"), _settings(_obj(d.get("settings"), "settings")), _int(d, "seed"),
        _phase(d.get("phase"), "phase"),
        tuple(_entrant(e) for e in _list(d.get("entrants"), "entrants")),
        None if current is None else _round(_obj(current, "current")),
        _int(d, "rounds_done"),
        tuple(_tables(t) for t in _list(d.get("drawn"), "drawn")),
        None if d.get("paused_from") is None else _phase(d.get("paused_from"), "paused_from"),
        _opt_float(d, "paused_at"), _int(d, "computers"),
    )


def _settings(d: dict[str, Any]) -> EventSettings:
    kiebitz = d.get("kiebitz")
    if kiebitz not in KIEBITZ:
        raise CodecError(f"settings.kiebitz: {str(kiebitz)[:20]!r} is none of {', '.join(KIEBITZ)}")
    mode: Kiebitz = "off" if kiebitz == "off" else "open" if kiebitz == "open" else "consent"
    switches = []
    for pair in _list(d.get("switches"), "settings.switches"):
        if not isinstance(pair, list) or len(pair) != 2 or not isinstance(pair[0], str):
            raise CodecError("settings.switches: a switch is no [name, value] pair")
        switches.append((pair[0], pair[1]))
    return EventSettings(_int(d, "rounds"), _int(d, "games"), _bool(d, "pflichtsolo"), _int(d, "time_limit"),
                         _str(d, "preset"), tuple(switches), _bool(d, "computers"), mode)


def _entrant(e: Any) -> Entrant:
    if not isinstance(e, list) or len(e) != 4:
        raise CodecError("entrants: an entrant is no [key, name, from_round, left]")
    d = dict(zip(("key", "name", "from_round", "left"), e, strict=True))
    return Entrant(_int(d, "key"), _str(d, "name"), _int(d, "from_round"), _bool(d, "left"))


def _round(d: dict[str, Any]) -> RoundRun:
    tables = []
    for t in _list(d.get("tables"), "current.tables"):
        t = _obj(t, "current.tables")
        tables.append(TableRun(_int(t, "no"), tuple(_seat(s) for s in _list(t.get("seats"), "seats")),
                               _bool(t, "done"), _bool(t, "struck")))
    return RoundRun(_int(d, "no"), tuple(tables), _opt_float(d, "deadline"), _bool(d, "time_up"))


def _seat(s: Any) -> Seat:
    if not isinstance(s, list) or len(s) != 3:
        raise CodecError("seats: a seat is no [key, name, computer]")
    d = dict(zip(("key", "name", "computer"), s, strict=True))
    return Seat(_int(d, "key"), _str(d, "name"), _bool(d, "computer"))


def _tables(value: Any) -> Tables:
    out = []
    for table in _list(value, "drawn"):
        keys = _list(table, "drawn")
        if not all(isinstance(k, int) and not isinstance(k, bool) for k in keys):
            raise CodecError("drawn: a table's keys are no whole numbers")
        out.append(tuple(keys))
    return tuple(out)


def _obj(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise CodecError(f"{what}: no JSON object")
    return value


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise CodecError(f"{what}: no JSON list")
    return value


def _int(d: dict[str, Any], key: str) -> int:
    value = d.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise CodecError(f"{key}: {str(value)[:20]!r} is no whole number")
    return value


def _bool(d: dict[str, Any], key: str) -> bool:
    value = d.get(key)
    if not isinstance(value, bool):
        raise CodecError(f"{key}: {str(value)[:20]!r} is no true/false")
    return value


def _str(d: dict[str, Any], key: str) -> str:
    value = d.get(key)
    if not isinstance(value, str):
        raise CodecError(f"{key}: no text")
    return value


def _opt_float(d: dict[str, Any], key: str) -> float | None:
    value = d.get(key)
    if value is None:
        return None
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise CodecError(f"{key}: {str(value)[:20]!r} is no number")
    return float(value)


def _phase(value: Any, what: str) -> Phase:
    if isinstance(value, str) and value in PHASES:
        return cast(Phase, value)
    raise CodecError(f"{what}: {str(value)[:20]!r} is none of {', '.join(PHASES)}")
