"""The bonus lesson's see-it: a frame per step of the Tents solver (tents.trace), the rule's real code beside it."""
from __future__ import annotations

from lessons.kit.seeit import code_pane, frame_html, line_of, svg_img
from tents.render import to_svg
from tents.solver import ALL_RULES
from tents.trace import Step, Trace

RULE_FUNCTIONS = {rule.__name__: rule for rule in ALL_RULES}


def rule_function(step: Step):
    """The real rule function that made this step."""
    return RULE_FUNCTIONS[step.function]


def lit_line(step: Step) -> int:
    """The file line of the rule's `yield`: where the deduction of this step came from."""
    return line_of(rule_function(step), "yield Deduction(")


def counters(step: Step | None, trace: Trace) -> list[tuple[str, object]]:
    """The numbers on screen: the step, the tents placed, the trees paired, the cells still open."""
    total = trace.puzzle.total
    cells = trace.puzzle.width * trace.puzzle.height - total
    if step is None:
        return [("deduction", f"0 of {len(trace.steps)}"), ("tents", f"0 of {total}"),
                ("trees paired", f"0 of {total}"), ("cells undecided", cells)]
    return [("deduction", f"{step.number} of {len(trace.steps)}"), ("tents", f"{len(step.all_tents)} of {total}"),
            ("trees paired", f"{step.paired} of {total}"), ("cells undecided", step.unknown)]


def picture(trace: Trace, step: Step | None) -> str:
    """The grid after a step: the tents and grass known so far, this step's cells in yellow."""
    if step is None:
        return svg_img(to_svg(trace.puzzle, coordinates=True), "the puzzle before the first step")
    lit = step.tents + step.grass + tuple(cell for pair in step.pairs for cell in pair)
    svg = to_svg(trace.puzzle, step.all_tents, step.all_grass, highlight=lit, coordinates=True)
    return svg_img(svg, f"after step {step.number}: {step.rule}")


def code_beside(step: Step) -> str:
    """The rule's real source with the step's line lit, indentation kept (white-space: pre)."""
    return f'<div style="white-space:pre">{code_pane(rule_function(step), lit_line(step))}</div>'


def frames(trace: Trace) -> list[str]:
    """The frames of the step-through: the empty grid, then one frame per step of the trace."""
    first = frame_html(picture(trace, None), "The puzzle as given: only the trees and the clues are known. "
                       "Grass (a small black square) means: surely no tent here.", counters(None, trace))
    shown = [first]
    for step in trace.steps:
        caption = f"Rule {step.rule} ({step.function}): {step.reason}"
        shown.append(frame_html(picture(trace, step), caption, counters(step, trace), code_beside(step)))
    return shown
