"""Fuzzing the input: tens of thousands of random lines never crash and never consume a turn."""
from __future__ import annotations

from cosmos.rng import Random
from cosmos.text import LANGS
from cosmos.ui.commands import Limits, Parsed, ParseError, Verb, parse
from cosmos.ui.session import Session

VERBS = ["map", "sys", "emp", "tech", "fleets", "help", "report", "news", "col", "b", "r", "ship",
         "go", "peace", "war", "accept", "reject", "decline", "save", "SYS", "Col", "x", "?", "q"]
WORDS = ["mine", "lab", "yard", "fort", "I", "b", "F", "d", "A", "c", "z", "one", "-", "+", "1.5",
         "0", "-1", "+3", "99999999999999", "007", "три", "ñ", "１２", "💥", "\u00a0", "\x00",
         "\x1b[2J", "\t", "\u202e", "\udc80", "'", '"', "{}", "{0}", "%s", "\\", "\r"]
ALPHABET = "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789 -+.,:;!?{}[]\t" \
           "\x00\x01\x07\x08\x0b\x0c\x1b\x7f\x85\u2028ñéüßжщ中文🚀\ufeff\u200b"
LINES = 30_000  # lines read by the parser alone
SESSION_LINES = 12_000  # lines played through whole sessions (each renders a frame)
TURN_VERBS = (Verb.END, Verb.WAIT, Verb.LOAD, Verb.SAVE, Verb.QUIT)


def random_line(rng: Random) -> str:
    """A random line: noise, a command with random arguments, or a very long line."""
    shape = rng.next_int(10)
    if shape < 3:
        return "".join(ALPHABET[rng.next_int(len(ALPHABET))] for _ in range(rng.next_int(30)))
    if shape == 3:
        return "x" * rng.range(190, 5000)
    parts = [VERBS[rng.next_int(len(VERBS))]]
    for _ in range(rng.next_int(5)):
        if rng.chance(50):
            parts.append(str(rng.range(-5, 200)))
        else:
            parts.append(WORDS[rng.next_int(len(WORDS))])
    return (" " * rng.next_int(3)).join(parts) if rng.chance(80) else "".join(parts)


def test_parse_never_raises_and_every_error_has_a_text_in_every_language() -> None:
    from cosmos.text import Texts

    rng = Random(5)
    limits = Limits(systems=16, planets=30, techs=13, letters="ACDB")
    texts = [Texts(lang) for lang in LANGS]
    seen_keys = set()
    for _ in range(LINES):
        result = parse(random_line(rng), limits)
        assert isinstance(result, (Parsed, ParseError))
        if isinstance(result, ParseError):
            seen_keys.add(result.key)
            for language in texts:
                args = {n: language(str(v)) if n == "what" else v for n, v in result.args}
                assert language(result.key, **args)
    assert len(seen_keys) >= 6  # the fuzz reaches every kind of parse error


def test_random_lines_never_crash_the_session_nor_consume_a_turn() -> None:
    rng = Random(2026)
    sessions = [Session(lang=lang) for lang in LANGS]
    sent = 0
    while sent < SESSION_LINES:
        line = random_line(rng)
        result = parse(line, sessions[0].limits())
        if isinstance(result, Parsed) and result.verb in TURN_VERBS:
            continue  # real turns, saves and quitting are not bad input
        session = sessions[sent % len(sessions)]
        frame = session.send(line)
        assert isinstance(frame, str) and frame.endswith("\n") and frame.count("\n") >= 5
        assert session.world.turn == 1 and "end" not in session.log and not session.finished
        sent += 1
