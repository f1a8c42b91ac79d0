"""Write hidden.json for Choose: options from a seed, answers from an independent exact ranking.

Run `python graders_instructor/hidden/04-choose/make_hidden.py` after changing it; `python -m graders
validate 04-choose` then proves the reference notebook agrees with every answer.
"""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from cosmos.rng import Random  # noqa: E402
from graders_instructor.authoring.hints import with_hints  # noqa: E402

HERE = Path(__file__).resolve().parent

# The hidden checks' hints, per function: a nudge that names no input and no answer.
HIDDEN_HINTS = {
    'choose': (
        'Score every option with the weights, then go down the list best first and take what still fits '
        'the budget; read the rules again for ties.'
    ),
    'main': (
        "Compare your output with the public example's line by line: the same words, the same order, no "
        'extra spaces.'
    ),
}
AREAS = ("attack", "expand", "research")
KINDS = {"attack": ("ships", "yard", "raid"), "expand": ("mine", "colony", "fort"),
         "research": ("lab", "grid", "probe")}


def ranked(options: list[list], weights: dict[str, int]) -> list[list]:
    """Worth-something options, free ones first (by name), then by exact utility, ties by name."""
    worth = [o for o in options if weights[o[1]] * o[2] > 0]
    free = sorted((o for o in worth if o[3] == 0), key=lambda o: o[0])
    priced = sorted((o for o in worth if o[3] > 0),
                    key=lambda o: (-Fraction(weights[o[1]] * o[2], o[3]), o[0]))
    return free + priced


def choose(options: list[list], weights: dict[str, int], budget: int) -> list[str]:
    """The names chosen, best first, each while what is left of the budget pays for it."""
    names = []
    for name, _area, _benefit, cost in ranked(options, weights):
        if cost <= budget:
            budget -= cost
            names.append(name)
    return names


def program_text(options: list[list], weights: dict[str, int], budget: int) -> str:
    """The program's standard input."""
    head = f"{budget} {len(options)}\n" + " ".join(f"{a}={w}" for a, w in weights.items()) + "\n"
    return head + "".join(f"{n} {a} {b} {c}\n" for n, a, b, c in options)


def program_output(options: list[list], weights: dict[str, int], budget: int) -> str:
    """What `main` prints: the chosen names, one a line, then what they cost of the budget."""
    names = choose(options, weights, budget)
    cost = {o[0]: o[3] for o in options}
    return "".join(f"{n}\n" for n in names) + f"spent: {sum(cost[n] for n in names)} of {budget}\n"


def random_options(rng: Random, count: int, top: int = 1000, zero_every: int = 0) -> list[list]:
    """count options with unique names; benefits and costs up to top; some free ones if asked."""
    options = []
    for i in range(count):
        area = AREAS[rng.next_int(3)]
        kind = KINDS[area][rng.next_int(3)]
        cost = 0 if zero_every and rng.next_int(zero_every) == 0 else rng.range(1, top)
        options.append([f"{kind}-{i + 1}", area, rng.range(0, top), cost])
    return options


def checks() -> list[dict]:
    """The hidden checks."""
    rng = Random(2026)
    builder = {"attack": 1, "expand": 3, "research": 1}
    warlord = {"attack": 3, "expand": 1, "research": 1}
    many = random_options(rng, 10_000, zero_every=50)
    medium = random_options(rng, 60, top=60, zero_every=10)
    ties = [["mine-b", "expand", 6, 3], ["lab-a", "research", 4, 2], ["colony-c", "expand", 2, 1],
            ["fort-a", "expand", 10, 5], ["ships-z", "attack", 8, 4]]
    cases = {
        "an empty budget: only free options": (
            [["mine-1", "expand", 5, 10], ["probe-2", "research", 3, 0], ["fort-3", "expand", 4, 0]],
            builder, 0),
        "no options at all": ([], builder, 50),
        "free options come first, by name": (
            [["mine-1", "expand", 9, 3], ["lab-9", "research", 1, 0], ["colony-4", "expand", 1, 0]],
            builder, 3),
        "a free option worth nothing is not chosen": (
            [["raid-1", "attack", 5, 0], ["mine-2", "expand", 0, 0], ["lab-3", "research", 2, 4]],
            {"attack": 0, "expand": 3, "research": 1}, 10),
        "equal utilities: ties by name": (ties, {"attack": 1, "expand": 1, "research": 1}, 100),
        "equal utilities and a tight budget": (ties, {"attack": 1, "expand": 1, "research": 1}, 6),
        "an expensive best option is skipped, cheaper ones still fit": (
            [["colony-1", "expand", 50, 40], ["mine-2", "expand", 9, 10], ["lab-3", "research", 2, 5]],
            builder, 30),
        "the option that uses the budget exactly": (
            [["ships-1", "attack", 10, 30], ["mine-2", "expand", 1, 25]], warlord, 55),
        "the character changes the order": (
            [["ships-1", "attack", 10, 10], ["mine-2", "expand", 10, 10], ["lab-3", "research", 10, 10]],
            warlord, 20),
        "utilities that integer division would make equal": (
            [["mine-1", "expand", 5, 4], ["colony-2", "expand", 7, 5], ["lab-3", "research", 3, 2]],
            {"attack": 1, "expand": 1, "research": 1}, 9),
        "60 random options, some free": (medium, warlord, 300),
        "10000 random options, some free": (many, builder, 25_000),
    }
    result = [{"name": f"choose: {name}", "call": "choose", "args": [options, weights, budget],
               "expect": choose(options, weights, budget)}
              for name, (options, weights, budget) in cases.items()]
    for name in ("an empty budget: only free options", "equal utilities and a tight budget",
                 "60 random options, some free"):
        options, weights, budget = cases[name]
        result.append({"name": f"the program: {name}", "call": "main",
                       "stdin": program_text(options, weights, budget),
                       "expect": program_output(options, weights, budget)})
    return result


def main() -> None:
    """Write hidden.json beside this script."""
    text = json.dumps({"format": 1, "checks": with_hints(checks(), HIDDEN_HINTS)}, separators=(",", ":"))
    (HERE / "hidden.json").write_text(text.replace('{"name"', '\n{"name"') + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
