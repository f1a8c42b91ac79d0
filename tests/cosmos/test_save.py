"""Saves: the text format round-trips, writes are atomic, every kind of damage is named."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cosmos.save import (
    MAGIC,
    SAVE_VERSION,
    SLOTS,
    SaveError,
    SaveGame,
    parse_save,
    read_save,
    slot_path,
    write_save,
)

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = SaveGame(2026, ("col 3", "b mine 3", "end", "ship I 2 1", "go 1 9", "end"))

command_lines = st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126),
                        min_size=1, max_size=40)


def error_key(call, *args) -> str:
    """Run a call that must fail with SaveError and return its message key."""
    with pytest.raises(SaveError) as caught:
        call(*args)
    return caught.value.message.key


@given(seed=st.integers(-2**40, 2**40), lines=st.lists(command_lines, max_size=30))
@settings(max_examples=150, deadline=None)
def test_text_round_trip_keeps_seed_version_and_lines(seed: int, lines: list[str]) -> None:
    save = SaveGame(seed, tuple(lines))
    assert SaveGame.from_text(save.to_text()) == save


def test_a_save_is_tiny_and_readable_text() -> None:
    text = SAMPLE.to_text()
    rows = text.splitlines()
    assert rows[0] == MAGIC
    assert rows[1] == f"version {SAVE_VERSION}"
    assert rows[2] == "seed 2026"
    assert rows[4:-1] == list(SAMPLE.lines)
    assert len(text) < 200


def test_a_save_cannot_hold_a_line_that_would_break_the_format() -> None:
    for bad in ("", "col 3\nend", "x" * 500, "col\t3", "сол 3"):
        with pytest.raises(ValueError):
            SaveGame(1, (bad,))


def test_write_then_read_each_slot(tmp_path: Path) -> None:
    for slot in SLOTS:
        save = SaveGame(slot * 7, SAMPLE.lines[:slot])
        assert write_save(tmp_path, slot, save) == slot_path(tmp_path, slot)
    for slot in SLOTS:
        assert read_save(tmp_path, slot) == SaveGame(slot * 7, SAMPLE.lines[:slot])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["slot1.sav", "slot2.sav", "slot3.sav"]


def test_saving_again_replaces_the_slot(tmp_path: Path) -> None:
    write_save(tmp_path, 1, SAMPLE)
    newer = SaveGame(2026, (*SAMPLE.lines, "end"))
    write_save(tmp_path, 1, newer)
    assert read_save(tmp_path, 1) == newer


def test_an_empty_slot_and_an_unknown_slot_are_named(tmp_path: Path) -> None:
    assert error_key(read_save, tmp_path, 2) == "err_save_empty"
    for slot in (0, 4, -1, "1", True, None):
        assert error_key(read_save, tmp_path, slot) == "err_save_slot"
        assert error_key(write_save, tmp_path, slot, SAMPLE) == "err_save_slot"


def test_every_truncation_is_reported_as_truncated() -> None:
    data = SAMPLE.to_text().encode("ascii")
    for cut in range(len(data)):
        assert error_key(parse_save, data[:cut]) == "err_save_truncated", cut


def test_changed_content_is_reported_as_corrupt() -> None:
    text = SAMPLE.to_text()
    damaged = [
        text.replace("seed 2026", "seed 2027"),
        text.replace("col 3", "col 4"),
        text.replace("go 1 9", "go 1 9 9"),
        text.replace("\nend\n", "\n\n", 1),
        text.replace("lines 6", "lines 5"),
        text.replace("seed 2026", "seed twenty"),
        text[:-3] + ("00\n" if not text.endswith("00\n") else "11\n"),
        text.replace("col 3", "col \u00e9"),
    ]
    for bad in damaged:
        assert error_key(parse_save, bad.encode("utf-8")) == "err_save_corrupt", bad


def test_a_count_that_disagrees_is_corrupt_even_with_a_good_checksum() -> None:
    body = f"{MAGIC}\nversion {SAVE_VERSION}\nseed 5\nlines 3\ncol 1\n"
    from cosmos.save import checksum

    assert error_key(parse_save, f"{body}crc32 {checksum(body)}\n".encode()) == "err_save_corrupt"


def test_every_flipped_bit_is_caught() -> None:
    data = SAMPLE.to_text().encode("ascii")
    for at in range(len(data)):
        for bit in range(8):
            flipped = bytearray(data)
            flipped[at] ^= 1 << bit
            with pytest.raises(SaveError):
                parse_save(bytes(flipped))


def test_foreign_files_are_named_foreign(tmp_path: Path) -> None:
    foreign = [
        b'{"seed": 2026, "commands": ["col 3"]}',
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
        b"epic-cosmos savegame\nversion 1\n",
        "Сохранение игры\n".encode(),
        b"\x00" * 64,
    ]
    for data in foreign:
        assert error_key(parse_save, data) == "err_save_foreign", data
    (tmp_path / "slot1.sav").write_bytes(b"x" * 5_000_000)
    assert error_key(read_save, tmp_path, 1) == "err_save_foreign"


def test_a_newer_version_is_named_with_both_versions() -> None:
    text = SAMPLE.to_text().replace(f"version {SAVE_VERSION}", f"version {SAVE_VERSION + 1}")
    with pytest.raises(SaveError) as caught:
        parse_save(text.encode())
    assert caught.value.message.key == "err_save_newer"
    expected = {"version": SAVE_VERSION + 1, "supported": SAVE_VERSION}
    assert dict(caught.value.message.args) == expected
    # a newer format may look different after its version line: still "newer", not "corrupt"
    future = f"{MAGIC}\nversion 99\nsomething else entirely\n".encode()
    assert error_key(parse_save, future) == "err_save_newer"


def test_an_unreadable_slot_is_named(tmp_path: Path) -> None:
    slot_path(tmp_path, 3).mkdir()
    assert error_key(read_save, tmp_path, 3) == "err_save_unreadable"


def test_a_failed_write_keeps_the_old_save_and_leaves_no_litter(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_save(tmp_path, 1, SAMPLE)
    before = slot_path(tmp_path, 1).read_bytes()

    def refuse(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    assert error_key(write_save, tmp_path, 1, SaveGame(9, ("end",))) == "err_save_write"
    assert slot_path(tmp_path, 1).read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["slot1.sav"]


def test_a_write_into_an_impossible_folder_is_an_error_not_a_crash(tmp_path: Path) -> None:
    blocker = tmp_path / "saves"
    blocker.write_text("a file where the folder should be")
    assert error_key(write_save, blocker, 1, SAMPLE) == "err_save_write"


def test_a_crash_in_the_middle_of_writing_leaves_the_old_save_intact(tmp_path: Path) -> None:
    write_save(tmp_path, 2, SAMPLE)
    before = slot_path(tmp_path, 2).read_bytes()
    # a real crash: the process dies after the new data is on disk but before the rename
    child = textwrap.dedent(f"""
        import os
        from pathlib import Path
        from cosmos.save import SaveGame, write_save
        os.replace = lambda *args: os._exit(3)
        write_save(Path({str(tmp_path)!r}), 2, SaveGame(1, ("end",) * 50))
    """)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, "-c", child], env=env, capture_output=True, timeout=600)
    assert result.returncode == 3, result.stderr
    assert slot_path(tmp_path, 2).read_bytes() == before
    assert read_save(tmp_path, 2) == SAMPLE


# ---- the round trip: play, save, load in a fresh process, continue -------------------------

def scripted_lines(seed: int, turns: int) -> list[str]:
    """A player's command lines for some turns: the AI plays the human's empire, as text."""
    from cosmos.game import END, play_line
    from cosmos.rivals import decide
    from cosmos.world import new_world

    world = new_world(seed)
    lines: list[str] = []
    for _ in range(turns):
        for command in decide(world, 0):
            lines.append(command.to_text())
            play_line(world, lines[-1])
        lines.append(END)
        play_line(world, END)
        if world.victory is not None:
            break
    return lines


CONTINUE = textwrap.dedent("""
    import json, sys
    from pathlib import Path
    import cosmos.game
    from cosmos.game import load_game, play_line
    from cosmos.turn import event_line, state_text
    saves, slot, rest = json.loads(sys.stdin.read())
    replays = []
    replay = cosmos.game.replay
    cosmos.game.replay = lambda save: replays.append(1) or replay(save)
    world, save = load_game(Path(saves), slot)
    log = []
    world.bus.subscribe("*", lambda event: log.append(event_line(event)))
    for line in rest:
        play_line(world, line)
    print(json.dumps([log, state_text(world), [repr(o) for o in world.offers], len(replays)]))
""")


@pytest.mark.parametrize("checkpoint", [True, False], ids=["from its checkpoint", "replayed"])
def test_a_saved_game_continues_in_a_fresh_process_exactly_as_if_never_stopped(
    tmp_path: Path, checkpoint: bool
) -> None:
    import json

    from cosmos.game import play_line, save_game
    from cosmos.turn import event_line, state_text
    from cosmos.world import new_world

    seed = 2026
    lines = scripted_lines(seed, 40)
    cut = [i for i, line in enumerate(lines) if line == "end"][14] + 1  # after turn 15
    assert len(lines) - cut > 40  # the continuation is a real game
    # the uninterrupted run
    world = new_world(seed)
    log: list[str] = []
    for line in lines[:cut]:
        play_line(world, line)
    if checkpoint:
        save_game(tmp_path, 2, world, lines[:cut])
    else:
        write_save(tmp_path, 2, SaveGame(seed, tuple(lines[:cut])))
    world.bus.subscribe("*", lambda event: log.append(event_line(event)))
    for line in lines[cut:]:
        play_line(world, line)
    # the interrupted one: saved above, then another process loads and plays on
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED="12345")
    result = subprocess.run([sys.executable, "-c", CONTINUE], env=env, capture_output=True,
                            text=True, timeout=600,
                            input=json.dumps([str(tmp_path), 2, lines[cut:]]))
    assert result.returncode == 0, result.stderr
    their_log, their_state, their_offers, replays = json.loads(result.stdout)
    assert replays == (0 if checkpoint else 1)
    assert len(log) > 100
    assert their_log == log
    assert their_state == state_text(world)
    assert their_offers == [repr(o) for o in world.offers]


def test_a_save_that_does_not_replay_is_refused_and_the_running_game_is_untouched(
    tmp_path: Path
) -> None:
    from cosmos.game import load_game, replay
    from cosmos.turn import state_text

    lines = scripted_lines(7, 6)
    running = replay(SaveGame(7, tuple(lines)))
    before = state_text(running)
    for bad in ("col 99", "fly 1 2", "r 0", "ship I 0 1", "go 01 2", "end 2"):
        write_save(tmp_path, 1, SaveGame(7, (*lines, bad)))
        with pytest.raises(SaveError) as caught:
            load_game(tmp_path, 1)
        assert caught.value.message.key == "err_save_replay"
        assert caught.value.message.args == (("line", bad),)
        assert state_text(running) == before


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(-(10**20) + 1, 10**20 - 1) | st.integers(-(10**30), 10**30))
def test_every_seed_a_save_accepts_loads_back_and_no_other_is_written(seed: int) -> None:
    from cosmos.save import SEED_DIGITS, seed_fits

    if len(str(abs(seed))) <= SEED_DIGITS:
        assert seed_fits(seed)
        assert parse_save(SaveGame(seed, ("end",)).to_text().encode("ascii")).seed == seed
    else:
        assert not seed_fits(seed)
        with pytest.raises(ValueError):
            SaveGame(seed)


def test_a_session_with_a_seed_too_long_to_save_says_so_in_its_language(tmp_path: Path) -> None:
    from cosmos.ui.session import Session

    for folder in (tmp_path, None):
        english = Session(seed=10**26, saves_dir=folder)
        assert "more than 20 digits" in english.send("save 1")
        assert not english.memory_saves and not slot_path(tmp_path, 1).exists()
        assert "mehr als 20 Ziffern" in Session(seed=-(10**26), lang="de", saves_dir=folder).send("save 2")


def test_a_save_with_a_seed_too_long_and_a_right_checksum_says_how_long_a_seed_may_be(tmp_path: Path) -> None:
    from cosmos.save import checksum
    from cosmos.ui.session import Session

    for seed in ("1" * 27, "-" + "9" * 21):
        body = f"{MAGIC}\nversion {SAVE_VERSION}\nseed {seed}\nlines 1\nend\n"
        data = f"{body}crc32 {checksum(body)}\n".encode()
        with pytest.raises(SaveError) as caught:
            parse_save(data)
        assert caught.value.message.key == "err_save_long_seed"
        assert dict(caught.value.message.args) == {"digits": len(seed.lstrip("-")), "limit": 20}
    slot_path(tmp_path, 1).write_bytes(data)
    assert "seeds have at most 20" in Session(seed=5, saves_dir=tmp_path).send("load 1")
    assert "höchstens 20" in Session(seed=5, lang="de", saves_dir=tmp_path).send("load 1")
