"""Write the Event bus notebooks: the starter (exercises/), the reference and the known-wrong ones.

Every wrong solution is the reference with one realistic change, named after it. Run
`python graders_instructor/hidden/05-event-bus/make_notebooks.py` after changing this file; `python -m
graders_instructor validate 05-event-bus` then proves that the reference scores full marks and each wrong
solution loses points.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat

from graders_instructor.authoring.scaffold import step_cells
from lessons import nbfile

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
STARTER = ROOT / "exercises" / "05-event-bus" / "event_bus.ipynb"
# the starter's step-through cell (with the ids its cells were first published with): the student's roll on the
# example of a public check
STEP_TEXT, STEP_CODE = step_cells(STARTER.parent / "exercise.json", "roll: the first roll falls on the first event")
STEP = [("md", STEP_TEXT, "3efcab95"), ("code", STEP_CODE, "b5311511")]

INTRO = """# Exercise: the event bus

In the lesson every phase of the turn publishes what happened (`battle_fought`,
`meteor_struck`, ...) on the world's event bus, and two listeners, the news and the statistics, hear
it (`install_listeners` subscribes them). Now you build such a bus yourself, and the weighted table the random events
are rolled from. One difference from the engine's bus: there a listener gets one `Event`
object and `publish` takes one; here the kind and the data travel as two plain arguments,
so your bus needs no class but its own.

**The bus.** `EventBus()` starts with no listeners.

* `subscribe(kind, listener)`: from now on call `listener(kind, data)` for every event of
  this kind. The kind `"*"` means every event (a *wildcard* listener).
* `publish(kind, data)`: call the listeners of this kind in the order they subscribed, then
  the wildcard listeners in the order they subscribed. A listener may subscribe twice; then it
  is called twice.
* A listener must not publish while it handles an event: `publish` called during another
  `publish` raises `RuntimeError` (before calling anyone). The outer `publish` lets that error
  pass on to its caller, and afterwards the bus works as before.

**The table.** `roll(chances, roll)`: `chances` is a list of whole numbers, the chance of
each event in thousandths, and `roll` a number from 0 to 999. Lay the chances end to end:
the first event takes the rolls `0 .. chances[0] - 1`, the next one the following
`chances[1]` rolls, and so on. Return the index of the event the roll falls on, or `-1` if
it falls past the end of the table (no event this turn).

**The turn.** `run_turns(order, fleets, turns)` plays a tiny galaxy through its phases, like
`end_turn` in the lesson, and returns what happened as a list of lines. Systems are numbers on a
line. `fleets` is a list of `[owner, ships, position, target]`; fleet `i` is the `i`-th of the
list (counted from 0) for the whole game, even after it is destroyed. `order` lists the three
phases `"build"`, `"move"` and `"fight"`, each once, in the order every turn runs them. Turns are
numbered from 1; each phase looks at the fleets as the phases before it left them:

* `"build"`: every fleet that stands on its target gains one ship, in the order of the list:
  `"turn T: fleet I builds, N ships"` (N: its ships now).
* `"move"`: every fleet not on its target moves one system towards it, in the order of the list:
  `"turn T: fleet I moves to P"`.
* `"fight"`: at every position, smallest first, where fleets of two or more owners stand, each
  owner's ships there are added up. The owner with the most wins: every fleet of the other owners
  there is destroyed, and the winner's fleets keep all their ships: `"turn T: battle at P, won by
  owner W"`. If two or more owners share the most, every fleet there is destroyed: `"turn T: battle
  at P, nobody won"`.

A destroyed fleet never builds, moves or fights again. The same fleets in another order of phases
can give another game: that is the point of the task.
"""

CONTRACT = """## What the grader calls

The grader runs your notebook from the top in a fresh kernel, then plays scripts on a new
`EventBus()` of yours: it subscribes listeners of its own (which note down what they hear),
publishes events and notes what each call raised. It compares that log with the right one.
It also calls `roll` with tables of its own.

| name | arguments | answer |
|---|---|---|
| `EventBus()` | none | a bus with the methods `subscribe(kind, listener)` and `publish(kind, data)` |
| `roll(chances, roll)` | a list of `int` chances (thousandths), an `int` from 0 to 999 | an `int`: the index, or `-1` |
| `run_turns(order, fleets, turns)` | the three phase names, a `list` of `[owner, ships, position, target]`, \
an `int` | a `list` of `str`: the log |
"""

REFERENCE = '''class EventBus:
    """Listeners by event kind; "*" hears every event, after the specific listeners."""

    def __init__(self):
        self.listeners = {}
        self.publishing = False

    def subscribe(self, kind, listener):
        """Call listener(kind, data) for every event of this kind ("*": every event)."""
        self.listeners.setdefault(kind, []).append(listener)

    def publish(self, kind, data):
        """Deliver one event: its own listeners first, then the wildcard ones; no re-entry."""
        if self.publishing:
            raise RuntimeError(f"a listener published {kind!r} while handling another event")
        self.publishing = True
        try:
            for listener in [*self.listeners.get(kind, []), *self.listeners.get("*", [])]:
                listener(kind, data)
        finally:
            self.publishing = False
'''

ROLL = '''def roll(chances, roll):
    """The index of the event a roll of 0..999 falls on, the chances laid end to end; -1: none."""
    for index, chance in enumerate(chances):
        if roll < chance:
            return index
        roll -= chance
    return -1
'''

TURNS = '''def run_turns(order, fleets, turns):
    """The log of a tiny galaxy played for some turns, its phases run in the given order."""
    fleets = [list(fleet) for fleet in fleets]  # [owner, ships, position, target], changed as we go
    alive = [True] * len(fleets)
    log = []
    for turn in range(1, turns + 1):
        for phase in order:
            if phase == "build":
                for i, fleet in enumerate(fleets):
                    if alive[i] and fleet[2] == fleet[3]:
                        fleet[1] += 1
                        log.append(f"turn {turn}: fleet {i} builds, {fleet[1]} ships")
            elif phase == "move":
                for i, fleet in enumerate(fleets):
                    if alive[i] and fleet[2] != fleet[3]:
                        fleet[2] += 1 if fleet[3] > fleet[2] else -1
                        log.append(f"turn {turn}: fleet {i} moves to {fleet[2]}")
            elif phase == "fight":
                for position in sorted({fleet[2] for i, fleet in enumerate(fleets) if alive[i]}):
                    here = [i for i, fleet in enumerate(fleets) if alive[i] and fleet[2] == position]
                    totals = {}
                    for i in here:
                        totals[fleets[i][0]] = totals.get(fleets[i][0], 0) + fleets[i][1]
                    if len(totals) < 2:
                        continue
                    most = max(totals.values())
                    leaders = [owner for owner in totals if totals[owner] == most]
                    winner = leaders[0] if len(leaders) == 1 else None
                    for i in here:
                        if fleets[i][0] != winner:
                            alive[i] = False
                    result = "nobody won" if winner is None else f"won by owner {winner}"
                    log.append(f"turn {turn}: battle at {position}, {result}")
    return log
'''

TRY_IT = '''heard = []
bus = EventBus()
bus.subscribe("*", lambda kind, data: heard.append(("news", kind)))
bus.subscribe("meteor_struck", lambda kind, data: heard.append(("damage", data["planet"])))
bus.publish("meteor_struck", {"planet": 3})
print(heard)
print([roll([10, 14, 8], r) for r in (0, 9, 10, 23, 24, 31, 32, 999)])
for order in (["build", "move", "fight"], ["move", "fight", "build"]):
    print(order, run_turns(order, [[0, 3, 0, 2], [1, 2, 2, 2]], 2))
'''

STUB_BUS = '''class EventBus:
    """Listeners by event kind; "*" hears every event, after the specific listeners."""

    def __init__(self):
        pass

    def subscribe(self, kind, listener):
        """Call listener(kind, data) for every event of this kind ("*": every event)."""
        raise NotImplementedError("write subscribe")

    def publish(self, kind, data):
        """Deliver one event: its own listeners first, then the wildcard ones; no re-entry."""
        raise NotImplementedError("write publish")
'''

STUB_ROLL = '''def roll(chances, roll):
    """The index of the event a roll of 0..999 falls on, the chances laid end to end; -1: none."""
    raise NotImplementedError("write roll")
'''

STUB_TURNS = '''def run_turns(order, fleets, turns):
    """The log of a tiny galaxy played for some turns, its phases run in the given order."""
    raise NotImplementedError("write run_turns")
'''

MORE = """## More tasks (not graded)

- **The peace that is left.** Two empires that made peace on turn `made` must keep it for
  10 turns. Write `peace_left(made, turn)`, how many more turns they must wait before war may
  be declared (0: now), and compare it with `cosmos.diplomacy.peace_left` on a real world.
- **Event counts over 1000 seeds.** For seeds 1 to 1000 make `new_world(seed)`, run 30 turns
  with `cosmos.turn.end_turn` and count the random events by kind with a wildcard listener on
  `world.bus`. Which is the most common, and does the order match the chances in
  `cosmos.events.EVENTS`? Why does unrest hardly ever happen?
- **A second guard.** Instead of refusing, some buses queue an event published while handling
  and deliver it after the current one. Write `QueueingBus` that does that, and say which
  order the listeners now hear events in.
"""

CHECK = """## Check yourself

This cell runs the public checks on the class and the functions above, in this kernel. The grader
runs them too, and more of its own that you do not see. From a terminal,
`python -m graders check exercises/05-event-bus/event_bus.ipynb` runs the saved notebook
exactly as the grader does.
"""

# name -> (what is wrong, the text replaced, its replacement) in REFERENCE + ROLL
WRONG: dict[str, tuple[str, str, str]] = {
    "wildcard-first": (
        "The wildcard listeners are called before the specific ones.",
        '[*self.listeners.get(kind, []), *self.listeners.get("*", [])]',
        '[*self.listeners.get("*", []), *self.listeners.get(kind, [])]'),
    "newest-listener-first": (
        "Listeners are called newest first.",
        "self.listeners.setdefault(kind, []).append(listener)",
        "self.listeners.setdefault(kind, []).insert(0, listener)"),
    "one-listener-per-kind": (
        "A new listener replaces the one before it instead of joining it.",
        "self.listeners.setdefault(kind, []).append(listener)",
        "self.listeners[kind] = [listener]"),
    "wildcard-only-when-nobody-else": (
        "Wildcard listeners hear only events that nobody else listens to.",
        '[*self.listeners.get(kind, []), *self.listeners.get("*", [])]',
        'self.listeners.get(kind) or self.listeners.get("*", [])'),
    "no-reentry-guard": (
        "A listener may publish while handling: nothing is refused.",
        "        if self.publishing:\n            raise RuntimeError",
        "        if False:\n            raise RuntimeError"),
    "guard-stuck-after-error": (
        "The guard is not lowered when a listener raises: the bus refuses everything afterwards.",
        "        try:\n            for listener in [*self.listeners.get(kind, []), *self.listeners.get(\"*\", [])]:\n"
        "                listener(kind, data)\n        finally:\n            self.publishing = False",
        "        for listener in [*self.listeners.get(kind, []), *self.listeners.get(\"*\", [])]:\n"
        "            listener(kind, data)\n        self.publishing = False"),
    "reentry-silently-dropped": (
        "An event published while handling is dropped without a word instead of refused.",
        '            raise RuntimeError(f"a listener published {kind!r} while handling another event")',
        "            return"),
    "roll-off-by-one": (
        "A roll equal to the chance still counts for that event.",
        "        if roll < chance:",
        "        if roll <= chance:"),
    "roll-not-end-to-end": (
        "Each chance is compared with the roll itself: the chances are not laid end to end.",
        "        roll -= chance\n",
        ""),
    "roll-last-event-by-default": (
        "A roll past the end of the table picks the last event instead of none.",
        "    return -1\n",
        "    return len(chances) - 1\n"),
    "turn-phases-in-a-fixed-order": (
        "The phases always run as build, move, fight, whatever order is given.",
        "        for phase in order:",
        '        for phase in ["build", "move", "fight"]:'),
    "turn-move-straight-to-target": (
        "A moving fleet jumps to its target in one turn instead of one system.",
        "                        fleet[2] += 1 if fleet[3] > fleet[2] else -1",
        "                        fleet[2] = fleet[3]"),
    "turn-tie-won-by-first-owner": (
        "When owners share the most ships, the first of them wins instead of nobody.",
        "                    winner = leaders[0] if len(leaders) == 1 else None",
        "                    winner = leaders[0]"),
    "turn-destroyed-fleets-still-build": (
        "A destroyed fleet still builds ships on its target.",
        "                    if alive[i] and fleet[2] == fleet[3]:",
        "                    if fleet[2] == fleet[3]:"),
}


def notebook(cells: list[tuple[str, ...]]) -> nbformat.NotebookNode:
    """A notebook of (kind, source) cells with the course's kernel; a third item is the cell's own id (the others
    are numbered in order)."""
    nb = nbformat.v4.new_notebook()
    numbered = 0
    for kind, source, *named in cells:
        make = nbformat.v4.new_markdown_cell if kind == "md" else nbformat.v4.new_code_cell
        cell = make(source.strip("\n"))
        cell.id = named[0] if named else f"cell-{numbered}"
        numbered += not named
        nb.cells.append(cell)
    return nbfile.with_kernel_metadata(nb)


def solution(bus: str, table: str, turns: str, note: str = "") -> nbformat.NotebookNode:
    """A solution notebook: its note, the bus, the table, the turn and the try-it cell."""
    head = [("md", f"# Event bus: {note}")] if note else [("md", "# Event bus: reference solution")]
    return notebook([*head, ("code", bus), ("code", table), ("code", turns), ("code", TRY_IT)])


def write(path: Path, nb: nbformat.NotebookNode) -> None:
    """Write a notebook as JupyterLab saves it (creating its folder)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    nbfile.store(nb, path)


def main() -> int:
    """Write every notebook."""
    write(STARTER, notebook([("md", INTRO), ("md", CONTRACT), ("code", STUB_BUS), ("code", STUB_ROLL), *STEP,
                             ("code", STUB_TURNS), ("code", TRY_IT), ("md", MORE), ("md", CHECK),
                             ("code", 'from graders import check_here\n\ncheck_here(globals(), "05-event-bus")')]))
    write(HERE / "reference.ipynb", solution(REFERENCE, ROLL, TURNS))
    for name, (note, old, new) in WRONG.items():
        source = REFERENCE + "\n\n" + ROLL + "\n\n" + TURNS
        if source.count(old) != 1:
            raise SystemExit(f"{name}: the text to change is not in the reference exactly once")
        bus, table, turns = source.replace(old, new).split("\n\n\n")
        write(HERE / "wrong" / f"{name}.ipynb", solution(bus + "\n", table + "\n", turns, note))
    return 0


if __name__ == "__main__":
    sys.exit(main())
