// What both games' boards share: making elements, and the registry of games.
// A game's board script registers itself in Games under its game_type ("skipbo",
// "skyjo"); table.js then draws whichever game the pushed message names.
"use strict";
const Games = {};

// An element with optional text (always as text, never as markup) and classes.
function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  if (className) node.className = className;
  return node;
}

// A labelled area of the board: a heading (h3) and its content.
function area(title, className, pile) {
  const node = el("div", null, `area ${className || ""}`);
  if (title) node.append(el("h3", title));
  if (pile) node.dataset.pile = pile;
  return node;
}

// "1 card", "3 cards".
function count(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// A name for people: "You", "Ada", "Bot 1".
function seatName(message, seat) {
  return seat === message.seat ? "You" : message.names[seat];
}

// "Ada's", "your".
function possessive(message, seat) {
  return seat === message.seat ? "your" : `${message.names[seat]}'s`;
}

// The winners of an outcome as a sentence subject: "You", "Bot 1", "You and Ada".
function winnersText(message, winners) {
  if (!winners.length) return "Nobody";
  const names = winners.map((seat) => seatName(message, seat));
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
