"""The parser of the ``skipbo`` command and the one place that turns errors into exit codes."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

import skipbo
from skipbo.cli import demo, perft, play, render, replay, serve, tournament
from skipbo.cli.errors import UsageError

__all__ = ["main"]

USAGE_ERROR = 2
"""Exit status of bad input (as argparse and most Unix tools use)."""
INTERRUPTED = 130
"""Exit status after Ctrl-C: 128 + SIGINT, as a shell reports it."""
PIPE_CLOSED = 141
"""Exit status when the reader of the output went away: 128 + SIGPIPE."""

MAX_MESSAGE = 300
"""Longest error message printed; longer ones (e.g. echoing hostile input) are cut."""

Runner = Callable[[argparse.Namespace], int]


class _Parser(argparse.ArgumentParser):
    """An argparse parser whose errors are one line (its usage stays in ``--help``)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see {self.prog} --help)", command=self.prog)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="skipbo",
        description="Play Skip-Bo in the terminal, run bot tournaments, replay and render games.",
    )
    parser.add_argument("--version", action="version", version=f"skipbo {skipbo.__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in (play, tournament, replay, render, demo, serve, perft):
        sub = commands.add_parser(module.NAME, help=module.HELP, description=module.HELP)
        module.configure(sub)
        sub.set_defaults(run=module.run)
    return parser


def _one_line(error: BaseException) -> str:
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 3] + "..."


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``skipbo`` with ``argv`` (default: the process's arguments); returns the exit status."""
    parser = _parser()
    command = "skipbo"
    try:
        try:
            args = parser.parse_args(argv)
        except SystemExit as done:  # --help and --version end the parse
            return done.code if isinstance(done.code, int) else 0
        command = f"skipbo {args.command}"
        run: Runner = args.run
        status = run(args)
        sys.stdout.flush()  # a closed pipe shows here, inside the handlers below
        return status
    except (UsageError, skipbo.SkipBoError, ValueError, OSError, ImportError) as error:
        if isinstance(error, BrokenPipeError):
            return _pipe_closed()
        if isinstance(error, UsageError) and error.command is not None:
            command = error.command
        print(f"{command}: {_one_line(error)}", file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:
        print(file=sys.stderr)  # leave the shell prompt on a line of its own
        return INTERRUPTED


def _pipe_closed() -> int:
    # Point stdout at /dev/null so that the interpreter's final flush cannot fail
    # again and print a traceback (the recipe of the Python docs on SIGPIPE).
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    return PIPE_CLOSED
