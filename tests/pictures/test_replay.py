"""The HTML replay of a record, and the command line's pictures, for both games."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

import skipbo
from skipbo import skyjo
from skipbo.cli import main
from skipbo.games.skipbo.bots import make_bot
from skipbo.games.skipbo.serialization import dumps
from skipbo.games.skipbo.text import describe_move
from skipbo.games.skyjo import records as skyjo_records
from skipbo.games.skyjo import serialization as skyjo_serialization
from skipbo.games.skyjo.bots import make_bot as make_skyjo_bot
from skipbo.games.skyjo.text import describe_move as skyjo_words
from skipbo.pictures.replay import replay_html
from tests.pictures.helpers import by, parse

FRAME = re.compile(r'<template class="frame" data-words="([^"]*)">(.*?)</template>', re.S)


def skipbo_record(stock: int = 2, seed: int = 5) -> skipbo.GameRecord:
    rules = skipbo.Rules(players=2, stock_size=stock)
    state, moves = skipbo.new_game(rules, seed=seed), []
    bots = [make_bot("heuristic", seed=1), make_bot("heuristic", seed=2)]
    while not skipbo.is_over(state):
        move = bots[state.current_player].choose(skipbo.view(state, state.current_player))
        moves.append(move)
        state = skipbo.apply(state, move)
    return skipbo.GameRecord(rules=rules, seed=seed, moves=moves, names=("Ann", "<Bo>"))


def skyjo_record() -> skyjo_records.GameRecord:
    bots = [make_skyjo_bot("heuristic", seed=1), make_skyjo_bot("heuristic", seed=2)]
    return skyjo_records.play_game(skyjo.Rules(players=2, turn_limit=8), bots, 4)


def frames(page: str) -> list[tuple[str, str]]:
    return [(html.unescape(words), svg) for words, svg in FRAME.findall(page)]


def test_a_skipbo_replay_has_a_picture_and_the_words_of_every_move() -> None:
    record = skipbo_record()
    found = frames(replay_html(record))
    assert len(found) == len(record.moves) + 1
    states = list(skipbo.replay(record))
    for index, (words, svg) in enumerate(found):
        state = states[index]
        piles = by(parse(svg), "pile", "data-pile")
        assert piles["draw"].get("data-count") == str(len(state.draw_pile))
        if index:  # the terminal's words, as a spectator is told the move
            before = states[index - 1]
            said = describe_move(record.moves[index - 1], skipbo.spectator_view(before))
            assert words == f"{index} of {len(record.moves)}: {said}"
    assert "<script src" not in replay_html(record)
    assert "<link" not in replay_html(record)


def test_a_seats_replay_shows_only_that_seats_views() -> None:
    record = skipbo_record()
    states = list(skipbo.replay(record))
    for index, (_, svg) in enumerate(frames(replay_html(record, seat=1))):
        hands = by(parse(svg), "hand", "data-seat")
        shown = [g.get("data-value") for g in hands["0"].iter() if g.get("data-value")]
        assert shown == []  # seat 0's hand never shows in seat 1's replay
        assert hands["1"].get("data-count") == str(len(states[index].hands[1]))


def test_a_skyjo_replay_says_each_move_with_skyjos_words() -> None:
    record = skyjo_record()
    found = frames(replay_html(record))
    states = list(skyjo_records.replay(record))
    assert len(found) == len(states) == len(record.moves) + 1
    for index, move in enumerate(record.moves, 1):
        before = states[index - 1]
        said = skyjo_words(move, skyjo.view(before))
        assert (
            found[index][0]
            == f"{index} of {len(record.moves)}: seat {before.current_player}: {said}"
        )


def test_the_page_names_are_escaped_and_nothing_is_fetched() -> None:
    page = replay_html(skipbo_record())
    assert "<Bo>" not in page
    assert "&lt;Bo&gt;" in page
    outside = re.findall(r"(?:src|href)=|https?://(?!www\.w3\.org/2000/svg)", page)
    assert outside == []


def test_the_command_line_draws_renders_and_plots_both_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = skipbo_record()
    (tmp_path / "game.json").write_text(dumps(record), encoding="utf-8")
    board = skyjo_record()
    (tmp_path / "skyjo.json").write_text(skyjo_serialization.dumps(board), encoding="utf-8")
    final = skyjo_records.final_state(board)
    (tmp_path / "state.json").write_text(skyjo_serialization.dumps(final), encoding="utf-8")
    for name in ("game", "skyjo"):
        assert (
            main(
                ["replay", str(tmp_path / f"{name}.json"), "--html", str(tmp_path / f"{name}.html")]
            )
            == 0
        )
        assert (
            main(["render", str(tmp_path / f"{name}.json"), "--svg", str(tmp_path / f"{name}.svg")])
            == 0
        )
        parse((tmp_path / f"{name}.svg").read_text(encoding="utf-8"))
    replayed = (tmp_path / "skyjo.html").read_text(encoding="utf-8")
    assert len(frames(replayed)) == len(board.moves) + 1
    assert (
        main(["render", str(tmp_path / "state.json"), "--seat", "1", "--size", "360", "--svg", "-"])
        == 0
    )
    picture = parse(capsys.readouterr().out)
    assert picture.get("width") == "360"
    assert main(["render", str(tmp_path / "state.json")]) == 0
    assert "game over" in capsys.readouterr().out
    plot = tmp_path / "plot.svg"
    for game in ("skipbo", "skyjo"):
        argv = [
            "tournament",
            "heuristic",
            "random",
            "--game",
            game,
            "--games",
            "6",
            "--plot",
            str(plot),
        ]
        if game == "skipbo":
            argv += ["--stock", "3"]
        argv.append("--json")
        assert main([*argv, "--no-progress"]) == 0
        result = json.loads(capsys.readouterr().out)
        bars = [
            g for g in parse(plot.read_text(encoding="utf-8")).iter() if g.get("class") == "bar"
        ]
        assert [float(b.get("data-value", "")) for b in bars] == pytest.approx(
            [entry["win_rate"] for entry in result["entries"]], abs=1e-4
        )
        bins = [
            g for g in parse(plot.read_text(encoding="utf-8")).iter() if g.get("class") == "bin"
        ]
        assert sum(int(b.get("data-count", "")) for b in bins) == result["games"]


def test_bad_command_line_input_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "game.json").write_text(dumps(skipbo_record()), encoding="utf-8")
    assert (
        main(
            [
                "replay",
                str(tmp_path / "game.json"),
                "--seat",
                "5",
                "--html",
                str(tmp_path / "x.html"),
            ]
        )
        != 0
    )
    assert (
        main(
            ["render", str(tmp_path / "game.json"), "--size", "5", "--svg", str(tmp_path / "x.svg")]
        )
        != 0
    )
    assert "--size" in capsys.readouterr().err
    assert not (tmp_path / "x.html").exists()
    assert not (tmp_path / "x.svg").exists()
