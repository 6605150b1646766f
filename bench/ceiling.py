"""What CPython can do: a minimal inlined random play-out of a DDV normal game.

No classes, no checks beyond following suit, precomputed tables: the bar
the engine's speed is measured against (bench/engine.py reports engine / ceiling).
"""

from __future__ import annotations

import random

# card = suit * 6 + rank (C S H D x A T K Q J 9), as in the engine
AUGEN = [11, 10, 4, 3, 2, 0] * 4
_TRUMPS = [14, 3, 9, 15, 21, 4, 10, 16, 22, 18, 19, 20, 23]  # HT, queens, jacks, DA DT DK D9
SUIT = [c // 6 for c in range(24)]
POWER = [6 - c % 6 for c in range(24)]
for _i, _c in enumerate(_TRUMPS):
    SUIT[_c] = 4
    POWER[_c] = 100 - _i
DECK = list(range(24)) * 2
CQ = 3


def playout(rng: random.Random) -> int:
    """One random game: deal, 48 legal random plays, trick winners, Re's result. Returns a score."""
    deck = DECK[:]
    rng.shuffle(deck)
    hands = [deck[0:12], deck[12:24], deck[24:36], deck[36:48]]
    re = [CQ in h for h in hands]
    rand = rng.random
    suit, power, augen = SUIT, POWER, AUGEN
    leader = 0
    re_augen = 0
    for _ in range(12):
        h = hands[leader]
        card = h.pop(int(rand() * len(h)))
        led = suit[card]
        best_seat, best_p, best_trump = leader, power[card], led == 4
        pts = augen[card]
        seat = leader
        for _ in range(3):
            seat = (seat + 1) & 3
            h = hands[seat]
            follow = [i for i, c in enumerate(h) if suit[c] == led]
            i = follow[int(rand() * len(follow))] if follow else int(rand() * len(h))
            c = h.pop(i)
            pts += augen[c]
            s = suit[c]
            if s == 4:
                if not best_trump or power[c] > best_p:
                    best_seat, best_p, best_trump = seat, power[c], True
            elif not best_trump and s == led and power[c] > best_p:
                best_seat, best_p = seat, power[c]
        if re[best_seat]:
            re_augen += pts
        leader = best_seat
    return 1 if re_augen >= 121 else -1


def games_per_second(n: int, seed: int = 1) -> float:
    import time

    rng = random.Random(seed)
    t = time.perf_counter()
    for _ in range(n):
        playout(rng)
    return n / (time.perf_counter() - t)


if __name__ == "__main__":
    print(f"{games_per_second(20000):.0f} games/s")
