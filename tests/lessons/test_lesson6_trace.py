"""Lesson 6's traces and data: recorded by the real simulation and the real replay, plain data."""
from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree

import pytest

from cosmos.checkpoint import to_data
from cosmos.data import EMPIRE_DEFS
from cosmos.game import END, play_line, replay
from cosmos.save import SaveGame
from cosmos.simulate import KINDS, Report, lineup_of_game, play_game, run_simulation, seed_of_game
from cosmos.world import new_world
from lessons.data import make_balance
from lessons.kit import balance
from lessons.kit.balance_trace import record_replay, record_settling, replay_frames, settling_frames
from lessons.kit.seeit import line_of

SAVE = SaveGame(2026, ("col 2", "r 1", "end", "end", "b mine 2", "end", "end", "end"))


@pytest.fixture(scope="module")
def recorded() -> tuple[list[dict], Report]:
    return record_settling(10, jobs=2)


@pytest.fixture(scope="module")
def settling(recorded) -> list[dict]:
    return recorded[0]


def test_the_settling_trace_is_the_real_simulation_game_by_game(recorded, settling) -> None:
    report = run_simulation(10, jobs=1)
    assert recorded[1] == report
    assert [step["games"] for step in settling] == list(range(1, 11))
    assert [step["index"] for step in settling] == list(range(10))
    last = settling[-1]
    assert last["wins"] == report.wins_by_character and last["kinds"] == report.wins_by_kind
    assert last["fair"] == pytest.approx(report.fair_wins)
    for step in settling:
        assert sum(step["wins"].values()) == sum(step["kinds"].values()) == step["games"]
        assert sum(step["fair"].values()) == pytest.approx(step["games"])
        result = play_game(step["index"])
        assert (step["winner"], step["kind"], step["turns"]) == (result.winner, result.kind, result.turns)
    assert json.loads(json.dumps(settling)) == settling  # plain data


def test_settling_frames_show_bars_counters_and_the_counting_line(settling) -> None:
    frames = settling_frames(settling)
    shown = [games for games in balance_trace_shown() if games <= len(settling)]
    assert len(frames) == len(shown)
    lit = line_of(Report.add, "self.wins_by_character[result.character] += 1")
    for frame, games in zip(frames, shown, strict=True):
        assert "data:image/svg+xml;base64," in frame and "<svg" not in frame
        assert "cosmos-counters" in frame and f"<b>{games}</b>" in frame
        assert f"&#9654;{lit:>4}" in frame


def balance_trace_shown() -> tuple[int, ...]:
    from lessons.kit.balance_trace import SHOWN_GAMES

    return SHOWN_GAMES


def test_the_replay_trace_rebuilds_the_world_line_by_line() -> None:
    trace = record_replay(SAVE)
    assert len(trace) == len(SAVE.lines) + 1
    world = replay(SAVE)
    last = trace[-1]
    assert last["turn"] == world.turn and last["stock"] == world.empires[0].stock
    assert last["planets"] == [sum(1 for p in world.planets if p.owner == e.id) for e in world.empires]
    for before, after in zip(trace, trace[1:], strict=False):
        assert after["turn"] == before["turn"] + (1 if after["line"] == END else 0)
    step_by_step = new_world(SAVE.seed)
    for line in SAVE.lines:
        play_line(step_by_step, line)
    assert to_data(step_by_step) == to_data(world)
    assert json.loads(json.dumps(trace)) == trace


def test_replay_frames_light_the_line_that_played() -> None:
    trace = record_replay(SAVE)
    frames = replay_frames(trace, SAVE)
    assert len(frames) == len(trace)
    end_line, order_line = line_of(play_line, "play_turn(world)"), line_of(play_line, "apply(world, command)")
    for step, frame in zip(trace[1:], frames[1:], strict=True):
        lit = end_line if step["line"] == END else order_line
        assert f"&#9654;{lit:>4}" in frame
        assert "<svg" not in frame and "cosmos-counters" in frame


def test_the_wilson_band_holds_the_share_and_narrows_with_more_games() -> None:
    for wins, games in ((0, 10), (3, 10), (10, 10), (70, 200)):
        low, high = balance.wilson(wins, games)
        assert 0 <= low <= wins / games <= high <= 1
    assert balance.wilson(0, 10)[0] == 0 and balance.wilson(10, 10)[1] == pytest.approx(1)
    widths = [balance.wilson(n // 3, n)[1] - balance.wilson(n // 3, n)[0] for n in (30, 120, 480)]
    assert widths[0] > widths[1] > widths[2]
    assert widths[1] / widths[2] == pytest.approx(2, rel=0.1)  # four times the games, half the band


def test_pictures_are_well_formed_svg() -> None:
    counts = balance.tally([["bwb", 0, "science", 40], ["swbw", 3, "conquest", 90]])
    for svg in (balance.bars_svg("t", balance.character_bars(counts)), balance.histogram_svg("h", counts.turns),
                balance.bars_svg("k", balance.kind_bars(counts)), balance.bars_svg("s", balance.seat_bars(counts))):
        assert ElementTree.fromstring(svg).tag.endswith("svg")


def test_a_tally_counts_empires_seats_and_fair_shares() -> None:
    counts = balance.tally([["bwb", 0, "science", 40], ["swbw", 3, "conquest", 90]])
    assert counts.games == 2 and counts.wins == {"builder": 1, "scholar": 0, "warlord": 1}
    assert counts.empires == {"builder": 3, "scholar": 1, "warlord": 3}
    assert counts.present == {"builder": 2, "scholar": 1, "warlord": 2}
    assert counts.fair["builder"] == pytest.approx(2 / 3 + 1 / 4)
    assert counts.seat_wins == [1, 0, 0, 1] and counts.seat_games == [2, 2, 2, 1]
    assert counts.kinds == {kind: {"science": 1, "conquest": 1}.get(kind, 0) for kind in KINDS}


def test_the_stored_balance_data_is_what_the_simulation_plays() -> None:
    data = balance.load_balance()
    assert data["games"] == make_balance.GAMES >= 1000
    assert len(data["rotated"]) == len(data["fixed"]) == data["games"]
    assert make_balance.current()  # a sample across the whole file, replayed now, comes out the same
    builder = balance.INITIAL[EMPIRE_DEFS[0].personality]
    assert all(row[0][0] == builder for row in data["fixed"])
    for index, row in enumerate(data["rotated"]):
        assert row[0] == "".join(balance.INITIAL[name] for name in lineup_of_game(index)[: len(row[0])])
        assert row[2] in KINDS and 1 <= row[3] <= 150 and 0 <= row[1] < len(row[0])
    world = new_world(seed_of_game(0), human=False)
    assert len(data["fixed"][0][0]) == len(world.empires)


def test_a_stored_game_the_engine_no_longer_plays_makes_the_file_stale(tmp_path) -> None:
    data = balance.load_balance()
    index = make_balance.sample()[-1]
    row = list(data["fixed"][index])
    row[3] += 1  # one turn longer than the game the engine plays
    data["fixed"][index] = row
    stale = tmp_path / "balance.json"
    stale.write_text(make_balance.balance_text(data), encoding="utf-8")
    assert not make_balance.current(stale)
    data["fixed"][index] = balance.load_balance()["fixed"][index]
    stale.write_text(make_balance.balance_text(data), encoding="utf-8")
    assert make_balance.current(stale)


def test_the_data_file_is_written_the_way_make_balance_writes_it() -> None:
    small = make_balance.balance_data(games=3, jobs=1)
    text = make_balance.balance_text(small)
    assert json.loads(text) == small and text.endswith("\n")
    stored = balance.DATA_FILE.read_text(encoding="utf-8")
    assert stored == make_balance.balance_text(json.loads(stored))
    assert small["rotated"] == balance.load_balance()["rotated"][:3]
