"""Smoke test of bench/ai_strength.py: two deals, the closing line's form, the same result for a seed.

Keeps the benchmark working; the strength figures themselves live in docs/benchmarks.md.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "ai_strength.py"


def _load():
    spec = importlib.util.spec_from_file_location("bench_ai_strength", BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_closing_line_and_determinism(capsys, tmp_path):
    bench = _load()
    try:
        log = tmp_path / "deals.jsonl"
        args = ["--a", "mittel", "--b", "leicht", "--deals", "2", "--seed", "7"]
        assert bench.main([*args, "--log", str(log)]) == 0
        first = capsys.readouterr().out.strip().splitlines()[-1]
        assert re.fullmatch(
            r"mittel vs leicht: [+-]\d+\.\d\d pts/game \(95% CI [+-]\d+\.\d\d\.\.[+-]\d+\.\d\d\) "
            r"over 2 deals, decision p95 \d+ ms", first)
        assert bench.main(args) == 0
        again = capsys.readouterr().out.strip().splitlines()[-1]
        assert first.split(", decision")[0] == again.split(", decision")[0]  # points do not depend on timing
        assert bench.main([*args, "--summarize", str(log)]) == 0
        summary = capsys.readouterr().out.strip().splitlines()[-1]
        assert summary.split(", decision")[0] == first.split(", decision")[0]
        assert len(bench.combos("all")) == 14 and len(bench.combos("one")) == 4
    finally:
        sys.modules.pop("bench_ai_strength", None)
