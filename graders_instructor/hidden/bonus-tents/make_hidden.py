"""Write the grader's side of the Tents exercise: hidden.json, the reference and the known-wrong notebooks.

Inputs come from Tatham's puzzles and seeded puzzles of the `tents` package; the answers from
`tents.parse_game_id` (tested against Tatham's program) and `tents.problems` (which checks a
placement rule by rule, without the solver). Every wrong notebook is the reference with one
deliberate bug. Run `python graders_instructor/hidden/bonus-tents/make_hidden.py` after changing it;
`python -m graders_instructor validate bonus-tents` then proves the data is consistent.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
from graders_instructor.authoring.hints import with_hints  # noqa: E402
from tents import (  # noqa: E402
    Difficulty,
    Puzzle,
    count_solutions,
    format_game_id,
    generate,
    parse_game_id,
    problems,
)

HERE = Path(__file__).resolve().parent

# The hidden checks' hints, per function: a nudge that names no input and no answer.
HIDDEN_HINTS = {
    'read_game_id': (
        'Take the ID apart step by step: the size, then the trees, then the clues.'
    ),
    'is_solution': (
        'Check each rule of the puzzle on its own: tents beside their trees, no two tents touching, the '
        'counts of every row and column.'
    ),
    'count_solutions': (
        'Search with backtracking and keep counting past the first solution, but stop at two: a second one'
        ' already says the puzzle is not unique.'
    ),
    'main': (
        "Compare your output with the public example's line by line: the same words, the same order, no "
        'extra spaces.'
    ),
}
TATHAM = ROOT / "tests" / "tents" / "data" / "tatham_ids.tsv"

REFERENCE = '''
def read_game_id(game_id):
    """(width, height, trees as [row, column] in reading order, column clues, row clues)."""
    size, description = game_id.split(":")
    width, height = (int(part) for part in size.split("x"))
    code, *numbers = description.split(",")
    trees = []
    position = 0  # the next square the code describes
    for letter in code:
        if letter == "z":  # 25 empty squares and no tree
            position += 25
            continue
        if letter != "_":  # a to y: 1 to 25 empty squares, then the tree
            position += ord(letter) - ord("a") + 1
        if position < width * height:  # the last tree is the imagined one after the grid
            trees.append([position // width, position % width])
        position += 1
    clues = [int(number) for number in numbers]
    return (width, height, trees, clues[:width], clues[width:])


def is_solution(game_id, tents):
    """True if the tents ([row, column] pairs) solve the puzzle of the game ID."""
    width, height, trees, col_clues, row_clues = read_game_id(game_id)
    tents = [tuple(tent) for tent in tents]
    placed = set(tents)
    if len(placed) != len(tents) or len(tents) != len(trees):
        return False
    if any(tent in {tuple(tree) for tree in trees} for tent in tents):
        return False
    for i, (row, col) in enumerate(tents):
        for row2, col2 in tents[i + 1:]:
            if abs(row - row2) <= 1 and abs(col - col2) <= 1:
                return False  # two tents touch, by a side or a corner
    if [sum(1 for _, col in tents if col == c) for c in range(width)] != col_clues:
        return False
    if [sum(1 for row, _ in tents if row == r) for r in range(height)] != row_clues:
        return False
    owner = {}  # tent -> tree: the pairing found so far

    def pair(tree, seen):
        """Give this tree a tent, moving other trees to other tents if needed (augmenting path)."""
        row, col = tree
        for tent in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if tent in placed and tent not in seen:
                seen.add(tent)
                if tent not in owner or pair(owner[tent], seen):
                    owner[tent] = tree
                    return True
        return False

    return all(pair(tuple(tree), set()) for tree in trees)


def count_solutions(game_id):
    """How many solutions the puzzle has: 0, 1, or 2 for two or more (the search stops at two)."""
    width, height, trees, col_clues, row_clues = read_game_id(game_id)
    tree_cells = {tuple(tree) for tree in trees}
    cols, rows = [0] * width, [0] * height
    tents = []  # tents[i] is the tent of trees[i], for the trees given one so far
    found = 0

    def free(cell):
        """Can a tent stand on this cell, next to the tents placed so far?"""
        row, col = cell
        if not (0 <= row < height and 0 <= col < width) or cell in tree_cells:
            return False
        if rows[row] == row_clues[row] or cols[col] == col_clues[col]:
            return False
        return all(abs(row - r) > 1 or abs(col - c) > 1 for r, c in tents)

    def search(i):
        """Give trees i, i + 1, ... a tent each, in every way that fits; count the complete ones."""
        nonlocal found
        if found >= 2:
            return
        if i == len(trees):
            found += rows == row_clues and cols == col_clues
            return
        row, col = trees[i]
        for cell in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if free(cell):
                tents.append(cell)
                rows[cell[0]] += 1
                cols[cell[1]] += 1
                search(i + 1)
                tents.pop()
                rows[cell[0]] -= 1
                cols[cell[1]] -= 1

    search(0)
    return found


def main():
    """Read a game ID and then one tent per line ("row column"); print solved or not solved."""
    import sys

    lines = sys.stdin.read().splitlines()
    tents = [[int(x) for x in line.split()] for line in lines[1:] if line.strip()]
    print("solved" if is_solution(lines[0].strip(), tents) else "not solved")
'''.strip() + "\n"

# name -> (what is wrong, text in the reference, its replacement)
WRONG = {
    "a-is-no-blank": ("A run letter counts one blank too few: `a` is read as no blank at all.",
                      'position += ord(letter) - ord("a") + 1', 'position += ord(letter) - ord("a")'),
    "z-plants-a-tree": ("`z` is read like the other letters: 26 blanks and then a tree.",
                        '        if letter == "z":  # 25 empty squares and no tree\n'
                        "            position += 25\n            continue\n", ""),
    "rows-before-columns": ("The clues are read rows first, columns second.",
                            "return (width, height, trees, clues[:width], clues[width:])",
                            "return (width, height, trees, clues[height:], clues[:height])"),
    "imagined-tree-kept": ("The imagined tree after the last square is returned as a real tree.",
                           "        if position < width * height:  # the last tree is the imagined one after the grid\n"
                           "            trees.append([position // width, position % width])\n",
                           "        trees.append([position // width, position % width])\n"),
    "corners-may-touch": ("Tents that touch only at a corner are allowed.",
                          "if abs(row - row2) <= 1 and abs(col - col2) <= 1:",
                          "if abs(row - row2) + abs(col - col2) <= 1:"),
    "neighbours-not-pairs": ("Instead of pairing trees and tents, it only asks that every tent has "
                             "some tree beside it and every tree some tent.",
                             "    return all(pair(tuple(tree), set()) for tree in trees)\n",
                             "    def beside(cell, others):\n"
                             "        return any(abs(cell[0] - o[0]) + abs(cell[1] - o[1]) == 1 for o in others)\n\n"
                             "    trees = [tuple(tree) for tree in trees]\n"
                             "    return (all(beside(t, placed) for t in trees)\n"
                             "            and all(beside(t, trees) for t in tents))\n"),
    "extra-tents-allowed": ("More tents than trees pass, as long as every tree finds one.",
                            "if len(placed) != len(tents) or len(tents) != len(trees):",
                            "if len(placed) != len(tents):"),
    "tuples-not-lists": ("The trees come back as tuples, not lists.",
                         "trees.append([position // width, position % width])",
                         "trees.append((position // width, position % width))"),
    "count-stops-at-one": ("The search stops at the first solution, so two solutions are never seen.",
                           "        if found >= 2:\n            return\n",
                           "        if found >= 1:\n            return\n"),
    "search-lets-corners-touch": ("The search lets two tents touch at a corner.",
                                  "return all(abs(row - r) > 1 or abs(col - c) > 1 for r, c in tents)",
                                  "return all(abs(row - r) + abs(col - c) > 1 for r, c in tents)"),
    "search-ends-without-the-clues": ("A complete placement counts without checking that every clue is met.",
                                      "            found += rows == row_clues and cols == col_clues\n",
                                      "            found += 1\n"),
    "always-equal": ("Every answer is an object that claims to equal anything.",
                     "def main():",
                     "class Anything:\n"
                     "    def __eq__(self, other):\n        return True\n\n"
                     "    def __hash__(self):\n        return 0\n\n\n"
                     "read_game_id = is_solution = count_solutions = lambda *args: Anything()  # noqa: F811\n\n\n"
                     "def main():"),
}


def tatham_ids() -> list[tuple[str, list[list[int]]]]:
    """Tatham's game IDs with their solutions, from the tests' data file."""
    found = []
    for line in TATHAM.read_text().splitlines():
        if line and not line.startswith("#"):
            game_id, _level, _seed, tents = line.split("\t")
            found.append((game_id, [[int(x) for x in pair.split(",")] for pair in tents.split(";")]))
    return found


def read_answer(game_id: str) -> list:
    """What read_game_id must return, as plain JSON."""
    p = parse_game_id(game_id)
    return [p.width, p.height, [list(t) for t in p.trees], list(p.col_clues), list(p.row_clues)]


def solves(game_id: str, tents: list[list[int]]) -> bool:
    """What is_solution must return."""
    return problems(parse_game_id(game_id), [tuple(t) for t in tents]) == []


def crafted() -> dict[str, tuple[str, list[list[int]]]]:
    """Puzzles made to catch one mistake each: name -> (game ID, tents)."""
    def gid(width, height, trees, tents):
        cols = tuple(sum(1 for _, c in tents if c == x) for x in range(width))
        rows = tuple(sum(1 for r, _ in tents if r == y) for y in range(height))
        return format_game_id(Puzzle(width, height, tuple(map(tuple, trees)), cols, rows))

    ring = [[0, 1], [1, 0], [1, 2], [2, 1]]
    ring_tents = [[0, 0], [0, 2], [2, 0], [2, 2]]
    no_pairing_trees, no_pairing_tents = [[1, 2], [1, 4], [4, 3]], [[1, 3], [3, 3], [5, 3]]
    return {
        "every tree has a tent beside it and every tent a tree":
            (gid(7, 7, no_pairing_trees, no_pairing_tents), no_pairing_tents),
        "one tree, two tents beside it, clues to match":
            (gid(5, 5, [[2, 2]], [[1, 2], [3, 2]]), [[1, 2], [3, 2]]),
        "four trees in a ring and four tents around them":
            (gid(4, 4, ring, ring_tents), ring_tents),
        "two tents that meet at a corner, clues to match":
            (gid(5, 5, [[0, 1], [2, 3]], [[1, 1], [2, 2]]), [[1, 1], [2, 2]]),
        "a tent on a tree, clues to match":
            (gid(4, 4, [[0, 0], [3, 3]], [[0, 1], [3, 3]]), [[0, 1], [3, 3]]),
    }


def checks() -> list[dict]:
    """The hidden checks."""
    result = []
    for number, (game_id, _) in enumerate(tatham_ids(), start=1):
        result.append({"name": f"read_game_id: Tatham's puzzle {number}, {game_id.split(':')[0]}",
                       "call": "read_game_id", "args": [game_id], "expect": read_answer(game_id)})
    empty = format_game_id(Puzzle(20, 20, (), (0,) * 20, (0,) * 20))
    last = format_game_id(Puzzle(20, 20, ((19, 19),), (0,) * 19 + (1,), (0,) * 19 + (1,)))
    for name, game_id in [("an empty 20x20 grid", empty), ("one tree in the last square of 20x20", last),
                          ("a 4x20 puzzle", format_game_id(generate(4, 20, Difficulty.HARD, 3).puzzle)),
                          ("a 20x4 puzzle", format_game_id(generate(20, 4, Difficulty.EASY, 3).puzzle))]:
        result.append({"name": f"read_game_id: {name}", "call": "read_game_id", "args": [game_id],
                       "expect": read_answer(game_id)})
    for game_id, tents in tatham_ids()[2::3]:
        size = game_id.split(":")[0]
        result.append({"name": f"is_solution: Tatham's {size} solution", "call": "is_solution",
                       "args": [game_id, tents], "expect": True})
        moved = [tents[0][0], tents[0][1] + (1 if tents[0][1] == 0 else -1)]
        result.append({"name": f"is_solution: Tatham's {size} solution with its first tent moved",
                       "call": "is_solution", "args": [game_id, [moved] + tents[1:]],
                       "expect": solves(game_id, [moved] + tents[1:])})
        result.append({"name": f"is_solution: Tatham's {size} solution without its last tent",
                       "call": "is_solution", "args": [game_id, tents[:-1]], "expect": False})
    for name, (game_id, tents) in crafted().items():
        result.append({"name": f"is_solution: {name}", "call": "is_solution", "args": [game_id, tents],
                       "expect": solves(game_id, tents)})
    for seed in (5, 6):
        made = generate(12, 9, Difficulty.HARD, seed)
        game_id, tents = format_game_id(made.puzzle), [list(t) for t in made.solution.tents]
        for name, given in [("solved", tents), ("in another order", tents[::-1]),
                            ("with a tent twice", tents[:-1] + tents[:1])]:
            result.append({"name": f"is_solution: a 12x9 puzzle of seed {seed}, {name}",
                           "call": "is_solution", "args": [game_id, given],
                           "expect": solves(game_id, given) and len({tuple(t) for t in given}) == len(given)})
        stdin = game_id + "\n" + "".join(f"{r} {c}\n" for r, c in tents)
        result.append({"name": f"the program: a 12x9 puzzle of seed {seed}", "call": "main",
                       "stdin": stdin, "expect": "solved\n"})
    result.extend(count_checks())
    game_id, tents = crafted()["every tree has a tent beside it and every tent a tree"]
    result.append({"name": "the program: every tree has a tent beside it and every tent a tree", "call": "main",
                   "stdin": game_id + "\n" + "".join(f"{r} {c}\n" for r, c in tents),
                   "expect": "not solved\n"})
    return result


def counted(game_id: str) -> int:
    """What count_solutions must return: the package's count (0, 1 or 2 for more than one)."""
    return count_solutions(parse_game_id(game_id))


def shifted_clue(game_id: str) -> str:
    """The same trees with one tent moved from the first non-zero column clue to the next column."""
    p = parse_game_id(game_id)
    cols = list(p.col_clues)
    first = next(c for c in range(p.width - 1) if cols[c])
    cols[first], cols[first + 1] = cols[first] - 1, cols[first + 1] + 1
    return format_game_id(Puzzle(p.width, p.height, p.trees, tuple(cols), p.row_clues))


AMBIGUOUS = {  # the lesson's shapes where the clues do not decide, and Tatham's ring of shared tents
    "two trees side by side": (4, 4, [[0, 1], [1, 1]], [[0, 0], [1, 2]]),
    "four trees in a T": (4, 4, [[0, 1], [0, 2], [2, 1], [3, 1]], [[0, 0], [0, 3], [2, 0], [3, 2]]),
    "four trees in a square": (4, 4, [[1, 1], [1, 2], [2, 1], [2, 2]], [[0, 1], [1, 3], [2, 0], [3, 2]]),
    "one tent layout, two pairings (a ring)": (4, 4, [[0, 1], [1, 0], [1, 2], [2, 1]],
                                                [[0, 0], [0, 2], [2, 0], [2, 2]]),
}


def ambiguous_id(width: int, height: int, trees: list, tents: list) -> str:
    """The game ID of trees whose clues come from one of their solutions."""
    cols = tuple(sum(1 for _, c in tents if c == x) for x in range(width))
    rows = tuple(sum(1 for r, _ in tents if r == y) for y in range(height))
    return format_game_id(Puzzle(width, height, tuple(map(tuple, trees)), cols, rows))


def count_checks() -> list[dict]:
    """count_solutions: unique puzzles, shapes with several solutions, and clues no placement meets."""
    result = []
    small = [g for g, _ in tatham_ids() if int(g.split("x")[0]) * int(g.split(":")[0].split("x")[1]) <= 72]
    made = {f"a {n}x{n} {level.value} puzzle of seed {seed}": format_game_id(generate(n, n, level, seed).puzzle)
            for n, level, seed in [(5, Difficulty.EASY, 1), (6, Difficulty.HARD, 2), (7, Difficulty.EASY, 3),
                                   (8, Difficulty.HARD, 4), (10, Difficulty.HARD, 5)]}
    named = {f"Tatham's puzzle {n}, {g.split(':')[0]}": g for n, g in enumerate(small, start=1)} | made
    for name, game_id in named.items():
        result.append({"name": f"count_solutions: {name}", "call": "count_solutions",
                       "args": [game_id], "expect": counted(game_id)})
    for name in [*list(made)[:3], *list(named)[:2]]:
        wrong = shifted_clue(named[name])
        result.append({"name": f"count_solutions: {name}, one column clue shifted",
                       "call": "count_solutions", "args": [wrong], "expect": counted(wrong)})
    for name, shape in AMBIGUOUS.items():
        game_id = ambiguous_id(*shape)
        result.append({"name": f"count_solutions: {name}", "call": "count_solutions", "args": [game_id],
                       "expect": counted(game_id)})
    greedy = "4x4:ebbd,1,1,1,1,1,0,1,2"  # the lesson's 4x4 with one tent more asked of a column and a row
    result.append({"name": "count_solutions: the clues ask for one tent more than there are trees",
                   "call": "count_solutions", "args": [greedy], "expect": counted(greedy)})
    no_trees = format_game_id(Puzzle(5, 5, (), (0,) * 5, (0,) * 5))
    result.append({"name": "count_solutions: no trees and no tents: one empty solution",
                   "call": "count_solutions", "args": [no_trees], "expect": counted(no_trees)})
    return result


def notebook(title: str, explanation: str, code: str) -> nbformat.NotebookNode:
    """A solution notebook: a markdown cell saying what it is, then the code."""
    return new_notebook(cells=[new_markdown_cell(f"# {title}\n\n{explanation}", id="c00"),
                               new_code_cell(code, id="c01")],
                        metadata={"kernelspec": {"display_name": "Python 3", "language": "python",
                                                 "name": "python3"}})


def main() -> None:
    """Write hidden.json, reference.ipynb and wrong/*.ipynb."""
    (HERE / "hidden.json").write_text(
        "{\"format\":1,\"checks\":[\n"
        + ",\n".join(json.dumps(c, separators=(",", ":")) for c in with_hints(checks(), HIDDEN_HINTS)) + "\n]}\n")
    nbformat.write(notebook("Reference solution", "Full marks expected.", REFERENCE),
                   HERE / "reference.ipynb")
    (HERE / "wrong").mkdir(exist_ok=True)
    for name, (why, old, new) in WRONG.items():
        if REFERENCE.count(old) != 1:
            raise SystemExit(f"{name}: the text to change is not exactly once in the reference")
        nbformat.write(notebook(f"Known wrong: {name}", why, REFERENCE.replace(old, new)),
                       HERE / "wrong" / f"{name}.ipynb")


if __name__ == "__main__":
    main()
