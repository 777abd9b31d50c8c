// The score-keeper with htmx: every tap swaps #marcador (hx-boost). Keep the keyboard and screen
// reader user where they were: the button pressed, or the pad's first control, gets the focus back.
(() => {
  let last = null;
  const key = (el) => `${el.form?.querySelector("input[name=op]")?.value ?? ""}|${el.name}|${el.value}`;
  document.addEventListener("click", (event) => {
    const button = event.target.closest("#marcador button");
    last = button ? key(button) : null;
  });
  document.addEventListener("htmx:afterSettle", (event) => {
    const sheet = document.getElementById("marcador");
    if (!sheet || !sheet.contains(event.detail.elt) && event.detail.elt !== sheet) return;
    const again = [...sheet.querySelectorAll("button:not([disabled])")].find((b) => key(b) === last);
    const target = again || sheet.querySelector(".mc-error") || sheet.querySelector(".mc-choice")
      || sheet.querySelector("#marcador-pad button:not([disabled])");
    if (target) {
      if (target.matches(".mc-error")) target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
    }
  });
})();
