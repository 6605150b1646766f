"""Smoke test of bench/picture.py: one game, no timing asserts (the figures live in docs/benchmarks.md)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "picture.py"


def test_picture_bench_runs(capsys):
    spec = importlib.util.spec_from_file_location("bench_picture", BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
        res = module.run(1, 3, "german")
        assert res["pictures"] == 47  # one per card but the last (the summary shows then)
        assert res["total_ms"]["p50"] > 0 and res["png_kb"]["mean"] > 1
        assert module.main(["--games", "1"]) == 0
        assert "per picture ms" in capsys.readouterr().out
    finally:
        sys.modules.pop(spec.name, None)
