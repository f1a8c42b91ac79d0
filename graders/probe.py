"""Call one contract name on one check's input and encode the answer as tagged JSON (stdlib only).

This file runs inside the student's kernel (the sandbox's runner sends its source) and in
`check_here`. It never sees an expected value; whatever it returns is only data that the
grader checks outside.
"""

from __future__ import annotations

import builtins
import contextlib
import io
import json
import sys
from collections.abc import Callable

MIME = "application/x-epic-cosmos-answer+json"  # answers once came as display data: now ignored
MAX_ANSWER_CHARS = 1_000_000
MAX_NODES = 200_000
MAX_DEPTH = 32


class CheckTimeout(BaseException):
    """A check ran out of time (a BaseException: `except Exception` in a submission misses it)."""


class _TooLarge(Exception):
    """The answer has more values or nesting than the grader reads."""


class _LogFull(BaseException):
    """A class check's log is longer than the grader reads (a BaseException: no `except` swallows it)."""


def encode(value: object) -> object:
    """Tagged JSON for a value: ["int", 3], ["tuple", [...]], ...; ["other", name] for the rest."""
    return _encode(value, 0, [MAX_NODES])


def _encode(value: object, depth: int, budget: list[int]) -> object:
    """Encode one node; exact types only, so subclasses and look-alikes become "other"."""
    budget[0] -= 1
    if budget[0] < 0 or depth > MAX_DEPTH:
        raise _TooLarge
    kind = type(value)
    if value is None:
        return ["None"]
    if kind is bool:
        return ["bool", value]
    if kind is int:
        return ["int", value]
    if kind is str:
        return ["str", value]
    if kind is float:
        return ["float", repr(value)]
    if type(value) is list or type(value) is tuple:
        return [kind.__name__, [_encode(item, depth + 1, budget) for item in value]]
    if type(value) is dict:
        pairs = []
        for key, item in value.items():
            if type(key) is not str:
                return ["other", "dict with a non-str key"]
            pairs.append([key, _encode(item, depth + 1, budget)])
        return ["dict", pairs]
    return ["other", _type_name(kind)]


def _stdin_input(prompt: object = "") -> str:
    """`input()` for a program check: the prompt goes to stdout, the line comes from sys.stdin."""
    if prompt:
        sys.stdout.write(str(prompt))
    line = sys.stdin.readline()
    if not line:
        raise EOFError("EOF when reading a line")
    return line[:-1] if line.endswith("\n") else line


def _plain(value: object, depth: int = 0) -> object:
    """A value as plain JSON for a script's log: exact built-in types only, anything else by its type."""
    kind = type(value)
    if depth > MAX_DEPTH:
        raise _LogFull
    if value is None or kind in (bool, int, str, float):
        return value
    if type(value) is list or type(value) is tuple:
        return [_plain(item, depth + 1) for item in value]
    if type(value) is dict and all(type(key) is str for key in value):
        return {key: _plain(item, depth + 1) for key, item in value.items()}
    return f"<{getattr(kind, '__name__', '?')[:80]}>"


def _shown(values: tuple | list) -> str:
    """Values for a log line, each as JSON, separated by spaces."""
    return " ".join(json.dumps(_plain(value)) for value in values)


def run_script(target: Callable[..., object], payload: dict) -> list[str]:
    """A class check: make one instance, play the script's steps on it, return the log as lines.

    A step [method, args] logs "method raised Error" or, if it returns something, "method -> value".
    {"listener": tag} in args becomes a listener that logs "tag heard args"; with "calls": [method,
    args] it then calls that method on the same instance (and logs if that raised, then re-raises).
    """
    log: list[str] = []
    instance = target(*payload["args"])

    def listener(spec: dict) -> object:
        tag, then = spec["listener"], spec.get("calls")

        def heard(*args: object) -> None:
            if len(log) > MAX_NODES:
                raise _LogFull
            log.append(f"{tag} heard {_shown(args)}")
            if then is not None:
                try:
                    getattr(instance, then[0])(*arguments(then[1]))
                except Exception as error:
                    log.append(f"{tag}: {then[0]} raised {type(error).__name__[:80]}")
                    raise

        return heard

    def arguments(args: list) -> list:
        return [listener(a) if type(a) is dict and "listener" in a else a for a in args]

    for method, args in payload["script"]:
        try:
            result = getattr(instance, method)(*arguments(args))
        except Exception as error:
            log.append(f"{method} raised {type(error).__name__[:80]}")
            continue
        if result is not None:
            log.append(f"{method} -> {_shown([result])}")
    return log


def call(namespace: dict, kind: str, name: str, payload: str) -> object:
    """Call namespace[name]: a function with args decoded from payload, a program on stdin, a class's script."""
    target = namespace[name]
    if kind == "function":
        return target(*json.loads(payload))
    if kind == "class":
        return run_script(target, json.loads(payload))
    out = io.StringIO()
    saved = sys.stdin, builtins.input
    # IPython's exit() would shut the kernel down; in a program it just ends the program.
    exits = {name: namespace[name] for name in ("exit", "quit") if name in namespace}
    sys.stdin, builtins.input = io.StringIO(json.loads(payload)), _stdin_input
    namespace.update(exit=sys.exit, quit=sys.exit)
    try:
        with contextlib.redirect_stdout(out):
            try:
                target()
            except SystemExit as stop:
                if stop.code not in (None, 0):
                    raise
    finally:
        sys.stdin, builtins.input = saved
        for name in ("exit", "quit"):
            namespace.pop(name, None)
        namespace.update(exits)
    return out.getvalue()


def run_check(namespace: dict, kind: str, name: str, payload: str) -> dict:
    """Run one check and describe what happened: {"status": "ok", "value": tagged} or why not."""
    if name not in namespace:
        return {"status": "missing"}
    if not callable(namespace[name]):
        return {"status": "not callable", "type": _type_name(type(namespace[name]))}
    try:
        value = call(namespace, kind, name, payload)
    except (_TooLarge, _LogFull):
        return {"status": "too large"}
    except (Exception, SystemExit) as error:
        return {"status": "raised", "error": _type_name(type(error)), "message": _message(error)}
    try:
        return {"status": "ok", "value": encode(value)}
    except _TooLarge:
        return {"status": "too large"}
    except RecursionError:
        return {"status": "too large"}


def _type_name(kind: type) -> str:
    """A type's name, cut short; "?" when a hostile metaclass makes it anything but a string."""
    try:
        name = kind.__name__
    except BaseException:
        return "?"
    return name[:80] if type(name) is str else "?"


def _message(error: BaseException) -> str:
    """The exception's message, cut short; never lets a hostile __str__ escape."""
    try:
        text = str(error)
    except BaseException:  # a submission's __str__ may raise anything
        return ""
    return text[:300] if type(text) is str else ""


def _alarm(signum: int, frame: object) -> None:
    """SIGALRM: the current check is out of time."""
    raise CheckTimeout


def timed_check(namespace: dict, kind: str, name: str, payload: str, seconds: float) -> dict:
    """run_check with its own time limit (SIGALRM): {"status": "timeout"} when it runs out."""
    import signal

    previous = signal.signal(signal.SIGALRM, _alarm)
    result = {"status": "timeout"}
    try:
        signal.setitimer(signal.ITIMER_REAL, seconds)
        result = run_check(namespace, kind, name, payload)
        signal.setitimer(signal.ITIMER_REAL, 0)
    except CheckTimeout:
        pass
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    return result


def answer_text(number: int, result: dict) -> str:
    """A check's result as the JSON text the runner reads, with its id (capped in size)."""
    text = json.dumps({**result, "id": number})
    return text if len(text) <= MAX_ANSWER_CHARS else json.dumps({"status": "too large", "id": number})


def serve(namespace: dict) -> None:
    """Run checks as the runner sends them, one at a time, through the kernel's stdin channel.

    Each request (an input_request whose prompt is the answer to the check before) gets the next
    check as its reply: [number, kind, name, payload, seconds], or null when there is none. While a
    check runs, the notebook's own input() is refused as in any graded cell.
    """
    from IPython import get_ipython

    kernel = get_ipython().kernel
    answer = ""
    while True:
        kernel._allow_stdin = True
        request = json.loads(kernel.raw_input(answer))
        kernel._allow_stdin = False
        if request is None:
            return
        number, kind, name, payload, seconds = request
        answer = answer_text(number, timed_check(namespace, kind, name, payload, seconds))
