"""``skipbo play --game skyjo`` and the text display of Skyjo positions."""

from __future__ import annotations

from pathlib import Path

import pytest

from skipbo import skyjo
from skipbo.cli.app import main
from skipbo.games.skyjo.text import describe_move, render_grid, render_view


def play(monkeypatch: pytest.MonkeyPatch, answers: list[str], *args: str) -> int:
    lines = iter(answers)

    def scripted(prompt: str = "") -> str:
        print(prompt, end="")
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", scripted)
    return main(["play", "--game", "skyjo", *args])


class TestCommandLine:
    def test_a_person_plays_a_whole_game(
        self, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        args = ("--players", "3", "--seed", "5", "--turn-limit", "6", "--bots", "random")
        status = play(monkeypatch, ["1"] * 400, *args)
        out = capsys.readouterr().out
        assert status == 0
        assert "game over after round" in out
        assert "the deal's seed was 5" in out
        assert out.count("seed was") == 1  # the seed shows only at the end

    def test_help_a_typed_move_an_illegal_one_and_quit(
        self, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        status = play(monkeypatch, ["help", "s3", "r5+2", "r2+5", "quit"], "--seed", "1")
        out = capsys.readouterr().out
        assert status == 0
        assert "column by column" in out
        assert "S-TURN-1" in out  # s3 in the reveal phase names the rule it breaks
        assert "increasing order" in out
        assert "game left unfinished" in out

    def test_the_record_is_saved_and_replays(
        self, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
    ) -> None:
        """``--save`` once wrote nothing for Skyjo; now it writes the record, as for Skip-Bo."""
        saved = tmp_path / "game.record"
        args = ("--players", "2", "--seed", "5", "--turn-limit", "4", "--save", str(saved))
        assert play(monkeypatch, ["1"] * 400, *args, "--name", "Ann") == 0
        record = skyjo.parse_record(saved.read_text(encoding="utf-8"))
        assert record.seed == 5
        assert record.names == ("Ann", "heuristic bot")
        assert skyjo.is_over(skyjo.final_state(record))
        assert main(["replay", str(saved), "--quiet"]) == 0
        assert main(["replay", str(saved), "--seat", "0"]) == 2  # one view for all: no seat

    @pytest.mark.parametrize(
        ("option", "value"),
        [("--variant", "short"), ("--stock", "5"), ("--deck", "international-games")],
    )
    def test_a_skip_bo_rules_option_is_refused(
        self,
        monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str],
        option: str,
        value: str,
    ) -> None:
        assert play(monkeypatch, [], option, value) == 2
        assert f"{option} does not apply to --game skyjo" in capsys.readouterr().err
        status = main(["tournament", "--game", "skyjo", "random", "random", option, value])
        assert status == 2

    def test_a_seat_outside_the_game_is_a_usage_error(
        self, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        assert play(monkeypatch, [], "--seat", "5") == 2
        assert "--seat 5 is not a seat of 2 players" in capsys.readouterr().err


class TestDisplay:
    @pytest.mark.rule("S-INFO-2")
    def test_the_picture_shows_no_face_down_card(self) -> None:
        state = skyjo.new_game(skyjo.Rules(players=2), seed=4)
        state = skyjo.apply(skyjo.apply(state, skyjo.Reveal(0, 4)), skyjo.Reveal(1, 5))
        text = render_view(skyjo.view(state))
        grid = render_grid(skyjo.view(state).grids[0])
        assert grid[0].split()[:2] == [str(state.grids[0][0]), "?"]
        assert grid[1].split()[1] == str(state.grids[0][4])
        assert text.count("?") == 24 - 4

    def test_every_move_has_words(self) -> None:
        seen = skyjo.view(skyjo.new_game(skyjo.Rules(), seed=1))
        assert len({describe_move(move, seen) for move in skyjo.all_moves()}) == 92
