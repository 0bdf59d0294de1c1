"""``skipbo play``: a person against bots in the terminal.

The person sees only their own seat's view; the legal moves are numbered and said
in plain words, and a move is chosen by its number or typed in the notation. The
bots' moves are shown as they happen. The deal's seed is drawn at random unless
``--seed`` is given, and is shown only when the game is over: it reveals every
hidden card.
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from collections.abc import Mapping, Sequence
from pathlib import Path

from skipbo import (
    Card,
    Discard,
    GameRecord,
    GameState,
    IllegalMoveError,
    Move,
    MoveSyntaxError,
    Outcome,
    PlayerView,
    apply,
    legal_moves,
    new_game,
    parse_move,
    view,
)
from skipbo.cli.errors import UsageError
from skipbo.cli.lineup import add_bot_option, fill_lineup, seat_bots
from skipbo.cli.options import (
    add_game_option,
    add_integer_option,
    add_rules_options,
    random_seed,
    rules_from,
)
from skipbo.common.randomness import derive_seed
from skipbo.games.skipbo.bots import Bot, make_bot
from skipbo.games.skipbo.records import format_record
from skipbo.games.skipbo.text import LEGEND, card_name, describe_move, render_view

NAME = "play"
HELP = "play Skip-Bo against bots in the terminal"

HINT_BOT = "heuristic"
"""The bot whose choice ``hint`` shows."""

PROMPT = "your move> "

COMMANDS = """\
Type the number of a move, or the move in the notation (e.g. h5>b0), or:
  board  show the table and your moves again
  hint   what the heuristic bot would play
  help   this text
  quit   leave the game (the record is still saved with --save)"""


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the rules, the seats and the game's options."""
    add_rules_options(parser, players=2)
    add_integer_option(parser, "--seat", default=0, help="your seat (default 0)")
    add_bot_option(parser, default="heuristic")
    add_integer_option(
        parser, "--seed", default=None, help="seed of the deal (default: a random one)"
    )
    parser.add_argument("--save", metavar="FILE", help="save the game's record to FILE at the end")
    parser.add_argument("--name", default="you", help="your name in the record (default: you)")
    add_game_option(
        parser,
        help="the game (skyjo: --players, --seat, --bots, --bot-time, --seed, --turn-limit, "
        "--stall-limit, --round-limit, --save and --name apply)",
    )


def menu(seen: PlayerView, moves: Sequence[Move]) -> str:
    """The legal ``moves`` numbered from 1: plays one a line, discards grouped by card."""
    lines = []
    discards: dict[Card, list[str]] = defaultdict(list)
    for number, move in enumerate(moves, start=1):
        if isinstance(move, Discard):
            discards[move.card].append(f"{number}) pile {move.pile}")
        else:
            lines.append(f"{number:>4}) {describe_move(move, seen)}   [{move}]")
    lines.extend(
        f"      discard {card_name(card)} (ends your turn): " + "  ".join(choices)
        for card, choices in discards.items()
    )
    return "\n".join(lines)


def _table(seen: PlayerView, moves: Sequence[Move]) -> str:
    return f"{render_view(seen)}\nyour moves:\n{menu(seen, moves)}"


def _ask(state: GameState, seat: int, hinter: Bot) -> Move | None:
    """The person's next move, or ``None`` to quit."""
    seen = view(state, seat)
    moves = legal_moves(seen)
    print(_table(seen, moves))
    while True:
        try:
            text = input(PROMPT).strip()
        except EOFError:  # the input ended: leave as if told to quit
            print()
            return None
        word = text.lower()
        if not text:
            continue
        if word in ("quit", "q", "exit"):
            return None
        if word in ("help", "?"):
            print(f"{COMMANDS}\n{LEGEND}")
        elif word == "board":
            print(_table(seen, moves))
        elif word == "hint":
            move = hinter.choose(seen)
            print(f"hint: {moves.index(move) + 1}) {describe_move(move, seen)}   [{move}]")
        elif text.isdecimal():
            if 1 <= int(text) <= len(moves):
                return moves[int(text) - 1]
            print(f"there is no move {text}: choose 1 to {len(moves)} (board shows them)")
        else:
            try:
                move = parse_move(text)
                if move in moves:
                    return move
                apply(state, move)  # only to learn which rule the move breaks
            except (MoveSyntaxError, IllegalMoveError) as error:
                # The mover's own move: its reason names only the own hand and public piles.
                reason = error.reason if isinstance(error, IllegalMoveError) else str(error)
                print(f"{reason[:200]} (type help for the notation)")


def _verdict(outcome: Outcome, seat: int) -> str:
    if not outcome.winners:
        return f"game over: {outcome}"
    team = "your team" if len(outcome.winners) > 1 else "you"
    return f"{team} won! ({outcome})" if seat in outcome.winners else f"you lost: {outcome}"


def run(args: argparse.Namespace) -> int:
    """Play one game with the person at ``--seat``."""
    if args.game == "skyjo":
        from skipbo.cli import play_skyjo  # the second game, loaded only when asked for

        return play_skyjo.run(args)
    rules = rules_from(args)
    seat: int = args.seat
    if not 0 <= seat < rules.players:
        raise UsageError(f"--seat {seat} is not a seat of {rules.players} players")
    if args.save is not None and not Path(args.save).parent.is_dir():
        raise UsageError(f"--save {args.save}: no such directory")
    seed = random_seed() if args.seed is None else args.seed
    others = [other for other in range(rules.players) if other != seat]
    lineup = fill_lineup(args.bots, len(others))
    bots = seat_bots(lineup, others, seed=seed, time_limit=args.bot_time)
    # Bots get seeds derived one way from the deal's (never the deal's seed itself,
    # from which every hidden card follows); the hint bot takes the index past the seats.
    hinter = make_bot(HINT_BOT, derive_seed(seed, rules.players))
    names = [f"{name} bot" for name in lineup]
    names.insert(seat, args.name)
    record = GameRecord(rules=rules, seed=seed, names=names)
    opponents = ", ".join(f"seat {other}: {record.names[other]}" for other in others)
    print(f"You are seat {seat} of {rules.players} ({opponents}). Type help for help.")
    game = _Game(record, seat, bots, hinter)
    interrupted = False
    try:
        game.play()
    except KeyboardInterrupt:
        print()  # Ctrl-C leaves the game like quit; the record keeps the moves so far
        interrupted = True
    record, state = game.record, game.state
    if state.outcome is not None:
        print(render_view(view(state, seat)))
        print(_verdict(state.outcome, seat))
        print(f"{len(record.moves)} moves in {state.turn} turns; the deal's seed was {seed}")
    else:
        print("game left unfinished")
    if args.save is not None:
        Path(args.save).write_text(format_record(record), encoding="utf-8")
        print(f"record saved to {args.save} (skipbo replay {args.save})")
    if interrupted:
        raise KeyboardInterrupt
    return 0


class _Game:
    """A game in progress: its state and record, kept up to date move by move."""

    def __init__(self, record: GameRecord, seat: int, bots: Mapping[int, Bot], hinter: Bot) -> None:
        self.record = record
        self.state = new_game(record.rules, seed=record.seed)
        self.seat = seat
        self.bots = bots
        self.hinter = hinter

    def play(self) -> None:
        """Play until the game ends or the person quits."""
        seat = self.seat
        while (state := self.state).outcome is None:
            mover = state.current_player
            if mover == seat:
                if state.turn_moves == 0:
                    print(f"\n-- turn {state.turn}: your turn")
                move = _ask(state, seat, self.hinter)
                if move is None:
                    return
                print(f"  you: {describe_move(move, view(state, seat))}")
            else:
                if state.turn_moves == 0:
                    print(f"\n-- turn {state.turn}: seat {mover} ({self.record.names[mover]})")
                move = self.bots[mover].choose(view(state, mover))
                print(f"  {describe_move(move, view(state, seat))}   [{move}]")
            self.state = apply(state, move)
            self.record = self.record.with_move(move)
