// Skip-Bo's board: build piles with the number each needs, every seat's stock and
// discard piles (fans capped, with a count), the hand with its playable cards marked.
// Moves are "<source>><target>" in the engine's notation: h5>b0, s1>b2, d0.3>b1, h7>d2.
"use strict";
(() => {
  const FAN = 4; // a discard pile shows at most its top FAN cards, and a count

  function cardName(card) {
    return card === 0 ? "SB" : String(card);
  }

  function spoken(card) {
    return card === 0 ? "a wild Skip-Bo card" : String(card);
  }

  function card(value, extra) {
    if (value === null || value === undefined) {
      const slot = el("div", "", `card empty ${extra || ""}`);
      slot.setAttribute("aria-hidden", "true");
      return slot;
    }
    const colour = value === 0 ? "wild" : value <= 4 ? "low" : value <= 8 ? "mid" : "high";
    const node = el("div", null, `card sb ${colour} v${value} ${extra || ""}`);
    node.append(el("span", cardName(value), "face"));
    node.dataset.card = String(value);
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", spoken(value));
    return node;
  }

  // Which build piles a source can go onto now (its legal moves).
  function buildTargets(message, source) {
    return message.legal.filter((m) => m.startsWith(`${source}>b`)).map((m) => m.split(">")[1]);
  }

  function needs(pile, rules) {
    return pile.length + 1 > rules.deck.highest ? null : pile.length + 1;
  }

  function discardSet(message, ui, set, mine, owner) {
    const row = el("div", null, "row discards");
    message.view.discards[set].forEach((pile, index) => {
      const key = `d${set}.${index}`;
      const node = el("div", null, "pile discard");
      node.dataset.pile = key;
      const fan = el("div", null, "fan");
      const shown = pile.slice(-FAN);
      if (pile.length > shown.length) {
        fan.append(el("span", `+${pile.length - shown.length} more`, "more"));
      }
      shown.forEach((value) => fan.append(card(value)));
      if (pile.length === 0) fan.append(card(null));
      node.append(fan);
      const label = `${owner} discard pile ${index + 1}`;
      // Labelled as the words say it ("discard pile 2"), as the build piles are.
      node.append(el("span", `pile ${index + 1}`, "count"));
      node.append(el("span", pile.length ? count(pile.length, "card") : "empty", "count"));
      if (pile.length > 0) {
        const top = fan.lastChild;
        ui.source(top, key, `${spoken(pile.at(-1))} on top of ${label}`);
      }
      if (mine) ui.target(node, `d${index}`, label);
      row.append(node);
    });
    return row;
  }

  function stock(message, ui, seat, owner) {
    const index = message.seating.seat_stock[seat];
    const view = message.view;
    const node = el("div", null, "pile stock");
    node.dataset.pile = `s${index}`;
    const top = view.stock_tops[index];
    const face = card(top, "stock-top");
    node.append(face);
    node.append(el("span", `${view.stock_sizes[index]} left`, "count"));
    if (top !== null) {
      ui.source(face, `s${index}`, `${spoken(top)} on top of ${owner} stock`);
    }
    return node;
  }

  function player(message, ui, seat) {
    const view = message.view;
    const mine = seat === message.seat;
    const owner = possessive(message, seat);
    const moving = seat === view.current_player && !view.outcome; // nobody moves after the game
    const box = el("section", null, `player${moving ? " to-move" : ""}`);
    box.dataset.pile = `seat${seat}`;
    const title = mine ? "You" : message.names[seat];
    const team = message.seating.seat_team[seat];
    const heading = el("h2", view.rules.teams ? `${title} (team ${team + 1})` : title);
    if (moving) heading.append(el("span", " · to move", "turn-mark"));
    box.setAttribute("aria-label", `${title}'s piles`);
    box.append(heading);
    const row = el("div", null, "row");
    const stockArea = area(`${mine ? "Your" : `${message.names[seat]}'s`} stock`, "stock-area");
    stockArea.append(stock(message, ui, seat, owner));
    row.append(stockArea);
    const discards = area("Discard piles", "discard-area");
    discards.append(discardSet(message, ui, message.seating.seat_discards[seat], mine, owner));
    row.append(discards);
    box.append(row);
    if (mine && view.hand !== null) {
      box.append(hand(message, ui));
    } else {
      const held = view.hand_sizes[seat];
      const note = el("p", `${count(held, "card")} in hand`, "small");
      note.dataset.pile = `hand${seat}`;
      box.append(note);
    }
    return box;
  }

  function hand(message, ui) {
    const view = message.view;
    const handArea = area("Your hand", "hand-area", `hand${message.seat}`);
    const row = el("div", null, "row hand");
    row.id = "hand";
    view.hand.forEach((value) => {
      const node = card(value, "in-hand");
      const source = `h${cardName(value) === "SB" ? "W" : value}`;
      const builds = buildTargets(message, source);
      if (message.legal.length) {
        node.classList.add(builds.length ? "playable" : "discard-only");
        node.append(el("span", builds.length ? "▲ build" : "discard", "tag"));
      }
      const use = builds.length
        ? `can go on build pile ${builds.map((b) => Number(b.slice(1)) + 1).join(" or ")}`
        : "can only be discarded";
      ui.source(node, source, `${spoken(value)} in your hand, ${message.legal.length ? use : ""}`);
      row.append(node);
    });
    if (!view.hand.length) row.append(el("p", "Your hand is empty.", "small"));
    handArea.append(row);
    return handArea;
  }

  function centre(message, ui) {
    const view = message.view;
    const box = el("section", null, "centre");
    box.setAttribute("aria-label", "Build piles");
    box.append(el("h2", "Build piles"));
    const row = el("div", null, "row builds");
    view.builds.forEach((pile, index) => {
      const node = el("div", null, "pile build");
      node.dataset.pile = `b${index}`;
      node.append(card(pile.length ? pile.at(-1) : null));
      const next = needs(pile, view.rules);
      node.append(el("span", `pile ${index + 1}`, "count"));
      node.append(el("span", next === null ? "complete" : `needs ${next}`, "needs"));
      const label = `build pile ${index + 1}, ${pile.length ? `${pile.length} on it` : "empty"}, needs ${next}`;
      ui.target(node, `b${index}`, label);
      row.append(node);
    });
    box.append(row);
    box.append(
      el(
        "p",
        `Draw pile: ${count(view.draw_pile_size, "card")} · set aside: ${view.completed_count}`,
        "small",
      ),
    );
    return box;
  }

  Games.skipbo = {
    title: "Skip-Bo",
    rules: [
      "Empty your stock pile first to win. Only its top card is playable.",
      "Build piles start with 1 and go up to 12; each shows the number it needs.",
      "A Skip-Bo card (SB) is wild: it stands for the number the pile needs.",
      "Play from your hand, your stock or the top of your discard piles.",
      "Your turn ends when you discard a hand card onto one of your discard piles.",
      "Choose a card, then where it goes; or drag it there. Keys: Tab to move, Enter to choose.",
    ],
    render(message, ui) {
      const board = document.getElementById("board");
      const order = message.seats.map((_, seat) => seat);
      const others = order.filter((seat) => seat !== message.seat);
      const top = el("div", null, "others");
      others.forEach((seat) => top.append(player(message, ui, seat)));
      board.append(top, centre(message, ui));
      if (message.seat !== null) board.append(player(message, ui, message.seat));
    },
    sourceLegal(message, source) {
      return message.legal.some((move) => move.startsWith(`${source}>`));
    },
    resolve(message, source, target) {
      return { play: `${source}>${target}` };
    },
    defaultSource() {
      return null;
    },
    prompt(message, selected) {
      if (message.legal.includes("pass")) return "Your hand is empty: pass to end your turn.";
      if (selected === null) {
        return "Your turn: choose a card (▲ marks hand cards that can go on a build pile).";
      }
      return "Now choose where it goes: a build pile, or a discard pile to end your turn.";
    },
    // What a hint outlines on the board: the card to play and where it goes.
    hintNodes(message, move) {
      if (move === "pass") return [document.getElementById("pass")];
      const [from, to] = move.split(">");
      const board = document.getElementById("board");
      return [
        board.querySelector(`[data-source="${CSS.escape(from)}"]`),
        board.querySelector(`[data-target="${CSS.escape(to)}"]`),
      ];
    },
    // Where the card of a move came from and went to (the keys of data-pile).
    piles(message, entry) {
      const [from, to] = entry.move.split(">");
      if (to === undefined) return { from: null, to: null, changed: [] };
      const source = from[0] === "h" ? `hand${entry.seat}` : from;
      const target = to[0] === "b" ? to : `d${message.seating.seat_discards[entry.seat]}.${to.slice(1)}`;
      return { from: source, to: target, changed: [source, target] };
    },
    // How the game ended, as a sentence with its subject ("You emptied your stock").
    endHow(message, outcome) {
      const rules = message.view.rules;
      const who = winnersText(message, outcome.winners);
      const whose = outcome.winners.includes(message.seat) ? "your" : "their";
      const how = {
        "stock-emptied": `${who} emptied ${whose} stock`,
        blocked: "The game was blocked: nobody could play or discard",
        "turn-limit": `The game reached its limit of ${rules.turn_limit} turns`,
        stalled: `The game ended as stalled: nobody played a stock card in ${count(rules.stall_limit, "turn")}`,
      };
      return how[outcome.termination] || `The game ended (${outcome.termination})`;
    },
    scoreRows(message) {
      const teams = message.view.rules.teams;
      if (teams) {
        return teams.map((seats, team) => [
          `Team ${team + 1} (${seats.map((s) => seatName(message, s)).join(", ")})`,
          message.scores[team],
        ]);
      }
      return message.scores.map((score, seat) => [seatName(message, seat), score]);
    },
    scoreHeading: "Match points",
  };
})();
