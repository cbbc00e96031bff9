// Hands that wait on the phone. A hand saved while the phone cannot reach
// the server is kept here (IndexedDB) with its one-time token and the hand
// number it was drawn for, and sent by itself once the connection is back:
// oldest first, one at a time, on load, when the browser says it is online
// (and again within seconds if that finds no connection yet) and every 15 s
// while any wait. The server scores it (nothing of the engine
// is here); a token it has recorded already counts as sent, so no hand is
// recorded twice, and none is dropped but by the host's choice.
"use strict";

const WAITING_DB = "rummy-waiting";
const WAITING_RETRY_MS = 15000;
// Answers that are not the server's word (an error page) before the host is
// asked what to do with the hand.
const WAITING_TRIES = 3;
const HANDS = "hands";
// Every token this phone sent or kept: a page shown from the offline copy
// carries tokens an earlier save used, and a used token would make a new
// hand look "saved already".
const USED = "used";
// The next hand of each match as the server last drew it on this phone: an
// offline copy of the board may be older than that.
const KNOWN = "known";

// Whether this phone can keep hands (IndexedDB opens: private modes may
// refuse it). Until it is known, Save works as it always did.
let waitingWorks = false;
// Set once log out begins: nothing is kept or sent after that.
let waitingStopped = false;
// This board's waiting hands, oldest first (a copy of what IndexedDB holds).
let waitingHands = [];
// token → "kept" (a waiting hand's) or "sent" (a Save that went out).
const usedTokens = new Map();
// The waiting hand put back in this tab's form to correct (its id), if any.
let editingId = null;
// What each Save that went out sent: its token and fields, kept when no
// answer comes (the boxes may have changed since).
const sentCopy = new WeakMap();
let waitingTimer = null;
let sendRun = null;
let sendAgain = false;
let sendAbort = null;
// Tries soon after the browser says it is online again (ms to wait before
// each): a phone's Wi-Fi is often "on" a moment before it carries anything,
// and the next regular try is 15 s away. Used up until the next "online".
const SOON_AFTER_ONLINE_MS = [1000, 2000, 4000];
let soonTries = SOON_AFTER_ONLINE_MS.length;
let soonTimer = null;
const waitingChannel = "BroadcastChannel" in window ? new BroadcastChannel(WAITING_DB) : null;

// ``create``: make the database if this phone has none (only to keep
// something); else a phone with none answers null.
function openWaiting(create) {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(WAITING_DB, 1);
    request.onupgradeneeded = () => {
      if (!create) {
        request.transaction.abort();
        return;
      }
      request.result.createObjectStore(HANDS, { keyPath: "id", autoIncrement: true });
      request.result.createObjectStore(USED);
      request.result.createObjectStore(KNOWN);
    };
    request.onsuccess = () => {
      // Log out deletes the database: let go of it at once.
      request.result.onversionchange = () => request.result.close();
      resolve(request.result);
    };
    request.onerror = () => (create ? reject(request.error) : resolve(null));
  });
}

// Run work(hands, used, known) in one transaction; resolves with what it
// returned (an IDBRequest's result) once the transaction is done, or null
// when reading (``create`` false) a phone that keeps nothing.
async function inWaiting(mode, work, create = mode === "readwrite") {
  if (waitingStopped) throw new Error("logging out: nothing more is kept");
  const db = await openWaiting(create);
  if (db === null) return null;
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction([HANDS, USED, KNOWN], mode);
      const answer = work(tx.objectStore(HANDS), tx.objectStore(USED), tx.objectStore(KNOWN));
      tx.oncomplete = () => resolve(answer instanceof IDBRequest ? answer.result : answer);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

const waitingSection = () => document.querySelector("[data-waiting]");
const handForm = () => document.querySelector("#hand-form[data-spare-tokens]");
const who = () => document.body.dataset.who || "";

// Every waiting hand of this host, and the tokens used (into usedTokens).
async function allWaiting() {
  const found = await inWaiting("readonly", (hands, used) => {
    const all = hands.getAll();
    const keys = used.getAllKeys();
    const marks = used.getAll();
    return { all, keys, marks };
  });
  if (found === null) return [];
  found.keys.result.forEach((token, at) => {
    usedTokens.set(token, found.marks.result[at] === "sent" ? "sent" : "kept");
  });
  return found.all.result.filter((hand) => hand.who === who());
}

async function loadWaiting() {
  const section = waitingSection();
  if (!section) return;
  const all = await allWaiting();
  waitingHands = all.filter((hand) => hand.match === section.dataset.match);
  waitingHands.sort((a, b) => a.id - b.id);
}

function changedElsewhere() {
  if (waitingChannel) waitingChannel.postMessage("changed");
}
if (waitingChannel) {
  // Another tab kept, sent or dropped a hand: show the same list.
  waitingChannel.onmessage = () => {
    if (waitingStopped) return;
    const before = waitingHands.length;
    loadWaiting()
      .then(() => {
        showWaiting();
        formFollows();
        if (waitingHands.length) startRetrying();
        else if (before) {
          setStatus(gettext("The waiting hands were sent from another tab."));
          refreshBoard();
        }
      })
      .catch(() => {});
  };
}

// "Cara went out (rummy); Alice 23, Ben 18": what the host entered, in the
// game's words the sheet carries (data-said-*).
function typedWords(form) {
  const said = form.querySelector("[data-hand-sheet]").dataset;
  const names = {};
  const boxes = [];
  for (const row of form.querySelectorAll("tr.leftover")) {
    const name = row.querySelector("td.left .left-box label").textContent;
    names[row.dataset.seat] = name;
    const box = row.querySelector("input[name^=left_]");
    const second = row.querySelector("input[name^=second_]");
    const held = box && !box.disabled ? box.value.trim() : "";
    // A game's second box first ("40 − 5": melded, then left in hand).
    const typed = second && second.value.trim() ? (held ? `${second.value.trim()} \u2212 ${held}` : second.value.trim()) : held;
    if (typed) boxes.push(entryWords(name, typed)); // static/js/app.js
  }
  const chosen = form.querySelector("input[data-chooser]:checked");
  let first;
  if (chosen === null) first = said.saidUnchosen;
  else if (chosen.hasAttribute("data-none")) first = said.saidNone;
  else first = said.saidChose.replace("{name}", names[chosen.value]);
  if (form.querySelector("input[data-extra]:checked")) first += said.saidExtra;
  if (!boxes.length) return first;
  // Translators: a hand in words, "Cara went out (rummy); Alice 23, Ben 18": %(ending)s says
  // how the hand ended, %(entries)s what was typed in the players' boxes.
  return interpolate(gettext("%(ending)s; %(entries)s"), { ending: first, entries: boxes.join(listComma()) }, true);
}

function formFields(form) {
  return [...new FormData(form)].filter(([name]) => name !== "csrfmiddlewaretoken");
}

// The boxes of ``form`` as ``fields`` (``formFields``) say: a choice is
// ticked only when named there; hidden fields (the token, the hand number)
// are the form's own.
function fillForm(form, fields) {
  const values = new Map(fields);
  for (const input of form.elements) {
    if (!input.name || input.type === "hidden" || input.type === "submit") continue;
    if (input.type === "radio") input.checked = values.get(input.name) === input.value;
    else if (input.type === "checkbox") input.checked = values.has(input.name);
    else if (values.has(input.name)) input.value = values.get(input.name);
  }
  if (typeof markWentOut === "function") markWentOut(document);
}

function formTouched(form) {
  if (form.querySelector("input[type=radio]:checked, input[type=checkbox]:checked")) return true;
  return [...form.querySelectorAll("input[name^=left_], input[name^=second_]")].some((box) => box.value.trim() !== "");
}

function spareOf(form) {
  return (form.dataset.spareTokens || "").split(" ").filter((token) => token && !usedTokens.has(token));
}

// The token for the form's hand: its own, unless a waiting hand has it (a
// Save of this form that went out keeps it: the server may have that hand);
// else a spare one, taken off the list.
function takeToken(form) {
  const own = form.querySelector("input[name=token]").value;
  if (own && usedTokens.get(own) !== "kept") return own;
  const spare = spareOf(form);
  let token = spare.shift() || "";
  form.dataset.spareTokens = spare.join(" ");
  if (!token && document.body.dataset.offlineCopy === "yes" && window.crypto && crypto.randomUUID) {
    // An offline copy's spare tokens were drawn once, for its first load:
    // a copy is only ever shown in a secure context, where the phone can
    // make one-time tokens as unguessable as the server's.
    token = crypto.randomUUID();
  }
  return token;
}

// Fresh spare tokens from the server's answer join the form's.
function moreTokens(form, tokens) {
  if (!form || !tokens) return;
  form.dataset.spareTokens = [...spareOf(form), ...tokens].join(" ");
  const full = form.querySelector("[data-network-error]");
  if (full) full.hidden = true; // "keeps no more hands" holds no longer
  const own = form.querySelector("input[name=token]");
  if (!own.value || usedTokens.get(own.value) === "kept") own.value = takeToken(form);
}

// What the phone last said about its waiting hands (drawn again when the
// board it asked for arrives): its words, and a link they hold where they
// say ``LINK`` (filled in with ``interpolate`` like any value).
let lastStatus = ["", null];
let refreshing = false;
const LINK = "%(link)s";

// ``text`` into ``parent`` with ``nodes`` where it says ``LINK``: the words
// around a link are the translation's own, in its order.
function appendAround(parent, text, nodes) {
  const at = text.indexOf(LINK);
  if (at < 0) parent.append(text, ...nodes);
  else parent.append(text.slice(0, at), ...nodes, text.slice(at + LINK.length));
}

function setStatus(text, link) {
  lastStatus = [text, link];
  const status = document.querySelector("[data-waiting-status]");
  if (!status) return;
  status.textContent = link ? "" : text;
  status.hidden = !text;
  const section = waitingSection();
  if (section && text) section.hidden = false;
  if (link) {
    const anchor = document.createElement("a");
    anchor.href = link.href;
    anchor.target = "_blank";
    anchor.rel = "noopener";
    anchor.textContent = link.text;
    appendAround(status, text, [anchor]);
  }
}

// Keep the hand form's entries on the phone and clear the form for the next
// hand: the board's numbers stay as they were until the server has the hand.
// What the last change did, at the top of the board (the note of the last
// save the server answered would contradict it).
function sayInNote(text) {
  const note = document.getElementById("note");
  if (!note) return;
  const list = document.createElement("ul");
  const item = document.createElement("li");
  item.className = "info";
  item.textContent = text;
  list.append(item);
  note.replaceChildren(list);
}

async function keepHand(form, sent = null) {
  // htmx may say both "timeout" and "send error" for one Save: keep it once.
  if (form.dataset.keeping) return true;
  form.dataset.keeping = "yes";
  try {
    return await keepOnce(form, sent);
  } finally {
    delete form.dataset.keeping;
  }
}
// ``sent``: what a Save that got no answer sent (the server may have it:
// it is kept as sent, under its token).
async function keepOnce(form, sent) {
  await loadWaiting(); // another tab may have kept hands since
  const fields = sent ? sent.fields : formFields(form);
  const words = sent ? sent.words : typedWords(form);
  const editing = waitingHands.find((hand) => hand.id === editingId);
  let kept;
  if (editing && !sent) {
    // A refused hand put back in the form, corrected: it keeps its place.
    Object.assign(editing, { fields, words, refused: null, confirm: "", failures: 0 });
    kept = editing.hand;
    editingId = null;
    await inWaiting("readwrite", (hands) => hands.put(editing));
  } else {
    const token = sent ? sent.token : takeToken(form);
    if (!token) {
      const box = form.querySelector("[data-network-error]");
      box.textContent = gettext("Not saved: this phone keeps no more hands until the connection is back. Your entries are still here; tap Save again once it is.");
      box.hidden = false;
      return true;
    }
    const section = waitingSection();
    const drawn = Number(form.querySelector("input[name=hand_number]").value);
    const last = waitingHands.length ? waitingHands[waitingHands.length - 1].hand : 0;
    const hand = {
      who: who(),
      match: section.dataset.match,
      send: section.dataset.sendUrl,
      board: section.dataset.boardUrl,
      hand: Math.max(drawn, last + 1),
      token,
      fields,
      words,
      refused: null,
      confirm: "",
      failures: 0,
      // When it was entered: the board's history says so, not when it was sent.
      played: new Date().toISOString(),
    };
    kept = hand.hand;
    usedTokens.set(token, "kept");
    hand.id = await inWaiting("readwrite", (hands, used) => {
      used.put("kept", token);
      return hands.add(hand);
    });
    waitingHands.push(hand);
  }
  clearForm(form);
  formFollows();
  if (typeof settleButtons === "function") settleButtons(form);
  const first = form.querySelector("input[type=radio]");
  if (first) first.focus();
  showWaiting();
  setStatus(gettext("Kept on this phone: it is sent by itself once the connection is back."));
  const numbers = [...new Set([...waitingHands.map((each) => each.hand), kept])].sort((a, b) => a - b);
  const last = numbers.pop();
  const said = numbers.length
    // Translators: %(hands)s are the numbers of the hands but the last, "3, 4"; %(last)s the last one.
    ? gettext("Hands %(hands)s and %(last)s are kept on this phone: they are sent by themselves once the connection is back.")
    : gettext("Hand %(hand)s is kept on this phone: it is sent by itself once the connection is back.");
  sayInNote(interpolate(said, { hands: numbers.join(listComma()), last, hand: last }, true));
  changedElsewhere();
  startRetrying();
  return true;
}

function clearForm(form) {
  for (const input of form.querySelectorAll("input[type=radio], input[type=checkbox]")) input.checked = false;
  for (const box of form.querySelectorAll("input[name^=left_], input[name^=second_]")) {
    box.value = "";
    delete box.dataset.kept;
    box.removeAttribute("aria-invalid");
  }
  const confirm = form.querySelector("input[name=confirm_slips]");
  if (confirm) confirm.value = "";
  const token = form.querySelector("input[name=token]");
  token.value = "";
  token.value = takeToken(form);
  for (const old of form.querySelectorAll(".errors, tr.row-errors, .slips")) old.hidden = true;
  const preview = document.getElementById("hand-preview");
  if (preview) preview.replaceChildren();
  if (typeof markWentOut === "function") markWentOut(document);
}

// The form is for the hand after the last waiting one (or the put-back
// one's own number), with words that say the board is behind.
function formFollows(why = gettext("Who deals shows once the waiting hands are sent.")) {
  const editing = waitingHands.find((hand) => hand.id === editingId);
  const last = waitingHands.length ? waitingHands[waitingHands.length - 1].hand + 1 : 0;
  numberForm(editing ? editing.hand : last, why);
}

function numberForm(number, why) {
  const form = handForm();
  if (!form || !number) return;
  const box = form.querySelector("input[name=hand_number]");
  if (Number(box.value) === number) return;
  // The board's dealer marks are for the hand it was drawn for.
  const board = document.getElementById("board");
  if (board) board.classList.add("deal-unknown");
  box.value = String(number);
  for (const label of document.querySelectorAll("[data-hand-label]")) {
    for (const node of label.childNodes) {
      if (node.nodeType === Node.TEXT_NODE && /\d+/.test(node.textContent)) {
        node.textContent = node.textContent.replace(/\d+/, String(number));
        break;
      }
    }
  }
  // A hand half typed for this number goes back in (static/js/app.js).
  form.dispatchEvent(new Event("scoreboard:renumbered", { bubbles: true }));
  const deal = document.getElementById("deal");
  if (!deal) return;
  // Who deals that hand, where the page could tell it ahead (the game's
  // deal goes round whoever wins); else why it cannot be said yet.
  let ahead = [];
  try {
    ahead = JSON.parse(deal.dataset.dealsAhead || "[]");
  } catch {
    ahead = [];
  }
  const known = ahead[number - Number(deal.dataset.hand) - 1];
  if (known) {
    deal.innerHTML = known; // the board's own line for that deal, drawn by the server
  } else if (why) {
    deal.textContent = why;
  }
}

// The server's reason as a sentence: a full stop where it has none (a
// reason kept on the phone before its words ended in one).
function withStop(text) {
  return /[.?!\u0964\u3002\uff01\uff1f]$/u.test(text) ? text : `${text}.`;
}

function showWaiting() {
  const section = waitingSection();
  if (!section) return;
  const list = section.querySelector("[data-waiting-list]");
  // Drawn again only when what it says changed: a list drawn anew under the
  // host's finger (a retry, another tab's change) would lose their tap.
  const drawn = JSON.stringify([editingId, Boolean(handForm()), waitingHands.map((hand) => [hand.id, hand.hand, hand.refused, hand.words])]);
  if (list.dataset.drawn !== drawn) drawList(list, drawn);
  const status = section.querySelector("[data-waiting-status]");
  section.hidden = waitingHands.length === 0 && status.hidden;
  // While hands wait, the server's preview is of the wrong hand.
  const preview = document.getElementById("hand-preview");
  if (preview && waitingHands.length && waitingHands[0].id !== editingId) {
    preview.textContent = gettext("The score shows once the waiting hands are sent.");
  }
}

function drawList(list, drawn) {
  list.dataset.drawn = drawn;
  list.replaceChildren();
  let blocked = null;
  for (const hand of waitingHands) {
    const item = document.createElement("li");
    item.dataset.waitingHand = String(hand.hand);
    const line = document.createElement("p");
    item.append(line);
    const refused = hand.refused;
    if (hand.id === editingId) {
      // Translators: "Save hand %(hand)s" is the name of the form's Save button.
      const said = gettext("Hand %(hand)s is back in the form: correct it, then tap Save hand %(hand)s.");
      line.textContent = interpolate(said, { hand: hand.hand }, true);
      const drop = button(interpolate(gettext("Drop hand %(hand)s"), { hand: hand.hand }, true), false, () => dropHand(hand.id));
      drop.classList.add("danger");
      item.append(drop);
      blocked = hand;
    } else if (refused) {
      item.classList.add("refused");
      const values = { hand: hand.hand, reason: withStop(refused.message), entered: hand.words };
      const said = refused.kind === "asked"
        // Translators: %(reason)s is the server's question, a sentence; %(entered)s the hand
        // in words, "Cara went out (rummy); Alice 23, Ben 18".
        ? gettext("Hand %(hand)s is not saved yet: %(reason)s You had entered: %(entered)s.")
        // Translators: %(reason)s is why the server refused it, a sentence; %(entered)s the hand
        // in words, "Cara went out (rummy); Alice 23, Ben 18".
        : gettext("Hand %(hand)s was not saved: %(reason)s You had entered: %(entered)s.");
      line.textContent = interpolate(said, values, true);
      const choices = document.createElement("div");
      choices.className = "actions";
      if (refused.kind === "asked") {
        choices.append(button(gettext("Yes, save it as typed"), true, () => saveAsNext(hand.id)));
      } else if (["error", "closed", "set_aside", "gone"].includes(refused.kind)) {
        // After moving the line or taking the match up again, it may go.
        choices.append(button(gettext("Try again"), true, () => saveAsNext(hand.id)));
      } else if ((refused.kind === "taken" || refused.kind === "token") && refused.next_hand) {
        const words = interpolate(gettext("Save it as hand %(hand)s"), { hand: refused.next_hand }, true);
        choices.append(button(words, true, () => saveAsNext(hand.id)));
      }
      if ((refused.kind === "asked" || refused.kind === "invalid") && handForm()) {
        choices.append(button(gettext("Put it back in the form"), false, () => putBack(hand.id)));
      }
      const drop = button(interpolate(gettext("Drop hand %(hand)s"), { hand: hand.hand }, true), false, () => dropHand(hand.id));
      drop.classList.add("danger");
      choices.append(drop);
      item.append(choices);
      blocked = blocked || hand;
    } else {
      const said = blocked
        // Translators: %(before)s is the refused hand waiting for the host's choice; %(entered)s
        // the hand in words, "Cara went out (rummy); Alice 23, Ben 18".
        ? gettext("Hand %(hand)s waits until hand %(before)s is sorted out: %(entered)s")
        // Translators: %(entered)s is the hand in words, "Cara went out (rummy); Alice 23, Ben 18".
        : gettext("Hand %(hand)s waits to be sent: %(entered)s");
      line.textContent = interpolate(said, { hand: hand.hand, before: blocked && blocked.hand, entered: hand.words }, true);
    }
    list.append(item);
  }
}

async function storeHands(changed) {
  await inWaiting("readwrite", (hands) => {
    for (const hand of changed) hands.put(hand);
  });
  changedElsewhere();
}

// Change this board's waiting hands in one transaction, read afresh there
// (the timer or another tab may have changed them): ``change(list, index)``
// edits the hands of ``list`` (oldest first) and returns the ids to delete.
// Resolves with the hand ``id`` as it was, or null when it is gone.
async function changeWaiting(id, change) {
  const section = waitingSection();
  let found = null;
  await inWaiting("readwrite", (hands) => {
    const all = hands.getAll();
    all.onsuccess = () => {
      const list = all.result
        .filter((hand) => hand.who === who() && hand.match === section.dataset.match)
        .sort((a, b) => a.id - b.id);
      const index = list.findIndex((hand) => hand.id === id);
      if (index < 0) return;
      found = { ...list[index] };
      const gone = change(list, index) || [];
      for (const hand of list) {
        if (gone.includes(hand.id)) hands.delete(hand.id);
        else hands.put(hand);
      }
    };
  });
  await loadWaiting();
  changedElsewhere();
  return found;
}

// The hands from ``from`` on get numbers from ``number`` up: those entered
// after a hand follow it.
function renumber(list, from, number) {
  list.slice(from).forEach((each, offset) => {
    each.hand = number + offset;
  });
}

// The host's choice for a refused hand: record it as the board's next hand
// (or, for a typing-slip question, as typed; after an error or once the
// match takes hands again, try again).
async function saveAsNext(id) {
  await changeWaiting(id, (list, index) => {
    const hand = list[index];
    const refused = hand.refused || {};
    hand.confirm = refused.kind === "asked" ? refused.confirm_slips || "" : "";
    if (refused.kind === "token" && refused.spare_tokens && refused.spare_tokens.length) {
      hand.token = refused.spare_tokens[0];
    }
    hand.refused = null;
    hand.failures = 0;
    // Another number only for a hand taken by another screen: the hands
    // behind it follow it.
    if ((refused.kind === "taken" || refused.kind === "token") && refused.next_hand) {
      renumber(list, index, refused.next_hand);
    }
  });
  for (const hand of waitingHands) usedTokens.set(hand.token, "kept");
  showWaiting();
  formFollows();
  sendWaiting();
}

async function dropHand(id) {
  const dropped = await changeWaiting(id, (list, index) => {
    const next = list[index].refused ? list[index].refused.next_hand : null;
    // The hands behind it now follow the board's last hand.
    if (next) renumber(list, index + 1, next);
    return [id];
  });
  if (editingId === id) editingId = null;
  if (!dropped) return;
  showWaiting();
  formFollows();
  if (!waitingHands.length) {
    const next = dropped.refused ? dropped.refused.next_hand : null;
    if (next) numberForm(next, "");  // the board drawn again says who deals
    refreshBoard();
  }
  // Translators: %(entered)s is the hand in words, "Cara went out (rummy); Alice 23, Ben 18".
  const said = gettext("Hand %(hand)s was dropped: %(entered)s.");
  setStatus(interpolate(said, { hand: dropped.hand, entered: dropped.words }, true));
  sendWaiting();
}

// A refused hand back in the hand form, to correct: it keeps its place and
// its token, and the next Save replaces it.
async function putBack(id) {
  const form = handForm();
  if (!form) return;
  if (formTouched(form)) {
    setStatus(gettext("Save or empty the hand you are entering first, then put it back."));
    return;
  }
  await loadWaiting();
  const hand = waitingHands.find((each) => each.id === id);
  if (!hand) return;
  clearForm(form);
  fillForm(form, hand.fields);
  // Only in this tab: a reload, or another tab, shows it refused again.
  editingId = hand.id;
  showWaiting();
  formFollows(gettext("Correct the hand, then save it."));
  const first = form.querySelector("input[type=radio]");
  if (first) first.focus();
}

// One waiting hand to the server: "saved", "refused" (the host chooses), or
// "later" (no connection, logged out, the server busy: it stays waiting).
async function sendOne(hand) {
  const csrf = csrfFromCookie(); // static/js/app.js: read when sending, never kept
  const body = new URLSearchParams(hand.fields);
  body.set("csrfmiddlewaretoken", csrf);
  body.set("token", hand.token);
  body.set("hand_number", String(hand.hand));
  if (hand.confirm) body.set("confirm_slips", hand.confirm);
  if (hand.played) body.set("played_at", hand.played);
  sendAbort = new AbortController();
  const timer = setTimeout(() => sendAbort.abort(), WAITING_RETRY_MS);
  let response;
  try {
    response = await fetch(hand.send, {
      method: "POST",
      body,
      headers: { "X-CSRFToken": csrf, Accept: "application/json" },
      credentials: "same-origin",
      redirect: "manual",
      signal: sendAbort.signal,
    });
  } catch {
    setStatus(gettext("No connection yet: the waiting hands are sent by themselves when it is back."));
    trySoon();
    return "later";
  } finally {
    clearTimeout(timer);
  }
  const section = waitingSection();
  if (response.type === "opaqueredirect" || response.status === 401) {
    // Translators: %(link)s is a link whose words are "Log in again" (the message after this one).
    const said = gettext("Not sent: you were logged out. %(link)s in a new tab, then come back: the waiting hands are kept, and sent by themselves.");
    // Translators: the words of the link in "%(link)s in a new tab, then come back" (the message before).
    const login = { href: section.dataset.loginUrl, text: gettext("Log in again") };
    setStatus(interpolate(said, { link: LINK }, true), login);
    return "later";
  }
  if (response.status === 403) {
    setStatus(gettext("Not sent: the page's security check has expired. Reload the page: the waiting hands are kept."));
    return "later";
  }
  if (response.status === 404) {
    hand.refused = {
      kind: "gone",
      message: gettext("This match is not here any more (deleted on another screen, or another host signed in on this phone?)."),
      next_hand: null,
    };
    await storeHands([hand]);
    return "refused";
  }
  let answer = null;
  try {
    answer = await response.json();
  } catch {
    answer = null;
  }
  if (answer && answer.outcome === "saved") {
    moreTokens(handForm(), answer.spare_tokens);
    if (answer.hand) {
      inWaiting("readwrite", (hands, used, known) => known.put(answer.hand + 1, hand.match), false).catch(() => {});
    }
    return "saved";
  }
  if (answer && answer.outcome === "refused") {
    moreTokens(handForm(), answer.spare_tokens);
    hand.refused = answer;
    await storeHands([hand]);
    return "refused";
  }
  hand.failures = (hand.failures || 0) + 1;
  if (hand.failures >= WAITING_TRIES) {
    // Translators: %(status)s is the HTTP status number of the server's answer, "500".
    const said = gettext("The server could not take it (error %(status)s).");
    const message = interpolate(said, { status: response.status }, true);
    hand.refused = { kind: "error", message, next_hand: null };
    await storeHands([hand]);
    return "refused";
  }
  await storeHands([hand]);
  setStatus(gettext("Not sent yet: the server did not answer properly. It tries again by itself."));
  return "later";
}

// Send the waiting hands, oldest first; one run at a time (a call during a
// run makes it look again once done). Resolves when done.
function sendWaiting() {
  if (!waitingWorks || waitingStopped || !waitingSection()) return Promise.resolve();
  if (sendRun) {
    sendAgain = true;
    return sendRun;
  }
  sendRun = (async () => {
    do {
      sendAgain = false;
      await sendRound();
    } while (sendAgain && !waitingStopped);
  })()
    .catch(() => {})
    .finally(() => {
      sendRun = null;
    });
  return sendRun;
}

async function sendRound() {
  await loadWaiting();
  let sent = 0;
  let refusedNow = false;
  while (!waitingStopped && waitingHands.length && !waitingHands[0].refused) {
    const hand = waitingHands[0];
    showWaiting();
    const outcome = await sendOne(hand);
    refusedNow = outcome === "refused";
    if (outcome !== "saved") break;
    await inWaiting("readwrite", (hands) => hands.delete(hand.id));
    waitingHands.shift();
    sent += 1;
  }
  showWaiting();
  if (sent) {
    changedElsewhere();
    boardCatchesUp(sent);
  }
  if (refusedNow) {
    // Translators: "Waiting to be sent" is the heading of the list of waiting hands.
    const said = gettext('Hand %(hand)s needs your choice under "Waiting to be sent".');
    setStatus(interpolate(said, { hand: waitingHands[0].hand }, true));
    // What another screen recorded shows on the board before the host chooses.
    if (!sent) refreshBoard();
  }
  if (!waitingHands.length) stopRetrying();
}

// After hands were sent, the board shows what the server now holds, with
// what each took in its note, unless the host is typing the next hand
// (nothing typed is wiped).
function boardCatchesUp(sent) {
  const form = document.getElementById("hand-form");
  // Every waiting hand was sent, or some of them (others still wait).
  const said = interpolate(
    waitingHands.length
      // Translators: %(count)s of the waiting hands were sent; others still wait.
      ? ngettext("%(count)s waiting hand was sent.", "%(count)s waiting hands were sent.", sent)
      // Translators: every waiting hand was sent, %(count)s of them.
      : ngettext("The waiting hand was sent.", "The %(count)s waiting hands were sent.", sent),
    { count: sent },
    true,
  );
  if (form && formTouched(form)) {
    const then = ngettext(
      // Translators: %(sent)s is the sentence saying how many waiting hands were sent,
      // "The 2 waiting hands were sent."; the count is that of the hands sent.
      "%(sent)s The board shows them once you save the hand you are entering.",
      "%(sent)s The board shows them once you save the hand you are entering.",
      sent,
    );
    setStatus(interpolate(then, { sent: said }, true));
    return;
  }
  setStatus(said);
  refreshBoard();
}

// The board as the server holds it now, unless the host is typing a hand.
function refreshBoard() {
  const section = waitingSection();
  const form = document.getElementById("hand-form");
  if (!section || !window.htmx || (form && formTouched(form))) return;
  refreshing = true;
  htmx.ajax("GET", section.dataset.boardUrl, { target: "#board", swap: "outerHTML" });
}

// Once more in a moment, while tries after the last "online" are left.
function trySoon() {
  if (soonTimer !== null || soonTries >= SOON_AFTER_ONLINE_MS.length) return;
  soonTimer = setTimeout(() => {
    soonTimer = null;
    sendWaiting();
  }, SOON_AFTER_ONLINE_MS[soonTries]);
  soonTries += 1;
}

function startRetrying() {
  if (waitingTimer === null) waitingTimer = setInterval(sendWaiting, WAITING_RETRY_MS);
  sendWaiting();
}
function stopRetrying() {
  if (waitingTimer !== null) clearInterval(waitingTimer);
  waitingTimer = null;
}
// Log out: this host's waiting hands go, and the database with them unless
// another host's hands wait in it (theirs are kept for them).
async function forgetWaiting() {
  let others = 0;
  try {
    const db = await openWaiting(false);
    if (db !== null) {
      await new Promise((done) => {
        const tx = db.transaction(HANDS, "readwrite");
        const hands = tx.objectStore(HANDS);
        const all = hands.getAll();
        all.onsuccess = () => {
          for (const hand of all.result) {
            if (hand.who === who()) hands.delete(hand.id);
            else others += 1;
          }
        };
        tx.oncomplete = tx.onerror = tx.onabort = () => done();
      });
      db.close();
    }
  } catch {
    // nothing could be read: nothing of anyone's is kept either
  }
  if (others) return;
  await new Promise((done) => {
    const deleting = indexedDB.deleteDatabase(WAITING_DB);
    deleting.onsuccess = deleting.onerror = deleting.onblocked = () => done();
  });
}

function stopWaiting() {
  waitingStopped = true;
  stopRetrying();
  if (sendAbort) sendAbort.abort();
}

// A Save of a new hand (the form carries spare tokens; a fix does not):
// kept on the phone when hands wait already (they go first) or the phone
// knows it is offline. Its preview is skipped while hands wait (the
// server's board is behind the phone's), but for a hand put back in the
// form, which is next on the server's board.
document.addEventListener("htmx:configRequest", (event) => {
  const form = event.detail.elt;
  if (!waitingWorks || !(form instanceof HTMLFormElement) || !form.hasAttribute("data-spare-tokens")) return;
  const parameters = event.detail.parameters;
  const sent = typeof parameters.get === "function" ? parameters.get("token") : parameters.token;
  if (!sent || usedTokens.get(sent) !== "kept") return;
  // An old page's token, now a waiting hand's: send a fresh one instead.
  const token = takeToken(form);
  form.querySelector("input[name=token]").value = token;
  if (typeof parameters.set === "function") parameters.set("token", token);
  else parameters.token = token;
});
document.addEventListener("htmx:beforeRequest", (event) => {
  const elt = event.detail.elt;
  if (!waitingWorks || !waitingSection()) return;
  if (elt.id === "hand-preview") {
    if (waitingHands.length && waitingHands[0].id !== editingId) event.preventDefault();
    return;
  }
  if (!(elt instanceof HTMLFormElement) || !elt.hasAttribute("data-spare-tokens")) return;
  if ((waitingHands.length || navigator.onLine === false) && formTouched(elt)) {
    event.preventDefault();
    keepHand(elt).catch(() => showNotSaved({ type: "htmx:sendError", detail: { elt } }, true));
    return;
  }
  const token = elt.querySelector("input[name=token]");
  if (token && token.value) {
    sentCopy.set(elt, { token: token.value, fields: formFields(elt), words: typedWords(elt) });
    if (usedTokens.get(token.value) !== "kept") usedTokens.set(token.value, "sent");
    inWaiting("readwrite", (hands, used) => used.put("sent", token.value)).catch(() => {});
  }
});
// The Save went out but no answer came (the connection dropped): keep it.
// Its token is the form's, so if the server did record it, sending it again
// records nothing more.
for (const name of ["htmx:sendError", "htmx:timeout"]) {
  document.addEventListener(name, (event) => {
    const elt = event.detail.elt;
    if (!(elt instanceof HTMLFormElement) || !elt.hasAttribute("data-spare-tokens")) return;
    if (!waitingWorks || !waitingSection() || !formTouched(elt)) {
      showNotSaved(event, true);
      return;
    }
    keepHand(elt, sentCopy.get(elt)).catch(() => showNotSaved(event, true));
  });
}

// The hand the server's board is drawn for, remembered for offline copies.
function rememberHand() {
  const section = waitingSection();
  const number = document.querySelector("#hand-form[data-spare-tokens] input[name=hand_number]");
  if (!section || !number || document.body.dataset.offlineCopy === "yes") return;
  const drawn = Number(number.value);
  inWaiting("readwrite", (hands, used, known) => known.put(drawn, section.dataset.match), false).catch(() => {});
}

// A board shown from the offline copy may be behind what this phone saw:
// its form then moves on to the hand after the last one saved or waiting,
// and leaves a token an earlier save used.
async function catchUpOfflineCopy() {
  const form = handForm();
  if (!form || document.body.dataset.offlineCopy !== "yes") return;
  const section = waitingSection();
  const known = await inWaiting("readonly", (hands, used, knownStore) => knownStore.get(section.dataset.match));
  const last = waitingHands.length ? waitingHands[waitingHands.length - 1].hand + 1 : 0;
  const number = Math.max(known || 0, last);
  if (number > Number(form.querySelector("input[name=hand_number]").value)) {
    numberForm(number, gettext("Who deals shows once the connection is back."));
  }
  const token = form.querySelector("input[name=token]");
  if (usedTokens.has(token.value)) {
    token.value = ""; // an earlier page's Save used it
    token.value = takeToken(form);
  }
}

// Hands that wait for another match (or on a page with no board): they are
// sent from their own board, so say where. On the page of a match that is
// gone (deleted on another screen), its hands can only be dropped.
async function pointToWaiting() {
  if (!who() || !window.indexedDB || document.body.dataset.offlineCopy === "yes") return;
  const section = waitingSection();
  let others = [];
  try {
    others = (await allWaiting()).filter((hand) => !section || hand.match !== section.dataset.match);
  } catch {
    return;
  }
  const main = document.querySelector("main");
  if (!others.length || !main) return;
  const note = document.createElement("div");
  note.className = "waiting-elsewhere";
  note.setAttribute("role", "status");
  const lost = others.filter((hand) => hand.board === window.location.pathname);
  if (lost.length) {
    const text = document.createElement("p");
    // Translators: %(entered)s is the hand in words, "Cara went out (rummy); Alice 23, Ben 18".
    const each = lost.map((hand) => interpolate(gettext("hand %(hand)s (%(entered)s)"), { hand: hand.hand, entered: hand.words }, true));
    // Translators: between the hands of a list, each "hand 3 (Cara went out; Alice 23, Ben 18)".
    const words = each.join(gettext("; "));
    const said = ngettext(
      // Translators: %(hands)s is the list of those hands, "hand 3 (Cara went out; Alice 23, Ben 18)".
      "This match is not here any more, but %(count)s of its hands waits on this phone: %(hands)s.",
      "This match is not here any more, but %(count)s of its hands wait on this phone: %(hands)s.",
      lost.length,
    );
    text.textContent = interpolate(said, { count: lost.length, hands: words }, true);
    const drop = button(ngettext("Drop it", "Drop them", lost.length), false, async () => {
      const ids = lost.map((hand) => hand.id);
      await inWaiting("readwrite", (hands) => ids.forEach((id) => hands.delete(id)));
      changedElsewhere();
      note.remove();
    });
    note.append(text, drop);
    main.prepend(note);
    return;
  }
  const boards = [...new Map(others.map((hand) => [hand.board, hand])).values()];
  const text = document.createElement("p");
  const one = ngettext(
    // Translators: %(link)s is a link whose words are "open it" (its own message).
    "%(count)s hand waits on this phone to be sent from its match's board: %(link)s.",
    "%(count)s hands wait on this phone to be sent from its match's board: %(link)s.",
    others.length,
  );
  const several = ngettext(
    // Translators: %(link)s is a list of links, "match 1, match 2", one for each match.
    "%(count)s hand waits on this phone to be sent from their matches' boards: %(link)s.",
    "%(count)s hands wait on this phone to be sent from their matches' boards: %(link)s.",
    others.length,
  );
  const links = [];
  boards.forEach((hand, at) => {
    const link = document.createElement("a");
    link.href = hand.board;
    link.textContent = boards.length === 1
      // Translators: the link to the board of the match whose hands wait.
      ? gettext("open it")
      // Translators: a link to the board of one of the matches with hands waiting, numbered from 1.
      : interpolate(gettext("match %(number)s"), { number: at + 1 }, true);
    if (at) links.push(listComma()); // static/js/app.js
    links.push(link);
  });
  appendAround(text, interpolate(boards.length === 1 ? one : several, { count: others.length, link: LINK }, true), links);
  note.append(text);
  main.prepend(note);
}
document.addEventListener("DOMContentLoaded", () => {
  pointToWaiting();
});

// The connection is back: a send left hanging on the one that dropped is
// given up (its token makes a second arrival harmless) and sent again now.
window.addEventListener("online", () => {
  soonTries = 0;
  if (sendRun && sendAbort) sendAbort.abort();
  sendWaiting();
});
document.addEventListener("DOMContentLoaded", async () => {
  if (!waitingSection() || !window.indexedDB) return;
  try {
    await loadWaiting();
    waitingWorks = true;
  } catch {
    return; // this phone cannot keep hands: Save says "Not saved" as before
  }
  showWaiting();
  formFollows();
  rememberHand();
  await catchUpOfflineCopy();
  if (waitingHands.length) startRetrying();
});
// A board this script asked for lands later: if the host has typed since
// (or put a hand back in the form), it is not swapped in over that.
document.addEventListener("htmx:beforeSwap", (event) => {
  if (!refreshing || event.detail.target.id !== "board") return;
  const asked = event.detail.requestConfig;
  if (!asked || asked.verb !== "get") return; // the host's own Save, Undo...
  const form = document.getElementById("hand-form");
  if (editingId !== null || (form && formTouched(form))) {
    event.detail.shouldSwap = false;
    refreshing = false;
  }
});
document.addEventListener("htmx:afterSwap", (event) => {
  if (event.detail.target.id !== "board" || !waitingWorks) return;
  // A board from the server: the offline copy's note no longer holds.
  if (document.body.dataset.offlineCopy === "yes") {
    document.body.dataset.offlineCopy = "no";
    const note = document.querySelector("[data-offline-note]");
    if (note) note.hidden = true;
  }
  rememberHand();
  // The list is drawn again in the new board, with what the phone last said
  // when the board came at its asking; a board drawn while hands wait is
  // behind them: its form follows them.
  if (refreshing) setStatus(...lastStatus);
  else lastStatus = ["", null];
  refreshing = false;
  showWaiting();
  formFollows();
});

// Log out with hands waiting asks first (static/js/app.js calls this):
// resolves true to log out now (nothing waits, or the host drops them).
async function askBeforeLogout() {
  let all = [];
  try {
    all = await allWaiting();
  } catch {
    return true;
  }
  if (!all.length) return true;
  const count = all.length;
  const words = interpolate(
    ngettext(
      "%(count)s hand is not sent yet. If you log out now, it is lost.",
      "%(count)s hands are not sent yet. If you log out now, they are lost.",
      count,
    ),
    { count },
    true,
  );
  // ``askFirst`` and ``button``: static/js/app.js.
  return askFirst(words, (done) => {
    const why = document.createElement("p");
    why.setAttribute("role", "status");
    const send = button(ngettext("Send it, then log out", "Send them, then log out", count), true, async () => {
      const here = waitingSection();
      if (!here || here.dataset.match !== all[0].match) {
        done(false); // they are sent from their match's board
        window.location.assign(all[0].board);
        return;
      }
      send.disabled = true;
      why.textContent = gettext("Sending…");
      await sendWaiting();
      const left = await allWaiting().catch(() => all);
      if (!left.length) {
        done(true);
        return;
      }
      const status = document.querySelector("[data-waiting-status]");
      const said = status ? status.textContent.trim() : "";
      why.textContent = said
        // Translators: %(status)s is what the phone last said about its waiting hands, a sentence.
        ? interpolate(gettext("Not all were sent. %(status)s"), { status: said }, true)
        : gettext("Not all were sent.");
      send.disabled = false;
    });
    const drop = button(ngettext("Delete it and log out", "Delete them and log out", count), false, () => done(true));
    drop.classList.add("danger");
    const stay = button(gettext("Stay"), false, () => done(false));
    return [why, send, drop, stay];
  });
}
