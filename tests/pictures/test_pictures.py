"""SVG pictures of both games: well-formed, and drawing what the position holds.

The expected cards, piles and counts are read from the position (state or view), not
from the renderer; the picture is read back as XML through the ``data-`` attributes
of its piles, hands and grid places.
"""

from __future__ import annotations

import re

import pytest

import skipbo
from skipbo import pictures, skyjo
from skipbo.errors import ArgumentTypeError
from skipbo.games.skyjo.views import FACE_DOWN
from tests.pictures.helpers import by, groups, parse, played, played_skyjo, texts, top, values

SKIPBO_POSITIONS = [
    (skipbo.Rules(players=2), 1, 0),
    (skipbo.Rules(players=2), 3, 60),
    (skipbo.Rules(players=3, stock_size=5), 4, 200),
    (skipbo.Rules.partners(), 5, 80),
    (skipbo.Rules.team_piles(), 6, 80),
    (skipbo.Rules(players=2, stock_size=2), 7, 2000),  # played to the end
]


def check_skipbo(
    root: object, state: skipbo.GameState, seen: skipbo.PlayerView, shown_hands: set[int]
) -> None:
    assert hasattr(root, "iter")
    piles = by(root, "pile", "data-pile")  # type: ignore[arg-type]
    for index, build in enumerate(state.builds):
        assert piles[f"b{index}"].get("data-count") == str(len(build))
        assert piles[f"b{index}"].get("data-top") == top(build)
        assert values(piles[f"b{index}"]) == list(build[-1:])
    for index, stock in enumerate(state.stocks):
        pile = piles[f"s{index}"]
        assert (pile.get("data-count"), pile.get("data-top")) == (str(len(stock)), top(stock))
        assert values(pile) == list(stock[-1:])  # the top only (R-SETUP-3)
    for discard_set, discards in enumerate(state.discards):
        for index, cards in enumerate(discards):
            pile = piles[f"d{discard_set}.{index}"]
            assert pile.get("data-count") == str(len(cards))
            assert values(pile) == list(cards)  # every discard shows (R-INFO-1)
    assert piles["draw"].get("data-count") == str(len(state.draw_pile))
    assert values(piles["draw"]) == []
    assert piles["completed"].get("data-count") == str(len(state.completed))
    hands = by(root, "hand", "data-seat")  # type: ignore[arg-type]
    assert sorted(map(int, hands)) == list(range(state.rules.players))
    for seat, hand in enumerate(state.hands):
        assert hands[str(seat)].get("data-count") == str(len(hand))
        assert values(hands[str(seat)]) == (list(hand) if seat in shown_hands else [])
    assert len(groups(root, "team")) == len(state.rules.seating.team_seats)  # type: ignore[arg-type]
    del seen


@pytest.mark.parametrize(("rules", "seed", "moves"), SKIPBO_POSITIONS)
@pytest.mark.rule("R-INFO-1", "R-INFO-2", "R-INFO-3")
def test_a_skipbo_picture_draws_every_pile_of_its_position(
    rules: skipbo.Rules, seed: int, moves: int
) -> None:
    state = played(rules, seed, moves)
    full = parse(pictures.draw(state).svg)
    check_skipbo(full, state, skipbo.spectator_view(state), set(range(rules.players)))
    for seat in range(rules.players):
        seen = skipbo.view(state, seat)
        check_skipbo(parse(pictures.draw(seen).svg), state, seen, {seat})
        assert pictures.draw(state, seat=seat) == pictures.draw(seen)
    spectator = skipbo.spectator_view(state)
    check_skipbo(parse(pictures.draw(spectator).svg), state, spectator, set())


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("moves", [0, 3, 30, 400])
@pytest.mark.rule("S-INFO-1", "S-INFO-2")
def test_a_skyjo_picture_draws_every_place_and_pile(seed: int, moves: int) -> None:
    state = played_skyjo(skyjo.Rules(players=3), seed, moves)
    seen = skyjo.view(state)
    for picture, hidden_shown in ((pictures.draw(seen), False), (pictures.draw(state), True)):
        root = parse(picture.svg)
        places = by(root, "place", "data-place")
        assert len(places) == 12 * state.rules.players
        for seat, grid in enumerate(state.grids):
            for place, card in enumerate(grid):
                drawn = places[f"g{seat}.{place}"]
                up = state.face_up[seat][place]
                expected = "removed" if card is None else "up" if up else "down"
                assert drawn.get("data-state") == expected
                if card is None or (not up and not hidden_shown):
                    assert values(drawn) == []
                else:
                    assert values(drawn) == [card]
        piles = by(root, "pile", "data-pile")
        assert piles["draw"].get("data-count") == str(len(state.draw_pile))
        assert values(piles["draw"]) == []
        assert piles["discard"].get("data-count") == str(len(state.discard_pile))
        assert piles["discard"].get("data-top") == top(state.discard_pile)
        assert ("held" in piles) == (state.held is not None)
        if state.held is not None:
            assert values(piles["held"]) == [state.held]
        totals = {g.get("data-seat"): g.get("data-total") for g in groups(root, "grid")}
        assert totals == {str(seat): str(total) for seat, total in enumerate(state.totals)}
    assert FACE_DOWN in {card for grid in seen.grids for card in grid} or moves > 0


def test_the_viewers_seat_is_drawn_at_the_bottom() -> None:
    state = played(skipbo.Rules(players=4, stock_size=5), 2, 20)
    for seat in range(4):
        teams = groups(parse(pictures.draw(state, seat=seat).svg), "team")
        assert [team.get("data-team") for team in teams][-1] == str(seat)
        # The others follow the seat order round the table from the bottom seat.
        assert [int(t.get("data-team", "")) for t in teams] == [
            (seat + k) % 4 for k in (1, 2, 3, 0)
        ]
    skyjo_state = played_skyjo(skyjo.Rules(players=3), 1, 10)
    grids = groups(parse(pictures.draw(skyjo_state, seat=1).svg), "grid")
    assert [g.get("data-seat") for g in grids] == ["2", "0", "1"]


@pytest.mark.parametrize(
    ("notation", "marked"),
    [("s0>b0", {"s0", "b0"}), ("h1>b0", {"b0"}), ("h9>d2", {"d0.2"})],
)
def test_the_last_move_is_highlighted(notation: str, marked: set[str]) -> None:
    state = skipbo.new_game(skipbo.Rules(players=2, stock_size=5), seed=4)
    state = skipbo.apply(state, skipbo.parse_move("h1>b0")) if notation == "s0>b0" else state
    if notation == "s0>b0":  # seat 0's stock top is 8 at this seed: make it playable
        state = skipbo.games.skipbo.state.replace(state, stocks=((2,) * 5, state.stocks[1]))
    move = skipbo.parse_move(notation)
    mover = state.current_player
    after = skipbo.apply(state, move) if move in skipbo.legal_moves(state) else None
    assert after is not None, skipbo.legal_moves(state)
    root = parse(pictures.draw(after, last_move=move, mover=mover).svg)
    outlined = {
        pile.get("data-pile")
        for pile in groups(root, "pile")
        if any(r.get("class") == "last-move" for r in pile.iter())
    }
    assert outlined == marked
    plain = parse(pictures.draw(after).svg)
    assert not [r for r in plain.iter() if r.get("class") == "last-move"]


def test_names_and_captions_are_escaped() -> None:
    state = skipbo.new_game(skipbo.Rules(players=2), seed=1)
    hostile = '<script>alert("x")</script> & "quotes"'
    svg = pictures.draw(state, names=(hostile, "Bo"), caption=hostile).svg
    root = parse(svg)
    assert "<script" not in svg
    assert any(hostile in text for text in texts(root))
    assert not list(root.iter("{http://www.w3.org/2000/svg}script"))


def test_size_sets_the_width_and_keeps_the_proportions() -> None:
    state = skipbo.new_game(skipbo.Rules(players=2), seed=1)
    phone, page = (parse(pictures.draw(state, size=s).svg) for s in (360, 900))
    assert (phone.get("width"), page.get("width")) == ("360", "900")
    assert phone.get("viewBox") == page.get("viewBox")
    ratio = float(page.get("height", "")) / float(phone.get("height", ""))
    assert ratio == pytest.approx(900 / 360, rel=0.01)


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda s: pictures.draw(s, size=10), ValueError),
        (lambda s: pictures.draw(s, size="big"), TypeError),  # type: ignore[arg-type]
        (lambda s: pictures.draw(s, bottom=2), ValueError),
        (lambda s: pictures.draw(s, seat=5), ValueError),
        (lambda s: pictures.draw(skipbo.view(s, 0), seat=1), ArgumentTypeError),
        (lambda s: pictures.draw("chess"), ArgumentTypeError),
        (lambda s: pictures.draw(s.rules), ArgumentTypeError),
    ],
)
def test_bad_options_raise_typed_errors(call: object, error: type[Exception]) -> None:
    state = skipbo.new_game(skipbo.Rules(players=2), seed=1)
    assert callable(call)
    with pytest.raises(error):
        call(state)


def test_a_records_picture_is_its_last_position_with_the_last_move() -> None:
    rules = skipbo.Rules(players=2, stock_size=3)
    state, moves = skipbo.new_game(rules, seed=2), []
    for move in [skipbo.legal_moves(state)[0]]:
        moves.append(move)
        state = skipbo.apply(state, move)
    record = skipbo.GameRecord(rules=rules, seed=2, moves=moves, names=("Ann", "Bo"))
    drawn = pictures.draw(record)
    assert drawn == pictures.draw(state, last_move=moves[-1], mover=0, names=("Ann", "Bo"))
    assert any("Ann" in text for text in texts(parse(drawn.svg)))


def test_card_faces_show_value_by_digit_and_band() -> None:
    from skipbo.pictures.faces import skipbo_face, skyjo_face, standalone

    bands = {card: skipbo_face(card).band for card in range(13)}
    assert bands[0] == "wild"
    assert skipbo_face(0).label == "SB"
    assert [bands[c] for c in (1, 4, 5, 8, 9, 12)] == ["1-4", "1-4", "5-8", "5-8", "9-12", "9-12"]
    assert len({skipbo_face(c).ink for c in (1, 5, 9)} | {skipbo_face(0).fill}) == 4
    assert all(skipbo_face(card).label == str(card) for card in range(1, 13))
    skyjo_bands = [skyjo_face(value).band for value in range(-2, 13)]
    assert len(set(skyjo_bands)) == 5
    assert all(skyjo_face(value).label == str(value) for value in range(-2, 13))
    for face in (skipbo_face(0), skyjo_face(-2)):
        root = parse(standalone(face, 80))
        assert face.label in texts(root)
    with pytest.raises(ValueError, match="Skyjo card"):
        skyjo_face(200)


@pytest.mark.parametrize(("rules", "seed", "steps"), SKIPBO_POSITIONS[:5])
def test_board_labels_number_piles_as_the_web_table_does(
    rules: skipbo.Rules, seed: int, steps: int
) -> None:
    """``board=True`` labels build and discard piles from 1, stocks by owner and seats by
    name or from 1, never by the notation (``b0``, ``d1.2``), while each pile keeps its
    notation name as data."""
    state = played(rules, seed, steps)
    plain = parse(pictures.draw(state, seat=0).svg)
    root = parse(pictures.draw(state, seat=0, board=True).svg)
    assert by(root, "pile", "data-pile").keys() == by(plain, "pile", "data-pile").keys()
    words = texts(root)
    assert not any(re.fullmatch(r"[bsd]\d+(\.\d+)?", word) for word in words), words
    piles = [f"pile {number}" for number in range(1, rules.discard_pile_count + 1)]
    seats_stocks = len(rules.seating.team_stocks[0])
    assert set(piles) <= set(words)
    assert ("stock" in words) if seats_stocks == 1 else ("stock 2" in words)
    # Seats as a table for people counts them: from 1 (seat 0 is "seat 1").
    assert not any("seat 0" in word for word in words), words
    assert any(f"seat {rules.players}" in word for word in words), words
    named = parse(pictures.draw(state, seat=0, board=True, names=("Bea", "Ada")).svg)
    assert any("Bea (you)" in word for word in texts(named)), texts(named)
    assert not any("team 0" in word for word in words), words  # teams from 1 too


def test_board_must_be_a_bool() -> None:
    with pytest.raises(TypeError, match="board must be True or False"):
        pictures.draw(skipbo.new_game(skipbo.Rules(players=2), seed=1), board=1)  # type: ignore[arg-type]
