"""A Doppelkopf night in the bot: its commands' logic, its tables in threads, its board."""
