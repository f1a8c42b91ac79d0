"""Drawing the galaxy map: lanes as dots, then system boxes, then owner and fleet labels."""
from __future__ import annotations

from collections.abc import Sequence

from cosmos.ui.buffer import Buffer
from cosmos.world import World

MAP_WIDTH = 64
LANE_ANCHOR = 3  # lanes start and end at column x + 3, the middle of the box "[ 1]"


def round_half_toward_zero(numerator: int, denominator: int) -> int:
    """numerator / denominator rounded to the nearest integer, halves toward zero."""
    sign = -1 if (numerator < 0) != (denominator < 0) else 1
    n, d = abs(numerator), abs(denominator)
    return sign * ((2 * n + d - 1) // (2 * d))


def lane_points(x0: int, y0: int, x1: int, y1: int) -> list[tuple[int, int]]:
    """The cells of a straight line from (x0, y0) to (x1, y1), both ends included."""
    dx, dy = x1 - x0, y1 - y0
    steps = max(abs(dx), abs(dy))
    if steps == 0:
        return [(x0, y0)]
    return [
        (x0 + round_half_toward_zero(dx * i, steps), y0 + round_half_toward_zero(dy * i, steps))
        for i in range(steps + 1)
    ]


def fleet_letter_at(world: World, system_id: int) -> str:
    """The lower-case letter of the first empire (by id) with a fleet in the system, or ""."""
    for fleet in sorted(world.fleets, key=lambda f: f.id):
        if fleet.system == system_id and sum(fleet.ships) > 0:
            return world.empires[fleet.owner].letter.lower()
    return ""


def system_owner(world: World, system_id: int) -> int:
    """The empire owning the system's first owned planet, or -1."""
    for planet_id in world.systems[system_id].planets:
        if world.planets[planet_id].owner >= 0:
            return world.planets[planet_id].owner
    return -1


def lane_cells(world: World) -> list[tuple[int, int]]:
    """Every dot of every lane, each lane drawn from the lower-numbered system to the higher."""
    cells: list[tuple[int, int]] = []
    for a in world.systems:
        for b_id in a.links:
            if b_id > a.id:
                b = world.systems[b_id]
                cells.extend(lane_points(a.x + LANE_ANCHOR, a.y, b.x + LANE_ANCHOR, b.y))
    return cells


def draw_map(world: World, lanes: Sequence[tuple[int, int]] | None = None) -> list[str]:
    """The map as lines: lanes first, then boxes, then labels; trailing spaces trimmed.

    The lanes never change during a game, so a caller may pass lane_cells(world) computed once.
    """
    height = max(system.y for system in world.systems) + 2
    buffer = Buffer(MAP_WIDTH, height)
    for x, y in lane_cells(world) if lanes is None else lanes:
        buffer.put(x, y, ".")
    for system in world.systems:
        buffer.text(system.x + 1, system.y, f"[{system.id + 1:2d}]")
    for system in world.systems:
        owner = system_owner(world, system.id)
        letter = world.empires[owner].letter if owner >= 0 else ""
        label = letter + fleet_letter_at(world, system.id)
        buffer.text(system.x + 1, system.y + 1, label or ".")
    return buffer.lines()
