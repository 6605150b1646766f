"""Layer 4: the discord.py bot: client, messages, dynamic items, presenter, runner.

The presenter's parts: ``pacing`` (when the table message may be edited), ``hands`` (the open
private hands), ``turnline`` (the ping), ``tablemessage`` (the live table message). Modules
the client imports type against ``host.Host``, never against the client.

May import every layer below (engine, table, storage, text). ``cogs/`` (also
layer 4) stays thin and turns interactions into calls on these modules.
Nothing below this layer imports discord.
"""
