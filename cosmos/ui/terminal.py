"""The terminal: the input loop over a Session, plain frames or a cleared, coloured screen."""
from __future__ import annotations

import re
from typing import TextIO

from cosmos.ui.layout import Frame, Style
from cosmos.ui.session import Session

CLEAR = "\x1b[2J\x1b[H"
RESET = "\x1b[0m"
PROMPT = "> "
EMPIRE_COLOURS = {"A": "\x1b[1;32m", "B": "\x1b[1;31m", "C": "\x1b[1;33m", "D": "\x1b[1;35m"}
STYLE_COLOURS = {Style.HEADER: "\x1b[1;36m", Style.TITLE: "\x1b[1m", Style.GOOD: "\x1b[32m",
                 Style.BAD: "\x1b[31m", Style.FOOTER: "\x1b[2m"}
MAP_MARK = re.compile(r"[A-Da-d]")
LEGEND_MARK = re.compile(r"(?<![^ ])[A-D](?=:)")  # a letter at the start of a word, before ":"


def harmless(text: str) -> str:
    """Text with its control characters made visible (ESC as ^[, CSI as <9b>): a transcript that
    shows what was typed can never clear, move or recolour the terminal. Newlines stay."""
    out = []
    for char in text:
        code = ord(char)
        if char == "\n" or (32 <= code < 127) or code > 159:
            out.append(char)
        elif code < 32 or code == 127:
            out.append("^" + chr(code ^ 64))
        else:
            out.append(f"<{code:02x}>")
    return "".join(out)


def paint_empires(line: str, pattern: re.Pattern[str]) -> str:
    """Colour each empire letter the pattern finds with that empire's colour."""
    return pattern.sub(lambda m: EMPIRE_COLOURS[m.group(0).upper()] + m.group(0) + RESET, line)


def paint(frame: Frame) -> str:
    """A frame in colour, for a terminal: the screen is cleared first."""
    out = [CLEAR]
    for line, style in zip(frame.lines, frame.styles, strict=True):
        line = harmless(line)
        if style is Style.MAP:
            out.append(paint_empires(line, MAP_MARK))
        elif style is Style.LEGEND:
            out.append(paint_empires(line, LEGEND_MARK))
        elif style in STYLE_COLOURS and line:
            out.append(STYLE_COLOURS[style] + line + RESET)
        else:
            out.append(line)
        out.append("\n")
    return "".join(out)


def read_line(stdin: TextIO, stdout: TextIO, interactive: bool) -> str | None:
    """One line after the prompt (None at the end of input); a terminal gets line editing."""
    if interactive:
        try:
            return input(PROMPT)  # with the readline module where Python has it
        except EOFError:
            return None
    stdout.write(PROMPT)
    stdout.flush()
    line = stdin.readline()
    return line.rstrip("\r\n") if line else None


def enable_line_editing() -> None:
    """Load the readline module where Python has it: input() then edits lines and keeps history
    (and writes its prompt to the terminal's output instead of stderr)."""
    try:
        import readline  # noqa: F401
    except ImportError:  # e.g. Windows without it: input() still works
        pass


def play(session: Session, stdin: TextIO, stdout: TextIO, colour: bool, echo: bool,
         interactive: bool = False) -> int:
    """Show a frame, read a line, send it, until the game is quit or the input ends; exit code 0.

    echo writes each line read after the prompt (for piped input, so the output is a transcript);
    interactive reads with input() from a terminal instead of stdin.readline().
    """
    if interactive:
        enable_line_editing()
    while not session.left:
        stdout.write(paint(session.render()) if colour else harmless(session.frame()))
        try:
            line = read_line(stdin, stdout, interactive)
        except KeyboardInterrupt:  # Ctrl-C: like quit, it asks first if the game is not saved
            stdout.write("\n")
            session.leave("interrupt")
            continue
        if line is None:  # end of input (Ctrl-D): a terminal asks first; a pipe leaves, saying so
            stdout.write("\n")
            if interactive and not session.leave("eof"):
                continue
            if session.unsaved():
                stdout.write(session.texts("unsaved_left") + "\n")
            break
        if echo:
            stdout.write(harmless(line) + "\n")
        session.send(line)
    stdout.flush()
    return 0
