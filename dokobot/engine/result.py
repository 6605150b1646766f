"""The typed result of a finished game, and its replay JSON of game-record.md.

``GameResult`` is what leaves the engine: contract, parties, Augen, tricks,
winner, value, score, the breakdown as label keys with parameters (the text
layer words them), the Sonderpunkte (``extras``), the announcements and each
party's ``Target`` (what it needed: the text layer explains the win with it).
``replay_json()`` gives the replay result exactly as game-record.md and
``dokobot replay`` print it (German labels, worded here from the keys
``scoring.py`` emits); ``to_dict()`` adds the keys, extras and
announcements (what storage keeps and statistics count); ``from_dict`` reads
either back (a bare replay result, or a result stored before the keys were,
by reading its German labels).

Breakdown label keys and their parameters:

| key | params | German label |
|---|---|---|
| ``won`` | | gewonnen |
| ``under`` | ``limit`` | unter 90 |
| ``schwarz`` | | schwarz |
| ``schneider`` | | Schneider |
| ``announced`` | ``what`` (re kontra keine90 ... schwarz) | Re angesagt, keine 90 angesagt |
| ``against`` | ``augen``, ``what`` | 120 gegen keine 90 |
| ``reached`` | ``what`` (keine90 ... schwarz) | keine 90 erreicht |
| ``knocked`` | | geklopft |
| ``against_re`` | | gegen Re/Solist |
| ``solo_won`` | | Solo gewonnen |
| ``extra`` | ``extra`` (gegen_die_alten doppelkopf fuchs ...) | Doppelkopf, Fuchs gefangen, ... |
| ``text`` | ``text`` | a label this table does not know, kept as it was |
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .actions import Announce, parse, to_json
from .contracts import is_solo, scores_as_solo

Params = tuple[tuple[str, Any], ...]

EXTRA_LABELS = {
    "gegen_die_alten": "gegen die Alten", "doppelkopf": "Doppelkopf", "fuchs": "Fuchs gefangen",
    "karlchen": "Karlchen", "karlchen_caught": "Karlchen gefangen",
    "alte_caught": "Alte gefangen", "dulle_caught": "Dulle gefangen",
    "karlchen_caught_any": "Karlchen gefangen",
    "superdoppelkopf": "Superdoppelkopf",  # six Volle at six: the doppelkopf extra worth 3 (reading 24)
}
_STEPS = {"keine135": "keine 135", "keine90": "keine 90", "keine60": "keine 60", "keine30": "keine 30", "schwarz": "schwarz"}
_SAID = {"re": "Re", "kontra": "Kontra", **_STEPS}
_FIXED = {"won": "gewonnen", "schwarz": "schwarz", "schneider": "Schneider",
          "against_re": "gegen Re/Solist", "solo_won": "Solo gewonnen", "knocked": "geklopft"}
_EXTRA_OF: dict[str, str] = {}
for _key, _label in EXTRA_LABELS.items():
    _EXTRA_OF.setdefault(_label, _key)  # a label two extras share: the line's "key" tells them apart
_SAID_OF = {v: k for k, v in _SAID.items()}
_UNDER = re.compile(r"unter (\d+)")
_AGAINST = re.compile(r"(\d+) gegen (.+)")


@dataclass(frozen=True, slots=True)
class BreakdownItem:
    """One line of the game value: ``points`` added, or a ``factor`` (doubling scheme)."""

    party: str  # "re" | "kontra"
    key: str  # label key (module docstring)
    params: Params = ()
    points: int | None = None
    factor: int | None = None
    extra: str | None = None  # the Sonderpunkt this line counts (the replay's "key")

    def param(self, name: str) -> Any:
        return dict(self.params).get(name)

    @property
    def label_de(self) -> str:
        """The German label of the replay result."""
        return label_de(self.key, self.params)

    def to_json(self) -> dict[str, Any]:
        return row_json((self.party, self.key, self.params, self.points, self.factor, self.extra))

    def key_json(self) -> list[Any]:
        """The label key and its parameters, as ``to_dict()`` stores them beside the line."""
        return [self.key, dict(self.params)]

    @classmethod
    def from_json(cls, item: Mapping[str, Any], keyed: Any = None) -> BreakdownItem:
        """A line of the replay result; ``keyed`` is its ``key_json()`` when stored, else the
        German label is read back."""
        if keyed is not None:
            key, params = str(keyed[0]), tuple(dict(keyed[1]).items())
            return cls(str(item.get("party")), key, params, item.get("points"), item.get("factor"), item.get("key"))
        key, params = _parse_label(str(item.get("label", "")))
        if key == "extra" and EXTRA_LABELS.get(str(item.get("key"))) == item.get("label"):  # a shared label
            params = (("extra", item["key"]),)
        return cls(str(item.get("party")), key, params, item.get("points"), item.get("factor"),
                   item.get("key"))


Row = tuple[str, str, Params, "int | None", "int | None", "str | None"]  # BreakdownItem's fields, in order


def label_de(key: str, params: Params) -> str:
    """The German label of a breakdown line (``dokobot replay``)."""
    if key in _FIXED:
        return _FIXED[key]
    p = dict(params)
    if key == "under":
        return f"unter {p['limit']}"
    if key == "announced":
        return f"{_SAID[p['what']]} angesagt"
    if key == "against":
        return f"{p['augen']} gegen {_STEPS[p['what']]}"
    if key == "reached":
        return f"{_STEPS[p['what']]} erreicht"
    if key == "extra":
        return EXTRA_LABELS[p["extra"]]
    return str(p.get("text", ""))


@lru_cache(maxsize=512)
def _label_of(key: str, params: Params) -> str:
    """``label_de`` remembered: play-outs word the same few lines thousands of times."""
    return label_de(key, params)


def row_json(row: Row) -> dict[str, Any]:
    """A breakdown line of the replay result: party, label, points or factor, the extra's key."""
    party, key, params, points, factor, extra = row
    try:
        label = _label_of(key, params)
    except TypeError:  # a parameter read back from storage that does not hash
        label = label_de(key, params)
    out: dict[str, Any] = {"party": party, "label": label}
    if points is not None:
        out["points"] = points
    if factor is not None:
        out["factor"] = factor
    if extra is not None:
        out["key"] = extra
    return out


def _parse_label(label: str) -> tuple[str, Params]:
    fixed = next((k for k, v in _FIXED.items() if v == label), None)
    if fixed:
        return fixed, ()
    if m := _UNDER.fullmatch(label):
        return "under", (("limit", int(m.group(1))),)
    if label.endswith(" angesagt") and label[:-9] in _SAID_OF:
        return "announced", (("what", _SAID_OF[label[:-9]]),)
    if label.endswith(" erreicht") and label[:-9] in _STEPS.values():
        return "reached", (("what", _SAID_OF[label[:-9]]),)
    if (m := _AGAINST.fullmatch(label)) and m.group(2) in _SAID_OF:
        return "against", (("augen", int(m.group(1))), ("what", _SAID_OF[m.group(2)]))
    if label in _EXTRA_OF:
        return "extra", (("extra", _EXTRA_OF[label]),)
    return "text", (("text", label),)


@dataclass(frozen=True, slots=True)
class Extra:
    """A Sonderpunkt: ``party`` scores it, ``seat`` made it, ``victim`` lost the card (or None),
    in ``trick`` (0-based; None for one of the whole game, such as gegen die Alten, or for a
    result stored before the trick was)."""

    key: str
    party: str
    seat: int | None = None
    victim: int | None = None
    trick: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "party": self.party, "seat": self.seat, "victim": self.victim, "trick": self.trick}


@dataclass(frozen=True, slots=True)
class Target:
    """What one party needed to win, as the engine decided it (rules.md "Winning"): ``augen``
    Augen and ``tricks`` tricks (every trick after its own schwarz, one against the other
    party's); ``step`` its own announced step that set it, else ``against`` the other
    party's; ``only_kontra``: only Kontra announced, so Re needed 120 and Kontra 121."""

    augen: int = 0
    tricks: int = 0
    step: str | None = None
    against: str | None = None
    only_kontra: bool = False
    met: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"augen": self.augen, "tricks": self.tricks, "step": self.step, "against": self.against,
                "only_kontra": self.only_kontra, "met": self.met}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Target:
        return cls(int(d.get("augen", 0)), int(d.get("tricks", 0)), d.get("step"), d.get("against"),
                   bool(d.get("only_kontra", False)), bool(d.get("met", False)))


@dataclass(frozen=True, slots=True)
class GameResult:
    """A finished game (``contract == "redeal"``: thrown in, no game)."""

    contract: str
    re: tuple[int, ...]
    kontra: tuple[int, ...]
    augen: tuple[int, int]  # (Re, Kontra)
    tricks: tuple[int, int]  # (Re, Kontra)
    winner: str | None  # "re" | "kontra" | None
    value: int
    score: tuple[int, ...]  # per seat, before any table factor (Bock)
    breakdown: tuple[BreakdownItem, ...] = ()
    extras: tuple[Extra, ...] = ()
    announcements: tuple[tuple[int, str], ...] = ()
    size: str | None = None  # six: "klein" for a kleines Solo (reading 28)
    heart_trick: bool = False  # a heart trick went round (Bock ``heart_trick``, Game.heart_trick)
    targets: tuple[Target, ...] = ()  # (Re, Kontra); empty for a redeal or a result stored without them
    # the seat that declared the solo (``solo:KIND``; at six it may have a partner), None for any
    # other contract; not in the replay JSON (game-record.md), only in ``to_dict``
    soloist: int | None = None

    @property
    def is_redeal(self) -> bool:
        return self.contract == "redeal"

    @property
    def scores_as_solo(self) -> bool:
        """Scored as a solo (``contracts.scores_as_solo``): a Hochzeit played alone has one Re seat."""
        return scores_as_solo(self.contract, len(self.re) == 1)

    def party_of(self, seat: int) -> str | None:
        return "re" if seat in self.re else "kontra" if seat in self.kontra else None

    def replay_json(self) -> dict[str, Any]:
        """The replay result of game-record.md, exactly as ``dokobot replay`` prints it."""
        return {
            "contract": self.contract,
            **({"size": self.size} if self.size else {}),
            "re": list(self.re),
            "kontra": list(self.kontra),
            "augen": {"re": self.augen[0], "kontra": self.augen[1]},
            "tricks": {"re": self.tricks[0], "kontra": self.tricks[1]},
            "winner": self.winner,
            "game_value": self.value,
            "score": list(self.score),
            "breakdown": [b.to_json() for b in self.breakdown],
        }

    def to_dict(self) -> dict[str, Any]:
        """The replay result plus extras, announcements and the heart-trick flag (JSON-ready, for storage)."""
        out = self.replay_json()
        out["breakdown_keys"] = [b.key_json() for b in self.breakdown]
        out["extras"] = [e.to_json() for e in self.extras]
        out["announcements"] = [to_json(s, Announce(a)) for s, a in self.announcements]
        out["heart_trick"] = self.heart_trick
        if self.targets:
            out["targets"] = [x.to_json() for x in self.targets]
        if self.soloist is not None:
            out["soloist"] = self.soloist
        return out

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> GameResult:
        """Read a replay result or ``to_dict()`` output back; ValueError when it is not one."""
        try:
            augen, tricks = d.get("augen") or {}, d.get("tricks") or {}
            return cls(
                contract=str(d["contract"]),
                re=tuple(int(s) for s in d.get("re") or ()),
                kontra=tuple(int(s) for s in d.get("kontra") or ()),
                augen=(int(augen.get("re", 0)), int(augen.get("kontra", 0))),
                tricks=(int(tricks.get("re", 0)), int(tricks.get("kontra", 0))),
                winner=d.get("winner"),
                value=int(d.get("game_value", 0)),
                score=tuple(int(p) for p in d.get("score") or ()),
                breakdown=_breakdown(d),
                extras=tuple(Extra(str(e["key"]), str(e["party"]), e.get("seat"), e.get("victim"), e.get("trick"))
                             for e in d.get("extras") or ()),
                announcements=tuple(_announcement(a) for a in d.get("announcements") or ()),
                size=d.get("size"),
                heart_trick=bool(d.get("heart_trick", False)),
                targets=tuple(Target.from_json(x) for x in d.get("targets") or ()),
                soloist=_soloist(d),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ValueError(f"not a game result: {exc}") from None


def _soloist(d: Mapping[str, Any]) -> int | None:
    """The stored soloist; a result stored before it was (or a bare replay result) names it
    when Re is the declared solo's one seat (at six a kleines Solo with its partner stays None)."""
    if "soloist" in d:
        return None if d["soloist"] is None else int(d["soloist"])
    re: list[Any] = list(d.get("re") or ())
    return int(re[0]) if is_solo(str(d["contract"])) and len(re) == 1 else None


def _breakdown(d: Mapping[str, Any]) -> tuple[BreakdownItem, ...]:
    lines = d.get("breakdown") or ()
    keyed = d.get("breakdown_keys")
    if keyed is None or len(keyed) != len(lines):
        return tuple(BreakdownItem.from_json(b) for b in lines)
    return tuple(BreakdownItem.from_json(b, k) for b, k in zip(lines, keyed, strict=True))


def _announcement(action: object) -> tuple[int, str]:
    """One stored announcement of a result (the record's action form) as (seat, what)."""
    seat, move = parse(action)
    if not isinstance(move, Announce):
        raise ValueError(f"not an announcement: {action!r}")
    return seat, move.what
