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
    assert "-m mypy" in command and "-m pytest" in command
    # PEP 668: a system python3 refuses pip install; the command makes its own venv
    assert command.startswith("python3 -m venv .venv && .venv/bin/pip install ")
    assert all(part.startswith((".venv/", "python3 -m venv ")) for part in command.split(" && "))


def test_readme_run_command_makes_its_own_venv():
    readme = ROOT.joinpath("README.md").read_text(encoding="utf-8")
    block = re.search(r"install and run the bot.*?```sh\n(.+?)\n```", readme, re.S)
    assert block, "README gives the run command in a sh block"
    command = block.group(1).strip()
    assert command.startswith("python3 -m venv .venv && .venv/bin/pip install . && ")
    assert command.endswith(".venv/bin/dokobot run --config config.example.toml")
