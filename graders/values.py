"""Answer types and values: parse `tuple[int, bool]`, decode tagged JSON, compare exact types."""

from __future__ import annotations

import math
from dataclasses import dataclass

# The leaf types a contract may name, and the Python type each one means.
LEAVES: dict[str, type] = {"int": int, "bool": bool, "str": str, "float": float, "None": type(None)}
CONTAINERS = ("list", "tuple", "dict")
MAX_DEPTH = 32  # nesting of an answer, decoded or typed
MAX_NODES = 200_000  # values inside one answer
MAX_INT_DIGITS = 1000  # an int with more digits is not an answer, it is an attack


class TypeSyntaxError(ValueError):
    """A `returns` string that does not follow the grammar of FORMAT.md."""


class BadAnswer(ValueError):
    """Tagged JSON from the sandbox that is not a well-formed answer."""


@dataclass(frozen=True)
class AnswerType:
    """A parsed type: a leaf (`int`) or a container with its item types (`tuple[int, bool]`)."""

    name: str
    items: tuple[AnswerType, ...] = ()

    def __str__(self) -> str:
        if not self.items:
            return self.name
        return f"{self.name}[{', '.join(str(item) for item in self.items)}]"


def parse_type(text: str) -> AnswerType:
    """Parse a type such as `tuple[int, list[int], bool]`; raise TypeSyntaxError if malformed."""
    tokens = _tokens(text)
    answer_type, at = _parse(tokens, 0, text, 0)
    if at != len(tokens):
        raise TypeSyntaxError(f"unexpected {tokens[at]!r} in type {text!r}")
    return answer_type


def _tokens(text: str) -> list[str]:
    """Split a type string into names and the characters [ ] ,"""
    tokens: list[str] = []
    word = ""
    for char in text:
        if char.isalnum() or char == "_":
            word += char
            continue
        if word:
            tokens.append(word)
            word = ""
        if char in "[],":
            tokens.append(char)
        elif not char.isspace():
            raise TypeSyntaxError(f"unexpected character {char!r} in type {text!r}")
    if word:
        tokens.append(word)
    return tokens


def _parse(tokens: list[str], at: int, text: str, depth: int) -> tuple[AnswerType, int]:
    """Parse one type starting at tokens[at]; return it and the index after it."""
    if depth > MAX_DEPTH:
        raise TypeSyntaxError(f"type {text!r} is nested too deeply")
    if at >= len(tokens):
        raise TypeSyntaxError(f"type {text!r} ends too early")
    name = tokens[at]
    if name in LEAVES:
        return AnswerType(name), at + 1
    if name not in CONTAINERS:
        raise TypeSyntaxError(
            f"unknown type {name!r} in {text!r} (use {', '.join([*LEAVES, *CONTAINERS])})"
        )
    if at + 1 >= len(tokens) or tokens[at + 1] != "[":
        raise TypeSyntaxError(
            f"{name} needs its item types in brackets, e.g. {name}[int], in {text!r}"
        )
    items: list[AnswerType] = []
    at += 2
    while True:
        item, at = _parse(tokens, at, text, depth + 1)
        items.append(item)
        if at < len(tokens) and tokens[at] == ",":
            at += 1
            continue
        if at < len(tokens) and tokens[at] == "]":
            at += 1
            break
        raise TypeSyntaxError(f"expected ',' or ']' in type {text!r}")
    if name == "list" and len(items) != 1:
        raise TypeSyntaxError(f"list takes one item type, in type {text!r}")
    if name == "dict" and (len(items) != 2 or items[0] != AnswerType("str")):
        raise TypeSyntaxError(f"dict must be dict[str, T], in type {text!r}")
    return AnswerType(name, tuple(items)), at


def from_plain(value: object, answer_type: AnswerType, where: str = "value") -> object:
    """Read a plain JSON value (from a checks file) as a Python value of the declared type."""
    name = answer_type.name
    if name == "float" and type(value) is int:
        return float(value)
    if name in LEAVES:
        if type(value) is not LEAVES[name]:
            raise ValueError(f"{where}: {value!r} is not {name}")
        return value
    if name == "dict":
        if type(value) is not dict:
            raise ValueError(f"{where}: {value!r} is not an object for {answer_type}")
        return {
            key: from_plain(item, answer_type.items[1], f"{where}[{key!r}]")
            for key, item in value.items()
        }
    if type(value) is not list:
        raise ValueError(f"{where}: {value!r} is not a list for {answer_type}")
    if name == "list":
        return [
            from_plain(item, answer_type.items[0], f"{where}[{i}]") for i, item in enumerate(value)
        ]
    if len(value) != len(answer_type.items):
        raise ValueError(
            f"{where}: {answer_type} needs {len(answer_type.items)} items, not {len(value)}"
        )
    return tuple(
        from_plain(item, item_type, f"{where}[{i}]")
        for i, (item, item_type) in enumerate(zip(value, answer_type.items, strict=True))
    )


def decode(tagged: object) -> object:
    """Turn tagged JSON from the sandbox into a Python value; `Foreign` for ["other", name]."""
    budget = [MAX_NODES]
    return _decode(tagged, 0, budget)


@dataclass(frozen=True)
class Foreign:
    """An answer that was not a plain value: only its type's name survives the sandbox."""

    type_name: str


def _decode(tagged: object, depth: int, budget: list[int]) -> object:
    """Decode one tagged node, counting nodes and depth."""
    budget[0] -= 1
    if budget[0] < 0 or depth > MAX_DEPTH:
        raise BadAnswer("the answer is too large or too deeply nested")
    if type(tagged) is not list or not tagged or type(tagged[0]) is not str:
        raise BadAnswer("malformed answer")
    tag, rest = tagged[0], tagged[1:]
    if tag == "None" and not rest:
        return None
    if len(rest) != 1:
        raise BadAnswer(f"malformed {tag!r} answer")
    body = rest[0]
    if tag in ("list", "tuple", "dict"):
        return _decode_container(tag, body, depth, budget)
    return _decode_leaf(tag, body)


def _decode_leaf(tag: str, body: object) -> object:
    """Decode an int, bool, str, float or foreign object's node."""
    if tag in ("int", "bool", "str") and type(body) is LEAVES[tag]:
        if isinstance(body, int) and tag == "int" and len(str(abs(body))) > MAX_INT_DIGITS:
            raise BadAnswer("an integer with too many digits")
        return body
    if tag == "float" and type(body) is str:
        try:
            return float(body)
        except ValueError:
            raise BadAnswer("malformed float") from None
    if tag == "other" and type(body) is str:
        return Foreign("".join(c if c.isprintable() else "?" for c in body[:80]))
    raise BadAnswer(f"malformed {tag!r} answer")


def _decode_container(tag: str, body: object, depth: int, budget: list[int]) -> object:
    """Decode a list, tuple or dict node, its items one level deeper."""
    if type(body) is not list:
        raise BadAnswer(f"malformed {tag!r} answer")
    if tag != "dict":
        items = [_decode(item, depth + 1, budget) for item in body]
        return items if tag == "list" else tuple(items)
    result: dict[str, object] = {}
    for pair in body:
        if type(pair) is not list or len(pair) != 2 or type(pair[0]) is not str:
            raise BadAnswer("malformed dict answer")
        result[pair[0]] = _decode(pair[1], depth + 1, budget)
    return result


def type_problem(value: object, answer_type: AnswerType) -> str | None:
    """Why value is not exactly of answer_type (a short phrase), or None if it is."""
    name = answer_type.name
    if isinstance(value, Foreign):
        return f"an object of type {value.type_name}"
    if name in LEAVES:
        return (
            None
            if type(value) is LEAVES[name]
            else f"{article(type_name(value))} {type_name(value)}"
        )
    if name == "dict":
        if type(value) is not dict:
            return f"{article(type_name(value))} {type_name(value)}"
        problems = (type_problem(item, answer_type.items[1]) for item in value.values())
        return next((f"a dict holding {p}" for p in problems if p), None)
    wanted = list if name == "list" else tuple
    if type(value) is not wanted:
        return f"{article(type_name(value))} {type_name(value)}"
    assert isinstance(value, list | tuple)
    if name == "tuple" and len(value) != len(answer_type.items):
        return f"a tuple of {len(value)} items"
    item_types = answer_type.items if name == "tuple" else [answer_type.items[0]] * len(value)
    problems = (
        type_problem(item, item_type) for item, item_type in zip(value, item_types, strict=True)
    )
    return next((f"a {name} holding {p}" for p in problems if p), None)


def article(word: str) -> str:
    """ "a" or "an", as English puts it before word."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def type_name(value: object) -> str:
    """The name a student knows for the type of a decoded value."""
    if isinstance(value, Foreign):
        return value.type_name
    return "None" if value is None else type(value).__name__


def same(a: object, b: object, tolerance: float = 0.0) -> bool:
    """Equal with exact types all the way down (True is not 1, a list is not a tuple)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        assert isinstance(b, float)
        if math.isnan(a) or math.isnan(b):
            return math.isnan(a) and math.isnan(b)
        return a == b or abs(a - b) <= tolerance
    if isinstance(a, list | tuple):
        assert isinstance(b, list | tuple)
        return len(a) == len(b) and all(same(x, y, tolerance) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        assert isinstance(b, dict)
        return a.keys() == b.keys() and all(same(a[k], b[k], tolerance) for k in a)
    return a == b


def same_lines(a: str, b: str) -> bool:
    """Equal text, ignoring each line's trailing spaces and trailing empty lines."""
    return _lines(a) == _lines(b)


def _lines(text: str) -> list[str]:
    """The text's lines without trailing spaces, trailing empty lines dropped."""
    lines = [line.rstrip() for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def show(value: object, limit: int = 300) -> str:
    """A short Python-like rendering of a decoded value for messages."""
    text = f"<{value.type_name} object>" if isinstance(value, Foreign) else repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
