"""The battle forecast: the engine's own fight on a copy, the same losses as the battle it foretells."""
from __future__ import annotations

import copy

import pytest

from cosmos.battle import fight
from cosmos.fleets import make_peace
from cosmos.text import LANGS
from cosmos.ui.session import Session
from cosmos.ui.threats import forecast
from tests.cosmos.rules_world import rules_world

ACHERNAR = 3  # system 4 of seed 2026: Vega's capital, with its fleet and its fortress


def test_the_forecast_is_the_battle_the_rules_then_fight_and_it_changes_nothing() -> None:
    world = rules_world()
    world.fleets[3].ships = [3, 2, 3, 0]
    before = copy.deepcopy(world.fleets)
    foretold = forecast(world, world.fleets[0], ACHERNAR)
    assert world.fleets == before
    assert foretold is not None and foretold.outcome == "loss" and foretold.rounds == 3
    world.fleets[0].system = ACHERNAR
    report = fight(world, ACHERNAR)
    assert report is not None
    assert foretold.lost == report.lost[0] == (3, 2, 2, 0)
    assert foretold.enemy_lost == report.lost[1] == (2, 1, 1, 0)


def test_a_stronger_fleet_wins_in_the_round_the_last_enemy_ship_dies() -> None:
    world = rules_world()
    world.fleets[0].ships = [0, 0, 0, 6]
    foretold = forecast(world, world.fleets[0], ACHERNAR)
    assert foretold is not None and foretold.outcome == "win"
    world.fleets[0].system = ACHERNAR
    rounds: list[list[int]] = []
    fight(world, ACHERNAR, lambda what, d: rounds.append(d["ships"]) if what == "losses" and d["side"] == 1 else None)
    first_empty = next(n for n, ships in enumerate(rounds, start=1) if sum(ships) == 0)
    assert foretold.rounds == first_empty < 3


def test_a_fortress_alone_fires_every_round_and_no_peace_means_no_forecast() -> None:
    world = rules_world()
    world.fleets[3].system = 0  # Vega's fleet away: only its fortress is left at home
    foretold = forecast(world, world.fleets[0], ACHERNAR)
    assert foretold is not None and foretold.outcome == "fort" and foretold.rounds == 3
    trial = copy.deepcopy(world)
    trial.fleets[0].system = ACHERNAR
    report = fight(trial, ACHERNAR)
    assert report is not None and report.forts[1] > 0
    assert foretold.enemy_lost == (0, 0, 0, 0) and foretold.lost == report.lost[0]
    make_peace(world, 0, 3)
    assert forecast(world, world.fleets[0], ACHERNAR) is None
    assert forecast(world, world.fleets[0], 1) is None  # an empty system: no battle


FORECASTS = {
    "en": "If both sides stay as they are: nobody wins in 3 rounds; you lose 3I 2B 1F, the enemy loses 3I 1B 1F.",
    "de": ("Wenn beide Seiten bleiben, wie sie sind: Nach 3 Schusswechseln siegt niemand; du verlierst 3I 2B 1F, "
           "der Feind 3I 1B 1F."),
    "es": ("Si ambos bandos siguen como están: nadie gana tras 3 andanadas; pierdes 3I 2B 1F y el enemigo, "
           "3I 1B 1F."),
    "bg": ("Ако двете страни останат както са: след 3 залпа никой не печели; губиш 3I 2B 1F, а врагът губи "
           "3I 1B 1F."),
}


@pytest.mark.parametrize("lang", LANGS)
def test_go_toward_an_enemy_shows_the_forecast_and_go_elsewhere_does_not(lang: str) -> None:
    session = Session(seed=2026, lang=lang)
    assert FORECASTS[lang] in " ".join(session.send("go 1 4").split())
    quiet = Session(seed=2026, lang=lang)
    assert FORECASTS[lang].split(":")[0] not in " ".join(quiet.send("go 1 2").split())


@pytest.mark.parametrize("lang", LANGS)
def test_every_outcome_reads_in_every_language_with_one_round_in_the_singular(lang: str) -> None:
    session = Session(seed=2026, lang=lang)
    session.world.fleets[0].ships = [0, 0, 0, 40]  # one round is enough
    text = " ".join(session.send("go 1 4").split())
    one = {"en": "in 1 round,", "de": "in 1 Schusswechsel ", "es": "en 1 andanada ", "bg": "за 1 залп "}
    assert one[lang] in text and ("nothing" in text) == (lang == "en")


RULES_TITLE = {"en": "Battle rules:", "de": "Kampfregeln:", "es": "Reglas de batalla:", "bg": "Правила на битката:"}


@pytest.mark.parametrize("lang", LANGS)
def test_help_battle_gives_the_rules_with_the_engines_numbers(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from cosmos.ui import screens
    page = " ".join(Session(seed=2026, lang=lang).send("help battle").split())
    assert RULES_TITLE[lang] in page and "200 %" in page and "50 %" in page and "150 %" in page
    assert "I 3/8, B 3/10, F 4/12, D 10/40" in page and " 4 " in page and "(20 " in page
    monkeypatch.setattr(screens, "BATTLE_ROUNDS", 1)  # the page reads the constant, and the word agrees
    monkeypatch.setattr(screens, "FORT_ATTACK", 7)
    page = " ".join(Session(seed=2026, lang=lang).send("help battle").split())
    one = {"en": "at most 1 round.", "de": "höchstens 1 Schusswechsel.", "es": "como mucho 1 andanada.",
           "bg": "най-много 1 залп."}
    assert one[lang] in page and " 7 " in page
    assert "help battle" in Session(seed=2026, lang=lang).send("help")
    assert "help [battle]" in Session(seed=2026, lang=lang).send("help war")
