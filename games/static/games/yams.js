// Yam's on the live table. The dice, the cup and their motion are Bozó's (games/bozo.js, which
// the page holds once through games/yams/_defs.html); what is Yam's own here: the box the robot's
// hint points to in solo training ("livre:full", a card's `data-cell`), and a box just marked
// written in (bozo.css's ink). Nothing moves on the first page load, nor with reduced motion.
(function () {
  "use strict";

  var reducedMotion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  var filledBefore = null;

  function filledCells() {
    var filled = {};
    document.querySelectorAll("#mesa-jogo .yams-cell").forEach(function (cell) {
      filled[cell.id] = cell.classList.contains("is-filled");
    });
    return filled;
  }

  function inkNew(before) {
    if (!before || (reducedMotion && reducedMotion.matches)) return;
    document.querySelectorAll("#mesa-jogo .yams-cell.is-filled").forEach(function (cell) {
      if (before[cell.id] !== false) return;
      var value = cell.querySelector(".score-value");
      if (!value) return;
      value.classList.add("is-inked");
      value.addEventListener("animationend", function () { value.classList.remove("is-inked"); }, { once: true });
    });
  }

  // The hint's best box, marked on the viewer's own card (the dice to keep: bozo.js marks them).
  function markAdvice() {
    document.querySelectorAll("#mesa-jogo .yams-cell .is-advised").forEach(function (el) { el.classList.remove("is-advised"); });
    var hint = document.querySelector("#mesa-dica[data-advice-box]");
    var cell = hint ? hint.dataset.adviceBox.replace(/[^a-z:]/g, "") : "";
    if (!cell) return;
    var button = document.querySelector(".yams-card--yours [data-cell='" + cell + "'] .score-button");
    if (button) button.classList.add("is-advised");
  }

  // A socket's first message brings the whole game area, cards' row included, back at its start:
  // show the card on turn again (table.js follows the turn as it changes from then on).
  var row = null;
  function keepTurnCard() {
    var now = document.querySelector("#mesa-jogo [data-card-row]");
    if (!now || now === row) return;
    row = now;
    var line = document.querySelector("#mesa-jogo [data-on-turn]");
    var card = line && now.querySelector('[data-card="' + line.dataset.onTurn + '"]');
    if (card && now.scrollWidth > now.clientWidth) now.scrollLeft = card.offsetLeft - now.offsetLeft;
  }

  document.addEventListener("htmx:wsBeforeMessage", function () { filledBefore = filledCells(); });
  document.addEventListener("DOMContentLoaded", keepTurnCard);
  document.addEventListener("htmx:wsAfterMessage", function () {
    keepTurnCard();
    markAdvice();
    var before = filledBefore;
    filledBefore = null;
    inkNew(before);
  });
})();
