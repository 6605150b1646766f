"""Layer 4: the discord.py bot: client, views, dynamic items, presenter, runner.

May import every layer below (engine, table, storage, text). ``cogs/`` (also
layer 4) stays thin and turns interactions into calls on these modules.
Nothing below this layer imports discord.
"""
