"""Lesson 2's pictures and traces: the technology tree in tiers, Kahn's steps, research in a game.

The engine's functions are handed in by the lesson (this module imports only lesson 1's data),
so the trace is what the real `validate_tree` did, recorded by its `watch` hook.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

from cosmos.data import Tech
from lessons.kit.seeit import code_pane, svg_img
from lessons.kit.source import Source

NODE_W, NODE_H = 136, 38  # a technology's box in the big tree
COL_W, ROW_H = 152, 92  # the distance between two boxes of a tier, and between two tiers
MARGIN = 14
DONE, READY, WAITING, LIT = "#bbf7d0", "#fde68a", "#f1f5f9", "#f59e0b"
EMPIRE_COLOURS = ("#2563eb", "#dc2626", "#16a34a", "#9333ea")


@dataclass(frozen=True)
class KahnStep:
    """One step of Kahn's algorithm as validate_tree took it: what happened and the lists after it."""

    step: str  # "ready" (the queue is filled), "take" (the queue gives up its smallest), "unlock"
    tech: int  # the technology taken or unlocked (-1 for "ready")
    waiting: tuple[int, ...]  # how many prerequisites each technology still waits for
    ready: tuple[int, ...]  # the queue of what is ready, smallest first
    order: tuple[int, ...]  # the research order so far


Validate = Callable[..., list[int]]


def picture(svg: str, label: str) -> str:
    """An SVG as an <img> (kit's svg_img) that shrinks to the width it is given."""
    return svg_img(svg, label).replace("<img ", '<img style="max-width:100%;height:auto" ', 1)


def code_column(source: Source | object, line: int | None) -> str:
    """The kit's code pane with its indentation kept (HTML would fold the leading spaces)."""
    return f'<div style="white-space:pre">{code_pane(source, line)}</div>'


def record_kahn(validate: Validate, techs: Sequence[Tech]) -> list[KahnStep]:
    """Run the real validate_tree with a watcher and keep a copy of every step it reports."""
    steps: list[KahnStep] = []

    def watch(step: str, tech: int, waiting: list[int], ready: list[int], order: list[int]) -> None:
        steps.append(KahnStep(step, tech, tuple(waiting), tuple(sorted(ready)), tuple(order)))

    order = validate(techs, watch)
    if not steps or list(steps[-1].order) != order:
        raise AssertionError("the watcher missed a step of validate_tree")
    return steps


def tiers(techs: Sequence[Tech]) -> list[int]:
    """The tier of each technology: 0 without prerequisites, else one more than its highest prerequisite."""
    index = {tech.key: i for i, tech in enumerate(techs)}
    tier = [0] * len(techs)
    for _ in techs:  # a longest path has fewer steps than there are technologies
        for i, tech in enumerate(techs):
            tier[i] = max((tier[index[need]] + 1 for need in tech.needs), default=0)
    return tier


def layout(techs: Sequence[Tech]) -> list[tuple[int, int]]:
    """Column and row of each technology: rows are tiers; in a row, under its prerequisites' middle."""
    tier = tiers(techs)
    index = {tech.key: i for i, tech in enumerate(techs)}
    column = [0.0] * len(techs)
    place: list[tuple[int, int]] = [(0, 0)] * len(techs)
    for row in range(max(tier) + 1 if techs else 0):
        members = [i for i in range(len(techs)) if tier[i] == row]
        if row:
            def middle(i: int) -> float:
                needs = [column[index[need]] for need in techs[i].needs]
                return sum(needs) / len(needs)
            members.sort(key=lambda i: (middle(i), i))
        for col, i in enumerate(members):
            column[i] = col
            place[i] = (col, row)
    return place


def centres(techs: Sequence[Tech], col_w: float, row_h: float) -> list[tuple[float, float]]:
    """The centre of each technology's node, each row centred on the widest one."""
    place = layout(techs)
    widest = max(sum(1 for _, r in place if r == row) for _, row in place)
    points = []
    for col, row in place:
        count = sum(1 for _, r in place if r == row)
        left = (widest - count) * col_w / 2
        points.append((MARGIN + left + col * col_w + col_w / 2, MARGIN + row * row_h + row_h / 2))
    return points


def label(tech: Tech, i: int) -> str:
    """What a node shows: the technology's number in the game (from 1) and its key in words."""
    return f"{i + 1} {tech.key.replace('_', ' ')}"


def edge_path(x1: float, y1: float, x2: float, y2: float, row_h: float, col_w: float) -> str:
    """An arrow's path from a prerequisite's bottom to a dependent's top; long ones pass between boxes."""
    if y2 - y1 <= row_h:
        return f"M{x1:.0f},{y1:.0f} L{x2:.0f},{y2:.0f}"
    mid_x = (x1 + x2) / 2
    gap = MARGIN + round((mid_x - MARGIN) / col_w) * col_w  # the nearest gap between two columns
    top, bottom = y1 + row_h / 2, y2 - row_h / 2
    return (f"M{x1:.0f},{y1:.0f} Q{x1:.0f},{top:.0f} {gap:.0f},{top + 6:.0f} "
            f"L{gap:.0f},{bottom - 6:.0f} Q{x2:.0f},{bottom:.0f} {x2:.0f},{y2:.0f}")


@dataclass(frozen=True)
class Look:
    """How one node is drawn."""

    fill: str = WAITING
    stroke: str = "#64748b"
    width: float = 1.2
    dash: str = ""
    badge: str = ""  # a small number in the node's corner (e.g. what it still waits for)


def tree_svg(techs: Sequence[Tech], looks: Sequence[Look], done_edges: Sequence[bool] = (),
             caption: str = "") -> str:
    """The big tree: one box per technology in tiers, arrows from prerequisite to dependent."""
    points = centres(techs, COL_W, ROW_H)
    index = {tech.key: i for i, tech in enumerate(techs)}
    width = max(x for x, _ in points) + COL_W / 2 + MARGIN
    height = max(y for _, y in points) + ROW_H / 2 + (22 if caption else 0)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
             f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif" font-size="12">',
             '<defs><marker id="a" viewBox="0 0 8 8" refX="8" refY="4" markerWidth="7" markerHeight="7" '
             'orient="auto"><path d="M0,0 L8,4 L0,8 z" fill="#64748b"/></marker></defs>',
             f'<rect width="{width:.0f}" height="{height:.0f}" fill="white"/>']
    edge = 0
    for i, tech in enumerate(techs):
        for need in tech.needs:
            (x1, y1), (x2, y2) = points[index[need]], points[i]
            taken = edge < len(done_edges) and done_edges[edge]
            colour = "#16a34a" if taken else "#94a3b8"
            parts.append(f'<path d="{edge_path(x1, y1 + NODE_H / 2, x2, y2 - NODE_H / 2, ROW_H, COL_W)}" '
                         f'fill="none" stroke="{colour}" stroke-width="{2 if taken else 1.2}" '
                         'marker-end="url(#a)"/>')
            edge += 1
    for i, (tech, look) in enumerate(zip(techs, looks, strict=True)):
        x, y = points[i]
        dash = f' stroke-dasharray="{look.dash}"' if look.dash else ""
        parts.append(f'<rect x="{x - NODE_W / 2:.0f}" y="{y - NODE_H / 2:.0f}" width="{NODE_W}" '
                     f'height="{NODE_H}" rx="7" fill="{look.fill}" stroke="{look.stroke}" '
                     f'stroke-width="{look.width}"{dash}/>')
        parts.append(f'<text x="{x:.0f}" y="{y + 4:.0f}" text-anchor="middle">{escape(label(tech, i))}</text>')
        if look.badge:
            bx, by = x + NODE_W / 2 - 4, y - NODE_H / 2 + 4
            parts.append(f'<circle cx="{bx:.0f}" cy="{by:.0f}" r="9" fill="#1e293b"/>'
                         f'<text x="{bx:.0f}" y="{by + 4:.0f}" text-anchor="middle" fill="white" '
                         f'font-size="11" font-weight="bold">{escape(look.badge)}</text>')
    if caption:
        parts.append(f'<text x="{MARGIN}" y="{height - 8:.0f}" fill="#475569">{escape(caption)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def kahn_looks(techs: Sequence[Tech], step: KahnStep) -> list[Look]:
    """Looks for one Kahn step: taken green, ready yellow, the rest with what they still wait for."""
    looks = []
    for i in range(len(techs)):
        lit = i == step.tech
        if i in step.order:
            look = Look(fill=DONE)
        elif i in step.ready:
            look = Look(fill=READY)
        else:
            look = Look(badge=str(step.waiting[i]))
        if lit:
            look = Look(fill=look.fill, stroke=LIT, width=3.5, badge=look.badge)
        looks.append(look)
    return looks


def done_edges(techs: Sequence[Tech], known: Sequence[int]) -> list[bool]:
    """For every arrow (in the order tree_svg draws them): is its prerequisite already known?"""
    index = {tech.key: i for i, tech in enumerate(techs)}
    return [index[need] in known for tech in techs for need in tech.needs]


def arrows_used(techs: Sequence[Tech], steps: Sequence[KahnStep], upto: int) -> list[bool]:
    """For every arrow (in the order tree_svg draws them): has an "unlock" up to step `upto` used it?"""
    used: set[tuple[int, int]] = set()
    taken = -1
    for step in steps[:upto + 1]:
        if step.step == "take":
            taken = step.tech
        elif step.step == "unlock":
            used.add((taken, step.tech))
    index = {tech.key: i for i, tech in enumerate(techs)}
    return [(index[need], i) in used for i, tech in enumerate(techs) for need in tech.needs]


def names(techs: Sequence[Tech], ids: Sequence[int]) -> str:
    """Technologies as the game numbers them (from 1), or a dash."""
    return " ".join(str(i + 1) for i in ids) or "-"


def kahn_caption(techs: Sequence[Tech], step: KahnStep) -> str:
    """What happened in this step, in words."""
    if step.step == "ready":
        return f"Every technology without prerequisites is ready: {names(techs, step.ready)}."
    name = label(techs[step.tech], step.tech)
    if step.step == "take":
        return f"Take the smallest ready one, {name}: it is next in the order."
    left = step.waiting[step.tech]
    if left == 0:
        return f"{name} waited for this one last: it joins the queue."
    return f"{name} now waits for {left} more."


@dataclass(frozen=True)
class Research:
    """What one empire knows at the end of a turn, and what it researches."""

    name: str
    letter: str
    known: tuple[int, ...]  # in the order learned
    researching: int  # -1: nothing
    frontier: tuple[int, ...]  # what it could research now


@dataclass(frozen=True)
class ResearchTurn:
    """Every empire's research after one turn of a game."""

    turn: int
    empires: tuple[Research, ...]


def frontier(techs: Sequence[Tech], known: Sequence[int]) -> list[int]:
    """What can be researched with these technologies known: unknown, every prerequisite known."""
    index = {tech.key: i for i, tech in enumerate(techs)}
    return [i for i, tech in enumerate(techs)
            if i not in known and all(index[need] in known for need in tech.needs)]


def mini_tree_svg(techs: Sequence[Tech], research: Research, colour: str) -> tuple[str, float, float]:
    """One empire's tree, small: known filled, being researched ringed, the frontier outlined."""
    col_w, row_h, radius = 62, 52, 15
    points = [(x, y + 20) for x, y in centres(techs, col_w, row_h)]
    index = {tech.key: i for i, tech in enumerate(techs)}
    width = max(x for x, _ in points) + col_w / 2 + MARGIN
    height = max(y for _, y in points) + row_h / 2
    parts = [f'<g><rect width="{width:.0f}" height="{height:.0f}" fill="white" stroke="#e2e8f0"/>',
             f'<text x="8" y="16" font-size="12" font-weight="bold" fill="{colour}">'
             f'{escape(research.letter)} {escape(research.name)}: {len(research.known)} known</text>']
    for i, tech in enumerate(techs):
        for need in tech.needs:
            (x1, y1), (x2, y2) = points[index[need]], points[i]
            lit = index[need] in research.known
            parts.append(f'<line x1="{x1:.0f}" y1="{y1 + radius:.0f}" x2="{x2:.0f}" y2="{y2 - radius:.0f}" '
                         f'stroke="{colour if lit else "#cbd5e1"}" stroke-width="{1.6 if lit else 1}"/>')
    for i, (x, y) in enumerate(points):
        if i in research.known:
            fill, stroke, width_, dash, ink = colour, colour, 1.5, "", "white"
        elif i == research.researching:
            fill, stroke, width_, dash, ink = "#fef3c7", colour, 3.5, "", "#0f172a"
        elif i in research.frontier:
            fill, stroke, width_, dash, ink = "white", colour, 2.5, "4 3", "#0f172a"
        else:
            fill, stroke, width_, dash, ink = "#f1f5f9", "#cbd5e1", 1, "", "#94a3b8"
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{radius}" fill="{fill}" stroke="{stroke}" '
                     f'stroke-width="{width_}"{dashed}/><text x="{x:.0f}" y="{y + 4:.0f}" '
                     f'text-anchor="middle" font-size="11" fill="{ink}">{i + 1}</text>')
    parts.append("</g>")
    return "".join(parts), width, height


def research_svg(techs: Sequence[Tech], turn: ResearchTurn) -> str:
    """Every empire's small tree side by side, two to a row."""
    drawn = [mini_tree_svg(techs, research, EMPIRE_COLOURS[k % len(EMPIRE_COLOURS)])
             for k, research in enumerate(turn.empires)]
    cell_w = max(w for _, w, _ in drawn) + 10
    cell_h = max(h for _, _, h in drawn) + 10
    width, height = cell_w * 2, cell_h * ((len(drawn) + 1) // 2)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
             f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif">']
    for k, (group, _, _) in enumerate(drawn):
        x, y = (k % 2) * cell_w, (k // 2) * cell_h
        parts.append(f'<g transform="translate({x:.0f},{y:.0f})">{group}</g>')
    parts.append("</svg>")
    return "".join(parts)


def learned_this_turn(before: ResearchTurn | None, now: ResearchTurn) -> list[tuple[str, int]]:
    """(empire letter, technology) for everything learned between two turns."""
    if before is None:
        return [(r.letter, t) for r in now.empires for t in r.known]
    return [(r.letter, t) for old, r in zip(before.empires, now.empires, strict=True)
            for t in r.known if t not in old.known]


Researchable = Callable[..., list[int]]


def snapshot(world: object, researchable: Researchable) -> ResearchTurn:
    """Every empire's research now, read from a world; researchable is the engine's own function."""
    empires = tuple(
        Research(empire.name, empire.letter, tuple(empire.techs), empire.research,
                 tuple(researchable(world, empire.id)) if empire.alive else ())
        for empire in world.empires)  # type: ignore[attr-defined]
    return ResearchTurn(world.turn, empires)  # type: ignore[attr-defined]


def state(turn: ResearchTurn) -> list[tuple[tuple[int, ...], int]]:
    """What every empire knows and researches in a turn."""
    return [(r.known, r.researching) for r in turn.empires]


def changed_turns(turns: Sequence[ResearchTurn]) -> list[tuple[ResearchTurn | None, ResearchTurn]]:
    """(turn before, turn) for the first turn and every turn in which an empire learned or chose research."""
    shown: list[tuple[ResearchTurn | None, ResearchTurn]] = [(None, turns[0])]
    for before, now in zip(turns, turns[1:], strict=False):
        if state(before) != state(now):
            shown.append((before, now))
    return shown


def research_caption(before: ResearchTurn | None, now: ResearchTurn) -> tuple[str, bool]:
    """What happened in this turn, in words, and whether anything was learned."""
    if before is None:
        return f"Turn {now.turn}: nobody knows anything yet; the roots are open to all.", False
    learned = learned_this_turn(before, now)
    started = [(r.letter, r.researching) for old, r in zip(before.empires, now.empires, strict=True)
               if r.researching >= 0 and r.researching != old.researching]
    parts = [f"{letter} learned {t + 1}" for letter, t in learned]
    parts += [f"{letter} started {t + 1}" for letter, t in started]
    return f"After turn {before.turn}: " + ", ".join(parts) + ".", bool(learned)
