"""The command line explains itself: --version, and help that documents every option."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from dokobot.cli import main, parser

ROOT = Path(__file__).resolve().parents[1]


def help_of(capsys, *argv: str) -> str:
    with pytest.raises(SystemExit) as exc:
        main([*argv, "--help"])
    assert exc.value.code == 0
    return capsys.readouterr().out


def test_version_is_the_packages(capsys):
    """One source: dokobot.__version__, which pyproject.toml reads and CHANGELOG.md heads."""
    from dokobot import __version__

    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.strip() == f"dokobot {__version__}"
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "version" not in project["project"] and project["project"]["dynamic"] == ["version"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "dokobot.__version__"}
    first = re.search(r"^## (\S+)", (ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), re.M)
    assert first and first.group(1) == __version__


def test_export_help_documents_every_option_and_the_channel_id(capsys):
    text = help_of(capsys, "export")
    export = next(a for a in parser()._subparsers._group_actions[0].choices.items() if a[0] == "export")[1]
    for action in export._actions:
        if action.option_strings and action.dest != "help":
            line = next(line for line in text.splitlines() if action.option_strings[0] in line and "  --" in line)
            assert action.help and len(action.help) > 10, action.dest
            assert line.strip().startswith(action.option_strings[0])
    assert "Developer Mode" in text and "Copy" in text and "Channel ID" in text
    assert re.search(r"Exit status: 0 .*2 ", " ".join(text.split()))


def test_replay_help_states_the_output_and_exit_codes(capsys):
    text = " ".join(help_of(capsys, "replay").split())
    assert "standard output" in text and '"finished": false' in text
    assert "0 the record replays" in text and "2 the record is illegal or malformed" in text
    assert '{"error": "...", "action": INDEX}' in text


@pytest.mark.parametrize("command", ["run", "sync", "replay", "export", "backup", "migrate-db", "rerate"])
def test_every_subcommand_says_what_it_does_and_what_each_option_means(capsys, command):
    text = help_of(capsys, command)
    sub = parser()._subparsers._group_actions[0].choices[command]
    assert sub.description and len(sub.description) > 80 and "Exit status" in sub.description
    for action in sub._actions:
        if action.dest != "help":
            assert action.help and len(action.help) > 10, (command, action.dest)
    assert "Exit status" in text
