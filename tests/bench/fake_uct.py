"""A stand-in for the UCT program's console, for the smoke test of bench/vs_uct.py.

It speaks the dialogue that bench/vs_uct.py drives (card input, the yes/no
questions, one announcement step at a time, "player N played card: [XX]",
the standings), judges with dokobot's own engine and plays its own seats at
random, without announcing. It is no Doppelkopf player: it only lets the
smoke test run the benchmark's pipe end to end where the real program is not
installed. ``--refuse-card`` makes it refuse the first card a console seat
plays, as a program with other rules would.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from dokobot.engine import Game, RuleSet  # noqa: E402

SOLOS = ["diamonds solo", "hearts solo", "spades solo", "clubs solo", "jacks solo", "queens solo",
         "aces solo"]
KINDS = ["karo", "herz", "pik", "kreuz", "buben", "damen", "fleischlos"]
OPTION = {"re": "re/kontra", "kontra": "re/kontra", "keine90": "no 90", "keine60": "no 60",
          "keine30": "no 30", "schwarz": "black"}
NUMBER = {"re": 1, "kontra": 1, "keine90": 2, "keine60": 3, "keine30": 4, "schwarz": 5}


def code(name: str) -> str:
    return name[0] + ("T" if name[1] == "1" else name[1])


def shown(card: str) -> str:
    return card[0] + ("1" if card[1] == "T" else card[1])


def ask(seat: int, question: str, options: list[str]) -> int:
    print(f"you are player {seat}, these are your cards: ")
    print("[..]")
    print(question)
    print(", ".join(f"{i} - {o}" for i, o in enumerate(options)), flush=True)
    return int(input())


def main() -> int:
    humans = {i for i, kind in enumerate(sys.argv[sys.argv.index("-p") + 1:][:4]) if kind == "human"}
    refuse = "--refuse-card" in sys.argv
    rng = random.Random(7)
    print("starting doppelkopf session")
    print("starting game number 0 [0s]")
    print("random cards option not set - do you want to specify a card distribution? (y)es or (n)o")
    input()
    print("otherwise, chose a predefined distribution: type in 1 or 2", flush=True)
    input()
    hands = []
    for seat in range(4):
        print(f"enter 12 cards for player {seat}", flush=True)
        hands.append([code(c) for c in input().split()])
    g = Game(RuleSet.from_config({"preset": "ddv"}), hands, dealer=3)
    reserve(g, humans)
    play(g, humans, rng, refuse)
    print("standings:")
    for seat, points in enumerate(g.result()["score"]):
        print(f"player {seat}: {points}")
    print("", flush=True)
    return 0


def reserve(g: Game, humans: set[int]) -> None:
    declared: dict[int, dict] = {}
    for seat in range(4):
        if seat in humans and ask(seat, "do you have a reservation?", ["no", "yes"]) == 1:
            solo = ask(seat, "do you want to play a solo?", ["no", "yes"]) == 1
            if solo:
                kind = KINDS[ask(seat, "which game type do you want to play?", SOLOS)]
                declared[seat] = {"reserve": "solo", "solo": kind}
                print(f"player {seat} plays a {SOLOS[KINDS.index(kind)]}")
            else:
                ask(seat, "which game type do you want to play?", ["marriage"])
                declared[seat] = {"reserve": "hochzeit"}
                print(f"player {seat} has a marriage")
            break
    else:
        print("regular game will be played")
    for seat in range(4):
        g.apply({"seat": seat, **declared.get(seat, {"reserve": "gesund"})})


def play(g: Game, humans: set[int], rng: random.Random, refuse: bool) -> None:
    ask_from = list(g.seats)
    while g.phase != "done":
        for seat in ask_from:
            if seat in humans:
                offer(g, seat)
        seat = g.to_act
        assert seat is not None
        if seat in humans:
            print(f"you are player {seat}, these are your cards: ")
            print("please play a card (type in 'H9' or 'C1' for hearts 9 or clubs 10 e.g.)", flush=True)
            card = code(input().strip())
            if refuse:
                print("you cannot play this card!", flush=True)
                input()
                return
        else:
            card = rng.choice(g.legal_plays(seat))
        g.apply({"seat": seat, "play": card})
        print(f"player {seat} played card: [{shown(card)}]")
        ask_from = [(seat + k) % 4 for k in (1, 2, 3)]


def offer(g: Game, seat: int) -> None:
    """One step at a time, as the program's announcing version 1 does."""
    while True:
        allowed = g.allowed_announcements(seat)
        options = ["no announcement"] + ([OPTION[allowed[0]]] if allowed else [])
        if ask(seat, "do you want to make an announcement (if yes, which)?", options) == 0:
            return
        said = allowed[0]
        g.apply({"seat": seat, "announce": said})
        team = "re" if said == "re" or g.party_of(seat) == "re" else "kontra"
        print(f"player {seat} belonging to team {team} announced: {NUMBER[said]}")


if __name__ == "__main__":
    raise SystemExit(main())
