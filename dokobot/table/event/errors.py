"""A refused event step: nothing changed, ``key`` names the answer in the catalogue."""

from __future__ import annotations

from typing import Any


class EventError(Exception):
    """Bad input or a step at the wrong time: the state is unchanged.

    ``key`` is an i18n key (``event.err.*``, ``kiebitz.err.*``); ``params`` fill it."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params
