/* A replay's page (games/replays.py): the arrow keys, Home and End step through it by the
   step's own links (htmx swaps the step and pushes its URL; without JavaScript the links and
   the slider's "Ir" work as they are), and "Copiar link" copies the shareable address. */
(function () {
  "use strict";

  var KEYS = { ArrowLeft: true, ArrowRight: true, Home: true, End: true };

  document.addEventListener("keydown", function (event) {
    if (!KEYS[event.key] || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var target = event.target;
    if (target.closest && target.closest("input, textarea, select, [contenteditable], summary")) return;
    var link = document.querySelector('#replay-passo a[data-key="' + event.key + '"]');
    if (!link) return;
    event.preventDefault();
    link.click();
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("[data-replay] [data-copy]") : null;
    if (!button) return;
    var done = function () {
      var label = button.textContent;
      button.textContent = button.dataset.copied || "✓";
      setTimeout(function () { button.textContent = label; }, 1500);
    };
    var input = document.getElementById("replay-link");
    var fallback = function () {
      if (!input) return;
      input.select();
      try { if (document.execCommand("copy")) done(); } catch (error) { /* the text stays selected */ }
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(button.dataset.copy).then(done, fallback);
    } else {
      fallback();
    }
  });

  // With htmx the slider steps on its own: the form's "Ir" is for pages without JavaScript.
  function hideGo(root) {
    (root || document).querySelectorAll(".replay-controls__go").forEach(function (button) {
      button.hidden = true;
    });
  }
  document.addEventListener("DOMContentLoaded", function () { if (window.htmx) hideGo(document); });
  document.addEventListener("htmx:afterSwap", function () { hideGo(document); });
})();
