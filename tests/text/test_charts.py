"""The curve's marks: every label on a plate of its own, inside the plot, off the line (issue 41)."""

from __future__ import annotations

import io
import math
import random

import pytest
from PIL import Image

from dokobot.text.charts import PLOT, Mark, curve_layout, curve_png

LABELS = ["kleines Solo: kein Partner für Computer 2 (mittel)", "Fuchs gefangen (Alice)", "Bob: keine 90",
          "Stich 7 an Dora", "Doppelkopf (Ben)", "Kontra: Re"]


def line_hits(box, points, half_width: float = 2.0) -> bool:
    """Whether the drawn line (``half_width`` either side of each segment) touches the box:
    sampled every half pixel, independent of the chart's own geometry."""
    left, top, right, bottom = box
    for (ax, ay), (bx, by) in zip(points, points[1:], strict=False):
        steps = max(1, int(math.hypot(bx - ax, by - ay) * 2))
        for k in range(steps + 1):
            x, y = ax + (bx - ax) * k / steps, ay + (by - ay) * k / steps
            if left - half_width <= x <= right + half_width and top - half_width <= y <= bottom + half_width:
                return True
    return False


def apart(a, b) -> bool:
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def curves():
    rng = random.Random(41)
    yield [0, 30, -30, 30, -30, 30, -30, 30, -30, 30, -30, 30, -30]  # a zigzag over the whole height
    yield [0.0] * 13  # flat on the zero line
    yield [2.0, 1.5, 3.0, 2.5, 2.0, 3.5, 4.0, 3.0, 3.5, 4.0, 4.5, 5.0, 6.0]
    yield [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -12]  # five: 11 tricks
    for _ in range(30):
        n = rng.choice((9, 11, 13))
        yield [rng.uniform(-40, 40) for _ in range(n)]


@pytest.mark.parametrize("values", list(curves()))
def test_labels_never_sit_on_the_line_on_a_point_or_on_each_other(values):
    rng = random.Random(len(values) + int(sum(values)))
    picks = rng.sample(range(1, len(values)), k=min(5, len(values) - 1))
    marks = [Mark(i, LABELS[k % len(LABELS)]) for k, i in enumerate(sorted(picks))]
    points, boxes = curve_layout(values, marks)
    assert len(points) == len(values) and len(boxes) == len(marks)
    assert all(b is not None for b in boxes)  # five marks always find a place
    for k, box in enumerate(boxes):
        assert PLOT[0] <= box[0] < box[2] <= PLOT[2] and PLOT[1] <= box[1] < box[3] <= PLOT[3]
        assert not line_hits(box, points), (marks[k], box)
        for x, y in points:  # the white dots and the gold rings
            assert not (box[0] - 7 <= x <= box[2] + 7 and box[1] - 7 <= y <= box[3] + 7)
        for other in boxes[k + 1:]:
            assert apart(box, other)


def test_the_layout_can_fail_a_label_on_the_line():
    """The check above sees a label on the line: one put straight on its point."""
    points, _ = curve_layout([0, 10, -10], [])
    x, y = points[1]
    assert line_hits((x - 20, y - 8, x + 20, y + 8), points)


def test_the_picture_draws_the_plates_it_laid_out():
    values = [0, 30, -30, 30, -30, 30, -30]
    marks = [Mark(2, "Fuchs gefangen (Alice)"), Mark(3, "Bob: keine 90")]
    png = curve_png(values, marks, "Spiel 1", "vor Stich")
    im = Image.open(io.BytesIO(png)).convert("RGB")
    _, boxes = curve_layout(values, marks)
    for box in boxes:
        cy = int((box[1] + box[3]) / 2)
        inside = [im.getpixel((x, y)) for x in range(int(box[0]) + 2, int(box[2]) - 2) for y in (cy - 1, cy, cy + 1)]
        assert any(p[0] > 200 and p[1] > 160 and p[2] < 120 for p in inside)  # gold letters on the plate
