// Bozó's motion and its one preference ("com copo" or "sem copo"), around the live partials.
// Each message swaps only the partials that changed, so a movement is found by comparing what
// the table showed just before the swap with what it shows after it, and told to CSS with
// classes (bozo.css, "Motion"). Nothing moves on the first page load, and nothing at all with
// prefers-reduced-motion: the final state is simply there. Motion keys on the state shown and
// on the last event's type (`data-lift` of #bozo-copo after a lift), never on the log's words.
(function () {
  "use strict";

  var CUP_KEY = "bozo.copo";
  var reducedMotion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  var previous = null;
  var chosenHere = null;  // "com" or "sem" once the switch was used on this page

  // The way offered: the one chosen on this page, else the person's last throw as the server
  // read it (`data-cup` of #mesa, any device: games/throws.py), else this browser's last
  // choice, else the cup.
  function cupPreferred() {
    var mesa = document.getElementById("mesa");
    var choice = chosenHere || (mesa && mesa.dataset.cup);
    if (choice) return choice !== "sem";
    try {
      return window.localStorage.getItem(CUP_KEY) !== "sem";
    } catch (e) {
      return true;
    }
  }

  function setCupPreferred(withCup) {
    chosenHere = withCup ? "com" : "sem";
    try {
      window.localStorage.setItem(CUP_KEY, withCup ? "com" : "sem");
    } catch (e) {
      /* private mode: the choice lasts for this page only */
    }
  }

  // Show only the roll button of the preferred way, with a switch to change it.
  function applyCupChoice(root) {
    (root || document).querySelectorAll("[data-cup-choice]").forEach(function (box) {
      var throws = box.querySelectorAll("[data-cup]");
      if (throws.length < 2) return;
      var withCup = cupPreferred();
      throws.forEach(function (button) {
        button.hidden = (button.dataset.cup === "true") !== withCup;
      });
      var toggle = box.querySelector("[data-cup-toggle]");
      if (toggle) {
        toggle.checked = withCup;
        toggle.closest("label").hidden = false;
      }
    });
  }

  function readTable() {
    var status = document.getElementById("mesa-status");
    var lance = document.getElementById("bozo-lance");
    var state = { status: status, yourTurn: !!(status && status.classList.contains("mesa-status--yours")), lance: lance };
    if (!lance) return state;
    state.rolls = parseInt(lance.dataset.rolls, 10) || 0;
    state.turn = lance.dataset.turn || "";
    var place = document.getElementById("bozo-copo");
    state.lift = (place && place.dataset.lift) || "";
    state.dice = [0, 1, 2, 3, 4].map(function (i) {
      var die = dieAt(i);
      var face = die ? /\bdie--([1-6])\b/.exec(die.className) : null;
      return {
        slot: die ? die.closest(".die-slot") : null,
        die: die,
        value: face ? parseInt(face[1], 10) : 0,
        covered: !!(die && die.classList.contains("die--covered")),
        held: !!(die && die.classList.contains("die--held"))
      };
    });
    state.filled = {};
    document.querySelectorAll("#mesa-jogo .score-row > .num[id]").forEach(function (box) {
      state.filled[box.id] = box.classList.contains("is-filled");
    });
    state.cup = document.querySelector("#bozo-copo .cup");
    state.cupRect = state.cup ? state.cup.getBoundingClientRect() : null;
    return state;
  }

  // Die `i`: its partial is the die itself (a button when the viewer may tap it).
  function dieAt(i) {
    return document.getElementById("bozo-dado-" + i);
  }

  // Add a class for one animation, and take it (or a temporary element) away when it is over.
  function play(el, className, done) {
    el.classList.add(className);
    whenDone(el, function () {
      el.classList.remove(className);
      if (done) done();
    });
  }

  // Call `done` once the animations running on `el` itself are over (at once if there are none).
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

  // After "cantar embaixo": a cube that shows the top face (7 − v) first, then the side face on
  // its way, and ends on the face that counts (v) after one continuous half-turn.
  function halfTurn(slot, value) {
    var top = 7 - value;
    var side = [2, 3, 1].filter(function (f) { return f !== value && f !== top; })[0];
    var cube = document.createElement("span");
    cube.className = "die-cube";
    cube.setAttribute("aria-hidden", "true");
    [top, side, value, 7 - side].forEach(function (face) {
      var el = document.createElement("span");
      el.className = "die-cube__face face--" + face;
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
    if (!old || !now || !now.lance || !old.lance) return;
    if (reducedMotion && reducedMotion.matches) return;
    if (now.status && now.yourTurn && !old.yourTurn) play(now.status, "is-arriving");
    var sameTurn = old.turn === now.turn;
    var covered = indices(now.dice, "covered");

    if (now.rolls > 0 && (!sameTurn || now.rolls > old.rolls)) {
      // A throw. With the cup it comes down over the thrown dice; without it they tumble in.
      if (covered.length && now.cup) {
        play(now.cup, "is-coming-down");
      } else {
        now.dice.forEach(function (d) {
          if (!d.held && d.value && d.die) play(d.die, "is-tumbling");
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
          if (!before || !d.slot || before.held === d.held || before.value !== d.value) return;
          play(d.slot, d.held ? "is-rising" : "is-settling");
        });
      }
    }

    Object.keys(now.filled).forEach(function (id) {
      if (!now.filled[id] || old.filled[id] !== false) return;
      var box = document.getElementById(id);
      if (!box) return;
      play(box.closest(".score-row"), "is-just-filled");
      var value = box.querySelector(".score-value");
      if (value) play(value, "is-inked");
    });
  }

  // The cup rises away from where it stood; the dice that were under it slide out to their places
  // showing their top faces; after "cantar embaixo" those dice (only those) make the half-turn.
  function lift(old, now, revealed) {
    var place = document.getElementById("bozo-copo");
    if (old.cup && place) {
      var cup = old.cup;
      cup.classList.remove("is-coming-down");
      place.appendChild(cup);
      play(cup, "is-lifting", function () { cup.remove(); });
    }
    var fromBelow = now.lift === "bottom";
    var cupX = old.cupRect ? old.cupRect.left + old.cupRect.width / 2 : null;
    revealed.forEach(function (i) {
      var d = now.dice[i];
      if (!d || !d.value || !d.slot) return;
      if (cupX !== null) {
        var r = d.slot.getBoundingClientRect();
        d.slot.style.setProperty("--from-x", Math.round(cupX - (r.left + r.width / 2)) + "px");
      }
      play(d.slot, "is-revealed", function () { d.slot.style.removeProperty("--from-x"); });
      if (fromBelow) halfTurn(d.slot, d.value);
    });
  }

  document.addEventListener("htmx:wsBeforeMessage", function () { previous = readTable(); });

  // The robot's hint (solo training) marks its best choice on the table: the box to mark or the
  // dice to keep. The marks go when the hint goes (the next change of the table empties it).
  function markAdvice() {
    document.querySelectorAll("#mesa-jogo .is-advised").forEach(function (el) { el.classList.remove("is-advised"); });
    var hint = document.querySelector("#mesa-dica[data-advice-box], #mesa-dica[data-advice-keep]");
    if (!hint) return;
    var box = hint.dataset.adviceBox;
    if (box) {
      var button = document.querySelector(".score-card--yours [id$='-" + box.replace(/[^a-z_]/g, "") + "'] .score-button");
      if (button) button.classList.add("is-advised");
    }
    (hint.dataset.adviceKeep || "").split(" ").forEach(function (i) {
      var die = /^[0-4]$/.test(i) ? dieAt(i) : null;
      if (die) die.classList.add("is-advised");
    });
  }

  document.addEventListener("htmx:wsAfterMessage", function () {
    applyCupChoice(document);
    markAdvice();
    var old = previous;
    previous = null;
    animate(old, readTable());
  });

  document.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches("[data-cup-toggle]")) {
      setCupPreferred(event.target.checked);
      applyCupChoice(document);
    }
  });

  document.addEventListener("DOMContentLoaded", function () { applyCupChoice(document); });
})();
