"""Write hidden.json for Islands: inputs from seeded galaxies, answers from an independent BFS.

Run `python graders_instructor/hidden/01-islands/make_hidden.py` after changing it; `python -m graders
validate 01-islands` then proves the reference notebook agrees with every answer.
"""

from __future__ import annotations

import json
import sys
from collections import deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from cosmos.rng import Random  # noqa: E402
from graders_instructor.authoring.hints import with_hints  # noqa: E402

HERE = Path(__file__).resolve().parent

# The hidden checks' hints, per function: a nudge that names no input and no answer.
HIDDEN_HINTS = {
    'islands': (
        'Start a breadth-first search from every system no earlier search has reached: each search finds '
        'one island and its size. Systems are numbered from 1.'
    ),
    'main': (
        "Compare your output with the public example's line by line: the same words, the same order, no "
        'extra spaces.'
    ),
    'shortest_path': (
        "Note each system's parent during the search and walk back from the goal; a goal the search never"
        ' reaches has no path.'
    ),
    'main_path': (
        "Compare your output with the public example's line by line: the same words, the same order, no "
        'extra spaces.'
    ),
    'lanes_needed': (
        'One new lane can join two islands into one. How many lanes does it take to join all the islands?'
    ),
}
MAX_PATHS = 64


def neighbours(n: int, lanes: list[list[int]]) -> list[list[int]]:
    """Adjacency lists, 1-based, sorted, without repeats."""
    links: list[set[int]] = [set() for _ in range(n + 1)]
    for a, b in lanes:
        links[a].add(b)
        links[b].add(a)
    return [sorted(s) for s in links]


def distances(links: list[list[int]], start: int) -> list[int]:
    """BFS distances from start (-1: not reached)."""
    dist = [-1] * len(links)
    dist[start] = 0
    queue = deque([start])
    while queue:
        current = queue.popleft()
        for nxt in links[current]:
            if dist[nxt] < 0:
                dist[nxt] = dist[current] + 1
                queue.append(nxt)
    return dist


def islands(n: int, lanes: list[list[int]]) -> list:
    """[count, largest, connected]."""
    links = neighbours(n, lanes)
    seen = [False] * (n + 1)
    sizes = []
    for system in range(1, n + 1):
        if not seen[system]:
            reached = [s for s, d in enumerate(distances(links, system)) if d >= 0]
            for s in reached:
                seen[s] = True
            sizes.append(len(reached))
    return [len(sizes), max(sizes), len(sizes) == 1]


def all_shortest_paths(n: int, lanes: list[list[int]], start: int, goal: int) -> list[list[int]]:
    """Every shortest path from start to goal, sorted ([[]] when there is none)."""
    links = neighbours(n, lanes)
    to_goal = distances(links, goal)
    if to_goal[start] < 0:
        return [[]]
    paths = [[start]]
    while paths[0][-1] != goal:
        paths = [
            p + [nxt] for p in paths for nxt in links[p[-1]] if to_goal[nxt] == to_goal[p[-1]] - 1
        ]
        if len(paths) > MAX_PATHS:
            raise ValueError(f"too many shortest paths from {start} to {goal}; pick another input")
    return sorted(paths)


def random_galaxy(seed: int, n: int, m: int) -> list[list[int]]:
    """m random lanes between distinct systems, possibly repeated, either end first."""
    rng = Random(seed)
    lanes = []
    while len(lanes) < m:
        a, b = rng.range(1, n), rng.range(1, n)
        if a != b:
            lanes.append([a, b])
    return lanes


def program_text(n: int, lanes: list[list[int]], extra: str = "") -> str:
    """The program's standard input."""
    return f"{n} {len(lanes)}\n" + "".join(f"{a} {b}\n" for a, b in lanes) + extra


def islands_output(n: int, lanes: list[list[int]]) -> str:
    """What `main` prints."""
    count, largest, connected = islands(n, lanes)
    return (
        f"islands: {count}\nlargest island: {largest}\nconnected: {'yes' if connected else 'no'}\n"
    )


def path_outputs(n: int, lanes: list[list[int]], start: int, goal: int) -> list[str]:
    """Every right output of `main_path`."""
    paths = all_shortest_paths(n, lanes, start, goal)
    if paths == [[]]:
        return ["no path\n"]
    return [f"path: {' '.join(map(str, p))}\n" for p in paths]


def checks() -> list[dict]:
    """The hidden checks."""
    chain = [[i, i + 1] for i in range(1, 3000)]
    big = random_galaxy(18, 400, 300)
    medium = random_galaxy(2026, 40, 45)
    grid = [[r * 4 + c + 1, r * 4 + c + 2] for r in range(4) for c in range(3)]
    grid += [[r * 4 + c + 1, r * 4 + c + 5] for r in range(3) for c in range(4)]
    cases = {
        "no lanes at all: every system is an island": (5, []),
        "the same lane twice, and a lane given backwards": (4, [[1, 2], [2, 1], [3, 4], [4, 3]]),
        "a ring of systems": (6, [[1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 1]]),
        "the largest island is not the first one": (
            9,
            [[1, 2], [3, 4], [4, 5], [5, 6], [6, 3], [7, 8]],
        ),
        "a chain of 3000 systems (deep for recursion)": (3000, chain),
        "400 systems, 300 random lanes": (400, big),
        "40 systems, 45 random lanes": (40, medium),
    }
    result = [
        {
            "name": f"islands: {name}",
            "call": "islands",
            "args": [n, lanes],
            "expect": islands(n, lanes),
        }
        for name, (n, lanes) in cases.items()
    ]
    for name in ("the largest island is not the first one", "400 systems, 300 random lanes"):
        n, lanes = cases[name]
        result.append(
            {
                "name": f"the program: {name}",
                "call": "main",
                "stdin": program_text(n, lanes),
                "expect": islands_output(n, lanes),
            }
        )
    paths = {
        "from a system to itself": (5, [[1, 2], [2, 3]], 2, 2),
        "no path between two islands": (6, [[1, 2], [2, 3], [4, 5], [5, 6]], 1, 6),
        "a grid with many shortest paths": (16, grid, 1, 16),
        "the shorter of two ways round a ring": (
            6,
            [[1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 1]],
            2,
            6,
        ),
        "along a chain of 3000 systems": (3000, chain, 3000, 1),
        "40 systems, 45 random lanes": (40, medium, 3, 17),
    }
    for name, (n, lanes, start, goal) in paths.items():
        answers = all_shortest_paths(n, lanes, start, goal)
        key = {"expect": answers[0]} if len(answers) == 1 else {"expect_any": answers}
        result.append(
            {
                "name": f"shortest_path: {name}",
                "call": "shortest_path",
                "args": [n, lanes, start, goal],
                **key,
            }
        )
    for name in ("no path between two islands", "a grid with many shortest paths"):
        n, lanes, start, goal = paths[name]
        answers = path_outputs(n, lanes, start, goal)
        key = {"expect": answers[0]} if len(answers) == 1 else {"expect_any": answers}
        result.append(
            {
                "name": f"the path program: {name}",
                "call": "main_path",
                "stdin": program_text(n, lanes, f"{start} {goal}\n"),
                **key,
            }
        )
    for name in (
        "no lanes at all: every system is an island",
        "a ring of systems",
        "the largest island is not the first one",
        "400 systems, 300 random lanes",
    ):
        n, lanes = cases[name]
        result.append(
            {
                "name": f"lanes_needed: {name}",
                "call": "lanes_needed",
                "args": [n, lanes],
                "expect": islands(n, lanes)[0] - 1,
            }
        )
    return result


def main() -> None:
    """Write hidden.json beside this script."""
    text = json.dumps({"format": 1, "checks": with_hints(checks(), HIDDEN_HINTS)}, separators=(",", ":"))
    (HERE / "hidden.json").write_text(text.replace('{"name"', '\n{"name"') + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
