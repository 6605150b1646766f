"""Bot settings from a TOML file (see config.example.toml).

Every problem raises ``ConfigError`` with one sentence a user can act on;
the token never appears in a message or a repr.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

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
    # Where /doko hilfe sends players for the whole guide (docs/playing.md of this bot's copy).
    guide_url: str = ""
    # Sharding (several processes on one PostgreSQL): None = one process, all servers.
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None

    @property
    def sharded(self) -> bool:
        return self.shard_count is not None


# Discord wants about 1,000 servers per shard: 1,024 shards serve a million servers.
# The bound keeps a typo (shard_count = 1000000000) from building a huge shard set.
MAX_SHARDS = 1024

_KEYS = {"token", "database", "preset", "language", "guild_id", "log_level", "shard_count", "shard_ids",
         "guide_url"}


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
    if key == "database":
        _check_database(value)
    if key == "guide_url" and (not isinstance(value, str) or not re.fullmatch(r"https?://\S+", value)):
        raise ConfigError("config: guide_url must be an http:// or https:// address")
    if key == "shard_count" and (
        not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_SHARDS
    ):
        raise ConfigError(f"config: shard_count must be a whole number of at least 1 and at most {MAX_SHARDS}")
    if key == "shard_ids":
        if not isinstance(value, list) or not value or any(
            not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in value
        ) or len(set(value)) != len(value):
            raise ConfigError("config: shard_ids must be a list of different shard numbers, e.g. [0, 1]")
        return tuple(value)
    return value


def _check_database(value: str) -> None:
    """A file path, or a postgresql:// URL naming host and database; the password never shows."""
    if "://" not in value:
        return
    scheme = value.split("://", 1)[0].lower()
    if scheme not in ("postgresql", "postgres"):
        raise ConfigError(f"config: database must be a file path or a postgresql:// URL, not a {scheme}:// URL")
    try:
        parts = urlsplit(value)
        parts.port  # noqa: B018 - raises ValueError for a bad port
    except ValueError:
        raise ConfigError("config: database URL is malformed (postgresql://user:password@host:port/dbname)") from None
    if not parts.path.strip("/") or not (parts.hostname or "host=" in parts.query):
        raise ConfigError("config: database URL needs a host and a database name (postgresql://user@host/dbname)")


def _check_shards(values: dict[str, Any]) -> None:
    count, ids = values.get("shard_count"), values.get("shard_ids")
    if ids is None:
        return
    if count is None:
        raise ConfigError("config: shard_ids needs shard_count (how many shards the bot has in all)")
    if max(ids) >= count:
        raise ConfigError(f"config: shard_ids must lie between 0 and {count - 1} (shard_count is {count})")


def load_config(
    path: str | None = None, *, env: Mapping[str, str] | None = None, require_token: bool = True,
) -> Config:
    """Read ``path`` (or ./config.toml if present); ``DOKOBOT_TOKEN`` fills or overrides the token."""
    if env is None:
        env = os.environ
    data = _read(path)
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise ConfigError(f"config: unknown key {unknown[0]!r} (known: {', '.join(sorted(_KEYS))})")
    values = {key: _check(key, value) for key, value in data.items()}
    _check_shards(values)
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
