"""Write hidden.json for the research plan: trees made from a seed, answers from an independent solver.

Run `python graders_instructor/hidden/02-research-plan/make_hidden.py` after changing it; `python -m graders
validate 02-research-plan` then proves the reference notebook agrees with every answer.
"""

from __future__ import annotations

import heapq
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from cosmos.data import TECHS  # noqa: E402
from cosmos.rng import Random  # noqa: E402
from graders_instructor.authoring.hints import with_hints  # noqa: E402

HERE = Path(__file__).resolve().parent

# The hidden checks' hints, per function: a nudge that names no input and no answer.
HIDDEN_HINTS = {
    'research_plan': (
        "Collect what the goal needs, following prerequisites back from it, then order it as Kahn's "
        'algorithm does, taking ties in list order.'
    ),
    'main': (
        "Compare your output with the public example's line by line: the same words, the same order, no "
        'extra spaces.'
    ),
    'tiers': (
        "Tier 0 is what needs nothing; a technology's tier follows from its prerequisites' tiers. Keep "
        'names in list order within a tier.'
    ),
    'total_science': (
        'Use your research_plan: add up the costs of exactly the technologies in it.'
    ),
    'find_cycle': (
        "When Kahn's algorithm stops with technologies left over, the loop is among them: walk along "
        'prerequisites until a name comes back, then write the loop backwards, each prerequisite before '
        'the technology that needs it.'
    ),
}
SEED = 2026
SYLLABLES = ("ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "ze", "qua", "bri", "dor", "fen", "gal", "hex")

Techs = list[list]  # [[name, [prerequisite, ...]], ...]


def fresh_names(rng: Random, count: int) -> list[str]:
    """count different made-up names (their alphabetical order is not their order in the list)."""
    names: list[str] = []
    seen = set()
    while len(names) < count:
        name = "".join(SYLLABLES[rng.next_int(len(SYLLABLES))] for _ in range(2 + rng.next_int(2)))
        if name not in seen:
            seen.add(name)
            names.append(name)
    return names


def random_tree(rng: Random, count: int, most_needs: int = 3) -> Techs:
    """A random tree without cycles, listed in a shuffled order: each picks prerequisites among earlier ones."""
    names = fresh_names(rng, count)
    needs: list[list[str]] = []
    for i in range(count):
        wanted = 0 if i == 0 else rng.next_int(min(i, most_needs) + 1)
        chosen: list[str] = []
        while len(chosen) < wanted:
            pick = names[rng.next_int(i)]
            if pick not in chosen:
                chosen.append(pick)
        needs.append(chosen)
    listing = [[names[i], needs[i]] for i in range(count)]
    rng.shuffle(listing)
    return listing


def ancestors(techs: Techs, goal: str) -> set[str]:
    """The goal and everything it needs, directly or not."""
    needs = dict((name, list(want)) for name, want in techs)
    found = {goal}
    frontier = [goal]
    while frontier:
        nxt = []
        for name in frontier:
            for need in needs[name]:
                if need not in found:
                    found.add(need)
                    nxt.append(need)
        frontier = nxt
    return found


def plan(techs: Techs, goal: str) -> list[str]:
    """The plan by the rule, slowly and plainly: keep taking the first needed one that is free."""
    wanted = ancestors(techs, goal)
    position = {name: i for i, (name, _) in enumerate(techs)}
    left = set(wanted)
    result = []
    needs = dict((name, want) for name, want in techs)
    free = sorted(position[n] for n in left if not needs[n])
    waiting = {n: len(needs[n]) for n in left}
    users: dict[str, list[str]] = {n: [] for n in left}
    for n in left:
        for m in needs[n]:
            users[m].append(n)
    heapq.heapify(free)  # a heap over positions: the rule "first in the list", fast enough for 3000
    while free:
        name = techs[heapq.heappop(free)][0]
        result.append(name)
        for user in users[name]:
            waiting[user] -= 1
            if waiting[user] == 0:
                heapq.heappush(free, position[user])
    assert len(result) == len(wanted), "plan() was given a tree with a cycle"
    return result


def stuck(techs: Techs) -> set[str]:
    """The technologies that can never be researched: peel off the free ones until none is left."""
    left = {name for name, _ in techs}
    needs = dict((name, set(want)) for name, want in techs)
    changed = True
    while changed:
        changed = False
        for name in sorted(left):
            if not (needs[name] & left):
                left.discard(name)
                changed = True
    return left


def named_cycle(techs: Techs) -> list[str]:
    """The cycle the contract names ([] if none), walking from the first stuck one in the list."""
    blocked = stuck(techs)
    if not blocked:
        return []
    position = {name: i for i, (name, _) in enumerate(techs)}
    needs = dict((name, want) for name, want in techs)
    walk = [min(blocked, key=position.__getitem__)]
    while True:
        nxt = min((need for need in needs[walk[-1]] if need in blocked), key=position.__getitem__)
        if nxt in walk:
            ring = walk[walk.index(nxt):]
            ring.reverse()  # prerequisites first
            return [*ring, ring[0]]
        walk.append(nxt)


def rotations(cycle: list[str]) -> list[list[str]]:
    """The same cycle started at each of its technologies (the contract accepts any start)."""
    ring = cycle[:-1]
    return [[*ring[k:], *ring[:k], ring[k]] for k in range(len(ring))]


def tiers(techs: Techs) -> list[list[str]]:
    """Tier 0: no prerequisites; else one more than the highest tier among the prerequisites."""
    needs = dict((name, want) for name, want in techs)
    tier: dict[str, int] = {}

    def tier_of(name: str) -> int:  # with a stack of its own: no recursion
        stack = [name]
        while stack:
            top = stack[-1]
            missing = [n for n in needs[top] if n not in tier]
            if missing:
                stack.extend(missing)
            else:
                tier[top] = max((tier[n] + 1 for n in needs[top]), default=0)
                stack.pop()
        return tier[name]

    rows: list[list[str]] = []
    levels = [tier_of(name) for name, _ in techs]
    for level in range(max(levels) + 1 if levels else 0):
        rows.append([name for (name, _), lv in zip(techs, levels, strict=True) if lv == level])
    return rows


def stdin_of(techs: Techs, goal: str) -> str:
    """The program's input: the goal, then one technology a line with its prerequisites."""
    return goal + "\n" + "".join(" ".join([name, *needs]) + "\n" for name, needs in techs)


def with_ring(rng: Random, base: Techs, length: int) -> tuple[Techs, list[str]]:
    """A tree plus a ring of `length` new technologies, each needing the next; some others need the ring.

    Ring members may also need a root of the tree, and only technologies with prerequisites get to
    wait for the ring, so the ring stays the only cycle.
    """
    ring = [f"loop{k}{name}" for k, name in enumerate(fresh_names(rng, length))]
    roots = [name for name, needs in base if not needs]
    techs = [list(item) for item in base]
    for k, name in enumerate(ring):
        needs = [ring[(k + 1) % length]]
        if rng.chance(50):
            needs.append(roots[rng.next_int(len(roots))])
        techs.insert(rng.next_int(len(techs) + 1), [name, needs])
    for item in techs:  # a few ordinary technologies now wait for the ring too
        if item[0] not in ring and item[1] and rng.chance(15):
            item[1] = [*item[1], ring[rng.next_int(length)]]
    return techs, ring


def real_tree() -> Techs:
    """The game's thirteen technologies."""
    return [[tech.key, list(tech.needs)] for tech in TECHS]


def deepest(techs: Techs) -> str:
    """The technology with the most ancestors (the first such in the list)."""
    return max((name for name, _ in techs), key=lambda name: len(ancestors(techs, name)))


def checks() -> list[dict]:
    """The hidden checks."""
    rng = Random(SEED)
    result: list[dict] = []

    def add(name: str, call: str, args: list | None = None, stdin: str | None = None,
            answers: list | None = None) -> None:
        check: dict = {"name": name, "call": call}
        if args is not None:
            check["args"] = args
        if stdin is not None:
            check["stdin"] = stdin
        assert answers
        check.update({"expect": answers[0]} if len(answers) == 1 else {"expect_any": answers})
        result.append(check)

    chain = [[f"step{k}", [f"step{k - 1}"] if k else []] for k in range(3000)]
    chain.reverse()  # the goal first: the input order is the reverse of the plan
    trees = {size: random_tree(rng, size) for size in (8, 30, 100, 300)}
    diamond = [["zeta", []], ["alpha", []], ["mid", ["alpha", "zeta"]], ["top", ["mid"]], ["side", ["zeta"]]]
    plans = {
        "a goal with no prerequisites": (trees[30], next(n for n, needs in trees[30] if not needs)),
        "ties follow the input order, not the alphabet": (diamond, "top"),
        "the goal needs only part of the tree": (real_tree(), "uranium_enrichment"),
        "a chain of 3000 technologies listed goal first (deep for recursion)": (chain, "step2999"),
        **{f"a random tree of {size}, its deepest goal": (tree, deepest(tree)) for size, tree in trees.items()},
        "a random tree of 100, a goal in the middle": (trees[100], trees[100][37][0]),
    }
    for name, (techs, goal) in plans.items():
        add(f"research_plan: {name}", "research_plan", [techs, goal], answers=[plan(techs, goal)])
    for name in ("ties follow the input order, not the alphabet", "a random tree of 300, its deepest goal",
                 "a chain of 3000 technologies listed goal first (deep for recursion)"):
        techs, goal = plans[name]
        add(f"the program: {name}", "main", stdin=stdin_of(techs, goal),
            answers=["".join(n + "\n" for n in plan(techs, goal))])
    cycles = {}
    for length in (1, 2, 3, 5, 8, 12):
        techs, ring = with_ring(rng, random_tree(rng, 12 + length * 3), length)
        cycle = named_cycle(techs)
        assert sorted(cycle[:-1]) == sorted(ring), "the ring must be the only cycle"
        cycles[length] = techs
        goal = next(n for n, _ in techs if n not in stuck(techs))  # even a free goal: the data is broken
        add(f"the program: a cycle of {length}", "main", stdin=stdin_of(techs, goal),
            answers=[f"error: cycle: {' -> '.join(r)}\n" for r in rotations(cycle)])
        add(f"find_cycle: a cycle of {length}", "find_cycle", [techs], answers=rotations(cycle))
    typo = [list(item) for item in trees[30]]
    victim = next(item for item in typo[10:] if item[1])
    victim[1] = [*victim[1][:-1], victim[1][-1] + "x"]
    add("the program: a prerequisite with a typo", "main", stdin=stdin_of(typo, deepest(trees[30])),
        answers=[f"error: unknown technology: {victim[1][-1]}\n"])
    add("the program: a goal that is not in the list", "main", stdin=stdin_of(trees[8], "nothing"),
        answers=["error: unknown technology: nothing\n"])
    add("the program: a goal with no prerequisites", "main", stdin=stdin_of(diamond, "zeta"),
        answers=["zeta\n"])
    for size in (8, 100, 300):
        add(f"tiers: a random tree of {size}", "tiers", [trees[size]], answers=[tiers(trees[size])])
    add("tiers: one technology", "tiers", [[["solo", []]]], answers=[[["solo"]]])
    for size in (30, 300):
        techs = trees[size]
        costs = {name: 10 + rng.next_int(300) for name, _ in techs}
        goal = deepest(techs)
        add(f"total_science: a random tree of {size}", "total_science", [techs, costs, goal],
            answers=[sum(costs[n] for n in plan(techs, goal))])
    add("find_cycle: a random tree of 300 has none", "find_cycle", [trees[300]], answers=[[]])
    return result


def main() -> None:
    """Write hidden.json beside this script."""
    text = json.dumps({"format": 1, "checks": with_hints(checks(), HIDDEN_HINTS)}, separators=(",", ":"))
    (HERE / "hidden.json").write_text(text.replace('{"name"', '\n{"name"') + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
