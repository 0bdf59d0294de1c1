// The lobby: choose the game, a variant and who sits where, open the table, show the links.
"use strict";
let games = {}; // per game: its name, variants (rules documents), bots and match target

function el(tag, text) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  return node;
}

// A button that copies ``text`` (an invite link) and says so on itself.
function copyButton(text, label) {
  const button = el("button", "Copy");
  button.type = "button";
  button.className = "secondary copy";
  button.setAttribute("aria-label", label);
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = "Copied";
    } catch (error) {
      button.textContent = "Copy it by hand";
    }
  });
  return button;
}

// A choice of seconds ("" is none).
function seconds(id) {
  const value = document.getElementById(id).value;
  return value === "" ? null : Number(value);
}

function chosenGame() {
  return document.querySelector("input[name=game]:checked").value;
}

// The custom rules document, if one is typed (and reads as JSON), else null.
function customRules() {
  const text = document.getElementById("rules").value.trim();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch (error) {
    return undefined; // not JSON (yet): said on submit
  }
}

// The limits that end every game (issue 61), per rules field: what the lobby calls them.
const BOUNDS = {
  turn_move_limit: { skipbo: "Moves in one turn, at most" },
  stall_limit: {
    skipbo: "Turns without a stock card played before the game ends as stalled",
    skyjo: "Turns in a row without a card turned up before the round ends",
  },
  round_limit: { skyjo: "Rounds, at most" },
};

// The variant chosen in the lobby (without the limits' fields set by their controls).
function presetRules() {
  return games[chosenGame()].presets[document.getElementById("preset").value];
}

// The limits as their controls say ("" is none: null lifts the bound).
function boundValues() {
  const values = {};
  for (const input of document.querySelectorAll("#bounds input")) {
    values[input.dataset.field] = input.value === "" ? null : Number(input.value);
  }
  return values;
}

function currentRules() {
  const custom = customRules();
  if (custom === undefined) throw new Error("the rules document is not JSON");
  // A rules document is posted as typed: its limits' controls write into it.
  return custom || { ...presetRules(), ...boundValues() };
}

// The game of a rules document: it names it ("game": "skyjo"); one written before
// documents named their game is told by its type ("skyjo-rules"). null: no game's.
function documentGame(custom) {
  if (custom && typeof custom === "object") {
    if (typeof custom.game === "string" && custom.game in games) return custom.game;
    if (custom.type === "skyjo-rules" && "skyjo" in games) return "skyjo";
    if (custom.type === "rules" && custom.game === undefined && "skipbo" in games) return "skipbo";
  }
  return null;
}

function rulesGame() {
  return documentGame(customRules()) || chosenGame();
}

// JSON with its object keys in order: two documents equal as data read the same.
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

// The limits' controls of the rules ``rules`` (the fields its game has), set to its values.
function drawBounds(rules) {
  const box = document.getElementById("bounds");
  box.replaceChildren();
  const game = documentGame(rules) || chosenGame();
  for (const [field, labels] of Object.entries(BOUNDS)) {
    if (!(field in rules) || !labels[game]) continue;
    const row = el("p");
    const input = el("input");
    input.type = "number";
    input.min = "1";
    input.id = `bound-${field}`;
    input.dataset.field = field;
    input.value = rules[field] === null ? "" : String(rules[field]);
    input.addEventListener("input", boundChanged);
    const label = el("label", labels[game]);
    label.htmlFor = input.id;
    row.append(label, " ", input);
    box.append(row);
  }
}

// A limit changed while a rules document is typed: the document says the new limit.
function boundChanged() {
  const custom = customRules();
  if (!custom || typeof custom !== "object") return;
  Object.assign(custom, boundValues());
  document.getElementById("rules").value = JSON.stringify(custom);
}

// A rules document typed or pasted sets the lobby's controls: its game, the variant it
// is (or "the rules document"), its limits and its seats; nothing contradicts it.
function documentTyped() {
  const custom = customRules();
  const note = document.getElementById("rules-note");
  const game = documentGame(custom);
  if (!custom || !game) {
    if (custom === null) drawPresets(); // the document was cleared: back to the variants
    else note.textContent = custom === undefined ? "" : "The rules document is not of a game this table plays.";
    drawSeats();
    return;
  }
  document.getElementById(`game-${game}`).checked = true;
  const select = document.getElementById("preset");
  const presets = games[game].presets;
  const same = Object.keys(presets).find((name) => canonical(presets[name]) === canonical(custom));
  drawPresets({ keepDocument: true });
  if (same) {
    select.value = same;
    note.textContent = `The rules document is the variant "${same}".`;
  } else {
    const option = el("option", "the rules document");
    option.value = "";
    select.append(option);
    select.value = "";
    note.textContent = "The table plays the rules document.";
  }
  drawBounds(custom);
  drawSeats();
}

// Another game or variant chosen: a rules document typed before gives way to it.
function setDocumentAside() {
  const note = document.getElementById("rules-note");
  note.textContent = "";
  if (!document.getElementById("rules").value.trim()) return;
  document.getElementById("rules").value = "";
  note.textContent = "The rules document was set aside for the variant chosen.";
}

// The seats are redrawn only when their number or game changes, and while typing:
// never when the rules box loses focus (that moved the button under a first click).
function drawSeats() {
  const seats = document.getElementById("seats");
  let players = 2;
  try {
    players = currentRules().players || 2;
  } catch (error) {
    return; // shown on submit
  }
  const game = rulesGame();
  if (seats.dataset.players === String(players) && seats.dataset.game === game) return;
  seats.dataset.players = String(players);
  seats.dataset.game = game;
  seats.replaceChildren();
  const bots = games[game].bots;
  for (let seat = 0; seat < players; seat++) {
    const row = el("p");
    const label = el("label", `Seat ${seat + 1}`);
    const select = el("select");
    select.className = "seat";
    select.id = `seat-${seat}`;
    label.htmlFor = select.id;
    for (const kind of ["human", ...bots]) {
      const option = el("option", kind === "human" ? "a person" : `bot: ${kind}`);
      option.value = kind;
      select.append(option);
    }
    select.value = seat === 0 ? "human" : bots.includes("heuristic") ? "heuristic" : bots[0];
    row.append(label, " ", select);
    seats.append(row);
  }
  document.getElementById("target-row").hidden = games[game].target === null;
}

function drawPresets(how = {}) {
  const game = games[chosenGame()];
  const select = document.getElementById("preset");
  select.replaceChildren();
  for (const name of Object.keys(game.presets)) {
    const option = el("option", name);
    option.value = name;
    select.append(option);
  }
  if (game.target !== null) document.getElementById("target").value = String(game.target);
  document.getElementById("rules").placeholder = JSON.stringify(Object.values(game.presets)[0]);
  if (how.keepDocument) return;
  drawBounds(presetRules());
  drawSeats();
}

async function create(event) {
  event.preventDefault();
  const notice = document.getElementById("notice");
  notice.textContent = "";
  let body;
  try {
    const game = games[rulesGame()];
    body = {
      rules: currentRules(),
      seats: [...document.querySelectorAll("select.seat")].map((s) => s.value),
      target: game.target === null ? null : Number(document.getElementById("target").value),
      options: {
        turn_seconds: seconds("turn-timer"),
        away_seconds: seconds("away-after"),
        spectator_chat: document.getElementById("spectator-chat").checked,
      },
    };
  } catch (error) {
    notice.textContent = `The rules are not JSON: ${error.message}`;
    return;
  }
  const response = await fetch("/api/tables", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) {
    notice.textContent = answer.error;
    return;
  }
  const list = document.getElementById("link-list");
  list.replaceChildren();
  for (const seat of answer.seats) {
    if (seat.link === null) continue;
    const item = el("li", `Seat ${seat.seat + 1}: `);
    const link = el("a", new URL(seat.link, location.href).href);
    link.href = seat.link;
    link.className = "seat-link";
    item.append(link, " ", copyButton(link.textContent, `Copy the link of seat ${seat.seat + 1}`));
    list.append(item);
  }
  const item = el("li", "Spectators: ");
  const link = el("a", new URL(answer.spectate, location.href).href);
  link.href = answer.spectate;
  link.className = "spectate-link";
  item.append(link, " ", copyButton(link.textContent, "Copy the spectators' link"));
  list.append(item);
  document.getElementById("links").hidden = false;
  // On a phone the links come below the screen: bring them into sight, and say so.
  const title = document.getElementById("links-title");
  title.scrollIntoView({ block: "start" });
  title.focus({ preventScroll: true });
}

async function start() {
  games = (await (await fetch("/api/presets")).json()).games;
  const box = document.getElementById("games");
  Object.entries(games).forEach(([name, game], index) => {
    const label = el("label");
    const input = el("input");
    input.type = "radio";
    input.name = "game";
    input.value = name;
    input.id = `game-${name}`;
    input.checked = index === 0;
    input.addEventListener("change", () => {
      setDocumentAside();
      drawPresets();
    });
    label.append(input, ` ${game.name}`);
    box.append(label);
  });
  // Each game's rules help, in a new tab so that the form keeps what was chosen.
  const help = document.getElementById("game-rules");
  help.append("How to play:");
  Object.entries(games).forEach(([name, game], index) => {
    const link = el("a", game.name);
    link.href = `/rules/${name}`;
    link.target = "_blank";
    help.append(index ? ", " : " ", link);
  });
  help.append(" (each opens a new tab)");
  document.getElementById("preset").addEventListener("change", () => {
    if (document.getElementById("preset").value === "") return;
    setDocumentAside();
    drawBounds(presetRules());
    drawSeats();
  });
  document.getElementById("rules").addEventListener("input", documentTyped);
  document.getElementById("create").addEventListener("submit", create);
  drawPresets();
  document.body.dataset.ready = "true";
}

start();
