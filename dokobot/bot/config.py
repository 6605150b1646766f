"""Bot settings from a TOML file (see config.example.toml).

Every problem raises ``ConfigError`` with one sentence a user can act on;
the token never appears in a message or a repr.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dokobot.text.i18n import LANGUAGES

TOKEN_ENV = "DOKOBOT_TOKEN"
DEFAULT_PATH = "config.toml"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
PRESETS = ("ddv", "haus", "klassisch")
# Discord bot tokens: three base64url parts separated by dots.
_TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}$")


class ConfigError(Exception):
    """A config that cannot be used; ``str()`` is one line for the user."""


@dataclass(frozen=True)
class Config:
    token: str = field(default="", repr=False)
    database: str = "dokobot.sqlite3"
    preset: str = "ddv"
    language: str = "de"
    guild_id: int | None = None
    log_level: str = "INFO"


_KEYS = {"token", "database", "preset", "language", "guild_id", "log_level"}


def _check(key: str, value: Any) -> Any:
    if key in ("token", "database") and not isinstance(value, str):
        raise ConfigError(f"config: {key} must be a string")
    if key == "database" and not value:
        raise ConfigError("config: database must not be empty")
    if key == "preset" and value not in PRESETS:
        raise ConfigError(f"config: preset must be one of {', '.join(PRESETS)}, not {value!r}")
    if key == "language" and value not in LANGUAGES:
        raise ConfigError(f"config: language must be one of {', '.join(LANGUAGES)}, not {value!r}")
    if key == "log_level":
        if not isinstance(value, str) or value.upper() not in LOG_LEVELS:
            raise ConfigError(f"config: log_level must be one of {', '.join(LOG_LEVELS)}")
        return value.upper()
    if key == "guild_id" and (not isinstance(value, int) or isinstance(value, bool) or value <= 0):
        raise ConfigError("config: guild_id must be a positive whole number (the server id)")
    return value


def load_config(path: str | None = None, *, env: dict[str, str] | None = None, require_token: bool = True) -> Config:
    """Read ``path`` (or ./config.toml if present); ``DOKOBOT_TOKEN`` fills or overrides the token."""
    env = os.environ if env is None else env
    data = _read(path)
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise ConfigError(f"config: unknown key {unknown[0]!r} (known: {', '.join(sorted(_KEYS))})")
    values = {key: _check(key, value) for key, value in data.items()}
    if env.get(TOKEN_ENV):
        values["token"] = env[TOKEN_ENV].strip()
    config = Config(**values)
    if require_token:
        check_token(config.token)
    return config


def check_token(token: str) -> None:
    if not token:
        raise ConfigError(f"no bot token: set token in the config file or the environment variable {TOKEN_ENV}")
    if not _TOKEN_RE.match(token):
        raise ConfigError("the bot token is malformed: copy it again from the Discord developer portal")


def _read(path: str | None) -> dict[str, Any]:
    if path is None:
        if not Path(DEFAULT_PATH).is_file():
            return {}
        path = DEFAULT_PATH
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise ConfigError(f"config file not found: {path}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read config file {path}: {exc.__class__.__name__}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"config file {path} is not valid TOML: {exc}") from None
