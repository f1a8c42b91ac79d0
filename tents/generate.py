"""The seeded generator: tents first, a tree beside each, clues counted, kept only if it has one solution."""
from __future__ import annotations

from dataclasses import dataclass

from cosmos.rng import Random
from tents.board import Board, Geometry, Mark
from tents.grid import Difficulty, Puzzle, Solution, check_size, clues_for
from tents.solver import solve_board

MAX_ATTEMPTS = 20000
MIN_DENSITY = 8  # refill until at least one cell in MIN_DENSITY holds a tent (or tries run out)

Pair = tuple[int, int]  # (tree, tent) as flat cell indices


class GenerationError(RuntimeError):
    """No puzzle of the wanted kind turned up within MAX_ATTEMPTS tries."""


@dataclass(frozen=True)
class Generated:
    """A generated puzzle, its one solution and how many candidate layouts were tried to find it."""

    puzzle: Puzzle
    solution: Solution
    attempts: int


def tent_count(width: int, height: int) -> int:
    """How many tents (and trees) a layout starts with: a fifth of the cells."""
    return width * height // 5


def place_tents(rng: Random, geo: Geometry, count: int) -> list[int] | None:
    """`count` cells, none touching another, tried in a shuffled order; None if they do not fit."""
    order = list(range(geo.width * geo.height))
    rng.shuffle(order)
    taken = bytearray(len(order))
    tents = []
    for i in order:
        if not any(taken[j] for j in geo.around[i]):
            taken[i] = 1
            tents.append(i)
            if len(tents) == count:
                return sorted(tents)
    return None


def place_trees(rng: Random, geo: Geometry, tents: list[int]) -> list[Pair] | None:
    """A tree on a free side of each tent, tents in a shuffled order; None if a tent is boxed in.

    The source kept drawing directions until one was free, which never ends for a corner tent
    whose two sides are taken; here a boxed-in tent just ends this attempt.
    """
    order = tents[:]
    rng.shuffle(order)
    used = set(tents)
    pairs = []
    for tent in order:
        free = [j for j in geo.orth[tent] if j not in used]
        if not free:
            return None
        tree = free[rng.next_int(len(free))]
        used.add(tree)
        pairs.append((tree, tent))
    return pairs


def puzzle_of(geo: Geometry, pairs: list[Pair]) -> Puzzle:
    """The puzzle these (tree, tent) pairs make: the trees, and the clues their tents give."""
    tents = [geo.cell(tent) for _, tent in pairs]
    cols, rows = clues_for(geo.width, geo.height, tents)
    return Puzzle(geo.width, geo.height, tuple(geo.cell(tree) for tree, _ in pairs), cols, rows)


def stuck_groups(board: Board, pairs: list[Pair]) -> list[list[int]]:
    """The pairs whose tent the rules did not place and pair, grouped: tents at most two cells apart."""
    geo = board.geo
    stuck = {tent: k for k, (_, tent) in enumerate(pairs)
             if board.cells[tent] != Mark.TENT or board.partner[tent] == -1}
    groups = []
    for start in sorted(stuck):
        if stuck.get(start) is None:
            continue
        group, todo = [], [start]
        while todo:
            tent = todo.pop()
            k = stuck.pop(tent, None)
            if k is None:
                continue
            group.append(k)
            row, col = geo.cell(tent)
            for r in range(max(row - 2, 0), min(row + 3, geo.height)):
                for c in range(max(col - 2, 0), min(col + 3, geo.width)):
                    if r * geo.width + c in stuck:
                        todo.append(r * geo.width + c)
        groups.append(sorted(group))
    return groups


def refill(rng: Random, geo: Geometry, pairs: list[Pair], difficulty: Difficulty) -> list[Pair]:
    """Add pairs at random free places while the puzzle is too sparse, keeping each that still
    leaves the puzzle solved at exactly `difficulty` (at most one try per MIN_DENSITY cells)."""
    area = geo.width * geo.height
    for _ in range(area // MIN_DENSITY):
        if len(pairs) * MIN_DENSITY >= area:
            break
        used = {cell for pair in pairs for cell in pair}
        near_tent = {j for _, tent in pairs for j in geo.around[tent]}
        spots = [i for i in range(area) if i not in used and i not in near_tent
                 and any(j not in used for j in geo.orth[i])]
        if not spots:
            break
        tent = spots[rng.next_int(len(spots))]
        sides = [j for j in geo.orth[tent] if j not in used]
        tree = sides[rng.next_int(len(sides))]
        _, level = solve_board(puzzle_of(geo, pairs + [(tree, tent)]), difficulty, geo)
        if level is difficulty:
            pairs = pairs + [(tree, tent)]
    return pairs


def _attempt(rng: Random, geo: Geometry, difficulty: Difficulty) -> tuple[Puzzle, Solution] | None:
    """One candidate layout, repaired until the rules of `difficulty` (and no easier) solve it.

    Where the rules get stuck, one tent they could not place is taken away with its tree from
    each group of such tents, and the rules run again. A hard candidate that turns easy is
    dropped. A solved candidate left too sparse is then refilled.
    """
    tents = place_tents(rng, geo, tent_count(geo.width, geo.height))
    if tents is None:
        return None
    pairs = place_trees(rng, geo, tents)
    if pairs is None:
        return None
    while pairs:
        puzzle = puzzle_of(geo, pairs)
        board, level = solve_board(puzzle, difficulty, geo)
        if level is not None:
            if level is not difficulty:
                return None
            pairs = refill(rng, geo, pairs, difficulty)
            puzzle = puzzle_of(geo, pairs)
            board, level = solve_board(puzzle, difficulty, geo)
            solution = Solution.of((geo.cell(tree), geo.cell(tent)) for tree, tent in pairs)
            if Solution.of(board.pairs()) != solution:
                raise RuntimeError(f"the solver found another solution than the generated one: {puzzle}")
            return puzzle, solution
        drop = {group[rng.next_int(len(group))] for group in stuck_groups(board, pairs)}
        pairs = [pair for k, pair in enumerate(pairs) if k not in drop]
    return None


def generate(width: int, height: int, difficulty: Difficulty = Difficulty.EASY, seed: int = 0) -> Generated:
    """The puzzle of this size, difficulty and seed: the same arguments always give the same puzzle.

    Candidates come from one mulberry32 stream; the first that the logical solver solves with
    the rules of `difficulty`, and not with easier ones, is kept. The rules are sound, so when
    they fill in every tent and every pair, that is the only solution.
    """
    check_size(width, height)
    if not isinstance(difficulty, Difficulty):
        raise ValueError(f"the difficulty must be easy or hard, not {difficulty!r}")
    rng = Random(seed)
    geo = Geometry.of(width, height)
    for attempt in range(1, MAX_ATTEMPTS + 1):
        found = _attempt(rng, geo, difficulty)
        if found is not None:
            return Generated(found[0], found[1], attempt)
    raise GenerationError(f"no {difficulty.value} {width}x{height} puzzle turned up in "
                          f"{MAX_ATTEMPTS} attempts for seed {seed}")
