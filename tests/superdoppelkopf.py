"""One game at six with a Superdoppelkopf, as a dokobot-game/1 record (tests only).

Re are seats 0, 2, 4 (one CQ each). Trick 1: seat 0 leads CA, then CA CT... six Volle
(CA CA ST CA CT CT, 63 Augen), won by seat 0's first CA: a Superdoppelkopf for Re.
Tricks 2-11: seat 0 leads its trumps from the top (HT CQ SQ ... DA); seats 2 and 4 play
the same card and cannot beat it, Kontra follows with D9, DK, DT and then discards; no
other trick holds five Volle. Trick 12: seat 0 leads S9, Kontra's SA takes S9 SA HK SK
HK SK = 27 Augen. Re 333 : Kontra 27, Kontra not schwarz.
"""

from __future__ import annotations

from typing import Any

RE_TRUMPS = "HT CQ SQ HQ DQ CJ SJ HJ DJ DA".split()
HANDS = [
    ["CA", "S9", *RE_TRUMPS],
    "CA SA D9 DK DT CT SA ST HA CK C9 S9".split(),
    ["ST", "HK", *RE_TRUMPS],
    "CA SK D9 DK DT SA ST HA CK C9 HK S9".split(),
    ["CT", "HK", *RE_TRUMPS],
    "CT SK D9 DK DT HA CK C9 H9 H9 H9 SK".split(),
]
# each trick in seat order 0..5 (seat 0 leads every trick)
_KONTRA = [  # seats 1, 3, 5 in tricks 2-11
    ("D9", "D9", "D9"), ("DK", "DK", "DK"), ("DT", "DT", "DT"),
    ("CT", "SA", "HA"), ("SA", "ST", "CK"), ("ST", "HA", "C9"), ("HA", "CK", "H9"),
    ("CK", "C9", "H9"), ("C9", "HK", "H9"), ("S9", "S9", "SK"),
]
TRICKS = [
    ["CA", "CA", "ST", "CA", "CT", "CT"],
    *[[r, k1, r, k3, r, k5] for r, (k1, k3, k5) in zip(RE_TRUMPS, _KONTRA, strict=True)],
    ["S9", "SA", "HK", "SK", "HK", "SK"],
]


def record(scoring: str, fine_steps: bool = False) -> dict[str, Any]:
    """The game under ``muenchen`` with only the doppelkopf extra and the given scheme."""
    rules: dict[str, Any] = {"preset": "muenchen", "scoring": scoring, "extras": ["doppelkopf"]}
    if fine_steps:
        rules["fine_steps"] = True
    actions: list[dict[str, Any]] = [{"seat": s, "reserve": "gesund"} for s in range(6)]
    actions += [{"seat": s, "play": c} for trick in TRICKS for s, c in enumerate(trick)]
    return {"format": "dokobot-game/1", "rules": rules, "dealer": 5, "hands": HANDS, "actions": actions}
