"""The words and pictures of learning from the games: the curve, a seat's
analysis, a Tipp, the rating chart (data from ``dokobot.players.analysis`` and
the stores; every text within Discord's limits)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dokobot.players.analysis import MIN_COST, Curve, Decision, Moment, Tip
from dokobot.table.table import computer_number

from . import render
from .cards import card_text
from .charts import LABEL_SIZE, Mark, curve_png
from .i18n import announcement_name, t, tn
from .numbers import decimal, signed_decimal
from .picture import PARTY, alt_text, shown_name

MAX_TEXT = 1800  # below Discord's 2,000 characters of a message
LABEL_NAME = 110  # pixels of a name in a mark's label
TITLE_WIDTH = 520  # pixels of the curve's title


def moment_text(m: Moment, names: Sequence[str], lang: str, *, markdown: bool = True) -> str:
    """A moment of the curve in words; ``names`` as they are (escaped here for Markdown, once)."""
    def name(seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(names):
            return "–"
        return render.esc(names[seat]) if markdown else names[seat]

    if m.kind == "announce":
        return t(lang, "curve.announce", name=name(m.seat), what=announcement_name(lang, m.what))
    if m.kind == "extra":
        extra = t(lang, "bd.superdoppelkopf") if m.what == "superdoppelkopf" else t(lang, "bd.extra." + m.what)
        return t(lang, "curve.extra", extra=extra, name=name(m.seat))
    if m.kind in ("partner", "alone"):
        return t(lang, f"curve.{m.kind}.{m.what}", name=name(m.seat))
    return t(lang, "curve.trick", trick=m.trick + 1, name=name(m.seat))


def _re_names(curve: Curve, names: Sequence[str]) -> str:
    return ", ".join(names[s] for s in curve.re if 0 <= s < len(names)) or "Re"


def _chart_name(name: str) -> str:
    """A computer as "C2" on a chart: cut, "Computer 1 (mittel)" and "Computer 2 (mittel)"
    both read "Computer…" (the description keeps the full name)."""
    number = computer_number(name)
    return f"C{number}" if number else name


def curve_picture(curve: Curve, names: Sequence[str], no: int, lang: str, factor: int = 1) -> bytes:
    """The curve as a picture: a point before each trick and the end, its moments marked
    (at the point after the trick that moved it); ``factor``: the game's Bock factor."""
    drawn = [_chart_name(n) for n in names]  # the picture draws names as they are (no Markdown)
    short = [shown_name(n, LABEL_NAME, LABEL_SIZE) for n in drawn]
    marks = [Mark(m.trick + 1, moment_text(m, short, lang, markdown=False)) for m in curve.moments]
    title = shown_name(t(lang, "curve.title", no=no, names=_re_names(curve, drawn)), TITLE_WIDTH, 18)
    legend = [(t(lang, "curve.legend_re"), PARTY["re"]), (t(lang, "curve.legend_kontra"), PARTY["kontra"])]
    return curve_png([v * factor for v in curve.values], marks, title, t(lang, "curve.x"), legend=legend)


def curve_alt(curve: Curve, names: Sequence[str], no: int, lang: str, factor: int = 1) -> str:
    """What the curve picture shows, in the reader's language (the file's description; no Markdown)."""
    values = " → ".join(signed_decimal(v * factor, lang) for v in curve.values)
    parts = [t(lang, "alt.curve", title=t(lang, "curve.title", no=no, names=_re_names(curve, names))),
             t(lang, "curve.text", values=values)]
    if curve.moments:
        parts.append(t(lang, "curve.moments", list=" · ".join(moment_text(m, names, lang, markdown=False)
                                                             for m in curve.moments)))
    return alt_text([*parts, t(lang, "alt.curve_colours")])


def curve_text(curve: Curve, names: Sequence[str], no: int, lang: str, factor: int = 1) -> str:
    """What the picture shows, in words (channels without pictures); ``names`` as they are."""
    values = " → ".join(signed_decimal(v * factor, lang) for v in curve.values)
    side = _re_names(curve, [render.esc(n) for n in names])
    lines = [t(lang, "curve.message", no=no, names=side), t(lang, "curve.text", values=values)]
    if curve.moments:
        lines.append(t(lang, "curve.moments", list=" · ".join(moment_text(m, names, lang) for m in curve.moments)))
    return "\n".join(lines)[:MAX_TEXT]


def analysis_text(decisions: Sequence[Decision], lang: str, deck: str = "french") -> str:
    """A seat's costliest decisions (already chosen), one line each, and where they come from."""
    if not decisions:
        lines = [t(lang, "an.none", min=decimal(MIN_COST, lang))]
    else:
        lines = [t(lang, "an.line", trick=d.trick + 1, played=card_text(d.played, deck, lang),
                   best=card_text(d.best, deck, lang), cost=decimal(d.cost, lang)) for d in decisions]
    return "\n".join(lines + ["", "-# " + t(lang, "an.footer")])[:MAX_TEXT]


def tip_text(tip: Tip, lang: str, deck: str = "french") -> str:
    why = t(lang, "tip.lead") if tip.reason == "lead" else t(lang, f"tip.{tip.reason}", augen=tip.augen)
    value = t(lang, "tip.value", value=signed_decimal(tip.value, lang))
    return t(lang, "tip.line", card=card_text(tip.card, deck, lang), why=why, value=value)


def rating_picture(history: Sequence[float], name: str, lang: str) -> bytes:
    title = shown_name(t(lang, "stats.skill_chart", name=name), TITLE_WIDTH, 18)
    return curve_png([0.0, *history], [], title, t(lang, "stats.skill_x"),
                     zero=False, party_colours=False)


RATING_ALT_VALUES = 24  # the newest values a description names: the limit holds a long history


def rating_alt(history: Sequence[float], name: str, lang: str) -> str:
    """What the rating chart shows, in the reader's language (the file's description)."""
    shown = [decimal(v, lang) for v in history[-RATING_ALT_VALUES:]]
    values = ("… → " if len(history) > RATING_ALT_VALUES else "") + " → ".join(shown)
    return alt_text([t(lang, "alt.rating", title=t(lang, "stats.skill_chart", name=name),
                       games=tn(lang, "count.games", len(history)), values=values)])


def decisions_of(analysis: Mapping[str, Any], seat: int) -> list[Decision]:
    return [Decision.from_dict(d) for d in analysis.get("seats", {}).get(str(seat), [])]


def curve_of(analysis: Mapping[str, Any]) -> Curve | None:
    data = analysis.get("curve")
    return None if not data else Curve.from_dict(data)


