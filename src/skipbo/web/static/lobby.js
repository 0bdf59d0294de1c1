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

function currentRules() {
  const custom = customRules();
  if (custom === undefined) throw new Error("the rules document is not JSON");
  return custom || games[chosenGame()].presets[document.getElementById("preset").value];
}

// The game of the rules: a custom document names it ("game": "skyjo"); one written
// before documents named their game is told by its type ("skyjo-rules").
function rulesGame() {
  const custom = customRules();
  if (custom && typeof custom === "object") {
    if (typeof custom.game === "string" && custom.game in games) return custom.game;
    if (custom.type === "skyjo-rules" && "skyjo" in games) return "skyjo";
    if (custom.type === "rules" && custom.game === undefined && "skipbo" in games) return "skipbo";
  }
  return chosenGame();
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

function drawPresets() {
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
    input.addEventListener("change", drawPresets);
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
  document.getElementById("preset").addEventListener("change", drawSeats);
  document.getElementById("rules").addEventListener("input", drawSeats);
  document.getElementById("create").addEventListener("submit", create);
  drawPresets();
  document.body.dataset.ready = "true";
}

start();
