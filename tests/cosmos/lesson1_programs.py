"""The small programs of lesson 1, written with the engine's real functions (test helpers)."""
from __future__ import annotations

import inspect
import textwrap

from cosmos import galaxy
from cosmos.data import CELL_H, CELL_W, MAP_COLS, MAP_ROWS
from cosmos.galaxy import StarSystem, connect, pick_weighted
from cosmos.graph import add_lane, bfs, has_lane, is_connected
from cosmos.rng import Random


def numbers(ids: list[int]) -> str:
    """Ids shown 1-based, separated by spaces."""
    return " ".join(str(i + 1) for i in ids)


def line_of_systems(count: int) -> list[StarSystem]:
    """count systems in a row, no lanes."""
    return [StarSystem(i, "", i * 10, 0) for i in range(count)]


def seeds_and_shuffle() -> str:
    """Three generators and one shuffle."""
    out = []
    for seed in (2026, 2026, 2027):
        rng = Random(seed)
        out.append(f"seed {seed}: " + " ".join(str(rng.next_int(100)) for _ in range(6)))
    cells = list(range(8))
    Random(2026).shuffle(cells)
    out.append("shuffled cells: " + " ".join(map(str, cells)))
    return "\n".join(out) + "\n"


def lanes_kept_sorted() -> str:
    """Lanes added in a jumbled order come out sorted."""
    systems = line_of_systems(6)
    for a, b in [(4, 0), (0, 2), (0, 1), (2, 3), (3, 5), (1, 4)]:
        add_lane(systems, a, b)
    out = [f"system {s.id + 1}: {numbers(s.links)}" for s in systems]
    out.append("lane 1-3: " + ("yes" if has_lane(systems, 0, 2) else "no"))
    out.append("lane 1-4: " + ("yes" if has_lane(systems, 0, 3) else "no"))
    return "\n".join(out) + "\n"


def two_islands() -> str:
    """Two islands, then one lane joins them."""
    systems = line_of_systems(7)
    for a, b in [(0, 1), (1, 2), (2, 3), (4, 5), (5, 6)]:
        add_lane(systems, a, b)
    out = []
    for _ in range(2):
        out.append("distances from system 1: " + " ".join(map(str, bfs(systems, 0).dist)))
        out.append("connected: " + ("yes" if is_connected(systems) else "no"))
        add_lane(systems, 3, 4)
    return "\n".join(out) + "\n"


def place_stars(rng: Random, count: int) -> list[StarSystem]:
    """The lesson's stars on a grid: no names, no colours."""
    cells = list(range(MAP_COLS * MAP_ROWS))
    rng.shuffle(cells)
    chosen = sorted(cells[:count])
    systems = []
    for i in range(count):
        x = chosen[i] % MAP_COLS * CELL_W + rng.next_int(6)
        y = chosen[i] // MAP_COLS * CELL_H + rng.next_int(2)
        systems.append(StarSystem(i, "", x, y))
    return systems


def lesson_galaxy(seed: int, connect_fn=connect) -> list[StarSystem]:
    """The lesson's whole galaxy from one seed."""
    rng = Random(seed)
    systems = place_stars(rng, 12 + rng.next_int(9))
    connect_fn(systems, rng)
    return systems


def describe(systems: list[StarSystem]) -> str:
    """A galaxy as text: one line a system."""
    return "".join(f"{s.id + 1} ({s.x},{s.y}): {numbers(s.links)}\n" for s in systems)


def connected_of_200(connect_fn=connect) -> str:
    """How many of the galaxies of seeds 1..200 are connected."""
    ok = sum(1 for seed in range(1, 201) if is_connected(lesson_galaxy(seed, connect_fn)))
    return f"seeds 1-200: connected {ok} of 200\n"


def whole_galaxy() -> str:
    """The galaxy of seed 18, the same again, another one, and 200 seeds checked."""
    systems = lesson_galaxy(18)
    lanes = sum(len(s.links) for s in systems) // 2
    first = describe(systems)
    out = first
    out += f"lanes: {lanes} ({lanes - len(systems) + 1} extra)\n"
    out += "connected: " + ("yes" if is_connected(systems) else "no") + "\n"
    out += "same seed again, same galaxy: " + ("yes" if describe(lesson_galaxy(18)) == first else "no") + "\n"
    out += "another seed, another galaxy: " + ("yes" if describe(lesson_galaxy(19)) != first else "no") + "\n"
    return out + connected_of_200()


def planets_with_weights() -> str:
    """1000 weighted rolls, then the first eight systems' planet counts."""
    weights = [30, 45, 25]
    rng = Random(2026)
    counts = [0, 0, 0]
    for _ in range(1000):
        counts[pick_weighted(rng, weights)] += 1
    few = Random(7)
    planets = [pick_weighted(few, weights) for _ in range(8)]
    return (
        f"planets in 1000 systems: 1={counts[0]} 2={counts[1]} 3={counts[2]}\n"
        f"the first 8 systems: {numbers(planets)}\n"
    )


def predict_the_output() -> str:
    """A ring of five and one more, BFS from 0."""
    systems = line_of_systems(6)
    for a, b in [(0, 1), (1, 2), (2, 3), (0, 4), (4, 3), (3, 5)]:
        add_lane(systems, a, b)
    return " ".join(map(str, bfs(systems, 0).dist)) + "\n"


def connect_variant(old: str, new: str):
    """The real connect with one piece of its source replaced (for find-the-bug)."""
    source = textwrap.dedent(inspect.getsource(connect))
    if source.count(old) != 1:
        raise ValueError(f"{old!r} is not exactly once in connect")
    namespace = dict(vars(galaxy))
    exec(compile(source.replace(old, new), "<variant of connect>", "exec"), namespace)
    return namespace["connect"]
