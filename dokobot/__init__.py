"""dokobot: Doppelkopf for Discord."""

# The one place of the version: pyproject.toml reads it, `dokobot --version`,
# the start-up line and CHANGELOG.md show it.
__version__ = "0.4.1"
