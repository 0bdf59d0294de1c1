// The lobby: choose a variant and who sits where, open the table, show the links.
"use strict";
let presets = {};
let bots = [];

function el(tag, text) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  return node;
}

function currentRules() {
  const custom = document.getElementById("rules").value.trim();
  return custom ? JSON.parse(custom) : presets[document.getElementById("preset").value];
}

function drawSeats() {
  const seats = document.getElementById("seats");
  seats.replaceChildren();
  let players = 2;
  try { players = currentRules().players; } catch (error) { /* shown on submit */ }
  for (let seat = 0; seat < players; seat++) {
    const label = el("label", `Seat ${seat} `);
    const select = el("select");
    select.className = "seat";
    for (const kind of ["human", ...bots]) {
      const option = el("option", kind === "human" ? "a person" : `bot: ${kind}`);
      option.value = kind;
      select.append(option);
    }
    const bot = bots.includes("heuristic") ? "heuristic" : "play-first";
    select.value = seat === 0 ? "human" : bot;
    label.append(select);
    seats.append(el("p"));
    seats.lastChild.append(label);
  }
}

async function create(event) {
  event.preventDefault();
  const notice = document.getElementById("notice");
  notice.textContent = "";
  let body;
  try {
    body = {
      rules: currentRules(),
      seats: [...document.querySelectorAll("select.seat")].map((s) => s.value),
      target: Number(document.getElementById("target").value),
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
    const item = el("li", `Seat ${seat.seat}: `);
    const link = el("a", new URL(seat.link, location.href).href);
    link.href = seat.link;
    link.className = "seat-link";
    item.append(link);
    list.append(item);
  }
  const item = el("li", "Spectators: ");
  const link = el("a", new URL(answer.spectate, location.href).href);
  link.href = answer.spectate;
  item.append(link);
  list.append(item);
  document.getElementById("links").hidden = false;
}

async function start() {
  const answer = await (await fetch("/api/presets")).json();
  presets = answer.games.skipbo.presets;
  bots = answer.games.skipbo.bots;
  const select = document.getElementById("preset");
  for (const name of Object.keys(presets)) {
    const option = el("option", name);
    option.value = name;
    select.append(option);
  }
  select.addEventListener("change", drawSeats);
  document.getElementById("rules").addEventListener("change", drawSeats);
  document.getElementById("create").addEventListener("submit", create);
  drawSeats();
}

start();
