// A phone following a share link: ask the server whether the board changed,
// every few seconds while the match is open (the interval comes with the
// board), at once when the phone wakes or the tab comes back, and swap the
// board in when it did. Unchanged boards answer 304 with no body.
(() => {
  // The words come from Django's JavaScript catalog, loaded before this
  // script; should it not have come, the English ones stand.
  if (typeof window.gettext !== "function") {
    window.gettext = (text) => text;
    window.interpolate = (text, values) => text.replace(/%\(\w+\)s/g, (match) => String(values[match.slice(2, -2)]));
  }
  const STALE_AFTER_MS = 10000;
  let timer = null;
  let lastGood = Date.now();
  let busy = false;

  const board = () => document.getElementById("followed");
  const stale = () => document.querySelector("[data-stale]");

  function schedule(ms) {
    clearTimeout(timer);
    timer = setTimeout(poll, ms);
  }

  function showStale() {
    const note = stale();
    if (!note) return;
    const since = new Date(lastGood).toLocaleTimeString(undefined, { timeStyle: "short" });
    // Translators: %(time)s is the time of day the board was last up to date, "19:30".
    const said = gettext("No connection: this board may be out of date since %(time)s. It catches up by itself.");
    note.textContent = interpolate(said, { time: since }, true);
    note.hidden = false;
  }

  async function poll() {
    const current = board();
    if (!current || !current.dataset.poll || busy) return;
    busy = true;
    let next = Number(current.dataset.interval) || 2000;
    try {
      // no-store: the browser's cache must not turn the 304 into a 200.
      const response = await fetch(current.dataset.poll, {
        headers: { "If-None-Match": current.dataset.etag || "" },
        cache: "no-store",
        credentials: "omit",
      });
      if (response.status === 200) {
        const html = await response.text();
        const holder = document.createElement("div");
        holder.innerHTML = html;
        const fresh = holder.querySelector("#followed");
        if (fresh) current.replaceWith(fresh);
        next = Number(response.headers.get("X-Poll-Interval")) || next;
        if (response.headers.get("X-Board-Ended")) return; // nothing more to follow
      } else if (response.status !== 304) {
        throw new Error(`poll answered ${response.status}`);
      }
      lastGood = Date.now();
      const note = stale();
      if (note) note.hidden = true;
    } catch (error) {
      if (Date.now() - lastGood > Math.min(STALE_AFTER_MS, next * 2)) showStale();
      next = Math.min(next, 5000);
    } finally {
      busy = false;
    }
    schedule(next);
  }

  // Back from sleep, or an old tab brought forward: the current board at once.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") poll();
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) poll();
  });
  window.addEventListener("online", () => poll());

  // The big screen stays awake, like the host's board.
  async function keepAwake() {
    if (!document.querySelector("[data-wake]") || !("wakeLock" in navigator)) return;
    try {
      await navigator.wakeLock.request("screen");
    } catch (error) {
      // Not allowed here (plain HTTP, battery saver): the screen may sleep.
    }
  }
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") keepAwake();
  });

  document.addEventListener("DOMContentLoaded", () => {
    keepAwake();
    const current = board();
    if (current) schedule(Number(current.dataset.interval) || 2000);
  });
})();
