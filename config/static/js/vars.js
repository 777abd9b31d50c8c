// A drawing's numbers as CSS custom properties: `data-vars="--x:3;--y:1.5"` sets --x and --y on
// its element (on its parent with `data-vars-parent`). The Content-Security-Policy refuses inline
// style attributes (config/security.py), while a property set through the CSSOM is allowed.
// Loaded without defer at the top of the page, so that it watches elements as the parser adds
// them (before they are painted) and every later insertion too: a socket's swap, a replay's step.
(function () {
  "use strict";

  function apply(element) {
    // With data-vars-parent the numbers are its parent's: a partial of their own, sent alone.
    var target = element.hasAttribute("data-vars-parent") ? element.parentElement : element;
    if (!target) return;
    element.getAttribute("data-vars").split(";").forEach(function (pair) {
      var colon = pair.indexOf(":");
      var name = pair.slice(0, colon).trim();
      if (colon > 0 && name.indexOf("--") === 0) {
        target.style.setProperty(name, pair.slice(colon + 1).trim());
      }
    });
  }

  function visit(node) {
    if (node.nodeType !== 1) return;
    if (node.hasAttribute("data-vars")) apply(node);
    if (node.firstElementChild) node.querySelectorAll("[data-vars]").forEach(apply);
  }

  new MutationObserver(function (records) {
    records.forEach(function (record) {
      if (record.type === "attributes") visit(record.target);
      else record.addedNodes.forEach(visit);
    });
  }).observe(document.documentElement, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["data-vars"],
  });
  visit(document.documentElement);
})();
