"""The play model (what the widget shows) and the widget itself, clicked without a browser."""
from __future__ import annotations

import pytest

from tents import Button, Difficulty, Game, HintKind, PlayerMark, generate, parse_game_id
from tents.widget import PlayView, cell_style, play

PUZZLE = parse_game_id("4x4:ebbd,1,1,1,0,1,0,1,1")  # trees (1,1), (2,0), (2,3)
SOLUTION = [(0, 1), (2, 2), (3, 0)]


def test_left_marks_a_tent_right_marks_no_tent_and_the_same_click_clears():
    game = Game(PUZZLE)
    assert game.click((0, 0)) and game.mark((0, 0)) is PlayerMark.TENT
    assert game.click((0, 0)) and game.mark((0, 0)) is PlayerMark.EMPTY
    game.click((0, 0), Button.RIGHT)
    assert game.mark((0, 0)) is PlayerMark.NO_TENT
    game.click((0, 0), Button.LEFT)  # a tent replaces the "no tent" mark
    assert game.mark((0, 0)) is PlayerMark.TENT
    game.click((0, 0), Button.RIGHT)
    assert game.no_tents == ((0, 0),) and game.tents == ()


def test_trees_and_cells_off_the_grid_do_not_change():
    game = Game(PUZZLE)
    assert not game.click((1, 1)) and not game.click((4, 0)) and not game.click((-1, 2))
    assert game.marks == {} and game.moves == []


def test_undo_takes_back_every_change_in_order():
    game = Game(PUZZLE)
    game.click((0, 0))
    game.click((0, 0), Button.RIGHT)
    game.click((3, 3))
    assert game.undo() and game.mark((3, 3)) is PlayerMark.EMPTY
    assert game.undo() and game.mark((0, 0)) is PlayerMark.TENT
    assert game.undo() and game.marks == {}
    assert not game.undo()


def test_check_finds_wrong_tents_and_wrong_no_tent_marks():
    game = Game(PUZZLE)
    game.click((0, 0))  # wrong tent
    game.click((0, 1), Button.RIGHT)  # a tent belongs here
    game.click((2, 2))  # right
    result = game.check()
    assert result.wrong_tents == ((0, 0),) and result.wrong_no_tents == ((0, 1),)
    assert result.errors == ((0, 0), (0, 1)) and result.missing == 2
    assert result.message == "2 marks are wrong (shown in red)."
    assert 'fill="#ffb3b3"' in game.svg(show_errors=True)


def test_the_solution_is_revealed_when_all_tents_are_placed_and_the_grid_locks():
    game = Game(PUZZLE)
    for cell in [(0, 0), (2, 2)]:
        game.click(cell)
    assert not game.revealed
    game.click((3, 0))
    assert game.revealed and not game.solved
    assert not game.click((0, 3))  # locked
    svg = game.svg()
    assert svg.count("<polygon") == 2 * len(SOLUTION)  # the solution's tents, drawn
    assert 'fill="#ffb3b3"' in svg  # the wrong tent at (0, 0) in red
    game.undo()
    assert not game.revealed and game.click((0, 0))  # undo unlocks: this clears the wrong tent
    game.click((0, 1))
    game.click((3, 0))
    assert game.revealed and game.solved and game.check().message.startswith("Solved")


def test_hints_come_from_the_marks():
    game = Game(PUZZLE)
    game.click((0, 0))
    assert game.hint().kind is HintKind.MISTAKE
    game.undo()
    assert game.hint().kind is HintKind.DEDUCTION


def test_a_puzzle_without_exactly_one_solution_cannot_be_played():
    with pytest.raises(ValueError, match="more than one"):
        Game(parse_game_id("4x4:ababf,2,0,2,0,2,0,2,0"))


def test_the_widget_plays_the_game_through_its_buttons():
    view = PlayView(Game(PUZZLE))
    assert view.cells[(1, 1)].disabled and view.mark_class((1, 1)) == "tents-tree"
    assert all(b.description == "" for b in view.cells.values())  # drawn, not written: no emoji font needed
    view.cells[(0, 0)].click()
    assert view.mark_class((0, 0)) == "tents-tent" and view.game.tents == ((0, 0),)
    view.check_button.click()
    assert view.cells[(0, 0)].style.button_color == "#ffb3b3"
    assert "1 mark is wrong" in view.status.value
    view.undo_button.click()
    assert view.mark_class((0, 0)) == ""
    view.mode.value = Button.RIGHT
    view.cells[(3, 3)].click()
    assert view.mark_class((3, 3)) == "tents-no-tent"
    view.cells[(3, 3)].click()
    assert view.mark_class((3, 3)) == ""
    view.cells[(3, 3)].click()
    view.hint_button.click()
    assert view.status.value and any(b.style.button_color == "#fff3a0" for b in view.cells.values())
    view.mode.value = Button.LEFT
    for cell in SOLUTION:
        view.cells[cell].click()
    assert "Solved!" in view.status.value and view.picture.value.startswith('<img src="data:image/svg+xml;base64,')
    assert all(b.disabled for b in view.cells.values())


def test_play_accepts_a_puzzle_or_a_game():
    made = generate(6, 6, Difficulty.EASY, 1)
    view = play(made.puzzle)
    assert view.grid.layout.grid_template_columns == "repeat(7, 2.4em)"
    game = Game(made.puzzle, made.solution)
    assert play(game).game is game
    bundle = view._repr_mimebundle_()
    assert bundle["text/plain"] == f"Tents 6x6 with {made.puzzle.total} trees (run the notebook to play)"
    assert bundle["text/html"].startswith('<img src="data:image/svg+xml;base64,')
    assert "<svg" not in bundle["text/html"] and "application/vnd.jupyter.widget-view+json" in bundle


def test_the_cells_are_drawn_by_style_sheet_pictures_not_by_characters():
    style = cell_style()
    for name in ("tents-tree", "tents-tent", "tents-no-tent"):
        assert f".{name} {{ background-image: url('data:image/svg+xml;base64," in style
    assert style.count("{") == style.count("}") == 3  # one rule each, nothing stray to break the next
    assert PlayView(Game(PUZZLE)).children[0].value == style


def test_a_game_in_a_notebook_is_a_picture_of_its_marks():
    game = Game(PUZZLE)
    game.click((0, 0))
    html = game._repr_html_()
    assert html.startswith('<img src="data:image/svg+xml;base64,') and "<svg" not in html
    assert 'alt="Tents 4x4: 1 of 3 tents placed"' in html
