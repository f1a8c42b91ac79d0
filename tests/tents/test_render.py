"""Pictures: the text layout exactly, and SVG that is well-formed and shows what it should."""
from __future__ import annotations

import base64
import xml.etree.ElementTree as ET

from tents import Difficulty, generate, parse_game_id, to_svg, to_text
from tents.render import icon_svg
from tests.elsewhere import printed_elsewhere

SVG = "{http://www.w3.org/2000/svg}"
PUZZLE = parse_game_id("4x4:ebbd,1,1,1,0,1,0,1,1")  # Tatham's 4x4 fixture
TENTS = [(0, 1), (2, 2), (3, 0)]


def test_text_shows_trees_clues_and_the_total_in_the_corner():
    assert to_text(PUZZLE) == (
        "  .  .  .  .   1\n"
        "  .  T  .  .   0\n"
        "  T  .  .  T   1\n"
        "  .  .  .  .   1\n"
        "  1  1  1  0   3\n")


def test_text_shows_tents_and_no_tent_marks():
    text = to_text(PUZZLE, TENTS, [(0, 0)])
    assert text.splitlines()[0] == "  -  ^  .  .   1"
    assert text.splitlines()[3] == "  ^  .  .  .   1"
    assert str(PUZZLE) == to_text(PUZZLE)


def test_two_digit_clues_stay_aligned():
    puzzle = generate(20, 20, Difficulty.EASY, 1).puzzle
    lines = to_text(puzzle).splitlines()
    assert len(lines) == 21 and len({len(line) for line in lines}) == 1


def shapes(svg: str) -> dict[str, list[ET.Element]]:
    root = ET.fromstring(svg)
    found: dict[str, list[ET.Element]] = {}
    for element in root.iter():
        found.setdefault(element.tag.removeprefix(SVG), []).append(element)
    return found


def test_svg_puzzle_has_a_cell_per_square_a_crown_per_tree_and_every_number():
    found = shapes(to_svg(PUZZLE))
    assert len(found["circle"]) == PUZZLE.total
    assert "polygon" not in found  # no tents in the puzzle picture
    numbers = [element.text for element in found["text"]]
    assert numbers == [str(n) for n in (*PUZZLE.row_clues, *PUZZLE.col_clues, PUZZLE.total)]
    cells = [r for r in found["rect"] if r.get("stroke")]
    assert len(cells) == PUZZLE.width * PUZZLE.height


def test_svg_solution_draws_each_tent_and_marks_errors_and_no_tents():
    found = shapes(to_svg(PUZZLE, TENTS, no_tents=[(0, 0)], errors=[(0, 0)]))
    assert len(found["polygon"]) == 2 * len(TENTS)  # a tent and its door
    assert sum(1 for r in found["rect"] if r.get("fill") == "#ffb3b3") == 1
    assert sum(1 for r in found["rect"] if r.get("fill") == "#000") == 1


def test_svg_is_the_same_every_time_and_notebooks_get_it_as_an_img_they_show_untrusted():
    code = ("from tents import parse_game_id, to_svg; "
            "print(to_svg(parse_game_id('4x4:ebbd,1,1,1,0,1,0,1,1'), [(0, 1), (2, 2), (3, 0)]), end='')")
    assert {printed_elsewhere(code, seed) for seed in (0, 4242)} == {to_svg(PUZZLE, TENTS)}
    html = PUZZLE._repr_html_()
    assert html.startswith('<img src="data:image/svg+xml;base64,') and "<svg" not in html
    encoded = html.split("base64,", 1)[1].split('"', 1)[0]
    assert base64.b64decode(encoded).decode() == to_svg(PUZZLE)
    assert not hasattr(PUZZLE, "_repr_svg_")  # an untrusted notebook would fall back to the repr text


def test_coordinates_number_the_rows_and_columns_from_0_in_grey():
    found = shapes(to_svg(PUZZLE, coordinates=True))
    grey = [element.text for element in found["text"] if element.get("fill") == "#888888"]
    assert grey == [str(r) for r in range(PUZZLE.height)] + [str(c) for c in range(PUZZLE.width)]
    plain = [element.text for element in found["text"] if element.get("fill") != "#888888"]
    assert plain == [element.text for element in shapes(to_svg(PUZZLE))["text"]]


def test_each_cell_drawing_stands_alone_for_the_widget():
    for kind, tag in (("tree", "circle"), ("tent", "polygon"), ("no-tent", "rect")):
        assert tag in shapes(icon_svg(kind))
