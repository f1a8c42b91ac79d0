"""python -m cosmos: options, --help, plain frames from piped input, the end of input."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.reference import ROOT, screen


def run_game(args: list[str], stdin: str) -> subprocess.CompletedProcess[str]:
    """Run the game as a program with this repository's code, feeding it stdin."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "cosmos", *args], input=stdin, text=True,
                          capture_output=True, env=env, cwd=ROOT, timeout=600, encoding="utf-8")


def test_plain_run_prints_the_published_frames_and_echoes_commands() -> None:
    result = run_game(["--plain", "--seed=2026", "--lang=es"], "map\nsys 1\nquit\n")
    assert result.returncode == 0 and result.stderr == ""
    intro, game_map, sys1 = (screen(name, "es") for name in ("intro", "map", "sys1"))
    assert result.stdout == f"{intro}> map\n{game_map}> sys 1\n{sys1}> quit\n"


def test_output_that_is_not_a_terminal_is_plain_without_the_option() -> None:
    result = run_game([], "quit\n")
    assert "\x1b" not in result.stdout
    assert result.stdout.startswith("Turn 1/150  Terran Empire (A)")


def test_end_of_input_ends_the_game_quietly() -> None:
    result = run_game(["--lang=bg"], "sys 1")
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.endswith("> sys 1\n" + screen("sys1", "bg") + "> \n")


def test_help_explains_every_option() -> None:
    result = run_game(["--help"], "")
    assert result.returncode == 0
    for option in ("--seed", "--lang", "--plain", "--simulate", "bg,de,en,es", "2026"):
        assert option in result.stdout


def test_bad_options_are_refused_with_usage() -> None:
    for bad in (["--lang=fr"], ["--seed=abc"], ["--bogus"]):
        result = run_game(bad, "")
        assert result.returncode == 2 and "usage:" in result.stderr
        assert "Traceback" not in result.stderr


def test_simulate_prints_the_balance_of_ai_only_games() -> None:
    result = run_game(["--simulate=2"], "")
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.startswith("Balance over 2 AI-only games\n")
    assert "how the games ended:" in result.stdout


def test_simulate_needs_at_least_one_game() -> None:
    result = run_game(["--simulate=0"], "")
    assert result.returncode == 2 and "--simulate" in result.stderr and result.stdout == ""


def test_a_bad_number_on_the_command_line_is_named_in_the_players_language() -> None:
    from cosmos.text import LANGS, Texts

    for lang in LANGS:
        texts = Texts(lang)
        for args, expected in (
            (["--seed=abc"], texts("err_option_number", option="--seed", value="'abc'")),
            (["--seed=1.5"], texts("err_option_number", option="--seed", value="'1.5'")),
            (["--simulate=0"], texts("err_option_at_least", option="--simulate", low=1)),
            (["--simulate=many"], texts("err_option_number", option="--simulate", value="'many'")),
        ):
            result = run_game([*args, f"--lang={lang}"], "")
            assert result.returncode == 2 and result.stdout == ""
            assert result.stderr.startswith(texts("cli_usage") + " python -m cosmos")
            assert result.stderr.endswith(f"python -m cosmos: {expected}\n")
    assert Texts("de")("err_option_number", option="--seed", value="'x'") != Texts("en")(
        "err_option_number", option="--seed", value="'x'")


def test_a_negative_or_huge_seed_is_still_a_galaxy() -> None:
    for seed in ("-5", "99999999999"):
        result = run_game(["--plain", f"--seed={seed}"], "quit\n")
        assert result.returncode == 0 and result.stderr == "", result.stderr


def test_the_usage_text_and_the_simulation_report_follow_the_language() -> None:
    from cosmos.text import Texts

    german = run_game(["--lang=de", "--help"], "")
    assert german.returncode == 0 and german.stdout.startswith("Aufruf: python -m cosmos")
    assert Texts("de")("cli_help_plain") in german.stdout and "show this help" not in german.stdout
    spanish = run_game(["--bogus", "--lang=es"], "")
    assert spanish.returncode == 2 and spanish.stderr.startswith("uso: python -m cosmos")
    bulgarian = run_game(["--simulate=1", "--lang=bg"], "")
    assert bulgarian.returncode == 0 and bulgarian.stdout.startswith("Баланс от 1 игра само на ИИ")
    assert "как завършиха игрите:" in bulgarian.stdout and "военачалник" in bulgarian.stdout


def test_a_seed_too_long_to_save_is_refused_at_the_start_in_the_players_language() -> None:
    from cosmos.text import LANGS, Texts

    for lang in LANGS:
        for seed in ("1" * 27, "-" + "9" * 21, "7" * 5000):
            result = run_game([f"--seed={seed}", f"--lang={lang}"], "quit\n")
            expected = Texts(lang)("err_option_seed", digits=20, value=repr(seed))
            assert result.returncode == 2 and result.stdout == ""
            assert result.stderr.endswith(f"python -m cosmos: {expected}\n") and "Traceback" not in result.stderr


def test_the_longest_seed_the_game_accepts_saves_and_loads(tmp_path: Path) -> None:
    for seed in ("9" * 20, "-" + "9" * 20):
        saves = tmp_path / seed
        first = run_game(["--plain", f"--seed={seed}", f"--saves={saves}"], "end\nsave 1\nquit\n")
        assert first.returncode == 0 and "The game is saved in slot 1." in first.stdout
        second = run_game(["--plain", f"--seed={seed}", f"--saves={saves}"], "load 1\nquit\n")
        assert "Slot 1 is loaded: turn 2." in second.stdout, second.stdout[-400:]


def test_typed_escape_sequences_show_harmlessly_in_the_plain_transcript() -> None:
    result = run_game(["--plain"], "\x1b[2J\x1b[31mmap\x07\nsys \x9b1\nquit\n")
    assert result.returncode == 0
    assert "\x1b" not in result.stdout and "\x07" not in result.stdout and "\x9b" not in result.stdout
    assert "> ^[[2J^[[31mmap^G\n" in result.stdout and "> sys <9b>1\n" in result.stdout


def test_a_full_output_ends_with_one_clear_message(tmp_path: Path) -> None:
    from cosmos.text import Texts

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for lang in ("en", "bg"):
        with open("/dev/full", "w") as full:
            result = subprocess.run([sys.executable, "-m", "cosmos", "--plain", f"--lang={lang}"],
                                    input="map\n" * 50 + "quit\nquit\n", text=True, stdout=full,
                                    stderr=subprocess.PIPE, env=env, cwd=ROOT, timeout=60, encoding="utf-8")
        assert result.returncode == 1
        assert result.stderr == f"python -m cosmos: {Texts(lang)('err_output')}\n"
        with open("/dev/full", "w") as full:
            report = subprocess.run([sys.executable, "-m", "cosmos", "--simulate=1", f"--lang={lang}"],
                                    text=True, stdout=full, stderr=subprocess.PIPE, env=env, cwd=ROOT,
                                    timeout=120, encoding="utf-8")
        assert report.returncode == 1 and report.stderr == f"python -m cosmos: {Texts(lang)('err_output')}\n"


def test_a_closed_pipe_ends_with_one_clear_message() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, "-m", "cosmos", "--plain"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT)
    assert process.stdout is not None and process.stdin is not None
    process.stdout.readline()
    process.stdout.close()  # the reader goes away, as `| head -1` does
    _, errors = process.communicate(("map\n" * 2000 + "quit\nquit\n").encode("utf-8"), timeout=60)
    assert process.returncode == 1
    assert errors.decode("utf-8") == "python -m cosmos: The game's output could not be written (full or " \
                                     "closed): the game stops here.\n"


def test_a_closed_stdin_or_stdout_gives_one_clear_message_and_an_exit_status() -> None:
    from cosmos.text import Texts

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for lang in ("en", "de"):
        no_input = subprocess.run(f"{sys.executable} -m cosmos --plain --seed=5 --lang={lang} <&-", shell=True,
                                  capture_output=True, text=True, env=env, cwd=ROOT, timeout=60, encoding="utf-8")
        assert no_input.returncode == 2 and no_input.stdout == ""
        assert no_input.stderr == f"python -m cosmos: {Texts(lang)('err_no_input')}\n"
        no_output = subprocess.run(f"printf 'map\\n' | {sys.executable} -m cosmos --plain --seed=5 --lang={lang} >&-",
                                   shell=True, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT, timeout=60,
                                   encoding="utf-8")
        assert no_output.returncode == 1
        assert no_output.stderr == f"python -m cosmos: {Texts(lang)('err_output')}\n"


def test_a_simulation_beyond_the_bound_is_refused_with_the_bound() -> None:
    from cosmos.__main__ import MAX_GAMES
    from cosmos.text import Texts

    for lang in ("en", "es"):
        result = run_game(["--simulate=100000000", f"--lang={lang}"], "")
        expected = Texts(lang)("err_option_at_most", option="--simulate", high=MAX_GAMES)
        assert result.returncode == 2 and result.stdout == "" and "100000" in expected
        assert result.stderr.endswith(f"python -m cosmos: {expected}\n")
