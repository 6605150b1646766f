"""Layer 2: tables, seats, dealer rotation, Bock, computer seats, rule switches.

Owns ``Table``/``Tables`` (one table per channel, one asyncio lock each), the
Bock rounds, the computer players and the ``TableStore`` interface with the
values that cross it. May import ``dokobot.engine`` only: no discord, no
SQLite, no texts.
"""
