"""The hard deductions, which look past one cell or one count (the easy ones are in tents.rules).

- line-fits: try every way to put the missing tents of a row or column into its free cells,
  no two side by side; a cell that is a tent in all of them is a tent, in none of them grass.
- shared-neighbour: every place left for a tree's tent touches a certain cell, so that cell
  is grass (whichever place the tent takes, it touches that cell).
- trees-claim-line: some trees can only put their tents in one row (or column), each a tent of
  its own, and they are as many as the tents that row still misses: the rest of it is grass.
- line-squeezes: every way to complete a row (or column) puts a tent next to a cell of the row
  beside it, so that cell is grass.
"""
from __future__ import annotations

from collections.abc import Iterator

from tents.board import Board, Contradiction
from tents.rules import (
    GRASS,
    TENT,
    UNKNOWN,
    Deduction,
    Focus,
    Rule,
    RuleFunction,
    lines_of,
    trees_near,
)

MEMO_LIMIT = 50000  # line_ways results kept per geometry


Ways = tuple[list[int], list[int], list[int], list[int]]


def remembered_ways(board: Board, line: int, states: list[int], clue: int) -> Ways:
    """line_ways, remembered on the board's geometry (the same line states come back often)."""
    key = (bytes(states), clue)
    memo = board.geo.memo
    if key not in memo:
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        memo[key] = line_ways(states, clue)
    found = memo[key]
    if found is None:
        raise Contradiction(f"{board.geo.line_text(line)} cannot fit its {clue} tents "
                            "without two of them touching")
    return found


def line_ways(states: list[int], clue: int) -> Ways | None:
    """Bit sets of tent counts for the prefixes and suffixes of a line (None if no way fits).

    Forwards, end_free[i] / end_tent[i] hold the counts possible in cells 0..i-1 when cell i-1 is
    not / is a tent. Backwards, rest_free[i] / rest_tent[i] hold, for cells i..n-1 starting without
    / with a tent, the counts still wanted before them: bit clue - k for k tents. So a prefix and
    a suffix fit together exactly when their sets intersect.
    """
    n = len(states)
    end_free, end_tent = [1] + [0] * n, [0] * (n + 1)
    for i, s in enumerate(states):
        end_free[i + 1] = 0 if s == TENT else end_free[i] | end_tent[i]
        end_tent[i + 1] = 0 if s >= GRASS else end_free[i] << 1
    rest_free, rest_tent = [0] * n + [1 << clue], [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        s = states[i]
        rest_free[i] = 0 if s == TENT else rest_free[i + 1] | rest_tent[i + 1]
        rest_tent[i] = 0 if s >= GRASS else rest_free[i + 1] >> 1
    if not (rest_free[0] | rest_tent[0]) & 1:
        return None
    return end_free, end_tent, rest_free, rest_tent


def line_fits(board: Board, focus: Focus = None) -> Iterator[Deduction]:
    """Tents and grass that every way of completing a row or column agrees on."""
    lines, cells = board.geo.lines, board.cells
    for line in lines_of(board, focus):
        if not board.unknown[line]:
            continue
        members = lines[line]
        states = [cells[i] for i in members]
        end_free, end_tent, rest_free, rest_tent = remembered_ways(board, line, states, board.clues[line])
        tents, grass = [], []
        for j, s in enumerate(states):
            if s != UNKNOWN:
                continue
            if not end_free[j] & rest_tent[j]:
                grass.append(members[j])
            elif not (end_free[j] | end_tent[j]) & (rest_free[j + 1] | rest_tent[j + 1]):
                tents.append(members[j])
        if tents or grass:
            yield Deduction(Rule.LINE_FITS, tents=tuple(tents), grass=tuple(grass), line=line)


def shared_neighbour(board: Board, focus: Focus = None) -> Iterator[Deduction]:
    """Grass where every place left for a tree's tent touches the cell."""
    cells, around = board.cells, board.geo.around
    for t in trees_near(board, focus):
        places = board.candidates(t)
        if len(places) < 2:
            continue
        common = set(around[places[0]])
        for p in places[1:]:
            common.intersection_update(around[p])
        grass = tuple(sorted(j for j in common if cells[j] == UNKNOWN and j not in places))
        if grass:
            yield Deduction(Rule.SHARED_NEIGHBOUR, grass=grass, about=(t,))


def trees_claim_line(board: Board, focus: Focus = None) -> Iterator[Deduction]:
    """Grass in a line whose missing tents are all claimed by trees that can only put theirs there.

    It looks at the whole board every time (`focus` is not used): a claim changes when a tree
    far from the changed cells loses a place.
    """
    lines, cells, line_of = board.geo.lines, board.cells, board.geo.line_of
    claims: dict[int, list[int]] = {}
    for t in board.trees:
        if board.partner[t] != -1:
            continue
        places = board.candidates(t)
        if len(places) < 2 or any(cells[q] != UNKNOWN for q in places):
            continue
        for k in (0, 1):
            line = line_of[places[0]][k]
            if all(line_of[q][k] == line for q in places):
                claims.setdefault(line, []).append(t)
    for line in sorted(claims):
        trees = claims[line]
        missing = board.clues[line] - board.tents[line]
        if len(trees) > missing:
            raise Contradiction(f"more trees need a tent in {board.geo.line_text(line)} than it has "
                                "tents to give")
        if len(trees) == missing:
            claimed = {q for t in trees for q in board.candidates(t)}
            grass = tuple(i for i in lines[line] if cells[i] == UNKNOWN and i not in claimed)
            if grass:
                yield Deduction(Rule.TREES_CLAIM_LINE, grass=grass, line=line,
                                about=tuple(trees))


def line_squeezes(board: Board, focus: Focus = None) -> Iterator[Deduction]:
    """Grass beside a line where every way of completing that line puts a tent next to it."""
    geo, cells = board.geo, board.cells
    for line in lines_of(board, focus):
        clue = board.clues[line]
        if not board.unknown[line] or board.tents[line] == clue:
            continue
        members = geo.lines[line]
        states = [cells[i] for i in members]
        n = len(states)
        end_free, end_tent, rest_free, rest_tent = remembered_ways(board, line, states, clue)
        grass = []
        for other in geo.neighbour_lines(line):
            beside = geo.lines[other]
            for j in range(n):
                if cells[beside[j]] != UNKNOWN:
                    continue
                lo, hi = max(j - 1, 0), min(j + 1, n - 1)
                if TENT in states[lo:hi + 1]:
                    continue  # touches a placed tent: touches-tent's job
                if not (end_free[lo] | end_tent[lo]) & (rest_free[hi + 1] | rest_tent[hi + 1]):
                    grass.append(beside[j])
        if grass:
            yield Deduction(Rule.LINE_SQUEEZES, grass=tuple(grass), line=line)


HARD_RULES: tuple[RuleFunction, ...] = (line_fits, shared_neighbour, trees_claim_line, line_squeezes)
