"""The turn-1 screens of seed 2026 equal the published ones byte for byte, in every language."""
from __future__ import annotations

import pytest

from cosmos.ui.session import Session
from tests.reference import screen as published

LANGS_PUBLISHED = ("en", "es", "bg")
# screen name -> the lines typed after the opening screen to reach it
HOW_TO_REACH = {"intro": [], "map": ["map"], "sys1": ["sys 1"]}


def reference(screen: str, lang: str) -> str:
    """A published screen of seed 2026, read from tests/reference."""
    return published(screen, lang)


@pytest.mark.parametrize("lang", LANGS_PUBLISHED)
@pytest.mark.parametrize("screen", sorted(HOW_TO_REACH))
def test_turn_one_screen_matches_the_published_one(screen: str, lang: str) -> None:
    session = Session(seed=2026, lang=lang)
    for line in HOW_TO_REACH[screen]:
        session.send(line)
    assert session.frame() == reference(screen, lang)


@pytest.mark.parametrize("lang", LANGS_PUBLISHED)
def test_empty_line_and_map_both_return_to_the_map(lang: str) -> None:
    session = Session(seed=2026, lang=lang)
    assert session.send("sys 1") == reference("sys1", lang)
    assert session.send("") == reference("map", lang)
    session.send("sys 1")
    assert session.send("  MAP  ") == reference("map", lang)


def test_german_screens_have_the_same_layout_as_the_published_ones() -> None:
    for screen, lines in HOW_TO_REACH.items():
        session = Session(seed=2026, lang="de")
        for line in lines:
            session.send(line)
        german = session.frame().split("\n")
        english = reference(screen, "en").split("\n")
        assert len(german[0]) == 64 and german[0].startswith("Zug 1/150  Terranisches Imperium (A)")
        if screen != "intro":  # the intro's wrapped text differs in length between languages
            assert len(german) == len(english)
        assert all(len(line) <= 64 for line in german)
        assert german[-2] != "" and german[-1] == ""
