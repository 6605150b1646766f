"""dokobot's computer levels against the UCT player of Sievers and Helmert (KI 2015).

The UCT program ("doko", GPL-3, public source) is not part of dokobot and is
not built here: build it yourself from its public source as its README says
and pass the binary with ``--uct``. Without it this benchmark says so in one
line and exits 0.

Each deal is dealt by dokobot and played twice under the DDV rules both
programs play: dokobot's level in seats 0 and 2 against the UCT player in
seats 1 and 3, then with the seats swapped (duplicate deals: the luck of the
cards cancels). One UCT process runs per game (``-n 1``: no Pflichtsoli,
seat 0 leads, dokobot's dealer is seat 3); its seats that dokobot plays are
its console ("human") players, driven over a pipe. dokobot's engine mirrors
every action of the game: the dokobot seats decide from their own
``Observation`` only, and every action the two engines judge differently is
reported as a rule disagreement (there should be none).

Printed: dokobot's mean points per seat-game with a 95% confidence interval
over deals, its solos, the decision times of both sides, and the
disagreements by kind.

    python3 bench/vs_uct.py --uct /path/to/doko --level schwer --deals 200 --seed 1
    python3 bench/vs_uct.py --uct /path/to/doko --level mittel --rollouts 100 --deals 50
"""

from __future__ import annotations

import argparse
import json
import math
import random
import re
import statistics
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dokobot.engine import Game, IllegalAction, RuleSet, deal  # noqa: E402
from dokobot.engine.actions import to_json  # noqa: E402
from dokobot.players import decide  # noqa: E402

# The UCT player's options of the paper (10 simulations of 1,000 rollouts, announcements on);
# ``--rollouts`` and ``--simulations`` change the two counts.
PAPER = [0, 500, 1, 1, 16000, 1000, 10, 1, 0, 0, 1]

SOLO_OF_UCT = {"diamonds solo": "karo", "hearts solo": "herz", "spades solo": "pik",
               "clubs solo": "kreuz", "jacks solo": "buben", "queens solo": "damen",
               "aces solo": "fleischlos"}
UCT_OF_SOLO = {v: k for k, v in SOLO_OF_UCT.items()}
# The announcement as the UCT program prints it: its enum's number (1 Re/Kontra, 2 no 90, ...).
STEP_OF_UCT = {"2": "keine90", "3": "keine60", "4": "keine30", "5": "schwarz"}
STEP_OF_OPTION = {"re/kontra": 0, "no 90": 1, "no 60": 2, "no 30": 3, "black": 4}
STANDING = re.compile(r"^player \d: (-?\d+)$")
STEPS = ("rekon", "keine90", "keine60", "keine30", "schwarz")


def to_uct(card: str) -> str:
    """dokobot's card code as the UCT program names it (a ten is ``1``)."""
    return card[0] + ("1" if card[1] == "T" else card[1])


def from_uct(name: str) -> str:
    """The UCT program's card name (``[C1]`` or ``C1``) as dokobot's code."""
    name = name.strip("[]")
    return name[0] + ("T" if name[1] == "1" else name[1])


def step_of(announce: str) -> int:
    """The position of an announcement in the ladder (Re and Kontra are one step)."""
    return STEPS.index("rekon" if announce in ("re", "kontra") else announce)


@dataclass
class Report:
    """One game's facts: the score, the solo, the decision times, the disagreements."""

    score: list[int] = field(default_factory=list)
    uct_score: list[int] = field(default_factory=list)
    soloist: int | None = None
    contract: str = ""
    ours_times: list[float] = field(default_factory=list)
    uct_times: list[float] = field(default_factory=list)
    disagreements: list[str] = field(default_factory=list)
    announcements: list[tuple[int, str]] = field(default_factory=list)


class _Done(Exception):
    """The game is over: stop reading the UCT program."""


class Driver:
    """One UCT process for one game, with dokobot's engine mirroring it."""

    def __init__(self, binary: str, options: list[int], hands: list[list[str]], ours: set[int],
                 level: str, seed: int, trace: bool = False) -> None:
        self.rules = RuleSet.from_config({"preset": "ddv"})
        self.hands = hands
        self.ours = ours
        self.level = level
        self.rng = random.Random(seed)
        self.trace = trace
        self.report = Report()
        self.game = Game(self.rules, hands, dealer=3)
        self.reserve_plan = self._plan_reservations()
        self.declared: tuple[int, dict] | None = None  # the contract the UCT program settled on
        self.asked_since_card: set[int] = set()
        self.last_card_by: int | None = None
        self.pending_steps: dict[int, str] = {}
        args = [binary, "-n", "4", "--announcing-version", "1", "--verbose", "--seed", str(seed % 100000),
                "-p", *("human" if s in ours else "uct" for s in range(4))]
        for s in range(4):
            if s not in ours:
                args += [f"--p{s}-options", *map(str, options)]
        self.proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.since = time.perf_counter()
        self.asking: int | None = None
        self._question = ""
        self._uct_points: list[int] | None = None  # the standings, once the game is over

    # -- dokobot's side -------------------------------------------------------------------------
    def _plan_reservations(self) -> dict[int, dict]:
        """What each of our seats reserves, decided from its own observation in seat order.

        The UCT program asks its questions in another order than dokobot's engine, so our
        seats decide up front; the other seats count as gesund for it (a seat's reservation
        hardly depends on the others').
        """
        probe = Game(self.rules, self.hands, dealer=3)
        plan: dict[int, dict] = {}
        while probe.phase == "reserve":
            seat = probe.to_act
            assert seat is not None
            if seat in self.ours:
                action = self._decide(probe, seat)[-1]
            else:
                action = {"seat": seat, "reserve": "gesund"}
            plan[seat] = action
            probe.apply(action)
        return plan

    def _decide(self, game: Game, seat: int) -> list[dict]:
        t0 = time.perf_counter()
        moves = decide(game.observation(seat), self.level, random.Random(self.rng.getrandbits(64)))
        self.report.ours_times.append(time.perf_counter() - t0)
        return [to_json(seat, m) for m in moves]  # the pipe speaks the record's form

    def _apply(self, action: dict, what: str) -> None:
        try:
            self.game.apply(action)
        except IllegalAction as e:
            self.report.disagreements.append(f"{what}: dokobot refuses {json.dumps(action)} ({e})")
            raise

    # -- the pipe -------------------------------------------------------------------------------
    def _send(self, text: str) -> None:
        if self.trace:
            print(f">>> {text}", file=sys.stderr)
        assert self.proc.stdin is not None
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def run(self) -> Report:
        assert self.proc.stdout is not None
        try:
            for raw in self.proc.stdout:
                line = raw.rstrip("\n")
                if self.trace:
                    print(line, file=sys.stderr)
                self._line(line)
        except _Done:
            pass
        finally:
            self.proc.kill()
            self.proc.wait()
        return self.report

    def _line(self, line: str) -> None:
        if line.startswith("random cards option not set"):
            self._send("y")
        elif line.startswith("otherwise, chose a predefined distribution"):
            self._send("0")
        elif line.startswith("enter 12 cards for player "):
            seat = int(line.rsplit(" ", 1)[1])
            self._send(" ".join(to_uct(c) for c in self.hands[seat]))
        elif line.startswith("you are player "):
            self.asking = int(line.split()[3].rstrip(","))
        elif line.startswith("please play a card"):
            self._our_card()
        elif line.startswith("0 - "):
            self._our_choice([o.split(" - ", 1)[1] for o in line.split(", ") if " - " in o])
        elif line.startswith("you cannot play this card"):
            self.report.disagreements.append("card: the UCT program refuses a card dokobot allows")
            raise RuntimeError("card refused")
        elif line.startswith("invalid option"):
            raise RuntimeError("option refused")
        elif " played card: " in line:
            self._card(int(line.split()[1]), from_uct(line.rsplit(" ", 1)[1]))
        elif " announced: " in line:
            self._announced(line)
        elif " plays a " in line or " has a marriage" in line or line.startswith("regular game will"):
            self._contract(line)
        elif self._uct_points is not None and (m := STANDING.match(line)):
            self._standing(int(m.group(1)))
        elif line.startswith("standings:"):
            self._uct_points = []
        elif line.startswith("do you want to play an immediate solo"):
            self._question = "immediate"
        elif line.startswith("do you have a reservation"):
            self._question = "reservation"
        elif line.startswith("do you want to play a solo"):
            self._question = "solo"

    def _timed_uct(self, seat: int) -> None:
        now = time.perf_counter()
        if seat not in self.ours:
            self.report.uct_times.append(now - self.since)
        self.since = now

    # -- the reservations -----------------------------------------------------------------------
    def _our_choice(self, options: list[str]) -> None:
        seat = self.asking
        assert seat is not None and seat in self.ours
        if options[0] in ("no", "yes"):
            self._send(str(options.index("yes" if self._question_yes(seat, options) else "no")))
        elif options[0] in SOLO_OF_UCT or options[0] == "marriage":
            plan = self.reserve_plan[seat]
            want = "marriage" if plan["reserve"] == "hochzeit" else UCT_OF_SOLO.get(plan.get("solo", ""), "")
            if want not in options:
                self.report.disagreements.append(f"reserve: the UCT program does not offer {want or plan}")
                want = options[0]
            self._send(str(options.index(want)))
        else:
            self._announce_choice(seat, options)
        self.since = time.perf_counter()

    def _question_yes(self, seat: int, options: list[str]) -> bool:
        """Immediate solo, reservation, solo: answered from the seat's planned reservation."""
        plan = self.reserve_plan[seat]["reserve"]
        q = self._question
        if q == "immediate":
            return plan == "solo"
        if q == "solo":
            return plan == "solo" or "no" not in options
        return plan != "gesund"

    def _contract(self, line: str) -> None:
        words = line.split()
        if line.startswith("regular game"):
            self.declared = None
        elif " has a marriage" in line:
            self.declared = (int(words[1]), {"reserve": "hochzeit"})
        else:
            kind = line.split(" plays a ", 1)[1]
            self.declared = (int(line.split(" plays a ")[0].split()[-1]), {"reserve": "solo", "solo": SOLO_OF_UCT[kind]})
        self._reserve_in_dokobot()

    def _reserve_in_dokobot(self) -> None:
        """The UCT program's outcome of the reservations as dokobot's reservations."""
        while self.game.phase == "reserve":
            seat = self.game.to_act
            assert seat is not None
            action: dict = {"seat": seat, "reserve": "gesund"}
            if self.declared and self.declared[0] == seat:
                action = {"seat": seat, **self.declared[1]}
            self._apply(action, "reserve")
        self.report.contract = str(self.game.contract)
        self.report.soloist = self.game.soloist

    # -- announcements --------------------------------------------------------------------------
    def _announce_choice(self, seat: int, options: list[str]) -> None:
        """Announce what dokobot's level wants, one step at a time (the UCT program's version 1)."""
        self.asked_since_card.add(seat)
        self._compare_offer(seat, options)
        target = self.pending_steps.get(seat)
        if target is None and self.game.to_act == seat and self.game.phase == "play":
            wants = [a["announce"] for a in self._decide(self.game, seat) if "announce" in a]
            if wants:
                target = wants[0]
        if target is None or len(options) < 2:
            self.pending_steps.pop(seat, None)
            self._send("0")
            return
        self.pending_steps[seat] = target
        self._send("1")

    def _compare_offer(self, seat: int, options: list[str]) -> None:
        """The next step the UCT program offers against the lowest one dokobot allows."""
        allowed = self.game.allowed_announcements(seat)
        ours = min((step_of(a) for a in allowed), default=None)
        theirs = STEP_OF_OPTION[options[1]] if len(options) > 1 else None
        if ours != theirs:
            name = {None: "nothing", **{i: s for i, s in enumerate(STEPS)}}
            self.report.disagreements.append(
                f"announce: seat {seat} may say {name[theirs]} by the UCT program, {name[ours]} by dokobot")

    def _announced(self, line: str) -> None:
        words = line.split()
        seat = int(words[1])
        what = line.rsplit(": ", 1)[1]
        team = "re" if " team re " in line else "kontra"
        announce = team if what == "1" else STEP_OF_UCT[what]
        if seat not in self.ours:
            self._timed_uct(seat)
        self.report.announcements.append((seat, announce))
        target = self.pending_steps.get(seat)
        if target is not None and step_of(announce) >= step_of(target):
            self.pending_steps.pop(seat, None)
        self._apply({"seat": seat, "announce": announce}, "announce")

    # -- cards ----------------------------------------------------------------------------------
    def _our_card(self) -> None:
        seat = self.asking
        assert seat is not None and seat in self.ours
        if self.game.phase == "reserve":
            self._reserve_in_dokobot()
        if seat not in self.asked_since_card and self.game.allowed_announcements(seat):
            kind = "after its own trick" if self.last_card_by == seat else "at its turn"
            self.report.disagreements.append(f"announce: dokobot allows seat {seat} to announce {kind}, "
                                             "the UCT program does not ask")
        plays = [a for a in self._decide(self.game, seat) if "play" in a]
        self._send(to_uct(plays[-1]["play"]))
        self.since = time.perf_counter()

    def _card(self, seat: int, card: str) -> None:
        if self.game.phase == "reserve":
            self._reserve_in_dokobot()
        self._timed_uct(seat)
        self._apply({"seat": seat, "play": card}, "play")
        self.asked_since_card = set()
        self.last_card_by = seat

    # -- the end --------------------------------------------------------------------------------
    def _standing(self, points: int) -> None:
        assert self._uct_points is not None
        self._uct_points.append(points)
        if len(self._uct_points) == 4:  # the first game is all we play: the rest of the session goes
            self._finish()
            raise _Done

    def _finish(self) -> None:
        self.report.uct_score = list(self._uct_points or [])
        if self.game.phase != "done":
            self.report.disagreements.append("end: the UCT program finished, dokobot's game did not")
            return
        self.report.score = list(self.game.result()["score"])
        if self.report.uct_score and self.report.uct_score != self.report.score:
            self.report.disagreements.append(
                f"score: dokobot {self.report.score}, UCT program {self.report.uct_score} "
                f"({self.report.contract}, announcements {self.report.announcements})")


def decisions(r: Report, ours: set[int]) -> list[tuple[str, str, int]]:
    """Each solo and announcement of a finished game: (side, kind, the deciding seat's points)."""
    side = {s: "ours" if s in ours else "uct" for s in range(4)}
    out = [(side[seat], "re/kontra" if a in ("re", "kontra") else a, r.score[seat]) for seat, a in r.announcements]
    if r.soloist is not None:
        out.append((side[r.soloist], "solo", r.score[r.soloist]))
    return out


def play_deal(job: tuple) -> dict:
    """One deal played twice, our level in seats {0, 2} and then {1, 3}."""
    index, seed, binary, options, level = job
    rules = RuleSet.from_config({"preset": "ddv"})
    hands = deal(rules, random.Random(f"{seed}:{index}"), 3)
    values, out = [], {"index": index, "solos": 0, "solos_won": 0, "uct_solos": 0, "ours_times": [],
                       "uct_times": [], "disagreements": [], "failed": 0, "decisions": [], "games": []}
    for k, ours in enumerate(({0, 2}, {1, 3})):
        driver = Driver(binary, options, hands, ours, level, seed=hash((seed, index, k)) & 0x7FFFFFFF)
        try:
            r = driver.run()
        except (RuntimeError, IllegalAction) as e:
            r = driver.report
            r.disagreements.append(f"game stopped: {e}")
        out["disagreements"] += r.disagreements
        out["ours_times"] += r.ours_times
        out["uct_times"] += r.uct_times
        if not r.score:
            out["failed"] += 1
            continue
        values.append(sum(r.score[s] for s in ours) / 2)
        out["games"].append({"ours": sorted(ours), "soloist": r.soloist, "contract": r.contract,
                             "score": r.score, "announcements": [list(x) for x in r.announcements]})
        out["decisions"] += decisions(r, ours)
        if r.soloist is not None:
            if r.soloist in ours:
                out["solos"] += 1
                out["solos_won"] += r.score[r.soloist] > 0
            else:
                out["uct_solos"] += 1
    out["value"] = statistics.fmean(values) if len(values) == 2 else None
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--uct", help="path of the built UCT program (its binary, 'doko')")
    ap.add_argument("--level", default="schwer", choices=("leicht", "mittel", "schwer"))
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rollouts", type=int, default=PAPER[5], help="the UCT player's rollouts per simulation")
    ap.add_argument("--simulations", type=int, default=PAPER[6], help="the UCT player's simulations")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--log", help="append each deal's result to this file (JSON lines)")
    ap.add_argument("--trace", action="store_true", help="print the first game's whole dialogue")
    ap.add_argument("--summarize", metavar="LOG", help="print the summary of a --log file (e.g. a run cut short)")
    args = ap.parse_args(argv)
    options = list(PAPER)
    options[5], options[6] = args.rollouts, args.simulations
    if args.summarize:
        with open(args.summarize, encoding="utf-8") as f:
            report(args, options, [json.loads(line) for line in f if line.strip()], 0.0)
        return 0
    if not args.uct or not Path(args.uct).is_file():
        print("vs_uct: no UCT program given (--uct PATH to its built binary): skipped")
        return 0
    if args.trace:
        rules = RuleSet.from_config({"preset": "ddv"})
        hands = deal(rules, random.Random(f"{args.seed}:0"), 3)
        r = Driver(args.uct, options, hands, {0, 2}, args.level, args.seed, trace=True).run()
        print(json.dumps(r.__dict__, default=str, indent=1))
        return 0
    jobs = [(i, args.seed, args.uct, options, args.level) for i in range(args.deals)]
    t0 = time.time()
    results = []
    log = open(args.log, "a", encoding="utf-8") if args.log else None  # noqa: SIM115
    pool = Pool(args.jobs) if args.jobs > 1 else None
    try:
        for r in pool.imap(play_deal, jobs, chunksize=1) if pool else map(play_deal, jobs):
            results.append(r)
            if log:
                log.write(json.dumps(r) + "\n")
                log.flush()
    finally:
        if pool:
            pool.close()
    report(args, options, results, time.time() - t0)
    return 0


def report(args: argparse.Namespace, options: list[int], results: list[dict], wall: float) -> None:
    values = [r["value"] for r in results if r["value"] is not None]
    n = len(values)
    mean = statistics.fmean(values) if values else float("nan")
    half = 1.96 * statistics.stdev(values) / math.sqrt(n) if n > 1 else float("nan")
    solos = sum(r["solos"] for r in results)
    print(f"{args.level} vs UCT {' '.join(map(str, options))}: seed {args.seed}, {n} of {len(results)} "
          f"deals x 2 complete ({sum(r['failed'] for r in results)} games stopped), {wall:.0f} s wall, "
          f"jobs {args.jobs}")
    if n:
        print(f"points per seat-game: {mean:+.2f} (95% CI {mean - half:+.2f}..{mean + half:+.2f})")
    else:
        print("points per seat-game: no complete deal")
    print(f"{args.level} solos: {solos} in {4 * n} seat-games, won {sum(r['solos_won'] for r in results)}; "
          f"UCT solos: {sum(r['uct_solos'] for r in results)}")
    for side, key in ((args.level, "ours_times"), ("UCT", "uct_times")):
        times = sorted(t for r in results for t in r[key])
        if times:
            print(f"{side} decisions: {len(times)}, median {1000 * times[len(times) // 2]:.0f} ms, "
                  f"p95 {1000 * times[int(0.95 * (len(times) - 1))]:.0f} ms, max {1000 * times[-1]:.0f} ms")
    report_decisions(args.level, results)
    report_same_cards(args.level, results)
    kinds = Counter(d.split(":", 1)[0] + ": " + d.split(":", 1)[1].split("(")[0].strip()[:90]
                    for r in results for d in r["disagreements"])
    print(f"rule disagreements: {sum(kinds.values())}")
    for kind, count in kinds.most_common():
        print(f"  {count:4d}  {kind}")


def report_decisions(level: str, results: list[dict]) -> None:
    """What each kind of decision paid the seat that made it (whether it pays is the judgement)."""
    made: dict[tuple[str, str], list[int]] = {}
    for r in results:
        for side, kind, points in r["decisions"]:
            made.setdefault((side, kind), []).append(points)
    print("decisions (made, won, mean points of the deciding seat):")
    for side in ("ours", "uct"):
        for kind in ("solo", "re/kontra", *STEPS[1:]):
            points = made.get((side, kind))
            if points:
                print(f"  {level if side == 'ours' else 'UCT'} {kind}: {len(points)}, won "
                      f"{sum(p > 0 for p in points)}, {statistics.fmean(points):+.2f}")


def report_same_cards(level: str, results: list[dict]) -> None:
    """Each solo and each announcement kind against the same cards in the deal's other game,
    where the other side held them: the deciding seat's points minus that seat's points there
    (what the game with that decision gained over the other side's with the same cards)."""
    gains: dict[tuple[str, str], list[int]] = {}
    for r in results:
        games = r.get("games", [])  # logs of before this field have none
        if len(games) != 2:
            continue
        for k, game in enumerate(games):
            made = [(s, "solo") for s in (game["soloist"],) if s is not None]
            made += [(s, "re/kontra" if a in ("re", "kontra") else a) for s, a in game.get("announcements", [])]
            for s, kind in made:
                side = "ours" if s in game["ours"] else "uct"
                gains.setdefault((side, kind), []).append(game["score"][s] - games[1 - k]["score"][s])
    for side in ("ours", "uct"):
        for kind in ("solo", "re/kontra", *STEPS[1:]):
            g = gains.get((side, kind))
            if g:
                print(f"  {level if side == 'ours' else 'UCT'} {kind} over the same cards in the other game: "
                      f"{len(g)}, {statistics.fmean(g):+.2f} per {'solo' if kind == 'solo' else 'game'}")

if __name__ == "__main__":
    raise SystemExit(main())
