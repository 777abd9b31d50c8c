// The score-keeper with htmx: every tap swaps #marcador (hx-boost). Keep the keyboard and screen
// reader user where they were: the button pressed, or the pad's first control, gets the focus back.
(() => {
  let last = null;
  // A face tapped while the sheet is still being answered would be lost: htmx keeps it for the
  // form in flight, which the answer replaces. Keep it here and tap it again on the new sheet.
  let busy = false;
  const waiting = [];
  const key = (el) => `${el.form?.querySelector("input[name=op]")?.value ?? ""}|${el.name}|${el.value}`;
  document.addEventListener("click", (event) => {
    const button = event.target.closest("#marcador button");
    if (busy && button?.matches(".mc-face")) {
      event.preventDefault();
      waiting.push(button.value);
      return;
    }
    last = button ? key(button) : null;
  });
  document.addEventListener("htmx:beforeRequest", (event) => {
    if (event.target.closest("#marcador")) busy = true;
  });
  // An answer that swaps nothing (a network or server error) ends the wait here; one that swaps
  // ends it once the new sheet has settled.
  document.addEventListener("htmx:afterRequest", (event) => {
    if (!event.detail.successful) { busy = false; waiting.length = 0; }
  });
  document.addEventListener("htmx:afterSettle", (event) => {
    const sheet = document.getElementById("marcador");
    if (!sheet) { busy = false; waiting.length = 0; }
    if (!sheet || !sheet.contains(event.detail.elt) && event.detail.elt !== sheet) return;
    busy = false;
    if (waiting.length) {
      const face = sheet.querySelector(`.mc-face[value="${waiting.shift()}"]`);
      if (face) {
        face.click();
        return;
      }
      waiting.length = 0; // the five dice are in: taps beyond them are dropped, as the pad did
    }
    const again = [...sheet.querySelectorAll("button:not([disabled])")].find((b) => key(b) === last);
    const target = again || sheet.querySelector(".mc-error") || sheet.querySelector(".mc-choice")
      || sheet.querySelector("#marcador-pad button:not([disabled])");
    if (target) {
      if (target.matches(".mc-error")) target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
    }
  });
})();
