"""The terminal: colour and screen clearing on a terminal, plain frames everywhere else."""
from __future__ import annotations

import io
import os
import re
import subprocess
import sys

from cosmos.ui.session import Session
from cosmos.ui.terminal import CLEAR, paint, play
from tests.reference import ROOT

ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def test_painted_frame_is_the_plain_frame_plus_colour_codes() -> None:
    session = Session(lang="bg")
    for line in ("", "sys 1", "fly", "tech"):
        session.send(line)
        painted = paint(session.render())
        assert painted.startswith(CLEAR)
        assert ANSI.sub("", painted) == session.frame()
        assert "\x1b[" in painted[len(CLEAR):]


def test_map_letters_and_legend_are_coloured_per_empire() -> None:
    session = Session()
    session.send("map")
    painted = paint(session.render())
    assert "\x1b[1;32mA\x1b[0m\x1b[1;32ma\x1b[0m" in painted  # Aa, the player's capital
    assert " \x1b[1;31mB\x1b[0m:Orion Hegemon" in painted
    assert "Terr\x1b" not in painted  # letters inside the names stay plain


def test_play_in_colour_clears_the_screen_for_every_frame() -> None:
    out = io.StringIO()
    play(Session(), io.StringIO("sys 1\nquit\n"), out, colour=True, echo=False)
    assert out.getvalue().count(CLEAR) == 2 and "\x1b[1;36m" in out.getvalue()


def read_all(master: int) -> bytes:
    """Everything the program wrote to its terminal, until it closed it."""
    output = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the other end closed
            break
        if not chunk:
            break
        output += chunk
    os.close(master)
    return output


def test_on_a_real_terminal_the_game_clears_and_colours_unless_plain() -> None:
    for args, coloured in (([], True), (["--plain"], False)):
        master, slave = os.openpty()
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        process = subprocess.Popen([sys.executable, "-m", "cosmos", *args], stdin=subprocess.PIPE,
                                   stdout=slave, stderr=subprocess.PIPE, env=env, cwd=ROOT)
        os.close(slave)
        process.communicate(b"quit\n", timeout=600)
        output = read_all(master)
        assert process.returncode == 0
        assert (CLEAR.encode() in output) is coloured
        assert b"Turn 1/150" in output


def test_typing_on_a_terminal_reads_lines_with_input_and_quits_cleanly() -> None:
    master, slave = os.openpty()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, "-m", "cosmos", "--lang=es"], stdin=slave,
                               stdout=slave, stderr=subprocess.PIPE, env=env, cwd=ROOT)
    os.close(slave)
    os.write(master, b"sys 1\nquit\n")
    output = read_all(master)
    _, errors = process.communicate(timeout=600)
    assert process.returncode == 0 and errors == b""
    assert output.count(CLEAR.encode()) == 2  # the opening screen, then sys 1
    assert b"Planeta 2 Elara II, gigante gaseoso (libre)" in output
