"""The rules configuration: :class:`Rules`, frozen and validated at construction.

A :class:`Rules` value names one variant of the game (RULES.md): the deck, the
players and teams, the pile sizes and the optional end conditions. Which piles each
seat owns and may play from (:class:`~skipbo.games.skipbo.seating.Seating`) is derived once here,
so the engine never re-derives the seating.

>>> rules = Rules(players=3)
>>> rules.stock_size, rules.hand_size, rules.deck.size
(30, 5, 162)
>>> Rules(players=5).stock_size
20
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any, TypedDict, Unpack

import attrs

from skipbo.errors import ConfigurationError
from skipbo.games.skipbo.cards import Deck
from skipbo.games.skipbo.seating import SHARED_PILES_PER_TEAM, Seating, seat

__all__ = ["FirstPlayer", "PresetOptions", "Rules", "TeamPresetOptions", "max_moves"]

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
LARGE_STOCK = 30
SMALL_STOCK = 20
LARGE_STOCK_MAX_PILES = 4
"""R-SETUP-2 / R-TEAM-5: 30 cards a stock pile with at most four stock piles, else 20."""
SHORT_STOCK_SIZES = range(10, 16)
"""R-SETUP-2: the short game deals 10 stock cards each (one source) or 10-15 (another)."""
DEFAULT_TURN_MOVE_LIMIT = 500
"""R-WIN-4 (a): moves a turn may make before only a discard (or the pass) is legal; at
least five times the longest turn measured in bot play (docs/rules.md gives the figures;
``benchmarks/bench_bounds.py`` measures them)."""
DEFAULT_STALL_LIMIT = 2000
"""R-WIN-4 (b): turn ends without a stock play after which the game ends "stalled"; at
least five times the longest such stretch measured in bot play."""


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


def _default_stock_size(rules: Rules) -> int:
    """R-SETUP-2 / R-TEAM-5: 30 cards with at most four stock piles, else 20."""
    # Runs before validation, so ``players`` may still be anything.
    piles: object = rules.players
    if rules.teams is not None and rules.shared_piles:
        piles = SHARED_PILES_PER_TEAM * len(rules.teams)
    small = isinstance(piles, int) and piles <= LARGE_STOCK_MAX_PILES
    return LARGE_STOCK if small else SMALL_STOCK


class PresetOptions(TypedDict, total=False):
    """The keywords every preset passes on to :class:`Rules` unchanged."""

    deck: Deck
    first_player: int | FirstPlayer
    turn_limit: int | None
    turn_move_limit: int | None
    stall_limit: int | None


class TeamPresetOptions(PresetOptions, total=False):
    """The keywords of the team presets: those of every preset and the stock size."""

    stock_size: int


@attrs.frozen(slots=True, kw_only=True, cache_hash=True)
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

    >>> Rules(players=4, teams=((0, 2), (1, 3))).seating.team_stocks
    ((0, 2), (1, 3))
    >>> Rules(players=5, teams=((0, 1), (2, 3, 4)))
    Traceback (most recent call last):
    ...
    skipbo.errors.ConfigurationError: teams: the partner form needs teams of exactly two seats

    Raises:
        ConfigurationError: if the configuration is impossible; the error names the
            parameter (``error.parameter``).

    """

    players: int = 2
    """Number of seats, 2-6 individually (R-SETUP-1), up to 12 in teams (R-TEAM-5)."""

    teams: tuple[tuple[int, ...], ...] | None = attrs.field(default=None, converter=_to_teams)
    """Team play (R-TEAM-5): which seats form each team; ``None`` for individual play."""

    shared_piles: bool = False
    """Team play in the shared-piles form (R-TEAM-2) instead of the partner form (R-TEAM-1)."""

    deck: Deck = attrs.field(factory=Deck.mattel)
    """The deck composition (R-DECK-2); the Mattel 162-card deck by default."""

    stock_size: int = attrs.field(default=attrs.Factory(_default_stock_size, takes_self=True))
    """Cards dealt to each stock pile (R-SETUP-2, R-TEAM-5); by default 30 with at most
    four stock piles in the game, 20 otherwise."""

    hand_size: int = 5
    """Cards a hand is filled to (R-TURN-1, R-TURN-4); smaller for exhaustive checks."""

    build_pile_count: int = 4
    """Number of build piles in the centre (R-BUILD-1)."""

    discard_pile_count: int = 4
    """Number of discard piles in each discard set (R-DISC-1)."""

    first_player: int | FirstPlayer = 0
    """Who starts (R-SETUP-5): a seat index (default 0) or a :class:`FirstPlayer` rule."""

    turn_limit: int | None = None
    """Optional number of turns after which the game ends without a winner (R-WIN-2)."""

    turn_move_limit: int | None = DEFAULT_TURN_MOVE_LIMIT
    """Moves a turn may make; past them only a discard, or the pass of R-TURN-8, is legal
    (R-WIN-4 (a)). ``None`` lifts the bound: a turn may then never end."""

    stall_limit: int | None = DEFAULT_STALL_LIMIT
    """Turn ends without a stock play after which the game ends "stalled", without a
    winner (R-WIN-4 (b)). ``None`` lifts the bound."""

    seating: Seating = attrs.field(init=False, eq=False, repr=False)
    """Which piles each seat owns and plays from, derived from the teams (not compared)."""

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
        _check_int("build_pile_count", self.build_pile_count, 1)
        _check_int("discard_pile_count", self.discard_pile_count, 1)
        for name in ("turn_limit", "turn_move_limit", "stall_limit"):
            if getattr(self, name) is not None:
                _check_int(name, getattr(self, name), 1)
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
        seating = seat(self._check_teams(), shared_piles=self.shared_piles)
        object.__setattr__(self, "seating", seating)
        _check_int("stock_size", self.stock_size, 1)
        needed = seating.stock_pile_count * self.stock_size + self.hand_size
        if needed > self.deck.size:
            # R-DECK-2: every stock pile plus one full hand must be dealt.
            raise ConfigurationError(
                "deck / stock_size",
                f"{seating.stock_pile_count} stock piles of {self.stock_size} plus a hand of "
                f"{self.hand_size} need {needed} cards, the deck has {self.deck.size}",
            )

    def _check_teams(self) -> tuple[tuple[int, ...], ...]:
        if self.teams is None:
            if self.shared_piles:
                raise ConfigurationError("shared_piles", "needs teams")
            return tuple((one,) for one in range(self.players))
        seats = [one for team in self.teams for one in team]
        for one in seats:
            _check_int("teams", one, 0, self.players - 1)
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

    @property
    def team_play(self) -> bool:
        """Whether this is a team game (the R-TEAM rules apply)."""
        return self.teams is not None

    @property
    def stock_pile_count(self) -> int:
        """The number of stock piles, which is also the number of discard sets."""
        return self.seating.stock_pile_count

    @property
    def build_piles(self) -> int:
        """Deprecated alias of :attr:`build_pile_count` (read only)."""
        return self.build_pile_count

    @property
    def discard_piles(self) -> int:
        """Deprecated alias of :attr:`discard_pile_count` (read only)."""
        return self.discard_pile_count

    # --- named presets --------------------------------------------------------------

    @classmethod
    def standard(cls, players: int = 2, **options: Unpack[PresetOptions]) -> Rules:
        """The standard game: 2-6 players individually, stock size by player count.

        30 stock cards each for 2-4 players, 20 for 5-6 (R-SETUP-1, R-SETUP-2); the
        Mattel deck unless ``deck`` is given (R-DECK-4: e.g.
        :meth:`Deck.international_games <skipbo.Deck.international_games>`). The
        ``options`` (``deck``, ``first_player``, ``turn_limit``) are those of
        :class:`Rules`; this is ``Rules(players=players, **options)`` by name.

        Raises:
            ConfigurationError: if the combination is impossible.

        >>> Rules.standard(players=4) == Rules(players=4)
        True
        >>> Rules.standard(players=6).stock_size
        20

        """
        return cls(players=players, **options)

    @classmethod
    def short(
        cls,
        players: int = 2,
        stock_size: int = SHORT_STOCK_SIZES[0],
        **options: Unpack[PresetOptions],
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
        return cls(players=players, stock_size=stock_size, **options)

    @classmethod
    def partners(
        cls,
        teams: Sequence[Sequence[int]] = ((0, 2), (1, 3)),
        **options: Unpack[TeamPresetOptions],
    ) -> Rules:
        """Team play in the partner form (R-TEAM-1): 2 or 3 teams of two.

        The number of players is the number of seats in ``teams``; by default the
        partners sit opposite each other. A player may also play the partner's stock
        top and discard-pile tops, and discards onto their own discard piles.

        Raises:
            ConfigurationError: if the teams are not 2 or 3 pairs covering seats
                ``0 .. n-1``, or the combination is impossible.

        >>> rules = Rules.partners(teams=((0, 1), (2, 3), (4, 5)))
        >>> rules.players, rules.stock_size, rules.seating.stock_sources[1]
        (6, 20, (0, 1))

        """
        seating = _to_teams(teams) or ()
        return cls(players=sum(map(len, seating)), teams=seating, **options)

    @classmethod
    def team_piles(
        cls,
        teams: Sequence[Sequence[int]] = ((0, 2, 4), (1, 3, 5)),
        **options: Unpack[TeamPresetOptions],
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
        >>> rules.stock_pile_count, rules.stock_size, rules.seating.own_stock
        (4, 30, (0, 2, 1, 3, 0, 2))

        """
        seating = _to_teams(teams) or ()
        return cls(players=sum(map(len, seating)), teams=seating, shared_piles=True, **options)


def max_moves(rules: Rules) -> int | None:
    """The most moves a game of ``rules`` can take from its deal: the proved bound of R-WIN-4.

    ``((S + 1) * L + 1) * (T + 1)``, where ``S`` is the cards dealt to the stock piles
    (``stock_pile_count * stock_size``), ``L`` the :attr:`~Rules.stall_limit` and ``T``
    the :attr:`~Rules.turn_move_limit`: at most ``S`` stock plays, at most ``L`` turn
    ends between two of them, at most ``T + 1`` moves a turn. Proved in Coq
    (``Termination.game_ends``, docs/verification.md). ``None`` when either bound is
    lifted (``None``): then no bound is proved, though a turn limit may still end the
    game. The referee's penalty cards of team play (R-TEAM-4) are no moves and lie
    outside the bound.

    >>> max_moves(Rules(players=2))  # S = 60, L = 2000, T = 500
    61122501
    >>> max_moves(Rules(players=2, stock_size=3, stall_limit=10, turn_move_limit=20))
    1491
    >>> max_moves(Rules(stall_limit=None)) is None
    True
    """
    if rules.turn_move_limit is None or rules.stall_limit is None:
        return None
    stock_cards = rules.stock_pile_count * rules.stock_size
    return ((stock_cards + 1) * rules.stall_limit + 1) * (rules.turn_move_limit + 1)
