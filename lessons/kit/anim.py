"""The "see it" animation of lesson 1: a recorded galaxy trace turned into frames.

Each frame is a picture (an SVG, shown as a data: <img> so that it needs no trust), the counters,
a caption, and beside them the real engine function with the line that made this step lit.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum

from cosmos.data import CELL_H, CELL_W, MAP_COLS, MAP_ROWS
from cosmos.galaxy import StarSystem, connect, generate_systems
from cosmos.graph import add_lane, bfs
from lessons.kit import seeit
from lessons.kit.trace import EXTRA, TREE, Step, line_of_step, steps_of


class Phase(Enum):
    """What the animation is showing."""

    GRID = "grid"
    STARS = "stars"
    TREE = "tree"
    ROLL = "roll"
    EXTRA = "extra"
    WAVE = "wave"


# The engine functions a frame's code pane can show, by name.
CODE = {"generate_systems": generate_systems, "connect": connect, "bfs": bfs}
# Where the game itself does what the lesson's place_stars does (the trace's stars come from there).
GRID_LINE = "cells = list(range(MAP_COLS * MAP_ROWS))"
STAR_LINE = "system = StarSystem("


# Colours, by what they paint. Tree and extra lanes must differ: the lesson speaks of it.
COLOURS = {
    "space": "#0b1020",
    "grid": "#26324f",
    "cell": "#141d38",
    "star": "#facc15",
    "star_text": "#0b1020",
    TREE: "#60a5fa",
    EXTRA: "#fb923c",
    "wave": "#4ade80",
    "focus": "#ffffff",
    "text": "#e2e8f0",
}

X_SCALE = 9  # pixels per map column
Y_SCALE = 27  # pixels per map row: rows count three times, as in squared_distance
MARGIN = 20
PICTURE_WIDTH = 470  # pixels on screen, so that the code pane fits beside the map


@dataclass(frozen=True)
class Frame:
    """One picture of the animation: what is lit, which lanes exist, what bfs has reached."""

    phase: Phase
    stars: tuple[int, ...]
    lanes: tuple[tuple[int, int, str], ...]
    dist: tuple[int, ...]
    focus: tuple[int, ...]
    islands: int
    caption: str
    code: str = ""  # which function of CODE the code pane shows ("" for none)
    line: int | None = None  # its file line that made this step
    rolls: int = 0  # how often connect has rolled the die so far

    def count_lanes(self, kind: str) -> int:
        """How many lanes of one kind ("tree" or "extra") are drawn."""
        return sum(1 for lane in self.lanes if lane[2] == kind)

    @property
    def reached(self) -> int:
        """How many systems the wave has reached."""
        return sum(1 for d in self.dist if d >= 0)


def count_islands(stars: Sequence[int], lanes: Sequence[tuple[int, int, str]], total: int) -> int:
    """Groups of lit stars joined by lanes, counted with the engine's own bfs."""
    nodes = [StarSystem(i, "", 0, 0) for i in range(total)]
    for a, b, _kind in lanes:
        add_lane(nodes, a, b)
    seen: set[int] = set()
    islands = 0
    for star in stars:
        if star in seen:
            continue
        islands += 1
        dist = bfs(nodes, star).dist
        seen.update(i for i in range(total) if dist[i] >= 0)
    return islands


def frames_from_trace(trace: Sequence[Step]) -> list[Frame]:
    """Every picture of the animation, from the empty grid to the finished wave."""
    total = len(steps_of(trace, "star"))
    stars: list[int] = []
    lanes: list[tuple[int, int, str]] = []
    dist = [-1] * total
    rolls = 0
    frames = [Frame(Phase.GRID, (), (), tuple(dist), (), 0,
                    f"The map: {MAP_COLS} by {MAP_ROWS} cells, shuffled. {total} of them will get a star "
                    "(the lesson's place_stars did it; on the right, the game's own version).",
                    "generate_systems", seeit.line_of(generate_systems, GRID_LINE))]

    def add(phase: Phase, focus: tuple[int, ...], caption: str, code: str, line: int | None) -> None:
        islands = count_islands(stars, lanes, total)
        frames.append(Frame(phase, tuple(stars), tuple(lanes), tuple(dist), focus, islands, caption,
                            code, line, rolls))

    star_line = seeit.line_of(generate_systems, STAR_LINE)
    for step in trace:
        kind, line = step[0], line_of_step(step)
        if kind == "star":
            stars.append(step[1])
            add(Phase.STARS, (step[1],),
                f"Star {step[1] + 1} lights up in its cell. No lanes yet: "
                "every star is its own island.", "generate_systems", star_line)
        elif kind == "lane" and step[3] == TREE:
            lanes.append((step[1], step[2], TREE))
            done = sum(1 for lane in lanes if lane[2] == TREE)
            add(Phase.TREE, (step[1], step[2]),
                f"Tree lane {done} of {total - 1}: {step[1] + 1}-{step[2] + 1}, the shortest from a star "
                "in the tree to one outside it. Two islands merge.", "connect", line)
        elif kind == "roll":
            rolls += 1
            if not step[2]:  # a winning roll is shown by the lane it adds
                a, b = step[4], step[5]
                add(Phase.ROLL, (a, b),
                    f"System {a + 1}: the nearest star without a lane to it is {b + 1}, close enough, "
                    f"and both have room. The die says no ({step[1]} % were needed): no lane.",
                    "connect", line)
        elif kind == "lane":
            lanes.append((step[1], step[2], EXTRA))
            add(Phase.EXTRA, (step[1], step[2]),
                f"Extra lane {step[1] + 1}-{step[2] + 1}: close, both under four lanes, and the die "
                "said yes. A second way round, not a new connection: still one island.", "connect", line)
        elif kind == "reach":
            _, system, d, parent = step[:4]
            dist[system] = d
            where = "the start" if parent < 0 else f"found from {parent + 1}"
            add(Phase.WAVE, (system,), f"The wave reaches {system + 1} ({where}): {d} lanes away.",
                "bfs", line)
    if frames[-1].phase is Phase.WAVE:
        missing = dist.count(-1)
        verdict = (" No -1 is left: every system was reached, so the galaxy is connected."
                   if missing == 0
                   else f" {missing} systems stay at -1: the galaxy is not connected.")
        frames[-1] = replace(frames[-1], caption=frames[-1].caption + verdict)
    return frames


def centre(x: int, y: int) -> tuple[int, int]:
    """Where a star at map cell (x, y) is drawn, in pixels."""
    return MARGIN + (x + 3) * X_SCALE, MARGIN + y * Y_SCALE + Y_SCALE // 2


def cell_of(x: int, y: int) -> tuple[int, int]:
    """The grid cell (column, row) a map position lies in."""
    return x // CELL_W, y // CELL_H


def frame_svg(places: Sequence[tuple[int, int]], frame: Frame) -> str:
    """One frame as an inline SVG picture; places[i] is the (x, y) of system i."""
    cell_w, cell_h = CELL_W * X_SCALE, CELL_H * Y_SCALE
    width, height = 2 * MARGIN + MAP_COLS * cell_w, 2 * MARGIN + MAP_ROWS * cell_h
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" aria-label="galaxy map">',
             f'<rect width="{width}" height="{height}" fill="{COLOURS["space"]}"/>']
    for system in frame.stars:  # the cells that got a star light up
        col, row = cell_of(*places[system])
        parts.append(f'<rect x="{MARGIN + col * cell_w}" y="{MARGIN + row * cell_h}" '
                     f'width="{cell_w}" height="{cell_h}" fill="{COLOURS["cell"]}"/>')
    rows = range(MAP_ROWS + 1)
    cols = range(MAP_COLS + 1)
    grid = "".join(f"M{MARGIN} {MARGIN + r * cell_h}h{MAP_COLS * cell_w}" for r in rows)
    grid += "".join(f"M{MARGIN + c * cell_w} {MARGIN}v{MAP_ROWS * cell_h}" for c in cols)
    parts.append(f'<path class="grid" d="{grid}" stroke="{COLOURS["grid"]}" fill="none"/>')
    parts.append('<g stroke-linecap="round">')
    for a, b, kind in frame.lanes:
        (x1, y1), (x2, y2) = centre(*places[a]), centre(*places[b])
        dash = ' stroke-dasharray="7 4"' if kind == EXTRA else ""
        wide = 5 if a in frame.focus and b in frame.focus else 3
        parts.append(f'<line class="lane" data-a="{a}" data-b="{b}" data-kind="{kind}" '
                     f'x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{COLOURS[kind]}" '
                     f'stroke-width="{wide}"{dash}/>')
    parts.append('</g><g font-family="sans-serif" font-weight="bold">')
    for system in frame.stars:
        x, y = centre(*places[system])
        reached = frame.dist[system] >= 0
        fill = COLOURS["wave"] if reached else COLOURS["star"]
        ring = f' stroke="{COLOURS["focus"]}" stroke-width="3"' if system in frame.focus else ""
        parts.append(f'<circle class="star" data-system="{system}" cx="{x}" cy="{y}" r="12" '
                     f'fill="{fill}"{ring}/><text x="{x}" y="{y + 4}" text-anchor="middle" '
                     f'font-size="11" fill="{COLOURS["star_text"]}">{system + 1}</text>')
        if reached:
            parts.append(f'<text class="dist" data-system="{system}" x="{x + 15}" y="{y - 12}" '
                         f'font-size="15" fill="{COLOURS["wave"]}">{frame.dist[system]}</text>')
    parts.append("</g></svg>")
    return "".join(parts)


def counters(frame: Frame, index: int, count: int) -> list[tuple[str, object]]:
    """The counters the lesson talks about, for one frame."""
    total = len(frame.dist)
    return [("step", f"{index + 1} of {count}"), ("stars", f"{len(frame.stars)} of {total}"),
            ("islands", frame.islands), ("tree lanes", frame.count_lanes(TREE)),
            ("extra lanes", frame.count_lanes(EXTRA)), ("die rolls", frame.rolls),
            ("reached", f"{frame.reached} of {total}")]


LEGEND = (f'<div style="font-size:12px;margin-top:4px"><span style="color:{COLOURS[TREE]}">&#9472;&#9472; '
          f'tree lane</span> &nbsp; <span style="color:{COLOURS[EXTRA]}">&#9476;&#9476; extra lane</span>'
          f' &nbsp; <span style="color:#16a34a">&#9679; reached, with its distance</span></div>')


def frame_html(places: Sequence[tuple[int, int]], frames: Sequence[Frame], index: int) -> str:
    """Counters, caption, picture and code pane of one frame, as one block of HTML."""
    frame = frames[index]
    picture = seeit.svg_img(frame_svg(places, frame), f"galaxy map, step {index + 1}", PICTURE_WIDTH) + LEGEND
    code = seeit.code_pane(CODE[frame.code], frame.line) if frame.code else ""
    html = seeit.frame_html(picture, frame.caption, counters(frame, index, len(frames)), code)
    return html.replace('class="cosmos-frame"', f'class="cosmos-frame" data-index="{index}"', 1)


def galaxy_frames_html(trace: Sequence[Step]) -> list[str]:
    """Every frame of a recorded galaxy as HTML, ready for a StepPlayer."""
    places = [(step[2], step[3]) for step in steps_of(trace, "star")]
    frames = frames_from_trace(trace)
    return [frame_html(places, frames, i) for i in range(len(frames))]
