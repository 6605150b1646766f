"""A Doppelkopf night (issue 42): one event, several tables per round, one standings.

Pure, synchronous values and rules, no I/O: the bot layer stores the state,
carries out the effects a transition returns and feeds back what happened at
the tables. One idea per module:

- ``errors``: ``EventError``, a refused step with its i18n key.
- ``settings``: what the host sets (rounds, list, time limit, rules, computers, Kiebitz).
- ``state``: the event's state as immutable values.
- ``effects``: what a transition asks the bot layer to do.
- ``flow``: the transitions (sign up, start, pause, rounds, leaving, time up, end).
- ``seating``: tables of four (or five, or computers) with as few repeat meetings as possible.
- ``timelimit``: the TSR time limit applied to a table's list.
- ``standings``: ranking from finished-game rows, CSV and JSON.
- ``kiebitz``: who may watch which seat, and what a watcher is shown.

docs/tournament.md explains the rules chosen.
"""
