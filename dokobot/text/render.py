"""What the table looks like, as text and control descriptions, free of Discord.

Public renderings (lobby, table, summary, notices) use only what the whole
table may know: played cards, ``public_contract``, ``public_parties``,
announcements. The private hand is rendered for one seat only and is handed
to its owner alone by the bot layer.
"""

from __future__ import annotations

from dataclasses import replace
from math import gcd
from typing import Any

from dokobot.engine import (
    PRESETS,
    SWITCHES,
    BreakdownItem,
    Game,
    GameResult,
    Observation,
    ReplayError,
    RuleSet,
    is_list_switch,
    replay_game,
    switch_values,
)
from dokobot.engine.actions import (
    Announce,
    ArmutDecline,
    ArmutReturn,
    ArmutTake,
    Bid,
    HochzeitPartner,
    Klopfen,
    Play,
    Reserve,
)
from dokobot.engine.announce import rank as announce_rank
from dokobot.engine.game import ARMUT_PHASES
from dokobot.table.bock import booked
from dokobot.table.store import SeatInfo, TableSettings
from dokobot.table.switches import TABLE_SWITCHES
from dokobot.table.table import MAX_SEATS, FinishedGame, Table
from dokobot.table.view import Played, TableView, game_view
from dokobot.text.cards import card_text, hochzeit_card_line
from dokobot.text.controls import AskKsolo, AskSchwein, Control, GiveTrumps, Intent
from dokobot.text.i18n import (
    announcement_name,
    breakdown_label,
    computer_words,
    contract_name,
    has,
    t,
    tn,
)
from dokobot.text.markdown import esc as esc  # render.esc: the bot and the boards use it
from dokobot.text.notices import record_events
from dokobot.text.numbers import signed

MAX_ROW = 5

# ---- public -------------------------------------------------------------------------------


def preset_name(lang: str | None, preset: str) -> str:
    return t(lang, "preset." + preset) if has("preset." + preset) else preset


def lobby_text(table: Table, lang: str | None) -> tuple[str, str]:
    host = next((s.name for s in table.seats if s.user_id == table.host_id), None)
    lines = [
        t(lang, "lobby.host", host=esc(host) if host else f"<@{table.host_id}>"),
        t(lang, "lobby.rules", preset=preset_name(lang, table.preset)),
        "",
        f"**{t(lang, 'lobby.seats')}**",
    ]
    shown = max(4, min(len(table.seats) + 1, MAX_SEATS))  # four seats, one more once four sit, up to six
    for i in range(shown):
        lines.append(f"{i + 1}. {esc(table.seats[i].name, lang) if i < len(table.seats) else t(lang, 'lobby.free')}")
    if len(table.seats) == 5:  # what Starten will pick
        lines.append(t(lang, "lobby.five_all" if table.game_rules(5).all_play else "lobby.five"))
    elif len(table.seats) == 6:
        lines.append(t(lang, "lobby.six"))
    if table.waiting:
        lines.append(t(lang, "lobby.waiting", list=", ".join(esc(w.name, lang) for w in table.waiting)))
    if table.state == "closed":
        lines += ["", t(lang, "lobby.closed")]
    elif table.state == "playing":
        lines += ["", t(lang, "lobby.playing")]
    else:
        lines += ["", t(lang, "lobby.hint")]
    return t(lang, "lobby.title"), "\n".join(lines)


def card(played: Played, lang: str | None = None) -> str:
    """Card text (English: ♣Q, ♦J); trumps in bold so they stand apart."""
    text = card_text(played.card, lang=lang)
    return f"**{text}**" if played.trump else text


def public_view(table: Table) -> TableView | None:
    """The running game as the whole table may know it (None: no game): the public texts
    read this, never the live game."""
    game = table.game
    return None if game is None else game_view(game, list(table.names), table.game_no)


def _rules(view: TableView) -> RuleSet:
    assert view.rules is not None  # game_view sets it
    return view.rules


def table_text(table: Table, lang: str | None) -> tuple[str, str]:
    """Title and body of the public table message of the running game."""
    view = public_view(table)
    assert view is not None
    names = [esc(n, lang) for n in table.names]
    # the running game's rules: six seated play the Münchener Regeln whatever the table's preset
    title = t(lang, "table.title", no=table.game_no, preset=preset_name(lang, _rules(view).preset))
    lead = view.order[0]
    lines = [bock_line(table, lang)] if table.bock_multiplier > 1 else []
    lines += list_lines(table, lang)
    lines.append(t(lang, "table.dealer", dealer=names[view.dealer], lead=names[lead]))
    if table.sits_out(view.dealer):
        lines.append(t(lang, "table.sits_out", name=names[view.dealer]))
    away = [names[i] for i, s in enumerate(table.seats) if s.user_id in table.away and i < len(names)]
    if away and table.state == "playing":
        lines.append(f"🤖 {t(lang, 'table.computer_for', names=', '.join(away))}")
    lines += _contract_lines(view, names, lang)
    if view.phase == "reserve":
        lines.append(_reserve_line(view, names, lang))
    elif view.phase in ARMUT_PHASES:
        lines.append(_armut_line(view, names, lang))
    if view.phase in ("play", "done"):
        lines += _trick_lines(view, names, lang)
    return title, "\n".join(lines)


def bock_line(table: Table, lang: str | None) -> str:
    """'Bock ×2 · noch 3 Bockspiele': the factor and the Bock games after the running one."""
    m, n = table.bock_multiplier, table.bock_left
    return f"**{tn(lang, 'table.bock', n, m=m) if n else t(lang, 'table.bock_last', m=m)}**"


def list_lines(table: Table, lang: str | None) -> list[str]:
    """The list of the running game (or of the next one between games): 'Liste: Spiel 5
    von 24', who is vorgeführt, a Pflichtsolo being played, who still owes one."""
    settings = table.list_settings
    if not settings.active:
        return []
    view, names = public_view(table) if table.state == "playing" else None, [esc(n, lang) for n in table.names]
    lines = []
    pflicht, vorg = table.list_game if view is not None else (frozenset(), None)
    if view is not None and view.pflichtsolo is not None and view.pflichtsolo != vorg:
        lines.append(tn(lang, "table.list_pflicht", settings.games, name=names[view.pflichtsolo]))
    else:
        n = min(table.list_state.counted + 1, max(settings.games, table.list_state.counted + 1))
        lines.append(t(lang, "table.list", n=n, total=settings.games))
    if vorg is not None:
        lines.append(f"**{t(lang, 'table.list_vorgefuehrt', name=names[vorg])}**")
    owing = table.list_owing()
    if owing:
        lines.append(t(lang, "table.list_owing", list=", ".join(_owing_name(table, s, lang) for s in owing)))
    elif table.pflicht_on:
        lines.append(t(lang, "table.list_owing_none"))
    return lines


def _owing_name(table: Table, seat: SeatInfo, lang: str | None) -> str:
    """The name, at six with the sizes still owed: "Ost (klein)"."""
    owes = table.list_owes(seat.user_id)
    if len(table.seats) != 6 or not owes:
        return esc(seat.name, lang)
    return f"{esc(seat.name, lang)} ({', '.join(t(lang, 'list.size.' + k) for k in owes)})"


def _list_summary(fin: FinishedGame, lang: str | None) -> list[str]:
    step, names = fin.list_step, [esc(p.name, lang) for p in fin.players]
    if step is None or fin.result.is_redeal:
        return []
    total = step.total
    soloist = fin.result.re[0] if fin.result.re else 0
    lines = []
    if step.mark == "pflicht":
        lines.append(f"**{t(lang, 'sum.list_pflicht', name=names[soloist], dealer=names[fin.dealer])}**")
    else:
        if step.mark == "vorgefuehrt":
            lines.append(f"**{t(lang, 'sum.list_vorgefuehrt', name=names[soloist])}**")
        lines.append(t(lang, "sum.list_game", n=step.list_game, total=total))
    if step.ended is not None:
        by_id = {p.user_id: esc(p.name, lang) for p in fin.players}
        ranking = [f"{i + 1}. {by_id.get(u, '?')} {_signed(p)}" for i, (u, p) in enumerate(step.ended)]
        lines += ["", f"**{tn(lang, 'sum.list_end', total)}**", *ranking]
    return lines


def _contract_lines(view: TableView, names: list[str], lang: str | None) -> list[str]:
    lines = []
    contract = view.contract
    if contract and contract != "normal":
        who = view.declarer
        suffix = f" ({names[who]})" if who is not None else ""
        lines.append(t(lang, "table.contract", contract=contract_name(lang, contract)) + suffix)
    parties = view.parties()
    if parties and view.phase != "done":
        lines.append(t(lang, "table.parties", list=_parties_list(parties, names, lang)))
    if view.knockers:
        lines.append(t(lang, "table.klopfen", n=len(view.knockers), list=", ".join(names[s] for s in view.knockers)))
    if view.announcements:
        said = " · ".join(f"{announcement_name(lang, a)} ({names[s]})" for s, a in view.announcements)
        lines.append(t(lang, "table.announcements", list=said))
    if view.named_card:
        # in words: a card symbol in a public message reads as a played card
        lines.append(hochzeit_card_line(lang, view.named_card))
    if view.hochzeit_form:
        lines.append(t(lang, "table.hochzeit_form", form=t(lang, "value.hochzeit." + view.hochzeit_form)))
    told = view.armut_told
    if told is not None:
        alte = t(lang, "table.armut_alte") if told.alte else ""
        lines.append(tn(lang, "table.armut_announced", told.trumps, name=names[told.seat], alte=alte)
                     if told.trumps else t(lang, "table.armut_announced_none", name=names[told.seat]))
    return lines


def _parties_list(parties: dict[int, str], names: list[str], lang: str | None) -> str:
    parts = []
    for party in ("re", "kontra"):
        seats = [names[s] for s in sorted(parties) if parties[s] == party]
        if seats:
            parts.append(f"{t(lang, 'party.' + party)}: {', '.join(seats)}")
    return " · ".join(parts)


def _reserve_line(view: TableView, names: list[str], lang: str | None) -> str:
    parts = []
    for seat in view.order:
        word = view.seats[seat].said
        text = t(lang, "table." + word) if word else t(lang, "table.waiting")
        parts.append(f"{names[seat]} {text}")
    line = t(lang, "table.reserve", list=" · ".join(parts))
    return _with_turn(line, view, names, lang)


def _armut_line(view: TableView, names: list[str], lang: str | None) -> str:
    key = "table.armut" if view.phase == "armut_take" else "table.armut_exchange"
    holder = view.first_vorbehalt
    line = t(lang, key, name=names[holder] if holder is not None else "?")
    return _with_turn(line, view, names, lang)


def _with_turn(line: str, view: TableView, names: list[str], lang: str | None) -> str:
    if view.to_act is None:
        return line
    return f"{line}   ({t(lang, 'table.to_act', name=names[view.to_act])})"


def _trick_lines(view: TableView, names: list[str], lang: str | None) -> list[str]:
    lines = []
    if view.phase == "play":
        played = {p.seat: p for p in view.trick}
        leader = view.trick[0].seat if view.trick else view.to_act
        seats = list(view.order)
        order = [seats[(seats.index(leader) + i) % len(seats)] for i in range(len(seats))] if leader in seats else []
        pig = None if view.schwein is None else view.trick[view.schwein].seat
        cards = " · ".join(
            f"{names[s]} {_played(played[s], s == pig, lang) if s in played else '…'}" for s in order
        )
        lines.append(_with_turn(t(lang, "table.trick", n=view.trick_no, cards=cards), view, names, lang))
    if view.last:
        lines.append(last_trick_line(view, names, lang))
    lines.append(t(lang, "table.tricks", list=" · ".join(f"{names[s]} {view.seats[s].tricks}" for s in view.order)))
    return lines


def _played(played: Played, schwein: bool, lang: str | None) -> str:
    """A played card; a Fuchs played as Schwein says so (it beats the Dullen)."""
    return card(played, lang) + (f" ({t(lang, 'card.schwein')})" if schwein else "")


def _breakdown_item(b: BreakdownItem, lang: str | None) -> str:
    """One line of the game value: label, party, +points (or ×factor in the doubling scheme)."""
    who = t(lang, "party." + b.party) if b.party in ("re", "kontra") else b.party
    amount = f"×{b.factor}" if b.factor is not None else signed(b.points or 0)
    return f"{breakdown_label(lang, b)} ({who}) {amount}"


def summary_text(fin: FinishedGame, lang: str | None, game: Game | None = None) -> tuple[str, str]:
    """Title and body of the end-of-game summary (everything is public by now), with the
    last trick card by card. ``game``: the finished game, if at hand (else replayed)."""
    res = fin.result
    names = [esc(p.name, lang) for p in fin.players]
    title = t(lang, "sum.title", no=fin.number, contract=contract_name(lang, res.contract))
    if res.is_redeal:
        return title, t(lang, "sum.redeal")
    game = game if game is not None and game.phase == "done" else _replayed(fin.record)
    if not res.targets and game is not None:  # stored before results carried them: ask the game
        res = replace(res, targets=game.game_result().targets)
    lines = result_lines(res, names, lang, fin.bock)
    if game is not None and game.tricks:
        view = game_view(game, [p.name for p in fin.players], fin.number)
        lines.insert(2 if why_text(res, lang) else 1, last_trick_line(view, names, lang))  # after the why
    lines += [t(lang, "sum.bock." + trigger) for trigger in fin.bock_fired]
    lines.append(t(lang, "sum.sheet", list=sheet_list(fin.players, fin.totals, lang)))
    lines += _list_summary(fin, lang)
    return title, "\n".join(lines)


def _replayed(record: dict[str, Any]) -> Game | None:
    """The finished game of a record (None if it does not replay)."""
    try:
        game = replay_game(record)
    except (ReplayError, ValueError, KeyError, TypeError):
        return None
    return game if game.phase == "done" else None


def result_lines(res: GameResult, names: list[str], lang: str | None, bock: int = 1) -> list[str]:
    """Who won with how many Augen and why, the parties, the game value's lines, the points."""
    key = "sum.winner" if res.winner else "sum.no_winner"
    winner = t(lang, "party." + res.winner) if res.winner else ""
    augen = t(lang, "sum.augen", re=res.augen[0], kontra=res.augen[1])
    lines = [
        t(lang, key, party=winner, augen=augen, value=res.value),
        *filter(None, [why_text(res, lang)]),
        t(
            lang, "sum.parties",
            re=", ".join(names[s] for s in res.re) or "–",
            kontra=", ".join(names[s] for s in res.kontra) or "–",
        ),
    ]
    value = [b for b in res.breakdown if b.key != "extra"]
    extras = [b for b in res.breakdown if b.key == "extra"]
    if value:
        lines.append(" · ".join(_breakdown_item(b, lang) for b in value))
    if extras:  # the Sonderpunkte on a line of their own, as at a real table
        lines.append(t(lang, "sum.extras", list=" · ".join(_breakdown_item(b, lang) for b in extras)))
    uneven = _uneven_line(res, lang)
    if uneven:
        lines.append(uneven)
    points = " · ".join(f"{names[i]} {_signed(p)}" for i, p in enumerate(booked(res.score, bock)))
    if bock > 1:
        lines.append(t(lang, "sum.points_bock", m=bock, list=points))
    else:
        lines.append(t(lang, "sum.points", list=points))
    return lines


def _uneven_line(res: GameResult, lang: str | None) -> str | None:
    """2 against 3 (five all playing), 2 against 4 or 1 against 5 (six): why a seat's points
    are not the game value. Each side counts it as often as the other has players, reduced
    (reading 31): ``value × other / gcd``."""
    sizes = (len(res.re), len(res.kontra))
    if sum(sizes) <= 4 or sizes[0] == sizes[1] or not res.value or not all(sizes):
        return None
    d = gcd(*sizes)
    return t(lang, "sum.uneven", re_n=sizes[0], kontra_n=sizes[1], v=res.value,
             re_k=sizes[1] // d, kontra_k=sizes[0] // d,
             re_p=_signed(res.score[res.re[0]]), kontra_p=_signed(res.score[res.kontra[0]]))


def last_trick_line(view: TableView, names: list[str], lang: str | None) -> str:
    """'Letzter Stich an Ost, 35 Augen: Nord ♠A · Ost ♠10 · ...': who played which card."""
    assert view.last_winner is not None  # called only once a trick is done
    cards = " · ".join(f"{names[p.seat]} {_played(p, i == view.last_schwein, lang)}" for i, p in enumerate(view.last))
    return t(lang, "table.last_trick", winner=names[view.last_winner], cards=cards, augen=view.last_augen)


def sheet_list(players: list[Any], totals: dict[int, int], lang: str | None = None) -> str:
    return " · ".join(f"{esc(p.name, lang)} {_signed(totals.get(p.user_id, 0))}" for p in players)


def _signed(n: int) -> str:
    return signed(n)


# ---- why the winner won -------------------------------------------------------------------
# The targets are the engine's (GameResult.targets): the text only words them.


def _party_reason(res: GameResult, pi: int, lang: str | None) -> str:
    party = t(lang, "party." + ("re", "kontra")[pi])
    target = res.targets[pi]
    augen, tricks = res.augen[pi], res.tricks[pi]
    if target.step == "schwarz":
        return t(lang, "why.schwarz_made" if target.met else "why.schwarz_failed", party=party)
    if target.step:
        step = announcement_name(lang, target.step)
        return t(lang, "why.step", party=party, step=step, augen=augen, need=target.augen)
    if target.against == "schwarz":
        return t(lang, "why.trick_made", party=party, tricks=tn(lang, "count.tricks", tricks)) if target.met \
            else t(lang, "why.trick_failed", party=party)
    return t(lang, "why.plain", party=party, augen=augen, need=target.augen)


def why_text(res: GameResult, lang: str | None) -> str:
    """Why the winner won, or why nobody did: the deciding party's target and what it reached
    ("" for a result without targets, stored before the engine gave them).

    A winner facing a failed announcement of the losers: the losers' announcement
    decided it, so that is the sentence; otherwise the winner's own target."""
    if len(res.targets) != 2:
        return ""
    if res.winner is None:
        return " ".join(_party_reason(res, pi, lang) for pi in (0, 1))
    w = 0 if res.winner == "re" else 1
    decider = 1 - w if res.targets[1 - w].step and not res.targets[w].step else w
    text = _party_reason(res, decider, lang)
    if res.targets[w].only_kontra:
        text += " " + t(lang, "why.only_kontra", re=res.targets[0].augen, kontra=res.targets[1].augen)
    return text


def party_said(game: Game, seat: object) -> str | None:
    """The highest announcement of ``seat``'s party so far (public once made)."""
    if not isinstance(game, Game) or not isinstance(seat, int):
        return None
    party = game.party_of(seat)
    said = [w for s, w in game.announcements if party is not None and game.party_of(s) == party]
    return max(said, key=announce_rank) if said else None


# ---- private ----------------------------------------------------------------------------


def _view(table: Table, seat: int, obs: Observation | None = None) -> Observation:
    """The seat's observation: ``obs`` when the caller has it (the text and the buttons of one
    hand read the same one), else the game's."""
    if obs is not None:
        return obs
    game = table.game
    assert game is not None
    return game.observation(seat)


def known_party(obs: Observation) -> str | None:
    """The seat's party as the seat itself knows it (its own cards included)."""
    return obs.parties[obs.seat] or obs.party


def hand_text(table: Table, seat: int, lang: str | None, deck: str = "french", obs: Observation | None = None) -> str:
    """The private hand's text (``obs``: the seat's observation now, if the caller has it)."""
    if table.sits_out(seat):  # the dealer at five: a note instead of a hand
        return t(lang, "hand.sits_out", no=table.game_no)
    obs = _view(table, seat, obs)
    head = f"**{t(lang, 'hand.title', no=table.game_no)}**"
    party = known_party(obs)
    if party:
        head += f" ({t(lang, 'hand.party', party=t(lang, 'party.' + party))})"
    lines = [head + " – " + _turn_text(table, obs, lang)]
    trumps = [c for c in obs.hand if obs.is_trump(c)]
    plain = [c for c in obs.hand if not obs.is_trump(c)]
    if trumps:
        lines.append(f"{t(lang, 'hand.trumps')}: " + " ".join(f"**{card_text(c, deck, lang)}**" for c in trumps))
    if plain:
        lines.append(" ".join(card_text(c, deck, lang) for c in plain))
    prompt = _prompt(table, obs, lang)
    if prompt:
        lines.append(prompt)
    if seat < len(table.seats) and table.seats[seat].user_id in table.away and obs.phase != "done":
        lines.append(f"🤖 {t(lang, 'hand.away')}")
    return "\n".join(lines)


def _turn_text(table: Table, obs: Observation, lang: str | None) -> str:
    if obs.phase == "done":
        return t(lang, "hand.done")
    if obs.to_act == obs.seat:
        return t(lang, "hand.your_turn")
    return t(lang, "hand.wait", name=esc(table.names[obs.to_act], lang) if obs.to_act is not None else "?")


def _prompt(table: Table, obs: Observation, lang: str | None) -> str | None:
    if obs.to_act != obs.seat:
        return None
    if obs.phase == "partner":  # reading 40: the found seat takes the Hochzeit or declines
        holder = obs.declarer
        return t(lang, "hand.partner_ask", name=esc(table.names[holder], lang) if holder is not None else "?")
    if obs.phase == "reserve":
        view = public_view(table)
        owed = view.owes(obs.seat) if view is not None else ()
        sizes = ", ".join(t(lang, "list.size." + k) for k in sorted(owed))
        if view is not None and view.vorgefuehrt == obs.seat:
            return t(lang, "hand.vorgefuehrt") + (" " + t(lang, "hand.vorgefuehrt_six", sizes=sizes) if owed else "")
        if owed:
            return t(lang, "hand.reserve") + " " + t(lang, "hand.pflicht_owed_six", sizes=sizes)
        if view is not None and obs.seat in view.pflicht:
            return t(lang, "hand.reserve") + " " + t(lang, "hand.pflicht_owed")
        return t(lang, "hand.reserve")
    if obs.phase == "bid":
        return t(lang, "hand.bid")
    if obs.phase == "armut_take":
        return t(lang, "hand.armut_take", name=esc(table.names[obs.poor or 0], lang))
    if obs.phase == "armut_give":
        return t(lang, "hand.armut_give")
    if obs.phase == "armut_return":
        return tn(lang, "hand.armut_return", obs.armut_given)
    return None


def hand_controls(table: Table, seat: int, lang: str | None, deck: str = "french",
                  obs: Observation | None = None) -> list[list[Control]]:
    """Rows of buttons/selects for the seat's private view (at most 5 rows; ``obs`` as for ``hand_text``)."""
    if table.game is None or table.sits_out(seat):
        return []
    obs = _view(table, seat, obs)
    if obs.phase == "done":
        return []
    if obs.phase == "reserve":
        return _reserve_controls(obs, lang)
    if obs.phase == "bid":  # six: equal solos bid with the steps' names, or pass
        # the engine lists the safe answer first; the buttons put the step first, pass last
        bids = sorted((m.value for m in obs.legal if isinstance(m, Bid)), key=lambda b: b == "pass")
        return _chunks([Control(Bid(b), t(lang, "btn.pass") if b == "pass" else announcement_name(lang, b),
                                "plain" if b == "pass" else "action") for b in bids])
    if obs.phase in ARMUT_PHASES:
        return _armut_controls(obs, lang, deck)
    rows = _card_rows(obs, deck, lang)
    if obs.phase == "partner":  # reading 40: two buttons for the found seat only
        if obs.to_act == obs.seat:
            rows.append([Control(HochzeitPartner(True), t(lang, "btn.partner_yes"), "action"),
                         Control(HochzeitPartner(False), t(lang, "btn.partner_no"), "plain")])
        return rows[:5]
    knock = Klopfen() in obs.legal
    anns = [Control(Klopfen(), t(lang, "btn.klopfen"), "danger")] if knock else []
    anns += [Control(Announce(a), announcement_name(lang, a), "danger") for a in obs.may_announce]
    ann_rows = _chunks(anns)  # six: Re/Kontra and five steps up to schwarz take two rows
    if len(rows) + len(ann_rows) > 5:  # Discord's five rows: the cards packed closer make room
        rows = _chunks([c for row in rows for c in row])
    return (rows + ann_rows)[:5]


def _card_rows(obs: Observation, deck: str = "french", lang: str | None = None) -> list[list[Control]]:
    """One button per card; with a Schwein to choose, ONE ♦A button that asks
    "als Schwein?" (or plays the Schwein when only it may be played)."""
    moves = [m for m in obs.legal if isinstance(m, Play)]
    plays = {m.card for m in moves if not m.schwein}
    pig = next((m.card for m in moves if m.schwein), None)  # the card that may go as Schwein
    trumps: list[Control] = []
    plain: list[Control] = []
    fuchs_shown = False
    for code in obs.hand:
        trump = obs.is_trump(code)
        if code == pig:
            if fuchs_shown:
                continue
            fuchs_shown = True
            ask = code in plays
            label = card_text(code, deck, lang) + (" 🐷?" if ask else " 🐷")
            trumps.append(Control(AskSchwein() if ask else Play(code, schwein=True), label, "trump"))
            continue
        ctl = Control(Play(code), card_text(code, deck, lang), "trump" if trump else "plain", code not in plays)
        (trumps if trump else plain).append(ctl)
    return _chunks(trumps) + _chunks(plain)


def schwein_question(lang: str | None) -> tuple[str, list[Control]]:
    """The private follow-up of the ♦A button: play it as Schwein or as Fuchs?"""
    return t(lang, "hand.schwein_ask"), [
        Control(Play("DA", schwein=True), t(lang, "btn.as_schwein"), "danger", answered=True),
        Control(Play("DA"), t(lang, "btn.as_fuchs"), "trump", answered=True),
    ]


def _chunks(controls: list[Control]) -> list[list[Control]]:
    return [controls[i:i + MAX_ROW] for i in range(0, len(controls), MAX_ROW)]


def _reserve_controls(obs: Observation, lang: str | None) -> list[list[Control]]:
    if obs.to_act != obs.seat:
        return []
    allowed = [m for m in obs.legal if isinstance(m, Reserve)]
    kinds: list[str] = []
    for a in allowed:
        if a.kind != "solo" and a.kind not in kinds and a.card is None and a.form is None:
            kinds.append(a.kind)
    buttons = [
        Control(Reserve(k), t(lang, "btn." + k), "plain" if k == "gesund" else "action")
        for k in kinds
    ]
    rows = [buttons] if buttons else []
    rows += _hochzeit_selects(obs, [a for a in allowed if a.kind == "hochzeit"], lang, obs.n == 6)
    if obs.n == 6:  # großes and kleines Solo, each as Pflicht or Lust: two selects of at most 2 x 7 kinds
        rows += _six_solo_selects(allowed, lang)
    else:
        solos = tuple(dict.fromkeys((Reserve("solo", a.solo), contract_name(lang, f"solo:{a.solo}"))
                                    for a in allowed if a.kind == "solo"))
        if solos:
            rows.append([Control(None, t(lang, "select.solo"), options=solos, count=1)])
    return rows


def _hochzeit_selects(obs: Observation, offers: list[Reserve], lang: str | None,
                      one_row: bool) -> list[list[Control]]:
    """``named_card``: a select of the cards to name; under ``choice`` one of the forms and one
    of the cards (the second select of the kind), or both in one select (``one_row``, six: the
    rows go to the solos). At most 25 options each, plain aces first."""
    forms = tuple((a, t(lang, "value.hochzeit." + str(a.form)))
                  for a in offers if a.form is not None and a.card is None)
    cards = _card_options(obs, [a for a in offers if a.card is not None], lang)
    if not forms:
        return [[Control(None, t(lang, "select.hochzeit"), options=cards[:25], count=1)]] if cards else []
    if one_row:
        return [[Control(None, t(lang, "select.hochzeit_form"), options=(forms + cards)[:25], count=1)]]
    rows = [[Control(None, t(lang, "select.hochzeit_form"), options=forms, count=1)]]
    if cards:
        rows.append([Control(None, t(lang, "select.hochzeit_card"), options=cards[:25], count=1, slot=1)])
    return rows


def _card_options(obs: Observation, offers: list[Reserve], lang: str | None) -> tuple[tuple[Intent, str], ...]:
    """The cards a Hochzeit may name, grouped: the plain aces (the usual choice), the trumps
    from the highest, then each plain suit; the label says the group."""
    def group(card: str) -> str:
        return t(lang, "suit.trump") if obs.is_trump(card) else t(lang, "suit." + card[0])

    def key(a: Reserve) -> int:
        card = str(a.card)
        return 0 if card[1:] == "A" and not obs.is_trump(card) else 1 if obs.is_trump(card) else 2

    out: list[tuple[Intent, str]] = []
    for a in sorted(offers, key=key):  # stable: the engine's display order within a group
        card = str(a.card)
        out.append((a, t(lang, "hochzeit.card_option", card=card_text(card, lang=lang), group=group(card))))
    return tuple(out)


def _six_solo_selects(allowed: list[Reserve], lang: str | None) -> list[list[Control]]:
    """A select of the großes and one of the kleines Solos, each kind as Pflicht or Lust. A
    kleines Solo that must name its form or card (``choice``, ``named_card``: readings 28, 38,
    39) asks for them in a private question (``ksolo_question``), as every kind times every
    card would not fit. More than 25 choices go on in a second select of the kind."""
    rows = []
    for size, label in (("gross", t(lang, "select.solo_gross")), ("klein", t(lang, "select.solo_klein"))):
        options: tuple[tuple[Intent, str], ...] = tuple(dict.fromkeys(
            (AskKsolo(str(a.solo), a.pflicht) if a.card or a.form else
             Reserve("solo", a.solo, a.size, a.pflicht),
             f"{contract_name(lang, 'solo:' + str(a.solo))} · "
             f"{t(lang, 'sixsolo.pflicht') if a.pflicht else t(lang, 'sixsolo.lust')}"
             + (" …" if a.card or a.form else ""))
            for a in allowed if a.kind == "solo" and a.size == size))
        for part in range(0, min(len(options), 50), 25):
            rows.append([Control(None, label, options=options[part:part + 25], count=1, slot=part // 25)])
    return rows


def ksolo_question(table: Table, seat: int, ask: AskKsolo, lang: str | None) -> tuple[str, list[list[Control]]]:
    """The private follow-up of a kleines Solo that names its form or card: a select of the
    forms and one of the cards (the second select of the kind), both answering the question."""
    obs = _view(table, seat)
    offers = [a for a in obs.legal if isinstance(a, Reserve) and a.kind == "solo" and a.size == "klein"
              and a.solo == ask.solo and a.pflicht == ask.pflicht]
    forms = tuple((a, t(lang, "value.hochzeit." + str(a.form)))
                  for a in offers if a.form is not None and a.card is None)
    cards = _card_options(obs, [a for a in offers if a.card is not None], lang)
    rows = [[Control(None, t(lang, "select.hochzeit_form"), options=forms, count=1, answered=True)]] if forms else []
    if cards:
        rows.append([Control(None, t(lang, "select.hochzeit_card"), options=cards[:25], count=1, slot=1,
                             answered=True)])
    return contract_name(lang, "solo:" + ask.solo) + " · " + t(lang, "select.solo_klein"), rows


def _armut_controls(obs: Observation, lang: str | None, deck: str = "french") -> list[list[Control]]:
    if obs.to_act != obs.seat:
        return []
    if obs.phase == "armut_take":
        return [[
            Control(ArmutTake(True), t(lang, "btn.armut_take"), "action"),
            Control(ArmutTake(False), t(lang, "btn.armut_pass"), "plain"),
        ]]
    if obs.phase == "armut_give":
        return [[Control(GiveTrumps(), t(lang, "btn.armut_give"), "action")]]
    n = obs.armut_given
    # one option per card in the hand (a card held twice is two options: the codec numbers them)
    options = tuple((ArmutReturn((c,)), card_text(c, deck, lang)) for c in obs.hand)
    rows = [[Control(None, tn(lang, "select.armut_return", n), options=options, count=n)]]
    if ArmutDecline() in obs.legal:  # armut_decide: after
        rows.append([Control(ArmutDecline(), t(lang, "btn.armut_decline"), "plain")])
    return rows


def rules_text(table: Table, lang: str | None, images: bool = True) -> tuple[str, str]:
    """The table's rules page (public knowledge); ``images``: the channel shows pictures.
    It shows the rules of the size actually seated: six play the Münchener Regeln."""
    n = len(table.seats)
    view = public_view(table) if table.state == "playing" else None
    if view is not None:
        rules = _rules(view)
    else:
        rules = table.game_rules(n) if 4 <= n <= MAX_SEATS else table.ruleset
    return rules_page(rules, table.settings, lang, table.list_settings.games, table.pflicht_on,
                      images, size_line(table, lang))


def size_line(table: Table, lang: str | None) -> str:
    """How the seated number plays: six the Münchener Regeln, five by the ``five`` switch."""
    if len(table.seats) == MAX_SEATS:
        return t(lang, "lobby.six")
    return t(lang, "lobby.five_all" if table.game_rules(5).all_play else "lobby.five")


def rules_page(r: RuleSet, settings: TableSettings, lang: str | None, list_games: int = 0,
               pflichtsolo: bool = False, images: bool = True, size: str | None = None) -> tuple[str, str]:
    """The rules of a table or of a channel's next table in one language: every switch and
    table setting with its current value and what it means; the values a switch takes are
    listed where they are words. ``size``: the line on the seated number (default: five's)."""
    # the page goes in one embed: within Discord's 6,000 characters it lists the values a
    # switch takes (autocomplete offers them too), those of the list switches go first
    for values in ("all", "choice", "none"):
        title, body = _rules_page(r, settings, lang, list_games, pflichtsolo, images, size, values)
        if len(title) + len(body) <= RULES_PAGE_BUDGET or values == "none":
            return title, body
    raise AssertionError("unreachable")


RULES_PAGE_BUDGET = 5900  # of Discord's 6,000 per message: room for a footer of up to 100


def _rules_page(r: RuleSet, settings: TableSettings, lang: str | None, list_games: int, pflichtsolo: bool,
                images: bool, size: str | None, values: str) -> tuple[str, str]:
    changed = changed_switches(r)
    head = f"**{preset_words(r.preset, lang)}**"
    if changed:  # the preset, and what differs from it: marked on its line as well
        labels = ", ".join(t(lang, f"switch.{name}") for name in changed)
        head = t(lang, "rules.changed", preset=preset_words(r.preset, lang)) + " " + labels
    lines = [head, ""]
    lines += [("✎ " if name in changed else "") + switch_line(r, name, lang, values) for name in SWITCHES]
    if list_games:  # the table's list (rules.md "Lists and Pflichtsoli"), not an engine switch
        pflicht = " · " + t(lang, "rules.pflichtsolo") if pflichtsolo else ""
        lines += ["", tn(lang, "rules.list", list_games) + pflicht]
    lines += list_lines_of_rules(list_games, pflichtsolo, lang)
    if size is None:
        size = t(lang, "lobby.five_all" if r.five == "all_play" else "lobby.five")
    lines += [""] + settings_lines(settings, lang, images) + [size, "", t(lang, "rules.how"), t(lang, "rules.yes_no")]
    return t(lang, "rules.title", preset=preset_name(lang, r.preset)), "\n".join(lines)


def preset_words(preset: str, lang: str | None) -> str:
    """The preset's long name ("DDV-Turnierregeln")."""
    return t(lang, f"rules.preset.{preset}") if has(f"rules.preset.{preset}") else preset


def changed_switches(r: RuleSet) -> list[str]:
    """The switches of ``r`` that differ from its preset; the number of players aside (the
    table sets it from the seats, and the page's size line says how they play)."""
    base = PRESETS[r.preset]
    return [name for name in SWITCHES if name != "players" and getattr(r, name) != getattr(base, name)]


def list_lines_of_rules(list_games: int, pflichtsolo: bool, lang: str | None) -> list[str]:
    """The table's list switches in the form of the switch lines (set and completed like them)."""
    games = tn(lang, "count.games", list_games) if list_games else t(lang, "rules.off")
    values = ", ".join(f"`{v}`" for v in TABLE_SWITCHES["list_games"])
    return [
        t(lang, "rules.line", label=t(lang, "rules.sw.list_games"), switch="list_games", value=games,
          help=t(lang, "rules.sw.list_games.help")) + " " + t(lang, "rules.values", values=values),
        t(lang, "rules.line", label=t(lang, "rules.sw.pflichtsolo"), switch="pflichtsolo",
          value=t(lang, "rules.on" if pflichtsolo else "rules.off"), help=t(lang, "rules.sw.pflichtsolo.help")),
    ]


def setting_words(settings: TableSettings, lang: str | None, images: bool = True) -> dict[str, tuple[str, str]]:
    """Each table setting: (its value in words, the values it takes where they are words)."""
    timeout = f"{settings.turn_timeout} s" if settings.turn_timeout else t(lang, "rules.timeout_off")
    return {
        "turn_timeout": (timeout, ""),
        "on_timeout": (t(lang, "setting.on_timeout." + settings.on_timeout), "`computer`, `wait`"),
        "mentions": (t(lang, "rules.on" if settings.mentions else "rules.off"), ""),
        "tipps": (t(lang, "rules.on" if settings.tipps else "rules.off"), ""),
        "kiebitz": (t(lang, f"setting.kiebitz.{settings.kiebitz}"), ""),  # its help names the values
        "bilder": (t(lang, "rules.on" if images else "rules.off"), ""),
    }


def settings_lines(settings: TableSettings, lang: str | None, images: bool = True) -> list[str]:
    """The table settings (turn clock, mentions, pictures) in the form of the switch lines."""
    lines = []
    for name, (value, values) in setting_words(settings, lang, images).items():
        line = t(lang, "rules.line", label=t(lang, f"setting.{name}"), switch=name, value=value,
                 help=t(lang, f"setting.{name}.help"))
        lines.append(line + (" " + t(lang, "rules.values", values=values) if values else ""))
    return lines


def switch_line(rules: RuleSet, name: str, lang: str | None, values: str = "all") -> str:
    """``**Zwei Dullen im Stich** (`dulle`): die erste sticht – ... Werte: `first_wins`, ..."""
    label = t(lang, f"switch.{name}") if has(f"switch.{name}") else name
    # a knock is worth one Re/Kontra of the table's scheme (reading 45), so its help says which
    worth = t(lang, f"klopfen.worth.{rules.scoring}") if name == "klopfen" else ""
    meaning = t(lang, f"switch.{name}.help", worth=worth) if has(f"switch.{name}.help") else ""
    line = t(lang, "rules.line", label=label, switch=name, value=switch_value(rules, name, lang), help=meaning)
    shown = switch_values(name) if values == "all" or (values == "choice" and not is_list_switch(name)) else None
    if shown:
        line += " " + t(lang, "rules.values", values=", ".join(f"`{v}`" for v in shown))
    return line


def switch_value(rules: RuleSet, name: str, lang: str | None) -> str:
    """The current value of a switch in words."""
    value = getattr(rules, name)
    if isinstance(value, bool):
        return t(lang, "rules.on" if value else "rules.off")
    if isinstance(value, int):
        return str(value)
    if isinstance(value, tuple):
        return ", ".join(value_word(name, v, lang) for v in value) or t(lang, "rules.none")
    return value_word(name, str(value), lang)


def value_word(switch: str, value: str, lang: str | None) -> str:
    """One value of a switch in words: solos and extras by their names, the rest from the catalogue."""
    if switch == "solos":
        return contract_name(lang, "solo:" + value)
    if switch == "extras" and has("bd.extra." + value):
        return t(lang, "bd.extra." + value)
    key = f"value.{switch}.{value}"
    return t(lang, key) if has(key) else value


# ---- the readable game record -------------------------------------------------------------


def record_text(record: dict[str, Any], names: list[str], lang: str | None, number: int | None = None) -> str:
    """A finished game trick by trick, in the reader's language: the cards as dealt, the
    reservations, who led, who played what, announcements as they came, who won each
    trick with how many Augen, then the result. Plain text (no Markdown): a file."""
    try:
        rules = RuleSet.from_config(record.get("rules") or {})
        game = Game(rules, [list(h) for h in record["hands"]], int(record.get("dealer", 0)))
    except (KeyError, TypeError, ValueError):
        return t(lang, "rec.unfinished")
    names = [computer_words(n, lang) for n in names] + [f"#{i + 1}" for i in range(len(names), game.n)]
    lines = [
        t(lang, "rec.title", no=number if number is not None else "?"),
        t(lang, "rec.rules", preset=preset_name(lang, rules.preset)) + " · "
        + t(lang, "rec.dealer", dealer=names[game.dealer]),
        "",
        t(lang, "rec.hands"),
    ]
    lines += [t(lang, "rec.hand", name=names[s], cards=" ".join(card_text(c, lang=lang) for c in game.hand(s)))
              if game.hand(s) else t(lang, "table.sits_out", name=names[s])  # the dealer at five
              for s in range(game.n)]
    lines.append("")
    row: list[str] = []
    for action in record.get("actions") or []:
        try:
            events = game.apply(dict(action))
        except Exception:  # a record that does not replay: say so, show what came before
            break
        row = record_events(game, events, names, lang, lines, row)
    if row:
        lines.append("   " + " · ".join(row))
    lines.append("")
    if game.phase != "done":
        lines.append(t(lang, "rec.unfinished"))
        return "\n".join(lines)
    res = game.game_result()
    lines.append(t(lang, "rec.result") + ": " + contract_name(lang, res.contract))
    if res.is_redeal:
        lines.append(t(lang, "sum.redeal"))
    else:
        lines += result_lines(res, names, lang)
    return "\n".join(lines).replace("**", "")
