"""`.ci/run` runs exactly the README's test command, and that command type-checks."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ci_runs_the_readme_test_command():
    readme = ROOT.joinpath("README.md").read_text(encoding="utf-8")
    block = re.search(r"exactly what `\.ci/run` does\):\s*```sh\n(.+?)\n```", readme, re.S)
    assert block, "README names the test command before a sh block"
    command = block.group(1).strip()
    ci = [line for line in ROOT.joinpath(".ci/run").read_text(encoding="utf-8").splitlines()
          if line and not line.startswith("#") and not line.startswith(("set ", "cd "))]
    # besides the command only the start of the services the tests use (a local PostgreSQL)
    assert ci == ["source .ci/services", command]
    assert "python3 -m mypy" in command and "python3 -m pytest" in command
