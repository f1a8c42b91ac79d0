"""Recording what the engine's real `connect` and `bfs` do to a galaxy, as plain tuples.

Nothing in the engine is changed or copied: the systems are given neighbour lists that note
every lane written into them and every walk through them, and the generator notes every roll
of the die. The trace is a list of plain tuples, easy to print, test and animate:

    ("star", system, x, y)                  a star placed on the grid
    ("lane", a, b, kind, line)              a lane added by connect; kind is "tree" or "extra"
    ("roll", percent, hit, line, a, b)      connect rolled the die for an extra lane from a to b
    ("reach", system, dist, parent, line)   bfs from system 0 reached a system (parent -1: the start)

`line` is the line of cosmos/galaxy.py or cosmos/graph.py that did it: for lanes and rolls it is
read from connect's own running frame at the moment of the call; for the wave it is the line of
bfs that writes the distance (`dist[start] = 0` for the start, `dist[nxt] = ...` for the rest).
"""
from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from types import FrameType
from typing import Any

from cosmos.galaxy import StarSystem, connect
from cosmos.graph import bfs
from cosmos.rng import Random
from lessons.kit.seeit import line_of

TREE = "tree"
EXTRA = "extra"

Step = tuple[Any, ...]
# The lines of bfs that write a distance: what the wave's steps point at.
START_LINE = "dist[start] = 0"
REACH_LINE = "dist[nxt] = dist[current] + 1"


def frame_of(function: Any) -> FrameType | None:
    """The running frame of an engine function somewhere up the call stack, if it is running."""
    frame = sys._getframe(1)
    while frame is not None and frame.f_code is not function.__code__:
        frame = frame.f_back
    return frame


class RecordingLinks(list):
    """A neighbour list that writes every insert and every walk through it into a shared log."""

    def __init__(self, owner: int, log: list[Step], items: Iterable[int] = ()) -> None:
        super().__init__(items)
        self.owner = owner
        self.log = log

    def insert(self, index: Any, value: int) -> None:
        """Insert as a list does, then note which system got which neighbour."""
        super().insert(index, value)
        caller = frame_of(connect)
        self.log.append(("insert", self.owner, value, caller.f_lineno if caller else None))

    def __iter__(self):
        """Walk as a list does, after noting whose neighbours are being walked."""
        self.log.append(("walk", self.owner))
        return super().__iter__()


class RecordingRandom(Random):
    """The game's generator, continuing from a given state, noting every roll of `chance`."""

    def __init__(self, state: int, log: list[Step]) -> None:
        super().__init__(state)
        self.log = log

    def chance(self, percent: int) -> bool:
        """Roll as the game does and note the roll."""
        hit = super().chance(percent)
        caller = frame_of(connect)
        where = (caller.f_lineno, caller.f_locals.get("a"), caller.f_locals.get("best")) if caller else (None,) * 3
        self.log.append(("roll", percent, hit, *where))
        return hit


def lanes_from_log(log: Sequence[Step]) -> list[Step]:
    """Turn raw inserts and rolls into ("lane", a, b, kind, line) and ("roll", ...) steps."""
    steps: list[Step] = []
    rolled = False
    pending: tuple[int, int] | None = None
    for entry in log:
        if entry[0] == "roll":
            rolled = True
            steps.append(entry)
        elif entry[0] == "insert":
            _, owner, value, line = entry
            if pending is None:
                pending = (owner, value)
                continue
            if pending != (value, owner):
                raise ValueError(f"a lane was written on one side only: {pending} then {entry}")
            steps.append(("lane", pending[0], pending[1], EXTRA if rolled else TREE, line))
            pending = None
    if pending is not None:
        raise ValueError(f"a lane was written on one side only: {pending}")
    return steps


def wave_from_log(systems: Sequence[StarSystem], log: Sequence[Step], start: int) -> list[Step]:
    """The order in which bfs reached the systems, rebuilt from its walks and its result."""
    result = bfs(systems, start)
    first, reach = line_of(bfs, START_LINE), line_of(bfs, REACH_LINE)
    steps: list[Step] = [("reach", start, 0, -1, first)]
    for entry in log:
        if entry[0] != "walk":
            continue
        current = entry[1]
        for nxt in list.__iter__(systems[current].links):
            if result.parent[nxt] == current:
                steps.append(("reach", nxt, result.dist[nxt], current, reach))
    return steps


def record_galaxy(systems: Sequence[StarSystem], rng: Random, start: int = 0) -> list[Step]:
    """Run the engine's connect on freshly placed stars, then bfs from start; return the trace.

    rng continues afterwards exactly as if connect had used it directly.
    """
    if any(system.links for system in systems):
        raise ValueError("record_galaxy needs stars without lanes: place them anew")
    trace: list[Step] = [("star", s.id, s.x, s.y) for s in systems]
    log: list[Step] = []
    for system in systems:
        system.links = RecordingLinks(system.id, log)
    recorder = RecordingRandom(rng.get_state(), log)
    connect(systems, recorder)
    rng.set_state(recorder.get_state())
    trace.extend(lanes_from_log(log))
    log.clear()
    bfs(systems, start)
    walks = list(log)
    for system in systems:
        system.links = system.links[:]  # plain lists again, as the student's stars had
    trace.extend(wave_from_log(systems, walks, start))
    return trace


def steps_of(trace: Iterable[Step], kind: str) -> list[Step]:
    """The steps of one kind ("star", "lane", "roll" or "reach"), in order."""
    return [step for step in trace if step[0] == kind]


def lanes_of(trace: Iterable[Step], kind: str) -> list[tuple[int, int]]:
    """The lanes of one kind ("tree" or "extra") as (a, b) pairs, in the order they were added."""
    return [(step[1], step[2]) for step in steps_of(trace, "lane") if step[3] == kind]


def line_of_step(step: Step) -> int | None:
    """The engine line a step came from (None for a star, which the lesson placed, or a hand-made step)."""
    at = {"lane": 4, "reach": 4, "roll": 3}.get(step[0])
    return step[at] if at is not None and len(step) > at else None


def tree_lanes(systems: Sequence[StarSystem]) -> list[tuple[int, int]]:
    """The lanes of Prim's tree as the engine's connect adds them to fresh copies of these stars: (a, b), a in the
    tree already, b the system it takes in (lesson 1's task is judged against this)."""
    stars = [StarSystem(s.id, s.name, s.x, s.y) for s in systems]
    return lanes_of(record_galaxy(stars, Random(1)), "tree")

