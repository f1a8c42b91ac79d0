"""Exercise 03-battle: its rules are the engine's, its data is up to date, and the sandbox
grades the reference with full marks and every known-wrong solution with less."""

from __future__ import annotations

import importlib.util
import json
import sys
from fractions import Fraction
from pathlib import Path
from types import ModuleType

import nbformat
import pytest

from cosmos.battle import fight, fire_round, make_side
from cosmos.data import BATTLE_ROUNDS, RPS_PERCENT, SHIP_TYPES
from cosmos.fleets import new_fleet
from cosmos.rng import Random
from cosmos.world import new_world
from graders.exercise import load_exercise
from graders.notebook import read_cells
from graders_instructor.authoring.hints import with_hints
from tests.graders.grader_helpers import graders_cli

EXERCISE = load_exercise("03-battle")
HIDDEN = EXERCISE.hidden_folder
WRONG = sorted((HIDDEN / "wrong").glob("*.ipynb"))


def module_from(path: Path, name: str) -> ModuleType:
    """Import a script of the grader's folder by its path."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def notebook_namespace(path: Path) -> dict:
    """Run a notebook's code cells in a fresh namespace."""
    namespace: dict = {}
    for source in read_cells(path):
        exec(compile(source, str(path), "exec"), namespace)  # the course's own notebooks only
    return namespace


REFERENCE = notebook_namespace(HIDDEN / "reference.ipynb")


def engine_fight(a: list[int], b: list[int]) -> tuple[list[int], list[int]]:
    """The ships left after the engine's whole fight (3 rounds) in open space of seed 2026."""
    world = new_world(2026)
    world.fleets.clear()
    system = 1  # nobody owns a planet there: no fortress
    assert all(world.planets[p].owner < 0 for p in world.systems[system].planets)
    for owner, ships in ((0, a), (1, b)):
        if sum(ships):
            new_fleet(world, owner, system, ships)
    report = fight(world, system)
    if report is None:
        return list(a), list(b)
    left = {e: [x - y for x, y in zip(before, lost, strict=True)]
            for e, before, lost in zip(report.empires, report.before, report.lost, strict=True)}
    return left.get(0, list(a)), left.get(1, list(b))


def engine_rounds(a: list[int], b: list[int], rounds: int) -> tuple[list[int], list[int]]:
    """The ships left after the engine's fire_round, as many rounds as asked."""
    world = new_world(2026)
    world.fleets.clear()
    for owner, ships in ((0, a), (1, b)):
        if sum(ships):
            new_fleet(world, owner, 1, ships)
    sides = [make_side(world, 0, 1), make_side(world, 1, 1)]
    for _ in range(rounds):
        fire_round(world, sides)
    return sides[0].ships, sides[1].ships


def random_fleets(seed: int, count: int, most: int) -> list[tuple[list[int], list[int]]]:
    """Pairs of fleets from the game's own generator, a kind missing now and then."""
    rng = Random(seed)

    def fleet() -> list[int]:
        return [0 if rng.chance(30) else rng.range(1, most) for _ in range(4)]

    return [(fleet(), fleet()) for _ in range(count)]


def test_the_starters_numbers_are_the_engines_ships_without_technology() -> None:
    nb = nbformat.read(EXERCISE.notebook, as_version=4)
    constants = next(c.source for c in nb.cells if c.cell_type == "code" and "PERCENT = (" in c.source)
    namespace: dict = {}
    exec(constants, namespace)
    assert namespace["ATTACK"] == tuple(s.attack for s in SHIP_TYPES)
    assert namespace["HP"] == tuple(s.hp for s in SHIP_TYPES)
    assert namespace["METAL"] == tuple(s.cost[0] for s in SHIP_TYPES)
    assert namespace["PERCENT"] == RPS_PERCENT
    assert namespace["KINDS"] == "IBFD"
    assert BATTLE_ROUNDS == 3  # the starter says the engine fights 3 rounds


@pytest.mark.parametrize("a, b", random_fleets(2026, 150, 25) + [([0] * 4, [0] * 4), ([0, 0, 0, 0], [1, 2, 3, 4])])
def test_the_reference_duel_is_the_engines_fight(a: list[int], b: list[int]) -> None:
    assert REFERENCE["duel"](a, b, BATTLE_ROUNDS) == engine_fight(a, b)


@pytest.mark.parametrize("rounds", [0, 1, 2, 5, 17])
def test_the_reference_agrees_with_the_engines_rounds_for_any_number_of_rounds(rounds: int) -> None:
    for a, b in random_fleets(rounds + 7, 30, 40):
        assert REFERENCE["duel"](a, b, rounds) == engine_rounds(a, b, rounds)


def test_the_reference_needs_exact_fractions_somewhere_in_the_hidden_checks() -> None:
    checks = json.loads((HIDDEN / "hidden.json").read_text())["checks"]
    traps = [c for c in checks if c["name"].startswith("duel: exact fractions needed")]
    maker = module_from(HIDDEN / "make_hidden.py", "make_hidden_03")
    assert traps
    for check in traps:
        a, b, rounds = check["args"]
        assert maker.float_duel(a, b, rounds) != check["expect"] == list(REFERENCE["duel"](a, b, rounds))
    assert isinstance(REFERENCE["duel"]([1, 0, 0, 0], [0, 1, 0, 0], 1)[0][0], int)
    assert Fraction(1, 3) * 3 == 1 and sum([0.1] * 3) != 0.3  # why floats drift


def test_hidden_checks_are_what_make_hidden_writes_and_cover_the_issue() -> None:
    maker = module_from(HIDDEN / "make_hidden.py", "make_hidden_03")
    stored = json.loads((HIDDEN / "hidden.json").read_text())
    assert stored == json.loads(json.dumps({"format": 1, "checks": with_hints(maker.checks(), maker.HIDDEN_HINTS)}))
    names = " | ".join(c["name"] for c in stored["checks"])
    for topic in ("empty", "one interceptor against many", "kinds I against B", "tie", "10^4 ships",
                  "many rounds", "first_mover", "best_counter", "turns_to_arrive", "the program"):
        assert topic in names, topic
    pairs = [c for c in stored["checks"] if c["name"].startswith("duel: kinds ")]
    assert len(pairs) == 16


def test_public_checks_agree_with_the_engine() -> None:
    maker = module_from(HIDDEN / "make_hidden.py", "make_hidden_03")
    for check in json.loads(EXERCISE.folder.joinpath("exercise.json").read_text())["checks"]:
        if check["call"] in ("duel", "first_mover", "best_counter", "turns_to_arrive"):
            assert getattr(maker, check["call"])(*check["args"]) == check["expect"], check["name"]
        else:
            a, b, rounds = ([int(x) for x in line.split()] for line in check["stdin"].splitlines())
            assert maker.program(a, b, rounds[0]) == (check["stdin"], check["expect"])


def test_solutions_are_what_make_solutions_writes(tmp_path: Path) -> None:
    maker = module_from(HIDDEN / "make_solutions.py", "make_solutions_03")
    assert sorted(p.stem for p in WRONG) == sorted(maker.WRONG)
    assert len(WRONG) >= 8
    reference = (HIDDEN / "solution.py").read_text()
    assert read_cells(HIDDEN / "reference.ipynb") == [reference.rstrip("\n")]
    for path in WRONG:
        (code,) = read_cells(path)
        assert code != reference.rstrip("\n")
        text = reference
        for old, new in maker.WRONG[path.stem][1]:
            text = text.replace(old, new)
        assert code == text.rstrip("\n")


@pytest.mark.slow
def test_the_sandbox_grades_the_reference_full_and_every_wrong_solution_lower(tmp_path: Path) -> None:
    out = tmp_path / "out"
    done = graders_cli("grade", "03-battle", str(HIDDEN / "reference.ipynb"), *map(str, WRONG),
                       "--out", str(out), "--jobs", "2", cwd=tmp_path, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    results = {p.parent.name: json.loads(p.read_text()) for p in out.glob("*/results.json")}
    assert len(results) == len(WRONG) + 1
    best = next(r for name, r in results.items() if name.startswith("reference"))
    assert best["score"] == best["max_score"] == EXERCISE.max_score
    failed = {name: {t["name"] for t in r["tests"] if t["score"] < t["max_score"]} for name, r in results.items()}
    for path in WRONG:
        name = next(n for n in results if n.startswith(path.stem))
        assert results[name]["score"] < EXERCISE.max_score, path.stem
    expected_failures = {
        "sequential-resolution": "duel: a tie: mirror fleets",
        "floats-drift": "duel: exact fractions needed 1",
        "wounds-dropped": "duel: wounds add up over rounds",
        "roles-inverted": "duel: kinds I against B",
        "fire-not-split": "duel: the fleets at Achernar in lesson 3 (3I 2B 2F against 3I 2B 3F), without the fortress",
        "one-round-short": "duel: kinds B against F",
        "returns-tuples": "duel: one interceptor each",
    }
    for stem, check in expected_failures.items():
        name = next(n for n in results if n.startswith(stem))
        assert any(f.split(": ", 1)[1] == check for f in failed[name]), (stem, sorted(failed[name]))
