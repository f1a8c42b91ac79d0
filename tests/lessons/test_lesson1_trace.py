"""The "see it" animation as data: recorded by the real connect and bfs, drawn as inline SVG."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from cosmos.galaxy import connect
from cosmos.graph import bfs
from cosmos.rng import Random
from lessons.kit.anim import COLOURS, Frame, Phase, frame_svg, frames_from_trace, galaxy_frames_html
from lessons.kit.player import StepPlayer
from lessons.kit.trace import EXTRA, TREE, lanes_of, record_galaxy, steps_of

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
            assert before == ("roll", 55, True)


def test_the_wave_writes_the_distances_of_the_real_bfs(seed18):
    stars, trace, _rng = seed18
    result = bfs(stars, 0)
    reached = steps_of(trace, "reach")
    assert sorted(step[1] for step in reached) == list(range(12))
    assert {step[1]: step[2] for step in reached} == dict(enumerate(result.dist))
    assert [step[2] for step in reached] == sorted(step[2] for step in reached)  # layer by layer
    assert all(result.parent[system] == parent for _, system, _, parent in reached)


def test_frames_and_their_counters(seed18):
    _stars, trace, _rng = seed18
    frames = frames_from_trace(trace)
    assert len(frames) == 1 + 12 + 11 + 3 + 12
    phases = [f.phase for f in frames]
    assert phases == ([Phase.GRID] + [Phase.STARS] * 12 + [Phase.TREE] * 11 + [Phase.EXTRA] * 3
                      + [Phase.WAVE] * 12)
    assert [f.islands for f in frames[1:13]] == list(range(1, 13))
    assert [f.islands for f in frames[13:24]] == list(range(11, 0, -1))
    assert frames[13 + 4].islands == 7  # after 5 tree lanes, 7 islands
    assert all(f.islands == 1 for f in frames[24:])
    assert [f.count_lanes(EXTRA) for f in frames[24:27]] == [1, 2, 3]
    assert [f.reached for f in frames[27:]] == list(range(1, 13))
    last = frames[-1]
    assert last.count_lanes(TREE) == 11 and last.count_lanes(EXTRA) == 3
    assert -1 not in last.dist and "connected" in last.caption


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


def test_counters_are_on_screen(seed18):
    _stars, trace, _rng = seed18
    html = galaxy_frames_html(trace)
    assert len(html) == 39
    assert 'data-name="islands">islands: <b>12</b>' in html[12]
    assert 'data-name="islands">islands: <b>1</b>' in html[23]
    assert 'data-name="extra lanes">extra lanes: <b>3</b>' in html[26]
    assert 'data-name="reached">reached: <b>12 of 12</b>' in html[-1]
    assert 'data-name="step">step: <b>39 of 39</b>' in html[-1]


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
    player = StepPlayer(["<p>a</p>", "<p>b</p>", "<p>c</p>"])
    assert player.index == 0
    player.back.click()
    assert player.index == 0
    player.forward.click()
    player.forward.click()
    player.forward.click()
    assert player.index == 2 and player.play.value == 2
    assert len(player.stack.children) == 3
    ends = [(link.source, link.target) for link in player.links]  # the browser plays on its own
    assert ends == [((player.play, "value"), (player.slider, "value")),
                    ((player.slider, "value"), (player.stack, "selected_index"))]
    bundle = player._repr_mimebundle_()
    assert bundle["text/html"] == "<p>c</p>"
    assert "application/vnd.jupyter.widget-view+json" in bundle
    with pytest.raises(ValueError):
        StepPlayer([])


def test_a_frame_is_plain_data():
    frame = Frame(Phase.GRID, (), (), (-1,), (), 0, "x")
    assert frame.reached == 0 and frame.count_lanes(TREE) == 0
