"""Frozen copy of :mod:`skipbo.games.skipbo.bots.inference` as of issue 55.

It is the inference of ``search@1``. Never edit it: it is a reference that bars are
measured against (see :mod:`skipbo.games.skipbo.bots.v1`), and
``tests/test_frozen_bots.py`` fails if its moves change. What follows is the live
module's description as it was then.

What the previous player's last discard says about its hand, read as the heuristic's.

The search bot (:mod:`skipbo.games.skipbo.bots.v1.search`) samples the cards it cannot see. Dealt
uniformly, the previous player's hand often holds cards that player could not have
held: it ended its turn with a discard (R-TURN-5), and a player who plays like the
heuristic bot (:class:`~skipbo.games.skipbo.bots.v1.heuristic.HeuristicBot`) discards only
when it has
no plan to its stock top and no play it likes, and then discards the card its
discard order puts first. At the start of the seat's turn, everything that player
saw when it discarded is still on the table (the build piles, the stock tops, its
discard piles less the card it discarded), so its view then can be laid out again
around any hand a deal gives it, and the heuristic asked what it would have done.
A deal whose hand would have made the heuristic do otherwise is dealt again
(rejection sampling: the deals kept are those the discard makes possible, each as
likely as before).

Which pile took the discard is not shown once the card lies on it, so every pile of
that player's with a card on top is a hypothesis: a hand passes if the heuristic,
with that card back in its hand and off that pile, would have made that discard. The
true hand always passes against a heuristic player; against a player that is not
one, few deals may pass, and the search then deals without the evidence
(:data:`TRIES`). The search also assumes that the players after it play like the
heuristic (its rollouts do); reading the previous player's hand that way is the same
assumption, used once more.

The evidence is read at the first move of a turn (``turn_moves == 0``), when the
table is as the previous player left it, and holds for the whole turn (the seat's
own moves do not change that player's hand). It reads only the seat's view:

>>> import skipbo
>>> from skipbo.games.skipbo.bots.v1.heuristic import HeuristicBot
>>> rules = skipbo.Rules(players=2)
>>> state = skipbo.new_game(rules, seed=4)
>>> while state.turn == 1:
...     state = skipbo.apply(state, HeuristicBot().choose(skipbo.view(state, state.current_player)))
>>> evidence = LastDiscard.read(skipbo.view(state, state.current_player))
>>> evidence is not None and evidence.allows(state)  # the true hand always passes
True
"""

from __future__ import annotations

import attrs

from skipbo.games.skipbo.bots.reference import scarce
from skipbo.games.skipbo.bots.v1.heuristic import HeuristicBot
from skipbo.games.skipbo.moves import Discard
from skipbo.games.skipbo.state import GameState
from skipbo.games.skipbo.views import PlayerView

__all__ = ["TRIES", "LastDiscard"]

TRIES = 8
"""The most deals the search tries for each deal it keeps.

About half of the uniform deals pass against a heuristic player (at two and four
players), so all eight fail for under one deal in a hundred; that deal is then kept
as dealt. Where all fail for a choice's first deal, the search sets the evidence aside
for that choice: the previous player does not play as the heuristic would (or few
hands fit, and a uniform deal costs little).
"""

_POLICY = HeuristicBot()


@attrs.frozen
class LastDiscard:
    """The previous player's last discard, as evidence about its hand."""

    seat: int
    """The seat of the player whose hand the evidence is about."""
    turn: int
    """The turn (of the seat that read it) for which the evidence holds."""
    hypotheses: tuple[tuple[PlayerView, Discard], ...]
    """Each way the discard may have been made: that player's view as it was then
    (without its hand), and the discard."""

    @classmethod
    def read(cls, seen: PlayerView) -> LastDiscard | None:
        """The evidence at the start of ``seen``'s turn, or ``None`` where there is none.

        There is none in the game's first turn, after an empty pass (R-TURN-8, no
        discard), mid-turn, or where the previous player's view cannot be laid out
        again for certain (whether cards were scarce for it, which the draws since
        hide).
        """
        rules = seen.rules
        if (
            seen.player is None
            or seen.outcome is not None
            or seen.turn_moves
            or seen.turn == 1
            or seen.empty_passes
        ):
            return None
        seat = (seen.current_player - 1) % rules.players
        # The seat drew up to ``hand_size`` cards since that discard: the draw pile held
        # that many more then, at most. The heuristic reads its size only for
        # scarcity, so the evidence stands where both agree.
        fuller = attrs.evolve(seen, draw_pile_size=seen.draw_pile_size + rules.hand_size)
        if scarce(seen) != scarce(fuller):
            return None
        own = rules.seating.own_discards[seat]
        sizes = list(seen.hand_sizes)
        sizes[seat] += 1
        hypotheses = []
        for index, pile in enumerate(seen.discards[own]):
            if not pile:
                continue
            piles = list(seen.discards[own])
            piles[index] = pile[:-1]
            discards = list(seen.discards)
            discards[own] = tuple(piles)
            before = attrs.evolve(
                seen,
                player=seat,
                hand=(),
                discards=tuple(discards),
                hand_sizes=tuple(sizes),
                current_player=seat,
                turn=seen.turn - 1,
                turn_moves=1,
            )
            hypotheses.append((before, Discard(pile[-1], index)))
        if not hypotheses:
            return None
        return cls(seat, seen.turn, tuple(hypotheses))

    def holds_for(self, seen: PlayerView) -> bool:
        """Whether the evidence is about the turn of ``seen`` (read at its start)."""
        return seen.turn == self.turn and seen.current_player == (self.seat + 1) % (
            seen.rules.players
        )

    def allows(self, deal: GameState) -> bool:
        """Whether the heuristic, holding ``deal``'s hand for the seat, would have discarded so."""
        hand = deal.hands[self.seat]
        for before, discard in self.hypotheses:
            held = tuple(sorted((*hand, discard.card)))
            if _POLICY.choose(attrs.evolve(before, hand=held)) == discard:
                return True
        return False
