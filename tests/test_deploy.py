"""Deployment files hold their essentials (no Docker engine runs here to build them):
the image runs as a non-root user from a venv with the database on a volume, compose
runs the bot on SQLite with a PostgreSQL profile, systemd does not restart a config
error forever, and the package ships what it needs."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def _instructions() -> list[tuple[str, str]]:
    text = ROOT.joinpath("Dockerfile").read_text(encoding="utf-8")
    text = re.sub(r"\\\n", " ", text)  # continuation lines
    rows = [line.strip() for line in text.splitlines() if line.strip() and not line.strip().startswith("#")]
    return [(row.split(None, 1)[0].upper(), row.split(None, 1)[1] if " " in row else "") for row in rows]


def test_dockerfile_slim_base_non_root_user_volume():
    steps = _instructions()
    assert steps[0][0] == "FROM" and re.fullmatch(r"python:3\.1[1-9]-slim(-\w+)?", steps[0][1])
    users = [arg for op, arg in steps if op == "USER"]
    assert users and users[-1] not in ("root", "0"), "the bot must not run as root"
    last_user = max(i for i, (op, _) in enumerate(steps) if op == "USER")
    assert all(op != "RUN" for op, _ in steps[last_user:]), "nothing runs as root after USER"
    volumes = " ".join(arg for op, arg in steps if op == "VOLUME")
    workdir = [arg for op, arg in steps if op == "WORKDIR"][-1]
    assert "/data" in volumes and workdir == "/data"  # the default database file lands on the volume
    run = " ".join(arg for op, arg in steps if op == "RUN")
    assert "-m venv" in run and ".[postgres]" in run
    entry = " ".join(arg for op, arg in steps if op in ("ENTRYPOINT", "CMD"))
    assert "dokobot" in entry and "run" in entry
    assert not any("TOKEN" in arg for op, arg in steps if op in ("ENV", "ARG")), "no token in the image"


def test_compose_sqlite_bot_and_postgres_profile():
    compose = yaml.safe_load(ROOT.joinpath("compose.yaml").read_text(encoding="utf-8"))
    services = compose["services"]
    bots = {name: s for name, s in services.items() if s.get("image") == "dokobot"}
    sqlite = [s for s in bots.values() if "postgres" not in s.get("profiles", [])]
    postgres = [s for s in bots.values() if "postgres" in s.get("profiles", [])]
    assert len(sqlite) == 1 and len(postgres) == 1
    # one token, one bot: the two never start together
    assert not set(sqlite[0].get("profiles", [])) & set(postgres[0].get("profiles", []))
    assert any(v.startswith("data:/data") for v in sqlite[0]["volumes"]) and "data" in compose["volumes"]
    assert "postgres" in services["db"]["profiles"] and "db" in postgres[0]["depends_on"]
    config = compose["configs"][postgres[0]["configs"][0]["source"]]["content"]
    assert 'database = "postgresql://' in config and "@db:" in config
    assert 'database = "/data/' in compose["configs"][sqlite[0]["configs"][0]["source"]]["content"]
    for bot in bots.values():  # every profile mounts a config and runs with it
        assert bot["command"] == ["run", "--config", bot["configs"][0]["target"]]
        assert "DOKOBOT_TOKEN" in bot["environment"] and bot["build"] == "."
        assert bot["restart"].startswith("on-failure:"), "a config error (exit 2) must not restart forever"


def test_compose_states_the_version_its_inline_configs_need():
    text = ROOT.joinpath("compose.yaml").read_text(encoding="utf-8")
    assert "content:" in text and re.search(r"Compose 2\.23(\.\d)? or newer", text)
    readme = ROOT.joinpath("README.md").read_text(encoding="utf-8")
    assert re.search(r"Compose 2\.23(\.\d)? or newer", readme)


def test_systemd_unit_runs_from_a_venv_and_stops_on_a_config_error():
    scaling = ROOT.joinpath("docs/scaling.md").read_text(encoding="utf-8")
    unit = re.search(r"```ini\n(.+?)```", scaling, re.S).group(1)
    assert re.search(r"^RestartPreventExitStatus=2$", unit, re.M)
    exec_start = re.search(r"^ExecStart=(\S+)", unit, re.M).group(1)
    assert "/.venv/bin/dokobot" in exec_start and "python3 -m venv" in scaling


def test_package_ships_migrations_fonts_and_cogs_inside_dokobot():
    project = tomllib.loads(ROOT.joinpath("pyproject.toml").read_text(encoding="utf-8"))
    deps = " ".join(project["project"]["dependencies"])
    assert "asyncpg" not in deps and "fontpkg" not in deps
    extras = project["project"]["optional-dependencies"]
    assert any(d.startswith("asyncpg") for d in extras["postgres"])
    assert any(d.startswith("asyncpg") for d in extras["test"])
    data = project["tool"]["setuptools"]["package-data"]
    assert "migrations/*.sql" in data["dokobot.storage"] and "fonts/*.ttf" in data["dokobot.text"]
    setup = ROOT.joinpath("setup.py").read_text(encoding="utf-8")
    assert '"dokobot.cogs": "cogs"' in setup and "include=[\"dokobot\", \"dokobot.*\"]" in setup
    assert "MIT" in ROOT.joinpath("LICENSE").read_text(encoding="utf-8")
    assert "dokobot contributors" in ROOT.joinpath("LICENSE").read_text(encoding="utf-8")


def test_cogs_import_each_other_relatively():
    """Installed they are dokobot.cogs, in the source tree cogs: an absolute
    ``from cogs.x`` would break the installed bot."""
    for path in ROOT.joinpath("cogs").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"^\s*(from cogs[. ]|import cogs)", text, re.M), path.name
