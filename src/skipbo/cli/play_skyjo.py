"""``skipbo play --game skyjo``: a person against Skyjo bots in the terminal.

Everyone sees the same public view (S-INFO-2); the legal moves are numbered and said
in plain words, and a move is chosen by its number or typed in the notation
(``draw``, ``take``, ``s4``, ``f4``, ``r0+5``). The deal's seed is shown only at the end.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from skipbo import skyjo
from skipbo.cli.errors import UsageError
from skipbo.cli.lineup import fill_lineup
from skipbo.cli.options import (
    SKIPBO_RULES_OPTIONS,
    check_options_apply,
    random_seed,
    skyjo_rules_from,
)
from skipbo.common.randomness import derive_seed
from skipbo.games.skyjo.bots import Bot, make_bot
from skipbo.games.skyjo.text import describe_move, render_view

PROMPT = "your move> "

GRID_HELP = """\
Places are numbered column by column:   0  3  6  9
                                        1  4  7 10
                                        2  5  8 11
Type the number of a move, or the move itself (draw, take, s4, f4, r0+5), or
board, help or quit."""


def _menu(seen: skyjo.PublicView, moves: list[skyjo.Move]) -> str:
    return "\n".join(
        f"{number:>4}) {describe_move(move, seen)}   [{move}]"
        for number, move in enumerate(moves, start=1)
    )


def _ask(state: skyjo.GameState) -> skyjo.Move | None:
    """The person's next move, or ``None`` to quit."""
    seen = skyjo.view(state)
    moves = skyjo.legal_moves(seen)
    print(f"{render_view(seen)}\nyour moves:\n{_menu(seen, moves)}")
    while True:
        try:
            text = input(PROMPT).strip()
        except EOFError:
            print()
            return None
        if not text:
            continue
        if text.lower() in ("quit", "q", "exit"):
            return None
        if text.lower() in ("help", "?"):
            print(GRID_HELP)
        elif text.lower() == "board":
            print(f"{render_view(seen)}\nyour moves:\n{_menu(seen, moves)}")
        elif text.isdecimal() and 1 <= int(text) <= len(moves):
            return moves[int(text) - 1]
        else:
            try:
                move = skyjo.parse_move(text)
                if move in moves:
                    return move
                skyjo.apply(state, move)  # only to learn which rule the move breaks
            except skyjo.SkyjoError as error:
                print(f"{str(error)[:200]} (type help)")
                continue
            print(f"not a legal move now: {text[:40]} (type board)")


def run(args: argparse.Namespace) -> int:
    """Play one Skyjo game with the person at ``--seat``."""
    check_options_apply(args, "skyjo", SKIPBO_RULES_OPTIONS)
    players = 2 if args.players is None else args.players
    rules = skyjo_rules_from(args, players)
    seat: int = args.seat
    if not 0 <= seat < players:
        raise UsageError(f"--seat {seat} is not a seat of {players} players")
    if args.save is not None and not Path(args.save).parent.is_dir():
        raise UsageError(f"--save {args.save}: no such directory")
    seed = random_seed() if args.seed is None else args.seed
    others = [other for other in range(players) if other != seat]
    lineup = fill_lineup(args.bots, len(others))
    bots: dict[int, Bot] = {
        other: make_bot(name, derive_seed(seed, other), time_limit=args.bot_time)
        for other, name in zip(others, lineup, strict=True)
    }
    names = [f"{name} bot" for name in lineup]
    names.insert(seat, args.name)
    print(f"Skyjo: you are seat {seat} of {players}. Type help for help.")
    state = skyjo.new_game(rules, seed=seed)
    moves: list[skyjo.Move] = []
    while not skyjo.is_over(state):
        mover = state.current_player
        if mover == seat:
            move = _ask(state)
            if move is None:
                print("game left unfinished")
                break
        else:
            move = bots[mover].choose(skyjo.view(state))
            print(f"  seat {mover}: {describe_move(move, skyjo.view(state))}   [{move}]")
        state = skyjo.apply(state, move)
        moves.append(move)
    outcome = skyjo.outcome(state)
    if outcome is not None:
        print(render_view(skyjo.view(state)))
        verdict = "you won!" if seat in outcome.winners else f"seat(s) {outcome.winners} won"
        print(f"{verdict} totals {outcome.totals}; the deal's seed was {seed}")
    if args.save is not None:
        record = skyjo.GameRecord(rules=rules, seed=seed, moves=moves, names=names)
        Path(args.save).write_text(skyjo.format_record(record), encoding="utf-8")
        print(f"record saved to {args.save} (skipbo replay {args.save})")
    return 0
