"""The balance simulation: the same report on one core or many; every character and path can win."""
from __future__ import annotations

import pytest

from cosmos.data import PERSONALITIES
from cosmos.simulate import KINDS, Report, format_report, play_game, run_simulation, seed_of_game

PATHS = ("conquest", "science", "economy")  # the three ways to win before the time runs out


def test_the_report_does_not_depend_on_the_number_of_processes() -> None:
    one = run_simulation(6, jobs=1)
    two = run_simulation(6, jobs=2)
    assert one == two
    assert format_report(one) == format_report(two)
    assert one.games == 6


def test_a_game_is_the_same_whoever_plays_it() -> None:
    assert play_game(3) == play_game(3)
    result, characters = play_game(3)
    assert result.index == 3 and result.seed == seed_of_game(3)
    assert result.character == characters[result.winner]
    assert result.kind in KINDS


def test_the_report_adds_up() -> None:
    report = run_simulation(8, jobs=1)
    assert sum(report.wins_by_character.values()) == report.games == 8
    assert sum(report.wins_by_kind.values()) == 8
    assert report.shortest <= report.average_turns <= report.longest
    for name in PERSONALITIES:
        assert report.wins_by_character[name] <= report.games_with_character[name]
    text = format_report(report)
    assert text.endswith("\n")
    for word in (*(name.capitalize() for name in PERSONALITIES), *KINDS, "8"):
        assert word in text


def test_no_games_and_bad_numbers() -> None:
    assert run_simulation(0) == Report()
    assert "0 AI-only games" in format_report(Report())
    for bad in (-1, 2.5, "10", True):
        with pytest.raises(ValueError):
            run_simulation(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        run_simulation(3, jobs=0)


def test_over_200_games_every_character_wins_and_every_path_ends_some_game() -> None:
    report = run_simulation(200)
    print()
    print(format_report(report))  # the balance, for the designer: numbers printed, not asserted
    for name in PERSONALITIES:
        assert report.wins_by_character[name] > 0, name
    for kind in PATHS:
        assert report.wins_by_kind[kind] > 0, kind
