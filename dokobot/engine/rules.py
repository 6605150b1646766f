"""Rule sets: a preset plus switch overrides, with the names of rules.md."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from .errors import RuleError

REINE_SOLOS = ("reines_kreuz", "reines_pik", "reines_herz", "reines_karo")
SOLO_KINDS = (
    "karo", "herz", "pik", "kreuz", "damen", "buben", "fleischlos", "damen_buben", "buben_koenige",
    *REINE_SOLOS,
)
# solo_priority "rank": earlier in this tuple wins; the pure suit solos come after herz.
SOLO_RANK = ("karo", "damen", "buben", "damen_buben", "buben_koenige", "fleischlos", "kreuz", "pik", "herz",
             *REINE_SOLOS)
EXTRAS = ("gegen_die_alten", "doppelkopf", "fuchs", "karlchen", "karlchen_caught", "alte_caught", "dulle_caught",
          "karlchen_caught_any")

_CHOICES: dict[str, tuple[str, ...]] = {
    "dulle": ("first_wins", "second_wins", "second_wins_except_last"),
    "solo_lead": ("left_of_dealer", "soloist"),
    "solo_priority": ("seat", "rank"),
    "hochzeit": ("first_trick", "first_color_trick", "first_trump_trick", "named_card", "first_pure_color_trick",
                 "choice"),
    "announcements": ("ddv", "first_trick", "before_play", "until_trick_5"),
    "scoring": ("ddv", "steps", "doubling", "tally", "plus"),
    "armut_taker": ("volunteer", "partner"),
    "armut_decide": ("before", "after"),
    "solo_extras": ("none", "trumpfsolo_still"),
    "five": ("dealer_sits_out", "all_play"),
    "six_lustsolo_lead": ("soloist", "left_of_dealer"),
    "hochzeit_partner": ("must", "may"),
}
# the forms a Hochzeit can take; under ``hochzeit: choice`` the holder names one (reading 38)
HOCHZEIT_FORMS = _CHOICES["hochzeit"][:-1]
_LISTS: dict[str, tuple[str, ...]] = {
    "solos": SOLO_KINDS,
    "schmeissen": ("nines", "kings", "top_dj", "top_da"),
    "extras": EXTRAS,
    "bock": ("tie", "lost_solo", "lost_announcement", "heart_trick"),
}
_BOOLS = ("nines", "dullen", "schweine", "joker", "overtrump", "armut", "klopfen", "zero_sum",
          "armut_announce", "single_limit", "klopfen_redeal", "fine_steps")
_INTS = {"hochzeit_window": (1, 12), "base": (1, 1000), "solo_factor": (1, 100), "players": (4, 6)}


# The schemes with Schneider and Schwarz, which fine_steps refines (reading 36).
FINE_STEP_SCHEMES = ("doubling", "plus")


@dataclass(frozen=True, slots=True)
class RuleSet:
    preset: str = "ddv"
    nines: bool = True
    dullen: bool = True
    dulle: str = "first_wins"
    schweine: bool = False
    joker: bool = False
    overtrump: bool = False
    solos: tuple[str, ...] = ("karo", "herz", "pik", "kreuz", "damen", "buben", "fleischlos")
    solo_lead: str = "left_of_dealer"
    solo_priority: str = "seat"
    hochzeit: str = "first_trick"
    hochzeit_window: int = 3
    armut: bool = False
    schmeissen: tuple[str, ...] = ()
    announcements: str = "ddv"
    klopfen: bool = False
    scoring: str = "ddv"
    zero_sum: bool = True
    base: int = 1
    solo_factor: int = 3
    extras: tuple[str, ...] = ("gegen_die_alten", "doppelkopf", "fuchs", "karlchen")
    bock: tuple[str, ...] = ()
    armut_taker: str = "volunteer"
    armut_decide: str = "before"
    armut_announce: bool = False
    solo_extras: str = "none"
    single_limit: bool = False
    klopfen_redeal: bool = False
    players: int = 4  # seats at the table: 4, 5 (see ``five``) or 6 (preset ``muenchen``)
    five: str = "dealer_sits_out"
    fine_steps: bool = False  # K9/K6/K3/Schwarz instead of Schneider/Schwarz (reading 36)
    six_lustsolo_lead: str = "soloist"  # six: who leads a großes Lustsolo (reading 37)
    hochzeit_partner: str = "must"  # "may": the found partner may decline (reading 40)

    @property
    def all_play(self) -> bool:
        """Five at the table, all five playing (seed 000)."""
        return self.players == 5 and self.five == "all_play"

    @property
    def hand_size(self) -> int:
        if self.all_play:
            return 8
        return 12 if self.nines else 10

    @property
    def copies(self) -> int:
        """How often each card is in the deck: three decks at six."""
        return 3 if self.players == 6 else 2

    def for_table(self) -> RuleSet:
        """The switches the table size forces (readings 22, 24): all five playing is played
        without nines, with Überstich, no Armut, no Schmeißen; six with nines (Armut and
        Schmeißen by their switches, reading 43; the preset ``muenchen`` has them off)."""
        if self.all_play and (self.nines or not self.overtrump or self.armut or self.schmeissen):
            return replace(self, nines=False, overtrump=True, armut=False, schmeissen=())
        if self.players == 6 and not self.nines:
            return replace(self, nines=True)
        return self

    @classmethod
    def from_config(cls, config: Mapping[str, object] | None = None) -> RuleSet:
        """Build from ``{"preset": name, switch: value, ...}``; RuleError on anything unknown."""
        if config is not None and not isinstance(config, Mapping):
            raise RuleError("not_object")
        settings = dict(config or {})
        name = settings.pop("preset", "ddv")
        if not isinstance(name, str) or name not in PRESETS:
            raise RuleError("unknown_preset", preset=name, known=", ".join(PRESETS))
        overrides: dict[str, Any] = {str(k): _check(str(k), v) for k, v in settings.items()}
        rules = replace(PRESETS[name], **overrides)
        if (rules.players == 6) != (name == "muenchen"):
            raise RuleError("six_muenchen")
        if rules.fine_steps and rules.scoring not in FINE_STEP_SCHEMES:
            raise RuleError("fine_steps")
        return rules

    def to_config(self) -> dict[str, Any]:
        """Preset name plus the switches that differ from it (JSON-ready)."""
        ref = PRESETS[self.preset]
        out: dict[str, Any] = {"preset": self.preset}
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name != "preset" and v != getattr(ref, f.name):
                out[f.name] = list(v) if isinstance(v, tuple) else v
        return out

    def as_dict(self) -> dict[str, Any]:
        return {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(self).items()}


SWITCHES = tuple(f.name for f in fields(RuleSet) if f.name != "preset")


def _check(key: str, value: object) -> object:
    if key in _BOOLS:
        if not isinstance(value, bool):
            raise RuleError("switch_bool", name=key, value=value)
        return value
    if key in _CHOICES:
        if value not in _CHOICES[key]:
            raise RuleError("switch_choice", name=key, value=value, allowed=", ".join(_CHOICES[key]))
        return value
    if key in _LISTS:
        if isinstance(value, str):
            value = value.split()
        if not isinstance(value, list | tuple):
            raise RuleError("switch_list", name=key, allowed=", ".join(_LISTS[key]))
        for v in value:
            if v not in _LISTS[key]:
                raise RuleError("switch_list_value", name=key, value=v, allowed=", ".join(_LISTS[key]))
        return tuple(dict.fromkeys(value))
    if key in _INTS:
        lo, hi = _INTS[key]
        if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
            raise RuleError("switch_number", name=key, lo=lo, hi=hi, value=value)
        return value
    raise RuleError("unknown_switch", name=key)


_DDV = RuleSet()
PRESETS: dict[str, RuleSet] = {
    "ddv": _DDV,
    "haus": replace(
        _DDV, preset="haus", dulle="second_wins_except_last", schweine=True, armut=True,
        schmeissen=("nines",), bock=("tie",),
    ),
    "klassisch": replace(
        _DDV, preset="klassisch", dullen=False, solos=("karo", "damen", "buben", "fleischlos"),
        solo_priority="rank", hochzeit="first_color_trick", armut=True, schmeissen=("nines", "kings"),
        announcements="first_trick", scoring="doubling", extras=("doppelkopf",),
    ),
    # Münchener Regeln for six (reading 24): ddv plus Überstich, the soloist leads, three decks.
    "muenchen": replace(_DDV, preset="muenchen", overtrump=True, solo_lead="soloist", players=6),
}


def check_switch(key: str, value: object) -> object:
    """One switch's value as the rules keep it, judged alone; RuleError names a bad one."""
    return _check(key, value)


def switch_values(name: str) -> tuple[str, ...] | None:
    """The values a choice or list switch takes (for the rules page); None for booleans and numbers."""
    return _CHOICES.get(name) or _LISTS.get(name)


def switch_range(name: str) -> tuple[int, int] | None:
    """The range of a number switch; None for the others."""
    return _INTS.get(name)


def is_list_switch(name: str) -> bool:
    """A switch that takes several values, comma-separated."""
    return name in _LISTS
