// The web table: renders the pushed view of this seat and posts the moves clicked.
// It holds only what the server pushes (this seat's view); the seat's token stays in
// the address's #fragment, which browsers never send to a server.
"use strict";
const tableId = decodeURIComponent(location.pathname.split("/")[2]);
const token = location.hash.length > 1 ? location.hash.slice(1) : null;
let current = null; // the last "table" message
let selected = null; // the chosen source ("h5", "s0", "d0.1") awaiting a target
let retryDelay = 500;
let selectionShown = false; // equal hand cards share a name: only one shows as chosen

function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function cardName(card) {
  return card === 0 ? "SB" : String(card);
}

function cardElement(card, extra) {
  if (card === null || card === undefined) return el("div", "", `card empty ${extra || ""}`);
  const colour = card === 0 ? "wild" : card <= 4 ? "low" : card <= 8 ? "mid" : "high";
  const node = el("div", cardName(card), `card ${colour} ${extra || ""}`);
  node.dataset.card = String(card);
  return node;
}

function seatName(seat) {
  const kind = current.seats[seat];
  const who = kind === "human" ? `Seat ${seat}` : `Seat ${seat} (bot: ${kind})`;
  return seat === current.seat ? `${who}, you` : who;
}

// A pile a card can come from: clickable when some legal move starts with it.
function source(node, name) {
  node.dataset.source = name;
  const legal = current.legal.some((move) => move.startsWith(`${name}>`));
  if (legal) {
    node.classList.add("legal");
    clickable(node);
  }
  if (selected === name && !selectionShown) {
    node.classList.add("selected");
    selectionShown = true;
  }
  node.addEventListener("click", (event) => {
    // With a card chosen, a click on a pile it may go onto plays it there.
    const onto = node.parentElement && node.parentElement.closest("[data-target]");
    if (selected !== null && onto && current.legal.includes(`${selected}>${onto.dataset.target}`)) {
      return;
    }
    event.stopPropagation();
    choose(name);
  });
  return node;
}

// A pile a card can go onto: highlighted when the selected card may go there.
function target(node, name) {
  node.dataset.target = name;
  if (selected !== null && current.legal.includes(`${selected}>${name}`)) {
    node.classList.add("legal", "drop");
    clickable(node);
  }
  node.addEventListener("click", () => {
    if (selected !== null && current.legal.includes(`${selected}>${name}`)) {
      play(`${selected}>${name}`);
    }
  });
  return node;
}

// Legal sources and targets can be chosen with the keyboard too (Tab, then Enter).
function clickable(node) {
  node.tabIndex = 0;
  node.setAttribute("role", "button");
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      node.click();
    }
  });
}

function choose(name) {
  if (!current.legal.some((move) => move.startsWith(`${name}>`))) return;
  selected = selected === name ? null : name;
  render();
}

async function post(path, body) {
  const notice = document.getElementById("notice");
  notice.textContent = "";
  let response;
  try {
    response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  } catch (error) {
    notice.textContent = "The server cannot be reached; the table comes back when it does.";
    return;
  }
  if (!response.ok) {
    const answer = await response.json().catch(() => ({ error: response.statusText }));
    // A stale version (409) only means the table moved on: the next push redraws it.
    if (response.status !== 409) notice.textContent = answer.error;
  }
}

function play(move) {
  selected = null;
  const version = current.version;
  current = { ...current, legal: [] }; // no second click until the next push
  render();
  post("moves", { move, version });
}

function discardSet(set, mine) {
  const row = el("div", null, "row");
  current.view.discards[set].forEach((pile, index) => {
    const node = el("div", null, "pile discard");
    node.dataset.pile = `d${set}.${index}`;
    const cards = el("div", null, "fan");
    pile.forEach((card) => cards.append(cardElement(card, "small-card")));
    if (pile.length === 0) cards.append(cardElement(null));
    node.append(cards);
    const top = cards.lastChild;
    if (pile.length > 0) source(top, `d${set}.${index}`);
    if (mine) target(node, `d${index}`);
    row.append(node);
  });
  return row;
}

function stock(index) {
  const node = el("div", null, "pile stock");
  node.append(cardElement(current.view.stock_tops[index], "stock-top"));
  node.append(el("span", `${current.view.stock_sizes[index]} left`, "count"));
  return node;
}

function renderOthers() {
  const others = document.getElementById("others");
  others.replaceChildren();
  const seats = current.seats.map((_, seat) => seat).filter((seat) => seat !== current.seat);
  for (const seat of seats) {
    const area = el("div", null, "player");
    if (seat === current.view.current_player) area.classList.add("to-move");
    area.append(el("h3", seatName(seat)));
    const row = el("div", null, "row");
    const stockIndex = current.seating.seat_stock[seat];
    const node = stock(stockIndex);
    source(node.firstChild, `s${stockIndex}`); // a partner's stock may be playable
    row.append(node);
    row.append(discardSet(current.seating.seat_discards[seat], false));
    area.append(row);
    const held = current.view.hand_sizes[seat];
    area.append(el("p", `${held} ${held === 1 ? "card" : "cards"} in hand`, "small"));
    others.append(area);
  }
}

function renderCentre() {
  const builds = document.getElementById("builds");
  builds.replaceChildren();
  current.view.builds.forEach((pile, index) => {
    const node = el("div", null, "pile build");
    node.append(cardElement(pile.length ? pile[pile.length - 1] : null));
    node.append(el("span", pile.length ? `${pile.length} on it` : "empty", "count"));
    builds.append(target(node, `b${index}`));
  });
  const view = current.view;
  document.getElementById("draw").textContent =
    `Draw pile: ${view.draw_pile_size} cards, set aside: ${view.completed_count}`;
}

function renderMine() {
  const view = current.view;
  const title = document.getElementById("mine-title");
  const hand = document.getElementById("hand");
  const myStock = document.getElementById("my-stock");
  const myDiscards = document.getElementById("my-discards");
  hand.replaceChildren();
  myStock.replaceChildren();
  myDiscards.replaceChildren();
  if (current.seat === null) {
    title.textContent = "You are watching";
    return;
  }
  title.textContent = seatName(current.seat);
  const stockIndex = current.seating.seat_stock[current.seat];
  const node = stock(stockIndex);
  source(node.firstChild, `s${stockIndex}`);
  myStock.append(node);
  myDiscards.append(discardSet(current.seating.seat_discards[current.seat], true));
  for (const card of view.hand) hand.append(source(cardElement(card), `h${cardName(card).replace("SB", "W")}`));
  document.getElementById("pass").hidden = !current.legal.includes("pass");
}

function outcomeText(outcome) {
  const winners = outcome.winners.map((seat) => `seat ${seat}`).join(" and ");
  const how = { "stock-emptied": "emptied the stock", blocked: "blocked", "turn-limit": "turn limit" };
  return winners ? `${winners} won (${how[outcome.termination]})` : `no winner (${how[outcome.termination]})`;
}

function renderMatch() {
  const scores = current.scores.map((score, team) => `${team}: ${score}`).join(", ");
  const teams = current.view.rules.teams ? "Team scores" : "Scores";
  document.getElementById("scores").textContent =
    `Game ${current.game}. ${teams} (target ${current.target}): ${scores}`;
  const outcome = document.getElementById("outcome");
  const view = current.view;
  outcome.textContent = view.outcome ? `Game over: ${outcomeText(view.outcome)}.` : "";
  if (current.match_winners.length) {
    outcome.textContent += ` The match is won by seat ${current.match_winners.join(" and ")}.`;
  }
  const records = document.getElementById("records");
  records.replaceChildren();
  for (const result of current.results) {
    const item = el("li");
    const link = el("a", `Record of game ${result.game} (JSON)`);
    link.href = `/api/tables/${encodeURIComponent(tableId)}/games/${result.game}/record`;
    item.append(link, ` ${outcomeText(result.outcome)}, ${result.points} points`);
    records.append(item);
  }
  const next = document.getElementById("next");
  next.hidden = !(view.outcome && current.seat !== null && !current.match_winners.length);
  const last = document.getElementById("last");
  last.replaceChildren();
  // The latest move first.
  for (const move of current.last) last.prepend(el("li", `${seatName(move.seat)}: ${move.move}`));
}

function render() {
  selectionShown = false;
  document.getElementById("table").hidden = false;
  const view = current.view;
  const status = document.getElementById("status");
  status.dataset.version = String(current.version);
  status.dataset.toMove = String(current.legal.length > 0);
  status.dataset.over = String(view.outcome !== null);
  status.textContent = view.outcome
    ? "Game over."
    : current.legal.length > 0
      ? selected === null
        ? "Your turn: choose a card."
        : "Now choose where it goes."
      : `Turn ${view.turn}: ${seatName(view.current_player)} to move.`;
  renderOthers();
  renderCentre();
  renderMine();
  renderMatch();
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/api/tables/${encodeURIComponent(tableId)}/ws`);
  socket.addEventListener("open", () => {
    retryDelay = 500;
    socket.send(JSON.stringify({ type: "hello", token }));
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "error") {
      document.getElementById("status").textContent = message.error;
      retryDelay = null; // refused: retrying would be refused again
    } else if (message.type === "table") {
      if (current === null || message.version !== current.version) selected = null;
      current = message;
      render();
    }
  });
  socket.addEventListener("close", () => {
    if (retryDelay === null) return;
    document.getElementById("status").textContent = "Connection lost, reconnecting…";
    setTimeout(connect, retryDelay);
    retryDelay = Math.min(retryDelay * 2, 10000);
  });
}

document.getElementById("pass").addEventListener("click", () => play("pass"));
document.getElementById("next").addEventListener("click", () => post("next", { version: current.version }));
connect();
