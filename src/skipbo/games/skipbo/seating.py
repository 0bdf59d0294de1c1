"""The seating: which piles each seat owns and may play from, derived from the teams.

The state keeps *stock piles* and *discard sets* (four discard piles each) in
their own tuples, apart from the seats, because in team play the two need not
match (R-TEAM-2: a team of three owns two stock piles). For each seat the seating
gives its *own* stock pile and discard set (where its discards go, R-TURN-5, and
where penalty cards go, R-TEAM-4) and the piles it may *play from* (its team's).
In individual play seat ``i`` owns stock pile ``i`` and discard set ``i``.

:class:`~skipbo.Rules` computes its seating once, validated, as ``rules.seating``:

>>> from skipbo import Rules
>>> Rules.team_piles(teams=((0, 2, 4), (1, 3, 5))).seating.own_stock
(0, 2, 1, 3, 0, 2)
"""

from __future__ import annotations

import attrs

__all__ = ["SHARED_PILES_PER_TEAM", "Seating", "seat"]

SHARED_PILES_PER_TEAM = 2
"""R-TEAM-2: each team owns two stock piles and two discard sets."""


@attrs.frozen(slots=True)
class Seating:
    """Which piles each seat owns and plays from (indices into the state's tuples)."""

    team_of: tuple[int, ...]
    """For each seat, the index of its team (in individual play: the seat itself)."""
    own_stock: tuple[int, ...]
    """For each seat, the index of its own stock pile."""
    own_discards: tuple[int, ...]
    """For each seat, the index of its own discard set (where its discards go)."""
    stock_sources: tuple[tuple[int, ...], ...]
    """For each seat, the stock piles it may play from (its team's, ascending)."""
    discard_sources: tuple[tuple[int, ...], ...]
    """For each seat, the discard sets it may play from (its team's, ascending)."""
    team_seats: tuple[tuple[int, ...], ...]
    """For each team, its seats in increasing order."""
    team_stocks: tuple[tuple[int, ...], ...]
    """For each team, its stock piles; the team wins when all are empty (R-WIN-1, R-TEAM-3)."""
    stock_pile_count: int
    """The number of stock piles, which is also the number of discard sets."""


def seat(teams: tuple[tuple[int, ...], ...], *, shared_piles: bool) -> Seating:
    """The seating of validated, sorted ``teams`` (one team per seat in individual play).

    In the shared-piles form (R-TEAM-2, engine decision) the seats of a team take the
    team's two stock piles and discard sets in turn, in seat order; otherwise every
    seat owns the stock pile and discard set of its own number.

    >>> seat(((0, 2), (1, 3)), shared_piles=False).stock_sources
    ((0, 2), (1, 3), (0, 2), (1, 3))
    """
    players = sum(len(team) for team in teams)
    team_of = [0] * players
    own_stock = [0] * players
    team_stocks: list[tuple[int, ...]] = []
    for team, seats in enumerate(teams):
        if shared_piles:
            first = SHARED_PILES_PER_TEAM * team
            team_stocks.append(tuple(range(first, first + SHARED_PILES_PER_TEAM)))
            for position, one in enumerate(seats):
                own_stock[one] = first + position % SHARED_PILES_PER_TEAM
        else:
            team_stocks.append(seats)
            for one in seats:
                own_stock[one] = one
        for one in seats:
            team_of[one] = team
    sources = tuple(team_stocks[team_of[one]] for one in range(players))
    # Discard sets pair with stock piles one to one in every form.
    return Seating(
        team_of=tuple(team_of),
        own_stock=tuple(own_stock),
        own_discards=tuple(own_stock),
        stock_sources=sources,
        discard_sources=sources,
        team_seats=teams,
        team_stocks=tuple(team_stocks),
        stock_pile_count=sum(map(len, team_stocks)),
    )
