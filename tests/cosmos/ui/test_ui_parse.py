"""Reading typed lines: verbs, arguments, and a precise parse error for everything else."""
from __future__ import annotations

import pytest

from cosmos.ui.commands import MAX_LINE, Limits, Parsed, ParseError, Verb, parse

LIMITS = Limits(systems=16, planets=30, techs=13, letters="ACDB")


@pytest.mark.parametrize(("line", "expected"), [
    ("", Parsed(Verb.MAP)),
    ("   ", Parsed(Verb.MAP)),
    ("map", Parsed(Verb.MAP)),
    ("MAP", Parsed(Verb.MAP)),
    ("sys 1", Parsed(Verb.SYS, (1,))),
    ("  sys\t16  ", Parsed(Verb.SYS, (16,))),
    ("col 30", Parsed(Verb.COL, (30,))),
    ("b mine 2", Parsed(Verb.BUILD, ("mine", 2))),
    ("B FORT 2", Parsed(Verb.BUILD, ("fort", 2))),
    ("r 13", Parsed(Verb.RESEARCH, (13,))),
    ("ship i 5 1", Parsed(Verb.SHIP, ("I", 5, 1))),
    ("go 1 2", Parsed(Verb.GO, (1, 2))),
    ("end", Parsed(Verb.END)),
    ("wait 10", Parsed(Verb.WAIT, (10,))),
    ("save 3", Parsed(Verb.SAVE, (3,))),
    ("load 1", Parsed(Verb.LOAD, (1,))),
    ("peace c", Parsed(Verb.PEACE, ("C",))),
    ("war B", Parsed(Verb.WAR, ("B",))),
    ("accept d", Parsed(Verb.ACCEPT, ("D",))),
    ("reject C", Parsed(Verb.REJECT, ("C",))),
    ("decline B", Parsed(Verb.REJECT, ("B",))),
    ("peace 2", Parsed(Verb.PEACE, ("C",))),  # the second empire of the legend
    ("quit", Parsed(Verb.QUIT)),
    ("?", Parsed(Verb.HELP)),
    ("sys 007", Parsed(Verb.SYS, (7,))),
    ("sys 1\r\n", Parsed(Verb.SYS, (1,))),
])
def test_good_lines_are_read(line: str, expected: Parsed) -> None:
    assert parse(line, LIMITS) == expected


@pytest.mark.parametrize(("line", "key"), [
    ("jump 3", "parse_unknown"),
    ("sys", "parse_usage"),
    ("sys 1 2", "parse_usage"),
    ("go 1", "parse_usage"),
    ("b mine", "parse_usage"),
    ("b castle 2", "parse_usage"),
    ("ship X 1 1", "parse_usage"),
    ("sys one", "parse_not_number"),
    ("sys 1.5", "parse_not_number"),
    ("sys ３", "parse_not_number"),  # a full-width digit is not a number here
    ("sys 0", "parse_range"),
    ("sys 17", "parse_range"),
    ("sys -1", "parse_range"),
    ("sys 99999999999", "parse_range"),
    ("ship I 0 1", "parse_range"),
    ("ship I 100 1", "parse_range"),
    ("save 4", "parse_range"),
    ("wait 0", "parse_range"),
    ("accept 5", "parse_empire"),
    ("peace 0", "parse_empire"),
    ("peace E", "parse_empire"),
    ("war AB", "parse_empire"),
    ("sys\x001", "parse_bad_chars"),
    ("map\x1b[2J", "parse_bad_chars"),
    ("sys\u00a01", "parse_bad_chars"),
    ("x" * (MAX_LINE + 1), "parse_too_long"),
    ("карта", "parse_unknown"),
])
def test_bad_lines_give_the_right_error(line: str, key: str) -> None:
    result = parse(line, LIMITS)
    assert isinstance(result, ParseError)
    assert result.key == key


def test_an_unknown_word_is_echoed_cut_short() -> None:
    result = parse("w" * 100, LIMITS)
    assert isinstance(result, ParseError)
    word = dict(result.args)["word"]
    assert isinstance(word, str) and len(word) <= 24 and word.endswith("...")


def test_canonical_text_is_what_a_save_stores() -> None:
    parsed = parse("  SHIP f 3   2 ", LIMITS)
    assert isinstance(parsed, Parsed)
    assert parsed.text() == "ship F 3 2"
