// The web table: draws the pushed view of this seat (the game's board script draws
// the board), says every move in words, shows the last one travelling on the board,
// paces the others' moves, and posts the moves chosen by click, drag or keyboard.
// It holds only what the server pushes (this seat's view). The seat's token comes in
// the address's #fragment (browsers never send it to a server); the page keeps it for
// this tab and takes it out of the address bar, so a shared screenshot or address
// does not give the seat away ("Copy my seat link" moves the seat to another device).
"use strict";
const tableId = decodeURIComponent(location.pathname.split("/")[2]);
const SEAT_KEY = `seat-token:${tableId}`;

// The token of the address's #fragment (kept for this tab), else the one kept before.
function takeToken() {
  if (location.hash.length > 1) {
    const found = location.hash.slice(1);
    sessionStorage.setItem(SEAT_KEY, found);
    history.replaceState(null, "", location.pathname + location.search);
    return found;
  }
  return sessionStorage.getItem(SEAT_KEY);
}

let token = takeToken();
let socket = null;
let shown = null; // the "table" message on the screen
let queue = []; // messages pushed and not shown yet (the others' moves are paced)
let timer = null;
let selected = null; // the chosen source ("h5", "s0", "d0.1", "held", "g3") awaiting a target
let retryDelay = 500;
let dragged = false; // a drag just ended: the click that follows it is no choice
let changedPiles = [];
let hinted = null; // the hint asked for: its move and the play version it is for
const PACE_KEY = "table-pace";
let pace = Number(localStorage.getItem(PACE_KEY) ?? 1400);
const SOUND_KEY = "turn-sound"; // "on": a short tone when this seat's turn begins
let audio = null; // the page's AudioContext, made on first need
let ownTurn = null; // whether this seat's turn is on (null: nothing shown yet)
let sentChat = ""; // a spectator's last line sent on the socket, given back if refused

const $ = (id) => document.getElementById(id);
const game = () => Games[shown.game_type];

function legal(move) {
  return shown.legal.includes(move);
}

// --- what a game's board script marks --------------------------------------------------

// A control named by its visible text, then what it is, for screen readers (the name
// begins with what is seen, so speech control can use it).
function focusable(node, label) {
  node.tabIndex = 0;
  node.setAttribute("role", "button");
  node.removeAttribute("aria-label");
  for (const part of node.querySelectorAll(".face, .tag, .corner, .count, .needs")) {
    if (!part.textContent.startsWith(" ")) part.textContent = ` ${part.textContent}`;
  }
  node.append(el("span", `: ${label}`, "sr-only"));
}

let selectionShown = false; // equal hand cards share a name: only one shows as chosen
const ui = {
  source(node, name, label) {
    node.dataset.source = name;
    node.setAttribute("aria-label", label);
    if (shown.legal.length && game().sourceLegal(shown, name)) {
      node.classList.add("legal");
      const chosen = selected === name && !selectionShown;
      if (chosen) {
        node.classList.add("selected");
        selectionShown = true;
      }
      focusable(node, `${label}${chosen ? " (chosen)" : ""}`);
      node.setAttribute("aria-pressed", String(chosen));
    }
  },
  target(node, name, label) {
    node.dataset.target = name;
    if (selected === null || !shown.legal.length) return;
    const resolved = game().resolve(shown, selected, name);
    if ((resolved.play && legal(resolved.play)) || resolved.select) {
      node.classList.add("drop");
      if (node.getAttribute("role") !== "button") focusable(node, `${label}: put it here`);
    }
  },
  action(node, move, label) {
    node.dataset.action = move;
    if (legal(move)) {
      node.classList.add("legal");
      focusable(node, label);
    }
  },
};

// --- choosing and playing ---------------------------------------------------------------

function activate(node) {
  if (!shown || !shown.legal.length) return;
  const action = node.closest("[data-action]");
  if (action && action.classList.contains("legal")) return play(action.dataset.action);
  if (selected !== null) {
    const onto = node.closest("[data-target]");
    if (onto) {
      const resolved = game().resolve(shown, selected, onto.dataset.target);
      if (resolved.play && legal(resolved.play)) return play(resolved.play);
      if (resolved.select) return choose(resolved.select);
      const again = node.closest("[data-source]");
      if (resolved.play && !(again && again.classList.contains("legal"))) return whyNot(onto, resolved.play);
    }
  }
  const source = node.closest("[data-source]");
  if (source && source.classList.contains("legal")) {
    choose(selected === source.dataset.source ? game().defaultSource(shown) : source.dataset.source);
  }
}

function choose(source) {
  selected = source;
  render();
  const first = document.querySelector("#board .drop") || document.querySelector("#board .selected");
  if (first && document.activeElement === document.body) first.focus();
  if (first && document.activeElement && document.activeElement.closest("#board")) first.focus();
}

// A refusal as a person reads it: no route or field prefix ("/name: ..."), the field
// said in words instead, a capital and a full stop. The server's words stay the API's.
const SUBJECTS = { "/name": "The name", "/text": "The message" };
function forPeople(text) {
  let words = String(text || "");
  const found = /^(\/[\w/]*): (.*)$/s.exec(words);
  if (found) words = SUBJECTS[found[1]] ? `${SUBJECTS[found[1]]} ${found[2]}` : found[2];
  words = words.charAt(0).toUpperCase() + words.slice(1);
  return /[.!?)]$/.test(words) ? words : `${words}.`;
}

async function post(path, body, method = "POST") {
  $("notice").textContent = "";
  let response;
  try {
    response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/${path}`, {
      method,
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: body === null ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    $("notice").textContent = "The server cannot be reached; the table comes back when it does.";
    return null;
  }
  const answer = await response.json().catch(() => ({ error: response.statusText }));
  // A stale version (409) only means the table moved on: the next push redraws it.
  if (!response.ok && response.status !== 409) $("notice").textContent = forPeople(answer.error);
  return response.ok ? answer : null;
}

async function play(move) {
  selected = null;
  hinted = null;
  $("hint-text").textContent = "";
  delete $("hint-text").dataset.move;
  const version = shown.version;
  const before = shown;
  shown = { ...shown, legal: [] }; // no second move until the next push
  render();
  const answer = await post("moves", { move, version });
  // Not played (the server cannot be reached, or refused it) and nothing pushed since:
  // the turn is the person's still, and the page says so again.
  if (!answer && shown.version === version && !shown.legal.length) {
    shown = { ...shown, legal: before.legal };
    render();
  }
}

// A pile tapped where the chosen card cannot go: outlined, and the server's reason,
// in the board's words, said in the notice (the move is refused, nothing changes).
async function whyNot(node, move) {
  for (const old of document.querySelectorAll("#board .refused")) old.classList.remove("refused");
  const key = node.dataset.target;
  await post("moves", { move, version: shown.version });
  const again = document.querySelector(`#board [data-target="${CSS.escape(key)}"]`);
  if (!again || !$("notice").textContent) return;
  again.classList.add("refused");
  again.append(el("span", "not here", "badge refused-mark"));
  again.setAttribute("aria-describedby", "notice");
}

async function hint() {
  const answer = await post("hint", null, "GET");
  if (!answer) return;
  const words = answer.words.charAt(0).toUpperCase() + answer.words.slice(1);
  $("hint-text").textContent = `Hint: ${words}.`;
  $("hint-text").dataset.move = answer.move;
  hinted = { move: answer.move, at: shown.play_version };
  render();
}

// The hint on the board as well as in words: its card and target outlined, marked "hint".
function markHint() {
  if (!hinted || hinted.at !== shown.play_version || !legal(hinted.move)) return;
  for (const node of game().hintNodes(shown, hinted.move)) {
    if (!node) continue;
    node.classList.add("hinted");
    if (node.closest("#board")) node.append(el("span", "hint", "badge hint-mark"));
  }
}

// Dragging a card: press on a card that may move, let go over where it goes.
let press = null;
function onPointerDown(event) {
  const source = event.target.closest("[data-source].legal");
  if (!source || event.button !== 0) return;
  press = { x: event.clientX, y: event.clientY, source: source.dataset.source, node: source, ghost: null };
}

function onPointerMove(event) {
  if (!press) return;
  if (!press.ghost) {
    if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < 8) return;
    press.ghost = ghostOf(press.node);
    document.body.append(press.ghost);
    if (selected !== press.source) {
      selected = press.source;
      render();
    }
  }
  const rect = press.ghost.getBoundingClientRect();
  press.ghost.style.left = `${event.clientX - rect.width / 2}px`;
  press.ghost.style.top = `${event.clientY - rect.height / 2}px`;
  event.preventDefault();
}

function onPointerUp(event) {
  if (!press) return;
  const drag = press;
  press = null;
  if (!drag.ghost) return; // a click: the click handler chooses
  drag.ghost.remove();
  dragged = true;
  setTimeout(() => (dragged = false), 0);
  const under = document.elementFromPoint(event.clientX, event.clientY);
  const onto = under && under.closest("[data-target]");
  if (onto) {
    const resolved = game().resolve(shown, selected, onto.dataset.target);
    if (resolved.play && legal(resolved.play)) return play(resolved.play);
    if (resolved.select) return choose(resolved.select);
  }
  selected = game().defaultSource(shown);
  render();
}

// A copy of a card to move over the page: no data of its own, hidden from screen readers.
function ghostOf(node) {
  const ghost = node.cloneNode(true);
  for (const copy of [ghost, ...ghost.querySelectorAll("*")]) {
    for (const name of Object.keys(copy.dataset)) delete copy.dataset[name];
    copy.removeAttribute("id");
    copy.removeAttribute("tabindex");
    copy.removeAttribute("role");
    copy.removeAttribute("aria-label");
    copy.removeAttribute("aria-pressed");
  }
  for (const hidden of ghost.querySelectorAll(".sr-only")) hidden.remove();
  ghost.classList.remove("legal", "selected", "drop", "changed");
  ghost.classList.add("flying");
  ghost.setAttribute("aria-hidden", "true");
  return ghost;
}

// --- following the play -----------------------------------------------------------------

// "seat 1 plays 5 ..." said with the seat's name; a sentence that names nobody gets one.
function spoken(message, entry) {
  let words = entry.words.replace(/\bseat (\d+)('s)?/g, (_, seat, own) => {
    const name = message.names[Number(seat)];
    return own ? `${name}'s` : name;
  });
  const who = seatName(message, entry.seat);
  if (!words.startsWith(who)) words = `${who}: ${words}`;
  if (entry.stand_in) words += ` (a bot played for ${who === "You" ? "you" : who})`;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function snapshot() {
  const rects = {};
  for (const node of document.querySelectorAll("#board [data-pile]")) {
    rects[node.dataset.pile] = node.getBoundingClientRect();
  }
  return rects;
}

function pileNode(key) {
  return key === null ? null : document.querySelector(`#board [data-pile="${CSS.escape(key)}"]`);
}

// The card of the last move travels from its source to its target.
function fly(from, to) {
  const target = pileNode(to);
  if (!from || !target || pace === 0) return;
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const cards = target.classList.contains("card") ? [target] : target.querySelectorAll(".card");
  const face = cards[cards.length - 1];
  if (!face) return;
  const end = face.getBoundingClientRect();
  const ghost = ghostOf(face);
  // The card's own box and figure size: away from a compact box's style, a copy of a
  // small card would be drawn full height over the box's labels.
  Object.assign(ghost.style, {
    left: `${end.left}px`,
    top: `${end.top}px`,
    width: `${end.width}px`,
    height: `${end.height}px`,
    minHeight: "0",
    fontSize: getComputedStyle(face).fontSize,
  });
  document.body.append(ghost);
  const dx = from.left + from.width / 2 - (end.left + end.width / 2);
  const dy = from.top + from.height / 2 - (end.top + end.height / 2);
  const motion = ghost.animate(
    [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }],
    { duration: Math.min(600, Math.max(250, pace / 2)), easing: "ease-in-out" },
  );
  motion.onfinish = () => ghost.remove();
}

function markChanged() {
  for (const key of changedPiles) {
    const node = pileNode(key);
    if (!node) continue;
    node.classList.add("changed");
    node.append(el("span", "new", "badge"));
  }
}

function newMoves(before, message) {
  if (!before || before.game !== message.game) return message.last;
  const seen = before.last.length ? before.last.at(-1).number : 0;
  return message.last.filter((entry) => entry.number > seen);
}

function show(message) {
  const before = shown;
  const rects = snapshot();
  // A new name changes no card: the chosen card stays chosen (a move chosen at any
  // version since the last move or deal is still current).
  if (!before || before.play_version !== message.play_version || before.game !== message.game) {
    selected = Games[message.game_type].defaultSource(message);
  }
  shown = message;
  const stored = localStorage.getItem(NAME_KEY);
  if (!before && stored && message.seat !== null && DEFAULT_NAME.test(message.names[message.seat])) {
    rename(stored); // the name this browser chose (and had accepted) at another table
  }
  const fresh = newMoves(before, message);
  // The seat's turn begins once: the pushes within it (a Skyjo draw, a rename, a
  // chat line, a move posted and not yet pushed) are the same turn.
  const turn = message.legal.length > 0 && message.view.outcome === null ? turnKey(message) : null;
  const turnBegins = turn !== null && turn !== lastTurn;
  if (turn !== null) lastTurn = turn;
  const turnPassed = before && mineToMove(before) && !mineToMove(message) && message.view.outcome === null;
  // A new round deals new cards: the last round's "new" marks would mislabel them.
  const newRound = before && before.view.round !== message.view.round;
  const latest = newRound ? undefined : fresh.at(-1);
  const notes = Games[message.game_type].notes ? Games[message.game_type].notes(before, message) : [];
  if (notes.length) {
    $("notice").textContent = notes.join(" ");
  } else if (latest && before && $("notice").dataset.note) {
    $("notice").textContent = "";
  }
  $("notice").dataset.note = notes.length ? "true" : "";
  if (latest) {
    const piles = game().piles(message, latest);
    changedPiles = piles.changed;
    render();
    fly(piles.from === null ? null : rects[piles.from] || null, piles.to);
  } else {
    if (!before || before.game !== message.game || newRound) changedPiles = [];
    render();
  }
  if (turnBegins) bringOwnCardsIntoView();
  else if (turnPassed) scrollBackToTheOthers();
  turnSound(message);
  setClock(message);
  return fresh.some((entry) => entry.seat !== message.seat);
}

// One tone when the seat's turn begins: not on the page's first view, nor on the
// pushes within the turn (its own moves, a new name), nor for a spectator (no turn).
function turnSound(message) {
  const mine = message.seat !== null && message.view.outcome === null && message.view.current_player === message.seat;
  const begins = message.legal.length > 0 && ownTurn === false;
  ownTurn = mine && (message.legal.length > 0 || ownTurn === true);
  if (!begins || !$("sound").checked) return;
  try {
    beep();
  } catch (error) {
    // No sound on this device: the turn goes on without it.
  }
}

function audioContext() {
  audio = audio || new AudioContext();
  if (audio.state === "suspended") audio.resume().catch(() => {});
  return audio;
}

// A short tone made by the Web Audio API: no sound file, nothing the page's policy must allow.
function beep(frequency = 660) {
  const context = audioContext();
  const now = context.currentTime;
  const tone = context.createOscillator();
  const volume = context.createGain();
  tone.frequency.value = frequency;
  volume.gain.setValueAtTime(0.2, now);
  volume.gain.exponentialRampToValueAtTime(0.001, now + 0.25);
  tone.connect(volume).connect(context.destination);
  tone.start(now);
  tone.stop(now + 0.25);
}

// The seat's own cards first: when its turn begins, its area and the shared piles it
// plays onto (the board's centre) are brought into view below the sticky header; from
// the top of the page if they fit there (the header then covers nothing, however it
// grows), else scrolled up to the header. If they cannot both fit, the own area alone
// (the whole area if it fits, else its hand or grid, the cards to play).
const GAP = 4; // pixels between the header and what is scrolled up to it
function bringOwnCardsIntoView() {
  scrolledTo = null;
  scrollOwnCardsIntoView();
  if (window.scrollY > 0) scrolledTo = window.scrollY;
}

function scrollOwnCardsIntoView() {
  const own = document.querySelector(`#board [data-pile="seat${shown.seat}"]`);
  if (!own) return;
  noteHeaderHeight(); // now: this very render may have changed it
  const header = $("top").getBoundingClientRect().bottom;
  const room = window.innerHeight - Math.max(0, header);
  const play = playBox(own);
  // All of it fits from the top of the page (the opponents above it too): the top.
  if (play.bottom + window.scrollY <= window.innerHeight) {
    window.scrollTo(0, 0);
    return;
  }
  if (play.top >= header && play.bottom <= window.innerHeight) return; // in view already
  if (play.bottom - play.top + GAP <= room) {
    window.scrollBy(0, play.top - header - GAP);
    return;
  }
  const box = own.getBoundingClientRect();
  const cards = own.querySelector("#hand, .grid") || own;
  const target = box.height <= room ? own : cards;
  target.scrollIntoView({ block: box.height <= room ? "start" : "end" });
}

// Which turn of which game (and round) the seat is to move in: a Skip-Bo turn, a Skyjo
// turn (its draw and its placing), or a Skyjo round's turning up of two cards.
let lastTurn = null;
function turnKey(message) {
  const view = message.view;
  return [message.game, view.round, view.turn, view.turns, view.phase === "reveal"].join("|");
}

function mineToMove(message) {
  return message.seat !== null && message.view.current_player === message.seat;
}

// The seat's turn has passed: if the page is still where its turn's start scrolled it
// (the person did not scroll since), back to the top, where the others' play is seen.
let scrolledTo = null;
function scrollBackToTheOthers() {
  if (scrolledTo !== null && Math.abs(window.scrollY - scrolledTo) < 2) window.scrollTo(0, 0);
  scrolledTo = null;
}

// A Skyjo round's end dismissed ("Next round"): the board is the new round's, from
// its top; on the seat's turn, its grid and the piles come into view.
document.addEventListener("round-dismissed", () => {
  if (shown && shown.legal.length) bringOwnCardsIntoView();
  else window.scrollTo(0, 0);
});

// The top and bottom of what the seat plays with: its own area and the board's centre.
function playBox(own) {
  const boxes = [own, document.querySelector("#board .centre")]
    .filter((node) => node)
    .map((node) => node.getBoundingClientRect());
  return {
    top: Math.min(...boxes.map((box) => box.top)),
    bottom: Math.max(...boxes.map((box) => box.bottom)),
  };
}

// The header's height, for scrolling below it (scroll-margin-top in the style sheet).
function noteHeaderHeight() {
  document.documentElement.style.setProperty("--header", `${$("top").offsetHeight}px`);
}

// A header that grows on the seat's turn (a longer prompt, a hint, a notice) must not
// cover the piles it was showing: the page moves down by what it would cover.
let headerBottom = 0;
new ResizeObserver(() => {
  noteHeaderHeight();
  const before = headerBottom;
  headerBottom = $("top").getBoundingClientRect().bottom;
  const own = shown && shown.legal.length && document.querySelector(`#board [data-pile="seat${shown.seat}"]`);
  if (!own || headerBottom <= before || window.scrollY === 0) return;
  const top = playBox(own).top;
  if (top >= before - 1 && top < headerBottom) {
    window.scrollBy(0, top - headerBottom - GAP);
    if (scrolledTo !== null) scrolledTo = window.scrollY;
  }
}).observe($("top"));

function receive(message) {
  queue.push(message);
  if (queue.length > 40) queue = queue.slice(-5); // far behind: catch up
  $("status").dataset.received = String(message.version);
  if (timer === null) drain();
}

// Show the pushed messages in order; after one with another seat's move, hold it on
// the screen for the chosen pace before the next (a bot's five-card turn can be read).
function drain() {
  timer = null;
  while (queue.length) {
    const message = queue.shift();
    if (show(message) && pace > 0) {
      timer = setTimeout(drain, pace);
      return;
    }
  }
}

// --- drawing ----------------------------------------------------------------------------

function statusText(message) {
  const view = message.view;
  if (view.outcome) return `Game over: ${$("end-title").textContent}`;
  if (message.legal.length) return "Your turn.";
  const who = seatName(message, view.current_player);
  const turn = message.game_type === "skyjo" ? `Round ${view.round}, turn ${view.turns + 1}` : `Turn ${view.turn}`;
  return `${turn} · ${who === "You" ? "your" : `${who}'s`} move.`;
}

function render() {
  selectionShown = false;
  const message = shown;
  const view = message.view;
  const rules = game();
  $("table").hidden = false;
  // The tab says when it is this seat's turn, even from behind another tab.
  document.title = message.legal.length ? `Your turn · ${rules.title}` : `${rules.title} table`;
  $("title").textContent = rules.title;
  const board = $("board");
  board.replaceChildren();
  board.dataset.game = message.game_type;
  rules.render(message, ui);
  markChanged();
  markHint();
  renderEnd();
  const status = $("status");
  status.dataset.version = String(message.version);
  status.dataset.toMove = String(message.legal.length > 0);
  status.dataset.over = String(view.outcome !== null);
  status.dataset.game = String(message.game);
  status.textContent = statusText(message);
  $("prompt").textContent = message.legal.length ? rules.prompt(message, selected) : "";
  $("pass").hidden = !legal("pass");
  $("hint").hidden = !message.legal.length;
  $("cancel").hidden = selected === null || selected === rules.defaultSource(message);
  renderAway();
  renderClock();
  renderLog();
  renderChat();
  renderMatch();
  renderName();
  if (!$("rules-text").childElementCount) {
    const list = el("ul");
    rules.rules.forEach((line) => list.append(el("li", line)));
    $("rules-text").append(list);
    $("rules-link").href = `/rules/${message.game_type}`;
    $("rules-link").hidden = false;
  }
}

// Who a stand-in bot plays for now (a person away, or out of time), and the way back.
// A seat's own page is open, so a bot plays for it because its turn's time ran out
// (a page opened again takes its seat back by itself).
function renderAway() {
  const mine = shown.seat !== null && shown.away.includes(shown.seat);
  $("back").hidden = !mine;
  const others = shown.away.filter((seat) => seat !== shown.seat);
  const lines = [];
  const limit = shown.options.turn_seconds;
  if (mine && limit) {
    lines.push(`A bot is playing for you: your turn's ${durationWords(limit)} ran out. Take your seat back to play again.`);
  } else if (mine) {
    lines.push("A bot is playing for you: take your seat back to play again.");
  }
  if (others.length) lines.push(`A bot plays for ${winnersText(shown, others)} until they are back.`);
  $("away-note").textContent = lines.join(" ");
}

// --- the turn timer -------------------------------------------------------------------

// "30 seconds", "1 minute", "2 minutes 30 seconds".
function durationWords(seconds) {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const parts = [];
  if (minutes) parts.push(count(minutes, "minute"));
  if (rest || !minutes) parts.push(count(rest, "second"));
  return parts.join(" ");
}

// The timer of the seat to move, counted down by the page's own clock from the
// seconds left that the server pushed; warned: the near-end tone has sounded.
let clock = null;
let clockTicker = null;
function setClock(message) {
  const pushed = message.clock;
  if (!pushed || message.view.outcome !== null) {
    clock = null;
  } else {
    const deadline = performance.now() + pushed.left * 1000;
    const same = clock && clock.seat === pushed.seat && Math.abs(clock.deadline - deadline) < 1500;
    clock = { seat: pushed.seat, seconds: pushed.seconds, deadline, warned: same ? clock.warned : false };
  }
  if (clock && clockTicker === null) clockTicker = setInterval(renderClock, 250);
  if (!clock && clockTicker !== null) {
    clearInterval(clockTicker);
    clockTicker = null;
  }
  renderClock();
}

// The last seconds of a turn: the last 10, or the last third of a shorter timer.
function hurryAt(seconds) {
  return Math.min(10, seconds / 3);
}

function renderClock() {
  const limit = shown && shown.options.turn_seconds;
  $("turn-limit").hidden = !limit;
  $("turn-limit").textContent = limit ? `Turn timer: ${durationWords(limit)}` : "";
  if (!clock) {
    for (const stale of document.querySelectorAll("#board .countdown")) stale.remove();
    return;
  }
  const heading = document.querySelector(`#board [data-pile="seat${clock.seat}"] h2`);
  if (!heading) return;
  let node = heading.querySelector(".countdown");
  if (!node) {
    node = el("span", null, "countdown");
    node.setAttribute("role", "timer");
    heading.append(" ", node);
  }
  const left = Math.max(0, (clock.deadline - performance.now()) / 1000);
  const mine = clock.seat === shown.seat;
  const text = `${Math.ceil(left)} s left`;
  const hurry = left <= hurryAt(clock.seconds);
  node.textContent = hurry && mine ? `${text}, then a bot plays for you` : text;
  node.classList.toggle("hurry", hurry);
  if (hurry && mine && !clock.warned) {
    clock.warned = true;
    if ($("sound").checked) {
      try {
        beep(880);
      } catch (error) {
        // No sound on this device: the count flashes all the same.
      }
    }
  }
}

function renderLog() {
  const log = $("log");
  log.replaceChildren();
  for (const entry of shown.last) {
    const item = el("li", spoken(shown, entry));
    item.value = entry.number;
    log.prepend(item);
  }
  const latest = shown.last.at(-1);
  $("latest-text").textContent = latest ? spoken(shown, latest) : "none yet in this game";
}

// The table's chat, always as text (a "<script>" in a line stays those letters). A
// spectator reads and writes it only at a table whose options let spectators chat.
function renderChat() {
  const spectator = shown.seat === null;
  $("chat").hidden = spectator && !shown.options.spectator_chat;
  $("chat-label").textContent = spectator
    ? "Message to the table (you write as a spectator)"
    : shown.options.spectator_chat
      ? "Message to the table (spectators read it too)"
      : "Message to the players";
  const lines = $("chat-lines");
  const key = JSON.stringify([shown.chat.map((line) => line.number), shown.names]);
  if (lines.dataset.key === key) return; // unchanged: the reader's scroll stays
  lines.dataset.key = key;
  lines.replaceChildren();
  for (const line of shown.chat) {
    const item = el("li");
    item.value = line.number;
    const text = el("span", line.text, "chat-text");
    text.dir = "auto"; // a right-to-left line reads right to left, apart from the rest
    const who = line.seat === null ? `Spectator ${line.spectator}` : seatName(shown, line.seat);
    item.append(el("span", `${who}: `, "chat-who"), text);
    lines.append(item);
  }
  lines.scrollTop = lines.scrollHeight;
}

function renderMatch() {
  const message = shown;
  const rows = game().scoreRows(message);
  const target = message.target === null ? "" : ` (target ${message.target})`;
  const scores = game().scoreHeading === "Match points" ? `Match points${target}` : "Games won";
  const won = message.game_type === "skyjo" ? message.scores.map((n, s) => `${seatName(message, s)} ${n}`) : rows.map(([n, p]) => `${n} ${p}`);
  $("scores").textContent = `Game ${message.game}. ${scores}: ${won.join(", ")}.`;
  const records = $("records");
  records.replaceChildren();
  for (const result of message.results) {
    const item = el("li");
    const link = el("a", `Record of game ${result.game}`);
    link.href = `/api/tables/${encodeURIComponent(tableId)}/games/${result.game}/record`;
    item.append(link, ` ${winnersText(message, result.winners)} won`);
    records.append(item);
  }
}

function renderEnd() {
  const message = shown;
  const view = message.view;
  const end = $("end");
  const wasHidden = end.hidden;
  end.hidden = view.outcome === null;
  if (view.outcome === null) return;
  const winners = view.outcome.winners;
  const title = winnersText(message, winners);
  // Spoken to the seat: "You won", or "You lost: Ada won" (a spectator reads who won).
  const lost = message.seat !== null && !winners.includes(message.seat) ? "You lost: " : "";
  $("end-title").textContent = winners.length ? `${lost}${title} won` : "Nobody won";
  $("end-how").textContent = `${game().endHow(message, view.outcome)} (game ${message.game}).`;
  const head = el("tr");
  head.append(el("th", "Player"), el("th", game().scoreHeading));
  $("end-scores").tHead.replaceChildren(head);
  const body = $("end-scores").tBodies[0];
  body.replaceChildren();
  for (const [name, score] of game().scoreRows(message)) {
    const row = el("tr");
    row.append(el("th", name), el("td", String(score)));
    body.append(row);
  }
  $("end-match").textContent = message.match_winners.length
    ? `The match is over: ${winnersText(message, message.match_winners)} won it.`
    : "";
  $("next").hidden = !(message.seat !== null && !message.match_winners.length);
  $("end-record").href = `/api/tables/${encodeURIComponent(tableId)}/games/${message.game}/record`;
  if (wasHidden) {
    window.scrollTo(0, 0);
    end.focus({ preventScroll: true });
  }
}

function renderName() {
  const form = $("name-form");
  form.hidden = shown.seat === null;
  $("seat-link").hidden = shown.seat === null;
  $("sound-row").hidden = shown.seat === null;
  if (shown.seat !== null && document.activeElement !== $("name")) {
    $("name").value = shown.names[shown.seat];
  }
}

// Names: one rename on its way at a time, so they reach the server in the order sent
// (parallel posts could arrive in any order); a rename asked for meanwhile waits, and
// only the latest waiting one is sent. A name is kept for other tables once accepted
// (a page's own default name, "Player 2", never); a refused one leaves the field as
// the seat's name is.
const NAME_KEY = "player-name";
const DEFAULT_NAME = /^Player \d+$/;
let renaming = false;
let nameWanted = null;
async function rename(name) {
  nameWanted = name;
  if (renaming) return;
  renaming = true;
  $("name-form").dataset.renaming = "true";
  try {
    while (nameWanted !== null) {
      const wanted = nameWanted;
      nameWanted = null;
      if (await post("name", { name: wanted })) {
        if (DEFAULT_NAME.test(wanted)) localStorage.removeItem(NAME_KEY);
        else localStorage.setItem(NAME_KEY, wanted);
      } else if (nameWanted === null && shown && shown.seat !== null) {
        $("name").value = shown.names[shown.seat];
      }
    }
  } finally {
    renaming = false;
    $("name-form").dataset.renaming = "false";
  }
}

// --- the connection ---------------------------------------------------------------------

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const url = `${scheme}://${location.host}/api/tables/${encodeURIComponent(tableId)}/ws`;
  const mine = new WebSocket(url);
  socket = mine;
  mine.addEventListener("open", () => {
    retryDelay = 500;
    // Reconnected: the notice that the server could not be reached is over.
    if ($("notice").textContent.startsWith("The server cannot be reached")) $("notice").textContent = "";
    mine.send(JSON.stringify({ type: "hello", token }));
  });
  mine.addEventListener("message", (event) => {
    if (mine !== socket) return;
    const message = JSON.parse(event.data);
    if (message.type === "error") {
      $("status").textContent = forPeople(message.error);
      retryDelay = null; // refused: retrying would be refused again
    } else if (message.type === "table") {
      receive(message);
    } else if (message.type === "refused") {
      // A chat line sent on the socket was refused (the socket stays open).
      $("notice").textContent = forPeople(message.error);
      if (!$("chat-text").value) $("chat-text").value = sentChat;
    }
  });
  mine.addEventListener("close", () => {
    if (mine !== socket || retryDelay === null) return;
    $("status").textContent = "Connection lost, reconnecting…";
    setTimeout(connect, retryDelay);
    retryDelay = Math.min(retryDelay * 2, 10000);
  });
}

// A seat link opened on this table's page changes only the #fragment: take the seat.
window.addEventListener("hashchange", () => {
  if (location.hash.length <= 1) return; // the address bar was cleared: the seat stays
  token = takeToken();
  const old = socket;
  socket = null;
  if (old) old.close();
  shown = null;
  ownTurn = null;
  lastTurn = null;
  queue = [];
  selected = null;
  retryDelay = 500;
  connect();
});

$("board").addEventListener("click", (event) => {
  if (!dragged) activate(event.target);
});
$("board").addEventListener("keydown", (event) => {
  if ((event.key === "Enter" || event.key === " ") && event.target.getAttribute("role") === "button") {
    event.preventDefault();
    activate(event.target);
  }
});
document.addEventListener("keydown", (event) => {
  if (event.target.closest && event.target.closest("input, select, textarea")) return;
  if (event.key === "Escape" && shown && selected !== game().defaultSource(shown)) {
    choose(game().defaultSource(shown));
  } else if (event.key === "?" && shown && shown.legal.length) {
    hint();
  }
});
document.addEventListener("pointerdown", onPointerDown);
document.addEventListener("pointermove", onPointerMove);
document.addEventListener("pointerup", onPointerUp);
$("pass").addEventListener("click", () => play("pass"));
$("hint").addEventListener("click", hint);
$("cancel").addEventListener("click", () => choose(game().defaultSource(shown)));
$("back").addEventListener("click", () => post("back", {}));
$("next").addEventListener("click", () => post("next", { version: shown.version }));
$("copy-seat").addEventListener("click", async () => {
  const link = `${location.origin}${location.pathname}#${token}`;
  try {
    await navigator.clipboard.writeText(link);
    $("seat-link-note").textContent = "Copied. Open it on your other device; it holds your seat, so share it with no one.";
  } catch (error) {
    $("seat-link-note").textContent = `Copy this link by hand (it holds your seat): ${link}`;
  }
});
$("chat-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const text = $("chat-text").value.trim();
  if (!text) return;
  if (shown && shown.seat === null) {
    // A spectator has no token to post with: its line goes on its socket.
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      $("notice").textContent = "The server cannot be reached; send the line again when it is back.";
      return;
    }
    $("notice").textContent = "";
    sentChat = text;
    socket.send(JSON.stringify({ type: "chat", text }));
    $("chat-text").value = "";
    return;
  }
  if (await post("chat", { text })) $("chat-text").value = "";
});
$("sound").checked = localStorage.getItem(SOUND_KEY) === "on";
$("sound").addEventListener("change", () => {
  localStorage.setItem(SOUND_KEY, $("sound").checked ? "on" : "off");
  if ($("sound").checked) audioContext(); // made on a click: browsers let it play
});
// A browser keeps a page's sound suspended until the person acts on the page (after a
// reload, say): the first click or key lets the turn's tone play.
for (const kind of ["pointerdown", "keydown"]) {
  document.addEventListener(kind, () => {
    if ($("sound").checked && (!audio || audio.state === "suspended")) audioContext();
  });
}
$("name-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const name = $("name").value.trim();
  if (!name) return;
  $("name").blur();
  rename(name);
});
$("pace").value = String(pace);
if ($("pace").value !== String(pace)) $("pace").value = "1400";
pace = Number($("pace").value);
$("pace").addEventListener("change", () => {
  pace = Number($("pace").value);
  localStorage.setItem(PACE_KEY, String(pace));
  if (timer !== null) {
    clearTimeout(timer);
    drain();
  }
});
connect();
