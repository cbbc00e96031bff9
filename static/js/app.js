// Small helpers on top of htmx. Every page works without them.
"use strict";

// A hand that did not reach the server must say so and keep what was typed:
// htmx does not swap on a failed request, so the form keeps its values (and
// its one-time token, so a resend after a lost answer records nothing twice).
function showNotSaved(event) {
  const form = event.detail.elt.closest("form");
  const box = form && form.querySelector("[data-network-error]");
  if (!box) return;
  box.textContent = event.type === "htmx:responseError"
    ? "Not saved: the server had a problem. Your entries are still here; tap Save again."
    : "Not saved: no connection. Your entries are still here; tap Save again.";
  box.hidden = false;
}
for (const name of ["htmx:sendError", "htmx:timeout", "htmx:responseError"]) {
  document.addEventListener(name, showNotSaved);
}
document.addEventListener("htmx:beforeRequest", (event) => {
  const box = event.detail.elt.querySelector && event.detail.elt.querySelector("[data-network-error]");
  if (box) box.hidden = true;
});

// The player who went out has no leftover: grey out their box.
function markWentOut(root) {
  const form = root.querySelector ? root.querySelector("#hand-form") : null;
  if (!form) return;
  const chosen = form.querySelector("input[name=went_out]:checked");
  for (const row of form.querySelectorAll(".leftover")) {
    const input = row.querySelector("input");
    const out = chosen !== null && row.dataset.seat === chosen.value;
    row.classList.toggle("went-out", out);
    input.disabled = out;
  }
}
document.addEventListener("change", (event) => {
  if (event.target.name === "went_out") markWentOut(document);
});
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
