"""Twins for ``crosshair diffbehavior``: small engine functions and their reference versions.

``crosshair diffbehavior f g`` looks for arguments on which ``f`` and ``g`` behave
differently. It ignores contracts, so each pair here shares a guard: arguments
outside the engine function's precondition (or too large to be interesting) give
``None`` on both sides. Within it, the engine's tuple code and the reference's
list code (:mod:`tests.skipbo.reference.game`) must return the same values.
"""

from __future__ import annotations

from skipbo.common import randomness as _random
from skipbo.games.skipbo import engine
from tests.skipbo.reference import game

Piles = tuple[tuple[int, ...], ...]

MOST_PILES = 4
MOST_CARDS = 12


def _is_run(pile: tuple[int, ...]) -> bool:
    return all(card in (0, position) for position, card in enumerate(pile, start=1))


def _placeable(
    builds: Piles, completed: tuple[int, ...], build: int, card: int, highest: int
) -> bool:
    """The precondition of ``engine._placed``, written again, plus size bounds."""
    return (
        1 <= highest <= MOST_CARDS
        and 0 <= build < len(builds) <= MOST_PILES
        and all(len(pile) < highest and _is_run(pile) for pile in builds)
        and len(completed) <= MOST_CARDS
        and len(completed) % highest == 0
        and all(c in (0, i % highest + 1) for i, c in enumerate(completed))
        and (card == 0 or card == len(builds[build]) + 1)
    )


def engine_accepts(pile: tuple[int, ...], card: int) -> bool | None:
    """The engine's R-BUILD-2 check."""
    if len(pile) > MOST_CARDS or not _is_run(pile):
        return None
    return engine._accepts(pile, card)


def reference_accepts(pile: tuple[int, ...], card: int) -> bool | None:
    """The reference's R-BUILD-2 check."""
    if len(pile) > MOST_CARDS or not _is_run(pile):
        return None
    return game.fits(list(pile), card)


def engine_placed(
    builds: Piles, completed: tuple[int, ...], build: int, card: int, highest: int
) -> tuple[Piles, tuple[int, ...]] | None:
    """The engine placing a card on a build pile (R-BUILD-4 included)."""
    if not _placeable(builds, completed, build, card, highest):
        return None
    return engine._placed(builds, completed, build, card, highest)


def reference_placed(
    builds: Piles, completed: tuple[int, ...], build: int, card: int, highest: int
) -> tuple[Piles, tuple[int, ...]] | None:
    """The reference placing a card on a build pile."""
    if not _placeable(builds, completed, build, card, highest):
        return None
    piles = [list(pile) for pile in builds]
    done = list(completed)
    game.place(piles, done, build, card, highest)
    return tuple(tuple(pile) for pile in piles), tuple(done)


def engine_without(hand: tuple[int, ...], card: int) -> tuple[int, ...] | None:
    """The engine taking a card out of a (sorted) hand."""
    if card not in hand or list(hand) != sorted(hand) or len(hand) > MOST_CARDS:
        return None
    return engine._without(hand, card)


def reference_without(hand: tuple[int, ...], card: int) -> tuple[int, ...] | None:
    """The reference taking a card out of a hand."""
    if card not in hand or list(hand) != sorted(hand) or len(hand) > MOST_CARDS:
        return None
    cards = list(hand)
    game.remove_card(cards, card)
    return tuple(cards)


def _swaps_valid(items: tuple[int, ...], swaps: tuple[int, ...]) -> bool:
    return (
        len(items) <= MOST_CARDS
        and len(swaps) == max(len(items) - 1, 0)
        and all(0 <= j <= len(items) - 1 - k for k, j in enumerate(swaps))
    )


def engine_permute(items: tuple[int, ...], swaps: tuple[int, ...]) -> tuple[int, ...] | None:
    """The engine's pure half of the shuffle: Fisher-Yates swaps, last position first."""
    if not _swaps_valid(items, swaps):
        return None
    return _random.permute(items, swaps)


def reference_permute(items: tuple[int, ...], swaps: tuple[int, ...]) -> tuple[int, ...] | None:
    """The reference's Fisher-Yates (as in its reshuffle), with the swaps given."""
    if not _swaps_valid(items, swaps):
        return None
    cards = list(items)
    choices = iter(swaps)
    game.fisher_yates(cards, lambda _: next(choices))
    return tuple(cards)
