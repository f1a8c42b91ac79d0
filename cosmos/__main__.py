"""Running the game: python -m cosmos [--seed=N] [--lang=L] [--plain] [--simulate=N [--dask ADDRESS]]."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from cosmos.text import DEFAULT_LANG, LANGS, Texts
from cosmos.ui.session import Session
from cosmos.ui.terminal import play

DEFAULT_SEED = 2026

DESCRIPTION = """\
Epic Cosmos: a turn-based space strategy in the terminal. You run one empire of a galaxy
made from a seed: colonise planets, research technologies, build fleets, and beat two or
three rivals by conquest, by researching the Stargate or by economy."""

EPILOG = """\
On a terminal the game clears the screen and uses colour. With --plain, or when the output
is not a terminal (a pipe or a file), it prints each frame as plain text and echoes the
commands it reads, so `python -m cosmos --plain < commands.txt` gives a transcript.

In the game type a command and press Enter; an empty line shows the map, help lists every
command: map, sys N, emp, tech, fleets, col P, b mine|lab|yard|fort P, r X, ship T N P,
go A B, end, wait N, peace E, war E, accept E, reject E, report, news, save K, load K
(slots 1 to 3), quit. The game ends at the end of input, too."""


def make_parser() -> argparse.ArgumentParser:
    """The command line's options (numbers come as text: read_numbers converts them)."""
    parser = argparse.ArgumentParser(
        prog="python -m cosmos", description=DESCRIPTION, epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", default=str(DEFAULT_SEED), metavar="N",
                        help=f"the galaxy's seed: same seed, same galaxy (default {DEFAULT_SEED})")
    parser.add_argument("--lang", choices=LANGS, default=DEFAULT_LANG,
                        help=f"the language of the game (default {DEFAULT_LANG})")
    parser.add_argument("--plain", action="store_true",
                        help="plain text frames: no screen clearing, no colour")
    parser.add_argument("--simulate", metavar="N", default=None,
                        help="play N AI-only games (seeds 1 to N) and print the balance")
    cluster = parser.add_mutually_exclusive_group()
    cluster.add_argument("--dask", metavar="ADDRESS", default=None,
                         help="with --simulate: play the games on the Dask cluster whose scheduler is at "
                              "ADDRESS (e.g. tcp://10.0.0.5:8786); the report is the same")
    cluster.add_argument("--dask-scheduler-file", metavar="FILE", default=None,
                         help="with --simulate: the same, with the scheduler named by a Dask scheduler file")
    parser.add_argument("--saves", type=Path, default=Path("saves"), metavar="DIR",
                        help="the folder of the save slots (default ./saves)")
    return parser


def read_numbers(args: argparse.Namespace) -> str | None:
    """Turn --seed and --simulate into numbers in args; what is wrong, in the chosen language, or None."""
    texts = Texts(args.lang)
    for option in ("seed", "simulate"):
        value = getattr(args, option)
        if value is None:
            continue
        try:
            number = int(value)
        except ValueError:
            return texts("err_option_number", option=f"--{option}", value=repr(value))
        if option == "simulate" and number < 1:
            return texts("err_option_at_least", option="--simulate", low=1)
        setattr(args, option, number)
    return None


def main(argv: list[str] | None = None) -> int:
    """Run the game (or the simulation) with the given command line; return the exit code."""
    parser = make_parser()
    args = parser.parse_args(argv)  # an unknown option: usage, message and exit code 2
    error = read_numbers(args)
    if error is not None:
        sys.stderr.write(f"{parser.format_usage()}python -m cosmos: {error}\n")
        return 2
    for stream in (sys.stdout, sys.stdin):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(encoding="utf-8", errors="replace")
    if args.simulate is not None:
        return simulate(args.simulate, args.dask, args.dask_scheduler_file)
    if args.dask is not None or args.dask_scheduler_file is not None:
        sys.stderr.write(f"{parser.format_usage()}python -m cosmos: --dask goes with --simulate=N\n")
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
    except BrokenPipeError:  # the reader went away (e.g. `| head`): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def simulate(games: int, address: str | None = None, scheduler_file: str | None = None) -> int:
    """Play games of the rivals alone (seeds 1 to N), here or on a Dask cluster, and print the balance.

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
    sys.stdout.write(format_report(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
