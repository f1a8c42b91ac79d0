"""Write the Event bus checks: the public ones (exercise.json) and hidden.json from a seed.

Scripts are played on the reference solution by the grader's own probe, so every expected log
is exactly what a right bus makes. Run `python graders_instructor/hidden/05-event-bus/make_hidden.py`
after changing it; `python -m graders_instructor validate 05-event-bus` then grades every notebook.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from cosmos.rng import Random  # noqa: E402
from graders.probe import run_script  # noqa: E402
from graders_instructor.authoring.hints import with_hints  # noqa: E402

HERE = Path(__file__).resolve().parent

# The hidden checks' hints, per function: a nudge that names no input and no answer.
HIDDEN_HINTS = {
    'EventBus': (
        'Keep the listeners of each kind in the order they subscribed, the wildcard ones apart; a publish'
        ' from inside a listener must be refused.'
    ),
    'roll': (
        'Lay the chances end to end and find the first one whose running total is above the roll; look at'
        ' the edges between two chances.'
    ),
    'run_turns': (
        'Each turn runs the three phases in the order given, and each phase goes through every fleet before the'
        ' next phase starts; a battle needs two owners in one place after a move.'
    ),
}

# The public checks' hints: the nudge and the lesson section that helps.
PUBLIC_HINTS = {
    'EventBus': (
        'Keep the listeners of each kind in the order they subscribed, the wildcard ones apart; a publish'
        ' from inside a listener must be refused. See lesson 5, section “The event bus”.'
    ),
    'roll': (
        'Lay the chances end to end and find the first one whose running total is above the roll; look at'
        ' the edges between two chances. See lesson 5, section “Random events: one roll per empire and '
        'turn”.'
    ),
    'run_turns': (
        'Each turn runs the three phases in the order given, and each phase goes through every fleet before the'
        ' next phase starts; a battle needs two owners in one place after a move. See lesson 5, section “When two'
        ' phases swap places”.'
    ),
}
EXERCISE = HERE.parents[1].parent / "exercises" / "05-event-bus" / "exercise.json"
SEED = 2026
KINDS = ("meteor_struck", "battle_fought", "turn_ended")
TAGS = ("news", "stats", "report", "log", "alarm")


def reference() -> dict:
    """The reference solution's names (from make_notebooks, the one source of it)."""
    sys.path.insert(0, str(HERE))
    import make_notebooks

    names: dict = {}
    exec(make_notebooks.REFERENCE + "\n" + make_notebooks.ROLL + "\n" + make_notebooks.TURNS, names)
    return names


def listener(tag: str, calls: list | None = None) -> dict:
    """A listener of the probe's, maybe one that calls a method of the bus while it handles."""
    return {"listener": tag} if calls is None else {"listener": tag, "calls": calls}


def bus_check(name: str, script: list, names: dict) -> dict:
    """A check of the bus with the log the reference makes."""
    log = run_script(names["EventBus"], {"args": [], "script": script})
    return {"name": name, "call": "EventBus", "script": script, "expect": log}


def roll_check(name: str, chances: list[int], roll: int, names: dict) -> dict:
    """A check of roll with the reference's answer."""
    return {"name": name, "call": "roll", "args": [chances, roll], "expect": names["roll"](chances, roll)}


def turns_check(name: str, order: list[str], fleets: list[list[int]], turns: int, names: dict) -> dict:
    """A check of run_turns with the reference's log."""
    return {"name": name, "call": "run_turns", "args": [order, fleets, turns],
            "expect": names["run_turns"](order, fleets, turns)}


PHASE_NAMES = ("build", "move", "fight")
ARRIVAL = [[0, 3, 0, 2], [1, 2, 2, 2]]  # a fleet of 3 two systems away from a defender of 2 on its target


def public_checks(names: dict) -> list[dict]:
    """The checks the student sees: the rules of the exercise's text, one at a time."""
    meteor = ["publish", ["meteor_struck", {"planet": 3}]]
    return [
        bus_check("bus: two listeners of one kind hear it in the order they subscribed", [
            ["subscribe", ["meteor_struck", listener("news")]],
            ["subscribe", ["meteor_struck", listener("stats")]], meteor], names),
        bus_check("bus: an event of another kind is not heard", [
            ["subscribe", ["battle_fought", listener("report")]], meteor], names),
        bus_check("bus: wildcard listeners hear every event, after the specific ones", [
            ["subscribe", ["*", listener("log")]],
            ["subscribe", ["meteor_struck", listener("news")]], meteor,
            ["publish", ["turn_ended", {"turn": 1}]]], names),
        bus_check("bus: publishing while handling is refused, and the bus works afterwards", [
            ["subscribe", ["meteor_struck", listener("alarm", ["publish", ["alarm_raised", {}]])]],
            ["subscribe", ["*", listener("log")]], meteor,
            ["publish", ["turn_ended", {"turn": 1}]]], names),
        roll_check("roll: the first roll falls on the first event", [10, 14, 8], 0, names),
        roll_check("roll: the first roll of the second event", [10, 14, 8], 10, names),
        roll_check("roll: the last roll of the last event", [10, 14, 8], 31, names),
        roll_check("roll: a roll past the table is no event", [10, 14, 8], 32, names),
        turns_check("turn: build, move, fight: the defender builds twice and wins the battle of arrival",
                    ["build", "move", "fight"], ARRIVAL, 2, names),
        turns_check("turn: move, fight, build: the battle comes before the second build, a tie",
                    ["move", "fight", "build"], ARRIVAL, 2, names),
        turns_check("turn: fight, move, build: the fleet arrives after the battle phase, no battle yet",
                    ["fight", "move", "build"], ARRIVAL, 2, names),
    ]


def random_script(rng: Random, steps: int) -> list:
    """Subscriptions and publications of random kinds; some listeners publish while handling."""
    script: list = []
    for _ in range(steps):
        if rng.next_int(3) == 0:
            kind = KINDS[rng.next_int(len(KINDS))]
            script.append(["publish", [kind, {"planet": rng.next_int(20)}]])
        else:
            kind = "*" if rng.next_int(4) == 0 else KINDS[rng.next_int(len(KINDS))]
            tag = TAGS[rng.next_int(len(TAGS))]
            calls = ["publish", [KINDS[rng.next_int(len(KINDS))], {}]] if rng.next_int(6) == 0 else None
            script.append(["subscribe", [kind, listener(tag, calls)]])
    script.append(["publish", [KINDS[rng.next_int(len(KINDS))], {"planet": 0}]])
    return script


def hidden_checks(names: dict, seed: int = SEED) -> list[dict]:
    """Random scripts and tables from the seed, with the reference's answers."""
    rng = Random(seed)
    checks = [bus_check(f"bus: random script {n + 1}", random_script(rng, 6 + rng.next_int(10)), names)
              for n in range(12)]
    checks.append(bus_check("bus: the same listener subscribed twice is called twice", [
        ["subscribe", ["turn_ended", listener("news")]], ["subscribe", ["turn_ended", listener("news")]],
        ["publish", ["turn_ended", {"turn": 2}]]], names))
    checks.append(bus_check("bus: a refused event leaves no listener stuck", [
        ["subscribe", ["battle_fought", listener("alarm", ["publish", ["battle_fought", {}]])]],
        ["publish", ["battle_fought", {}]], ["publish", ["battle_fought", {}]],
        ["subscribe", ["*", listener("log")]], ["publish", ["turn_ended", {}]]], names))
    checks.append(bus_check("bus: a wildcard listener alone hears an event nobody else hears", [
        ["subscribe", ["*", listener("log")]], ["subscribe", ["battle_fought", listener("report")]],
        ["publish", ["meteor_struck", {}]], ["publish", ["battle_fought", {}]]], names))
    for n in range(12):
        chances = [1 + rng.next_int(40) for _ in range(1 + rng.next_int(6))]
        edge = rng.next_int(3)
        total = sum(chances)
        at = [rng.next_int(1000), sum(chances[:1 + rng.next_int(len(chances))]), total - 1 + edge][edge]
        checks.append(roll_check(f"roll: random table {n + 1}", chances, min(at, 999), names))
    checks.append(roll_check("roll: an empty table has no event", [], 0, names))
    for n in range(16):
        order = list(PHASE_NAMES)
        rng.shuffle(order)
        fleets = [[rng.next_int(3), 1 + rng.next_int(6), rng.next_int(6), rng.next_int(6)]
                  for _ in range(2 + rng.next_int(4))]
        checks.append(turns_check(f"turn: random galaxy {n + 1}, phases {' '.join(order)}", order, fleets,
                                  1 + rng.next_int(6), names))
    for order in (["fight", "build", "move"], ["move", "build", "fight"], ["build", "fight", "move"]):
        checks.append(turns_check(f"turn: the arrival with the phases {' '.join(order)}", order, ARRIVAL, 4, names))
    checks.append(turns_check("turn: three owners meet; two tie below the third", ["move", "fight", "build"],
                              [[0, 2, 1, 1], [1, 2, 1, 1], [2, 5, 0, 1]], 2, names))
    checks.append(turns_check("turn: a destroyed fleet on its target builds no more", ["fight", "build", "move"],
                              [[0, 4, 3, 3], [1, 4, 3, 3], [2, 1, 0, 0]], 3, names))
    checks.append(turns_check("turn: one owner's two fleets together beat a bigger one", ["move", "fight", "build"],
                              [[0, 3, 0, 1], [0, 3, 2, 1], [1, 5, 1, 1]], 1, names))
    checks.append(turns_check("turn: no turns, no log", ["build", "move", "fight"], ARRIVAL, 0, names))
    checks.append(roll_check("roll: the game's own table", [10, 14, 8, 12, 14, 8], 65, names))
    return checks


def main() -> int:
    """Write both files; the public checks go into exercise.json, keeping its other keys."""
    names = reference()
    exercise = json.loads(EXERCISE.read_text(encoding="utf-8"))
    exercise["checks"] = with_hints(public_checks(names), PUBLIC_HINTS)
    EXERCISE.write_text(json.dumps(exercise, indent=1) + "\n", encoding="utf-8")
    hidden = {"format": 1, "checks": with_hints(hidden_checks(names), HIDDEN_HINTS)}
    (HERE / "hidden.json").write_text(json.dumps(hidden, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
