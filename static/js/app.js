// Small helpers on top of htmx. Every page works without them.
"use strict";

// The words a person reads come from Django's JavaScript catalog, loaded
// before this script (``gettext``, ``ngettext``, ``interpolate``). Should it
// not have come (no connection, and no copy kept), the English ones stand.
if (typeof window.gettext !== "function") {
  window.gettext = (text) => text;
  window.ngettext = (one, many, count) => (count === 1 ? one : many);
  window.pgettext = (context, text) => text;
  window.npgettext = (context, one, many, count) => (count === 1 ? one : many);
  window.interpolate = (text, values, named) =>
    named
      ? text.replace(/%\(\w+\)s/g, (match) => String(values[match.slice(2, -2)]))
      : text.replace(/%s/g, () => String(values.shift()));
}

// A hand that did not reach the server must say so and keep what was typed:
// htmx does not swap on a failed request, so the form keeps its values (and
// its one-time token, so a resend after a lost answer records nothing twice).
function showNotSaved(event, force = false) {
  const elt = event.detail.elt;
  // A preview that fails saves nothing and loses nothing: it just waits for
  // the next keystroke, saying why there is none. Only writes say "Not saved".
  if (elt.id === "hand-preview") {
    if (event.type !== "htmx:responseError") {
      elt.textContent = gettext("No connection: the score is worked out once the hand is sent.");
    }
    return;
  }
  const form = elt.closest("form");
  // A new hand that got no answer waits on the phone: static/js/waiting.js
  // keeps it, or says this (``force``) when it cannot.
  const waits = form && form.hasAttribute("data-spare-tokens") && typeof keepHand === "function";
  if (waits && !force && event.type !== "htmx:responseError") return;
  // The hand form has its own box; Undo, Delete, Move, seats use the board's.
  const box = (form && form.querySelector("[data-network-error]")) ||
    (elt.id !== "hand-preview" && document.querySelector("[data-network-error-board]"));
  if (!box) return;
  const status = event.detail.xhr ? event.detail.xhr.status : 0;
  const own = box.hasAttribute("data-network-error");
  // One whole sentence per case: the hand form's own box (``own``) says the
  // entries are still there, the board's says nothing changed.
  if (event.type !== "htmx:responseError") {
    box.textContent = own
      ? gettext("Not saved: no connection. Your entries are still here; tap Save again (a hand that did get through is not recorded twice).")
      : gettext("Nothing changed: no connection. Try again when the connection is back.");
  } else if (status === 401) {
    box.textContent = own
      ? gettext("Not saved: you were logged out. Your entries are still here: log in again in a new tab, then come back and try again.")
      : gettext("Nothing changed: you were logged out. log in again in a new tab, then come back and try again.");
  } else if (status === 403) {
    box.textContent = own
      ? gettext("Not saved: the page's security check had expired. Try again; if it is refused again, note your entries and reload the page.")
      : gettext("Nothing changed: the page's security check had expired. Try again; if it is refused again, note your entries and reload the page.");
  } else if (status === 404) {
    // Deleted on another screen (or another host's): no retry can work.
    box.textContent = own
      ? gettext("Not saved: this match is not here any more (deleted on another screen?). Note your entries, then open your matches from the home page.")
      : gettext("Nothing changed: this match is not here any more (deleted on another screen?). open your matches from the home page.");
  } else if (status === 409 && event.detail.xhr.responseText) {
    // Refused for a reason the server words (a match set aside on another
    // screen): the entries stay, and the answer says what to do.
    box.textContent = event.detail.xhr.responseText;
  } else if (status === 503) {
    box.textContent = own
      ? gettext("Not saved: the server was busy. Your entries are still here; tap Save again (a hand that did get through is not recorded twice).")
      : gettext("Nothing changed: the server was busy. Try again when the connection is back.");
  } else {
    box.textContent = own
      ? gettext("Not saved: the server had a problem. Your entries are still here; tap Save again (a hand that did get through is not recorded twice).")
      : gettext("Nothing changed: the server had a problem. Try again when the connection is back.");
  }
  box.hidden = false;
  if (!own) {
    // The board's box is at its top, out of view of a form lower down
    // (Move the line, who joins): bring it into view, and clear the note
    // of an earlier change, which would sit above it and contradict it.
    const note = document.getElementById("note");
    if (note) note.textContent = "";
    box.scrollIntoView({ block: "nearest" });
  }
}

// The CSRF token as the cookie holds it now ("" when there is none).
function csrfFromCookie() {
  const found = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return found ? found[1] : "";
}
// Logging in again in another tab changes the CSRF token: send the current
// one from the cookie, so a form drawn before still saves.
document.addEventListener("htmx:configRequest", (event) => {
  const csrf = csrfFromCookie();
  if (!csrf) return;
  event.detail.headers["X-CSRFToken"] = csrf;
  const parameters = event.detail.parameters;
  if (parameters && typeof parameters.set === "function" && parameters.has("csrfmiddlewaretoken")) {
    parameters.set("csrfmiddlewaretoken", csrf);
  } else if (parameters && "csrfmiddlewaretoken" in parameters) {
    parameters["csrfmiddlewaretoken"] = csrf;
  }
});
for (const name of ["htmx:sendError", "htmx:timeout", "htmx:responseError"]) {
  document.addEventListener(name, showNotSaved);
}
document.addEventListener("htmx:beforeRequest", (event) => {
  const box = event.detail.elt.querySelector && event.detail.elt.querySelector("[data-network-error]");
  if (box) box.hidden = true;
  const board = document.querySelector("[data-network-error-board]");
  if (board && event.detail.elt.id !== "hand-preview") board.hidden = true;
});

// Grey out the boxes of players who hold no points, as the page says the game
// has it (the sheet's data-chosen-holds and data-none-holds): the player chosen
// (who went out), or everyone when the choice is the one marked data-none. That
// choice also rules out the checkbox beside it (data-extra).
function markWentOut(root) {
  for (const form of root.querySelectorAll("form.hand-form")) markForm(form);
}
function markForm(form) {
  const sheet = form.querySelector("[data-hand-sheet]");
  if (!sheet) return;
  const chosenHolds = sheet.dataset.chosenHolds === "yes";
  const noneHolds = sheet.dataset.noneHolds === "yes";
  const chosen = form.querySelector("input[data-chooser]:checked");
  const none = chosen !== null && chosen.hasAttribute("data-none");
  const extra = form.querySelector("input[data-extra]");
  if (extra) {
    extra.disabled = none;
    if (extra.disabled) extra.checked = false;
  }
  for (const row of form.querySelectorAll("tr.leftover")) {
    const input = row.querySelector("input[name^=left_]");
    const out = none ? !noneHolds : chosen !== null && !chosenHolds && row.dataset.seat === chosen.value;
    row.classList.toggle("went-out", out);
    input.disabled = out;
    // The one who went out has no leftover: empty the box, but keep what was
    // in it for a tick that moves on to someone else.
    if (out && input.value) {
      input.dataset.kept = input.value;
      input.value = "";
    } else if (!out && input.dataset.kept !== undefined) {
      if (!input.value) input.value = input.dataset.kept;
      delete input.dataset.kept;
    }
    const toggle = row.querySelector(".cards-toggle");
    if (toggle) toggle.disabled = out;
    for (const word of boxWords(row)) word.disabled = out;
    if (out) showPicker(row, false);
    markBoxWords(row);
  }
}

// A word a box takes with one tap (a drop, say), on a row of its own under
// the player's: the button writes it in the player's box, and shows itself
// pressed while the box holds it.
function boxWords(row) {
  const words = row.closest("table").querySelector(`.box-words[data-seat="${row.dataset.seat}"]`);
  return words ? words.querySelectorAll("[data-box-word]") : [];
}
function markBoxWords(row) {
  const input = row.querySelector("input[name^=left_]");
  for (const word of boxWords(row)) {
    word.setAttribute("aria-pressed", String(input.value.trim() === word.dataset.boxWord));
  }
}
document.addEventListener("click", (event) => {
  const word = event.target.closest("[data-box-word]");
  if (!word) return;
  const seat = word.closest(".box-words").dataset.seat;
  const row = word.closest("table").querySelector(`tr.leftover[data-seat="${seat}"]`);
  const input = row.querySelector("input[name^=left_]");
  input.value = input.value.trim() === word.dataset.boxWord ? "" : word.dataset.boxWord;
  showPicker(row, false);
  markBoxWords(row);
  input.dispatchEvent(new Event("input", { bubbles: true }));
});
document.addEventListener("input", (event) => {
  const row = event.target.closest && event.target.closest("tr.leftover");
  if (row && event.target.matches("input[name^=left_]")) markBoxWords(row);
});
// In the capture phase: before htmx reads the form for the preview.
document.addEventListener(
  "change",
  (event) => {
    if (event.target.hasAttribute && event.target.hasAttribute("data-chooser")) markWentOut(document);
  },
  true,
);
document.addEventListener("DOMContentLoaded", () => markWentOut(document));
document.addEventListener("htmx:afterSettle", () => markWentOut(document));

// Target presets on the new match page.
document.addEventListener("click", (event) => {
  const preset = event.target.closest("[data-set-target]");
  if (!preset) return;
  const input = preset.form.querySelector("input[name=target]");
  input.value = preset.dataset.setTarget;
  input.focus();
});

// A house rule whose value gives others their defaults (Pool's limit: 201
// has its own drops): a rule still at the default of the old value takes
// the default of the new one; one the host typed stays as typed.
// The zero of each script's digits a phone keyboard types (ASCII, Arabic,
// Devanagari and India's others, Thai, full-width): "२०१" is 201, as the
// server reads it.
const DIGIT_ZEROS = [0x30, 0x660, 0x6f0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xe50, 0xff10];
function wholeNumber(text) {
  let digits = "";
  for (const char of text.trim()) {
    const code = char.codePointAt(0);
    const zero = DIGIT_ZEROS.find((each) => code >= each && code < each + 10);
    if (zero === undefined) return null;
    digits += String(code - zero);
  }
  return digits ? String(Number(digits)) : null;
}
function linkedDefault(defaults, value) {
  const number = wholeNumber(value);
  return String(number !== null && number in defaults ? defaults[number] : defaults["*"]);
}
document.addEventListener("focusin", (event) => {
  const input = event.target.closest("input[data-linked]");
  if (input) input.dataset.before = input.value.trim();
});
document.addEventListener("change", (event) => {
  const input = event.target.closest("input[data-linked]");
  if (!input) return;
  const linked = JSON.parse(input.dataset.linked);
  const before = input.dataset.before || "";
  const now = input.value.trim();
  for (const [name, defaults] of Object.entries(linked)) {
    const other = input.form.elements.namedItem(name);
    if (other && other.value.trim() === linkedDefault(defaults, before)) {
      other.value = linkedDefault(defaults, now);
    }
  }
  input.dataset.before = now;
});

// The card picker: a tap on a rank adds that card to the player's box
// ("K 9 4"); the count under it takes one back. The server adds the cards up
// (with the match's ace value) in the preview and on saving.
// A box filled by the picker holds cards, even "10" alone; a number typed
// on the keypad is points, which the first card tapped replaces.
function pickerCards(input) {
  const text = input.value.trim();
  if (text === "" || (input.dataset.cards !== "1" && /^\d+$/.test(text))) return [];
  return text.split(/[\s,]+/);
}
document.addEventListener("input", (event) => {
  if (event.isTrusted && event.target.matches("input[name^=left_]")) {
    delete event.target.dataset.cards;
  }
});
function rankOf(card) {
  return card.toUpperCase().replace(/[SHDC\u2660-\u2667\uFE0F]$/u, "").replace(/^T$/, "10").replace(/^JOKER$/, "JK");
}
// The sheet's one card picker (a row of its own), under the row of the
// player whose Cards button was tapped last.
function pickerOf() {
  return document.getElementById("picker");
}
function pickerRow() {
  const picker = pickerOf();
  return picker && document.querySelector(`tr.leftover[data-seat="${picker.dataset.seat}"]`);
}
function showPicker(row, show) {
  const picker = pickerOf();
  if (!picker) return;
  if (!show && pickerRow() !== row) return; // open under someone else
  const shown = pickerRow();
  const before = shown && shown.querySelector(".cards-toggle");
  if (before) before.setAttribute("aria-expanded", "false");
  const holder = picker.closest("tr");
  if (show) {
    // Below the player's row, and below the row of its errors if it has one.
    const next = row.nextElementSibling;
    (next && next.classList.contains("row-errors") ? next : row).after(holder);
    picker.dataset.seat = row.dataset.seat;
    const name = row.querySelector("td.left .left-box label").textContent.trim();
    // Translators: the picker's name for a screen reader; %(player)s is a player's name.
    picker.setAttribute("aria-label", interpolate(gettext("Cards %(player)s held"), { player: name }, true));
  }
  picker.hidden = !show;
  holder.hidden = !show;
  if (show) holder.scrollIntoView({ block: "nearest" });
  const toggle = row.querySelector(".cards-toggle");
  if (toggle) toggle.setAttribute("aria-expanded", String(show));
}
// The cards picked, in full, and what they add up to ("Eve: K Q 5 A = 26"),
// each rank's points as its button says (data-points, from the match's rules).
function pickerSum(picker, name, cards) {
  const sum = picker.querySelector(".picker-sum");
  if (!sum) return;
  if (cards.length === 0) {
    // Translators: %(player)s is a player's name.
    sum.textContent = interpolate(gettext("Tap the cards %(player)s held."), { player: name }, true);
    return;
  }
  let points = 0;
  for (const card of cards) {
    const button = picker.querySelector(`.add[data-rank="${rankOf(card)}"]`);
    points += button ? Number(button.dataset.points) : 0;
  }
  // Translators: the cards picked for a player and what they add up to, "Eve: K Q 5 A = 26".
  const said = gettext("%(player)s: %(cards)s = %(points)s");
  sum.textContent = interpolate(said, { player: name, cards: cards.join(" "), points }, true);
}
function drawPicker(row) {
  const input = row.querySelector("input[name^=left_]");
  const cards = pickerCards(input);
  pickerSum(pickerOf(), row.querySelector("td.left .left-box label").textContent.trim(), cards);
  const note = pickerOf().querySelector(".picker-note");
  const typed = input.value.trim();
  if (note) {
    note.hidden = cards.length > 0 || typed === "";
    // Translators: %(typed)s is the number of points typed in the player's box.
    const said = gettext("Tapping a card replaces the %(typed)s typed here.");
    note.textContent = note.hidden ? "" : interpolate(said, { typed }, true);
  }
  for (const add of pickerOf().querySelectorAll(".add")) {
    const count = cards.filter((card) => rankOf(card) === add.dataset.rank).length;
    add.querySelector(".count").textContent = count ? `\u00d7${count}` : "";
    const label = count
      // Translators: a card button's name for a screen reader; %(card)s is the card's name
      // ("king"), %(count)s how many of them are picked.
      ? ngettext("Add %(card)s, %(count)s picked", "Add %(card)s, %(count)s picked", count)
      // Translators: a card button's name for a screen reader; %(card)s is the card's name ("king").
      : gettext("Add %(card)s");
    add.setAttribute("aria-label", interpolate(label, { card: add.dataset.words, count }, true));
  }
  const take = pickerOf().querySelector(".take-last");
  take.disabled = cards.length === 0;
  take.textContent = cards.length
    // Translators: the picker's button that takes back the last card picked, %(card)s ("K", "10").
    ? interpolate(gettext("Take back %(card)s"), { card: cards[cards.length - 1] }, true)
    // Translators: the picker's button that takes back the last card picked, when none is.
    : gettext("Take back");
}
document.addEventListener("click", (event) => {
  const button = event.target.closest(".picker button, .cards-toggle");
  if (!button) return;
  const row = button.closest(".picker") ? pickerRow() : button.closest("tr.leftover");
  if (!row) return;
  const input = row.querySelector("input[name^=left_]");
  if (button.classList.contains("cards-toggle")) {
    showPicker(row, pickerOf().hidden || pickerRow() !== row);
    drawPicker(row);
    return;
  }
  const cards = pickerCards(input);
  if (button.classList.contains("add")) {
    cards.push(button.dataset.rank);
  } else {
    cards.pop(); // Take back: the last card picked
  }
  input.value = cards.join(" ");
  input.dataset.cards = "1";
  input.dispatchEvent(new Event("input", { bubbles: true }));
  drawPicker(row);
});
// A box holding more than a few characters (a sum as counted, cards) takes
// smaller type, so that what was typed can be read back whole.
function fitBox(input) {
  const length = input.value.length;
  input.classList.toggle("long", length > 4 && length <= 6);
  input.classList.toggle("longer", length > 6);
}
function fitBoxes(root) {
  for (const input of root.querySelectorAll("input[name^=left_], input[name^=second_]")) fitBox(input);
}
document.addEventListener("input", (event) => {
  if (event.target.matches && event.target.matches("input[name^=left_], input[name^=second_]")) fitBox(event.target);
});
document.addEventListener("DOMContentLoaded", () => fitBoxes(document));
document.addEventListener("htmx:afterSettle", () => fitBoxes(document));
function showPickers(root) {
  for (const toggle of root.querySelectorAll(".cards-toggle")) toggle.hidden = false;
}
document.addEventListener("DOMContentLoaded", () => showPickers(document));
document.addEventListener("htmx:afterSettle", () => showPickers(document));

// Dates and times in the viewer's own time zone: the server writes them in
// the zone the phone told it (scoreboard/timezones.py), the same way
// everywhere ("3 May 2026, 19:30 CEST"; scoreboard/formats). Only a page
// written in another zone (the first one, before the phone said) has them
// written again here, the same way.
function localTimes(root) {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone || document.body.dataset.zone === zone) return;
  const language = document.documentElement.lang || "en";
  if (!language.startsWith("en")) {
    // Another language: its own order and words for the same parts.
    const parts = { hour: "2-digit", minute: "2-digit", timeZoneName: "short" };
    const clock = new Intl.DateTimeFormat(language, parts);
    const full = new Intl.DateTimeFormat(language, { ...parts, day: "numeric", month: "short", year: "numeric" });
    for (const time of root.querySelectorAll("time[data-local]")) {
      const when = new Date(time.dateTime);
      if (!Number.isNaN(when.getTime())) time.textContent = (time.dataset.local === "time" ? clock : full).format(when);
    }
    return;
  }
  // The parts in English (the zone as "EDT" where it has a short name), in
  // the server's order.
  const written = new Intl.DateTimeFormat("en-US", {
    day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit",
    hourCycle: "h23", timeZoneName: "short",
  });
  for (const time of root.querySelectorAll("time[data-local]")) {
    const when = new Date(time.dateTime);
    if (Number.isNaN(when.getTime())) continue;
    const part = Object.fromEntries(written.formatToParts(when).map((each) => [each.type, each.value]));
    const clock = `${part.hour}:${part.minute} ${part.timeZoneName}`;
    time.textContent = time.dataset.local === "time" ? clock : `${part.day} ${part.month} ${part.year}, ${clock}`;
  }
}
document.addEventListener("DOMContentLoaded", () => localTimes(document));
document.addEventListener("htmx:afterSettle", () => localTimes(document));

// The phone's time zone for the server too (scoreboard/timezones.py), so a
// page drawn later, or read without JavaScript, already shows local times.
(() => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone && !document.cookie.split("; ").includes(`tz=${encodeURIComponent(zone)}`)) {
    document.cookie = `tz=${encodeURIComponent(zone)}; path=/; max-age=31536000; SameSite=Lax`;
  }
})();

// A fix being typed outlives a reload: its address names the hand (the Fix
// link pushes it), and what was typed is kept for this tab until the fix is
// saved or left.
function fixKey(form) {
  const replacing = form && form.querySelector("input[name=replacing]");
  return replacing ? `fix:${location.pathname}:${replacing.value}` : null;
}
document.addEventListener("input", (event) => {
  const form = event.target.closest && event.target.closest("#hand-form");
  const key = fixKey(form);
  if (key) sessionStorage.setItem(key, JSON.stringify(formFields(form))); // static/js/waiting.js
});
function restoreFix() {
  const form = document.getElementById("hand-form");
  const key = fixKey(form);
  const kept = key && sessionStorage.getItem(key);
  if (!kept) return;
  try {
    fillForm(form, JSON.parse(kept)); // static/js/waiting.js
  } catch {
    return;
  }
  form.dispatchEvent(new Event("change", { bubbles: true })); // the preview follows
}
document.addEventListener("DOMContentLoaded", restoreFix);
function forgetFix(form) {
  const key = fixKey(form);
  if (key) sessionStorage.removeItem(key);
}
document.addEventListener("htmx:afterRequest", (event) => {
  // Saved: the answer takes the board back to its own address.
  const form = event.detail.elt;
  const back = event.detail.xhr && event.detail.xhr.getResponseHeader("HX-Push-Url");
  if (form && form.id === "hand-form" && event.detail.successful && back) forgetFix(form);
});
document.addEventListener("click", (event) => {
  if (event.target.closest("[data-fix-leave]")) forgetFix(document.getElementById("hand-form"));
});

// The score sheet's Print button.
document.addEventListener("click", (event) => {
  if (event.target.closest("[data-print]")) window.print();
});

// A plain form (no htmx) is sent once: a second tap while the next page
// loads does nothing. The server still refuses a repeated form token.
document.addEventListener("submit", (event) => {
  const form = event.target;
  if (form.hasAttribute("hx-post")) return;
  setTimeout(() => {
    // A form a script held back (log out asking first) is not being sent.
    if (event.defaultPrevented) return;
    for (const button of form.querySelectorAll("button[type=submit]")) button.disabled = true;
  }, 0);
});

// A long name is cut short on the sheet; a tap on it shows it whole.
document.addEventListener("click", (event) => {
  const name = event.target.closest(".sheet .name");
  if (name) name.classList.toggle("whole");
});

// After the board is swapped in: show its top (the note and the totals) and
// put focus where the server says: the first "who went out" choice of the
// next hand (so the phone's keyboard stays down), the result of a closed
// match, the first thing that needs fixing, or a question's answer.
function settleBoard() {
  const board = document.getElementById("board");
  if (!board || !board.dataset.focus) return;
  const focus = board.dataset.focus;
  let target = null;
  if (focus === "error") {
    target = board.querySelector("[aria-invalid=true]:not([disabled]), .errors, .confirm button");
  } else if (focus === "result") {
    target = board.querySelector("#result-heading");
  } else if (focus === "confirm") {
    target = board.querySelector(".confirm button");
  } else {
    target = board.querySelector("input[data-chooser]");
  }
  const inPlace = focus === "error" || focus === "confirm";
  if (!inPlace) window.scrollTo(0, 0);
  if (target) target.focus({ preventScroll: !inPlace });
  // A question is shown whole, its answers with it, not just its first button.
  const question = target && target.closest(".confirm");
  if (question) question.scrollIntoView({ block: "center" });
}
// A second tap that lands on a button swapped in under the finger (Undo
// after Undo, Put it back after Undo, the next hand's Save after Save) does
// nothing for a moment: two taps within a second take back one entry, and
// do not send the next hand's empty form (whose refusal would hide the note
// of the save). The server also refuses a repeat.
const SETTLE_MS = 1000;
function settleButtons(root) {
  for (const button of root.querySelectorAll("[data-settle]")) {
    button.disabled = true;
    setTimeout(() => { button.disabled = false; }, SETTLE_MS);
  }
}
// A preview that says what Save will record means the hand adds up now: the
// refusals of the last Save no longer hold, so they go.
document.addEventListener("htmx:afterSwap", (event) => {
  const preview = event.detail.target;
  if (preview.id !== "hand-preview" || !preview.querySelector("strong")) return;
  const form = preview.closest("form");
  for (const old of form.querySelectorAll(".errors, tr.row-errors")) old.hidden = true;
  for (const box of form.querySelectorAll("[aria-invalid=true]")) box.removeAttribute("aria-invalid");
  // A question about a typing slip stays only while the hand as typed now
  // still raises it: a box corrected since has nothing to confirm.
  const asked = form.querySelector("[aria-labelledby=slips-text]");
  if (asked) {
    const words = asked.querySelector("#slips-text").textContent;
    const still = [...preview.querySelectorAll(".slip")].map((slip) => slip.textContent.trim());
    asked.hidden = !still.length || !still.every((question) => words.includes(question));
  }
});
// Switching the game on New match keeps the names and the line typed: the
// game's link carries them, and the page puts them back (a plain link
// without JavaScript, as before). A line left at this game's default is
// not carried: the next game has its own (Rummy's 100, Rummy 500's 500).
document.addEventListener("click", (event) => {
  const link = event.target.closest(".game-choice a");
  if (!link) return;
  const names = [...document.querySelectorAll("input[name^=player_]")]
    .map((box) => box.value.trim())
    .filter(Boolean);
  const lineBox = document.querySelector("input[name=target]");
  const line = lineBox && lineBox.value.trim() !== lineBox.dataset.default ? lineBox.value.trim() : "";
  if (!names.length && !line) return;
  const address = new URL(link.href);
  address.searchParams.delete("name");
  address.searchParams.delete("target");
  for (const name of names) address.searchParams.append("name", name);
  if (line) address.searchParams.set("target", line);
  link.href = address.toString();
});
// A hand half typed survives the board's other forms (Move the line, who
// leaves or joins, Undo): their answer is a new board, whose hand form gets
// the entries back when it is for the same hand and address. Each box and
// choice goes back to the same player's seat, wherever it now is (a player
// left or joined); a player no longer seated has none. The hand form's own
// answers (saved, refused) are the server's to fill.
let typedHand = null;
let typedAside = null; // a hand kept in view above the form (offerTyped)
// Which hand a form is for: its address (the match, or an entry's page)
// and the hand's number.
function handOf(form) {
  const number = form.querySelector("input[name=hand_number]");
  return { action: form.getAttribute("action"), number: number ? number.value : "" };
}
function seatName(form, position) {
  const seat = form.querySelector(`input[name="seat_${CSS.escape(position)}"]`);
  return seat ? seat.value : null;
}
function seatOf(form, name) {
  for (const seat of form.querySelectorAll("input[name^=seat_]")) {
    if (seat.value === name) return seat.name.slice("seat_".length);
  }
  return null;
}
// Each entry: [box or choice name, value, the player it belongs to or null].
function handEntries(form) {
  const entries = [];
  // A player's boxes: the points left ("left_N") and, where the game asks
  // one, the second box before it ("second_N").
  for (const input of form.querySelectorAll("input[name^=left_], input[name^=second_]")) {
    const value = input.dataset.kept !== undefined && !input.value ? input.dataset.kept : input.value;
    const position = input.name.split("_")[1];
    if (value.trim()) entries.push([input.name, value, seatName(form, position)]);
  }
  for (const input of form.querySelectorAll("input[type=radio]:checked, input[type=checkbox]:checked")) {
    // Who ended the hand is chosen by seat: the choice follows the player.
    const who = input.type === "radio" && /^\d+$/.test(input.value) ? seatName(form, input.value) : null;
    entries.push([input.name, input.value, who]);
  }
  return entries;
}
document.addEventListener("htmx:beforeSwap", (event) => {
  typedHand = null;
  if (event.detail.target.id !== "board") return;
  const form = document.getElementById("hand-form");
  const elt = event.detail.requestConfig ? event.detail.requestConfig.elt : event.detail.elt;
  if (!form || (elt && form.contains(elt))) return;
  const entries = handEntries(form);
  if (entries.length) typedHand = { ...handOf(form), entries };
});
document.addEventListener("htmx:afterSwap", (event) => {
  const typed = typedHand;
  typedHand = null;
  const form = event.detail.target.id === "board" && document.getElementById("hand-form");
  if (!form) return;
  // What the form held before the swap, then a hand kept aside since
  // (``offerTyped``), which goes back in once its own hand is due again.
  const aside = typedAside;
  typedAside = null;
  for (const each of [typed, aside]) {
    if (each && !form.querySelector(".typed-aside") && returnTyped(form, each)) typedBack = form;
  }
});
// Put ``typed`` back in ``form`` (``fillHand``), or when the board went back
// a hand, keep it in view above the form (``offerTyped``); whether it went in.
function returnTyped(form, typed, anyway = false) {
  if (fillHand(form, typed, anyway)) return true;
  if (wentBack(form, typed)) offerTyped(form, typed);
  return false;
}
// What was typed in the players' boxes, in words: "Alice 23", "Ben 18".
function keptWords(typed) {
  return typed.entries.filter(([name]) => name.startsWith("left_")).map(([, value, who]) => entryWords(who, value));
}
// Whether ``form`` is the same match's form for an earlier hand than the
// one ``typed`` was for: an entry was taken back or deleted meanwhile.
function wentBack(form, typed) {
  const hand = handOf(form);
  return hand.action === typed.action && Number(typed.number) > Number(hand.number);
}
// A hand half typed when the board went back a hand is not put in the
// form unasked (the hand now due may be the one taken back), nor dropped:
// it stays in view above the form, with a button that puts it in, and is
// put back by itself once its own hand is due again (the one taken back
// saved anew).
function offerTyped(form, typed) {
  typedAside = typed;
  const note = document.createElement("div");
  note.className = "typed-aside";
  note.setAttribute("role", "note");
  const text = document.createElement("p");
  const words = keptWords(typed);
  const said = words.length
    // Translators: %(entries)s is what was typed in the players' boxes, "Alice 23, Ben 18".
    ? gettext("What you had typed for hand %(typed)s is not saved (%(entries)s): the board is at hand %(hand)s now.")
    : gettext("What you had typed for hand %(typed)s is not saved: the board is at hand %(hand)s now.");
  text.textContent = interpolate(said, { typed: typed.number, hand: handOf(form).number, entries: words.join(listComma()) }, true);
  note.append(text, button(gettext("Put it in this form"), false, () => {
    typedAside = null;
    fillHand(form, { ...typed, number: handOf(form).number }, true);
    note.remove();
    htmx.trigger(form, "change"); // its preview
  }));
  form.prepend(note);
}
// The form moved on past the board's hand (static/js/waiting.js: hands wait
// on this phone): a hand kept aside for the hand it is for now goes back in.
document.addEventListener("scoreboard:renumbered", (event) => {
  const form = event.target;
  const note = form.querySelector(".typed-aside");
  if (!note || !typedAside || !fillHand(form, typedAside)) return;
  typedAside = null;
  note.remove();
  htmx.trigger(form, "change"); // its preview
});
// Put ``typed`` (a hand's entries, ``handEntries``) back in ``form`` when it
// is the same hand's form and still empty (``anyway``: whatever the browser
// put back itself, the choices but not the boxes); whether it did.
function fillHand(form, typed, anyway = false) {
  const hand = handOf(form);
  if (hand.action !== typed.action || hand.number !== typed.number) return false;
  if (!anyway && handEntries(form).length) return false;
  for (const [name, typedValue, who] of typed.entries) {
    let field = name;
    let value = typedValue;
    if (who !== null) {
      const seat = seatOf(form, who);
      if (seat === null) continue; // no longer seated: nothing of theirs to fill
      if (name.startsWith("left_") || name.startsWith("second_")) field = `${name.split("_")[0]}_${seat}`;
      else value = seat;
    }
    for (const input of form.querySelectorAll(`[name="${CSS.escape(field)}"]`)) {
      if (input.type === "radio") input.checked = input.value === value;
      else if (input.type === "checkbox") input.checked = true;
      else input.value = value;
    }
  }
  markWentOut(document);
  return true;
}
// A hand half typed survives leaving the board too (the score sheet, the
// rules, then Back): the boxes are drawn with autocomplete off, so the
// browser does not put them back itself. Kept in this tab only, and given
// back to the same hand's form when the board opens again.
const TYPED_HAND = "scoreboard-typed-hand";
window.addEventListener("pagehide", () => {
  const form = document.getElementById("hand-form");
  const entries = form ? handEntries(form) : [];
  try {
    if (entries.length) sessionStorage.setItem(TYPED_HAND, JSON.stringify({ ...handOf(form), entries }));
  } catch (error) { /* storage full or off: nothing kept */ }
});
window.addEventListener("pageshow", (event) => {
  const form = document.getElementById("hand-form");
  if (!form) return; // another page (the sheet): kept for the board
  // A page drawn afresh: the browser may have put back the choices it
  // remembers (not the boxes), maybe of a hand saved since; the form is as
  // the server drew it, and the entries kept below are the ones it gets.
  if (!event.persisted) form.reset();
  let typed = null;
  try {
    typed = JSON.parse(sessionStorage.getItem(TYPED_HAND) || "null");
    sessionStorage.removeItem(TYPED_HAND);
  } catch (error) { return; }
  if (!typed || !Array.isArray(typed.entries)) return;
  if (returnTyped(form, typed, true)) {
    htmx.trigger(form, "change"); // its preview
    return;
  }
  if (form.querySelector(".typed-aside")) return; // kept in view (``offerTyped``)
  // The same match's form for a later hand: the one typed was saved on
  // another screen meanwhile. Say so rather than drop it without a word.
  const box = form.querySelector("[data-network-error]");
  if (box && typed.number && typed.action === handOf(form).action) {
    const words = keptWords(typed);
    const said = words.length
      // Translators: %(entries)s is what was typed in the players' boxes, "Alice 23, Ben 18".
      ? gettext("Hand %(hand)s was saved on another screen while you were away, so what you had typed for it is not in this form (%(entries)s). Check the board's last hand.")
      : gettext("Hand %(hand)s was saved on another screen while you were away, so what you had typed for it is not in this form. Check the board's last hand.");
    box.textContent = interpolate(said, { hand: typed.number, entries: words.join(listComma()) }, true);
    box.hidden = false;
  }
});
// Once the new board is settled (its preview listening): the preview of the
// hand as typed.
let typedBack = null;
document.addEventListener("htmx:afterSettle", () => {
  const form = typedBack;
  typedBack = null;
  if (form && form.isConnected) htmx.trigger(form, "change");
});
document.addEventListener("htmx:afterSwap", (event) => {
  if (event.detail.target.id !== "board") return;
  const board = document.getElementById("board");
  if (board) settleButtons(board);
  settleBoard();
});
document.addEventListener("DOMContentLoaded", settleBoard);

// Keep the screen awake while a board is open (the Screen Wake Lock API),
// and take the lock again when the page comes back into view: the browser
// lets go of it whenever the page is hidden. Where the browser cannot (plain
// HTTP on the Wi-Fi is not a secure context), say so once, quietly.
const SLEEP_HINT_SEEN = "scoreboard-sleep-hint-seen";
function sayMaySleep() {
  const hint = document.querySelector("[data-sleep-hint]");
  if (!hint) return;
  try {
    if (localStorage.getItem(SLEEP_HINT_SEEN)) return;
    localStorage.setItem(SLEEP_HINT_SEEN, "1");
  } catch (error) {
    // Storage may be off: the hint then shows on each board, still quietly.
  }
  hint.hidden = false;
}
async function keepAwake() {
  if (!document.getElementById("board") || document.visibilityState !== "visible") return;
  if (!("wakeLock" in navigator)) {
    sayMaySleep();
    return;
  }
  try {
    await navigator.wakeLock.request("screen");
  } catch (error) {
    // Refused (battery saver, a hidden page): the phone keeps its own timeout.
  }
}
document.addEventListener("visibilitychange", keepAwake);
document.addEventListener("DOMContentLoaded", keepAwake);

// The offline copy (static/js/sw.js): pages this phone opened, shown from
// its copy when the network fails, marked with the time the server drew them.
// Browsers allow a service worker only in a secure context (HTTPS, localhost).
const WHO = "rummy-host";
const KEPT_FILES = "static-v1"; // sw.js's STATIC: the static files, nobody's
// Settled once this page has checked whose pages the phone keeps, and
// forgotten those of another host (``checkWho``; true then): the page asks
// its worker to keep this page and its files only then, so the forgetting
// never takes them. An offline copy checks nothing and keeps nothing.
const whoChecked = new Promise((done) => {
  document.addEventListener("DOMContentLoaded", () => {
    if (document.body.dataset.offlineCopy !== "yes") checkWho().then(done, () => done(false));
  });
});
if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.register("/sw.js").catch(() => {});
  // This page's styles and scripts are kept with it: a copy needs them, and
  // the first page a phone opened was loaded before its service worker ran,
  // so that page itself is asked for again to be kept too, as is a page whose
  // copy went with another host's.
  const firstPage = !navigator.serviceWorker.controller;
  Promise.all([navigator.serviceWorker.ready, whoChecked])
    .then(([registration, forgotten]) => {
      const files = [...document.querySelectorAll("link[rel=stylesheet], link[rel=icon], script[src]")]
        .map((element) => element.href || element.src);
      if (!registration.active) return;
      registration.active.postMessage({ keep: files });
      if (firstPage || forgotten) registration.active.postMessage({ refresh: window.location.href });
    })
    .catch(() => {});
  // A board changed by htmx (a hand saved, an undo): the copy of this page is
  // drawn again, so a reload with no connection shows the board as the phone
  // showed it last, not as it was at the last full load.
  document.addEventListener("htmx:afterSettle", (event) => {
    if (!event.detail.elt || event.detail.elt.id !== "board") return;
    const worker = navigator.serviceWorker.controller;
    if (worker) worker.postMessage({ refresh: window.location.href });
  });
}
// Everything this phone kept of a host: the offline copies, the databases
// (``pagesOnly``: the copies alone).
async function forgetPhone({ pagesOnly = false } = {}) {
  if (window.caches) {
    for (const key of await caches.keys()) {
      if (!pagesOnly || key !== KEPT_FILES) await caches.delete(key);
    }
  }
  if (window.indexedDB && !pagesOnly) {
    // The waiting hands: this host's go (static/js/waiting.js keeps another
    // host's for them). By name too: some browsers cannot list databases.
    const waiting = typeof forgetWaiting === "function";
    if (waiting) await forgetWaiting();
    const names = new Set(waiting ? [] : ["rummy-waiting"]);
    if (indexedDB.databases) for (const database of await indexedDB.databases()) names.add(database.name);
    if (waiting) names.delete("rummy-waiting");
    for (const name of names) {
      await new Promise((done) => {
        const deleting = indexedDB.deleteDatabase(name);
        deleting.onsuccess = deleting.onerror = deleting.onblocked = () => done();
      });
    }
  }
  try {
    localStorage.removeItem(WHO);
    sessionStorage.removeItem(TYPED_HAND); // a hand half typed on a board
  } catch {
    // storage switched off: nothing was kept there either
  }
}
document.addEventListener("DOMContentLoaded", () => {
  if (document.body.dataset.offlineCopy !== "yes") return;
  const note = document.querySelector("[data-offline-note]");
  if (note) note.hidden = false;
});
// Another host signed in on this phone: nothing of the one before stays.
async function checkWho() {
  const who = document.body.dataset.who;
  if (!who) return false;
  let before = null;
  try {
    before = localStorage.getItem(WHO);
  } catch {
    return false;
  }
  if (before === who) return false;
  // The page copies go. Waiting hands are kept per host, and only this
  // host's are shown or sent: the one before finds theirs on logging in
  // again (nothing entered is lost), and log out deletes them all.
  await forgetPhone({ pagesOnly: true });
  try {
    localStorage.setItem(WHO, who);
  } catch {
    // nothing to remember it in
  }
  return true;
}
// A player's entry as typed, "Alice 23" (static/js/waiting.js too).
function entryWords(player, entry) {
  // Translators: a player's name and what was typed in their box: points ("23") or cards ("K 9 4").
  return interpolate(gettext("%(player)s %(entry)s"), { player, entry }, true);
}
// What goes between the items of a list, "Alice 23, Ben 18" (static/js/waiting.js too).
function listComma() {
  // Translators: between the items of a list ("Alice 23, Ben 18"; "hands 3, 4 and 5").
  return gettext(", ");
}
// A button of a question or a list (static/js/waiting.js too).
function button(text, primary, action) {
  const made = document.createElement("button");
  made.type = "button";
  made.className = primary ? "primary" : "secondary";
  made.textContent = text;
  made.addEventListener("click", action);
  return made;
}
// A question before log out, in a modal dialog named by its ``words``:
// ``parts(done)`` gives what goes under them (buttons, a status line), its
// buttons calling ``done(answer)``. Resolves to the answer (false: Escape).
function askFirst(words, parts) {
  return new Promise((resolve) => {
    const dialog = document.createElement("dialog");
    dialog.className = "ask-logout";
    dialog.setAttribute("aria-labelledby", "ask-logout-text");
    const text = document.createElement("p");
    text.id = "ask-logout-text";
    text.textContent = words;
    function done(answer) {
      dialog.close();
      dialog.remove();
      resolve(answer);
    }
    dialog.addEventListener("cancel", () => done(false));
    dialog.append(text, ...parts(done));
    document.body.append(dialog);
    dialog.showModal();
    dialog.querySelector("button").focus();
  });
}
// Undo and Put back draw the board again, the hand form with it: a hand
// half typed there would go without a word, so they ask first.
document.addEventListener("htmx:confirm", (event) => {
  const form = event.detail.elt;
  const verb = form.dataset && form.dataset.clearsTyped;
  const hand = document.getElementById("hand-form");
  if (!verb || !hand || !handEntries(hand).length) return;
  event.preventDefault();
  // Translators: %(button)s is the name of the button tapped, "Undo" or "Put back".
  const said = gettext("A hand is half typed and not saved. %(button)s clears it from the form.");
  askFirst(interpolate(said, { button: verb }, true), (done) => [
    button(gettext("Keep typing"), true, () => done(false)),
    // Translators: %(button)s is the name of the button tapped, "Undo" or "Put back".
    button(interpolate(gettext("%(button)s anyway"), { button: verb }, true), false, () => done(true)),
  ]).then((go) => {
    if (go) event.detail.issueRequest(true);
  });
});
// A hand half typed, on this board or kept from a board left for another
// page (``TYPED_HAND``): log out forgets it, so it asks first. Resolves true
// to log out.
function askAboutTypedHand() {
  const form = document.getElementById("hand-form");
  let typed = Boolean(form && handEntries(form).length);
  try {
    typed = typed || Boolean(sessionStorage.getItem(TYPED_HAND));
  } catch {
    // nothing kept there
  }
  if (!typed) return Promise.resolve(true);
  return askFirst(gettext("A hand is half typed and not saved. If you log out now, it is lost."), (done) => {
    const leave = button(gettext("Log out anyway"), false, () => done(true));
    leave.classList.add("danger");
    return [button(gettext("Stay"), true, () => done(false)), leave];
  });
}
// Log out empties what the phone kept for this host first (Clear-Site-Data
// is ignored over plain HTTP), then logs out.
document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!form.matches("form[data-logout]") || form.dataset.forgotten) return;
  event.preventDefault();
  if (navigator.onLine === false) {
    // The server ends the session: with no connection nothing is forgotten,
    // and the host stays logged in, so say so rather than lose the page.
    let note = document.querySelector("[data-logout-offline]");
    if (!note) {
      note = document.createElement("p");
      note.className = "network-error";
      note.setAttribute("role", "alert");
      note.dataset.logoutOffline = "";
      document.querySelector("header").after(note);
    }
    note.textContent = gettext("Not logged out: logging out needs the connection. Try again once it is back.");
    return;
  }
  // Hands waiting to be sent: the host chooses first (static/js/waiting.js);
  // then a hand half typed, which log out forgets with the rest.
  const ask = typeof askBeforeLogout === "function" ? askBeforeLogout() : Promise.resolve(true);
  ask.then((leave) => leave && askAboutTypedHand()).then((leave) => {
    if (!leave) return;
    if (typeof stopWaiting === "function") stopWaiting();
    forgetPhone()
      .catch(() => {})
      .finally(() => {
        form.dataset.forgotten = "yes";
        form.submit();
      });
  });
});
