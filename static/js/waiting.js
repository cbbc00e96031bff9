// Hands that wait on the phone. A hand saved while the phone cannot reach
// the server is kept here (IndexedDB) with its one-time token and the hand
// number it was drawn for, and sent by itself once the connection is back:
// oldest first, one at a time, on load, when the browser says it is online
// and every 15 s while any wait. The server scores it (nothing of the engine
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
          setStatus("The waiting hands were sent from another tab.");
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
    const name = row.querySelector(".left-box label").textContent;
    names[row.dataset.seat] = name;
    const box = row.querySelector("input[name^=left_]");
    if (box && !box.disabled && box.value.trim()) boxes.push(`${name} ${box.value.trim()}`);
  }
  const chosen = form.querySelector("input[data-chooser]:checked");
  let first;
  if (chosen === null) first = said.saidUnchosen;
  else if (chosen.hasAttribute("data-none")) first = said.saidNone;
  else first = said.saidChose.replace("{name}", names[chosen.value]);
  if (form.querySelector("input[data-extra]:checked")) first += said.saidExtra;
  return boxes.length ? `${first}; ${boxes.join(", ")}` : first;
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
  return [...form.querySelectorAll("input[name^=left_]")].some((box) => box.value.trim() !== "");
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
// board it asked for arrives).
let lastStatus = ["", null];
let refreshing = false;

function setStatus(text, link) {
  lastStatus = [text, link];
  const status = document.querySelector("[data-waiting-status]");
  if (!status) return;
  status.textContent = text;
  status.hidden = !text;
  const section = waitingSection();
  if (section && text) section.hidden = false;
  if (link) {
    status.append(" ");
    const anchor = document.createElement("a");
    anchor.href = link.href;
    anchor.target = "_blank";
    anchor.rel = "noopener";
    anchor.textContent = link.text;
    status.append(anchor, link.after || "");
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
      box.textContent =
        "Not saved: this phone keeps no more hands until the connection is back. " +
        "Your entries are still here; tap Save again once it is.";
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
  setStatus("Kept on this phone: it is sent by itself once the connection is back.");
  const numbers = [...new Set([...waitingHands.map((each) => each.hand), kept])].sort((a, b) => a - b);
  const last = numbers.pop();
  sayInNote(
    numbers.length
      ? `Hands ${numbers.join(", ")} and ${last} are kept on this phone: they are sent by themselves once the connection is back.`
      : `Hand ${last} is kept on this phone: it is sent by itself once the connection is back.`,
  );
  changedElsewhere();
  startRetrying();
  return true;
}

function clearForm(form) {
  for (const input of form.querySelectorAll("input[type=radio], input[type=checkbox]")) input.checked = false;
  for (const box of form.querySelectorAll("input[name^=left_]")) {
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
function formFollows(why = "Who deals shows once the waiting hands are sent.") {
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

function withStop(text) {
  return /[.?!]$/.test(text) ? text : `${text}.`;
}

function showWaiting() {
  const section = waitingSection();
  if (!section) return;
  const list = section.querySelector("[data-waiting-list]");
  list.replaceChildren();
  let blocked = null;
  for (const hand of waitingHands) {
    const item = document.createElement("li");
    item.dataset.waitingHand = String(hand.hand);
    const line = document.createElement("p");
    item.append(line);
    const refused = hand.refused;
    if (hand.id === editingId) {
      line.textContent = `Hand ${hand.hand} is back in the form: correct it, then tap Save hand ${hand.hand}.`;
      const drop = button(`Drop hand ${hand.hand}`, false, () => dropHand(hand.id));
      drop.classList.add("danger");
      item.append(drop);
      blocked = hand;
    } else if (refused) {
      item.classList.add("refused");
      const lead = refused.kind === "asked" ? "is not saved yet" : "was not saved";
      line.textContent = `Hand ${hand.hand} ${lead}: ${withStop(refused.message)} You had entered: ${hand.words}.`;
      const choices = document.createElement("div");
      choices.className = "actions";
      if (refused.kind === "asked") {
        choices.append(button("Yes, save it as typed", true, () => saveAsNext(hand.id)));
      } else if (["error", "closed", "set_aside", "gone"].includes(refused.kind)) {
        // After moving the line or taking the match up again, it may go.
        choices.append(button("Try again", true, () => saveAsNext(hand.id)));
      } else if ((refused.kind === "taken" || refused.kind === "token") && refused.next_hand) {
        choices.append(button(`Save it as hand ${refused.next_hand}`, true, () => saveAsNext(hand.id)));
      }
      if ((refused.kind === "asked" || refused.kind === "invalid") && handForm()) {
        choices.append(button("Put it back in the form", false, () => putBack(hand.id)));
      }
      const drop = button(`Drop hand ${hand.hand}`, false, () => dropHand(hand.id));
      drop.classList.add("danger");
      choices.append(drop);
      item.append(choices);
      blocked = blocked || hand;
    } else {
      line.textContent = blocked
        ? `Hand ${hand.hand} waits until hand ${blocked.hand} is sorted out: ${hand.words}`
        : `Hand ${hand.hand} waits to be sent: ${hand.words}`;
    }
    list.append(item);
  }
  const status = section.querySelector("[data-waiting-status]");
  section.hidden = waitingHands.length === 0 && status.hidden;
  // While hands wait, the server's preview is of the wrong hand.
  const preview = document.getElementById("hand-preview");
  if (preview && waitingHands.length && waitingHands[0].id !== editingId) {
    preview.textContent = "The score shows once the waiting hands are sent.";
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
  setStatus(`Hand ${dropped.hand} was dropped: ${dropped.words}.`);
  sendWaiting();
}

// A refused hand back in the hand form, to correct: it keeps its place and
// its token, and the next Save replaces it.
async function putBack(id) {
  const form = handForm();
  if (!form) return;
  if (formTouched(form)) {
    setStatus("Save or empty the hand you are entering first, then put it back.");
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
  formFollows("Correct the hand, then save it.");
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
    setStatus("No connection yet: the waiting hands are sent by themselves when it is back.");
    return "later";
  } finally {
    clearTimeout(timer);
  }
  const section = waitingSection();
  if (response.type === "opaqueredirect" || response.status === 401) {
    setStatus("Not sent: you were logged out.", {
      href: section.dataset.loginUrl,
      text: "Log in again",
      after: " in a new tab, then come back: the waiting hands are kept, and sent by themselves.",
    });
    return "later";
  }
  if (response.status === 403) {
    setStatus("Not sent: the page's security check has expired. Reload the page: the waiting hands are kept.");
    return "later";
  }
  if (response.status === 404) {
    hand.refused = {
      kind: "gone",
      message: "This match is not here any more (deleted on another screen, or another host signed in on this phone?)",
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
    hand.refused = { kind: "error", message: `The server could not take it (error ${response.status})`, next_hand: null };
    await storeHands([hand]);
    return "refused";
  }
  await storeHands([hand]);
  setStatus("Not sent yet: the server did not answer properly. It tries again by itself.");
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
    setStatus(`Hand ${waitingHands[0].hand} needs your choice under "Waiting to be sent".`);
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
  let said = sent === 1 ? "The waiting hand was sent." : `The ${sent} waiting hands were sent.`;
  if (waitingHands.length) said = sent === 1 ? "1 waiting hand was sent." : `${sent} waiting hands were sent.`;
  if (form && formTouched(form)) {
    setStatus(`${said} The board shows them once you save the hand you are entering.`);
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
    numberForm(number, "Who deals shows once the connection is back.");
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
    const words = lost.map((hand) => `hand ${hand.hand} (${hand.words})`).join("; ");
    text.textContent = `This match is not here any more, but ${lost.length === 1 ? "1 of its hands waits" : `${lost.length} of its hands wait`} on this phone: ${words}.`;
    const drop = button(lost.length === 1 ? "Drop it" : "Drop them", false, async () => {
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
  const count = others.length === 1 ? "1 hand waits" : `${others.length} hands wait`;
  text.append(`${count} on this phone to be sent from ${boards.length === 1 ? "its match's board" : "their matches' boards"}: `);
  boards.forEach((hand, at) => {
    const link = document.createElement("a");
    link.href = hand.board;
    link.textContent = boards.length === 1 ? "open it" : `match ${at + 1}`;
    text.append(at ? ", " : "", link);
  });
  text.append(".");
  note.append(text);
  main.prepend(note);
}
document.addEventListener("DOMContentLoaded", () => {
  pointToWaiting();
});

// The connection is back: a send left hanging on the one that dropped is
// given up (its token makes a second arrival harmless) and sent again now.
window.addEventListener("online", () => {
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
  const one = all.length === 1;
  const words = one
    ? "1 hand is not sent yet. If you log out now, it is lost."
    : `${all.length} hands are not sent yet. If you log out now, they are lost.`;
  // ``askFirst`` and ``button``: static/js/app.js.
  return askFirst(words, (done) => {
    const why = document.createElement("p");
    why.setAttribute("role", "status");
    const send = button(one ? "Send it, then log out" : "Send them, then log out", true, async () => {
      const here = waitingSection();
      if (!here || here.dataset.match !== all[0].match) {
        done(false); // they are sent from their match's board
        window.location.assign(all[0].board);
        return;
      }
      send.disabled = true;
      why.textContent = "Sending…";
      await sendWaiting();
      const left = await allWaiting().catch(() => all);
      if (!left.length) {
        done(true);
        return;
      }
      const status = document.querySelector("[data-waiting-status]");
      why.textContent = `Not all were sent. ${status ? status.textContent : ""}`.trim();
      send.disabled = false;
    });
    const drop = button(one ? "Delete it and log out" : "Delete them and log out", false, () => done(true));
    drop.classList.add("danger");
    const stay = button("Stay", false, () => done(false));
    return [why, send, drop, stay];
  });
}
