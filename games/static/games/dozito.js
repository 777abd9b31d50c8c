// Dozito at the live table: a card laid in a grid slides there from where it came (a discard
// pile or the hand), read from `data-from` on its slot and the places' `data-src` as they were
// before the message (FLIP, through the Web Animations API); nothing moves under
// prefers-reduced-motion. Every choice is the server's own button (table.js sends it), so nothing
// here makes up a move. A round's score panel, once closed, stays closed across swaps.
(function () {
  "use strict";

  document.documentElement.classList.add("dozito-js");

  var reduced = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  var MOVE_MS = 320;
  var sources = null; // data-src -> the rect of its card before the latest message

  function cardRect(el) {
    var card = el && el.querySelector(".dz-card");
    return card ? card.getBoundingClientRect() : null;
  }

  function readSources() {
    var found = {};
    document.querySelectorAll("#dozito-pilhas [data-src]").forEach(function (el) {
      found[el.dataset.src] = cardRect(el);
    });
    return found;
  }

  function slide() {
    var from = sources;
    sources = null;
    if (!from || (reduced && reduced.matches)) return;
    document.querySelectorAll(".dz-slot[data-from]:not([data-slid])").forEach(function (slot) {
      slot.dataset.slid = "1";
      var start = from[slot.dataset.from];
      var card = slot.querySelector(".dz-card");
      if (!start || !card || !card.animate) return;
      var end = card.getBoundingClientRect();
      if (!end.width) return;
      var dx = start.left - end.left, dy = start.top - end.top, scale = start.width / end.width;
      if (Math.abs(dx) + Math.abs(dy) < 2) return;
      card.animate(
        [
          { transform: "translate(" + dx + "px, " + dy + "px) scale(" + scale + ")", zIndex: 5 },
          { transform: "none", zIndex: 5 }
        ],
        { duration: MOVE_MS, easing: "cubic-bezier(0.2, 0.7, 0.2, 1)" }
      );
    });
  }

  // -- The round's score panel: closed by the player, it stays closed for that round ---------
  function panelKey(details) {
    var table = document.getElementById("mesa");
    return "dozito-fim:" + (table ? table.dataset.table : "") + ":" + details.dataset.round;
  }

  function keepPanelClosed() {
    var details = document.querySelector("#dozito-fim details");
    if (!details) return;
    try {
      if (window.sessionStorage.getItem(panelKey(details)) === "closed") details.open = false;
    } catch (e) { /* storage refused: the panel just opens again */ }
  }

  document.addEventListener("toggle", function (event) {
    var details = event.target;
    if (!details.closest || !details.closest("#dozito-fim")) return;
    try {
      if (details.open) window.sessionStorage.removeItem(panelKey(details));
      else window.sessionStorage.setItem(panelKey(details), "closed");
    } catch (e) { /* nothing to keep */ }
  }, true);

  document.addEventListener("htmx:wsBeforeMessage", function () { sources = readSources(); });
  document.addEventListener("htmx:wsAfterMessage", function () {
    keepPanelClosed();
    slide();
  });
  document.addEventListener("DOMContentLoaded", function () {
    keepPanelClosed();
    document.querySelectorAll(".dz-slot[data-from]").forEach(function (slot) { slot.dataset.slid = "1"; });
  });
})();
