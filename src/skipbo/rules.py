"""The rules configuration: :class:`Rules`, frozen and validated at construction.

A :class:`Rules` value names one variant of the game (RULES.md): the deck, the
players and teams, the pile sizes and the optional end conditions. Everything the
engine derives from it (which piles each seat owns and may play from) is computed
once here, so the engine never re-derives the seating.

Piles and seats
---------------
The state keeps *stock piles* and *discard sets* (four discard piles each) in
their own tuples, apart from the seats, because in team play the two need not
match (R-TEAM-2: a team of three owns two stock piles). For each seat the rules
give its *own* stock pile and discard set (where its discards go, R-TURN-5, and
where penalty cards go, R-TEAM-4) and the piles it may *play from* (its team's).
In individual play seat ``i`` owns stock pile ``i`` and discard set ``i``.

>>> rules = Rules(players=3)
>>> rules.stock_size, rules.hand_size, rules.deck.size
(30, 5, 162)
>>> Rules(players=5).stock_size
20
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any, cast

import attrs

from skipbo.cards import Deck
from skipbo.errors import ConfigurationError
from skipbo.moves import MoveTable, move_table

__all__ = ["FirstPlayer", "Rules"]

MIN_PLAYERS = 2
MAX_INDIVIDUAL_PLAYERS = 6
"""R-SETUP-1: 2 to 6 players play individually."""
MAX_TEAM_PLAYERS = 12
"""R-TEAM-5 (engine decision): team play allows up to 12 players."""
MIN_TEAMS = 2
"""Team play needs an opposing team (engine decision)."""
MAX_TEAMS = 3
"""R-TEAM-2 / R-TEAM-5: up to three teams."""
MIN_SHARED_PILES_PLAYERS = 6
"""R-TEAM-2: the shared-piles form is for six or more players."""
SHARED_STOCKS_PER_TEAM = 2
"""R-TEAM-2: each team owns two stock piles and two discard sets."""
LARGE_STOCK = 30
SMALL_STOCK = 20
LARGE_STOCK_MAX_PILES = 4
"""R-SETUP-2 / R-TEAM-5: 30 cards a stock pile with at most four stock piles, else 20."""
SHORT_STOCK_SIZES = range(10, 16)
"""R-SETUP-2: the short game deals 10 stock cards each (one source) or 10-15 (another)."""


class FirstPlayer(enum.Enum):
    """How the starting player is chosen when it is not an explicit seat (R-SETUP-5)."""

    DEALER_DRAW = "dealer-draw"
    """(a) Every player draws a card; the highest number deals (wilds do not count,
    ties are redrawn); the player to the dealer's left starts."""

    HIGHEST_STOCK_TOP = "highest-stock-top"
    """(b) The player whose stock top card is highest starts (a wild counts as
    highest; ties go to the earliest seat)."""


def _check_int(name: str, value: object, low: int, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ConfigurationError(name, f"must be an integer, got {value!r}")
    if value < low or (high is not None and value > high):
        bound = f"at least {low}" if high is None else f"from {low} to {high}"
        raise ConfigurationError(name, f"must be {bound}, got {value}")
    return value


def _to_teams(value: Any) -> tuple[tuple[int, ...], ...] | None:
    if value is None:
        return None
    try:
        return tuple(tuple(team) for team in value)
    except TypeError:
        raise ConfigurationError(
            "teams", f"must be a sequence of seat sequences, got {value!r}"
        ) from None


@attrs.frozen(slots=True)
class Rules:
    """One variant of Skip-Bo. Every parameter is a keyword; defaults follow RULES.md.

    The named presets :meth:`standard`, :meth:`short`, :meth:`partners` and
    :meth:`team_piles` build the documented variants. Team play takes ``teams``, the
    seats of each team (any seats: partners need not sit together), and plays
    clockwise over seats (R-TEAM-5). Engine decisions for team play:

    * team play has 2 or 3 teams (R-TEAM-5; one team would have no opponent);
    * the partner form (R-TEAM-1) has teams of exactly two, so 4 or 6 players;
    * the shared-piles form (R-TEAM-2) needs 6 to 12 players, at least two a team;
      each team owns two stock piles and two discard sets, and a team's seats take
      them in turn in seat order (the first, third, .. seat of a team own the
      team's first stock pile and discard set; the second, fourth, .. its second);
    * the default stock size counts stock piles, not players (R-TEAM-5): 30 cards
      with at most four stock piles, 20 otherwise.

    >>> Rules(players=4, teams=((0, 2), (1, 3))).team_stocks
    ((0, 2), (1, 3))
    >>> Rules(players=5, teams=((0, 1), (2, 3, 4)))
    Traceback (most recent call last):
    ...
    skipbo.errors.ConfigurationError: teams: the partner form needs teams of exactly two seats

    Raises:
        ConfigurationError: if the configuration is impossible; the error names the
            parameter (``error.parameter``).

    """

    players: int = attrs.field(default=2, kw_only=True)
    """Number of seats, 2-6 individually (R-SETUP-1), up to 12 in teams (R-TEAM-5)."""

    deck: Deck = attrs.field(factory=Deck.mattel, kw_only=True)
    """The deck composition (R-DECK-2); the Mattel 162-card deck by default."""

    stock_size: int = attrs.field(default=None, kw_only=True)
    """Cards dealt to each stock pile (R-SETUP-2, R-TEAM-5); ``None`` picks the default:
    30 with at most four stock piles in the game, 20 otherwise."""

    hand_size: int = attrs.field(default=5, kw_only=True)
    """Cards a hand is filled to (R-TURN-1, R-TURN-4); smaller for exhaustive checks."""

    build_piles: int = attrs.field(default=4, kw_only=True)
    """Number of build piles in the centre (R-BUILD-1)."""

    discard_piles: int = attrs.field(default=4, kw_only=True)
    """Number of discard piles in each discard set (R-DISC-1)."""

    first_player: int | FirstPlayer = attrs.field(default=0, kw_only=True)
    """Who starts (R-SETUP-5): a seat index (default 0) or a :class:`FirstPlayer` rule."""

    turn_limit: int | None = attrs.field(default=None, kw_only=True)
    """Optional number of turns after which the game ends without a winner (R-WIN-2)."""

    teams: tuple[tuple[int, ...], ...] | None = attrs.field(
        default=None, kw_only=True, converter=_to_teams
    )
    """Team play (R-TEAM-5): which seats form each team; ``None`` for individual play."""

    shared_piles: bool = attrs.field(default=False, kw_only=True)
    """Team play in the shared-piles form (R-TEAM-2) instead of the partner form (R-TEAM-1)."""

    # Derived seating, computed once in __attrs_post_init__ (not part of equality).
    seat_team: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """For each seat, the index of its team (in individual play: the seat itself)."""
    seat_stock: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """For each seat, the index of its own stock pile."""
    seat_discards: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """For each seat, the index of its own discard set (where its discards go)."""
    seat_stock_sources: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    """For each seat, the stock piles it may play from (its team's, ascending)."""
    seat_discard_sources: tuple[tuple[int, ...], ...] = attrs.field(
        init=False, eq=False, repr=False
    )
    """For each seat, the discard sets it may play from (its team's, ascending)."""
    team_seats: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    """For each team, its seats in increasing order."""
    team_stocks: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    """For each team, its stock piles; the team wins when all are empty (R-WIN-1, R-TEAM-3)."""
    stock_count: int = attrs.field(init=False, eq=False, repr=False)
    """Number of stock piles in the game."""
    discard_set_count: int = attrs.field(init=False, eq=False, repr=False)
    """Number of discard sets in the game."""
    move_table: MoveTable = attrs.field(init=False, eq=False, repr=False)
    """Every move of this configuration, made once (see :func:`skipbo.all_moves`)."""

    def __attrs_post_init__(self) -> None:
        team_play = self.teams is not None
        _check_int(
            "players",
            self.players,
            MIN_PLAYERS,
            MAX_TEAM_PLAYERS if team_play else MAX_INDIVIDUAL_PLAYERS,
        )
        if not isinstance(self.deck, Deck):
            raise ConfigurationError("deck", f"must be a Deck, got {self.deck!r}")
        _check_int("hand_size", self.hand_size, 1)
        _check_int("build_piles", self.build_piles, 1)
        _check_int("discard_piles", self.discard_piles, 1)
        if self.turn_limit is not None:
            _check_int("turn_limit", self.turn_limit, 1)
        if not isinstance(self.first_player, FirstPlayer):
            _check_int("first_player", self.first_player, 0, self.players - 1)
        elif self.first_player is FirstPlayer.DEALER_DRAW and (
            self.deck.highest < 2 or self.deck.copies * self.deck.highest < self.players
        ):
            # The draw for the dealer needs a number card for everyone and two numbers.
            raise ConfigurationError(
                "first_player / deck",
                "the dealer draw needs two different numbers and a number card per player",
            )
        if not isinstance(self.shared_piles, bool):
            raise ConfigurationError("shared_piles", f"must be a bool, got {self.shared_piles!r}")
        team_seats = self._check_teams()
        self._derive_seating(team_seats)
        if self.stock_size is None:
            default = LARGE_STOCK if self.stock_count <= LARGE_STOCK_MAX_PILES else SMALL_STOCK
            object.__setattr__(self, "stock_size", default)
        _check_int("stock_size", self.stock_size, 1)
        object.__setattr__(
            self,
            "move_table",
            move_table(self.deck.highest, self.build_piles, self.stock_count, self.discard_piles),
        )
        needed = self.stock_count * self.stock_size + self.hand_size
        if needed > self.deck.size:
            # R-DECK-2: every stock pile plus one full hand must be dealt.
            raise ConfigurationError(
                "deck / stock_size",
                f"{self.stock_count} stock piles of {self.stock_size} plus a hand of "
                f"{self.hand_size} need {needed} cards, the deck has {self.deck.size}",
            )

    def _check_teams(self) -> tuple[tuple[int, ...], ...]:
        if self.teams is None:
            if self.shared_piles:
                raise ConfigurationError("shared_piles", "needs teams")
            return tuple((seat,) for seat in range(self.players))
        seats = [seat for team in self.teams for seat in team]
        for seat in seats:
            _check_int("teams", seat, 0, self.players - 1)
        if sorted(seats) != list(range(self.players)):
            raise ConfigurationError(
                "players / teams",
                f"every one of the {self.players} seats must be in exactly one team",
            )
        # Seat order within a team carries no meaning but the shared-piles assignment
        # (R-TEAM-2), which follows seat order: keep each team sorted, so equal
        # seatings compare equal.
        teams = tuple(tuple(sorted(team)) for team in self.teams)
        object.__setattr__(self, "teams", teams)
        if not MIN_TEAMS <= len(teams) <= MAX_TEAMS:
            # R-TEAM-5 (engine decision): up to three teams; one team has no opponent.
            raise ConfigurationError(
                "teams", f"team play needs {MIN_TEAMS} to {MAX_TEAMS} teams, got {len(teams)}"
            )
        if self.shared_piles:
            if self.players < MIN_SHARED_PILES_PLAYERS:
                raise ConfigurationError(
                    "players / shared_piles",
                    f"the shared-piles form needs at least {MIN_SHARED_PILES_PLAYERS} players",
                )
            if any(len(team) < 2 for team in teams):
                raise ConfigurationError("teams", "each team needs at least two players")
        elif any(len(team) != 2 for team in teams):
            # R-TEAM-1: the partner form plays in teams of two.
            raise ConfigurationError("teams", "the partner form needs teams of exactly two seats")
        return teams

    def _derive_seating(self, team_seats: tuple[tuple[int, ...], ...]) -> None:
        seat_team = [0] * self.players
        seat_stock = [0] * self.players
        seat_discards = [0] * self.players
        team_stocks: list[tuple[int, ...]] = []
        for team, seats in enumerate(team_seats):
            if self.shared_piles:
                # R-TEAM-2 (engine decision): seats take the team's two sets in turn.
                first = SHARED_STOCKS_PER_TEAM * team
                team_stocks.append(tuple(range(first, first + SHARED_STOCKS_PER_TEAM)))
                for position, seat in enumerate(seats):
                    seat_stock[seat] = first + position % SHARED_STOCKS_PER_TEAM
                    seat_discards[seat] = first + position % SHARED_STOCKS_PER_TEAM
            else:
                team_stocks.append(seats)
                for seat in seats:
                    seat_stock[seat] = seat
                    seat_discards[seat] = seat
            for seat in seats:
                seat_team[seat] = team
        stock_count = sum(len(stocks) for stocks in team_stocks)

        sets = object.__setattr__
        sets(self, "seat_team", tuple(seat_team))
        sets(self, "seat_stock", tuple(seat_stock))
        sets(self, "seat_discards", tuple(seat_discards))
        sets(self, "team_seats", team_seats)
        sets(self, "team_stocks", tuple(team_stocks))
        sets(self, "stock_count", stock_count)
        sets(self, "discard_set_count", stock_count)
        sets(
            self,
            "seat_stock_sources",
            tuple(team_stocks[seat_team[seat]] for seat in range(self.players)),
        )
        # Discard sets pair with stock piles one to one in every form.
        sets(self, "seat_discard_sources", self.seat_stock_sources)

    @property
    def team_play(self) -> bool:
        """Whether this is a team game (the R-TEAM rules apply)."""
        return self.teams is not None

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickle the parameters only: the derived seating and move table are rebuilt
        # (and revalidated) on loading instead of being copied into every pickle.
        parameters = {
            field.name: getattr(self, field.name) for field in attrs.fields(Rules) if field.init
        }
        return (_rules_from_parameters, (parameters,))

    # --- named presets --------------------------------------------------------------

    @classmethod
    def standard(
        cls,
        players: int = 2,
        *,
        deck: Deck | None = None,
        first_player: int | FirstPlayer = 0,
        turn_limit: int | None = None,
    ) -> Rules:
        """The standard game: 2-6 players individually, stock size by player count.

        30 stock cards each for 2-4 players, 20 for 5-6 (R-SETUP-1, R-SETUP-2); the
        Mattel deck unless ``deck`` is given (R-DECK-4: e.g.
        :meth:`Deck.international_games <skipbo.Deck.international_games>`).

        Raises:
            ConfigurationError: if the combination is impossible.

        >>> Rules.standard(players=4) == Rules(players=4)
        True
        >>> Rules.standard(players=6).stock_size
        20

        """
        return cls(
            players=players,
            deck=Deck.mattel() if deck is None else deck,
            first_player=first_player,
            turn_limit=turn_limit,
        )

    @classmethod
    def short(
        cls,
        players: int = 2,
        stock_size: int = SHORT_STOCK_SIZES[0],
        *,
        deck: Deck | None = None,
        first_player: int | FirstPlayer = 0,
        turn_limit: int | None = None,
    ) -> Rules:
        """The short game of R-SETUP-2: 10 stock cards each, or any size from 10 to 15.

        Raises:
            ConfigurationError: if ``stock_size`` is outside 10-15 or the combination
                is impossible.

        >>> Rules.short(players=3).stock_size
        10
        >>> Rules.short(players=3, stock_size=20)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        skipbo.errors.ConfigurationError: stock_size: the short game deals 10 to 15 cards ...

        """
        if stock_size not in SHORT_STOCK_SIZES:
            low, high = SHORT_STOCK_SIZES[0], SHORT_STOCK_SIZES[-1]
            raise ConfigurationError(
                "stock_size",
                f"the short game deals {low} to {high} cards a stock pile (R-SETUP-2), "
                f"got {stock_size!r}",
            )
        return cls(
            players=players,
            deck=Deck.mattel() if deck is None else deck,
            stock_size=stock_size,
            first_player=first_player,
            turn_limit=turn_limit,
        )

    @classmethod
    def partners(
        cls,
        teams: Sequence[Sequence[int]] = ((0, 2), (1, 3)),
        *,
        stock_size: int | None = None,
        deck: Deck | None = None,
        first_player: int | FirstPlayer = 0,
        turn_limit: int | None = None,
    ) -> Rules:
        """Team play in the partner form (R-TEAM-1): 2 or 3 teams of two.

        The number of players is the number of seats in ``teams``; by default the
        partners sit opposite each other. A player may also play the partner's stock
        top and discard-pile tops, and discards onto their own discard piles.

        Raises:
            ConfigurationError: if the teams are not 2 or 3 pairs covering seats
                ``0 .. n-1``, or the combination is impossible.

        >>> rules = Rules.partners(teams=((0, 1), (2, 3), (4, 5)))
        >>> rules.players, rules.stock_size, rules.seat_stock_sources[1]
        (6, 20, (0, 1))

        """
        return _team_preset(teams, False, stock_size, deck, first_player, turn_limit)

    @classmethod
    def team_piles(
        cls,
        teams: Sequence[Sequence[int]] = ((0, 2, 4), (1, 3, 5)),
        *,
        stock_size: int | None = None,
        deck: Deck | None = None,
        first_player: int | FirstPlayer = 0,
        turn_limit: int | None = None,
    ) -> Rules:
        """Team play in the shared-piles form (R-TEAM-2): 6-12 players in 2 or 3 teams.

        Each team owns two stock piles and two discard sets whatever its size; its
        seats take them in turn in seat order, and every player plays from all of
        the team's piles.

        Raises:
            ConfigurationError: if the teams do not cover seats ``0 .. n-1`` with
                6-12 players in 2 or 3 teams of at least two, or the combination is
                impossible.

        >>> rules = Rules.team_piles(teams=((0, 2, 4), (1, 3, 5)))
        >>> rules.stock_count, rules.stock_size, rules.seat_stock
        (4, 30, (0, 2, 1, 3, 0, 2))

        """
        return _team_preset(teams, True, stock_size, deck, first_player, turn_limit)


def _team_preset(
    teams: Sequence[Sequence[int]],
    shared_piles: bool,
    stock_size: int | None,
    deck: Deck | None,
    first_player: int | FirstPlayer,
    turn_limit: int | None,
) -> Rules:
    """The rules of :meth:`Rules.partners` or :meth:`Rules.team_piles` (validated by Rules)."""
    seating = _to_teams(teams)
    return Rules(
        players=sum(len(team) for team in seating or ()),
        deck=Deck.mattel() if deck is None else deck,
        # None picks the default stock size; the attrs signature says int.
        stock_size=cast(int, stock_size),
        first_player=first_player,
        turn_limit=turn_limit,
        teams=seating,
        shared_piles=shared_piles,
    )


def _rules_from_parameters(parameters: dict[str, Any]) -> Rules:
    """Rebuild pickled :class:`Rules` from its parameters."""
    return Rules(**parameters)
