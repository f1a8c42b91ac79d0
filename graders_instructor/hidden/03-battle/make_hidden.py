"""Write hidden.json for Battle: inputs from a seeded generator, answers from the real engine.

The duels are fought by the engine's own `fire_round` (cosmos.battle) on sides made by
`make_side` in a world without technologies or fortresses; the sequential duel composes the
engine's `fire` and `take_damage` one side after the other; paths come from `cosmos.graph`.
Run `python graders_instructor/hidden/03-battle/make_hidden.py` after changing it; `python -m graders
validate 03-battle` then proves the reference notebook agrees with every answer.
"""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from cosmos.battle import Side, fire, fire_round, make_side, take_damage  # noqa: E402
from cosmos.data import SHIP_KINDS, SHIP_TYPES  # noqa: E402
from cosmos.fleets import new_fleet  # noqa: E402
from cosmos.galaxy import StarSystem  # noqa: E402
from cosmos.graph import add_lane, bfs  # noqa: E402
from cosmos.rng import Random  # noqa: E402
from cosmos.world import World, new_world  # noqa: E402
from graders_instructor.authoring.hints import with_hints  # noqa: E402

HERE = Path(__file__).resolve().parent

# The hidden checks' hints, per function: a nudge that names no input and no answer.
HIDDEN_HINTS = {
    'duel': (
        "Both sides fire at once: work out both sides' losses from the fleets as they were when the round"
        ' began, then take them away.'
    ),
    'main': (
        "Compare your output with the public example's line by line: the same words, the same order, no "
        'extra spaces.'
    ),
    'first_mover': (
        "A fires first; B answers in the same round with the ships it has left after A's shots."
    ),
    'best_counter': (
        'Try every kind of ship the metal can buy against the enemy fleet and compare, with the rule for '
        'ties the exercise gives.'
    ),
    'turns_to_arrive': (
        'Count the lanes of a shortest path with a breadth-first search, then divide by the speed, '
        'rounding up; think of a goal no lane leads to.'
    ),
}
OPEN_SPACE = 1  # system 2 of seed 2026: nobody owns a planet there, so no fortress fires


def battle_world() -> World:
    """Seed 2026's world with no fleets: empires 0 and 1 are at war and know no technology."""
    world = new_world(2026)
    world.fleets.clear()
    return world


def sides_of(a: list[int], b: list[int]) -> tuple[World, list[Side]]:
    """The engine's two sides for fleets a and b in open space."""
    world = battle_world()
    for owner, ships in ((0, a), (1, b)):
        if sum(ships):
            new_fleet(world, owner, OPEN_SPACE, ships)
    return world, [make_side(world, 0, OPEN_SPACE), make_side(world, 1, OPEN_SPACE)]


def duel(a: list[int], b: list[int], rounds: int) -> list[list[int]]:
    """The ships left, as the engine's fire_round resolves the rounds (all at once)."""
    world, sides = sides_of(a, b)
    for _ in range(rounds):
        if not fire_round(world, sides):
            break
    return [list(sides[0].ships), list(sides[1].ships)]


def first_mover(a: list[int], b: list[int], rounds: int) -> list[list[int]]:
    """The engine's fire and take_damage, one side after the other: A first, then B."""
    world, sides = sides_of(a, b)
    for _ in range(rounds):
        for me in (0, 1):
            damage = [[Fraction(0)] * 4, [Fraction(0)] * 4]
            fire(world, sides, me, damage)
            take_damage(sides[1 - me], damage[1 - me])
    return [list(sides[0].ships), list(sides[1].ships)]


def best_counter(enemy: list[int], metal: int) -> str:
    """The kind to buy with this much metal (costs from cosmos.data): fewest enemy ships left
    after 3 rounds, then most of ours, then the first in I B F D."""
    keys = []
    for k in range(4):
        mine, theirs = duel([metal // SHIP_TYPES[k].cost[0] if j == k else 0 for j in range(4)], enemy, 3)
        keys.append((sum(theirs), -sum(mine), k))
    return SHIP_KINDS[min(keys)[2]]


def turns_to_arrive(n: int, lanes: list[list[int]], start: int, goal: int, speed: int) -> int:
    """Turns along the shortest path, speed lanes a turn (-1: unreachable), by the engine's bfs."""
    systems = [StarSystem(i, "", 0, 0) for i in range(n)]
    for x, y in lanes:
        add_lane(systems, x - 1, y - 1)
    lanes_away = bfs(systems, start - 1).dist[goal - 1]
    return -1 if lanes_away < 0 else -(-lanes_away // speed)


def winner(a: list[int], b: list[int]) -> str:
    """A or B if only that side has ships left, otherwise draw."""
    if sum(a) and not sum(b):
        return "A"
    if sum(b) and not sum(a):
        return "B"
    return "draw"


def program(a: list[int], b: list[int], rounds: int) -> tuple[str, str]:
    """The program's input and what it prints."""
    left_a, left_b = duel(a, b, rounds)
    text = f"{' '.join(map(str, a))}\n{' '.join(map(str, b))}\n{rounds}\n"
    out = f"A: {' '.join(map(str, left_a))}\nB: {' '.join(map(str, left_b))}\nwinner: {winner(left_a, left_b)}\n"
    return text, out


def random_fleet(rng: Random, most: int) -> list[int]:
    """A fleet of up to `most` ships of each kind, a kind missing now and then."""
    return [0 if rng.chance(25) else rng.range(1, most) for _ in range(4)]


def float_traps(rng: Random, wanted: int) -> list[tuple[list[int], list[int]]]:
    """Fleets whose duel comes out differently when the damage is added up in floats."""
    found = []
    while len(found) < wanted:
        a, b = random_fleet(rng, 12), random_fleet(rng, 12)
        if duel(a, b, 3) != float_duel(a, b, 3):
            found.append((a, b))
    return found


def float_duel(a: list[int], b: list[int], rounds: int) -> list[list[int]]:
    """The same rules in floats (to find the inputs where floats go wrong; not an answer)."""
    attack, hp = (3, 3, 4, 10), (8, 10, 12, 40)
    pct = ((100, 200, 50, 100), (50, 100, 200, 100), (200, 50, 100, 100), (150, 150, 150, 100))
    a, b = list(a), list(b)
    wounds = [[0.0] * 4, [0.0] * 4]
    for _ in range(rounds):
        dealt = []
        for me, them in ((a, b), (b, a)):
            targets = sum(them)
            dealt.append([sum(me[k] * attack[k] * them[j] * pct[k][j] / (targets * 100) for k in range(4))
                          if targets else 0.0 for j in range(4)])
        for fleet, w, dmg in ((b, wounds[1], dealt[0]), (a, wounds[0], dealt[1])):
            for j in range(4):
                total = w[j] + dmg[j]
                dead = min(fleet[j], int(total // hp[j]))
                fleet[j] -= dead
                w[j] = total - dead * hp[j] if fleet[j] else 0.0
    return [a, b]


def checks() -> list[dict]:
    """The hidden checks."""
    rng = Random(303)
    duels: dict[str, tuple[list[int], list[int], int]] = {
        "both sides empty": ([0, 0, 0, 0], [0, 0, 0, 0], 3),
        "one side empty: nobody fires": ([0, 0, 0, 0], [5, 1, 0, 2], 3),
        "the other side empty": ([2, 2, 2, 2], [0, 0, 0, 0], 3),
        "no rounds at all": ([3, 2, 2, 0], [4, 2, 6, 0], 0),
        "one interceptor against many frigates": ([1, 0, 0, 0], [0, 0, 40, 0], 3),
        "one dreadnought against a swarm of interceptors": ([0, 0, 0, 1], [60, 0, 0, 0], 3),
        "a tie: mirror fleets": ([4, 3, 2, 1], [4, 3, 2, 1], 3),
        "a tie: both sides die in the same round": ([0, 0, 1, 0], [0, 0, 1, 0], 9),
        "wounds add up over rounds": ([7, 0, 0, 0], [0, 0, 0, 1], 12),
        "large fleets: 10^4 ships": ([10000, 0, 0, 0], [2500, 2500, 2500, 2500], 3),
        "large fleets, all kinds": ([4000, 3000, 2000, 1000], [1000, 2000, 3000, 4000], 3),
        "many rounds": ([7, 5, 9, 1], [9, 8, 3, 2], 60),
        "many rounds, small fleets": ([1, 1, 0, 0], [0, 0, 1, 0], 100),
    }
    for k in range(4):
        for j in range(4):
            duels[f"kinds {SHIP_KINDS[k]} against {SHIP_KINDS[j]}"] = (
                [6 if i == k else 0 for i in range(4)], [6 if i == j else 0 for i in range(4)], 3)
    for i in range(6):
        duels[f"random fleets {i + 1}"] = (random_fleet(rng, 30), random_fleet(rng, 30), 3)
    for i, (a, b) in enumerate(float_traps(rng, 4)):
        duels[f"exact fractions needed {i + 1}"] = (a, b, 3)
    result = [{"name": f"duel: {name}", "call": "duel", "args": [a, b, rounds], "expect": duel(a, b, rounds)}
              for name, (a, b, rounds) in duels.items()]
    for name in ("one side empty: nobody fires", "a tie: mirror fleets", "random fleets 1",
                 "large fleets: 10^4 ships", "exact fractions needed 1"):
        text, out = program(*duels[name])
        result.append({"name": f"the program: {name}", "call": "main", "stdin": text, "expect": out})
    movers = {
        "mirror fleets: the first mover wins": ([4, 3, 2, 1], [4, 3, 2, 1], 3),
        "the first mover wipes out the other side": ([0, 0, 10, 0], [3, 0, 0, 0], 3),
        "the second side is empty": ([1, 2, 3, 0], [0, 0, 0, 0], 3),
        "random fleets": (random_fleet(rng, 20), random_fleet(rng, 20), 4),
    }
    result += [{"name": f"first_mover: {name}", "call": "first_mover", "args": [a, b, r],
                "expect": first_mover(a, b, r)} for name, (a, b, r) in movers.items()]
    counters = {
        "bombers": ([0, 8, 0, 0], 120),
        "frigates": ([0, 0, 8, 0], 120),
        "interceptors": ([8, 0, 0, 0], 120),
        "a dreadnought": ([0, 0, 0, 2], 200),
        "a mixed fleet": ([5, 5, 5, 1], 250),
        "too little metal for any ship": ([1, 0, 0, 0], 9),
        "a random fleet": (random_fleet(rng, 15), 400),
    }
    result += [{"name": f"best_counter: {name}", "call": "best_counter", "args": [e, m],
                "expect": best_counter(e, m)} for name, (e, m) in counters.items()]
    chain = [[i, i + 1] for i in range(1, 300)]
    ring = [[i, i % 12 + 1] for i in range(1, 13)]
    arrivals = {
        "already there": (3, [[1, 2], [2, 3]], 2, 2, 1),
        "no way there": (4, [[1, 2], [3, 4]], 1, 4, 1),
        "the short way round a ring": (12, ring, 1, 10, 1),
        "speed 2 on an odd number of lanes": (12, ring, 1, 6, 2),
        "a chain of 300 systems at speed 3": (300, chain, 1, 300, 3),
    }
    result += [{"name": f"turns_to_arrive: {name}", "call": "turns_to_arrive", "args": list(args),
                "expect": turns_to_arrive(*args)} for name, args in arrivals.items()]
    return result


def main() -> None:
    """Write hidden.json beside this script."""
    text = json.dumps({"format": 1, "checks": with_hints(checks(), HIDDEN_HINTS)}, separators=(",", ":"))
    (HERE / "hidden.json").write_text(text.replace('{"name"', '\n{"name"') + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
