"""Lesson 6's two see-it traces, recorded by the real engine, and their frames.

- settling: after each game of a real simulation (run_simulation's on_game hook), the wins per
  character and per kind of victory so far; frames show them as bars with a 95 % band.
- replay: a save's lines played one by one with the real play_line, the world after each.
Both traces are plain data (lists of dicts of numbers and strings).
"""
from __future__ import annotations

from collections.abc import Sequence
from html import escape

from cosmos.game import play_line
from cosmos.save import SaveGame
from cosmos.simulate import KINDS, Report, run_simulation
from cosmos.ui.mapdraw import draw_map
from cosmos.world import new_world
from lessons.kit.balance import NAMES, Bar, bars_svg, wilson
from lessons.kit.seeit import code_pane, frame_html, line_of, svg_img

PRE = "white-space:pre"  # keeps the code's indentation in every viewer

SHOWN_GAMES = (1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100, 125, 150, 175, 200)


def record_settling(n: int, jobs: int | None = None) -> tuple[list[dict], Report]:
    """Play n games with the real simulation, note the tally after each one; the trace and the report."""
    trace: list[dict] = []

    def note(result, report: Report) -> None:
        trace.append({
            "games": report.games, "index": result.index, "winner": result.winner,
            "character": result.character, "kind": result.kind, "turns": result.turns,
            "characters": list(result.characters),
            "wins": dict(report.wins_by_character), "fair": dict(report.fair_wins),
            "kinds": dict(report.wins_by_kind),
        })

    report = run_simulation(n, jobs=jobs, on_game=note)
    return trace, report


def pane(function, line: int | None) -> str:
    """The kit's code pane, with the code's indentation kept."""
    return f'<div style="{PRE}">{code_pane(function, line)}</div>'


def settling_bars(step: dict) -> tuple[list[Bar], list[Bar]]:
    """The bars of one step: per character (fair share marked) and per kind, each with its band."""
    games = step["games"]
    characters = [Bar(name, step["wins"][name] / games, *wilson(step["wins"][name], games),
                      mark=step["fair"][name] / games) for name in NAMES]
    kinds = [Bar(kind, step["kinds"][kind] / games, *wilson(step["kinds"][kind], games)) for kind in KINDS]
    return characters, kinds


def settling_frames(trace: Sequence[dict], shown: Sequence[int] = SHOWN_GAMES) -> list[str]:
    """Frames for the chosen numbers of games: two bar charts, counters, Report.add with a line lit."""
    frames = []
    for games in shown:
        if games > len(trace):
            break
        step = trace[games - 1]
        characters, kinds = settling_bars(step)
        band = max(bar.high - bar.low for bar in characters)
        picture = (svg_img(bars_svg(f"wins per character after {games} games", characters, top=1.0),
                           f"wins per character after {games} games")
                   + svg_img(bars_svg("how the games ended", kinds, top=1.0), "how the games ended"))
        caption = (f"Game {step['index']} (seed {step['index'] + 1}): seat {step['winner'] + 1}, a "
                   f"{step['character']}, won by {step['kind']} after {step['turns']} turns. The whiskers are "
                   "95 % bands; the dashed line is the share a character would win if every empire had "
                   "the same chance.")
        counters = [("games", games), ("winner", step["character"]), ("victory", step["kind"]),
                    ("widest band", f"{100 * band:.0f} points")]
        code = pane(Report.add, line_of(Report.add, "self.wins_by_character[result.character] += 1"))
        frames.append(frame_html(picture, caption, counters, code))
    return frames


def record_replay(save: SaveGame) -> list[dict]:
    """The world after each line of the save, played with the real play_line from the seed."""
    world = new_world(save.seed)
    trace = [snapshot(world, 0, "", world_map(world))]
    for number, line in enumerate(save.lines, start=1):
        play_line(world, line)
        trace.append(snapshot(world, number, line, world_map(world)))
    return trace


def world_map(world) -> list[str]:
    """The game's own map of the world, as text rows."""
    return list(draw_map(world))


def snapshot(world, number: int, line: str, rows: list[str]) -> dict:
    """What a replay frame shows: the line, the turn, each empire's planets and stock, the map."""
    planets = [sum(1 for p in world.planets if p.owner == e.id) for e in world.empires]
    return {"line_number": number, "line": line, "turn": world.turn, "planets": planets,
            "letters": [e.letter for e in world.empires], "stock": list(world.empires[0].stock),
            "techs": len(world.empires[0].techs), "map": rows}


def text_svg(rows: Sequence[str]) -> str:
    """Rows of monospaced text as an SVG picture (the game's map)."""
    width = 8 * max((len(row) for row in rows), default=1) + 16
    height = 15 * len(rows) + 12
    body = "".join(f'<text x="8" y="{16 + 15 * i}" xml:space="preserve">{escape(row)}</text>'
                   for i, row in enumerate(rows))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans Mono,monospace" font-size="13">'
            f'<rect width="{width}" height="{height}" fill="#0b1020"/><g fill="#e2e8f0">{body}</g></svg>')


def replay_frames(trace: Sequence[dict], save: SaveGame) -> list[str]:
    """One frame per line: the save with that line marked, the map it leads to, and play_line lit."""
    frames = []
    end_line = line_of(play_line, "play_turn(world)")
    order_line = line_of(play_line, "apply(world, command)")
    for step in trace:
        number = step["line_number"]
        rows = [f"{'>' if i == number else ' '} {i:2d} {line}" for i, line in enumerate(save.lines, start=1)]
        listing = "".join(f"<div style=\"{'background:#fde68a' if i == number else ''}\">{escape(row)}</div>"
                          for i, row in enumerate(rows, start=1))
        save_pane = (f'<div style="font-family:monospace;font-size:12px;white-space:pre;'
                     f'border:1px solid #cbd5e1;padding:4px;margin-bottom:6px">{listing}</div>')
        picture = save_pane + svg_img(text_svg(step["map"]), f"the map after line {number}")
        if number == 0:
            caption, lit = f"A fresh world from seed {save.seed}: nothing played yet.", None
        elif step["line"] == "end":
            caption, lit = f"Line {number}, end: the rivals move and the turn ends.", end_line
        else:
            caption, lit = f"Line {number}, {step['line']}: the player's order, checked and carried out.", order_line
        counters = [("line", f"{number}/{len(save.lines)}"), ("turn", step["turn"]),
                    (f"planets {' '.join(step['letters'])}", " ".join(map(str, step["planets"]))),
                    ("stock M G C U", " ".join(map(str, step["stock"])))]
        frames.append(frame_html(picture, caption, counters, pane(play_line, lit)))
    return frames
