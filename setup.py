"""The package list, which pyproject.toml cannot say: ``cogs/`` stays at the top of the
repository but is installed as ``dokobot.cogs`` (a top-level ``cogs`` in site-packages
would collide with any other package's ``cogs``). Everything else is in pyproject.toml."""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["dokobot", "dokobot.*"]), "dokobot.cogs"],
    package_dir={"dokobot.cogs": "cogs"},
)
