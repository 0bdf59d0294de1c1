"""End-to-end tests of the ``skipbo`` command line, run as a separate process."""

from __future__ import annotations

import contextlib
import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

import skipbo
from skipbo import Rules
from skipbo.arena import play_game, tournament
from skipbo.games.skipbo.bots import PlayFirstBot
from skipbo.games.skipbo.records import final_state, format_record, parse_record
from skipbo.games.skipbo.sampling import sample_state
from skipbo.games.skipbo.serialization import dumps
from skipbo.games.skipbo.text import render_view

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 120  # seconds: only a guard against a hung process, never a measurement
PROMPT = "your move> "


def skipbo_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "skipbo", *args]


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        skipbo_command(*args),
        input=stdin,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
        cwd=ROOT,
    )


def assert_usage_error(result: subprocess.CompletedProcess[str], command: str) -> str:
    """Exit status 2, one line on stderr naming the command, no traceback, nothing else."""
    assert result.returncode == 2, result
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"{command}: ")
    assert "Traceback" not in result.stderr + result.stdout
    return lines[0]


AT_A_TERMINAL = (
    "import runpy, signal;"
    " signal.signal(signal.SIGINT, signal.default_int_handler);"
    " runpy.run_module('skipbo', run_name='__main__', alter_sys=True)"
)
"""``python -m skipbo`` as a terminal's shell starts it: with Ctrl-C's signal not ignored.

A process inherits ignored signals, and Python leaves an ignored SIGINT ignored
(POSIX: a program started in the background keeps ignoring Ctrl-C). In whole runs of
the suite, some code in the same pytest-xdist worker process had SIGINT and SIGQUIT
ignored at times (as glibc's ``system()`` does while its command runs): a ``skipbo
play`` started then ignored every Ctrl-C (its /proc status: ``SigIgn`` with SIGINT's
bit, ``SigCgt`` 0), which failed the Ctrl-C test in about one whole run in two under
load. The handler set here is the one Python installs itself at a terminal; a program
that ignores or swallows Ctrl-C still fails the test.
"""


class Session:
    """A ``skipbo play`` process driven over pipes, like a person at the keyboard."""

    def __init__(self, args: Sequence[str]) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", AT_A_TERMINAL, "play", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=ROOT,
        )
        self.transcript = ""

    def read_until_prompt(self) -> str | None:
        """The output up to the next prompt; ``None`` once the process has ended."""
        assert self.process.stdout is not None
        out = self.process.stdout.fileno()
        chunk = b""
        while not chunk.decode(errors="replace").endswith(PROMPT):
            ready, _, _ = select.select([out], [], [], TIMEOUT)
            assert ready, "skipbo play stopped answering"
            data = os.read(out, 65536)
            if not data:
                self.transcript += chunk.decode()
                return None
            chunk += data
        text = chunk.decode()
        self.transcript += text
        return text

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line.encode() + b"\n")
        self.process.stdin.flush()

    def finish(self) -> tuple[int, str]:
        """Wait for the end; the exit status and what went to stderr."""
        _, errors = self.process.communicate(timeout=TIMEOUT)
        return self.process.returncode, errors.decode()

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.communicate(timeout=TIMEOUT)


READ_SYSCALL = {"x86_64": 0, "aarch64": 63}
"""The number of the read system call, as /proc/PID/syscall shows it."""


def wait_until_reading(pid: int) -> None:
    """Return once process ``pid`` is blocked in read(2) of its standard input (Linux;
    else after a pause)."""
    number = READ_SYSCALL.get(os.uname().machine)
    if number is None:
        time.sleep(1)
        return
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        if reading_input(pid):
            return
        time.sleep(0.01)
    raise AssertionError("skipbo play never waited for input")


def reading_input(pid: int) -> bool:
    """Whether process ``pid`` is blocked in read(2) of its standard input now (Linux)."""
    try:
        with open(f"/proc/{pid}/syscall", encoding="ascii") as status:
            # "<syscall number> <first argument, the fd> ...", or "running"
            fields = status.read().split()
    except OSError:  # it has ended
        return False
    # A read of another file (a lazy import, say) is not the wait for the person.
    return fields[:2] == [str(READ_SYSCALL.get(os.uname().machine)), "0x0"]


def process_state(pid: int) -> str:
    """What process ``pid`` is doing, from /proc (Linux): for a failure's message."""
    facts = []
    for name in ("syscall", "wchan", "stat"):
        try:
            facts.append(f"{name}: {Path(f'/proc/{pid}/{name}').read_text().strip()[:200]}")
        except OSError as error:
            facts.append(f"{name}: {error}")
    with contextlib.suppress(OSError):
        status = Path(f"/proc/{pid}/status").read_text().splitlines()
        facts += [line for line in status if line.startswith(("State", "Sig", "Shd"))]
        facts.append(f"threads: {len(list(Path(f'/proc/{pid}/task').iterdir()))}")
    return "; ".join(facts)


@pytest.fixture
def play() -> Iterator[Callable[[list[str]], Session]]:
    """Start `skipbo play` sessions; each is ended and its pipes closed after the test."""
    sessions: list[Session] = []

    def start(args: list[str]) -> Session:
        sessions.append(Session(args))
        return sessions[-1]

    yield start
    for session in sessions:
        session.close()


def listed_moves(screen: str) -> dict[int, str]:
    """The numbered moves of the last menu on the screen: number -> notation."""
    menu = screen[screen.rindex("your moves:") :]
    moves = {int(n): notation for n, notation in re.findall(r"(\d+)\) .*?\[(\S+)\]", menu)}
    for line in re.findall(r"discard (a wild|\d+) \(ends your turn\): (.*)", menu):
        card, choices = line
        card = "W" if card == "a wild" else card
        for number, pile in re.findall(r"(\d+)\) pile (\d+)", choices):
            moves[int(number)] = f"h{card}>d{pile}"
    return moves


class TestPlay:
    """`skipbo play`, a person against bots."""

    @pytest.mark.parametrize(
        ("args", "rules"),
        [
            (["--stock", "4", "--seed", "11", "--bots", "play-first"], Rules(stock_size=4)),
            (
                ["--variant", "partners", "--stock", "3", "--seed", "2"],
                Rules.partners(stock_size=3),
            ),
        ],
    )
    def test_a_whole_game_by_number_notation_and_hint(
        self,
        play: Callable[[list[str]], Session],
        tmp_path: Path,
        args: list[str],
        rules: Rules,
    ) -> None:
        saved = tmp_path / "game.txt"
        session = play([*args, "--save", str(saved)])
        sent: list[str] = []
        prompts = 0
        while (screen := session.read_until_prompt()) is not None:
            prompts += 1
            moves = listed_moves(screen)
            assert sorted(moves) == list(range(1, len(moves) + 1))
            if prompts % 5 == 1:
                session.send("hint")
                hint = session.read_until_prompt()
                assert hint is not None
                number, notation = re.findall(r"hint: (\d+)\) .*\[(\S+)\]", hint)[0]
                assert moves[int(number)] == notation
            if prompts % 2:
                number = len(moves)
                session.send(str(number))  # by number: the last move listed
            else:
                number = 1
                session.send(moves[number])  # in the notation
            sent.append(moves[number])
        status, errors = session.finish()
        assert (status, errors) == (0, "")
        record = parse_record(saved.read_text())
        assert record.rules == rules
        outcome = final_state(record).outcome
        assert outcome is not None
        if not outcome.winners:
            verdict = f"game over: {outcome}"
        elif 0 in outcome.winners:
            verdict = "your team won!" if len(outcome.winners) > 1 else "you won!"
        else:
            verdict = f"you lost: {outcome}"
        assert verdict in session.transcript
        assert f"the deal's seed was {record.seed}" in session.transcript
        # The person's moves are the ones typed, in order; the rest are the bot's.
        states = list(skipbo.replay(record))
        mine = [str(m) for m, s in zip(record.moves, states, strict=False) if s.current_player == 0]
        assert mine == sent
        assert prompts == len(sent) > 1

    @pytest.mark.rule("R-INFO-3")
    def test_shows_the_persons_view_only(self, play: Callable[[list[str]], Session]) -> None:
        session = play(["--players", "3", "--seed", "5"])
        screen = session.read_until_prompt()
        session.send("quit")
        assert session.finish() == (0, "")
        assert screen is not None
        # The table is the drawing of the person's view, which no hidden card changes
        # (tests/skipbo/test_text.py); the referee's picture with every hand never appears.
        state = skipbo.new_game(skipbo.Rules(players=3), seed=5)
        assert render_view(skipbo.view(state, 0)) in screen
        assert "hand of seat" not in session.transcript
        assert "seed" not in session.transcript  # left before the end: it stays secret

    def test_without_a_seed_every_game_is_dealt_anew(self, tmp_path: Path) -> None:
        seeds = []
        for name in ("a.txt", "b.txt"):
            result = run("play", "--save", str(tmp_path / name), stdin="quit\n")
            assert result.returncode == 0
            seed = parse_record((tmp_path / name).read_text()).seed
            assert str(seed) not in result.stdout  # the seed reveals the hidden cards
            seeds.append(seed)
        assert seeds[0] != seeds[1]

    def test_end_of_input_leaves_quietly(self) -> None:
        result = run("play", "--seed", "1", stdin="")
        assert (result.returncode, result.stderr) == (0, "")
        assert "game left unfinished" in result.stdout

    def test_bad_input_at_the_prompt_is_explained_and_changes_nothing(self, tmp_path: Path) -> None:
        saved = tmp_path / "game.txt"
        result = run(
            "play", "--seed", "3", "--save", str(saved), stdin="h99>b0\nxyz\n0\n999\nhelp\nquit\n"
        )
        assert result.returncode == 0
        assert "the hand holds no 99" in result.stdout
        assert "not a move: 'xyz'" in result.stdout
        assert "there is no move 0" in result.stdout
        assert result.stdout.count("How to read the moves") == 1
        assert parse_record(saved.read_text()).moves == ()

    def test_team_play(self) -> None:
        args = ["--variant", "partners", "--seed", "2", "--seat", "1", "--first-player", "1"]
        result = run("play", *args, stdin="quit\n")
        assert result.returncode == 0
        assert "team 0: seat 0 (hand 0), seat 2 (hand 0): stock s0 top" in result.stdout
        assert "team 1: seat 1 (you, hand 5), seat 3 (hand 0): stock s1 top" in result.stdout

    @pytest.mark.parametrize(
        "ignored_here", [False, True], ids=["at-a-terminal", "started-while-ignored"]
    )
    def test_ctrl_c_ends_quietly_and_keeps_the_record(
        self, play: Callable[[list[str]], Session], tmp_path: Path, ignored_here: bool
    ) -> None:
        saved = tmp_path / "game.txt"
        # Started while this process ignores SIGINT, as some code of the suite's did at
        # times (see AT_A_TERMINAL): before, that session ignored every Ctrl-C.
        before = signal.signal(signal.SIGINT, signal.SIG_IGN) if ignored_here else None
        try:
            session = play(["--seed", "4", "--save", str(saved)])
        finally:
            if before is not None:
                signal.signal(signal.SIGINT, before)
        screen = session.read_until_prompt()
        assert screen is not None
        first = listed_moves(screen)[1]
        session.send(first)
        assert session.read_until_prompt() is not None
        # A signal that lands between the prompt's write and the read is only noted:
        # the read then blocks and nothing runs the handler (a person presses Ctrl-C
        # again). Send it once the process is blocked reading, as at a real keyboard.
        # A person who sees no effect presses again: so does the test, every few seconds
        # within the ceiling, and it says what the process was doing if it never ends.
        # Wait before finish() closes stdin: an end of input is a quit (status 0).
        deadline = time.monotonic() + TIMEOUT
        wait_until_reading(session.process.pid)
        session.process.send_signal(signal.SIGINT)
        while True:
            with contextlib.suppress(subprocess.TimeoutExpired):
                session.process.wait(5)
                break
            assert time.monotonic() < deadline, (
                f"skipbo play ignored Ctrl-C: {process_state(session.process.pid)}"
            )
            session.process.send_signal(signal.SIGINT)
        status, errors = session.finish()
        assert status == 130
        assert "Traceback" not in errors
        assert str(parse_record(saved.read_text()).moves[0]) == first

    def test_in_a_terminal(self) -> None:
        # The same as a person sees it: a pseudo-terminal, where input() reads with
        # line editing and the typed text is echoed.
        terminal, side = pty.openpty()
        with subprocess.Popen(
            skipbo_command("play", "--seed", "6"), stdin=side, stdout=side, stderr=side, cwd=ROOT
        ) as process:
            os.close(side)
            screens = []
            for line in (b"hint\n", b"quit\n", b""):
                screen = b""
                while not screen.endswith(PROMPT.encode()):
                    ready, _, _ = select.select([terminal], [], [], TIMEOUT)
                    assert ready, "skipbo play stopped answering"
                    try:
                        data = os.read(terminal, 65536)
                    except OSError:  # Linux: the other side has closed
                        data = b""
                    if not data:
                        break
                    screen += data
                screens.append(screen.decode())
                if line:
                    os.write(terminal, line)
            assert process.wait(TIMEOUT) == 0
        os.close(terminal)
        assert "your moves:" in screens[0]
        assert "hint: " in screens[1]
        assert "game left unfinished" in screens[2]
        assert "Traceback" not in "".join(screens)

    @pytest.mark.parametrize(
        "args",
        [
            ["--players", "9"],
            ["--players", "two"],
            ["--seat", "2"],
            ["--variant", "partners", "--players", "5"],
            ["--variant", "short", "--stock", "20"],
            ["--teams", "0,1/2,3"],
            ["--variant", "partners", "--teams", "0,x"],
            ["--stock", "0"],
            ["--turn-limit", "0"],
            ["--first-player", "last"],
            ["--deck", "tarot"],
            ["--bots", "nobody"],
            ["--players", "2", "--bots", "random", "random"],
            ["--save", "/no/such/dir/game.txt"],
            ["--bot-time", "0"],
            ["--bot-time", "nan"],
            ["--bot-time", "soon"],
        ],
    )
    def test_bad_options(self, args: list[str]) -> None:
        assert_usage_error(run("play", *args, stdin="quit\n"), "skipbo play")

    @pytest.mark.parametrize("game", ["skipbo", "skyjo"])
    def test_bots_move_within_a_time_budget(self, game: str) -> None:
        """``--bot-time`` reaches the bots: the search bot moves first and the game goes on."""
        args = ["--game", game, "--seat", "1", "--seed", "4", "--bot-time", "0.05"]
        if game == "skipbo":
            args += ["--bots", "search"]
        result = run("play", *args, stdin="quit\n")
        assert (result.returncode, result.stderr) == (0, ""), result


class TestTournament:
    """`skipbo tournament`."""

    def test_json_is_the_arena_result(self) -> None:
        args = ["heuristic", "play-first", "--games", "6", "--stock", "5", "--seed", "3"]
        one = run("tournament", *args, "--json")
        two = run("tournament", *args, "--json", "--workers", "2")
        assert one.returncode == two.returncode == 0
        expected = tournament(
            skipbo.Rules(players=2, stock_size=5), ["heuristic", "play-first"], games=6, seed=3
        ).to_dict()

        def without_times(data: dict[str, Any]) -> dict[str, Any]:
            # Thinking times are measured, so they differ between runs.
            entries = [
                {k: v for k, v in e.items() if k not in ("seconds_per_move", "cpu_per_move")}
                for e in data["entries"]
            ]
            return {**data, "entries": entries}

        assert without_times(json.loads(one.stdout)) == without_times(expected)
        assert without_times(json.loads(two.stdout)) == without_times(expected)

    def test_table_lists_each_bot_and_the_last_fills_the_seats(self) -> None:
        result = run("tournament", "heuristic", "random", "--players", "4", "--games", "4",
                     "--stock", "3", "--no-progress")  # fmt: skip
        assert result.returncode == 0
        rows = [line.split() for line in result.stdout.splitlines() if re.match(r"\s+\d ", line)]
        assert [row[1] for row in rows] == ["heuristic", "random", "random", "random"]
        assert sum(int(row[2]) for row in rows) <= 4
        assert "4 games of 4 players" in result.stdout

    def test_progress_bar_goes_to_stderr(self) -> None:
        result = run("tournament", "random", "--games", "3", "--stock", "2", "--json", "--progress")
        assert result.returncode == 0
        assert json.loads(result.stdout)["games"] == 3
        assert "/3 [" in result.stderr  # tqdm's bar: games done of 3

    def test_no_bar_without_the_extra_unless_asked(self) -> None:
        code = (
            "import sys; sys.modules['tqdm'] = None; from skipbo.cli import main; "
            "sys.exit(main(['tournament', 'random', '--games', '1', '--stock', '2', '--json']))"
        )
        result = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=TIMEOUT,
            check=False,
        )  # fmt: skip
        assert (result.returncode, result.stderr) == (0, "")
        assert json.loads(result.stdout)["games"] == 1

    def test_progress_bar_without_the_extra_names_it(self) -> None:
        code = (
            "import sys; sys.modules['tqdm'] = None; from skipbo.cli import main; "
            "sys.exit(main(['tournament', 'random', '--games', '1', '--progress']))"
        )
        result = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=TIMEOUT,
            check=False,
        )  # fmt: skip
        assert "pip install 'skipbo[cli]'" in assert_usage_error(result, "skipbo tournament")

    @pytest.mark.parametrize(
        "args",
        [
            ["nobody"],
            ["random", "--games", "0"],
            ["random", "--workers", "0"],
            ["random", "random", "random", "--players", "2"],
            ["random", "--variant", "team-piles", "--players", "5"],
            ["random", "--games", "many"],
        ],
    )
    def test_bad_options(self, args: list[str]) -> None:
        assert_usage_error(run("tournament", *args), "skipbo tournament")


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    rules = skipbo.Rules(players=2, stock_size=3)
    record = play_game(rules, [PlayFirstBot(1), PlayFirstBot(2)], seed=9)
    path = tmp_path_factory.mktemp("records") / "game.txt"
    path.write_text(format_record(record))
    return path


class TestReplay:
    """`skipbo replay`."""

    def test_prints_every_move_and_the_outcome(self, record_file: Path) -> None:
        record = parse_record(record_file.read_text())
        for source in (str(record_file), "-"):
            result = run("replay", source, stdin=record_file.read_text())
            assert result.returncode == 0
            move_lines = [
                line.split()[0] for line in result.stdout.splitlines() if line[:2] == "  "
            ]
            moves = [line for line in move_lines if not line.startswith("discards:")]
            assert moves == [str(move) for move in record.moves]
            assert result.stdout.rstrip().endswith(str(final_state(record).outcome))

    def test_json_record(self, record_file: Path, tmp_path: Path) -> None:
        path = tmp_path / "game.json"
        path.write_text(dumps(parse_record(record_file.read_text())))
        assert run("replay", str(path)).stdout == run("replay", str(record_file)).stdout

    def test_steps_turn_by_turn_until_told_to_stop(self, record_file: Path) -> None:
        result = run("replay", str(record_file), "--step", stdin="\nq\n")
        assert result.returncode == 0
        assert result.stdout.count("-- Enter: next turn") == 2
        assert "moves," not in result.stdout

    def test_a_seat_sees_only_its_view(self, record_file: Path) -> None:
        result = run("replay", str(record_file), "--seat", "1")
        assert result.returncode == 0
        assert "hand of seat" not in result.stdout
        assert "your hand:" in result.stdout

    def test_bad_records(self, record_file: Path, tmp_path: Path) -> None:
        illegal = tmp_path / "illegal.txt"
        illegal.write_text(record_file.read_text().replace("moves\n", "moves\ns0>b9\n"))
        garbage = tmp_path / "garbage.txt"
        garbage.write_bytes(b"\xff\xfe not text")
        state = tmp_path / "state.json"
        state.write_text(dumps(skipbo.new_game(skipbo.Rules(), seed=1)))
        for args in (
            ["/no/such/file"],
            [str(illegal)],
            [str(garbage)],
            [str(state)],
            [str(record_file), "--seat", "2"],
            ["-", "--step"],
        ):
            message = assert_usage_error(run("replay", *args), "skipbo replay")
            if args[0] in (str(illegal), str(garbage), str(state)):
                assert message.startswith(f"skipbo replay: {args[0]}")  # names the file
        assert "/moves/0: move 0 (s0>b9) is illegal" in run("replay", str(illegal)).stderr


class TestRender:
    """`skipbo render`."""

    @pytest.mark.rule("R-INFO-3")
    def test_a_seat_is_shown_nothing_hidden(self, tmp_path: Path) -> None:
        state = skipbo.new_game(skipbo.Rules(players=3), seed=8)
        for _ in range(20):
            state = skipbo.apply(
                state, PlayFirstBot(0).choose(skipbo.view(state, state.current_player))
            )
        rng = __import__("random").Random(4)
        other = sample_state(skipbo.view(state, 1), rng)
        assert other.hands != state.hands
        paths = []
        for index, value in enumerate((state, other)):
            paths.append(tmp_path / f"state{index}.json")
            paths[-1].write_text(dumps(value))
        seen = [run("render", str(path), "--seat", "1") for path in paths]
        assert seen[0].returncode == 0
        assert seen[0].stdout == seen[1].stdout
        assert "hand of seat" not in seen[0].stdout
        referee = [run("render", str(path)).stdout for path in paths]
        assert referee[0] != referee[1]  # the referee's picture shows every hand

    def test_a_view_and_a_record(self, record_file: Path, tmp_path: Path) -> None:
        record = parse_record(record_file.read_text())
        seen = skipbo.view(final_state(record), 0)
        path = tmp_path / "view.json"
        path.write_text(dumps(seen))
        assert (
            run("render", str(path)).stdout == run("render", str(record_file), "--seat", "0").stdout
        )
        assert "game over" in run("render", str(path)).stdout

    def test_bad_input(self, tmp_path: Path) -> None:
        state = skipbo.new_game(skipbo.Rules(), seed=1)
        view_path = tmp_path / "view.json"
        view_path.write_text(dumps(skipbo.view(state, 0)))
        rules_path = tmp_path / "rules.json"
        rules_path.write_text(dumps(skipbo.Rules()))
        broken = tmp_path / "broken.json"
        broken.write_text(dumps(state).replace('"hands":[[', '"hands":[[1,'))
        for args in (
            ["/no/such/file"],
            [str(view_path), "--seat", "1"],
            [str(rules_path)],
            [str(broken)],
            [str(view_path), "--seat", "x"],
        ):
            assert_usage_error(run("render", *args), "skipbo render")


class TestDemoAndTheCommand:
    """`skipbo demo`, `--version`, and the command's own errors."""

    def test_demo_explains_the_notation_once(self) -> None:
        result = run("demo", "--players", "2", "--stock", "3", "--seed", "2", "--full")
        assert result.returncode == 0
        assert result.stdout.count("How to read the moves") == 1
        for line in result.stdout.splitlines():
            if re.match(r"  [hsdp]\S*\s+seat \d", line):
                skipbo.parse_move(line.split()[0])

    def test_a_closed_pipe_ends_quietly(self) -> None:
        process = subprocess.Popen(
            # --full writes far more than a pipe holds, so the write after the close fails.
            skipbo_command("demo", "--full"),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=ROOT,
        )
        assert process.stdout is not None
        assert process.stdout.read(100)
        process.stdout.close()  # like `skipbo demo | head -c 100`
        _, errors = process.communicate(timeout=TIMEOUT)
        assert (process.returncode, errors) == (141, b"")

    @pytest.mark.parametrize("command", ["play", "tournament", "replay", "render", "demo"])
    def test_help(self, command: str) -> None:
        result = run(command, "--help")
        assert result.returncode == 0
        assert result.stdout.startswith(f"usage: skipbo {command}")

    def test_the_core_imports_neither_the_command_line_nor_its_extra(self) -> None:
        code = "import json, sys, skipbo; print(json.dumps(sorted(sys.modules)))"
        result = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=TIMEOUT,
            check=True,
        )  # fmt: skip
        assert not {"skipbo.cli", "skipbo.games.skipbo.text", "tqdm"} & set(
            json.loads(result.stdout)
        )

    def test_version(self) -> None:
        result = run("--version")
        assert (result.returncode, result.stdout) == (0, f"skipbo {skipbo.__version__}\n")

    @pytest.mark.parametrize(
        ("args", "command"),
        [
            ([], "skipbo"),
            (["fly"], "skipbo"),
            (["--bogus"], "skipbo"),
            (["demo", "--players", "1"], "skipbo demo"),
            (["demo", "--seed", "x"], "skipbo demo"),
        ],
    )
    def test_bad_commands(self, args: list[str], command: str) -> None:
        assert_usage_error(run(*args), command)
