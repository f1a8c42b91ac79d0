"""What a player needs to decide is on the screen, and what only repeats itself is not."""
from __future__ import annotations

import io

from cosmos.battle import BattleReport
from cosmos.commands import apply
from cosmos.data import BUILDINGS, ECONOMY_TARGET, SHIP_TYPES, TECHS
from cosmos.diplomacy import OfferPeace, offers_to
from cosmos.economy import building_cost, colony_cost
from cosmos.messages import message
from cosmos.tech import tech_id
from cosmos.text import LANGS, Texts
from cosmos.ui import panels
from cosmos.ui.panels import cost_text
from cosmos.ui.render import tech_text
from cosmos.ui.session import Session
from cosmos.ui.terminal import play


def body(frame: str) -> list[str]:
    """A frame without its three header lines."""
    return frame.split("\n")[3:]


def test_the_queue_screen_shows_the_orders_and_what_everything_costs_and_takes() -> None:
    session = Session()
    session.send("b mine 1")
    frame = session.send("queue")
    assert "mine on planet 1 Elara I: 1 turn left" in frame
    colony = cost_text(colony_cost(session.world, 0))
    assert any(line.startswith("  colony (col)") and colony in line for line in body(frame))
    for key, building in BUILDINGS.items():
        turns = f"{building.turns} turn" + ("s" if building.turns != 1 else "")
        assert any(f"({key})" in line and cost_text(building.cost) in line and line.endswith(turns)
                   for line in body(frame)), key
    for ship in SHIP_TYPES:
        assert any(line.startswith(f"  {ship.key} ") and cost_text(ship.cost) in line
                   and f"attack {ship.attack}, hp {ship.hp}" in line for line in body(frame))
    # the mine's next level on the capital costs twice the first, and the screen says so
    assert "Planet 1 Elara I: next mine M40 G24 C16" in session.frame()


def test_a_planets_next_prices_are_never_split_over_two_lines() -> None:
    for lang in LANGS:
        session = Session(lang=lang)
        session.send("b mine 1")
        lines = body(session.send("queue"))
        world = session.world
        for building in ("mine", "fort"):
            price = cost_text(building_cost(world, 0, building))
            assert any(price in line for line in lines), (lang, building, price)


def test_the_colony_price_shown_grows_with_every_planet() -> None:
    session = Session()
    first = colony_cost(session.world, 0)
    session.world.planets[1].owner = 0
    grown = colony_cost(session.world, 0)
    assert grown != first and cost_text(grown) in session.send("queue")


def test_help_names_the_queue_and_every_way_to_name_an_empire() -> None:
    frame = Session(seed=3).send("help")  # seed 3 has three empires
    assert "queue " in frame and "decline E" in frame
    assert "E: an empire's letter A B C, or 1 to 3 in legend order" in frame
    assert "A to D" not in frame


def test_the_open_technologies_show_what_they_do() -> None:
    frame = Session().send("tech")
    lines = body(frame)
    drilling = next(i for i, line in enumerate(lines) if "Deep drilling" in line)
    assert lines[drilling + 1].strip() == "+1 M per mine level"
    assert "+1 attack for ships I; +1 attack for ships F" in frame
    stargate = next(line for line in lines if "Stargate" in line)
    assert lines[lines.index(stargate) + 1].strip() == "wins the game"  # locked, and still told what it does


def test_the_empires_screen_shows_each_empires_way_to_the_economy_victory() -> None:
    session = Session()
    session.world.empires[0].produced = 1234
    frame = session.send("emp")
    assert f"produced 1234 of {ECONOMY_TARGET} (economy victory)" in frame
    assert frame.count(f"of {ECONOMY_TARGET}") == len(session.world.empires)


def test_r_13_names_every_missing_prerequisite() -> None:
    frame = Session().send("r 13")
    names = [tech_text(Texts("en"), tech_id(need)) for need in TECHS[12].needs]
    assert len(names) == 4
    assert f"{', '.join(names[:-1])} and {names[-1]}" in " ".join(frame.split())


def test_the_dreadnought_refusal_names_the_technology() -> None:
    for lang, name in (("en", "Dreadnought yards"), ("de", "Schlachtschiffwerften"),
                       ("es", "Astilleros de acorazados"), ("bg", "Корабостроителници за дредноути")):
        assert name in " ".join(Session(lang=lang).send("ship D 1 1").split()), lang


def test_research_already_paid_for_never_reads_more_than_its_cost() -> None:
    session = Session()
    session.world.empires[0].science = 226
    session.send("r 2")
    cost = TECHS[1].cost
    third = session.frame().split("\n")[2]
    assert third == f"Researching Gas siphons: {cost}/{cost}, done this turn"
    session.send("end")
    assert 1 in session.world.empires[0].techs


def battle(turn: int, system: int) -> BattleReport:
    """A fought battle between empires 0 and 1, with a fortress on empire 0's side."""
    return BattleReport(turn, system, (0, 1), ((3, 0, 0, 0), (0, 2, 0, 0)),
                        ((1, 0, 0, 0), (0, 2, 0, 0)), (1, 0))


def test_report_shows_every_battle_of_the_last_turn_that_had_one() -> None:
    session = Session()
    session.world.battle_reports.extend([battle(1, 5), battle(2, 1), battle(2, 2), battle(2, 3)])
    frame = session.send("report")
    names = [session.world.systems[i].name for i in (1, 2, 3)]
    assert [line for line in body(frame) if line.startswith("Battle in system")] == [
        f"Battle in system {i + 2} {name}, turn 2" for i, name in enumerate(names)]
    assert "fortress level 1" in frame


def test_the_siege_news_and_the_report_do_not_call_two_numbers_fortress() -> None:
    session = Session()
    news = message("news_besieged", empire=0, planet=0, fort=0)
    text = panels.message_lines(session.world, session.texts, news)
    assert "walls 0 left" in " ".join(text) and "fortress" not in " ".join(text)


def test_a_battle_where_nobody_lost_a_ship_is_no_news() -> None:
    quiet = [message("news_battle", system=2, sides=2),
             message("news_losses", empire=0, lost=0, left=0),
             message("news_losses", empire=1, lost=0, left=5)]
    assert panels.visible_news(quiet, 0) == []
    fought = [message("news_battle", system=2, sides=2),
              message("news_losses", empire=0, lost=0, left=3),
              message("news_losses", empire=1, lost=2, left=5)]
    assert [item.key for item in panels.visible_news(fought, 0)] == ["news_battle"]
    assert [item.key for item in panels.visible_news(fought, 1)] == ["news_battle", "news_losses"]


def test_news_of_several_turns_tells_each_siege_once_at_its_latest() -> None:
    news = [message("news_besieged", empire=0, planet=1, fort=20),
            message("news_besieged", empire=0, planet=2, fort=9),
            message("news_besieged", empire=0, planet=1, fort=5)]
    assert panels.latest_sieges(news) == news[1:]


def test_a_fallen_empires_offer_is_not_shown() -> None:
    session = Session()
    apply(session.world, OfferPeace(3, 0))
    assert offers_to(session.world, 0) and "accept B" in session.send("emp")
    session.world.empires[3].alive = False
    frame = session.send("emp")
    assert "accept B" not in frame and "No offers are waiting." in frame


def test_quit_with_an_unsaved_game_asks_first_and_says_how_to_save() -> None:
    session = Session(lang="de")
    session.send("b mine 1")
    frame = session.send("quit")
    assert not session.left and "save K" in frame and "quit" in frame and "gespeichert" in frame
    session.send("quit")
    assert session.left


def test_quit_right_after_a_save_or_before_any_order_leaves_at_once() -> None:
    fresh = Session()
    fresh.send("quit")
    assert fresh.left
    saved = Session()
    saved.send("b mine 1")
    saved.send("save 1")
    saved.send("quit")
    assert saved.left


def test_something_typed_after_the_warning_means_quit_asks_again() -> None:
    session = Session()
    session.send("b mine 1")
    session.send("quit")
    session.send("sys 1")
    session.send("quit")
    assert not session.left


class InterruptedInput(io.StringIO):
    """Standard input where the player presses Ctrl-C before each line (then types the rest)."""

    def __init__(self, text: str, interrupts: int) -> None:
        super().__init__(text)
        self.interrupts = interrupts

    def readline(self, *args: object) -> str:  # type: ignore[override]
        if self.interrupts:
            self.interrupts -= 1
            raise KeyboardInterrupt
        return super().readline()


def test_ctrl_c_with_an_unsaved_game_warns_in_the_players_language_then_leaves() -> None:
    session = Session(lang="es")
    session.send("b mine 1")
    out = io.StringIO()
    play(session, InterruptedInput("", 2), out, colour=False, echo=True)
    assert "Pulsa Ctrl-C otra vez para salir sin guardar." in " ".join(out.getvalue().split())
    assert session.left


def test_the_end_of_piped_input_with_an_unsaved_game_says_so() -> None:
    session, out = Session(lang="bg"), io.StringIO()
    play(session, io.StringIO("b mine 1\n"), out, colour=False, echo=True)
    assert out.getvalue().endswith("Изход без запис (save K записва играта в слот K).\n")


def test_a_huge_number_is_too_large_and_trailing_spaces_are_fine() -> None:
    session = Session()
    assert "is too large. The system must be from 1 to 16." in " ".join(
        session.send("sys " + "9" * 40).split())
    assert "too long" not in session.send("sys 1" + " " * 300)
    assert session.stack[-1].arg == 0
