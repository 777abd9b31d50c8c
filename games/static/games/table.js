// The live table's small helpers around htmx's ws extension: a client id and the version shown
// on every command, the connection indicator, the "com copo / sem copo" preference, invites and
// confirmations, the motion of the dice and the cup, and keeping the keyboard focus across
// re-renders.
// The server renders everything; nothing here decides a move.
(function () {
  "use strict";

  var CUP_KEY = "bozo.copo";

  function newCid() {
    if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID();
    return Date.now().toString(36) + Math.random().toString(36).slice(2);
  }

  function cupPreferred() {
    try {
      return window.localStorage.getItem(CUP_KEY) !== "sem";
    } catch (e) {
      return true;
    }
  }

  function setCupPreferred(withCup) {
    try {
      window.localStorage.setItem(CUP_KEY, withCup ? "com" : "sem");
    } catch (e) {
      /* private mode: the choice lasts for this page only */
    }
  }

  // Show only the roll button of the preferred way, with a switch to change it.
  function applyCupChoice(root) {
    (root || document).querySelectorAll("[data-cup-choice]").forEach(function (box) {
      var forms = box.querySelectorAll("form[data-cup]");
      if (forms.length < 2) return;
      var withCup = cupPreferred();
      forms.forEach(function (form) {
        form.hidden = (form.dataset.cup === "true") !== withCup;
      });
      var toggle = box.querySelector("[data-cup-toggle]");
      if (toggle) {
        toggle.checked = withCup;
        toggle.closest("label").hidden = false;
      }
    });
  }

  // -- Motion ------------------------------------------------------------------------------------
  // Every message replaces #mesa-jogo wholesale, so the movement is found by comparing what the
  // table showed just before the swap with what it shows after it, and told to CSS with classes
  // (table.css, section 5). Nothing moves on the first page load, nothing at all with
  // prefers-reduced-motion: the final state is simply there.

  var reducedMotion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  var previous = null;

  // This page's seat (see table.css, section 0b): "" for a spectator.
  function ownSeat() {
    var marker = document.getElementById("mesa-eu");
    return marker && marker.dataset.you != null ? marker.dataset.you : "";
  }

  function isYourTurn(status) {
    var you = ownSeat();
    return !!(status && you !== "" && (status.dataset.turn || "").split(" ").indexOf(you) >= 0);
  }

  // The die this page shows in a slot: the player on turn sees a button, everyone else an image.
  function shownDie(slot) {
    var dice = slot.querySelectorAll(".die");
    for (var i = 0; i < dice.length; i++) {
      if (dice[i].getClientRects().length) return dice[i];
    }
    return dice[0] || null;
  }

  function readTable() {
    var status = document.getElementById("mesa-status");
    var bozo = document.querySelector("#mesa-jogo .bozo");
    var state = { status: status, yourTurn: isYourTurn(status), bozo: bozo };
    if (!bozo) return state;
    state.rolls = parseInt(bozo.dataset.rolls, 10) || 0;
    state.turn = bozo.dataset.turn || "";
    state.dice = Array.prototype.map.call(bozo.querySelectorAll(".bozo-dice > .die-slot"), function (slot) {
      var die = shownDie(slot);
      var face = die ? /\bdie--([1-6])\b/.exec(die.className) : null;
      return {
        slot: slot,
        value: face ? parseInt(face[1], 10) : 0,
        covered: !!(die && die.classList.contains("die--covered")),
        held: slot.classList.contains("die-slot--held")
      };
    });
    state.filled = {};
    bozo.querySelectorAll(".score-card tr[data-box]").forEach(function (row) {
      var card = row.closest(".score-card");
      state.filled[card.dataset.card + ":" + row.dataset.box] = row.classList.contains("is-filled");
    });
    state.cup = bozo.querySelector(".bozo-dice > .cup");
    state.cupRect = state.cup ? state.cup.getBoundingClientRect() : null;
    return state;
  }

  // Add a class for one animation, and take it (or a temporary element) away when it is over.
  function play(el, className, done) {
    el.classList.add(className);
    whenDone(el, function () {
      el.classList.remove(className);
      if (done) done();
    });
  }

  // Call `done` once the animations running on `el` itself are over (at once if there are none:
  // reduced motion, an element not displayed).
  function whenDone(el, done) {
    var finished = false;
    function finish(event) {
      if (finished || (event && event.target !== el)) return;
      if (event && el.getAnimations && el.getAnimations().some(function (a) { return a.playState === "running"; })) return;
      finished = true;
      el.removeEventListener("animationend", finish);
      el.removeEventListener("animationcancel", finish);
      done();
    }
    el.addEventListener("animationend", finish);
    el.addEventListener("animationcancel", finish);
    if (el.getAnimations) {
      if (!el.getAnimations().length) finish();
    } else {
      setTimeout(finish, 1200);
    }
  }

  function indices(dice, key) {
    var out = [];
    dice.forEach(function (d, i) { if (d[key]) out.push(i); });
    return out;
  }

  function pips() {
    var box = document.createElement("span");
    box.className = "pips";
    for (var i = 0; i < 9; i++) box.appendChild(document.createElement("i"));
    return box;
  }

  // After "cantar embaixo": a cube that shows the top face (7 − v) first, then the side face on
  // its way, and ends on the face that counts (v) after one continuous half-turn.
  function halfTurn(slot, value) {
    var top = 7 - value;
    var side = [2, 3, 1].filter(function (f) { return f !== value && f !== top; })[0];  // seen on the way
    var cube = document.createElement("span");
    cube.className = "die-cube";
    cube.setAttribute("aria-hidden", "true");
    [top, side, value, 7 - side].forEach(function (face) {
      var el = document.createElement("span");
      el.className = "die-cube__face face--" + face;
      el.appendChild(pips());
      cube.appendChild(el);
    });
    slot.appendChild(cube);
    slot.classList.add("is-turning");
    whenDone(cube, function () {
      cube.remove();
      slot.classList.remove("is-turning");
    });
  }

  function animate(old, now) {
    if (!old || !now) return;
    if (now.status && now.status !== old.status && now.yourTurn && !old.yourTurn && !(reducedMotion && reducedMotion.matches)) {
      play(now.status, "is-arriving");
    }
    if (!old.bozo || !now.bozo || old.bozo === now.bozo) return;  // nothing of the table re-rendered
    if (reducedMotion && reducedMotion.matches) return;
    var sameTurn = old.turn === now.turn;
    var covered = indices(now.dice, "covered");

    if (now.rolls > 0 && (!sameTurn || now.rolls > old.rolls)) {
      // A throw. With the cup it comes down over the thrown dice; without it they tumble in.
      if (covered.length && now.cup) {
        play(now.cup, "is-coming-down");
      } else {
        now.dice.forEach(function (d) {
          var die = shownDie(d.slot);
          if (!d.held && d.value && die) play(die, "is-tumbling");
        });
      }
    } else if (sameTurn && now.rolls === old.rolls) {
      var wasCovered = indices(old.dice, "covered");
      if (wasCovered.length && !covered.length) {
        lift(old, now, wasCovered);
      } else {
        // Holding and releasing: the die glides into the tray or back onto the felt.
        now.dice.forEach(function (d, i) {
          var before = old.dice[i];
          if (!before || before.held === d.held || before.value !== d.value) return;
          play(d.slot, d.held ? "is-rising" : "is-settling");
        });
      }
    }

    Object.keys(now.filled).forEach(function (key) {
      if (!now.filled[key] || old.filled[key] !== false) return;
      var parts = key.split(":");
      var row = now.bozo.querySelector('.score-card[data-card="' + parts[0] + '"] tr[data-box="' + parts[1] + '"]');
      if (!row) return;
      play(row, "is-just-filled");
      var value = row.querySelector(".score-value");
      if (value) play(value, "is-inked");
    });
  }

  // The cup rises away from where it stood; the dice that were under it slide out to their places
  // showing their top faces; after "cantar embaixo" those dice (only those) make the half-turn.
  function lift(old, now, revealed) {
    var tray = now.bozo.querySelector(".bozo-dice");
    if (old.cup && tray) {
      var cup = old.cup;
      cup.classList.remove("is-coming-down");
      tray.appendChild(cup);
      play(cup, "is-lifting", function () { cup.remove(); });
    }
    var fromBelow = now.bozo.dataset.lastLift === "bottom";
    var cupX = old.cupRect ? old.cupRect.left + old.cupRect.width / 2 : null;
    revealed.forEach(function (i) {
      var d = now.dice[i];
      if (!d || !d.value) return;
      if (cupX !== null) {
        var r = d.slot.getBoundingClientRect();
        d.slot.style.setProperty("--from-x", Math.round(cupX - (r.left + r.width / 2)) + "px");
      }
      play(d.slot, "is-revealed", function () { d.slot.style.removeProperty("--from-x"); });
      if (fromBelow) halfTurn(d.slot, d.value);
    });
  }

  // -- Keyboard focus across re-renders ----------------------------------------------------------
  // The swap throws away the button the player just used. After their own command, focus goes to
  // the same die, or else to the next thing to do (the action bar, a die, a score box).
  var pendingFocus = null;

  function describeFocus(el) {
    if (!el || !el.closest || !el.closest("#mesa-jogo")) return null;
    var slot = el.closest(".die-slot");
    return { el: el, die: slot ? slot.dataset.die : null };
  }

  function restoreFocus() {
    var wanted = pendingFocus;
    pendingFocus = null;
    if (!wanted) return;
    var active = document.activeElement;
    if (active && active !== document.body && document.documentElement.contains(active)) return;
    var jogo = document.getElementById("mesa-jogo");
    if (!jogo) return;
    var target = null;
    if (jogo.contains(wanted.el)) target = wanted.el;  // not re-rendered (a hint, a notice)
    if (!target && wanted.die != null) {
      target = jogo.querySelector('.die-slot[data-die="' + wanted.die + '"] button');
      if (target && !target.getClientRects().length) target = null;  // no longer this page's turn
    }
    if (!target) {
      target = Array.prototype.find.call(jogo.querySelectorAll(".bozo-controls button"), function (b) {
        return b.offsetParent !== null;
      });
    }
    if (!target) {
      target = Array.prototype.find.call(jogo.querySelectorAll(".bozo-dice button, .score-button"), function (b) {
        return b.getClientRects().length > 0;
      });
    }
    if (target) {
      target.disabled = false;  // an unchanged button is still marked busy until just below
      target.focus({ preventScroll: true });
    }
  }

  function setConnection(state) {
    var el = document.querySelector("[data-connection]");
    if (!el) return;
    el.dataset.connection = state;
    var text = el.querySelector(".mesa__connection-text");
    if (text) text.textContent = text.dataset["text" + state.charAt(0).toUpperCase() + state.slice(1)] || "";
    document.body.classList.toggle("is-offline", state === "closed");
  }

  document.addEventListener("htmx:wsConfigSend", function (event) {
    var form = event.target.closest ? event.target.closest("form") : null;
    if (form && form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
      event.preventDefault();
      return;
    }
    event.detail.parameters.cid = newCid();
    // The version this page shows, which every control on it was rendered for: the controls
    // themselves leave it out, so a render that did not change is shared across versions.
    var status = document.getElementById("mesa-status");
    if (status && event.detail.parameters.version == null) {
      event.detail.parameters.version = status.dataset.version;
    }
    pendingFocus = form ? describeFocus(form.querySelector("button")) : null;
    if (form) {
      form.querySelectorAll("button").forEach(function (button) {
        button.disabled = true;
        button.setAttribute("aria-busy", "true");
      });
    }
  });

  document.addEventListener("htmx:wsConnecting", function () { setConnection("connecting"); });
  document.addEventListener("htmx:wsOpen", function () { setConnection("open"); });
  document.addEventListener("htmx:wsClose", function () { setConnection("closed"); });
  document.addEventListener("htmx:wsError", function () { setConnection("closed"); });

  document.addEventListener("htmx:wsBeforeMessage", function () {
    previous = readTable();
  });

  document.addEventListener("htmx:wsAfterMessage", function () {
    applyCupChoice(document);
    var old = previous;
    previous = null;
    animate(old, readTable());
    restoreFocus();
    // A message re-renders the controls; anything still marked busy belongs to an old render.
    document.querySelectorAll("button[aria-busy=true]").forEach(function (button) {
      button.disabled = false;
      button.removeAttribute("aria-busy");
    });
  });

  document.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches("[data-cup-toggle]")) {
      setCupPreferred(event.target.checked);
      applyCupChoice(document);
    }
  });

  // An invitation link is selected whole when it gets the focus, ready to copy.
  document.addEventListener("focusin", function (event) {
    if (event.target.matches && event.target.matches(".invite-list__url")) event.target.select();
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

  document.addEventListener("DOMContentLoaded", function () { applyCupChoice(document); });
})();
