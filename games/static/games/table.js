// The live table's page around htmx's ws extension, the same for every game: a client id and the
// version shown on every command, what the page has received (so the server knows it reads),
// invitations, confirmations, the chat box, "desconectado há 20 s" and "em 12 s", the notice of
// what the robot played while one was away, the keyboard focus across swaps, the cards' tabs on
// a phone, and the page following the game (the turn coming back, a play of someone else, the
// result: each brought into view).
// The server renders everything and sends only the partials that changed; nothing here decides
// a move. The connection indicator and reconnecting are games/connection.js; each game's motion
// lives in games/<game>.js.
(function () {
  "use strict";

  var ACK_EVERY = 32768;  // characters received between two acknowledgements
  var received = 0;
  var acknowledged = 0;

  function newCid() {
    if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID();
    return Date.now().toString(36) + Math.random().toString(36).slice(2);
  }

  function mesa() { return document.getElementById("mesa"); }

  // -- Invitations: the server sends paths; the page adds the address it was served from. ----------
  function completeInvites(root) {
    var site = (mesa() && mesa().dataset.site) || window.location.origin;
    (root || document).querySelectorAll("[data-invite]").forEach(function (input) {
      input.value = site + input.dataset.invite;
      var copy = input.closest("li") && input.closest("li").querySelector("[data-copy]");
      if (copy) copy.dataset.copy = input.value;
    });
  }

  // -- Presence: "desconectado há 20 s", kept current between messages. ------------------------
  function since(seconds) {
    if (seconds < 60) return "há " + Math.max(1, Math.round(seconds)) + " s";
    if (seconds < 3600) return "há " + Math.round(seconds / 60) + " min";
    return "há " + Math.round(seconds / 3600) + " h";
  }

  function until(seconds) {
    seconds = Math.max(0, Math.round(seconds));
    if (seconds < 60) return "em " + seconds + " s";
    var rest = seconds % 60;
    return "em " + Math.floor(seconds / 60) + ":" + (rest < 10 ? "0" : "") + rest;
  }

  function updateAway() {
    document.querySelectorAll("time[data-since]").forEach(function (el) {
      var at = Date.parse(el.getAttribute("datetime"));
      if (!isNaN(at)) el.textContent = since((Date.now() - at) / 1000);
    });
    document.querySelectorAll("time[data-until]").forEach(function (el) {
      var at = Date.parse(el.getAttribute("datetime"));
      if (!isNaN(at)) el.textContent = until((at - Date.now()) / 1000);
    });
  }

  // -- The move clock: a bar on the seat on turn, emptying until the robot plays. ---------------
  // The seat list holds the clock; a game's own seat boxes may hold a slot for it
  // (`data-clock-seat`), which gets the same bar.
  function updateClocks() {
    document.querySelectorAll("[data-clock-seat]").forEach(function (slot) { slot.textContent = ""; });
    document.querySelectorAll("[data-clock-due]").forEach(function (clock) {
      var due = Date.parse(clock.dataset.clockDue);
      var total = Number(clock.dataset.clockSeconds) || 1;
      var left = Math.max(0, Math.min(1, (due - Date.now()) / 1000 / total));
      clock.style.setProperty("--left", left.toFixed(3));
      clock.classList.toggle("seat-clock--late", left < 0.25);
      var seat = clock.closest("[data-seat]");
      if (!seat) return;
      document.querySelectorAll('[data-clock-seat="' + seat.dataset.seat + '"]').forEach(function (slot) {
        slot.appendChild(clock.cloneNode(true)).removeAttribute("role");
      });
    });
  }

  // -- Reactions: a bubble by the seat for a few seconds (the list itself is read aloud). -------
  var BUBBLE_MS = 4000;
  function keepOnScreen(bubble) {
    var box = bubble.getBoundingClientRect();
    var room = document.documentElement.clientWidth - 4;
    var shift = box.left < 4 ? 4 - box.left : box.right > room ? room - box.right : 0;
    if (shift) bubble.style.translate = shift + "px 0";
  }
  function showReactions() {
    document.querySelectorAll("#mesa-reacoes .reaction:not([data-shown])").forEach(function (line) {
      line.dataset.shown = "1";
      var seat = line.dataset.reactionSeat;
      var bubbles = [];
      if (seat != null) {
        var text = line.querySelector("span").textContent;
        document.querySelectorAll('#mesa-lugar-' + seat + ', [data-bubble-seat="' + seat + '"]').forEach(function (place) {
          var bubble = document.createElement("span");
          bubble.className = "bubble";
          bubble.setAttribute("aria-hidden", "true");
          bubble.textContent = text;
          place.appendChild(bubble);
          keepOnScreen(bubble);
          bubbles.push(bubble);
        });
      }
      setTimeout(function () {
        bubbles.forEach(function (bubble) { bubble.remove(); });
        line.remove();
      }, BUBBLE_MS);
    });
  }

  // -- Following the game -----------------------------------------------------------------------
  var reducedMotion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  function behavior() { return reducedMotion && reducedMotion.matches ? "auto" : "smooth"; }

  // The tab of the card on turn (Bozó, Yam's): the throws' line names that card.
  function turnTab() {
    var line = document.querySelector("#mesa-jogo [data-on-turn]");
    return line && document.querySelector('[data-card-tab="' + line.dataset.onTurn + '"]');
  }

  function readGame() {
    var status = document.getElementById("mesa-status");
    var result = document.getElementById("mesa-resultado");
    var shown = document.getElementById("mesa-versao");
    var tab = turnTab();
    return {
      yours: !!(status && status.classList.contains("mesa-status--yours")),
      result: !!(result && result.querySelector("*")),
      state: shown ? shown.dataset.state || shown.dataset.version : "",
      turnTab: tab ? tab.id : ""
    };
  }

  // Scroll the page so that `el` is near the top, unless it is already well in view or the
  // person is writing in the chat.
  function bringIntoView(el) {
    if (!el) return;
    var active = document.activeElement;
    if (active && active.closest && active.closest("[data-chat]")) return;
    var top = el.getBoundingClientRect().top;
    if (top >= 0 && top <= window.innerHeight * 0.35) return;
    window.scrollTo({ top: Math.max(0, window.scrollY + top - 8), behavior: behavior() });
  }

  // On one's turn, all one plays with in view: from the status down to the game's play area
  // (`data-play-area`: Dominó's hand, under the felt) with the least scroll; when that does not
  // fit, the play area's own top. Without a play area, the status near the top.
  function showPlay() {
    var status = document.getElementById("mesa-status");
    var area = document.querySelector("[data-play-area]");
    if (!area) { bringIntoView(status); return; }
    var active = document.activeElement;
    if (active && active.closest && active.closest("[data-chat]")) return;
    var room = window.innerHeight;
    var top = (status || area).getBoundingClientRect().top;
    var bottom = area.getBoundingClientRect().bottom;
    if (bottom - top > room - 16) top = area.closest("#mesa-jogo").getBoundingClientRect().top;
    var delta = bottom > room - 8 ? bottom - room + 8 : 0;
    if (top - delta < 8) delta = top - 8;
    if (Math.abs(delta) > 1) window.scrollTo({ top: Math.max(0, window.scrollY + delta), behavior: behavior() });
  }

  // During one's turn the play stays in view while the page changes around it (a panel opens,
  // the line grows), until the person scrolls by hand.
  var scrolledByHand = false;
  ["wheel", "touchmove"].forEach(function (type) {
    window.addEventListener(type, function () { scrolledByHand = true; }, { passive: true });
  });
  document.addEventListener("keydown", function (event) {
    if (/^(PageUp|PageDown|Home|End|ArrowUp|ArrowDown| )$/.test(event.key) && event.target === document.body) scrolledByHand = true;
  });
  function keepPlayInView() {
    if (!scrolledByHand && readGame().yours) showPlay();
  }

  function follow(old, now) {
    if (!old) return;
    if (now.result && !old.result) {
      bringIntoView(document.getElementById("mesa-resultado"));
    } else if (now.yours && !old.yours) {
      scrolledByHand = false;
      showPlay();
    } else if (now.yours) {
      keepPlayInView();
    } else if (now.state !== old.state && !now.yours) {
      bringIntoView(document.getElementById("mesa-status"));
    }
    if (now.turnTab && now.turnTab !== old.turnTab) {
      var tab = document.getElementById(now.turnTab);
      if (tab) showCard(tab, false);
    }
  }

  // -- The cards' tabs (a phone shows one card at a time, in a row that scrolls sideways) --------
  function cardOf(tab) {
    var href = tab.getAttribute("href") || "";
    return href.charAt(0) === "#" ? document.getElementById(href.slice(1)) : null;
  }

  function showCard(tab, instant) {
    var card = cardOf(tab);
    var row = card && card.closest("[data-card-row]");
    if (!row || row.scrollWidth <= row.clientWidth) return;
    row.scrollTo({ left: card.offsetLeft - row.offsetLeft, behavior: instant ? "auto" : behavior() });
    markTabs(row, card);
  }

  function markTabs(row, card) {
    if (!card) {
      var left = row.scrollLeft;
      card = Array.prototype.reduce.call(row.children, function (best, el) {
        return Math.abs(el.offsetLeft - row.offsetLeft - left) < Math.abs(best.offsetLeft - row.offsetLeft - left) ? el : best;
      }, row.children[0]);
    }
    document.querySelectorAll("[data-card-tab]").forEach(function (tab) {
      if (cardOf(tab) === card) tab.setAttribute("aria-current", "true");
      else tab.removeAttribute("aria-current");
      tab.tabIndex = cardOf(tab) === card ? 0 : -1;  // one Tab stop; the arrows go along
    });
  }

  // The arrow keys go from tab to tab, in the order the tabs are drawn, and show each card.
  document.addEventListener("keydown", function (event) {
    var tab = event.target.closest ? event.target.closest("[data-card-tab]") : null;
    var step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!tab || !step) return;
    var tabs = Array.prototype.filter.call(document.querySelectorAll("[data-card-tab]"), function (el) {
      return el.getClientRects().length > 0;
    }).sort(function (a, b) { return a.getBoundingClientRect().left - b.getBoundingClientRect().left; });
    var next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length];
    if (!next || next === tab) return;
    event.preventDefault();
    next.focus();
    showCard(next, false);
  });

  function markAllTabs() {
    document.querySelectorAll("[data-card-row]").forEach(function (row) { markTabs(row, null); });
  }

  var scrolling = null;
  document.addEventListener("scroll", function (event) {
    var row = event.target.closest ? event.target.closest("[data-card-row]") : null;
    if (!row) return;
    clearTimeout(scrolling);
    scrolling = setTimeout(function () { markTabs(row, null); }, 80);
  }, true);

  // -- Keyboard focus across swaps ------------------------------------------------------------------
  // A message's swap replaces the control that had the focus (the one just used, or one that a
  // robot's move re-rendered), and a command disables the one used: the focus would fall to
  // <body>, and the next Tab start anywhere. Once every handler of the message has laid the page
  // out (a game's own too: Bozó shows one of its two throws), the focus goes to the control that
  // replaced the one it was on (the same move in the same partial, else that partial's first
  // control), else to the first control of the turn; and when the turn comes to the person, to
  // the first control of the turn, unless they are busy outside the game (the chat, say).
  var CONTROLS = "button, a[href], input:not([type=hidden]), select, textarea, [tabindex]";
  var focusWas = null;  // the control of the table that had the focus last
  var focusTaken = false;  // it lost the focus to the page (disabled), not to the person

  function usable(el) {
    return !!el && el.isConnected && !el.disabled && el.tabIndex >= 0 && el.getClientRects().length > 0;
  }

  // The move a control sends: a button that sends one field carries it, a form holds it.
  function moveOf(el) {
    var sender = el.closest("[ws-send]");
    var field = sender && (sender.tagName === "BUTTON" ? sender : sender.querySelector("input[name=action], input[name=cmd]"));
    return field ? field.value : null;
  }

  // A control, and what finds its replacement: the partial it is in (the nearest id inside the
  // table) and the move it sends.
  function describeFocus(el) {
    var part = el.id ? el : el.parentElement.closest("[id]");
    return { el: el, part: part && part.id !== "mesa" ? part.id : null, move: moveOf(el) };
  }

  // The first control in `root`: the current item of a group that the arrow keys go along (an
  // explicit tabindex="0", the others at -1), else its first button, else any control.
  function firstIn(root) {
    if (!root) return null;
    var find = function (selector) { return Array.prototype.find.call(root.querySelectorAll(selector), usable); };
    return find('[tabindex="0"]') || find("button") || find(CONTROLS);
  }

  // The first control of the turn: in the game's action bar (`data-actions`), else in its play
  // area, else in the result, else anywhere in the game.
  function firstControl() {
    var jogo = document.getElementById("mesa-jogo");
    if (!jogo) return null;
    return firstIn(jogo.querySelector("[data-actions]")) || firstIn(jogo.querySelector("[data-play-area]")) ||
      firstIn(document.getElementById("mesa-resultado")) || firstIn(jogo);
  }

  function replacementOf(was) {
    if (usable(was.el)) return was.el;
    var part = was.part && document.getElementById(was.part);
    if (part && was.move) {
      var same = Array.prototype.find.call(part.querySelectorAll("button"), function (button) {
        return usable(button) && moveOf(button) === was.move;
      });
      if (same) return same;
    }
    return (part && (usable(part) ? part : firstIn(part))) || firstControl();
  }

  // After a message: `old` and `now` the game as read before and after it, `had` what had the
  // focus when it came.
  function keepFocus(old, now, had) {
    var active = document.activeElement;
    var lost = !active || active === document.body || !active.isConnected;
    var swapped = focusWas && (focusTaken || (had === focusWas.el && !usable(had)));
    var target = null;
    if (old && now.yours && !old.yours && (lost || active.closest("#mesa-jogo"))) {
      target = firstControl();
    } else if (lost && swapped) {
      target = replacementOf(focusWas);
    }
    if (target && target !== active) target.focus({ preventScroll: true });
  }

  document.addEventListener("focusin", function (event) {
    var el = event.target;
    focusWas = el.closest && el.closest("#mesa") ? describeFocus(el) : null;
    focusTaken = false;
  });

  document.addEventListener("focusout", function (event) {
    if (event.target.disabled) focusTaken = true;
  });

  document.addEventListener("htmx:wsConfigSend", function (event) {
    var sender = event.target.closest ? event.target.closest("[ws-send]") : null;
    if (sender && sender.dataset.confirm && !window.confirm(sender.dataset.confirm)) {
      event.preventDefault();
      return;
    }
    event.detail.parameters.cid = newCid();
    // The version this page shows: the one every control on it was rendered for.
    var shown = document.getElementById("mesa-versao");
    if (shown && event.detail.parameters.version == null) {
      event.detail.parameters.version = shown.dataset.version;
    }
    if (sender && !sender.hasAttribute("data-chat")) {
      var buttons = sender.tagName === "BUTTON" ? [sender] : sender.querySelectorAll("button");
      Array.prototype.forEach.call(buttons, function (button) {
        button.disabled = true;
        button.setAttribute("aria-busy", "true");
      });
    }
  });

  // The live region says each change once: the same sentence sent again (everything is, to a
  // socket that reconnects) is not put back, which a screen reader could read a second time.
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var detail = event.detail;
    var region = detail.target.id === "mesa-anuncio" || detail.target.id === "mesa-fala";
    if (region && detail.fragment.textContent === detail.target.textContent) {
      detail.shouldSwap = false;
    }
  });

  document.addEventListener("htmx:wsAfterSend", function (event) {
    var form = event.target.closest ? event.target.closest("form[data-chat]") : null;
    if (form) form.reset();
    var menu = form && form.closest("details[data-reactions]");
    if (menu) {  // one reaction sent: the menu closes, and the focus is back on its button
      menu.open = false;
      menu.querySelector("summary").focus();
    }
  });

  document.addEventListener("htmx:wsOpen", function () {
    received = 0;
    acknowledged = 0;
  });

  var before = null;
  var focusedBefore = null;
  document.addEventListener("htmx:wsBeforeMessage", function () {
    before = readGame();
    focusedBefore = document.activeElement;
  });

  document.addEventListener("htmx:wsAfterMessage", function (event) {
    var go = document.querySelector("#mesa-aviso[data-go]");
    if (go && /^\/mesa\/\d+\/$/.test(go.dataset.go)) {
      window.location.assign(go.dataset.go);
      return;
    }
    // Once every handler of this message (the game's own too) has laid the page out: the focus
    // at once, the view in the next frame.
    var old = before;
    var had = focusedBefore;
    before = focusedBefore = null;
    queueMicrotask(function () { keepFocus(old, readGame(), had); });
    requestAnimationFrame(function () { follow(old, readGame()); });
    markAllTabs();
    received += (event.detail.message || "").length;
    if (received - acknowledged >= ACK_EVERY && event.detail.socketWrapper) {
      acknowledged = received;
      event.detail.socketWrapper.send(JSON.stringify({ ack: received }));
    }
    completeInvites(document);
    updateAway();
    updateClocks();
    showReactions();
    // A message re-renders the controls it changed; a control of an older render is free again.
    document.querySelectorAll("button[aria-busy=true]").forEach(function (button) {
      button.disabled = false;
      button.removeAttribute("aria-busy");
    });
  });

  document.addEventListener("focusin", function (event) {
    if (event.target.matches && event.target.matches(".invite-list__url")) event.target.select();
  });

  document.addEventListener("click", function (event) {
    var tab = event.target.closest ? event.target.closest("[data-card-tab]") : null;
    if (tab && cardOf(tab)) {
      event.preventDefault();
      showCard(tab, false);
    }
  });

  // "Entendi": the notice of what the robot played goes (no render brings it back).
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("[data-dismiss]") : null;
    var place = button && document.getElementById(button.dataset.dismiss);
    if (place) place.replaceChildren();
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("[data-copy]") : null;
    if (!button) return;
    var done = function () {
      var label = button.textContent;
      button.textContent = "✓";
      setTimeout(function () { button.textContent = label; }, 1500);
    };
    if (navigator.clipboard) navigator.clipboard.writeText(button.dataset.copy).then(done, function () {});
  });

  document.addEventListener("DOMContentLoaded", function () {
    completeInvites(document);
    updateAway();
    setInterval(updateAway, 1000);
    updateClocks();
    setInterval(updateClocks, 250);
    var tab = turnTab();
    if (tab) showCard(tab, true);
    markAllTabs();
    if (readGame().yours) showPlay();
    // The table's size changes after a message too (a panel, the fonts): keep the play in view.
    var table = mesa();
    if (table && window.ResizeObserver) {
      new ResizeObserver(function () { requestAnimationFrame(keepPlayInView); }).observe(table);
    }
    // A notice of the page (an invitation taken, say) shows a moment over the table, then goes.
    var notes = document.querySelector(".page-table .messages");
    if (notes) setTimeout(function () { notes.classList.add("messages--gone"); }, 6000);
  });
})();
