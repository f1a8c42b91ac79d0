"""Information at the point of decision: threats, victories in sight, unrest, sieges, every tech's effects."""
from __future__ import annotations

import pytest

from cosmos.data import ECONOMY_TARGET, SIEGE_TURNS, TECHS
from cosmos.fleets import make_peace
from cosmos.tech import tech_id
from cosmos.text import LANGS, Texts
from cosmos.ui.layout import WRAP_WIDTH, wrap
from cosmos.ui.panels import effects_text, threat_text
from cosmos.ui.render import empire_text
from cosmos.ui.session import Session
from cosmos.ui.threats import threats


def flat(frame: str) -> str:
    """A frame's text with its line breaks as spaces (so that wrapped sentences can be found)."""
    return " ".join(frame.split())


def rival_next_door(lang: str = "en") -> tuple[Session, int, int]:
    """Seed 2026 with the Lyra Union's first fleet moved next to the player's capital."""
    session = Session(seed=2026, lang=lang)
    world = session.world
    capital = world.empires[0].capital
    fleet = next(f for f in world.fleets if f.owner == 1)
    fleet.system = world.systems[capital].links[0]
    return session, capital, fleet.system


@pytest.mark.parametrize("lang", LANGS)
def test_an_enemy_fleet_next_to_a_system_of_yours_is_a_danger_in_the_news_and_fleets(lang: str) -> None:
    session, capital, _ = rival_next_door(lang)
    texts = Texts(lang)
    [threat] = threats(session.world, 0)
    assert (threat.system, threat.heading, threat.turn, threat.fort) == (capital, False, 2, 1)
    assert threat.theirs == threat.ours == 40  # the same starting fleets: 3I 2B 2F each
    news = flat(session.send("news"))
    assert texts("news_quiet") not in news
    assert flat(threat_text(session.world, texts, threat)) in news
    assert "3I 2B 2F" in news and f"{capital + 1} Elara" in news
    assert texts("fleets_threats") in session.send("fleets")


def test_a_fleet_heading_for_your_system_shows_in_sys_fleets_and_news_with_its_arrival() -> None:
    session, capital, start = rival_next_door()
    fleet = next(f for f in session.world.fleets if f.owner == 1)
    fleet.target = capital
    news = flat(session.send("news"))
    assert ("Danger: a fleet of Lyra Union (3I 2B 2F, strength 40) is heading for 1 Elara, there on turn 2; "
            "yours there: strength 40, fortress 1.") in news
    assert "On its way: fleet of Lyra Union: 3I 2B 2F, from 2 Cygna, there on turn 2" in flat(
        session.send(f"sys {capital + 1}"))
    assert "is heading for 1 Elara" in flat(session.send("fleets"))
    make_peace(session.world, 0, 1)
    assert threats(session.world, 0) == [] and "Danger" not in session.send("news")
    assert "A quiet turn: nothing to report." in session.send("news")


def test_after_a_turn_with_an_enemy_next_door_the_news_warn_even_when_nothing_else_happened() -> None:
    session, _, _ = rival_next_door()
    session.world.events_enabled = False
    for empire in session.world.empires[1:]:
        empire.human = True  # the rivals give no orders: nothing else happens this turn
    session.world.empires[0].human = True
    frame = flat(session.send("end"))
    assert ("News of turn 1 Danger: a fleet of Lyra Union (3I 2B 2F, strength 40) stands next to 1 Elara, "
            "there on turn 3 if it comes; yours there: strength 40, fortress 1.") in frame
    assert "A quiet turn" not in frame


@pytest.mark.parametrize("lang", LANGS)
def test_everyones_progress_to_each_victory_is_shown_and_a_rival_close_to_one_is_warned_of(lang: str) -> None:
    session = Session(seed=2026, lang=lang)
    texts = Texts(lang)
    emp = session.send("emp")
    assert emp.count(texts("emp_stargate", known=0, needed=4)) == len(session.world.empires)
    assert emp.count(texts("emp_economy", produced=0, target=ECONOMY_TARGET)) == len(session.world.empires)
    rival = session.world.empires[1]
    rival.produced = ECONOMY_TARGET * 3 // 4
    rival.techs = [tech_id(key) for key in TECHS[tech_id("stargate")].needs]
    economy = flat(texts("near_economy", empire=empire_text(session.world, texts, 1),
                         produced=ECONOMY_TARGET * 3 // 4, target=ECONOMY_TARGET))
    science = flat(texts("near_science", empire=empire_text(session.world, texts, 1)))
    for screen in ("news", "emp"):
        frame = flat(session.send(screen))
        assert economy in frame and science in frame
    news = session.send("news")
    assert texts("news_quiet") not in news
    assert flat(session.send("emp")).count(flat(texts("emp_stargate", known=4, needed=4))) == 1
    rival.produced -= 1
    rival.techs = rival.techs[:3]
    assert texts("news_quiet") in session.send("news")


@pytest.mark.parametrize("lang", LANGS)
def test_a_colony_at_risk_of_unrest_says_what_prevents_it(lang: str) -> None:
    session = Session(seed=2026, lang=lang)
    world, texts = session.world, Texts(lang)
    capital_system = world.systems[world.empires[0].capital]
    free = [p.id for p in world.planets if p.owner < 0 and p.system_id != capital_system.id][:3]
    for planet_id in free:
        world.planets[planet_id].owner = 0
    colony = world.planets[free[0]]
    warning = "    " + wrap(texts("sys_unrest"), WRAP_WIDTH - 4)[0]
    assert warning in session.send(f"sys {colony.system_id + 1}")
    colony.fort = 1
    if all(world.planets[p].fort for p in world.systems[colony.system_id].planets if world.planets[p].owner == 0):
        assert warning not in session.send(f"sys {colony.system_id + 1}")
    world.planets[free[1]].owner = world.planets[free[2]].owner = -1  # a small empire: no unrest
    colony.fort = 0
    assert warning not in session.send(f"sys {colony.system_id + 1}")


@pytest.mark.parametrize("lang", LANGS)
def test_a_siege_says_how_long_it_lasts_and_what_restores_the_walls(lang: str) -> None:
    session = Session(seed=2026, lang=lang)
    texts = Texts(lang)
    capital = session.world.empires[0].capital
    planet = session.world.planets[session.world.systems[capital].planets[0]]
    rule = flat(texts("sys_siege_rule", siege=SIEGE_TURNS))
    assert rule not in flat(session.send(f"sys {capital + 1}"))
    planet.siege = 1
    session.world.fort_left[planet.id] = 5
    assert rule in flat(session.send(f"sys {capital + 1}")) and str(SIEGE_TURNS) in rule


@pytest.mark.parametrize("lang", LANGS)
def test_tech_shows_the_effects_of_every_technology_known_or_locked(lang: str) -> None:
    session = Session(seed=2026, lang=lang)
    session.world.empires[0].techs = [0, 1]
    screen = flat(session.send("tech"))
    for tech in range(len(TECHS)):
        assert flat(effects_text(Texts(lang), tech)) in screen, TECHS[tech].key
