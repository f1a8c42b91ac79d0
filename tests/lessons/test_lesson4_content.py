"""Lesson 4 holds every part of the pattern, prints what the engine computes, and shows the real AI.

CLAIMS checked here (each by the test named after it):
- the problem's orders are the ones the game plays; its news lines; every rival's first turn is a colony
- the three characters score one view differently (Builder twice the Scholar, Warlord's frigates first)
- the budget table: what each character takes, what is left, what is skipped and saved for (and 40 20 8 1 kept)
- strength is the root of attack x hit points: twice the ships, twice the strength, four times the power;
  a margin of 1.8 means 3.24 times the fighting power, the Builder's 1.6 means 2.56
- system 8 scores 33 x 3 / 2 = 49.5 against 27 for staying: go 13 8
- a changed tuning number or weight changes the orders (or not, because of the budget)
- greedy choice misses the best set in the knapsack example (160 against 220)
- the walk task: judged against walk_budget on plans made when checking (no limit fits the three shown)
- find the bug: walk_budget with one line changed; the free move is lost, the kept crystal exceeds the stock
- the see-it trace: the Builder saves for colonies, orders no warship; the Warlord's warships first
- eight questions, two of them on earlier lessons; keys computed or hashed
- the view carries the world (view.world), and the scoring reads it: not 'this view and nothing else'
"""
from __future__ import annotations

import contextlib
import inspect
import io
import re
from dataclasses import replace
from typing import Any

import nbformat
import pytest

from cosmos import rivals, view
from cosmos.commands import Build, BuildShips, Colonize, apply
from cosmos.data import AI_TUNING, COLONY_COST, PERSONALITIES, SHIP_TYPES, AiTuning, Personality
from cosmos.economy import building_cost, colony_cost, income, times
from cosmos.envoy import diplomacy_moves
from cosmos.game import play_turn
from cosmos.rivals import Move, decide, plan, within_reach
from cosmos.turn import end_turn, state_text
from cosmos.view import strength, survey
from cosmos.world import new_world
from graders.quizzes import FindTheBug, MultipleChoice, PredictOutput, source_text
from tests.lessons.lesson_helpers import (
    LESSONS,
    REPO_ROOT,
    cell_with,
    code_cells,
    markdown,
    stdout_of,
)

LESSON4 = LESSONS / "04-the-rivals.ipynb"


@pytest.fixture(scope="module")
def nb() -> nbformat.NotebookNode:
    """Lesson 4 as stored, with its outputs."""
    return nbformat.read(LESSON4, as_version=4)


@pytest.fixture(scope="module")
def ns(nb) -> dict[str, Any]:
    """The names lesson 4 defines, from running its code cells (all but the game widget) here."""
    namespace: dict[str, Any] = {"__name__": "lesson4"}
    with contextlib.redirect_stdout(io.StringIO()):
        for cell in code_cells(nb):
            if "GameWidget(" not in cell.source:
                exec(compile(cell.source, f"<cell {cell.id}>", "exec"), namespace)
    return namespace


def printed_by(nb, fragment: str) -> str:
    """What the one code cell whose source holds fragment printed."""
    return stdout_of(cell_with(nb, fragment))


PARTS = ["In short", "The problem", "Play", "What a rival sees", "Benefit over cost",
         "The character: three numbers", "Choosing under a budget", "Ties, and why", "Strength, and a target",
         "Every number has a name", "The real code", "See it", "Predict the output", "Find the bug",
         "More precisely", "Exercise: choose", "Test yourself", "What we built"]


def test_every_part_of_the_pattern_is_there_in_order(nb):
    text = markdown(nb)
    places = [text.find(f"## {part}") if part != "In short" else text.find("**In short.**") for part in PARTS]
    assert -1 not in places, [p for p, at in zip(PARTS, places, strict=True) if at < 0]
    assert places == sorted(places)


def test_the_problem_shows_the_orders_the_game_plays(nb):
    world = new_world(2026)
    seen = survey(world)
    expected = "".join(f"{e.name} ({e.personality}): "
                       + " | ".join(c.to_text() for c in decide(world, e.id, seen, envoy=diplomacy_moves)) + "\n"
                       for e in world.empires[1:])
    assert printed_by(nb, "session = Session(seed=2026)") == expected
    screen = next(o for c in code_cells(nb) if "screen_html" in c.source for o in c.outputs
                  if o.output_type == "display_data")
    news = screen.data["text/html"]
    for line in ("Orion Hegemon colonised planet 9 ", "Vega Academy colonised planet 19 ",
                 "Lyra Union colonised planet 24 ", "Lyra Union and Vega Academy made peace",
                 "Lyra Union offered peace to Terran Empire",
                 "Vega Academy offered peace to Terran Empire"):
        assert line in news
    for empire in world.empires[1:]:  # every rival's first turn goes on a colony, none on a mine or warships
        kinds = {type(c) for c in decide(world, empire.id, seen, envoy=diplomacy_moves)}
        assert Colonize in kinds and not kinds & {Build, BuildShips}
    assert "News of turn 1" in screen.data["text/html"]
    for empire in world.empires[1:]:  # and those are the orders play_turn applies
        for command in decide(world, empire.id, seen, envoy=diplomacy_moves):
            apply(world, command)
    end_turn(world)
    played = new_world(2026)
    play_turn(played)
    assert state_text(played) == state_text(world)


def test_the_three_characters_score_the_same_view_differently(nb):
    world = new_world(2026)
    seen = survey(world)
    lines = []
    for key, character in PERSONALITIES.items():
        ranked = rivals.options(view.look(world, 1, seen, character))
        lines.append(f"{key:8} " + " | ".join(f"{o.command.to_text()} {o.utility:.1f}" for o in ranked) + "\n")
    assert printed_by(nb, "ranked = options(look(world, 1, seen, character))") == "".join(lines)
    ranked = {key: rivals.options(view.look(world, 1, seen, character)) for key, character in PERSONALITIES.items()}
    colony = ranked["builder"][0]
    assert isinstance(colony.command, Colonize) and ranked["scholar"][0].command == colony.command  # the free planet
    assert colony.utility == pytest.approx(2 * ranked["scholar"][0].utility)  # "twice as high as the Scholar"
    warlord = ranked["warlord"]
    # the Warlord: two frigates just above the colony, which it scores as the Scholar does
    assert isinstance(warlord[0].command, BuildShips) and warlord[0].command.count == 2
    assert warlord[1].command == colony.command and warlord[1].utility == ranked["scholar"][0].utility
    lyra = view.look(world, 1, seen, PERSONALITIES["warlord"])
    assert lyra.fleet_power[1] < rivals.wanted_strength(lyra)  # its fleet is below what it wants
    assert PERSONALITIES["warlord"].expand == PERSONALITIES["scholar"].expand == 1
    scholar = [o.command for o in ranked["scholar"]]
    assert next(c for c in scholar if isinstance(c, Build)).building == "fort"
    assert scholar.index(next(c for c in scholar if isinstance(c, Build))) < scholar.index(
        next(c for c in scholar if isinstance(c, BuildShips)))  # a fort above the frigates


def test_the_claims_about_the_budget_are_the_engines_numbers():
    world = new_world(2026)
    stock = world.empires[1].stock
    assert list(stock) == [70, 60, 20, 5] and colony_cost(world, 1) == COLONY_COST
    assert COLONY_COST[0] == 40 and COLONY_COST[2] == 15
    fort, mine = building_cost(world, 22, "fort"), building_cost(world, 22, "mine")
    frigates = times(SHIP_TYPES[2].cost, 2)
    assert (fort[0], fort[3], mine[0], frigates[2]) == (50, 10, 40, 12)
    assert frigates == (28, 20, 12, 4)
    plans = {key: plan(world, 1, character=character) for key, character in PERSONALITIES.items()}

    def texts(commands):
        return [c.to_text() for c in commands]

    def cost_of(p, text):
        return next(o.cost for o in p.ranked if o.command.to_text() == text)

    def fits(cost, left):
        return all(c <= s for c, s in zip(cost, left, strict=True))

    for key in ("builder", "scholar"):  # the colony takes 40 metal and 15 crystal; the rest pays for nothing else
        p = plans[key]
        assert texts(p.chosen)[1:] == ["col 24", "go 13 8"] and p.spent == list(COLONY_COST)
        left = [s - c for s, c in zip(stock, COLONY_COST, strict=True)]
        assert left == [30, 40, 5, 1]
        for text in ("b fort 23", "b mine 23", "ship F 2 23"):
            assert text not in texts(p.chosen) and not fits(cost_of(p, text), left)
    assert texts(plan(world, 1).chosen) == ["r 1", "col 24", "go 13 8"]  # Lyra's own character: the Builder
    # the Warlord takes the frigates, cannot pay the colony after them (crystal 8, uranium 1) and saves for it
    warlord = plans["warlord"]
    assert texts(warlord.chosen)[1:] == ["ship F 2 23", "go 13 8"] and warlord.spent == list(frigates)
    left = [s - c for s, c in zip(stock, frigates, strict=True)]
    assert (left[2], left[3]) == (8, 1) and COLONY_COST[3] == 4
    assert warlord.saving is not None and warlord.saving.command.to_text() == "col 24"
    assert warlord.saving.utility >= AI_TUNING.save_min_utility and AI_TUNING.save_turns == 5
    assert warlord.kept == [min(s, c) for s, c in zip(left, COLONY_COST, strict=True)]
    gains = income(world, 1)
    assert warlord.view.stock == left and within_reach(warlord.view, warlord.saving, gains)
    # the Builder would save for its fort (it scores enough), but 1 + 5 x 1 uranium is short of 10
    builder = plans["builder"]
    fort_option = next(o for o in builder.ranked if o.command.to_text() == "b fort 23")
    assert builder.saving is None and fort_option.utility >= AI_TUNING.save_min_utility
    assert builder.view.stock == [30, 40, 5, 1] and not within_reach(builder.view, fort_option, gains)
    assert gains[3] == 1 and 1 + AI_TUNING.save_turns * gains[3] < fort[3]
    assert [o.command.to_text() for o in builder.ranked if isinstance(o.command, Build | Colonize)
            and o not in builder.taken][0] == "b fort 23"  # the first one it cannot pay, the only one considered
    scholar_fort = next(o for o in plans["scholar"].ranked if o.command.to_text() == "b fort 23")
    assert plans["scholar"].saving is None and scholar_fort.utility < AI_TUNING.save_min_utility
    assert (AI_TUNING.mine_benefit, AI_TUNING.colony_benefit, AI_TUNING.home_guard_ratio) == (1.5, 2.0, 2.5)
    assert survey(world).worth[23] == 9.0
    world.planets[23].owner = 1  # a second planet: the next colony costs half again
    assert colony_cost(world, 1)[0] == 60



def test_the_budget_table_is_the_plans_numbers(nb):
    world = new_world(2026)
    text = markdown(nb)
    rows = {line.split("|")[1].strip(): [cell.strip() for cell in line.split("|")[2:-1]]
            for line in text.splitlines() if line.startswith("| ") and ("`col 24`" in line or "`ship F" in line)}
    assert set(rows) == {"Builder", "Scholar", "Warlord"}

    def spaced(numbers):
        return " ".join(str(n) for n in numbers)

    for key, character in PERSONALITIES.items():
        p = plan(world, 1, character=character)
        first = p.taken[0]
        row = rows[key.capitalize()]
        assert row[0] == f"`{first.command.to_text()}`: {spaced(first.cost)}"
        assert row[1] == spaced(s - c for s, c in zip(world.empires[1].stock, first.cost, strict=True))
        assert (p.saving is None) == row[3].startswith("nothing")
    warlord = plan(world, 1, character=PERSONALITIES["warlord"])
    assert warlord.kept == [40, 20, 8, 1] and "(the Warlord keeps 40 20 8 1)" in " ".join(text.split())
    assert AI_TUNING.save_turns == 5 and "five turns of income pay it" in rows["Warlord"][3]


def test_changing_a_tuning_number_changes_the_orders(nb):
    world = new_world(2026)
    before = decide(world, 1)
    after = decide(world, 1, tuning=replace(AI_TUNING, stay_free=2.0))
    assert any(isinstance(c, Move) for c in before) and not any(isinstance(c, Move) for c in after)
    assert 2.0 == 2 * AI_TUNING.stay_free  # "twice as attractive"
    lyra = view.look(world, 1, tuning=replace(AI_TUNING, stay_free=2.0))
    home = strength(lyra.ships[lyra.capital], lyra.attack, lyra.hp)
    margin = AI_TUNING.attack_margin - AI_TUNING.attack_margin_per_attack * lyra.weight("attack")
    go = rivals.target_score(lyra, 7, lyra.dist[lyra.capital][7], home, margin)
    assert (rivals.stay_score(lyra, lyra.capital, home), round(go, 1)) == (54.0, 49.5)  # the quiz's 54 and 49.5
    assert "stay_free=2.0: " + " | ".join(c.to_text() for c in after) in printed_by(nb, "for tuning in (AI_TUNING")


def test_strength_doubles_with_the_stack(nb):
    out = printed_by(nb, "twice as many ships")
    lyra = view.look(new_world(2026), 1)
    assert f"twice as many ships: {round(strength([6, 4, 4, 0], lyra.attack, lyra.hp), 1)}" in out
    assert round(strength([6, 4, 4, 0], lyra.attack, lyra.hp), 6) == round(2 * strength([3, 2, 2, 0], lyra.attack,
                                                                                          lyra.hp), 6)


def test_the_margin_compares_roots_of_fighting_power(nb):
    text = " ".join(markdown(nb).split())
    assert "view.strength" not in text or "square root" in text
    assert (AI_TUNING.attack_margin, AI_TUNING.attack_margin_per_attack) == (1.8, 0.2)
    builder = AI_TUNING.attack_margin - AI_TUNING.attack_margin_per_attack * PERSONALITIES["builder"].attack
    assert round(builder, 6) == 1.6 and round(builder ** 2, 6) == 2.56 and round(1.8 ** 2, 6) == 3.24
    assert "1.6 × 1.6 = 2.56 times the defence's fighting power; the bare 1.8 would ask for 3.24 times" in text
    assert "the Builder's margin 1.6: 2.56 times the defence's fighting power" in printed_by(nb, "twice as many ships")
    # the strength the rivals compare: the root of total attack times total hit points
    ships, attack, hp = [3, 2, 2, 0], [3, 3, 4, 10], [8, 10, 12, 40]
    power = sum(s * a for s, a in zip(ships, attack, strict=True)) * sum(s * h for s, h in zip(ships, hp, strict=True))
    assert strength(ships, attack, hp) == pytest.approx(power ** 0.5)
    assert "twice as large is twice as strong" not in text


def test_the_move_to_system_8_is_the_best_target(nb):
    world = new_world(2026)
    lyra = view.look(world, 1)
    home = strength(lyra.ships[lyra.capital], lyra.attack, lyra.hp)
    margin = AI_TUNING.attack_margin - AI_TUNING.attack_margin_per_attack * lyra.weight("attack")
    assert lyra.free[7] == 33 and lyra.dist[lyra.capital][7] == 1 and lyra.weight("expand") == 3
    assert rivals.target_score(lyra, 7, 1, home, margin) == 33 * 3 / 2 == 49.5
    assert rivals.stay_score(lyra, lyra.capital, home) == 27
    assert "go 13 8" in [c.to_text() for c in decide(world, 1)]
    assert "System 8 scores 33 × 3 / 2 = 49.5, above the 27 of staying at home" in " ".join(markdown(nb).split())


def test_greedy_misses_the_best_set_in_the_knapsack_example(nb):
    out = printed_by(nb, "offers = {")
    assert out == "greedy   first second benefit 160\nbest set second third benefit 220\n"
    text = " ".join(markdown(nb).split())
    assert "**knapsack problem**" in text and "**dynamic programming**" in text


def test_predict_the_output_key_is_what_the_snippet_prints(ns):
    predict = ns["predict"]
    assert isinstance(predict, PredictOutput)
    assert [predict.check(i).correct for i in range(len(predict.choices))].count(True) == 1
    changed = PredictOutput(predict.code.replace("[8, 0, 0, 0]", "[4, 4, 0, 0]"), {}, predict.namespace)
    assert changed.expected != predict.expected


def test_find_the_bug_differs_in_one_line_and_its_output_is_computed(ns):
    bug = ns["find_the_bug"]
    assert isinstance(bug, FindTheBug) and bug.reference is rivals.walk_budget
    real = source_text(rivals.walk_budget).rstrip("\n").split("\n")
    diff = [i + 1 for i, (a, b) in enumerate(zip(bug.lines, real, strict=True)) if a != b]
    assert diff == [bug.bug_line]
    assert "result.kept = " in bug.lines[bug.bug_line - 1] and "min(" not in bug.lines[bug.bug_line - 1]
    warlord = plan(new_world(2026), 1, character=PERSONALITIES["warlord"])
    assert bug.fixed_output == ("orders: r 3 | ship F 2 23 | go 13 8\n"
                                f"kept back: {warlord.kept} stock after the plan: {warlord.view.stock}")
    # the bug: the whole colony cost is kept, more crystal and uranium than there is, and the free move is lost
    assert bug.wrong_output == ("orders: r 3 | ship F 2 23\n"
                                f"kept back: {list(COLONY_COST)} stock after the plan: {warlord.view.stock}")
    assert COLONY_COST[2] > warlord.view.stock[2] and COLONY_COST[3] > warlord.view.stock[3]
    assert bug.check(bug.bug_line).correct and not bug.check(1).correct
    assert len(bug.notes) == 3 and bug.bug_line not in bug.notes  # the notes are on innocent lines


def test_the_find_the_bug_text_does_not_announce_the_bug(nb):
    text = markdown(nb)
    intro = text[text.index("## Find the bug"):text.index("## More precisely")]
    for word in ("min(", "kept =", "negative", "below zero"):
        assert word not in intro


def test_eight_questions_two_of_them_review_each_with_one_right_answer_and_feedback(ns):
    quizzes = ns["test_yourself"].quizzes
    assert len(quizzes) == 8 and all(isinstance(q, MultipleChoice) for q in quizzes)
    for quiz in quizzes:
        assert sum(quiz.check(i).correct for i in range(len(quiz.choices))) == 1
        assert all(choice.feedback for choice in quiz.choices)
    rights = [next(c.text for i, c in enumerate(q.choices) if q.check(i).correct) for q in quizzes]
    world = new_world(2026)
    assert rights[1] == plan(world, 1).ranked[0].command.to_text()
    assert rights[2] == plan(world, 1, character=PERSONALITIES["warlord"]).ranked[0].command.to_text()
    assert rights[5] == "It stays at home"
    assert [q.question.split(":")[0] for q in quizzes[6:]] == ["Lesson 3 review", "Lesson 2 review"]
    assert rights[6] == "Twice the strength and four times the fighting power"
    lyra = view.look(world, 1)
    assert strength([6, 4, 4, 0], lyra.attack, lyra.hp) ** 2 == pytest.approx(
        4 * strength([3, 2, 2, 0], lyra.attack, lyra.hp) ** 2)
    assert rights[7].startswith("The smallest id")
    places = [q.choices.index(next(c for c in q.choices if c.text == r)) for q, r in zip(quizzes, rights, strict=True)]
    assert len(set(places)) > 2


def test_the_answers_are_not_in_the_notebooks_text(nb, ns):
    sources = "\n".join(cell.source for cell in nb.cells)
    assert ns["predict"].expected not in sources
    assert ns["find_the_bug"].wrong_output not in sources
    stored = "\n".join(str(o.get("data", "")) for c in code_cells(nb) for o in c.outputs)
    assert "Right." not in stored and "Not quite." not in stored


def test_the_real_engine_code_is_shown_not_copied(nb):
    shown = "\n".join(o.data["text/markdown"] for c in code_cells(nb) for o in c.outputs
                      if "data" in o and "text/markdown" in o.data)
    for obj in (AiTuning, view.look, rivals.options, rivals.plan, rivals.decide, rivals.building_benefits,
                rivals.target_score):
        lines, first = inspect.getsourcelines(obj)
        path = inspect.getsourcefile(obj).split("/cosmos/")[-1]
        assert f"`cosmos/{path}`, lines {first}-{first + len(lines) - 1}" in shown
        assert "".join(lines) in shown
    sources = "\n".join(cell.source for cell in code_cells(nb))
    assert "def look(" not in sources and "def plan(" not in sources


def test_rivals_no_longer_import_diplomacy_and_the_lesson_says_where_it_went(nb):
    text = (REPO_ROOT / "cosmos" / "rivals.py").read_text()
    assert "diplomacy" not in re.findall(r"^from cosmos\.(\w+)", text, flags=re.M)
    assert "envoy" in markdown(nb) and "lesson 5" in markdown(nb)


def test_the_exercise_link_points_to_the_notebook(nb):
    assert "](../exercises/04-choose/choose.ipynb)" in markdown(nb)
    assert (LESSONS.parent / "exercises" / "04-choose" / "choose.ipynb").is_file()
    assert "python -m graders check exercises/04-choose/choose.ipynb" in markdown(nb)


def test_the_see_it_trace_starts_where_the_problem_left_the_game(ns):
    trace = ns["trace"]
    assert [turn["builder"]["turn"] for turn in trace] == list(range(2, 2 + len(trace)))
    builder = [turn["builder"] for turn in trace]
    # the Builder's best option is a colony it cannot pay for at first: it saves for it, then makes it
    first = builder[0]["options"][0]
    assert first["text"].startswith("col") and not first["chosen"] and first["cost"][0] == 60
    assert builder[0]["saving"] == first["text"]
    made = next(i for i, step in enumerate(builder) if first["text"] in step["chosen"])
    assert all(step["saving"] == first["text"] for step in builder[:made])
    def fits(cost, stock):
        return all(c <= s for c, s in zip(cost, stock, strict=True))

    assert not any(fits(first["cost"], step["budget"]) for step in builder[:made])  # made as soon as it can be
    assert fits(first["cost"], builder[made]["budget"])
    # the next colonies cost 80 metal; first the mines on the new planets score higher: one is built, one saved for
    after = builder[made + 1]
    colonies = [o for o in after["options"] if o["text"].startswith("col")]
    assert colonies and all(o["cost"][0] == 80 for o in colonies)
    assert after["options"][0]["text"].startswith("b mine") and after["options"][0]["chosen"]
    assert after["saving"].startswith("b mine") and after["saving"] != after["options"][0]["text"]
    savings = [step["saving"] for step in builder[made + 1:]]
    colony_at = next(i for i, saved in enumerate(savings) if saved and saved.startswith("col"))
    assert all(saved is None or saved.startswith("b mine") for saved in savings[:colony_at])  # only then the colony
    assert not any(o["chosen"] and o["text"].startswith("ship") for step in builder for o in step["options"])
    for turn in trace:  # the Warlord puts warships first on every turn
        assert turn["warlord"]["options"][0]["text"].startswith("ship")
    for turn in trace:  # the Scholar's lab on planet 24 scores three times the others'
        labs = {key: next(o["utility"] for o in step["options"] if o["text"] == "b lab 24")
                for key, step in turn.items()}
        assert labs["scholar"] == pytest.approx(3 * labs["builder"], rel=0.01) and labs["builder"] == labs["warlord"]


def test_a_changed_weight_moves_the_warships_up_but_the_budget_keeps_the_orders(nb):
    world = new_world(2026)
    low = plan(world, 1, character=Personality("builder", attack=1, expand=3, research=1))
    high = plan(world, 1, character=Personality("builder", attack=3, expand=3, research=1))
    low_place, high_place = ([o.command.to_text()[:4] for o in p.ranked].index("ship") for p in (low, high))
    assert low_place == 4 and high_place == 1  # from fifth place to second
    frigate, stock = SHIP_TYPES[2].cost, world.empires[1].stock
    # still two frigates: the uranium in stock pays for no more
    assert high.ranked[1].command.count == low.ranked[4].command.count == 2 == stock[3] // frigate[3]
    assert high.chosen == low.chosen and high.ranked[0].command.to_text() == "col 24"
    left = [s - c for s, c in zip(stock, high.ranked[0].cost, strict=True)]
    short = [r for r in range(4) if high.ranked[1].cost[r] > left[r]]
    assert short == [2, 3]  # too little crystal and uranium left for them
    out = printed_by(nb, 'Personality("builder", attack=attack')
    for attack, p in ((1, low), (3, high)):
        assert (f"attack {attack}: " + " | ".join(f"{o.command.to_text()} {o.utility:.1f}" for o in p.ranked[:3])
                + "   orders: " + " | ".join(c.to_text() for c in p.chosen) + "\n") in out
    assert "attack 3: col 24 99.7 | ship F 2 23 50.2" in out


def test_a_rival_never_draws_a_random_number(nb):
    assert printed_by(nb, "state = world.rng.state") == "the same orders twice: True | numbers drawn: False\n"
    source = (REPO_ROOT / "cosmos" / "rivals.py").read_text() + (REPO_ROOT / "cosmos" / "view.py").read_text()
    assert "rng" not in source and "import random" not in source


def test_the_graders_hidden_checks_are_the_ones_the_lesson_names(nb):
    import json

    hidden = [c["name"] for c in json.loads((REPO_ROOT / "graders_instructor" / "hidden" / "04-choose" / "hidden.json")
                                            .read_text())["checks"]]
    assert "hidden checks of its own: empty budgets, free options, ties and ten thousand options" in " ".join(
        markdown(nb).split())
    for word in ("empty budget", "free option", "equal utilities", "10000 random options"):
        assert any(word in name for name in hidden), word


def test_the_view_carries_the_world_and_the_scoring_reads_it(nb):
    """The view is not all a rival reads: its scoring reaches the world through view.world, and the prose says so."""
    text = markdown(nb)
    assert "nothing else" not in text
    assert "`view.world`" in text
    readers = [f.__name__ for f in (rivals.research_choice, rivals.building_benefits, rivals.colony_options,
                                    rivals.wanted_strength, rivals.ship_options, rivals.move_options)
               if "view.world" in inspect.getsource(f)]
    assert readers, "no scoring function reads view.world: the lesson's sentence is false"
    world = new_world(2026)
    assert view.look(world, 1).world is world


def test_only_an_option_worth_save_min_utility_is_saved_for(nb):
    """The saving rule of the prose: a colony or building below save_min_utility is never saved for."""
    assert "if it scores at least `save_min_utility`" in " ".join(markdown(nb).split())
    result = plan(new_world(2026), 1)
    assert result is not None
    candidates = [o for o in result.ranked if isinstance(o.command, Colonize | Build)]
    assert candidates
    option = candidates[0]
    floor = result.view.tuning.save_min_utility
    assert rivals.saveable(result.view, replace(option, utility=floor))
    assert not rivals.saveable(result.view, replace(option, utility=floor - 0.1))


def copy_of_the_walk(skip: str) -> Any:
    """The engine's walk_budget with one of its lines left out: a plausible wrong answer to the walk task."""
    lines = [line for line in source_text(rivals.walk_budget).splitlines() if skip not in line]
    if skip.startswith("if len("):  # the break under the limit goes too
        lines = [line for line in lines if line.strip() != "break"]
    scope = dict(vars(rivals))
    exec("\n".join(lines), scope)
    return scope["walk_budget"]


def test_the_walk_task_is_the_engines_walk_judged_also_on_plans_made_when_checking(ns):
    task = ns["walk_task"]
    assert task.reference is rivals.walk_budget and task.unseen is not None
    assert task.check(rivals.walk_budget).correct
    shown_only = type(task)(task.statement, task.reference, task.cases, observe=task.observe, name=task.name)
    no_limit = copy_of_the_walk("if len(result.chosen) >= result.limit:")
    assert shown_only.check(no_limit).correct  # right on the three characters shown...
    verdict = task.check(no_limit)
    assert not verdict.correct and "limit of 2 orders (made when you check)" in verdict.message  # ...not unseen
    never_looked = copy_of_the_walk("looked = True")  # saves for a later option once the first is out of reach
    assert not shown_only.check(never_looked).correct and not task.check(never_looked).correct
    kept_not_returned = copy_of_the_walk("# what was kept is still there")
    assert not task.check(kept_not_returned).correct
    text = LESSON4.read_text(encoding="utf-8")  # what the engine's walk makes of an unseen case is not stored
    for name, made in task.unseen().items():
        args = made()
        rivals.walk_budget(*args)
        assert repr(task.observe(None, args)) not in text, name
