"""The "see it" animation as data: recorded by the real connect and bfs, drawn as SVG pictures."""
from __future__ import annotations

import base64
import html
import inspect
import re
import xml.etree.ElementTree as ET

import pytest

from cosmos.galaxy import connect, generate_systems
from cosmos.graph import bfs
from cosmos.rng import Random
from lessons.kit.anim import CODE, COLOURS, Frame, Phase, frame_svg, frames_from_trace, galaxy_frames_html
from lessons.kit.player import STYLE as STEPPER_STYLE
from lessons.kit.player import StepPlayer
from lessons.kit.seeit import LIT
from lessons.kit.trace import EXTRA, TREE, lanes_of, line_of_step, record_galaxy, steps_of

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def seed18(lesson1_ns):
    """The lesson's galaxy of seed 18: its stars, placed by the notebook's place_stars, and trace."""
    rng = Random(18)
    stars = lesson1_ns["place_stars"](rng, 12 + rng.next_int(9))
    return stars, record_galaxy(stars, rng), rng


def test_twelve_stars_eleven_tree_lanes_three_extra(seed18):
    _stars, trace, _rng = seed18
    assert len(steps_of(trace, "star")) == 12
    assert len(lanes_of(trace, TREE)) == 11
    assert len(lanes_of(trace, EXTRA)) == 3
    assert [step[0] for step in trace[:12]] == ["star"] * 12


def test_recording_changes_nothing(seed18, lesson1_ns):
    stars, trace, rng = seed18
    plain_rng = Random(18)
    plain = lesson1_ns["place_stars"](plain_rng, 12 + plain_rng.next_int(9))
    connect(plain, plain_rng)
    assert [s.links for s in stars] == [s.links for s in plain]
    assert all(type(s.links) is list for s in stars)
    assert rng.get_state() == plain_rng.get_state()
    lanes = {tuple(sorted(lane)) for lane in lanes_of(trace, TREE) + lanes_of(trace, EXTRA)}
    assert lanes == {(s.id, b) for s in plain for b in s.links if b > s.id}


def test_the_tree_is_prims_order_and_extras_follow_a_winning_roll(seed18):
    _stars, trace, _rng = seed18
    joined = {0}
    for a, b in lanes_of(trace, TREE):
        assert a in joined and b not in joined
        joined.add(b)
    lane_steps = [s for s in trace if s[0] in ("lane", "roll")]
    for before, step in zip(lane_steps, lane_steps[1:], strict=False):
        if step[0] == "lane" and step[3] == EXTRA:
            assert before[:3] == ("roll", 55, True)


def test_the_wave_writes_the_distances_of_the_real_bfs(seed18):
    stars, trace, _rng = seed18
    result = bfs(stars, 0)
    reached = steps_of(trace, "reach")
    assert sorted(step[1] for step in reached) == list(range(12))
    assert {step[1]: step[2] for step in reached} == dict(enumerate(result.dist))
    assert [step[2] for step in reached] == sorted(step[2] for step in reached)  # layer by layer
    assert all(result.parent[system] == parent for _, system, _, parent, _line in reached)


def file_line(function, number: int) -> str:
    """Line `number` of the file that holds function, stripped."""
    lines, first = inspect.getsourcelines(function)
    return lines[number - first].strip()


def test_every_step_knows_the_engine_line_that_made_it(seed18):
    _stars, trace, _rng = seed18
    for step in steps_of(trace, "lane"):
        want = "add_lane(systems, best_a, best_b)" if step[3] == TREE else "add_lane(systems, a, best)"
        assert file_line(connect, line_of_step(step)) == want  # read from connect's running frame
    for step in steps_of(trace, "roll"):
        assert file_line(connect, line_of_step(step)) == "and rng.chance(EXTRA_LANE_CHANCE)"
    reached = steps_of(trace, "reach")
    assert file_line(bfs, line_of_step(reached[0])) == "dist[start] = 0"
    assert {file_line(bfs, line_of_step(step)) for step in reached[1:]} == {"dist[nxt] = dist[current] + 1"}
    assert all(line_of_step(step) is None for step in steps_of(trace, "star"))


def test_a_roll_names_the_pair_it_was_for_and_a_winning_roll_adds_that_lane(seed18):
    _stars, trace, _rng = seed18
    lane_steps = [s for s in trace if s[0] in ("lane", "roll")]
    rolls = steps_of(trace, "roll")
    assert [roll[4] for roll in rolls] == sorted(roll[4] for roll in rolls)  # connect's loop over a
    for roll, after in zip(lane_steps, lane_steps[1:], strict=False):
        if roll[0] == "roll" and roll[2]:
            assert after[0] == "lane" and after[3] == EXTRA and (after[1], after[2]) == (roll[4], roll[5])
    assert sum(roll[2] for roll in rolls) == len(lanes_of(trace, EXTRA))


def test_frames_and_their_counters(seed18):
    _stars, trace, _rng = seed18
    frames = frames_from_trace(trace)
    misses = [roll for roll in steps_of(trace, "roll") if not roll[2]]
    assert len(frames) == 1 + 12 + 11 + len(misses) + 3 + 12
    phases = [f.phase for f in frames]
    assert phases[:24] == [Phase.GRID] + [Phase.STARS] * 12 + [Phase.TREE] * 11
    middle = phases[24:24 + len(misses) + 3]
    assert middle.count(Phase.ROLL) == len(misses) and middle.count(Phase.EXTRA) == 3
    assert phases[-12:] == [Phase.WAVE] * 12
    assert [f.islands for f in frames[1:13]] == list(range(1, 13))
    assert [f.islands for f in frames[13:24]] == list(range(11, 0, -1))
    assert frames[13 + 4].islands == 7  # after 5 tree lanes, 7 islands
    assert all(f.islands == 1 for f in frames[24:])
    extras = [f for f in frames if f.phase is Phase.EXTRA]
    assert [f.count_lanes(EXTRA) for f in extras] == [1, 2, 3]
    assert frames[-1].rolls == len(steps_of(trace, "roll"))
    assert [f.reached for f in frames[-12:]] == list(range(1, 13))
    last = frames[-1]
    assert last.count_lanes(TREE) == 11 and last.count_lanes(EXTRA) == 3
    assert -1 not in last.dist and "connected" in last.caption


def lit_line(frame_html: str) -> tuple[int, str]:
    """The number and text of the one highlighted line of a frame's code pane."""
    rows = re.findall(rf'<div style="{re.escape(LIT)}">(.*?)</div>', frame_html)
    assert len(rows) == 1, f"{len(rows)} lines lit"
    number, text = re.fullmatch(r"\S*\s*(\d+) (.*)", html.unescape(re.sub(r"<[^>]+>", "", rows[0]))).groups()
    return int(number), text.strip()


def test_each_frame_shows_the_real_code_with_the_line_of_its_step(seed18):
    _stars, trace, _rng = seed18
    frames = frames_from_trace(trace)
    pages = galaxy_frames_html(trace)
    want = {Phase.GRID: "cells = list(range(MAP_COLS * MAP_ROWS))",
            Phase.STARS: "system = StarSystem(i, STAR_NAMES[names[i]], x, y)",
            Phase.TREE: "add_lane(systems, best_a, best_b)", Phase.ROLL: "and rng.chance(EXTRA_LANE_CHANCE)",
            Phase.EXTRA: "add_lane(systems, a, best)", Phase.WAVE: "dist[nxt] = dist[current] + 1"}
    for index, (frame, page) in enumerate(zip(frames, pages, strict=True)):
        function = CODE[frame.code]
        assert lit_line(page) == (frame.line, file_line(function, frame.line))
        expected = "dist[start] = 0" if index == len(frames) - 12 else want[frame.phase]
        assert lit_line(page)[1] == expected, (index, frame.phase)
        assert inspect.getsource(function).splitlines()[0].strip() in html.unescape(page)
    assert CODE == {"generate_systems": generate_systems, "connect": connect, "bfs": bfs}


def test_pictures_are_data_images_not_inline_svg(seed18):
    stars, trace, _rng = seed18
    frames = frames_from_trace(trace)
    places = [(s.x, s.y) for s in stars]
    for index, page in enumerate(galaxy_frames_html(trace)):
        assert "<svg" not in page
        (data,) = re.findall(r'src="data:image/svg\+xml;base64,([^"]+)"', page)
        assert base64.b64decode(data).decode() == frame_svg(places, frames[index])


def test_colours_and_distances_in_the_last_picture(seed18):
    stars, trace, _rng = seed18
    frames = frames_from_trace(trace)
    places = [(s.x, s.y) for s in stars]
    root = ET.fromstring(frame_svg(places, frames[-1]))
    lines = root.iter(f"{SVG}line")
    kinds = {}
    for line in lines:
        kinds.setdefault(line.get("data-kind"), set()).add(line.get("stroke"))
        if line.get("data-kind") == EXTRA:
            assert line.get("stroke-dasharray")
    assert kinds == {TREE: {COLOURS[TREE]}, EXTRA: {COLOURS[EXTRA]}}
    assert COLOURS[TREE] != COLOURS[EXTRA]
    written = {int(t.get("data-system")): int(t.text) for t in root.iter(f"{SVG}text")
               if t.get("class") == "dist"}
    assert written == dict(enumerate(bfs(stars, 0).dist))
    circles = [c for c in root.iter(f"{SVG}circle") if c.get("class") == "star"]
    assert {c.get("fill") for c in circles} == {COLOURS["wave"]}
    first = ET.fromstring(frame_svg(places, frames[0]))
    assert [c for c in first.iter(f"{SVG}circle")] == []


def counter(page: str, name: str) -> str:
    """The value a frame shows for one counter."""
    (value,) = re.findall(rf'data-name="{name}".*?<b>(.*?)</b>', page)
    return value


def test_counters_are_on_screen(seed18):
    _stars, trace, _rng = seed18
    pages = galaxy_frames_html(trace)
    count = len(pages)
    assert counter(pages[12], "islands") == "12" and counter(pages[23], "islands") == "1"
    assert counter(pages[-1], "extra lanes") == "3" and counter(pages[-1], "tree lanes") == "11"
    assert counter(pages[-1], "reached") == "12 of 12" and counter(pages[-1], "step") == f"{count} of {count}"
    assert counter(pages[-1], "die rolls") == str(len(steps_of(trace, "roll")))
    assert all('class="cosmos-counters"' in page for page in pages)


def test_an_unreached_system_is_reported():
    trace = [("star", 0, 0, 0), ("star", 1, 30, 8), ("reach", 0, 0, -1)]
    frames = frames_from_trace(trace)
    assert frames[-1].dist == (0, -1)
    assert frames[-1].islands == 2
    assert "1 systems stay at -1: the galaxy is not connected" in frames[-1].caption


def test_record_galaxy_wants_fresh_stars(seed18):
    stars, _trace, _rng = seed18
    with pytest.raises(ValueError, match="without lanes"):
        record_galaxy(stars, Random(1))


def test_the_player_steps_and_stays_within_its_frames():
    player = StepPlayer(["<p>a</p>", "<p>b</p>", "<p>c</p>"], title="letters")
    assert player.index == 0
    player.back.click()
    assert player.index == 0
    player.forward.click()
    player.forward.click()
    player.forward.click()
    assert player.index == 2 and player.play.value == 2
    assert "step <b>3</b> of 3" in player.position.value
    assert len(player.stack.children) == 3
    ends = [(link.source, link.target) for link in player.links]  # the browser plays on its own
    assert ends == [((player.play, "value"), (player.slider, "value")),
                    ((player.slider, "value"), (player.stack, "selected_index"))]
    bundle = player._repr_mimebundle_()
    assert bundle["text/html"].endswith("<p>c</p>") and "Step 3 of 3" in bundle["text/html"]
    assert "letters" in bundle["text/html"] and "Run the notebook" in bundle["text/html"]
    assert "application/vnd.jupyter.widget-view+json" in bundle
    with pytest.raises(ValueError):
        StepPlayer([])


def test_every_control_has_a_label_and_a_tooltip_and_the_keys_are_said():
    player = StepPlayer(["<p>a</p>", "<p>b</p>"])
    for control in (player.back, player.forward, player.slider):
        assert control.description and control.tooltip, control
    # the Play widget draws no description: its word labels come from the kit's CSS, and ipywidgets puts
    # its tooltip on the Play/Pause and Stop buttons' box only when it has no description
    assert player.play.tooltip and not player.play.description
    assert '" Play / Pause"' in STEPPER_STYLE and '" Stop"' in STEPPER_STYLE
    assert [player.back.description, player.forward.description] == ["Back", "Forward"]
    assert "cosmos-stepper" in player._dom_classes
    hint = player.children[1].value
    assert "Tab" in hint and "Enter" in hint and "\u2190" in hint


def test_a_frame_is_plain_data():
    frame = Frame(Phase.GRID, (), (), (-1,), (), 0, "x")
    assert frame.reached == 0 and frame.count_lanes(TREE) == 0


def test_the_see_it_kit_pieces():
    from lessons.kit.seeit import code_pane, counters_row, line_of, svg_img

    img = svg_img('<svg xmlns="http://www.w3.org/2000/svg"><text>1 < 2</text></svg>', 'a "map"')
    assert img.startswith('<img src="data:image/svg+xml;base64,') and "<svg" not in img
    assert 'alt="a &quot;map&quot;"' in img
    line = line_of(bfs, "queue.append(nxt)")
    assert file_line(bfs, line) == "queue.append(nxt)"
    pane = code_pane(bfs, line)
    assert lit_line(pane) == (line, "queue.append(nxt)") and "cosmos/graph.py" in pane
    with pytest.raises(ValueError, match="is not in cosmos/graph.py"):
        line_of(bfs, "no such code")
    assert 'data-name="islands"' in counters_row([("islands", 3)])
