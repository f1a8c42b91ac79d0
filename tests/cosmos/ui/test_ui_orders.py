"""Orders that say what they do: routes and arrival, part of a fleet, research queues, prices with
bonuses, shortages by resource, the winner first, one fleet number, help on resources."""
from __future__ import annotations

import re

import pytest

from cosmos.data import ECONOMY_TARGET
from cosmos.game import parse_line, replay
from cosmos.save import SaveGame
from cosmos.tech import tech_id
from cosmos.text import LANGS, Texts
from cosmos.turn import state_text
from cosmos.ui.panels import end_body
from cosmos.ui.session import Session
from cosmos.victory import Victory, ranking


def flat(frame: str) -> str:
    """A frame's text with its line breaks as spaces."""
    return " ".join(frame.split())


def test_go_shows_the_route_and_the_turn_of_arrival() -> None:
    session = Session(seed=2026)
    assert ("Ordered: 3I 2B 2F from system 1 Elara to system 3 Canopus, route 1→2→3, there on turn 3."
            in flat(session.send("go 1 3")))
    session.send("end")
    session.send("end")
    assert session.world.turn == 3 and any(f.owner == 0 and f.system == 2 for f in session.world.fleets)


def test_go_can_send_part_of_a_fleet_and_leave_a_garrison_and_the_save_replays_it() -> None:
    session = Session(seed=2026)
    assert "Ordered: 1I 1F from system 1 Elara to system 2 Cygna, route 1→2" in flat(session.send("go 1 2 1I 1F"))
    fleets = flat(session.send("fleets"))
    assert "Fleet 1 in system 1 Elara: 2I 2B 1F" in fleets and "1I 1F, heading to 2 Cygna" in fleets
    session.send("end")
    mine = {f.system: f.ships for f in session.world.fleets if f.owner == 0}
    assert mine[1] == [1, 0, 1, 0] and mine[0][:2] == [2, 2]  # the garrison stayed at home
    assert session.log[0] == "go 1 2 1I 1F" and parse_line("go 1 2 1I 1F").to_text() == "go 1 2 1I 1F"
    assert state_text(replay(SaveGame(2026, tuple(session.log)))) == state_text(session.world)


@pytest.mark.parametrize("lang", LANGS)
def test_go_with_more_ships_than_are_there_is_refused_in_the_players_language(lang: str) -> None:
    session = Session(seed=2026, lang=lang)
    texts = Texts(lang)
    frame = flat(session.send("go 1 2 9I"))
    assert flat(texts("err_too_few_ships", system="1 Elara", ships="3I 2B 2F")) in frame
    assert session.log == []
    assert flat(texts("parse_usage", usage="go A B [2I 1F ...]")) in flat(session.send("go 1 2 2X"))


def test_research_can_be_queued_and_each_follows_the_last() -> None:
    session = Session(seed=2026)
    gas, ion = tech_id("gas_siphons") + 1, tech_id("ion_engines") + 1
    assert "Researching Gas siphons, then Ion engines." in flat(session.send(f"r {gas} {ion}"))
    assert "Then: Ion engines" in flat(session.send("tech"))
    empire = session.world.empires[0]
    while tech_id("ion_engines") not in empire.techs:
        session.send("end")
    assert empire.techs == [tech_id("gas_siphons"), tech_id("ion_engines")] and empire.research == -1
    assert state_text(replay(SaveGame(2026, tuple(session.log)))) == state_text(session.world)


@pytest.mark.parametrize(("line", "english"), [
    ("r 5 2", "Ion engines needs Gas siphons first."),
    ("r 2 2", "Gas siphons is named twice."),
    ("r 2 99", "The technology must be from 1 to 13."),
])
def test_a_research_queue_that_cannot_be_followed_is_refused(line: str, english: str) -> None:
    session = Session(seed=2026)
    assert english in flat(session.send(line)) and session.log == []


def test_queue_shows_ships_with_the_researched_bonuses() -> None:
    for lang, hp in (("en", "12.5"), ("es", "12,5")):
        session = Session(seed=2026, lang=lang)
        texts = Texts(lang)
        plain = flat(session.send("queue"))
        assert flat(texts("price_ship", turns=1, attack=3, hp=10)) in plain
        session.world.empires[0].techs = [tech_id("plasma_cannons"), tech_id("reinforced_hulls")]
        better = flat(session.send("queue"))
        assert flat(texts("price_ship", turns=1, attack=4, hp=10)) in better  # I: +1 attack, 8 hp +25%
        assert flat(texts("price_ship", turns=1, attack=3, hp=hp)) in better  # B: 10 hp +25%


def test_final_scores_list_the_winner_first() -> None:
    session = Session(seed=2026)
    world = session.world
    loser_first = ranking(world, [e.id for e in world.empires])
    winner = loser_first[-1]  # the lowest score wins (by science, say): it is still listed first
    world.victory = Victory("science", winner, 1)
    body = [line if isinstance(line, str) else line[0] for line in end_body(world, Texts("en"))]
    rows = [line for line in body if re.match(r"  [A-D] ", line)]
    assert rows[0].startswith(f"  {world.empires[winner].letter} ")
    assert [row[2] for row in rows[1:]] == [world.empires[e].letter for e in loser_first if e != winner]


def test_the_news_name_an_arrived_fleet_with_the_number_the_fleets_screen_shows() -> None:
    session = Session(seed=2026)
    session.world.events_enabled = False
    session.send("go 1 2")
    session.send("ship I 1 1")
    session.send("end")  # the first fleet is in Cygna, a new one (a higher number) at home
    session.send("go 1 2")
    news = flat(session.send("end"))  # the new one arrives and joins the first
    [arrived] = re.findall(r"Fleet (\d+) of Terran Empire arrived in system 2 Cygna", news)
    assert arrived == "1" and "Fleet 1 in system 2 Cygna: 4I 2B 2F" in flat(session.send("fleets"))


@pytest.mark.parametrize("lang", LANGS)
def test_help_explains_the_resources_and_that_the_economy_target_sums_all_four(lang: str) -> None:
    frame = flat(Session(seed=2026, lang=lang).send("help"))
    assert flat(Texts(lang)("help_resources", target=ECONOMY_TARGET)) in frame
    for letter in ("M ", "G ", "C ", "U "):
        assert letter in Texts(lang)("help_resources", target=ECONOMY_TARGET)
