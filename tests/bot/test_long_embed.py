"""A body longer than an embed description may be (the rules page with many switches)
goes on in fields: whole lines, in order, every part within Discord's limits."""

from __future__ import annotations

from dokobot.bot.messages import DESCRIPTION_MAX, FIELD_MAX, embed


def test_short_body_is_the_description():
    card = embed("Regeln", "eins\nzwei")
    assert card.description == "eins\nzwei" and not card.fields


def test_long_body_goes_on_in_fields():
    # longer than a description, within the 6,000 characters of one message (more Discord refuses)
    lines = [f"**Schalter {i}** (`s{i}`): an – {'x' * (40 + i % 70)}" for i in range(50)]
    card = embed("Regeln", "\n".join(lines))
    parts = [card.description, *(f.value for f in card.fields)]
    assert card.fields and len(card) <= 6000
    assert len(card.description) <= DESCRIPTION_MAX and all(len(f.value) <= FIELD_MAX for f in card.fields)
    assert "\n".join(parts).split("\n") == lines  # nothing lost, nothing cut, the order kept


def test_a_body_beyond_one_message_is_cut_within_discords_limits():
    """The last guard (pages are built to fit): never a message Discord refuses."""
    from dokobot.bot.embeds import fits

    lines = [f"**Schalter {i}** (`s{i}`): an – {'x' * (40 + i % 70)}" for i in range(120)]
    card = embed("Regeln", "\n".join(lines))
    assert fits(card) and len(card) <= 6000
    assert card.description.split("\n") == lines[: len(card.description.split("\n"))]  # the start, in order


def test_the_rules_page_fits_one_embed_in_both_languages():
    """Every switch of every preset: within Discord's total of 6000 characters per embed."""
    from dokobot.engine import PRESETS, RuleSet
    from dokobot.table.lists import ListSettings
    from dokobot.table.store import TableSettings
    from dokobot.text.render import rules_text

    class Shown:  # what rules_text reads of a table (with a Pflichtsolo list: the longest page)
        def __init__(self, preset: str) -> None:
            self.ruleset = RuleSet.from_config({"preset": preset})
            self.list_settings = ListSettings(24, True)
            self.pflicht_on = True
            self.settings = TableSettings()
            self.seats: list[object] = []  # nobody seated: the preset's own rules
            self.state, self.game = "lobby", None

        def game_rules(self, n: int) -> RuleSet:
            return self.ruleset

    for preset in PRESETS:
        for lang in ("de", "en"):
            card = embed(*rules_text(Shown(preset), lang))  # type: ignore[arg-type]
            assert len(card) <= 6000, (preset, lang, len(card))
