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
// Every token this phone sent or kept: a page shown from the offline copy
// carries tokens an earlier save used, and a used token would make a new
// hand look "saved already".
const USED = "used";
const HANDS = "hands";
// The next hand of each match as the server last drew it on this phone: an
// offline copy of the board may be older than that.
const KNOWN = "known";

function openWaiting() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(WAITING_DB, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(HANDS, { keyPath: "id", autoIncrement: true });
      request.result.createObjectStore(USED);
      request.result.createObjectStore(KNOWN);
    };
    request.onsuccess = () => {
      // Log out deletes the database: let go of it at once.
      request.result.onversionchange = () => request.result.close();
      resolve(request.result);
    };
    request.onerror = () => reject(request.error);
  });
}

// Run work(stores) in one transaction; resolves with what it returned (an
// IDBRequest's result) once the transaction is done.
async function inWaiting(mode, work) {
  if (waitingStopped) throw new Error("logging out: nothing more is kept");
  const db = await openWaiting();
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
const who = () => document.body.dataset.who || "";
// This board's waiting hands, oldest first (a copy of what IndexedDB holds).
let waitingHands = [];
let waitingSending = false;
let waitingTimer = null;
// Set once log out begins: nothing is kept or sent after that.
let waitingStopped = false;
function stopWaiting() {
  waitingStopped = true;
  stopRetrying();
}
// The tokens of USED, as this page knows them.
const usedTokens = new Set();

async function allWaiting() {
  if (!window.indexedDB) return [];
  const all = await inWaiting("readonly", (hands) => hands.getAll());
  return all.filter((hand) => hand.who === who());
}

async function loadWaiting() {
  const section = waitingSection();
  if (!section) return;
  const all = await allWaiting();
  waitingHands = all.filter((hand) => hand.match === section.dataset.match);
  waitingHands.sort((a, b) => a.id - b.id);
}

function csrfFromCookie() {
  const found = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return found ? found[1] : "";
}

// "Cara went out (rummy); Alice 23, Ben 18": what the host entered, in words.
function typedWords(form) {
  const gin = form.querySelector("input[name=knocked]") !== null;
  const names = {};
  const boxes = [];
  for (const row of form.querySelectorAll("tr.leftover")) {
    const name = row.querySelector(".left-box label").textContent;
    names[row.dataset.seat] = name;
    const box = row.querySelector("input[name^=left_]");
    if (box && !box.disabled && box.value.trim()) boxes.push(`${name} ${box.value.trim()}`);
  }
  const chosen = form.querySelector(gin ? "input[name=knocked]:checked" : "input[name=went_out]:checked");
  let first;
  if (chosen === null) first = gin ? "Nobody marked as knocked" : "Nobody marked as went out";
  else if (chosen.hasAttribute("data-no-rummy")) first = gin ? "Drawn hand" : "Nobody went out";
  else first = `${names[chosen.value]} ${gin ? "knocked" : "went out"}`;
  const extra = form.querySelector(gin ? "input[name=big_gin]:checked" : "input[name=rummy]:checked");
  if (extra) first += gin ? " (big gin)" : " (rummy)";
  return boxes.length ? `${first}; ${boxes.join(", ")}` : first;
}

function formTouched(form) {
  if (form.querySelector("input[type=radio]:checked, input[type=checkbox]:checked")) return true;
  return [...form.querySelectorAll("input[name^=left_]")].some((box) => box.value.trim() !== "");
}

// The next unused token of the form's spare ones (the board's own first).
async function nextToken(form) {
  const own = form.querySelector("input[name=token]");
  const spare = (form.dataset.spareTokens || "").split(" ").filter(Boolean);
  const candidates = [own ? own.value : "", ...spare].filter(Boolean);
  const used = await inWaiting("readonly", (hands, usedStore) => usedStore.getAllKeys());
  for (const token of used) usedTokens.add(token);
  const free = candidates.filter((token) => !usedTokens.has(token));
  form.dataset.spareTokens = free.slice(1).join(" ");
  return free.length ? free[0] : "";
}

function setStatus(text, link) {
  const status = document.querySelector("[data-waiting-status]");
  if (!status) return;
  status.textContent = text;
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
async function keepHand(form, { sameToken = false } = {}) {
  // htmx may say both "timeout" and "send error" for one Save: keep it once.
  if (form.dataset.keeping) return;
  form.dataset.keeping = "yes";
  try {
    await keepOnce(form, sameToken);
  } finally {
    delete form.dataset.keeping;
  }
}
async function keepOnce(form, sameToken) {
  const tokenBox = form.querySelector("input[name=token]");
  // A Save that went out keeps its own token: the server may have it.
  const token = sameToken && tokenBox.value ? tokenBox.value : await nextToken(form);
  const errorBox = form.querySelector("[data-network-error]");
  if (!token) {
    if (errorBox) {
      errorBox.textContent =
        `Not saved: ${waitingHands.length} hands already wait on this phone, the most it keeps ` +
        "without a connection. Your entries are still here; tap Save when the connection is back.";
      errorBox.hidden = false;
    }
    return;
  }
  tokenBox.value = token;
  const fields = [...new FormData(form)].filter(([name]) => name !== "csrfmiddlewaretoken");
  const section = waitingSection();
  const hand = {
    who: who(),
    match: section.dataset.match,
    send: section.dataset.sendUrl,
    board: section.dataset.boardUrl,
    hand: Number(form.querySelector("input[name=hand_number]").value),
    token,
    fields,
    words: typedWords(form),
    refused: null,
    confirm: "",
  };
  usedTokens.add(token);
  hand.id = await inWaiting("readwrite", (hands, usedStore) => {
    usedStore.put(true, token);
    return hands.add(hand);
  });
  waitingHands.push(hand);
  nextHandForm(form, hand.hand + 1);
  showWaiting();
  startRetrying();
}

function nextHandForm(form, number, why = "Who deals shows once the waiting hands are sent.") {
  for (const input of form.querySelectorAll("input[type=radio], input[type=checkbox]")) input.checked = false;
  for (const box of form.querySelectorAll("input[name^=left_]")) {
    box.value = "";
    delete box.dataset.kept;
    box.removeAttribute("aria-invalid");
  }
  const confirm = form.querySelector("input[name=confirm_slips]");
  if (confirm) confirm.value = "";
  form.querySelector("input[name=hand_number]").value = String(number);
  form.querySelector("input[name=token]").value = "";
  for (const old of form.querySelectorAll(".errors, tr.row-errors, .slips")) old.hidden = true;
  const preview = document.getElementById("hand-preview");
  if (preview) preview.replaceChildren();
  for (const label of document.querySelectorAll("[data-hand-label]")) {
    for (const node of label.childNodes) {
      if (node.nodeType === Node.TEXT_NODE && /\d+/.test(node.textContent)) {
        node.textContent = node.textContent.replace(/\d+/, String(number));
        break;
      }
    }
  }
  const deal = document.getElementById("deal");
  if (deal) deal.textContent = why;
  if (typeof markWentOut === "function") markWentOut(document);
  nextToken(form).then((token) => {
    form.querySelector("input[name=token]").value = token;
  });
}

function showWaiting() {
  const section = waitingSection();
  if (!section) return;
  const list = section.querySelector("[data-waiting-list]");
  list.replaceChildren();
  let behind = false;
  for (const hand of waitingHands) {
    const item = document.createElement("li");
    item.dataset.waitingHand = String(hand.hand);
    const line = document.createElement("p");
    if (hand.refused) {
      item.classList.add("refused");
      line.textContent = `Hand ${hand.hand} was not saved: ${hand.refused.message} You had entered: ${hand.words}.`;
      item.append(line);
      const choices = document.createElement("div");
      choices.className = "actions";
      if (hand.refused.next_hand) {
        const save = document.createElement("button");
        save.type = "button";
        save.className = "primary";
        // A typing-slip question for the right hand: the host says yes.
        const asked = hand.refused.confirm_slips && hand.refused.next_hand === hand.hand;
        save.textContent = asked ? "Yes, save it as typed" : `Save it as hand ${hand.refused.next_hand}`;
        save.addEventListener("click", () => saveAsNext(hand));
        choices.append(save);
      }
      const drop = document.createElement("button");
      drop.type = "button";
      drop.className = "secondary";
      drop.textContent = `Drop hand ${hand.hand}`;
      drop.addEventListener("click", () => dropHand(hand));
      choices.append(drop);
      item.append(choices);
      behind = true;
    } else {
      line.textContent = behind
        ? `Hand ${hand.hand} waits behind it: ${hand.words}`
        : `Hand ${hand.hand} waits to be sent: ${hand.words}`;
      item.append(line);
    }
    list.append(item);
  }
  section.hidden = waitingHands.length === 0;
}

async function storeHands(changed) {
  await inWaiting("readwrite", (hands) => {
    for (const hand of changed) hands.put(hand);
  });
}

// The host's choice for a refused hand: record it as the board's next hand
// (confirming a typing-slip question it was asked); the hands entered after
// it follow it.
async function saveAsNext(hand) {
  const number = hand.refused.next_hand;
  hand.confirm = hand.refused.confirm_slips || "";
  hand.refused = null;
  const from = waitingHands.indexOf(hand);
  const moved = waitingHands.slice(from);
  moved.forEach((each, offset) => {
    each.hand = number + offset;
  });
  await storeHands(moved);
  showWaiting();
  sendWaiting();
}

async function dropHand(hand) {
  await inWaiting("readwrite", (hands) => hands.delete(hand.id));
  waitingHands = waitingHands.filter((each) => each !== hand);
  showWaiting();
  setStatus(`Hand ${hand.hand} was dropped: ${hand.words}.`);
  sendWaiting();
}

// One waiting hand to the server: "saved", "refused" (the host chooses), or
// "later" (no connection, logged out, the server busy: it stays waiting).
async function sendOne(hand) {
  const csrf = csrfFromCookie();
  const body = new URLSearchParams(hand.fields);
  body.set("csrfmiddlewaretoken", csrf);
  body.set("token", hand.token);
  body.set("hand_number", String(hand.hand));
  if (hand.confirm) body.set("confirm_slips", hand.confirm);
  let response;
  try {
    response = await fetch(hand.send, {
      method: "POST",
      body,
      headers: { "X-CSRFToken": csrf, Accept: "application/json" },
      credentials: "same-origin",
      redirect: "manual",
      signal: AbortSignal.timeout(WAITING_RETRY_MS),
    });
  } catch {
    setStatus("No connection yet: the waiting hands are sent by themselves when it is back.");
    return "later";
  }
  const section = waitingSection();
  if (response.type === "opaqueredirect" || response.status === 401 || response.status === 403) {
    setStatus("Not sent: you were logged out, or the page is too old.", {
      href: section.dataset.loginUrl,
      text: "Log in again",
      after: " (a new tab), then come back: the waiting hands are kept and sent by themselves. If it says the same again, reload the page.",
    });
    return "later";
  }
  if (response.status === 404) {
    hand.refused = { message: "This match is not here any more (deleted on another screen?).", next_hand: null };
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
    setStatus(answer.message);
    return "saved";
  }
  if (answer && answer.outcome === "refused") {
    hand.refused = answer;
    await storeHands([hand]);
    return "refused";
  }
  setStatus("Not sent yet: the server was busy. The waiting hands are sent again by themselves.");
  return "later";
}

async function sendWaiting() {
  if (waitingSending || !waitingSection() || !window.indexedDB) return;
  waitingSending = true;
  let sent = 0;
  try {
    await loadWaiting();
    while (waitingHands.length && !waitingHands[0].refused) {
      const hand = waitingHands[0];
      showWaiting();
      const outcome = await sendOne(hand);
      if (outcome !== "saved") break;
      await inWaiting("readwrite", (hands) => hands.delete(hand.id));
      waitingHands.shift();
      sent += 1;
    }
  } finally {
    waitingSending = false;
  }
  showWaiting();
  if (sent) boardCatchesUp(sent);
  if (!waitingHands.length) stopRetrying();
}

// After hands were sent, the board shows what the server now holds, unless
// the host is typing the next hand (nothing typed is wiped).
function boardCatchesUp(sent) {
  const form = document.getElementById("hand-form");
  const said = sent === 1 ? "The waiting hand was sent." : `The ${sent} waiting hands were sent.`;
  if (form && formTouched(form)) {
    setStatus(`${said} The board shows them once you save the hand you are entering.`);
    return;
  }
  if (!waitingHands.length) setStatus(said);
  const section = waitingSection();
  if (window.htmx && document.getElementById("board")) {
    htmx.ajax("GET", section.dataset.boardUrl, { target: "#board", swap: "outerHTML" });
  }
}

function startRetrying() {
  if (waitingTimer === null) waitingTimer = setInterval(sendWaiting, WAITING_RETRY_MS);
  sendWaiting();
}
function stopRetrying() {
  if (waitingTimer !== null) clearInterval(waitingTimer);
  waitingTimer = null;
}

// A Save of a new hand (the form carries spare tokens; a fix does not):
// kept on the phone when hands wait already (they go first) or the phone
// knows it is offline; its preview is skipped while hands wait (the server's
// board is behind the phone's).
document.addEventListener("htmx:beforeRequest", (event) => {
  const elt = event.detail.elt;
  if (!waitingSection() || !window.indexedDB) return;
  if (elt.id === "hand-preview") {
    if (waitingHands.length) event.preventDefault();
    return;
  }
  if (!(elt instanceof HTMLFormElement) || !elt.hasAttribute("data-spare-tokens")) return;
  if (waitingHands.length || navigator.onLine === false) {
    event.preventDefault();
    keepHand(elt);
    return;
  }
  const token = elt.querySelector("input[name=token]");
  if (token && token.value) {
    // A token used before (an old page) must not be kept for a new hand:
    // the server would take the hand for the one that token saved.
    elt.dataset.freshToken = usedTokens.has(token.value) ? "no" : "yes";
    usedTokens.add(token.value);
    inWaiting("readwrite", (hands, usedStore) => usedStore.put(true, token.value)).catch(() => {});
  }
});
// The Save went out but no answer came (the connection dropped): keep it.
// Its token is the form's, so if the server did record it, sending it again
// records nothing more.
for (const name of ["htmx:sendError", "htmx:timeout"]) {
  document.addEventListener(name, (event) => {
    const elt = event.detail.elt;
    if (!waitingSection() || !window.indexedDB) return;
    if (elt instanceof HTMLFormElement && elt.hasAttribute("data-spare-tokens")) {
      keepHand(elt, { sameToken: elt.dataset.freshToken === "yes" });
    }
  });
}

// The hand the server's board is drawn for, remembered for offline copies.
function rememberHand() {
  const section = waitingSection();
  const number = document.querySelector("#hand-form[data-spare-tokens] input[name=hand_number]");
  if (!section || !number || document.body.dataset.offlineCopy === "yes") return;
  inWaiting("readwrite", (hands, usedStore, known) => known.put(Number(number.value), section.dataset.match))
    .catch(() => {});
}

// A board shown from the offline copy may be behind what this phone saw:
// its form then moves on to the hand after the last one saved or waiting.
async function catchUpOfflineCopy() {
  const form = document.querySelector("#hand-form[data-spare-tokens]");
  if (!form || document.body.dataset.offlineCopy !== "yes") return;
  const section = waitingSection();
  const known = await inWaiting("readonly", (hands, usedStore, knownStore) => knownStore.get(section.dataset.match));
  const last = waitingHands.length ? waitingHands[waitingHands.length - 1].hand + 1 : 0;
  const number = Math.max(known || 0, last);
  const drawn = Number(form.querySelector("input[name=hand_number]").value);
  if (number > drawn) {
    nextHandForm(form, number, "Who deals shows once the connection is back.");
  } else {
    // Its token may be one an earlier save used.
    form.querySelector("input[name=token]").value = await nextToken(form);
  }
}

window.addEventListener("online", sendWaiting);
document.addEventListener("DOMContentLoaded", async () => {
  if (!waitingSection() || !window.indexedDB) return;
  await loadWaiting();
  const used = await inWaiting("readonly", (hands, usedStore) => usedStore.getAllKeys());
  for (const token of used) usedTokens.add(token);
  showWaiting();
  rememberHand();
  await catchUpOfflineCopy();
  if (waitingHands.length) startRetrying();
});
document.addEventListener("htmx:afterSwap", (event) => {
  if (event.detail.target.id !== "board" || !window.indexedDB) return;
  // A board from the server: the offline copy's note no longer holds.
  if (document.body.dataset.offlineCopy === "yes") {
    document.body.dataset.offlineCopy = "no";
    const note = document.querySelector("[data-offline-note]");
    if (note) note.hidden = true;
  }
  rememberHand();
});

// Log out with hands waiting asks first (static/js/app.js calls this):
// resolves true to log out (after sending them all, or dropping them).
function askBeforeLogout() {
  return allWaiting()
    .catch(() => [])
    .then((all) => {
      if (!all.length) return true;
      return new Promise((resolve) => {
        const dialog = document.createElement("dialog");
        dialog.className = "ask-logout";
        const text = document.createElement("p");
        const count = all.length === 1 ? "1 hand waits" : `${all.length} hands wait`;
        text.textContent = `${count} on this phone to be sent. Logging out drops them.`;
        const send = document.createElement("button");
        send.type = "button";
        send.className = "primary";
        send.textContent = "Send them first";
        const drop = document.createElement("button");
        drop.type = "button";
        drop.className = "secondary danger";
        drop.textContent = all.length === 1 ? "Drop it and log out" : "Drop them and log out";
        dialog.append(text, send, drop);
        document.body.append(dialog);
        const done = (answer) => {
          dialog.close();
          dialog.remove();
          resolve(answer);
        };
        drop.addEventListener("click", () => done(true));
        dialog.addEventListener("cancel", () => done(false));
        send.addEventListener("click", async () => {
          const here = waitingSection();
          if (!here || here.dataset.match !== all[0].match) {
            // They are sent from their board.
            done(false);
            window.location.assign(all[0].board);
            return;
          }
          done(false);
          await sendWaiting();
          if (!waitingHands.length && !(await allWaiting()).length) {
            const form = document.querySelector("form[data-logout]");
            if (form) form.requestSubmit();
          }
        });
        dialog.showModal();
        send.focus();
      });
    });
}
