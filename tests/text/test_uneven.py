"""Issue 25: the summary line on uneven sides (2:3, 2:4, 1:5) says why points differ from the value."""

from __future__ import annotations

from types import SimpleNamespace

from dokobot.text.render import _uneven_line


def result(re: tuple[int, ...], kontra: tuple[int, ...], value: int, score: tuple[int, ...]) -> SimpleNamespace:
    return SimpleNamespace(re=re, kontra=kontra, value=value, score=score)


def test_two_against_four_counts_two_and_one():
    res = result((0, 3), (1, 2, 4, 5), 3, (6, -3, -3, 6, -3, -3))
    assert _uneven_line(res, "de").startswith(
        "2 gegen 4: jeder von Re 2 × 3 (+6), jeder von Kontra 1 × 3 (−3) – ")
    assert _uneven_line(res, "en").startswith(
        "2 against 4: each Re player 2 × 3 (+6), each Kontra player 1 × 3 (−3) – ")


def test_even_sides_and_four_seats_say_nothing():
    assert _uneven_line(result((0, 1, 2), (3, 4, 5), 2, (2, 2, 2, -2, -2, -2)), "de") is None
    assert _uneven_line(result((0,), (1, 2, 3), 3, (9, -3, -3, -3)), "de") is None  # a solo at four: 1:3 as ever
    assert _uneven_line(result((0, 1), (2, 3, 4), 0, (0,) * 5), "de") is None  # no value, nothing to explain
