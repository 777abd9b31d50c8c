// The live table's small helpers around htmx's ws extension: a client id on every command,
// the connection indicator, the "com copo / sem copo" preference, invites and confirmations.
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

  document.addEventListener("htmx:wsAfterMessage", function () {
    applyCupChoice(document);
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
