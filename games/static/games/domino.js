// Dominó at the live table: tap a tile of one's hand, the places where it fits light up on the
// felt, tap a place to play (the same with the arrow keys and Enter or Space). A play is sent
// by pressing the server's own button for it (#domino-jogadas: one `<button ws-send>` per legal
// play), so table.js adds the version and cid as for every move and no action is ever made up
// here; without this file those are the buttons. The hand can be arranged by dragging
// or with "Organizar", and the order is kept per table, seat and hand in localStorage and put
// back after every swap (htmx:wsAfterMessage) and on load.
(function () {
  "use strict";

  document.documentElement.classList.add("domino-js");

  var chosen = null; // the data-tile of the tile picked, while the player chooses a place

  function hand() { return document.getElementById("domino-mao"); }
  function tilesBox() { var h = hand(); return h && h.querySelector(".domino-hand__tiles"); }
  function tiles() { var box = tilesBox(); return box ? Array.prototype.slice.call(box.querySelectorAll(".domino-hand__tile")) : []; }
  function placesOf(button) { return (button.dataset.places || "").split(" ").filter(Boolean); }
  function moveFor(tile, place) {
    return document.querySelector('#domino-jogadas [data-tile="' + tile + '"][data-place="' + place + '"]');
  }
  function say(text) { var el = document.getElementById("domino-escolha"); if (el) el.textContent = text; }
  function placeButtons() { return Array.prototype.slice.call(document.querySelectorAll("#domino-mesa .domino-place")); }
  function litPlaces() { return placeButtons().filter(function (b) { return b.classList.contains("domino-place--lit"); }); }

  // -- Choosing and playing ------------------------------------------------------------------
  function clearChoice() {
    chosen = null;
    tiles().forEach(function (b) { b.classList.remove("domino-hand__tile--chosen"); b.removeAttribute("aria-pressed"); });
    placeButtons().forEach(function (b) { b.classList.remove("domino-place--lit"); b.disabled = true; b.tabIndex = -1; });
  }

  function choose(button) {
    var places = placesOf(button);
    if (!places.length || !moveFor(button.dataset.tile, places[0])) return;
    clearChoice();
    chosen = button.dataset.tile;
    button.classList.add("domino-hand__tile--chosen");
    button.setAttribute("aria-pressed", "true");
    placeButtons().forEach(function (b) {
      if (places.indexOf(b.dataset.place) >= 0 && moveFor(chosen, b.dataset.place)) {
        b.classList.add("domino-place--lit");
        b.disabled = false;
        b.tabIndex = 0;
      }
    });
    var reveal = document.querySelector("#domino-fim details[open]");
    if (reveal) reveal.open = false;
    var name = (button.getAttribute("aria-label") || "").split(",")[0];
    say((hand().dataset.chosen || "{peca}").replace("{peca}", name));
  }

  function play(tile, place) {
    var move = moveFor(tile, place);
    clearChoice();
    if (move) move.click();
  }

  function tapTile(button) {
    if (!placesOf(button).length) return;
    if (chosen === button.dataset.tile) {
      var places = placesOf(button);
      if (places.length === 1) play(chosen, places[0]);
      else { clearChoice(); say(hand().dataset.cancelled || ""); }
      return;
    }
    choose(button);
  }

  document.addEventListener("click", function (event) {
    if (!event.target.closest) return;
    if (dragged) { dragged = false; return; }
    var sort = event.target.closest("#domino-mao [data-sort]");
    if (sort) { arrange(); return; }
    var tile = event.target.closest("#domino-mao .domino-hand__tile");
    if (tile) { tapTile(tile); return; }
    var place = event.target.closest("#domino-mesa .domino-place--lit");
    if (place && chosen) play(chosen, place.dataset.place);
  });

  // Arrow keys move along the hand (roving focus), and between the lit places once a tile is
  // chosen; Escape gives the choice up and goes back to the tile.
  function move(list, current, step) {
    if (!list.length) return;
    var at = list.indexOf(current);
    var next = list[(at + step + list.length) % list.length];
    list.forEach(function (el) { el.tabIndex = el === next ? 0 : -1; });
    if (next.dataset.tile) roving = next.dataset.tile;
    next.focus();
  }

  document.addEventListener("keydown", function (event) {
    var el = event.target;
    if (!el.closest) return;
    var step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (el.closest("#domino-mao .domino-hand__tile")) {
      if (step) { event.preventDefault(); move(tiles(), el, step); }
      return;
    }
    if (el.closest("#domino-mesa .domino-place--lit")) {
      if (step) { event.preventDefault(); move(litPlaces(), el, step); }
      else if (event.key === "Escape") {
        var back = chosen && tilesBox().querySelector('[data-tile="' + chosen + '"]');
        clearChoice();
        if (back) back.focus();
      }
    }
  });

  // After Enter or Space on a tile, the first lit place takes the focus.
  document.addEventListener("keyup", function (event) {
    if ((event.key === "Enter" || event.key === " ") && event.target.closest && event.target.closest("#domino-mao .domino-hand__tile") && chosen) {
      var lit = litPlaces();
      if (lit.length) lit[0].focus();
    }
  });

  // One tile of the hand takes the Tab (the arrows go along the others): in a hand just drawn
  // again, the one that had it while it may still be played (or, off turn, while it is there),
  // else the first that fits, else the first: the turn starts on a tile that may be played.
  var roving = null;  // the data-tile of that tile
  function rove() {
    var list = tiles();
    if (!list.length || list.some(function (b) { return b.getAttribute("tabindex") === "0"; })) return;
    var turn = !!hand().querySelector(".domino-hand__turn");
    var fits = function (b) { return placesOf(b).length > 0; };
    var kept = list.find(function (b) { return b.dataset.tile === roving && (fits(b) || !turn); });
    var current = kept || list.find(fits) || list[0];
    list.forEach(function (b) { b.tabIndex = b === current ? 0 : -1; });
    roving = current.dataset.tile;
  }

  // -- The order of the hand ------------------------------------------------------------------
  function storeKey() {
    var h = hand();
    var mesa = document.getElementById("mesa");
    if (!h || !mesa) return null;
    return "domino.ordem." + mesa.dataset.table + "." + h.dataset.seat + "." + h.dataset.hand;
  }

  function saved() {
    var key = storeKey();
    try { return key ? JSON.parse(window.localStorage.getItem(key) || "null") : null; } catch (e) { return null; }
  }

  function save() {
    var key = storeKey();
    if (!key) return;
    try {
      var prefix = key.slice(0, key.lastIndexOf(".") + 1);
      for (var i = window.localStorage.length - 1; i >= 0; i--) {
        var k = window.localStorage.key(i);
        if (k && k.indexOf(prefix) === 0 && k !== key) window.localStorage.removeItem(k);
      }
      window.localStorage.setItem(key, JSON.stringify(tiles().map(function (b) { return b.dataset.tile; })));
    } catch (e) { /* private mode: the order lasts for this page only */ }
  }

  // Put the tiles in the stored order; tiles it does not name keep theirs, at the end.
  function applyOrder() {
    var box = tilesBox();
    var order = saved();
    if (!box || !order) return;
    var rank = {};
    order.forEach(function (key, i) { rank[key] = i; });
    tiles()
      .map(function (b, i) {
        var k = b.dataset.tile;
        return { b: b, r: Object.prototype.hasOwnProperty.call(rank, k) ? rank[k] : order.length + i };
      })
      .sort(function (a, b) { return a.r - b.r; })
      .forEach(function (t) { box.appendChild(t.b); });
  }

  // "Organizar": by suit, the highest half first (the 6s, then the 5s...), each suit from its
  // biggest tile down.
  function arrange() {
    var box = tilesBox();
    if (!box) return;
    tiles()
      .sort(function (a, b) {
        var x = a.dataset.tile.split("-").map(Number), y = b.dataset.tile.split("-").map(Number);
        return (y[1] - x[1]) || (y[0] - x[0]);
      })
      .forEach(function (b) { box.appendChild(b); });
    save();
    say(hand().dataset.sorted || "");
  }

  // Dragging a tile along the hand (pointer events: mouse, pen and touch alike).
  var drag = null, dragged = false;
  document.addEventListener("pointerdown", function (event) {
    var tile = event.target.closest && event.target.closest("#domino-mao .domino-hand__tile");
    if (!tile || event.button > 0) return;
    drag = { tile: tile, x: event.clientX, y: event.clientY, moving: false, id: event.pointerId };
  });
  document.addEventListener("pointermove", function (event) {
    if (!drag || event.pointerId !== drag.id) return;
    var dx = event.clientX - drag.x, dy = event.clientY - drag.y;
    if (!drag.moving) {
      if (Math.abs(dx) < 8 && Math.abs(dy) < 8) return;
      drag.moving = true;
      drag.tile.classList.add("domino-hand__tile--dragging");
      try { drag.tile.setPointerCapture(event.pointerId); } catch (e) { /* released already */ }
    }
    event.preventDefault();
    var box = tilesBox();
    var over = tiles().filter(function (b) { return b !== drag.tile; }).find(function (b) {
      var r = b.getBoundingClientRect();
      return event.clientX >= r.left && event.clientX <= r.right && event.clientY >= r.top && event.clientY <= r.bottom;
    });
    if (over && box) {
      var r = over.getBoundingClientRect();
      box.insertBefore(drag.tile, event.clientX < r.left + r.width / 2 ? over : over.nextSibling);
      drag.x = event.clientX; drag.y = event.clientY; dx = 0; dy = 0;
    }
    drag.tile.style.transform = "translate(" + (event.clientX - drag.x) + "px," + (event.clientY - drag.y) + "px)";
  });
  function endDrag() {
    if (!drag) return;
    if (drag.moving) {
      drag.tile.classList.remove("domino-hand__tile--dragging");
      drag.tile.style.transform = "";
      dragged = true;
      setTimeout(function () { dragged = false; }, 0);
      save();
    }
    drag = null;
  }
  document.addEventListener("pointerup", endDrag);
  document.addEventListener("pointercancel", endDrag);

  function refresh() {
    var h = hand();
    var sort = h && h.querySelector("[data-sort]");
    if (sort) sort.hidden = false;
    applyOrder();
    rove();
    // A swap of the hand or the felt drops the lit places: choose again if the tile is still
    // there and still fits.
    var again = chosen && tilesBox() && tilesBox().querySelector('[data-tile="' + chosen + '"]');
    chosen = null;
    if (again && placesOf(again).length) choose(again);
    else clearChoice();
  }

  document.addEventListener("htmx:wsAfterMessage", refresh);
  document.addEventListener("DOMContentLoaded", refresh);
})();
