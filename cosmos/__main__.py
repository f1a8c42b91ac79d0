"""Running the game: python -m cosmos [--seed=N] [--lang=L] [--plain] [--simulate=N [--dask ADDRESS]]."""
from __future__ import annotations

import argparse
import contextlib
import os
import re
import shutil
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import NoReturn

from cosmos.save import SEED_DIGITS, seed_fits
from cosmos.text import DEFAULT_LANG, LANGS, Texts
from cosmos.ui.session import Session
from cosmos.ui.terminal import play

DEFAULT_SEED = 2026
MAX_GAMES = 100_000  # --simulate's bound: about an hour and a quarter at 23 games a second

class _Formatter(argparse.RawDescriptionHelpFormatter):
    """argparse's help layout with the usage line's prefix in the player's language."""

    usage_prefix = "usage: "

    def add_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                  groups: Iterable[argparse._MutuallyExclusiveGroup], prefix: str | None = None) -> None:
        """The usage line, prefixed in the chosen language."""
        super().add_usage(usage, actions, groups, prefix if prefix is not None else self.usage_prefix)


class _Parser(argparse.ArgumentParser):
    """An argument parser whose own words (usage, error) follow --lang."""

    texts: Texts

    def error(self, message: str) -> NoReturn:
        """Usage and the error on stderr, then exit code 2 (argparse's detail stays as it is)."""
        self.print_usage(sys.stderr)
        self.exit(2, self.texts("cli_error", prog=self.prog, detail=message) + "\n")


def chosen_lang(argv: list[str] | None) -> str:
    """The language named by --lang on the command line (the default if none or unknown)."""
    probe = argparse.ArgumentParser(add_help=False)
    probe.add_argument("--lang", default=DEFAULT_LANG)
    known, _ = probe.parse_known_args(argv)
    return known.lang if known.lang in LANGS else DEFAULT_LANG


def make_parser(lang: str = DEFAULT_LANG) -> _Parser:
    """The command line's options, explained in one language (numbers come as text)."""
    texts = Texts(lang)
    formatter: type[_Formatter] = type("Formatter", (_Formatter,), {"usage_prefix": texts("cli_usage") + " "})
    parser = _Parser(prog="python -m cosmos", description=texts("cli_description"),
                     epilog=texts("cli_epilog"), formatter_class=formatter, add_help=False)
    parser.texts = texts
    options = parser.add_argument_group(texts("cli_options"))
    options.add_argument("-h", "--help", action="help", help=texts("cli_help_help"))
    options.add_argument("--seed", default=str(DEFAULT_SEED), metavar="N",
                         help=texts("cli_help_seed", default=DEFAULT_SEED))
    options.add_argument("--lang", choices=LANGS, default=DEFAULT_LANG,
                         help=texts("cli_help_lang", default=DEFAULT_LANG))
    options.add_argument("--plain", action="store_true", help=texts("cli_help_plain"))
    options.add_argument("--simulate", metavar="N", default=None, help=texts("cli_help_simulate"))
    cluster = options.add_mutually_exclusive_group()
    cluster.add_argument("--dask", metavar=texts("cli_metavar_address"), default=None, help=texts("cli_help_dask"))
    cluster.add_argument("--dask-scheduler-file", metavar=texts("cli_metavar_file"), default=None,
                         help=texts("cli_help_dask_file"))
    options.add_argument("--saves", type=Path, default=Path("saves"), metavar=texts("cli_metavar_dir"),
                         help=texts("cli_help_saves"))
    return parser


def read_numbers(args: argparse.Namespace) -> str | None:
    """Turn --seed and --simulate into numbers in args; what is wrong, in the chosen language, or None."""
    texts = Texts(args.lang)
    for option in ("seed", "simulate"):
        value = getattr(args, option)
        if value is None:
            continue
        if option == "seed" and re.fullmatch(r"\s*[-+]?[0-9_]+\s*", value) and not seed_fits(_whole(value)):
            return texts("err_option_seed", digits=SEED_DIGITS, value=repr(value))
        try:
            number = int(value)
        except ValueError:
            return texts("err_option_number", option=f"--{option}", value=repr(value))
        if option == "simulate" and number < 1:
            return texts("err_option_at_least", option="--simulate", low=1)
        if option == "simulate" and number > MAX_GAMES:
            return texts("err_option_at_most", option="--simulate", high=MAX_GAMES)
        setattr(args, option, number)
    return None


def _whole(value: str) -> int | None:
    """The whole number a string of digits means, or None if it is too long for Python to read."""
    try:
        return int(value)
    except ValueError:
        return None


def output_failed(lang: str) -> int:
    """The output is full or closed: say so once on stderr, send what is left nowhere; exit code 1."""
    with contextlib.suppress(OSError):
        sys.stderr.write(f"python -m cosmos: {Texts(lang)('err_output')}\n")
        sys.stderr.flush()
    with contextlib.suppress(OSError, ValueError, AttributeError):  # the buffered rest must not fail again
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 1


def main(argv: list[str] | None = None) -> int:
    """Run the game (or the simulation) with the given command line; return the exit code."""
    args_lang = chosen_lang(argv)
    try:
        code = run(argv)
        if sys.stdout is not None:
            sys.stdout.flush()
    except OSError:  # stdout on a full disk (/dev/full), a closed pipe (`| head`), a gone terminal
        return output_failed(args_lang)
    return code


def run(argv: list[str] | None = None) -> int:
    """Run the game (or the simulation) with the given command line; return the exit code."""
    parser = make_parser(chosen_lang(argv))
    args = parser.parse_args(argv)  # an unknown option: usage, message and exit code 2
    error = read_numbers(args)
    if error is not None:
        sys.stderr.write(f"{parser.format_usage()}python -m cosmos: {error}\n")
        return 2
    if sys.stdout is None:  # started with stdout closed (`>&-`): nothing can be shown
        return output_failed(args.lang)
    for stream in (sys.stdout, sys.stdin):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(encoding="utf-8", errors="replace")
    if args.simulate is not None:
        return simulate(args.simulate, args.lang, args.dask, args.dask_scheduler_file)
    if args.dask is not None or args.dask_scheduler_file is not None:
        sys.stderr.write(f"{parser.format_usage()}python -m cosmos: {parser.texts('cli_dask_alone')}\n")
        return 2
    if sys.stdin is None:  # started with stdin closed (`<&-`): no command can come
        sys.stderr.write(f"python -m cosmos: {parser.texts('err_no_input')}\n")
        return 2
    session = Session(seed=args.seed, lang=args.lang, saves_dir=args.saves)
    colour = not args.plain and sys.stdout.isatty()
    try:
        typing = sys.stdin.isatty()
        return play(session, sys.stdin, sys.stdout, colour=colour, echo=not typing,
                    interactive=typing and sys.stdout.isatty())
    except KeyboardInterrupt:
        sys.stdout.write("\n")
        return 130


def simulate(games: int, lang: str = DEFAULT_LANG, address: str | None = None,
             scheduler_file: str | None = None) -> int:
    """Play the rivals alone (seeds 1 to N), here or on a Dask cluster; print the balance in the language.

    Progress goes to stderr (on a terminal, or always with a cluster); the report alone to stdout.
    """
    from cosmos.simulate import format_report, play_here, run_simulation
    from cosmos.ui.progress import Progress

    on_cluster = address is not None or scheduler_file is not None
    progress = Progress(games, "games", show=on_cluster or sys.stderr.isatty())
    try:
        if not on_cluster:
            report = run_simulation(games, player=play_here(os.cpu_count() or 1, progress.advance))
        else:
            from cosmos.cluster import ClusterUnavailable, connect, play_on_cluster

            try:
                client = connect(address, scheduler_file)
            except ClusterUnavailable as error:
                sys.stderr.write(f"python -m cosmos: {error}\n")
                return 2
            with client:
                report = run_simulation(games, player=play_on_cluster(client, progress.advance))
    except KeyboardInterrupt:
        sys.stderr.write("\npython -m cosmos: simulation stopped, no report\n")
        return 130
    sys.stdout.write(format_report(report, Texts(lang), shutil.get_terminal_size().columns))
    return 0


if __name__ == "__main__":
    sys.exit(main())
