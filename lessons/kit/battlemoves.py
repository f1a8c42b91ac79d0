"""Lesson 3's second see-it: fleets stepping along the lanes, turn by turn, moved by the real
`move_fleets` (handed in by the lesson, as in lessons.kit.battle) and drawn on the galaxy."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cosmos.graph import shortest_path
from lessons.kit.battle import COLOURS, pane
from lessons.kit.seeit import frame_html, line_of, svg_img


@dataclass(frozen=True)
class FleetAt:
    """Where one fleet is after a turn's movement, and where it is heading (-1: nowhere)."""

    fleet: int
    letter: str
    system: int
    target: int
    ships: int


@dataclass
class MoveTrace:
    """The galaxy (places and lanes) and the fleets after every turn, the start first."""

    places: list[tuple[int, int]]
    lanes: list[tuple[int, int]]
    turns: list[list[FleetAt]]


def fleets_now(world: object) -> list[FleetAt]:
    """Every fleet of the world, by id, as plain data."""
    return [FleetAt(f.id, world.empires[f.owner].letter, f.system, f.target, sum(f.ships))  # type: ignore
            for f in sorted(world.fleets, key=lambda f: f.id)]  # type: ignore[attr-defined]


def record_moves(move_fleets: Callable, world: object, turns: int) -> MoveTrace:
    """Run the real movement phase `turns` times, noting every fleet after each."""
    systems = world.systems  # type: ignore[attr-defined]
    trace = MoveTrace([(s.x, s.y) for s in systems],
                      [(s.id, b) for s in systems for b in s.links if s.id < b], [fleets_now(world)])
    for _ in range(turns):
        move_fleets(world)
        world.turn += 1  # type: ignore[attr-defined]
        trace.turns.append(fleets_now(world))
    return trace


def centre(place: tuple[int, int]) -> tuple[float, float]:
    """A system's place on the map (console columns and rows) in picture pixels."""
    x, y = place
    return 20 + x * 9.2, 24 + y * 21


def moves_svg(trace: MoveTrace, systems: list, turn: int) -> str:
    """The galaxy after `turn` turns: lanes, systems, each fleet and the rest of its way."""
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="590" height="320" viewBox="0 0 590 320" '
             'font-family="DejaVu Sans, sans-serif" font-size="11">',
             '<rect width="590" height="320" fill="#ffffff"/>']
    for a, b in trace.lanes:
        (x1, y1), (x2, y2) = centre(trace.places[a]), centre(trace.places[b])
        parts.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#cbd5e1" '
                     'stroke-width="2"/>')
    fleets = trace.turns[turn]
    for fleet in fleets:
        if fleet.target < 0:
            continue
        way = shortest_path(systems, fleet.system, fleet.target)
        points = " ".join(f"{centre(trace.places[s])[0]:.1f},{centre(trace.places[s])[1]:.1f}" for s in way)
        parts.append(f'<polyline points="{points}" fill="none" stroke="{COLOURS[fleet.letter]}" '
                     'stroke-width="3" stroke-dasharray="6 4" stroke-opacity="0.6"/>')
    for i, place in enumerate(trace.places):
        x, y = centre(place)
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="9" fill="#f8fafc" stroke="#475569"/>'
                     f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" fill="#0f172a">{i + 1}</text>')
    here: dict[int, int] = {}
    for fleet in fleets:
        x, y = centre(trace.places[fleet.system])
        n = here.get(fleet.system, 0)
        here[fleet.system] = n + 1
        fx, fy = x + 14 + 22 * n, y - 14
        parts.append(f'<rect x="{fx - 9:.1f}" y="{fy - 8:.1f}" width="20" height="15" rx="3" '
                     f'fill="{COLOURS[fleet.letter]}"/><text x="{fx + 1:.1f}" y="{fy + 3:.1f}" '
                     f'text-anchor="middle" fill="#ffffff" font-weight="bold">{fleet.letter}{fleet.ships}</text>')
    parts.append("</svg>")
    return "".join(parts)


def crossings(before: list[FleetAt], after: list[FleetAt]) -> list[tuple[FleetAt, FleetAt]]:
    """Pairs of fleets of different empires that swapped systems in one turn (met on a lane)."""
    was = {f.fleet: f.system for f in before}
    moved = [f for f in after if f.fleet in was and was[f.fleet] != f.system]
    return [(a, b) for i, a in enumerate(moved) for b in moved[i + 1:]
            if a.letter != b.letter and was[a.fleet] == b.system and was[b.fleet] == a.system]


def moves_frames_html(trace: MoveTrace, systems: list, move_fleets: Callable) -> list[str]:
    """One frame per turn: the map, how many fleets are still on their way, the code."""
    step_line = line_of(move_fleets, "fleet.system = steps[way]")
    frames = []
    for turn, fleets in enumerate(trace.turns):
        moving = sum(1 for f in fleets if f.target >= 0)
        if turn == 0:
            caption = "The orders are given: each dashed line is the shortest way to a fleet's target."
        else:
            before = {f.fleet: f.system for f in trace.turns[turn - 1]}
            moved = [f"{f.letter} {before[f.fleet] + 1} to {f.system + 1}" for f in fleets
                     if f.fleet in before and f.system != before[f.fleet]]
            caption = f"Turn {turn}: " + (", ".join(moved) if moved else "nobody moves") + "."
            for a, b in crossings(trace.turns[turn - 1], fleets):
                caption += (f" {a.letter} and {b.letter} crossed on the lane {a.system + 1}-{b.system + 1}: "
                            "no battle, since battles happen only in systems.")
        counters = [("turn", turn), ("fleets", len(fleets)), ("on their way", moving),
                    ("arrived", sum(1 for f in fleets if f.target < 0))]
        frames.append(frame_html(svg_img(moves_svg(trace, systems, turn), f"the fleets after turn {turn}"),
                                 caption, counters, pane(move_fleets, step_line if turn else None)))
    return frames
