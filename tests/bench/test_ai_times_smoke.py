"""Smoke test of bench/ai_times.py: one game per table size, a line per size with real decisions."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "ai_times.py"


def test_a_line_per_table_size(capsys):
    spec = importlib.util.spec_from_file_location("bench_ai_times", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--level", "mittel", "--games", "1"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert [ln.split(":")[0] for ln in lines] == ["mittel at 4", "mittel at 5", "mittel at 6"]
    for ln in lines:
        assert re.fullmatch(r"mittel at \d: [1-9]\d* decisions, median \d+ ms, p95 \d+ ms, max \d+ ms", ln), ln
