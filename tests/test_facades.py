"""One public face: the two facades' names and signatures, the games by name, any document.

``skipbo`` and ``skipbo.skyjo`` offer the same functions under the same names and
signatures (the core, JSON, records, bots, words); :mod:`skipbo.games` finds a game by
name and reads any game's document, today's format or an older one; one frontend
program (examples/frontend.py) plays both games and type-checks under ``mypy --strict
--disallow-any-expr``.
"""

from __future__ import annotations

import inspect
import subprocess
import sys
import textwrap
from collections.abc import Callable
from importlib.metadata import EntryPoint
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import skipbo
import skipbo.errors
import skipbo.games
from examples import frontend
from skipbo import skyjo

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = Path(__file__).resolve().parent / "golden" / "documents"
"""Documents written by the library before documents named their game (version 1)."""

FACADE_FUNCTIONS = (
    # the core
    "new_game",
    "legal_moves",
    "apply",
    "is_over",
    "outcome",
    "current_player",
    "view",
    "spectator_view",
    "check_invariants",
    "invariant_violations",
    "check_conformance",
    "parse_move",
    "all_moves",
    # JSON
    "dumps",
    "loads",
    "to_data",
    "from_data",
    "json_schema",
    # records
    "play_game",
    "format_record",
    "parse_record",
    "replay",
    "final_state",
    # bots
    "make_bot",
    "bot_names",
    # words
    "describe_move",
    "render_view",
)
"""The functions both facades offer, with the same signature."""

FACADE_VALUES = ("GameRecord", "Rules", "GameState", "Outcome", "Move", "__version__")

KINDS = ("rules", "state", "move", "view", "outcome", "record")


def _signature(function: Callable[..., Any]) -> list[tuple[str, Any, bool]]:
    parameters = inspect.signature(function).parameters.values()
    return [(p.name, p.kind, p.default is inspect.Parameter.empty) for p in parameters]


class TestFacades:
    @pytest.mark.parametrize("name", FACADE_FUNCTIONS)
    def test_both_facades_offer_the_function_with_one_signature(self, name: str) -> None:
        mine, theirs = getattr(skipbo, name), getattr(skyjo, name)
        assert name in skipbo.__all__
        assert name in skyjo.__all__
        assert _signature(mine) == _signature(theirs)

    @pytest.mark.parametrize("name", FACADE_VALUES)
    def test_both_facades_offer_the_value(self, name: str) -> None:
        assert name in skipbo.__all__
        assert name in skyjo.__all__
        assert getattr(skipbo, name) is not None
        assert getattr(skyjo, name) is not None

    def test_the_version_is_the_distributions(self) -> None:
        assert skyjo.__version__ == skipbo.__version__

    @pytest.mark.parametrize("facade", [skipbo, skyjo], ids=["skipbo", "skyjo"])
    def test_a_game_plays_saves_and_replays_through_the_facade_alone(
        self, facade: ModuleType
    ) -> None:
        rules = facade.Rules(players=2)
        bots = [
            facade.make_bot(name, seed=seat) for seat, name in enumerate(["heuristic", "random"])
        ]
        record = facade.play_game(rules, bots, 5, names=["Ann", "Bo"])
        assert record.names == ("Ann", "Bo")
        assert facade.parse_record(facade.format_record(record)) == record
        assert facade.loads(facade.dumps(record), "record") == record
        final = facade.final_state(record)
        assert facade.is_over(final)
        assert str(facade.outcome(final)).startswith("seat")
        assert facade.to_data(final)["game"] == ("skyjo" if facade is skyjo else "skipbo")
        assert set(facade.bot_names()) >= {"random", "heuristic", "search"}
        seen = facade.view(final, 0)
        assert facade.render_view(seen)
        assert facade.json_schema("view")["$ref"] == "#/$defs/view-document"

    def test_the_words_of_a_move_in_both_games(self) -> None:
        state = skipbo.new_game(skipbo.Rules(players=2), seed=3)
        words = skipbo.describe_move(skipbo.parse_move("h12>d0"), skipbo.view(state, 0))
        assert words == "discard 12 on your discard pile 0 (ends your turn)"
        dealt = skyjo.new_game(skyjo.Rules(players=2), seed=3)
        words = skyjo.describe_move(skyjo.parse_move("R0+1"), skyjo.view(dealt, 0))
        assert words.startswith("turn up the cards at places 0 and 1")

    @pytest.mark.parametrize(
        ("facade", "text", "expected"),
        [
            (skipbo, "PASS", "pass"),
            (skipbo, " H5>B0 ", "h5>b0"),
            (skipbo, "hw>b1", "hW>b1"),
            (skyjo, "Draw", "draw"),
            (skyjo, " TAKE", "take"),
            (skyjo, "S11\n", "s11"),
        ],
    )
    def test_a_move_is_read_as_people_type_it(
        self, facade: ModuleType, text: str, expected: str
    ) -> None:
        assert str(facade.parse_move(text)) == expected

    def test_a_move_document_has_one_spelling(self) -> None:
        document = '{"type": "move", "game": "skyjo", "version": 1, "move": "Draw"}'
        with pytest.raises(skyjo.DataError, match="must be written 'draw'"):
            skyjo.loads(document)


class TestGamesByName:
    def test_the_built_in_games(self) -> None:
        assert skipbo.games.names()[:2] == ["skipbo", "skyjo"]
        assert skipbo.games.get("skipbo") is skipbo.games.SKIPBO
        assert skipbo.games.get("skyjo") is skipbo.games.SKYJO
        assert skipbo.games.SKYJO.facade == "skipbo.skyjo"
        assert skipbo.games.SKYJO.module.apply is skyjo.apply

    def test_an_unknown_game_is_refused_with_the_names(self) -> None:
        with pytest.raises(ValueError, match="no game is called 'chess'; the games are: skipbo"):
            skipbo.games.get("chess")
        with pytest.raises(skipbo.errors.ArgumentTypeError):
            skipbo.games.get(3)  # type: ignore[call-overload]

    def test_a_further_game_comes_by_an_entry_point(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """A distribution adds a game by an entry point of the group ``skipbo.games``."""
        toy: skipbo.games.Game[object, object, object, object, Any, object]
        toy = skipbo.games.Game("toy", "skipbo.games.skyjo", "toy")
        point = EntryPoint("toy", "toy.game:GAME", skipbo.games.ENTRY_POINTS)
        monkeypatch.setattr(EntryPoint, "load", lambda self: toy)

        def entry_points(*, group: str, name: str | None = None) -> list[EntryPoint]:
            assert group == "skipbo.games"
            return [point] if name in (None, "toy") else []

        monkeypatch.setattr(skipbo.games, "entry_points", entry_points)
        assert skipbo.games.names() == ["skipbo", "skyjo", "toy"]
        assert skipbo.games.get("toy") is toy
        monkeypatch.setattr(EntryPoint, "load", lambda self: "not a game")
        with pytest.raises(skipbo.errors.ArgumentTypeError, match=r"is not a skipbo\.games\.Game"):
            skipbo.games.get("toy")

    @pytest.mark.parametrize(
        "code",
        [
            "import skipbo\nprint(skipbo.games.get('skyjo').name)",
            "import skipbo\nfrom skipbo.common.game import game_named\n"
            "print(game_named('skyjo').game_type.short_name)",
        ],
    )
    def test_a_game_is_known_whatever_was_imported_before(self, code: str) -> None:
        """After ``import skipbo`` alone, Skyjo is known by name (it was not, once)."""
        done = subprocess.run(
            [sys.executable, "-c", code], check=True, capture_output=True, text=True
        )
        assert done.stdout.strip() == "skyjo"

    @pytest.mark.parametrize("game", ["skipbo", "skyjo"])
    @pytest.mark.parametrize("kind", KINDS)
    def test_a_stored_document_of_the_older_format_loads(self, game: str, kind: str) -> None:
        text = (DOCUMENTS / f"{game}-{kind}.json").read_text(encoding="utf-8")
        assert '"game"' not in text  # written before documents named their game
        loaded = skipbo.games.load(text)
        assert loaded.game is skipbo.games.get(game)
        facade: ModuleType = skyjo if game == "skyjo" else skipbo
        assert facade.loads(text, kind) == loaded.value
        # Written again, it names its game and has the one type of both games.
        again = skipbo.games.get(game).dumps(loaded.value)
        assert facade.to_data(loaded.value) == {
            "type": kind,
            "game": game,
            **{k: v for k, v in facade.to_data(loaded.value).items() if k not in ("type", "game")},
        }
        assert skipbo.games.load(again) == loaded

    def test_a_stored_record_text_loads(self) -> None:
        text = (DOCUMENTS / "skipbo.record").read_text(encoding="utf-8")
        record = skipbo.parse_record(text)
        # Written before R-WIN-4: its rules load with the default bounds, and the record is
        # written again line for line but for the rules' two new fields.
        assert record.rules.turn_move_limit == skipbo.Rules().turn_move_limit
        assert record.rules.stall_limit == skipbo.Rules().stall_limit
        again = skipbo.format_record(record)
        assert skipbo.parse_record(again) == record
        changed = [
            (old, new)
            for old, new in zip(text.splitlines(), again.splitlines(), strict=True)
            if old != new
        ]
        assert [old for old, _ in changed] == [text.splitlines()[1]]  # the rules line

    def test_a_document_of_no_game_is_refused(self) -> None:
        with pytest.raises(skipbo.errors.DataError, match="/game: the games are skipbo, skyjo"):
            skipbo.games.load('{"type": "rules", "game": "chess", "version": 1}')
        with pytest.raises(skipbo.errors.DataError, match="/type"):
            skipbo.games.load('{"type": "chess-rules", "version": 1}')
        with pytest.raises(skipbo.errors.DataError, match="not JSON"):
            skipbo.games.load("{")


class TestErrors:
    def test_one_except_catches_either_games_replay_error(self) -> None:
        skipbo_record = skipbo.GameRecord(
            rules=skipbo.Rules(), seed=1, moves=[skipbo.parse_move("s0>b9")]
        )
        skyjo_record = skyjo.GameRecord(rules=skyjo.Rules(), seed=1, moves=[skyjo.Draw()])
        for record, game in ((skipbo_record, skipbo), (skyjo_record, skyjo)):
            with pytest.raises(skipbo.errors.ReplayError) as error:
                game.final_state(record)
            assert isinstance(error.value, game.ReplayError)
        assert not issubclass(skyjo.ReplayError, skipbo.ReplayError)

    def test_one_except_catches_either_games_conformance_error(self) -> None:
        assert issubclass(skipbo.ConformanceError, skipbo.errors.ConformanceError)
        assert issubclass(skyjo.ConformanceError, skipbo.errors.ConformanceError)
        error = skyjo.ConformanceError(skyjo.Rules(), 3, (), "broken")
        assert "reproduce: skipbo.skyjo.new_game(rules, seed=3)" in str(error)

    @pytest.mark.parametrize(
        ("call", "message"),
        [
            (
                lambda: skipbo.replay(skyjo.GameRecord(rules=skyjo.Rules(), seed=1)),  # type: ignore[arg-type]
                r"needs a skipbo\.GameRecord, not skipbo\.skyjo\.GameRecord",
            ),
            (
                lambda: skyjo.replay(skipbo.GameRecord(rules=skipbo.Rules(), seed=1)),  # type: ignore[arg-type]
                r"takes a skipbo\.skyjo\.GameRecord, got skipbo\.GameRecord",
            ),
            (
                lambda: skyjo.apply(skipbo.new_game(skipbo.Rules(), seed=1), skyjo.Draw()),  # type: ignore[arg-type]
                r"takes a skipbo\.skyjo\.GameState, got skipbo\.GameState",
            ),
            (
                lambda: skipbo.is_over(skyjo.new_game(skyjo.Rules(), seed=1)),  # type: ignore[arg-type]
                r"skipbo\.GameState or PlayerView, not skipbo\.skyjo\.GameState",
            ),
        ],
    )
    def test_a_message_names_a_class_of_both_games_with_its_game(
        self, call: Callable[[], object], message: str
    ) -> None:
        with pytest.raises(skipbo.errors.ArgumentTypeError, match=message):
            call()


class TestOneFrontend:
    """examples/frontend.py: one program, both games, no ``Any`` (the Embedding guide)."""

    def test_it_plays_both_games(self, tmp_path: Path) -> None:
        outcomes = frontend.main(tmp_path)
        assert [line.split(":")[0] for line in outcomes] == [
            "Skip-Bo",
            "Skyjo",
            "Skip-Bo bots",
            "Skyjo bots",
        ]
        assert {path.name for path in tmp_path.iterdir()} == {"skipbo.record", "skyjo.record"}

    def test_it_type_checks_without_any(self, tmp_path: Path) -> None:
        config = tmp_path / "mypy.ini"
        config.write_text(
            textwrap.dedent(
                f"""\
                [mypy]
                strict = True
                disallow_any_expr = True
                cache_dir = {tmp_path / "cache"}

                [mypy-skipbo.*]
                follow_imports = silent
                """
            ),
            encoding="utf-8",
        )
        program = ROOT / "examples" / "frontend.py"
        probe = tmp_path / "probe.py"  # the check does fail a program with an Any
        probe.write_text("import json\nimport skipbo.games\nX = json.loads('1')\n")
        command = [sys.executable, "-m", "mypy", "--config-file", str(config)]
        environment = {"MYPYPATH": str(ROOT / "src"), "PATH": ""}
        passed = subprocess.run(
            [*command, str(program)], capture_output=True, text=True, env=environment
        )
        assert passed.returncode == 0, passed.stdout
        failed = subprocess.run(
            [*command, str(probe)], capture_output=True, text=True, env=environment
        )
        assert 'Expression has type "Any"' in failed.stdout
