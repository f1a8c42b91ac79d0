"""Load an exercise (FORMAT.md): its contract, limits, public and hidden checks, and solutions."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from enum import Enum
from importlib import resources
from pathlib import Path

from graders.values import AnswerType, TypeSyntaxError, from_plain, parse_type

ROOT = Path(__file__).resolve().parent.parent


def exercises_folder() -> Path:
    """The course's exercises: the wheel's package data (graders/exercises) when installed, else the checkout's."""
    installed = resources.files("graders") / "exercises"
    return Path(str(installed)) if installed.is_dir() else ROOT / "exercises"


EXERCISES = exercises_folder()
HIDDEN = ROOT / "graders_instructor" / "hidden"  # the instructor's side (absent from what students get)
FORMAT = 1
DEFAULT_TIMEOUT = 60.0
DEFAULT_CHECK_TIMEOUT = 10.0
DEFAULT_MEMORY_MB = 1024
CHECK_KEYS = {
    "name",
    "call",
    "args",
    "stdin",
    "expect",
    "expect_any",
    "points",
    "compare",
    "tolerance",
    "script",
    "hint",
}
SCRIPT_ANSWER = "list[str]"  # what a class check answers: the lines of its log


class ExerciseError(ValueError):
    """The exercise's files do not follow FORMAT.md; the message says where and how."""


class Kind(Enum):
    """What a contract name is."""

    FUNCTION = "function"
    PROGRAM = "program"
    CLASS = "class"


class Compare(Enum):
    """How an answer is compared with the expected one."""

    EXACT = "exact"
    LINES = "lines"


@dataclass(frozen=True)
class Contract:
    """One name the notebook must define."""

    name: str
    kind: Kind
    params: tuple[str, ...]
    returns: AnswerType
    methods: tuple[str, ...] = ()  # a class: the methods a script may call


@dataclass(frozen=True)
class Check:
    """One call with a known right answer (or several)."""

    name: str
    call: str
    hidden: bool
    program: bool  # a stdin/stdout program, not a function
    payload: str  # JSON text: the args list, or the stdin string
    expected: tuple[object, ...]
    points: float
    compare: Compare
    tolerance: float
    script: bool = False  # a class: a scripted sequence of calls on one instance
    hint: str = ""  # shown to the student when the check fails (hidden checks too: it must not give the answer)

    @property
    def kind(self) -> str:
        """What the probe does with the payload: "function", "program" or "class"."""
        return "program" if self.program else "class" if self.script else "function"

    def shown_input(self) -> str:
        """The input as a student reads it (only ever shown for public checks)."""
        value = json.loads(self.payload)
        if isinstance(value, str):
            return "standard input:\n" + value
        if self.script:
            made = f"bus = {self.call}({', '.join(json.dumps(arg) for arg in value['args'])})"
            steps = [f"bus.{method}({', '.join(map(_shown_arg, args))})" for method, args in value["script"]]
            return "\n            ".join([made, *steps])
        return f"{self.call}({', '.join(json.dumps(arg) for arg in value)})"


def _shown_arg(arg: object) -> str:
    """A script's argument as the student reads it: a listener by its name, data as JSON."""
    if is_listener(arg):
        assert isinstance(arg, dict)
        calls = arg.get("calls")
        also = f" that calls {calls[0]}({', '.join(map(_shown_arg, calls[1]))})" if calls else ""
        return f"<listener {arg['listener']}{also}>"
    return json.dumps(arg)


def is_listener(value: object) -> bool:
    """In a script, {"listener": name} (maybe with "calls") stands for a listener the probe makes."""
    return type(value) is dict and "listener" in value and set(value) <= {"listener", "calls"}


@dataclass(frozen=True)
class Exercise:
    """Everything the grader knows about one exercise."""

    name: str
    folder: Path
    title: str
    notebook: Path
    timeout: float
    check_timeout: float
    memory_mb: int
    contract: dict[str, Contract]
    checks: tuple[Check, ...]  # public first, then hidden
    fingerprint: str  # changes whenever a check or the contract changes
    hidden_folder: Path  # the hidden checks and the solutions

    @property
    def max_score(self) -> float:
        """Sum of the points of every check."""
        return sum(check.points for check in self.checks)

    @property
    def reference(self) -> Path:
        """The reference solution."""
        return self.hidden_folder / "reference.ipynb"

    @property
    def wrong_solutions(self) -> list[Path]:
        """The known-wrong solutions, sorted by name."""
        return sorted((self.hidden_folder / "wrong").glob("*.ipynb"))


def exercise_folder(spec: str | Path) -> Path:
    """A folder under exercises/ by name (`01-islands`) or by path."""
    path = Path(spec)
    if (path / "exercise.json").is_file():
        return path.resolve()
    if (EXERCISES / str(spec) / "exercise.json").is_file():
        return EXERCISES / str(spec)
    known = sorted(p.parent.name for p in EXERCISES.glob("*/exercise.json"))
    raise ExerciseError(f"no exercise {str(spec)!r}; known exercises: {', '.join(known) or 'none'}")


def hidden_root_for(folder: Path) -> Path:
    """Where an exercise's grader side is: graders_instructor/hidden beside its exercises/ folder, else the course's."""
    beside = folder.parent.parent / "graders_instructor" / "hidden"
    return beside if (beside / folder.name).is_dir() else HIDDEN


def load_exercise(spec: str | Path, hidden: bool = True, hidden_root: Path | None = None) -> Exercise:
    """Read and check an exercise; with hidden=False only what the student has."""
    folder = exercise_folder(spec)
    hidden_folder = (hidden_root or hidden_root_for(folder)) / folder.name
    source = folder / "exercise.json"
    data = _read_json(source)
    _expect_keys(data, {"format", "title", "notebook", "limits", "contract", "checks"}, source)
    if data.get("format") != FORMAT:
        raise ExerciseError(f'{source}: "format" must be {FORMAT}')
    contract = {
        name: _contract(name, spec_, source)
        for name, spec_ in _dict(data, "contract", source).items()
    }
    checks = [_check(raw, False, contract, source) for raw in _list(data, "checks", source)]
    hidden_digest = ""
    if hidden:
        hidden_file = hidden_folder / "hidden.json"
        hidden_data = _read_json(hidden_file)
        _expect_keys(hidden_data, {"format", "checks"}, hidden_file)
        checks += [
            _check(raw, True, contract, hidden_file)
            for raw in _list(hidden_data, "checks", hidden_file)
        ]
        hidden_digest = hashlib.sha256(hidden_file.read_bytes()).hexdigest()
    names = [check.name for check in checks]
    for name in names:
        if names.count(name) > 1:
            raise ExerciseError(f"{folder.name}: two checks are named {name!r}")
    limits = data.get("limits", {})
    _expect_keys(limits, {"timeout", "check_timeout", "memory_mb"}, source)
    notebook = folder / str(data.get("notebook", ""))
    if not notebook.is_file():
        raise ExerciseError(f"{source}: the notebook {notebook.name!r} is not in {folder}")
    digest = hashlib.sha256(source.read_bytes() + hidden_digest.encode()).hexdigest()
    return Exercise(
        name=folder.name,
        folder=folder,
        title=str(data.get("title", folder.name)),
        notebook=notebook,
        timeout=_positive(limits.get("timeout", DEFAULT_TIMEOUT), "timeout", source),
        check_timeout=_positive(
            limits.get("check_timeout", DEFAULT_CHECK_TIMEOUT), "check_timeout", source
        ),
        memory_mb=int(_positive(limits.get("memory_mb", DEFAULT_MEMORY_MB), "memory_mb", source)),
        contract=contract,
        checks=tuple(checks),
        fingerprint=digest[:16],
        hidden_folder=hidden_folder,
    )


def _read_json(path: Path) -> dict:
    """A JSON object from a file, or ExerciseError."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ExerciseError(f"{path} is missing") from None
    except (ValueError, UnicodeDecodeError) as error:
        raise ExerciseError(f"{path} is not valid JSON: {error}") from None
    if not isinstance(data, dict):
        raise ExerciseError(f"{path} must hold a JSON object")
    return data


def _expect_keys(data: object, allowed: set[str], where: Path) -> None:
    """Refuse unknown keys (a typo would silently change a check)."""
    if not isinstance(data, dict):
        raise ExerciseError(f"{where}: expected a JSON object, got {json.dumps(data)[:60]}")
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise ExerciseError(
            f"{where}: unknown key {unknown[0]!r} (allowed: {', '.join(sorted(allowed))})"
        )


def _dict(data: dict, key: str, where: Path) -> dict:
    """data[key], which must be an object."""
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise ExerciseError(f"{where}: {key!r} must be an object")
    return value


def _list(data: dict, key: str, where: Path) -> list:
    """data[key], which must be a list."""
    value = data.get(key, [])
    if not isinstance(value, list):
        raise ExerciseError(f"{where}: {key!r} must be a list")
    return value


def _positive(value: object, what: str, where: Path) -> float:
    """A positive number."""
    if (type(value) is int or type(value) is float) and value > 0:
        return float(value)
    raise ExerciseError(f"{where}: {what} must be a positive number, not {value!r}")


def _contract(name: str, spec: object, where: Path) -> Contract:
    """One contract entry."""
    _expect_keys(spec, {"kind", "params", "returns", "methods"}, where)
    assert isinstance(spec, dict)
    if not name.isidentifier():
        raise ExerciseError(f"{where}: contract name {name!r} is not a Python name")
    try:
        kind = Kind(spec.get("kind"))
    except ValueError:
        raise ExerciseError(f'{where}: {name}: kind must be "function", "program" or "class"') from None
    if kind is Kind.CLASS:
        methods = spec.get("methods")
        if "returns" in spec or not isinstance(methods, list) or not methods or not all(
                isinstance(m, str) and m.isidentifier() and not m.startswith("_") for m in methods):
            raise ExerciseError(f"{where}: {name}: a class names its public methods (a list) and no returns")
        return Contract(name, kind, _params(spec, name, where), parse_type(SCRIPT_ANSWER), tuple(methods))
    if "methods" in spec:
        raise ExerciseError(f"{where}: {name}: only a class has methods")
    if kind is Kind.PROGRAM:
        if "returns" in spec or spec.get("params"):
            raise ExerciseError(
                f"{where}: {name}: a program takes no params and returns its output"
            )
        return Contract(name, kind, (), AnswerType("str"))
    try:
        returns = parse_type(str(spec.get("returns", "")))
    except TypeSyntaxError as error:
        raise ExerciseError(f"{where}: {name}: {error}") from None
    return Contract(name, kind, _params(spec, name, where), returns)


def _params(spec: dict, name: str, where: Path) -> tuple[str, ...]:
    """The documented parameter names."""
    params = spec.get("params", [])
    if not isinstance(params, list) or not all(isinstance(p, str) for p in params):
        raise ExerciseError(f"{where}: {name}: params must be a list of names")
    return tuple(params)


def _script(raw: dict, target: Contract, label: str) -> str:
    """A class check's payload: the constructor's args and the steps, each [method, [args]]."""
    args, steps = raw.get("args", []), raw.get("script")
    if "stdin" in raw or not isinstance(args, list) or not isinstance(steps, list) or not steps:
        raise ExerciseError(f'{label}: a class check needs "script" (a list of steps), maybe "args", no "stdin"')

    def step_ok(step: object) -> bool:
        if not (isinstance(step, list) and len(step) == 2 and step[0] in target.methods
                and isinstance(step[1], list)):
            return False
        for arg in step[1]:
            if isinstance(arg, dict) and "listener" in arg:
                if not is_listener(arg) or not isinstance(arg["listener"], str):
                    return False
                if "calls" in arg and not step_ok(arg["calls"]):
                    return False
        return True

    for step in steps:
        if not step_ok(step):
            raise ExerciseError(
                f"{label}: a step is [method, [args]] with a method of {', '.join(target.methods)}; "
                f'a listener is {{"listener": name}} or {{"listener": name, "calls": step}}: {json.dumps(step)[:80]}')
    return json.dumps({"args": args, "script": steps})


def _check(raw: object, hidden: bool, contract: dict[str, Contract], where: Path) -> Check:
    """One check entry, its expected answers read with the declared type."""
    _expect_keys(raw, CHECK_KEYS, where)
    assert isinstance(raw, dict)
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ExerciseError(f'{where}: every check needs a "name"')
    label = f"{where.name}: check {name!r}"
    target = contract.get(str(raw.get("call")))
    if target is None:
        raise ExerciseError(f'{label}: "call" must be one of {", ".join(contract)}')
    payload = _payload(raw, target, label)
    expected, compare = _expected(raw, target, label), _compare(raw, target, label)
    points, tolerance = _numbers(raw, label)
    hint = raw.get("hint", "")
    if not isinstance(hint, str):
        raise ExerciseError(f"{label}: hint must be a string")
    return Check(
        name=name,
        call=target.name,
        hidden=hidden,
        program=target.kind is Kind.PROGRAM,
        payload=payload,
        expected=expected,
        points=points,
        compare=compare,
        tolerance=tolerance,
        script=target.kind is Kind.CLASS,
        hint=hint.strip(),
    )


def _payload(raw: dict, target: Contract, label: str) -> str:
    """What the probe is given, as JSON text: a class's script, a function's args or a program's stdin."""
    if target.kind is Kind.CLASS:
        return _script(raw, target, label)
    if target.kind is Kind.FUNCTION:
        if not isinstance(raw.get("args"), list) or "stdin" in raw:
            raise ExerciseError(f'{label}: a function check needs "args" (a list) and no "stdin"')
        return json.dumps(raw["args"])
    if not isinstance(raw.get("stdin"), str) or "args" in raw:
        raise ExerciseError(f'{label}: a program check needs "stdin" (a string) and no "args"')
    return json.dumps(raw["stdin"])


def _expected(raw: dict, target: Contract, label: str) -> tuple[object, ...]:
    """The right answers ("expect" or "expect_any"), each read with the contract's type."""
    if ("expect" in raw) == ("expect_any" in raw):
        raise ExerciseError(f'{label}: give exactly one of "expect" and "expect_any"')
    answers = [raw["expect"]] if "expect" in raw else raw["expect_any"]
    if not isinstance(answers, list) or not answers:
        raise ExerciseError(f'{label}: "expect_any" must be a non-empty list')
    try:
        return tuple(from_plain(answer, target.returns, "expected answer") for answer in answers)
    except ValueError as error:
        raise ExerciseError(f"{label}: {error} (the contract says {target.returns})") from None


def _compare(raw: dict, target: Contract, label: str) -> Compare:
    """How an answer is compared: exactly, or line by line (a program's default)."""
    default = Compare.LINES if target.kind is Kind.PROGRAM else Compare.EXACT
    try:
        compare = Compare(raw.get("compare", default.value))
    except ValueError:
        raise ExerciseError(f'{label}: compare must be "exact" or "lines"') from None
    if compare is Compare.LINES and target.returns != AnswerType("str"):
        raise ExerciseError(f'{label}: compare "lines" needs a str answer')
    return compare


def _numbers(raw: dict, label: str) -> tuple[float, float]:
    """The check's points (positive) and tolerance (zero or more)."""
    points = raw.get("points", 1)
    tolerance = raw.get("tolerance", 0)
    if type(points) not in (int, float) or points <= 0:
        raise ExerciseError(f"{label}: points must be a positive number")
    if type(tolerance) not in (int, float) or tolerance < 0:
        raise ExerciseError(f"{label}: tolerance must be a number >= 0")
    return points, float(tolerance)
