// Skyjo's board: every player's grid of 3 rows and 4 columns (places numbered column
// by column, 0 to 11), the draw pile, the discard pile and the card in hand, the
// final round and the round scores. Moves: r0+5, draw, take, s7, f7.
"use strict";
(() => {
  const ROWS = 3;
  const PHASE_WORDS = {
    reveal: "turns two cards up",
    take: "draws or takes the discard",
    place: "places the card in hand",
    over: "",
  };

  function colour(value) {
    return value < 0 ? "neg" : value === 0 ? "zero" : value <= 4 ? "low" : value <= 8 ? "mid" : "high";
  }

  function placeWords(place) {
    return `column ${Math.floor(place / ROWS) + 1}, row ${(place % ROWS) + 1}`;
  }

  function card(value, extra) {
    if (value === null || value === undefined) {
      const slot = el("div", "", `card empty ${extra || ""}`);
      slot.setAttribute("aria-hidden", "true");
      return slot;
    }
    if (value === "?") {
      const back = el("div", null, `card back ${extra || ""}`);
      back.append(el("span", "?", "face"));
      back.setAttribute("role", "img");
      back.setAttribute("aria-label", "face-down card");
      return back;
    }
    const node = el("div", null, `card sk ${colour(value)} v${value} ${extra || ""}`);
    node.append(el("span", String(value), "face"));
    node.dataset.card = String(value);
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", String(value));
    return node;
  }

  // A grid's cells: the column numbers above, the row numbers at the left (the moves'
  // words name places by them: "column 2, row 3"), read by sight only (each card's own
  // label names its place for screen readers).
  function gridCells(size) {
    const cells = el("div", null, "grid");
    const axis = (text, column, row) => {
      const label = el("span", text, "axis");
      label.setAttribute("aria-hidden", "true");
      label.style.gridColumn = String(column);
      label.style.gridRow = String(row);
      cells.append(label);
      return label;
    };
    for (let column = 0; column < size / ROWS; column++) axis(String(column + 1), column + 2, 1);
    for (let row = 0; row < ROWS; row++) axis(String(row + 1), 1, row + 2).classList.add("row-axis");
    return cells;
  }

  function place(node, at) {
    node.style.gridColumn = String(Math.floor(at / ROWS) + 2);
    node.style.gridRow = String((at % ROWS) + 2);
  }

  function totals(view) {
    const sums = view.grids.map(() => 0);
    view.history.forEach((round) => round.scores.forEach((score, seat) => (sums[seat] += score)));
    return sums;
  }

  function visibleSum(grid) {
    return grid.reduce((sum, value) => sum + (typeof value === "number" ? value : 0), 0);
  }

  function grid(message, ui, seat) {
    const view = message.view;
    const mine = seat === message.seat;
    const toMove = message.legal.length > 0;
    const box = el("section", null, `player${seat === view.current_player && !view.outcome ? " to-move" : ""}`);
    box.dataset.pile = `seat${seat}`;
    const title = mine ? "You" : message.names[seat];
    box.setAttribute("aria-label", `${title}'s grid`);
    const heading = el("h2", title);
    if (seat === view.current_player && !view.outcome) heading.append(el("span", " · to move", "turn-mark"));
    if (view.round_ender === seat) heading.append(el("span", " · ended the round", "ender"));
    box.append(heading);
    const cells = gridCells(view.grids[seat].length);
    view.grids[seat].forEach((value, at) => {
      const key = `g${seat}.${at}`;
      const node = card(value);
      node.dataset.pile = key;
      place(node, at);
      if (mine && toMove && value !== null) {
        const label = `${value === "?" ? "face-down card" : value} at ${placeWords(at)}`;
        if (view.phase === "reveal") {
          ui.source(node, `g${at}`, label);
          ui.target(node, `g${at}`, label);
        } else if (view.phase === "place") {
          ui.target(node, `g${at}`, label);
        }
      }
      cells.append(node);
    });
    box.append(cells);
    const total = totals(view)[seat];
    // Labelled numbers: what the face-up cards show, and the total of the rounds before.
    const sums = el("p", null, "small sums");
    sums.append(`${mine ? "Showing" : "shows"} ${visibleSum(view.grids[seat])} · total ${total}`);
    box.append(sums);
    return box;
  }

  function centre(message, ui) {
    const view = message.view;
    const box = el("section", null, "centre");
    box.setAttribute("aria-label", "Draw and discard piles");
    box.append(el("h2", `Round ${view.round}`));
    const row = el("div", null, "row");
    const toMove = message.legal.length > 0;

    const draw = el("div", null, "pile drawpile");
    draw.dataset.pile = "draw";
    const back = card(view.draw_pile_size ? "?" : null);
    draw.append(back, el("span", count(view.draw_pile_size, "card"), "count"));
    if (toMove && message.legal.includes("draw")) ui.action(back, "draw", "draw from the draw pile");
    const drawArea = area("Draw", "", null);
    drawArea.append(draw);

    const discard = el("div", null, "pile discard");
    discard.dataset.pile = "discard";
    const top = view.discard_pile.length ? view.discard_pile.at(-1) : null;
    const face = card(top);
    discard.append(face, el("span", count(view.discard_pile.length, "card"), "count"));
    if (toMove && message.legal.includes("take")) {
      ui.action(face, "take", `take the ${top} from the discard pile`);
    }
    if (toMove && view.phase === "place" && view.source === "draw-pile") {
      ui.target(discard, "discard", "discard the card in hand (then turn up a face-down card)");
    }
    const discardArea = area("Discard", "", null);
    discardArea.append(discard);

    const held = el("div", null, "pile held");
    held.dataset.pile = "held";
    const heldCard = card(view.held);
    held.append(heldCard);
    const from = view.source === "draw-pile" ? "drawn" : view.source === "discard-pile" ? "taken" : "";
    held.append(el("span", view.held === null ? "nothing" : from, "count"));
    if (toMove && view.phase === "place") ui.source(heldCard, "held", `the ${view.held} in hand`);
    const holder = view.held === null ? "In hand" : `${possessive(message, view.current_player)} card`;
    const heldArea = area(holder.charAt(0).toUpperCase() + holder.slice(1), "", null);
    heldArea.append(held);
    row.append(drawArea, discardArea, heldArea);
    box.append(row);
    if (view.round_ender !== null && !view.outcome) {
      box.append(
        el(
          "p",
          `Final round: ${seatName(message, view.round_ender)} turned up a whole grid; everyone else has one more turn.`,
          "banner",
        ),
      );
    }
    if (view.history.length && view.phase === "reveal" && !view.outcome) {
      const round = view.history.at(-1);
      const scores = round.scores.map((score, seat) => `${seatName(message, seat)} ${score}`);
      box.append(el("p", `Round ${view.history.length} is scored: ${scores.join(", ")}.`, "banner"));
    }
    if (view.rules.turn_limit !== null && !view.outcome) {
      box.append(el("p", `Turn ${view.turns + 1} of at most ${view.rules.turn_limit} this round`, "small"));
    }
    return box;
  }

  // The round that just ended, as it ended: every grid turned up, each seat's sum and
  // score (the ender's doubled), until the person goes on ("Next round").
  let dismissedRound = 0;
  function roundEnd(message) {
    const ended = message.round_end;
    if (!ended || message.view.outcome || ended.round <= dismissedRound) return null;
    const box = el("section", null, "round-end");
    box.id = "round-end";
    box.setAttribute("aria-labelledby", "round-end-title");
    const title = el("h2", `Round ${ended.round} is over: every card turned up`);
    title.id = "round-end-title";
    box.append(title);
    const row = el("div", null, "row");
    ended.grids.forEach((cards, seat) => {
      const who = el("div", null, "ended-grid");
      who.dataset.seat = String(seat);
      const ender = ended.score.ender === seat;
      const doubled = ender && ended.score.scores[seat] !== ended.score.sums[seat];
      who.append(el("h3", `${seatName(message, seat)}${ender ? " (ended the round)" : ""}`));
      const cells = gridCells(cards.length);
      cards.forEach((value, at) => {
        const node = card(value);
        place(node, at);
        cells.append(node);
      });
      who.append(cells);
      const sum = ended.score.sums[seat];
      const score = ended.score.scores[seat];
      who.append(el("p", doubled ? `sum ${sum}, doubled: scores ${score}` : `scores ${score}`, "small round-score"));
      row.append(who);
    });
    box.append(row);
    const next = el("button", "Next round");
    next.type = "button";
    next.id = "next-round";
    next.addEventListener("click", () => {
      dismissedRound = ended.round;
      box.remove();
      document.dispatchEvent(new Event("round-dismissed"));
    });
    box.append(el("p", null, "buttons"));
    box.lastChild.append(next);
    return box;
  }

  function history(message) {
    const view = message.view;
    if (!view.history.length) return null;
    const box = el("section", null, "rounds");
    box.setAttribute("aria-label", "Round scores");
    const table = el("table", null, "round-scores");
    table.append(el("caption", "Round scores"));
    const head = el("tr");
    head.append(el("th", "Round"));
    message.names.forEach((_, seat) => head.append(el("th", seatName(message, seat))));
    const thead = el("thead");
    thead.append(head);
    const body = el("tbody");
    view.history.forEach((round, index) => {
      const tr = el("tr");
      tr.append(el("th", String(index + 1)));
      round.scores.forEach((score, seat) => {
        const doubled = round.ender === seat && score !== round.sums[seat];
        tr.append(el("td", doubled ? `${score} (doubled)` : String(score)));
      });
      body.append(tr);
    });
    const last = el("tr");
    last.append(el("th", "Total"));
    totals(view).forEach((total) => last.append(el("td", String(total))));
    body.append(last);
    table.append(thead, body);
    box.append(table);
    return box;
  }

  Games.skyjo = {
    title: "Skyjo",
    rules: [
      "Lowest total wins: the game ends after the round in which a total reaches the end score.",
      "Each round, first turn up two cards of your grid.",
      "On your turn draw from the draw pile or take the top of the discard pile.",
      "Put the card in a place of your grid (that card is discarded), or discard a drawn card and turn up a face-down card.",
      "Three equal face-up cards in a column are removed.",
      "When someone has every card face up, everyone else has one more turn; the round ender's score doubles unless it is the lowest.",
    ],
    render(message, ui) {
      const board = document.getElementById("board");
      const others = el("div", null, "others");
      message.seats.forEach((_, seat) => {
        if (seat !== message.seat) others.append(grid(message, ui, seat));
      });
      board.append(others, centre(message, ui));
      if (message.seat !== null) board.append(grid(message, ui, message.seat));
      const ended = roundEnd(message);
      if (ended) board.append(ended);
      const rounds = history(message);
      if (rounds) board.append(rounds);
    },
    sourceLegal(message, source) {
      const view = message.view;
      if (source === "held" || source === "flip") return view.phase === "place";
      if (view.phase !== "reveal") return false;
      const place = Number(source.slice(1));
      return message.legal.some((m) => m.startsWith("r") && m.slice(1).split("+").map(Number).includes(place));
    },
    resolve(message, source, target) {
      if (target === "discard" && source === "held") return { select: "flip" };
      const place = Number(target.slice(1));
      if (source === "held") return { play: `s${place}` };
      if (source === "flip") return { play: `f${place}` };
      const first = Number(source.slice(1));
      return { play: `r${Math.min(first, place)}+${Math.max(first, place)}` };
    },
    defaultSource(message) {
      return message.legal.length && message.view.phase === "place" ? "held" : null;
    },
    prompt(message, selected) {
      const view = message.view;
      if (view.phase === "reveal") {
        return selected === null
          ? "Turn up two cards: choose a face-down card of your grid."
          : "Now choose a second face-down card.";
      }
      if (view.phase === "take") {
        const top = view.discard_pile.at(-1);
        return `Your turn: draw from the draw pile, or take the ${top} from the discard pile.`;
      }
      if (selected === "flip") return "Now choose a face-down card of your grid to turn up.";
      if (view.source === "draw-pile") {
        return `Put the ${view.held} in your grid (its card is discarded), or on the discard pile to turn a card up.`;
      }
      return `Put the ${view.held} in your grid: the card there is discarded.`;
    },
    // What a hint outlines on the board: the pile to take from, or the card in hand
    // and the places of the grid it names.
    hintNodes(message, move) {
      const board = document.getElementById("board");
      const one = (selector) => board.querySelector(selector);
      const place = (p) => one(`[data-pile="g${message.seat}.${p}"]`);
      if (move === "draw" || move === "take") return [one(`[data-action="${move}"]`)];
      if (move[0] === "r") return move.slice(1).split("+").map(place);
      if (move[0] === "s") return [one('[data-source="held"]'), place(move.slice(1))];
      return [one('[data-source="held"]'), one('[data-pile="discard"]'), place(move.slice(1))];
    },
    piles(message, entry) {
      const seat = entry.seat;
      const move = entry.move;
      if (move === "draw") return { from: "draw", to: "held", changed: ["held"] };
      if (move === "take") return { from: "discard", to: "held", changed: ["held", "discard"] };
      if (move[0] === "s") {
        const place = `g${seat}.${move.slice(1)}`;
        return { from: "held", to: place, changed: [place, "discard"] };
      }
      if (move[0] === "f") {
        const place = `g${seat}.${move.slice(1)}`;
        return { from: "held", to: "discard", changed: [place, "discard"] };
      }
      const places = move.slice(1).split("+").map((p) => `g${seat}.${p}`);
      return { from: null, to: null, changed: places };
    },
    // What the words of a move cannot say: columns removed by it (S-TURN-4).
    notes(before, message) {
      if (!before || before.game !== message.game || before.view.round !== message.view.round) return [];
      const notes = [];
      message.view.grids.forEach((grid, seat) => {
        const old = before.view.grids[seat];
        for (let column = 0; column < grid.length / ROWS; column++) {
          const places = [0, 1, 2].map((row) => column * ROWS + row);
          if (places.every((p) => grid[p] === null) && places.some((p) => old[p] !== null)) {
            const value = old.find((v, p) => places.includes(p) && typeof v === "number");
            const what = value === undefined ? "" : ` (three ${value}s)`;
            notes.push(`${seatName(message, seat) === "You" ? "Your" : `${seatName(message, seat)}'s`} column ${column + 1} is removed${what}.`);
          }
        }
      });
      return notes;
    },
    // How the game ended, as a sentence with its subject: a total reached the end
    // score, or the rounds' limit (S-END-3) was reached; the lowest total wins either way.
    endHow(message, outcome) {
      const view = message.view;
      const rules = view.rules;
      const sums = outcome.totals || totals(view);
      const reached = sums.some((total) => total >= rules.end_score);
      const who = winnersText(message, outcome.winners);
      const lowest = `${who} ${outcome.winners.length === 1 && who !== "You" ? "has" : "have"} the lowest total`;
      if (!reached && rules.round_limit !== null && view.round >= rules.round_limit) {
        return `The game reached its limit of ${count(rules.round_limit, "round")}: ${lowest}`;
      }
      return `A total reached ${rules.end_score} after round ${view.round}: ${lowest}`;
    },
    scoreRows(message) {
      const sums = message.view.outcome ? message.view.outcome.totals : totals(message.view);
      return sums.map((total, seat) => [seatName(message, seat), total]);
    },
    scoreHeading: "Total (lowest wins)",
    phaseWords: PHASE_WORDS,
  };
})();
