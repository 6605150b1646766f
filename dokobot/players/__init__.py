"""Computer players in three levels, each deciding from its seat's ``Observation`` only.

- ``leicht``: simple rules (reserve only clear hands, win valuable tricks cheaply,
  give points to a known partner, throw the lowest card otherwise).
- ``mittel``: solid rules (``bid.py`` for reservations and announcements,
  ``play.py`` for the cards: counting, voids, Füchse, Karlchen, smearing).
- ``schwer``: search on top of ``mittel`` (``search.py``): hidden hands sampled
  consistent with everything public and drawn by how likely the others' plays
  and silences were (``infer.py``), each choice judged by play-outs with the
  ``mittel`` card policy. Budgets are iteration counts, so a decision depends
  only on the observation and the seed, never on the machine's load.

``decide(obs, level, rng)`` returns the actions of the seat to act: maybe an
announcement first, then its move.
"""

from __future__ import annotations

from .players import DEFAULT_LEVEL, LEVELS, Action, Skill, decide, is_level

__all__ = ["DEFAULT_LEVEL", "LEVELS", "Action", "Skill", "decide", "is_level"]
