"""Answer types, the probe's tagged encoding and exact comparison (no sandbox needed)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from graders.probe import encode, run_check
from graders.values import (
    AnswerType,
    BadAnswer,
    Foreign,
    TypeSyntaxError,
    decode,
    from_plain,
    parse_type,
    same,
    same_lines,
    type_problem,
)

plain = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5) | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: (
        st.lists(inner, max_size=4) | st.tuples(inner, inner) | st.dictionaries(st.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=20,
)


@given(plain)
def test_a_plain_value_survives_the_trip_out_of_the_sandbox_exactly(value: object) -> None:
    back = decode(json.loads(json.dumps(encode(value))))
    assert same(back, value)


def test_types_parse_and_print_back() -> None:
    for text in ("int", "tuple[int, int, bool]", "list[list[int]]", "dict[str, float]", "None"):
        assert str(parse_type(text)) == text


@pytest.mark.parametrize(
    "text",
    [
        "",
        "set[int]",
        "list[int, int]",
        "tuple[int",
        "dict[int, int]",
        "list",
        "int]",
        "tuple[int,, int]",
        "int; import os",
    ],
)
def test_malformed_types_are_refused_with_a_message(text: str) -> None:
    with pytest.raises(TypeSyntaxError, match="type"):
        parse_type(text)


def test_exact_types_tell_bool_from_int_and_list_from_tuple() -> None:
    triple = parse_type("tuple[int, int, bool]")
    assert type_problem((3, 3, False), triple) is None
    assert type_problem([3, 3, False], triple) == "a list"
    assert type_problem((3, 3, 0), triple) == "a tuple holding an int"
    assert type_problem((True, 3, False), triple) == "a tuple holding a bool"
    assert type_problem((3, 3), triple) == "a tuple of 2 items"
    assert type_problem(Foreign("AlwaysEqual"), triple) == "an object of type AlwaysEqual"
    assert not same(1, True) and not same(1, 1.0) and not same([1], (1,))
    assert same(0.1 + 0.2, 0.3, tolerance=1e-9) and not same(0.1 + 0.2, 0.3)


def test_look_alikes_leave_the_sandbox_as_other() -> None:
    class AlwaysEqual:
        def __eq__(self, other: object) -> bool:
            return True

    class Sneaky(int):
        def __eq__(self, other: object) -> bool:
            return True

    assert encode(AlwaysEqual()) == ["other", "AlwaysEqual"]
    assert encode((Sneaky(3), 1)) == ["tuple", [["other", "Sneaky"], ["int", 1]]]
    assert encode({1: 2}) == ["other", "dict with a non-str key"]
    assert decode(["other", "AlwaysEqual"]) == Foreign("AlwaysEqual")


@pytest.mark.parametrize(
    "tagged",
    [
        "int",
        ["int"],
        ["int", "3"],
        ["bool", 1],
        ["tuple", "abc"],
        ["dict", [["k"]]],
        ["float", "x"],
        ["int", int("9" * 1200)],
        ["what", 1],
        ["list", [["int", 1], ["nope"]]],
    ],
)
def test_malformed_answers_are_refused(tagged: object) -> None:
    with pytest.raises(BadAnswer):
        decode(tagged)


def test_deep_or_huge_answers_are_refused() -> None:
    deep: object = ["int", 1]
    for _ in range(100):
        deep = ["list", [deep]]
    with pytest.raises(BadAnswer, match="too large or too deeply nested"):
        decode(deep)
    with pytest.raises(BadAnswer):
        decode(["list", [["int", 1]] * 300_000])


def test_expected_values_are_read_with_their_declared_type() -> None:
    assert from_plain([3, 3, False], parse_type("tuple[int, int, bool]")) == (3, 3, False)
    assert type(from_plain(2, AnswerType("float"))) is float
    with pytest.raises(ValueError, match="is not bool"):
        from_plain([3, 3, 0], parse_type("tuple[int, int, bool]"))
    with pytest.raises(ValueError, match="needs 3 items"):
        from_plain([3, 3], parse_type("tuple[int, int, bool]"))


def test_program_output_compares_by_lines() -> None:
    assert same_lines("islands: 3  \nconnected: no\n\n", "islands: 3\nconnected: no")
    assert not same_lines("islands: 3\n", "islands:3\n")


def test_a_program_reads_its_input_and_its_output_is_captured() -> None:
    def main() -> None:
        n, m = map(int, input().split())
        print(f"{n + m}")
        print(input("prompt> "))

    result = run_check({"main": main}, "program", "main", json.dumps("2 3\nhello\n"))
    assert result == {"status": "ok", "value": ["str", "5\nprompt> hello\n"]}
    assert run_check({}, "program", "main", '""') == {"status": "missing"}
    assert run_check({"main": 3}, "program", "main", '""')["status"] == "not callable"
    raised = run_check({"main": main}, "program", "main", json.dumps("1 1\n"))
    assert raised["status"] == "raised" and raised["error"] == "EOFError"


def test_exit_in_a_program_ends_the_program_not_the_kernel() -> None:
    kernel_exit = object()
    namespace: dict = {"exit": kernel_exit}
    exec("def main():\n    print('bye')\n    exit()\n    print('never')\n", namespace)
    assert run_check(namespace, "program", "main", '""') == {"status": "ok", "value": ["str", "bye\n"]}
    assert namespace["exit"] is kernel_exit and "quit" not in namespace
