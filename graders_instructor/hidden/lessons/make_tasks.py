"""Write lessons/data/tasks.json: the expected results of the lessons' tasks that the engine has no function for.

The right answers (the functions below) stay here, on the instructor's side: no student bundle holds this
folder (graders_instructor/release/manifest.py).
A lesson's task names its answer with `Recorded("count_lanes")`; this script
runs the lessons' task cells from their sources (lessons/*.md), calls the answer of that name on every case
the lesson gives, and stores what it gives (as its repr, so a tuple stays a tuple). Run
`python graders_instructor/hidden/lessons/make_tasks.py` after changing a task's cases or the engine, before
regenerating the lessons; tests/lessons/test_lesson_practice.py fails while the stored results are stale.
"""
from __future__ import annotations

import contextlib
import io
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
DATA_FILE = ROOT / "lessons" / "data" / "tasks.json"


def count_lanes(systems: Sequence[Any]) -> int:
    """How many lanes a galaxy has (each lane is in two neighbour lists)."""
    return sum(len(system.links) for system in systems) // 2


def farthest(systems: Sequence[Any], start: int) -> int:
    """The most lanes between start and any system it can reach."""
    from cosmos.graph import bfs

    return max(bfs(systems, start).dist)


def busiest(systems: Sequence[Any]) -> int:
    """The id of the system with the most lanes (the smallest id among equals)."""
    return max(range(len(systems)), key=lambda i: (len(systems[i].links), -i))


def roots(techs: Sequence[Any]) -> list[str]:
    """The keys of the technologies that need nothing, in list order."""
    return [tech.key for tech in techs if not tech.needs]


def needed_by(techs: Sequence[Any], key: str) -> list[str]:
    """The keys of the technologies that name key among their prerequisites, in list order."""
    return [tech.key for tech in techs if key in tech.needs]


def total_cost(techs: Sequence[Any], keys: Sequence[str]) -> int:
    """The science all the named technologies cost together."""
    return sum(tech.cost for tech in techs if tech.key in keys)


def total_ships(world: Any, empire_id: int) -> list[int]:
    """All the ships of an empire, per kind, over all its fleets."""
    owned = [fleet.ships for fleet in world.fleets if fleet.owner == empire_id]
    return [sum(ships[kind] for ships in owned) for kind in range(4)]


def stock_total(world: Any, empire_id: int) -> int:
    """How many units of resources an empire has in stock, all kinds together."""
    return sum(world.empires[empire_id].stock)


def count_events(events: Sequence[Any], kind: str) -> int:
    """How many of the events are of this kind."""
    return sum(1 for event in events if event.kind == kind)


def first_roll_of(key: str) -> int:
    """The smallest roll that means the random event key (-1 if none does)."""
    from cosmos.events import ROLL_SIDES, roll_event

    for roll in range(ROLL_SIDES):
        event = roll_event(roll)
        if event is not None and event.key == key:
            return roll
    return -1


ANSWERS: dict[str, Callable[..., Any]] = {function.__name__: function for function in (
    count_lanes, farthest, busiest, roots, needed_by, total_cost, total_ships, stock_total, count_events,
    first_roll_of)}


def lesson_tasks(source: Path) -> list[Any]:
    """The tasks a lesson's source makes, from running its task cells in order in one scope."""
    from graders.tasks import Task
    from lessons.regenerate import notebook_from_source

    scope: dict[str, Any] = {"__name__": source.stem}
    tasks: list[Any] = []
    for cell in notebook_from_source(source).cells:
        if cell.cell_type == "code" and "= Task(" in cell.source:
            made = set(scope)
            with contextlib.redirect_stdout(io.StringIO()):
                exec(compile(cell.source, f"<{source.name}>", "exec"), scope)
            tasks += [value for name, value in scope.items() if name not in made and isinstance(value, Task)]
    return tasks


def results_of(task: Any) -> dict[str, str]:
    """The repr of what the task's answer gives on each of its cases (observed as the check observes it)."""
    from graders.tasks import arguments

    answer = ANSWERS[task.reference.__name__]
    look = task.observe or (lambda result, _args: result)
    out = {}
    for case, made in task.cases.items():
        args = arguments(made)
        out[case] = repr(look(answer(*args), args))
    return out


def all_results(root: Path = ROOT) -> dict[str, dict[str, str]]:
    """The results of every recorded task of every lesson, by the answer's name."""
    from graders.tasks import Recorded

    found: dict[str, dict[str, str]] = {}
    for source in sorted((root / "lessons").glob("[0-9b]*.md")):
        for task in lesson_tasks(source):
            if isinstance(task.reference, Recorded):
                found[task.reference.__name__] = results_of(task)
    return found


def main() -> int:
    """Write the data file (and say how many results it holds)."""
    results = all_results()
    data = {"format": 1,
            "about": "the expected results of the lessons' tasks on their cases: task -> case -> repr of the result",
            "tasks": results}
    DATA_FILE.write_text(json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{DATA_FILE.relative_to(ROOT)}: {sum(map(len, results.values()))} results of {len(results)} tasks")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
