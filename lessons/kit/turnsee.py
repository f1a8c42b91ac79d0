"""Lesson 5's see-it: one turn recorded by the real end_turn, and the real offers of a game.

The engine pieces (end_turn, the phases, news_of, settle_diplomacy) come in as arguments, so
this kit module imports nothing beyond lesson 1 and the lesson decides what it shows. A trace
is plain data: tuples of names, numbers and dicts of them.
"""
from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path
from typing import Any

from lessons.kit.seeit import code_pane, frame_html, svg_img
from lessons.kit.source import REPO_ROOT, Source

PhaseList = Sequence[tuple[str, Callable[[Any], None]]]
BUS_FILE = "cosmos/bus.py"
END_OF_TURN = "end_turn"  # an event published by end_turn itself, after the phases


def _relative(filename: str) -> str:
    """A source file's path relative to the repository (its name alone if it is elsewhere)."""
    path = Path(filename).resolve()
    try:
        return path.relative_to(REPO_ROOT).as_posix()
    except ValueError:
        return path.name


def plain(value: Any) -> Any:
    """Event data as plain data: numbers, text and tuples of them stay, anything else becomes its repr."""
    if value is None or type(value) in (bool, int, float, str):
        return value
    if type(value) in (tuple, list):
        return tuple(plain(item) for item in value)
    return repr(value)


def _publisher() -> tuple[str, str, int, int]:
    """Who called bus.publish: (file, function, its first line, the line that published)."""
    frame = sys._getframe(1)
    while frame is not None and not _relative(frame.f_code.co_filename) == BUS_FILE:
        frame = frame.f_back
    while frame is not None and _relative(frame.f_code.co_filename) == BUS_FILE:
        frame = frame.f_back
    if frame is None:
        return ("?", "?", 0, 0)
    code = frame.f_code
    return (_relative(code.co_filename), code.co_name, code.co_firstlineno, frame.f_lineno)


def record_turn(world: Any, end_turn: Callable[..., None], phases: PhaseList,
                news_of: Callable[[Any], Any]) -> list[tuple]:
    """End one turn with the real end_turn and phases; every phase start and event, in order.

    Steps: ("phase", name) when a phase begins; ("event", phase, kind, data, news key or None,
    (file, function, first line, line)) for each event published ("end_turn" as the phase of
    the event end_turn publishes itself after the phases). The recorder only listens
    and wraps each phase in a call that notes its name, so the turn's result is unchanged.
    """
    trace: list[tuple] = []
    running = ["(before the phases)"]

    def hear(event: Any) -> None:
        item = news_of(event)
        where = _publisher()
        phase = END_OF_TURN if where[1] == END_OF_TURN else running[0]
        trace.append(("event", phase, event.kind, {k: plain(v) for k, v in event.data.items()},
                      None if item is None else item.key, where))

    def marked(name: str, phase: Callable[[Any], None]) -> Callable[[Any], None]:
        def run(target: Any) -> None:
            running[0] = name
            trace.append(("phase", name))
            phase(target)
        return run

    world.bus.subscribe("*", hear)
    try:
        end_turn(world, [(name, marked(name, phase)) for name, phase in phases])
    finally:
        listeners = world.bus.listeners["*"]
        listeners.remove(hear)
    running[0] = "(after the phases)"
    return trace


def event_text(kind: str, data: dict) -> str:
    """An event as one line: its kind and its data sorted by name (as cosmos.turn.event_line)."""
    return kind + "".join(f" {name}={data[name]!r}" for name in sorted(data))


def phases_svg(names: Sequence[str], running: str | None, flash: str | None,
               extra: str | None = None) -> str:
    """The phases as a row of boxes: the running one outlined, the one that published lit."""
    width, height, gap = 86, 46, 6
    boxes = [*names, *([extra] if extra else [])]
    total = len(boxes) * (width + gap) + gap
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{total}" height="{height + 30}" '
             f'viewBox="0 0 {total} {height + 30}" font-family="sans-serif" font-size="12">',
             f'<rect width="{total}" height="{height + 30}" fill="#ffffff"/>']
    for index, name in enumerate(boxes):
        x = gap + index * (width + gap)
        later = extra is not None and name == extra
        fill = "#f59e0b" if name == flash else "#fde68a" if name == running else "#f1f5f9"
        stroke = "#b45309" if name == running else "#94a3b8"
        dash = ' stroke-dasharray="4 3"' if later else ""
        parts.append(f'<rect x="{x}" y="8" width="{width}" height="{height}" rx="6" fill="{fill}" '
                     f'stroke="{stroke}" stroke-width="{3 if name == running else 1}"{dash}/>')
        parts.append(f'<text x="{x + width / 2}" y="{8 + height / 2 + 4}" text-anchor="middle" '
                     f'fill="{"#64748b" if later else "#0f172a"}">{escape(name)}</text>')
        parts.append(f'<text x="{x + width / 2}" y="{height + 24}" text-anchor="middle" fill="#64748b" '
                     f'font-size="10">{"lesson 6" if later else index + 1}</text>')
    parts.append("</svg>")
    return "".join(parts)


def function_source(path: str, first: int) -> Source:
    """The function that starts at line `first` of an engine file, as a Source for the code pane."""
    import inspect

    lines = (REPO_ROOT / path).read_text(encoding="utf-8").splitlines(keepends=True)
    block = inspect.getblock(lines[first - 1:])
    return Source(path, first, first + len(block) - 1, "".join(block))


def news_list(lines: Sequence[str]) -> str:
    """The news so far, newest last, as a small list under the picture."""
    if not lines:
        return '<div class="cosmos-news" style="color:#64748b;font-size:12px">no news yet</div>'
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    return f'<ol class="cosmos-news" style="font-size:12px;margin:4px 0 0 0">{items}</ol>'


def turn_frames(trace: Sequence[tuple], names: Sequence[str], end_turn_source: Source,
                loop_line: int, extra: str | None = None) -> list[str]:
    """One see-it frame per step of a recorded turn, as HTML for the StepPlayer."""
    frames: list[str] = []
    news: list[str] = []
    events = 0
    running: str | None = None
    for step in trace:
        if step[0] == "phase":
            running = step[1]
            caption = f"Phase {names.index(running) + 1} of {len(names)}: {running} begins."
            picture = svg_img(phases_svg(names, running, None, extra), f"the phases, {running} running")
            code = code_pane(end_turn_source, loop_line)
        else:
            _, phase, kind, data, key, (path, _function, first, line) = step
            events += 1
            if key is not None:
                news.append(f"{key}: {event_text(kind, data).split(' ', 1)[-1] if data else kind}")
            told = f"news line {key}" if key else "no news (only the statistics count it)"
            caption = f"{phase} published {event_text(kind, data)}: {told}."
            picture = svg_img(phases_svg(names, running, phase, extra), f"{phase} published {kind}")
            code = code_pane(function_source(path, first), line)
        counters = [("phase", running or "-"), ("events", events), ("news lines", len(news))]
        frames.append(frame_html(picture + news_list(news), caption, counters, code))
    return frames


# -- the diplomacy state machine -----------------------------------------------------------------

STATES = {"war": (70, 60), "offered": (260, 60), "peace": (450, 60)}
EDGES = {  # transition -> (from, to, label, bend)
    "offered": ("war", "offered", "peace E", -1),
    "accepted": ("offered", "peace", "accept E", -1),
    "declined": ("offered", "war", "decline E", 1),
    "lapsed": ("offered", "war", "no answer in time", 2),
    "dropped": ("offered", "war", "pointless: gone", 3),
    "war": ("peace", "war", "war E (after 10 turns)", 4),
}


def record_diplomacy(settle: Callable[[Any], None], stance_name: Callable[[Any], str],
                     offer_turns: int) -> Callable[[Any], None]:
    """A diplomacy phase that runs the real settle and notes what became of every record.

    The notes are plain data in the phase's `.trace` attribute, one per record of world.offers:
    (turn, transition, sender, receiver, made on). Transitions: offered, accepted, declined, war,
    lapsed (an open offer left unanswered too long) and dropped (open, but one side fell or peace
    came another way).
    """
    trace: list[tuple] = []

    def phase(target: Any) -> None:
        before = [(o, o.sender, o.receiver, o.turn, stance_name(o)) for o in target.offers]
        settle(target)
        kept = {id(o) for o in target.offers}
        for offer, sender, receiver, made, stance in before:
            if stance == "offered" and made == target.turn:
                trace.append((target.turn, "offered", sender, receiver, made))
            elif stance != "offered":
                trace.append((target.turn, stance, sender, receiver, made))
            elif id(offer) not in kept:
                lapsed = target.turn - made + 1 >= offer_turns
                trace.append((target.turn, "lapsed" if lapsed else "dropped", sender, receiver, made))

    phase.trace = trace  # type: ignore[attr-defined]
    return phase


def first_of_each(trace: Sequence[tuple]) -> list[tuple]:
    """The transitions worth a frame: each kind of transition of each pair once, in game order."""
    seen: set[tuple[str, int, int]] = set()
    kept = []
    for step in trace:
        key = (step[1], step[2], step[3])
        if key not in seen:
            seen.add(key)
            kept.append(step)
    return kept


def machine_svg(lit: str | None, counts: dict[str, int]) -> str:
    """The diplomacy of one pair of empires as a state machine; the transition `lit` highlighted."""
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="520" height="250" viewBox="0 0 520 250" '
             'font-family="sans-serif" font-size="12"><rect width="520" height="250" fill="#ffffff"/>',
             '<defs><marker id="a" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" '
             'orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#475569"/></marker></defs>']
    for name, (frm, to, label, bend) in EDGES.items():
        (x1, y1), (x2, y2) = STATES[frm], STATES[to]
        hot = name == lit
        colour = "#d97706" if hot else "#94a3b8"
        if bend < 0:  # straight, over the top
            path = f"M{x1 + 48},{y1 - 6} L{x2 - 48},{y2 - 6}"
            tx, ty = (x1 + x2) / 2, y1 - 14
        else:
            depth = 40 + 36 * bend
            sx, ex = (x1 + 10, x2 + 10) if frm == "offered" else (x1 - 10, x2 + 30)
            path = f"M{sx},{y1 + 22} C{sx},{y1 + depth} {ex},{y2 + depth} {ex},{y2 + 22}"
            tx, ty = (sx + ex) / 2, y1 + depth * 0.78
        parts.append(f'<path d="{path}" fill="none" stroke="{colour}" stroke-width="{3 if hot else 1.5}" '
                     'marker-end="url(#a)"/>')
        weight = ' font-weight="bold"' if hot else ""
        parts.append(f'<text x="{tx}" y="{ty}" text-anchor="middle" fill="{"#b45309" if hot else "#334155"}"'
                     f'{weight}>{escape(label)} ({counts.get(name, 0)})</text>')
    target = EDGES[lit][1] if lit else None
    for name, (x, y) in STATES.items():
        fill = "#fde68a" if name == target else "#f1f5f9"
        parts.append(f'<rect x="{x - 48}" y="{y - 20}" width="96" height="40" rx="20" fill="{fill}" '
                     'stroke="#475569"/>')
        parts.append(f'<text x="{x}" y="{y + 4}" text-anchor="middle" font-weight="bold">{name}</text>')
    parts.append("</svg>")
    return "".join(parts)


def diplomacy_frames(trace: Sequence[tuple], settle_source: Source, lines: dict[str, int]) -> list[str]:
    """One frame per recorded transition of a real game's offers, with settle_diplomacy beside it."""
    counts: dict[str, int] = {}
    frames = [frame_html(svg_img(machine_svg(None, counts), "the diplomacy state machine"),
                         "Every pair of empires starts at war. Press Play to follow the game's offers.",
                         [("turn", 1), ("transitions", 0)], code_pane(settle_source, None))]
    words = {"offered": "offers peace to", "accepted": "accepts the offer of", "declined": "declines the offer of",
             "war": "declares war on", "lapsed": "never got an answer from", "dropped": "loses its offer to"}
    for turn, transition, sender, receiver, made in trace:
        counts[transition] = counts.get(transition, 0) + 1
        if transition in ("accepted", "declined"):
            who = f"empire {receiver + 1} {words[transition]} empire {sender + 1} (made on turn {made})"
        else:
            who = f"empire {sender + 1} {words[transition]} empire {receiver + 1}"
        caption = f"Turn {turn}: {who}."
        frames.append(frame_html(svg_img(machine_svg(transition, counts), f"transition {transition}"), caption,
                                 [("turn", turn), ("transitions", sum(counts.values()))],
                                 code_pane(settle_source, lines[transition])))
    return frames
