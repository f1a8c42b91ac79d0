"""Lesson 5 holds every part of the pattern, its outputs come from the engine, its claims hold.

CLAIMS checked here (each by the test named after it):
- the problem: 45 quiet turns (two pirate raids, two derelicts, rival battles from turn 17), then turn 46
- turn 46: eighteen events from six of the nine phases, counted per phase by a program
- the phases are data; swapping movement and battle delays the first battle from 17 to 18
- the economy: Lyra's income, one production phase, the score 20 (10 + 8 + 2), colony prices 40/60/80, a mine 40
- the envoy: on turn 1 the Builder and the Scholar ask everybody for peace, the Warlord says nothing; its table
- the event table: 66 of 1000 rolls; about ten rolls landing on an event in 150 turns
- one roll fewer: the derelict frigates go to empire 2, battles nine turns later, the fall on 52 not 48
- the statistics are those of the 48 turns the idle player lasts
- the diplomacy story; the bus refuses re-entry; two listeners from the first end_turn on
- find the bug: with <= only the meteor gains a roll and 'nothing' loses one
- eight questions, two of them on earlier lessons
- a meteor or unrest that finds a target draws a second number (one roll per empire, plus that draw)
"""
from __future__ import annotations

import inspect
import re
from typing import Any

import jupytext
import nbformat
import pytest

from cosmos import bus, data, diplomacy, economy, envoy, events, game, turn
from cosmos.ui.session import Session
from cosmos.world import new_world, owned_planets
from graders.quizzes import FindTheBug, MultipleChoice, PredictOutput
from tests.lessons.lesson_helpers import (
    LESSONS,
    code_cells,
    is_play_cell,
    markdown,
    run_cells,
    stdout_of,
)

NOTEBOOK = LESSONS / "05-turn-of-the-galaxy.ipynb"
SOURCE = LESSONS / "05-turn-of-the-galaxy.md"


@pytest.fixture(scope="module")
def nb() -> nbformat.NotebookNode:
    """Lesson 5 as stored, with its outputs."""
    return nbformat.read(NOTEBOOK, as_version=4)


@pytest.fixture(scope="module")
def ns(nb) -> dict[str, Any]:
    """The names lesson 5 defines, from running its code cells (all but the game's) in this process."""
    return run_cells(nb, "lesson5")


def cell_for(nb, reference: str):
    """The one code cell marked with this reference name."""
    cells = [c for c in code_cells(nb) if c.metadata.get("cosmos", {}).get("reference") == reference]
    assert len(cells) == 1, reference
    return cells[0]


def test_the_notebook_is_generated_from_its_myst_source(nb) -> None:
    text = jupytext.read(SOURCE)
    assert [c.source for c in text.cells] == [c.source for c in nb.cells]
    assert [c.cell_type for c in text.cells] == [c.cell_type for c in nb.cells]


PARTS = ["In short", "The problem", "Play", "The phases of a turn", "When two phases swap places",
         "What \"at the same time\" means here", "Random events", "Diplomacy: a small state machine",
         "The event bus", "The real code", "See it", "Predict the output", "Find the bug", "More precisely",
         "Exercise: the event bus", "More tasks", "Test yourself", "What we built"]


def test_every_part_is_there_in_order(nb) -> None:
    text = markdown(nb)
    places = [text.find(part) for part in PARTS]
    assert -1 not in places, [p for p, at in zip(PARTS, places, strict=True) if at < 0]
    assert places == sorted(places)


def test_the_problem_screen_is_a_real_session(nb) -> None:
    session = Session(seed=2026)
    session.send("wait 45")
    screen = session.send("end")
    first = code_cells(nb)[1]  # the first program of the lesson (its first cell shows the progress)
    assert is_play_cell(first) and "GameWidget" in first.source
    assert stdout_of(first) == screen + "\n"
    assert "News of turn 46" in screen and "Terran Empire lost 11 ships, 0 left" in screen


def test_little_happens_to_the_idle_player_before_turn_46(nb) -> None:
    world = new_world(2026)
    heard: list[str] = []
    world.bus.subscribe("*", lambda event: heard.append(event.kind) if event.data.get("empire") == 0 else None)
    battles: list[int] = []
    world.bus.subscribe("battle_fought", lambda event: battles.append(world.turn))
    for _ in range(45):
        game.play_turn(world)
    assert heard.count("pirates_raided") == 2 and heard.count("derelict_found") == 2
    assert "ships_lost" not in heard and "planet_besieged" not in heard and min(battles) == 17
    assert "two pirate raids, two drifting fleets towed home" in " ".join(markdown(nb).split())
    assert "from turn 17, fight each other elsewhere" in " ".join(markdown(nb).split())


def test_where_the_news_came_from_is_recorded_by_the_lesson_engine(nb, ns) -> None:
    printed = stdout_of(cell_for(nb, "where the news came from")).splitlines()
    steps = [s for s in ns["turn46"] if s[0] == "event"]
    prose = " ".join(markdown(nb).split())
    assert [line.split()[:2] for line in printed] == [[s[1], s[2]] for s in steps]
    assert len(steps) == 18 and "Eighteen events" in prose
    publishing = {s[1] for s in steps} - {"end_turn"}
    assert len(publishing) == 6 and "Six of the nine phases" in prose
    silent = [name for name, _ in ns["PHASES"] if name not in publishing]
    assert silent == ["diplomacy", "orders", "events"] and "(diplomacy, orders and events were silent" in prose
    shown = {"news_battle", "news_losses", "news_besieged"}
    assert shown <= {s[4] for s in steps}
    producing = [s[3]["empire"] for s in steps if s[2] == "resources_produced"]  # one per living empire
    assert producing == [0, 3] and "The two empires still alive produced" in prose
    assert "The events phase rolled twice" in prose
    assert sum(s[2] == "fleet_moved" for s in steps) == 5 and "five of its fleets moved" in prose
    assert sum(s[2] == "fleet_arrived" for s in steps) == 3 and "three arrived" in prose
    arrived = next(s[3] for s in steps if s[2] == "fleet_arrived")
    fresh = new_world(2026)
    orion = fresh.empires[arrived["empire"]]
    assert orion.name == "Orion Hegemon" and f"Orion Hegemon (empire {orion.id + 1} on the `emp`" in markdown(nb)
    cygna = fresh.systems[1]  # "which had taken Cygna next door": it builds forts on Cygna's planets
    assert cygna.name == "Cygna" and fresh.empires[0].capital in cygna.links
    assert any(s[2] == "building_completed" and s[3]["empire"] == orion.id and s[3]["planet"] in cygna.planets
               for s in steps)


def test_the_lessons_turn_is_the_games_turn_until_it_ends(ns) -> None:
    played = new_world(2026)
    while played.victory is None:
        game.play_turn(played)
    lesson = new_world(2026)
    ns["play_turns"](lesson, 200)
    assert turn.state_text(lesson).split("\n")[1:] == turn.state_text(played).split("\n")[1:]
    # the idle player falls on turn 48; Orion, which took every other empire, wins by conquest at once
    assert played.empires[0].fell_on == lesson.empires[0].fell_on == lesson.turn - 1 == played.turn == 48
    assert played.victory.kind == "conquest" and played.victory.winner == 3


def test_turn_takes_its_phases_and_the_victory_is_not_one_of_them(nb, ns) -> None:
    assert "victory" not in [name for name, _ in ns["PHASES"]]
    printed = stdout_of(cell_for(nb, "the phases"))
    assert printed.count("\n") == len(turn.PHASES) == 9
    assert "end_turn(world: World, phases" in inspect.getsource(turn.end_turn)


def test_swapping_movement_and_battle_delays_every_fight_by_a_turn(nb) -> None:
    printed = stdout_of(cell_for(nb, "movement and battle swapped"))
    prose = " ".join(markdown(nb).split())
    assert "first differ on turn 17" in printed
    assert "real order: battles on turns [17, " in printed and "your empire falls on turn 48" in printed
    assert "swapped: battles on turns [18, " in printed and "your empire falls on turn 49" in printed
    assert "For 16 turns" in prose
    assert "On turn 17, when two rivals' fleets first meet, they part" in prose
    assert "you fall on turn 48 in one and on turn 49 in the other" in prose


def test_the_same_turn_answers_all_come_from_later_deciders(nb, ns) -> None:
    printed = stdout_of(cell_for(nb, "answered in the same turn")).splitlines()
    found = re.findall(r"(\d+) offers answered, (\d+) in .*, (\d+) of those", printed[0])
    answered, at_once, higher = map(int, found[0])
    assert answered == at_once == higher > 50
    backwards = ns["noted_game"](True)[0].trace
    same = [s for s in backwards if s[1] in ("accepted", "declined") and s[0] == s[4]]
    assert all(receiver < sender for _, _, sender, receiver, _ in same) and len(same) <= 1


def test_one_roll_fewer_moves_the_derelict_and_the_war(nb) -> None:
    printed = stdout_of(cell_for(nb, "one roll fewer"))
    assert "the first difference is on turn 1\n" in printed
    real, spared = printed.split("spared:")
    assert "turn  1: derelict_found count=2 empire=0" in real
    assert "turn  1: derelict_found count=2 empire=1" in spared
    assert "battles on turns [17, " in real and "turns played: 48" in real
    assert "battles on turns [26, " in spared and "turns played: 52" in spared  # nine turns later, falls on 52
    assert "starts nine turns later, and your empire falls on turn 52 instead of 48" in " ".join(markdown(nb).split())


def test_the_table_of_events_is_the_engines(nb) -> None:
    printed = stdout_of(cell_for(nb, "the table of events"))
    rare = events.ROLL_SIDES - sum(e.chance for e in events.EVENTS)
    assert f"nothing       rolls {events.ROLL_SIDES - rare}-999" in printed
    assert f"{events.ROLL_SIDES - rare} of the 1000 possible rolls" in markdown(nb)


def test_the_diplomacy_story(nb) -> None:
    printed = stdout_of(cell_for(nb, "a peace and a lapsed offer")).splitlines()
    assert printed[0].startswith("turn 1: peace_offered 2->3, peace_offered 4->1")
    assert printed[1].startswith("turn 2: peace_made 2->3") and "'4->1'" in printed[1]
    assert printed[3] == "war 3 refused: err_peace_young"
    assert printed[4] == "turn 3: no diplomacy; open offers: []"  # the offer of 4 lapsed
    assert printed[-1].startswith(f"turn {2 + diplomacy.PEACE_MIN_TURNS}: war_declared 2->3")


def test_the_bus_of_our_own_refuses_re_entry(nb) -> None:
    printed = stdout_of(cell_for(nb, "a bus of our own"))
    assert "refused: a listener published 'alarm_raised' while handling another event" in printed
    assert "'turn_ended': 1" in printed


def test_predict_the_output_key_is_what_the_snippet_prints(ns) -> None:
    predict = ns["predict"]
    assert isinstance(predict, PredictOutput)
    assert predict.expected == "news 5\nlog fleet_arrived\nstats fleet_arrived"
    assert [predict.check(i).correct for i in range(len(predict.choices))].count(True) == 1
    changed = PredictOutput(predict.code.replace('"fleet_arrived", lambda', '"*", lambda'), {}, predict.namespace)
    assert changed.expected.splitlines()[0] == "log fleet_arrived"


def test_find_the_bug_differs_in_one_line_and_its_output_is_computed(ns) -> None:
    bug = ns["find_the_bug"]
    assert isinstance(bug, FindTheBug) and bug.reference is events.roll_event
    real = inspect.getsource(events.roll_event).splitlines()
    assert [i + 1 for i, (a, b) in enumerate(zip(bug.lines, real, strict=True)) if a != b] == [bug.bug_line]
    assert "<=" in bug.lines[bug.bug_line - 1]
    chances = " ".join(f"{e.key}={e.chance}" for e in events.EVENTS)
    assert bug.fixed_output == f"{chances} nothing={events.ROLL_SIDES - sum(e.chance for e in events.EVENTS)}"
    assert bug.wrong_output != bug.fixed_output and "meteor=11" in bug.wrong_output
    # only the first event gains a roll and "nothing" loses one: the feedback says exactly that
    wrong = dict(item.split("=") for item in bug.wrong_output.split())
    right = dict(item.split("=") for item in bug.fixed_output.split())
    changed = {key: int(wrong[key]) - int(right[key]) for key in right if wrong[key] != right[key]}
    assert changed == {events.EVENTS[0].key: 1, "nothing": -1} and events.EVENTS[0].key == "meteor"
    assert "the meteor, also takes the roll equal to its chance, and 'nothing' loses one" in bug.explanation
    assert "one roll too many" not in bug.explanation


def test_eight_questions_two_of_them_review_each_with_one_right_answer_and_feedback(ns) -> None:
    quizzes = ns["test_yourself"].quizzes
    assert len(quizzes) == 8 and all(isinstance(q, MultipleChoice) for q in quizzes)
    for quiz in quizzes:
        assert sum(quiz.check(i).correct for i in range(len(quiz.choices))) == 1
        assert all(choice.feedback for choice in quiz.choices)
    rights = [next(c.text for i, c in enumerate(q.choices) if q.check(i).correct) for q in quizzes]
    assert rights[0] == "18" and rights[3] == "1" and rights[4] == "12"
    assert "how many came before" in rights[1] and "RuntimeError" in rights[2] and "cosmos.game" in rights[5]
    assert [q.question.split(":")[0] for q in quizzes[6:]] == ["Lesson 4 review", "Lesson 1 review"]
    assert rights[6] == "2.56 times as much"  # the margin of 1.6 in strength, squared into fighting power
    assert rights[7].startswith("Every draw comes from one generator")


def test_computed_keys_follow_the_engine(ns) -> None:
    assert ns["first_battle_turn"](ns["PHASES"]) == 17
    assert ns["lapse_turn"]() == str(10 + diplomacy.OFFER_TURNS - 1)


def test_the_answers_are_not_in_the_notebooks_text(nb, ns) -> None:
    sources = "\n".join(cell.source for cell in nb.cells)
    assert ns["predict"].expected not in sources
    assert sources.count("Computed(") == 5 and sources.count("Hashed(") == 4
    stored = "\n".join(str(o.get("data", "")) for c in code_cells(nb) for o in c.outputs)
    assert "Right." not in stored and "Not quite." not in stored


def test_the_real_engine_code_is_shown_not_copied(nb) -> None:
    shown = "\n".join(o.data["text/markdown"] for c in code_cells(nb) for o in c.outputs
                      if "data" in o and "text/markdown" in o.data)
    for obj in (turn.end_turn, turn.install_listeners, events.roll_event, events.random_events,
                diplomacy.settle_diplomacy, diplomacy.Stance, diplomacy.Offer, bus.Event, bus.EventBus,
                economy.income, economy.colony_cost, economy.building_cost, economy.score, envoy.diplomacy_moves):
        lines, first = inspect.getsourcelines(obj)
        path = inspect.getsourcefile(obj).split("/cosmos/")[-1]
        assert f"`cosmos/{path}`, lines {first}-{first + len(lines) - 1}" in shown
        assert "".join(lines) in shown


def test_the_see_its_are_players_of_the_recorded_frames(nb, ns) -> None:
    players = [o for c in code_cells(nb) for o in c.outputs
               if "StepPlayer:" in str(o.get("data", {}).get("text/plain"))]
    assert len(players) == 2
    assert f"StepPlayer: {len(ns['turn46'])} frames" in players[0]["data"]["text/plain"]
    assert "data:image/svg+xml;base64," in players[0]["data"]["text/html"]


def test_the_exercise_link_points_to_the_notebook_file(nb) -> None:
    assert "](../exercises/05-event-bus/event_bus.ipynb)" in markdown(nb)
    assert (LESSONS.parent / "exercises" / "05-event-bus" / "event_bus.ipynb").is_file()
    assert "python -m graders check exercises/05-event-bus/event_bus.ipynb" in markdown(nb)


def test_the_economy_section_prints_the_engines_numbers(nb, ns) -> None:
    world = new_world(2026)
    home = owned_planets(world, 1)[0]
    assert economy.income(world, 1) == [8, 4, 3, 1]
    printed = stdout_of(cell_for(nb, "the economy")).splitlines()
    assert printed[0] == f"planet {home + 1}: richness {world.planets[home].rich}, mines 1, output [8, 4, 3, 1]"
    assert printed[2] == "after the production phase: stock [78, 64, 23, 6] | produced 16"
    assert printed[3] == "score 20: 1 planet, 4 building levels, 0 technologies, fleet attack 23"
    assert economy.score(world, 1) == 20 == 10 * 1 + 2 * 4 + 5 * 0 + 23 // 10
    assert printed[4] == "the next mine on planet 23 (level 2 ) costs (40, 24, 16, 0)"
    prices = [line.split("costs ")[1] for line in printed[5:]]
    assert prices == ["(40, 20, 15, 4)", "(60, 30, 22, 6)", "(80, 40, 30, 8)"]
    text = " ".join(markdown(nb).split())
    assert "Lyra's 20 are 10 for its planet, 8 for its four building levels and 2 for a fleet attack of 23" in text
    assert "every planet already owned beyond the capital adds half of it (`COLONY_GROWTH_PCT` = 50" in text
    assert (data.SCORE_PER_PLANET, data.SCORE_PER_LEVEL, data.SCORE_PER_TECH, data.SCORE_FLEET_DIVISOR,
            data.COLONY_GROWTH_PCT) == (10, 2, 5, 10, 50)
    assert [key for key, kind in data.BUILDINGS.items() if kind.cost_grows] == ["mine", "fort"]
    assert {data.BUILDINGS["lab"].max_level, data.BUILDINGS["yard"].max_level} == {1}
    question = next(q for q in ns.values() if isinstance(q, MultipleChoice) and "four planets" in q.question)
    right = next(c.text for i, c in enumerate(question.choices) if question.check(i).correct)
    assert right == "100 metal" and all(c.feedback for c in question.choices)


def test_the_envoy_section_is_what_diplomacy_moves_gives(nb) -> None:
    from cosmos.view import look, survey

    world = new_world(2026)
    seen = survey(world)
    printed = stdout_of(cell_for(nb, "the envoys on turn 1")).splitlines()
    for line, empire in zip(printed, world.empires[1:], strict=False):
        moves = envoy.diplomacy_moves(look(world, empire.id, seen))
        assert line.endswith(": " + (" | ".join(c.to_text() for c in moves) or "nothing"))
    assert [line.split(":")[1].strip() for line in printed[:3]] == [
        "peace 1 | peace 3 | peace 4", "peace 1 | peace 2 | peace 4", "nothing"]
    assert [e.personality for e in world.empires[1:]] == ["builder", "scholar", "warlord"]
    assert len({round(p, 6) for p in look(world, 1, seen).fleet_power}) == 1  # every fleet equally strong
    assert (envoy.ACCEPT_IF_STRONGER, envoy.PREY_MARGIN, envoy.FEAR_OF_WARLORD, envoy.FEAR_PER_RESEARCH) == (
        1.3, 1.2, 1.5, 0.8)
    assert round(envoy.FEAR_PER_RESEARCH / 3, 2) == 0.27
    text = " ".join(markdown(nb).split())
    assert "| accepts only from an empire 1.3 times stronger | accepts every offer |" in text


def test_the_statistics_are_those_of_the_turns_the_idle_player_lasts(nb, ns) -> None:
    real = ns["real"]
    assert real.stats["turn_ended"] == 48 == real.empires[0].fell_on
    text = " ".join(markdown(nb).split())
    assert "After the 48 turns of the real game above (the idle player falls on turn 48)" in text
    assert "76 turns" not in text
    printed = stdout_of(cell_for(nb, "the statistics"))
    assert "'turn_ended': 48" in printed


def test_the_events_per_phase_and_per_game(nb, ns) -> None:
    steps = [step for step in ns["turn46"] if step[0] == "event"]
    printed = next(stdout_of(c) for c in code_cells(nb) if "per_phase = Counter(" in c.source)
    counts = dict(item.rsplit(" ", 1) for item in printed.strip().split(" | "))
    assert sum(int(n) for n in counts.values()) == len(steps) == 18
    assert sum(int(n) > 0 for name, n in counts.items() if name != "end_turn") == 6
    per_turn = sum(e.chance for e in events.EVENTS) / events.ROLL_SIDES
    assert round(150 * per_turn) == 10
    assert "about ten rolls that land on an event per empire in a game of 150 turns" in " ".join(markdown(nb).split())


def test_the_derelict_is_two_frigates(nb) -> None:
    assert events.DERELICT_SHIPS == (0, 0, 2, 0)
    assert "the two derelict frigates that the real game gives you on turn 1" in " ".join(markdown(nb).split())


def test_two_listeners_from_the_first_end_turn_on(nb) -> None:
    world = new_world(2026)
    assert world.bus.listeners == {}  # a fresh world has none yet
    turn.end_turn(world)
    assert {kind: len(listeners) for kind, listeners in world.bus.listeners.items()} == {"*": 2}
    printed = next(stdout_of(c) for c in code_cells(nb) if "world.bus.listeners.items()" in c.source)
    assert printed == "'*': install_listeners.<locals>.collect_news install_listeners.<locals>.count\n"
    assert "From the first `end_turn` of a world on, two listeners are there" in " ".join(markdown(nb).split())


@pytest.mark.parametrize("effect", ["meteor", "unrest"])
def test_an_event_that_finds_a_target_draws_a_second_number(nb, effect) -> None:
    """One roll per empire, and a meteor or unrest that strikes draws once more (the prose says so)."""
    assert "draws a second\nnumber" in "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    world = new_world(2026)
    if effect == "unrest":  # four planets of empire 0, the three colonies unguarded and without forts
        for p in range(len(world.planets)):
            if world.planets[p].owner == -1 and len(owned_planets(world, 0)) < 4:
                world.planets[p].owner = 0
    else:
        world.planets[owned_planets(world, 0)[0]].mines = max(1, world.planets[owned_planets(world, 0)[0]].mines)
    before = world.rng.state
    assert getattr(events, effect)(world, 0) is not None
    probe = bus_free_rng(before)
    probe.next32()
    assert world.rng.state == probe.state, "the effect drew exactly one number of its own"


def bus_free_rng(state: int):
    """A generator in the given state (to count the draws an effect made)."""
    from cosmos.rng import Random
    rng = Random(0)
    rng.state = state
    return rng
